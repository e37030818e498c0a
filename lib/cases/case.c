#include "cases/case.h"
#include "util/fnv1a.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cases/collective_rules.h"
#include "cases/distribution.h"
#include "papsim_catalog.h"
#include "cases/pattern.h"
#include "schedule/radix_vector.h"
#include "util/units.h"

void papsim_case_defaults(papsim_case *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->collective, sizeof c->collective, "reduce");
    snprintf(c->algorithm, sizeof c->algorithm, "binomial");
    snprintf(c->platform, sizeof c->platform, "default");
    snprintf(c->mapping, sizeof c->mapping, "sequential");
    snprintf(c->pattern, sizeof c->pattern, "no_delay");
    snprintf(c->skew, sizeof c->skew, "0");
    snprintf(c->datatype, sizeof c->datatype, "double");
    snprintf(c->distribution, sizeof c->distribution, "uniform");
    snprintf(c->op, sizeof c->op, "sum");
    snprintf(c->knowledge, sizeof c->knowledge, "none");
    c->seed = 1;
    c->bytes = 8;
    c->reps = 1;
}

/* Copies value into a fixed field, refusing (not truncating) long values. */
static int set_text(char *dst, size_t len, const char *opt, const char *value, papsim_err *e)
{
    if (strlen(value) >= len)
        return papsim_fail(e, "--%s: value '%.40s...' is too long (max %zu characters)", opt,
                           value, len - 1);
    memcpy(dst, value, strlen(value) + 1);
    return 0;
}

static int set_int(int *dst, const char *opt, const char *value, long min, long max, papsim_err *e)
{
    long v;
    char what[80];
    snprintf(what, sizeof what, "--%s", opt);
    if (papsim_parse_long(value, min, max, what, &v, e) != 0)
        return -1;
    *dst = (int)v;
    return 0;
}

static int set_skew(papsim_case *c, const char *value, papsim_err *e)
{
    papsim_skew skew;
    if (papsim_parse_skew(value, &skew, e) != 0)
        return papsim_fail_prefix(e, "--skew: ");
    if (set_text(c->skew, sizeof c->skew, "skew", value, e) != 0)
        return -1;
    c->skew_s = skew.kind == PAPSIM_SKEW_ABSOLUTE ? skew.value : 0.0;
    return 0;
}

/* yes|no (also true|false|1|0) into 1|0. */
static int set_yes_no(int *dst, const char *opt, const char *value, papsim_err *e)
{
    if (!strcmp(value, "yes") || !strcmp(value, "true") || !strcmp(value, "1"))
        *dst = 1;
    else if (!strcmp(value, "no") || !strcmp(value, "false") || !strcmp(value, "0"))
        *dst = 0;
    else
        return papsim_fail(e, "--%s '%s' is not yes or no", opt, value);
    return 0;
}

/* A time of the round-time model: a duration ("2.66us", "4.8179e-10"),
 * at most 1 s (per byte for beta); 0 leaves the algorithm's default. */
static int set_model_time(double *dst, const char *opt, const char *value, papsim_err *e)
{
    double v;
    if (papsim_parse_duration(value, &v, e) != 0)
        return papsim_fail_prefix(e, "--%s: ", opt);
    if (v > 1.0)
        return papsim_fail(e, "--%s '%s' is more than 1 s", opt, value);
    *dst = v;
    return 0;
}

static int knowledge_known(const char *k)
{
    return !strcmp(k, "none") || !strcmp(k, "oracle") || !strcmp(k, "predicted") ||
           !strcmp(k, "estimated");
}

/* --edge x: the fraction of its delay at which a rank announces its
 * estimate (knowledge estimated); 0 < x <= 1. */
static int set_edge(papsim_case *c, const char *value, papsim_err *e)
{
    double x;
    if (papsim_parse_double(value, 0.0, 1.0, "--edge (fraction of the delay)", &x, e) != 0)
        return -1;
    if (!(x > 0))
        return papsim_fail(e, "--edge '%s' must be above 0 (a rank announces at x times its "
                              "delay, 0 < x <= 1)",
                           value);
    c->edge = x;
    return 0;
}

/* The radix vector of reduce radix_k ("4x4x8" or "4,4,8"), stored in the
 * canonical "4x4x8" form so both spellings are one case; "default" clears
 * it. Its product is checked against np with the other restrictions. */
static int set_radix(papsim_case *c, const char *value, papsim_err *e)
{
    int k[PAPSIM_RADIX_MAX], n;
    char why[256];
    if (!strcmp(value, "default")) {
        c->radix[0] = '\0';
        return 0;
    }
    n = papsim_radix_parse(value, k, why, sizeof why);
    if (n < 0)
        return papsim_fail(e, "--radix: %s", why);
    papsim_radix_format(k, n, c->radix, sizeof c->radix);
    return 0;
}

/* Applies one option with its value; returns 1 if the option is not ours. */
static int apply_option(papsim_case *c, const char *opt, const char *value, papsim_err *e)
{
    if (!strcmp(opt, "collective"))
        return set_text(c->collective, sizeof c->collective, opt, value, e);
    if (!strcmp(opt, "algorithm"))
        return set_text(c->algorithm, sizeof c->algorithm, opt, value, e);
    if (!strcmp(opt, "platform"))
        return set_text(c->platform, sizeof c->platform, opt, value, e);
    if (!strcmp(opt, "mapping"))
        return set_text(c->mapping, sizeof c->mapping, opt, value, e);
    if (!strcmp(opt, "pattern"))
        return set_text(c->pattern, sizeof c->pattern, opt, value, e);
    if (!strcmp(opt, "datatype"))
        return set_text(c->datatype, sizeof c->datatype, opt, value, e);
    if (!strcmp(opt, "op"))
        return set_text(c->op, sizeof c->op, opt, value, e);
    if (!strcmp(opt, "distribution"))
        return set_text(c->distribution, sizeof c->distribution, opt, value, e);
    if (!strcmp(opt, "np"))
        return set_int(&c->np, opt, value, 1, 1 << 24, e);
    if (!strcmp(opt, "knowledge")) {
        if (!knowledge_known(value))
            return papsim_fail(e, "--knowledge '%s' is unknown (valid: none, oracle, predicted, "
                                  "estimated)",
                               value);
        return set_text(c->knowledge, sizeof c->knowledge, opt, value, e);
    }
    if (!strcmp(opt, "edge"))
        return set_edge(c, value, e);
    if (!strcmp(opt, "schedule-timed"))
        return set_yes_no(&c->schedule_timed, opt, value, e);
    if (!strcmp(opt, "segments"))
        return set_int(&c->segments, opt, value, 0, 1 << 20, e);
    if (!strcmp(opt, "radix"))
        return set_radix(c, value, e);
    if (!strcmp(opt, "knomial-radix"))
        return set_int(&c->knomial_radix, opt, value, 0, 64, e);
    if (!strcmp(opt, "max-requests"))
        return set_int(&c->max_requests, opt, value, 0, 1 << 24, e);
    if (!strcmp(opt, "model-alpha"))
        return set_model_time(&c->model_alpha, opt, value, e);
    if (!strcmp(opt, "model-beta"))
        return set_model_time(&c->model_beta, opt, value, e);
    if (!strcmp(opt, "ranks-per-node"))
        return set_int(&c->ranks_per_node, opt, value, 0, 1 << 20, e);
    if (!strcmp(opt, "root"))
        return set_int(&c->root, opt, value, 0, 1 << 24, e);
    if (!strcmp(opt, "reps"))
        return set_int(&c->reps, opt, value, 1, 1000000, e);
    if (!strcmp(opt, "skew"))
        return set_skew(c, value, e);
    if (!strcmp(opt, "skew-s"))
        return papsim_parse_duration(value, &c->skew_s, e) ? papsim_fail_prefix(e, "--skew-s: ") : 0;
    if (!strcmp(opt, "gamma"))
        return papsim_parse_double(value, 0.0, 1.0, "--gamma (seconds per byte)", &c->gamma, e);
    if (!strcmp(opt, "bytes"))
        return papsim_parse_bytes(value, &c->bytes, e) ? papsim_fail_prefix(e, "--bytes: ") : 0;
    if (!strcmp(opt, "segment-bytes"))
        return papsim_parse_bytes(value, &c->segment_bytes, e)
                   ? papsim_fail_prefix(e, "--segment-bytes: ")
                   : 0;
    if (!strcmp(opt, "seed")) {
        long v;
        if (papsim_parse_long(value, 0, 0x7fffffffL, "--seed", &v, e) != 0)
            return -1;
        c->seed = (unsigned long long)v;
        return 0;
    }
    return 1;
}

static int is_flag(const char *opt, papsim_case *c)
{
    if (!strcmp(opt, "check")) {
        c->check = 1;
        return 1;
    }
    if (!strcmp(opt, "in-place")) {
        c->in_place = 1;
        return 1;
    }
    return 0;
}

int papsim_case_parse_args(int argc, char **argv, papsim_case *c, char **extra, int *nextra,
                           papsim_err *e)
{
    if (nextra)
        *nextra = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strncmp(arg, "--", 2) != 0 || !arg[2]) {
            if (extra) {
                extra[(*nextra)++] = argv[i];
                continue;
            }
            return papsim_fail(e, "unexpected argument '%s' (options look like --bytes 8)", arg);
        }
        char opt[64];
        const char *eq = strchr(arg + 2, '=');
        size_t n = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
        if (n >= sizeof opt)
            return papsim_fail(e, "unknown option '%s'", arg);
        memcpy(opt, arg + 2, n);
        opt[n] = '\0';
        for (char *u = opt; *u; u++) /* --ranks_per_node == --ranks-per-node */
            if (*u == '_')
                *u = '-';
        if (!eq && is_flag(opt, c))
            continue;
        const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[i + 1] : NULL);
        int rc = value ? apply_option(c, opt, value, e) : 1;
        if (rc < 0)
            return -1;
        if (rc == 1) {
            if (!extra)
                return value ? papsim_fail(e, "unknown option '--%s'", opt)
                             : papsim_fail(e, "option '--%s' needs a value", opt);
            extra[(*nextra)++] = argv[i];
            continue;
        }
        if (!eq)
            i++;
    }
    return 0;
}

int papsim_datatype_size(const char *name)
{
    static const struct { const char *name; int size; } types[] = {
        {"char", 1}, {"int", 4}, {"float", 4}, {"double", 8}, {"long", 8},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(types[i].name, name))
            return types[i].size;
    return 0;
}

static int op_known(const char *op)
{
    return papsim_op_commutative(op) || !strcmp(op, "affine");
}

int papsim_op_commutative(const char *op)
{
    return !strcmp(op, "sum") || !strcmp(op, "max") || !strcmp(op, "min") || !strcmp(op, "prod");
}

/* The knobs the registry row of the case's algorithm lists (PAPSIM_K_*; 0
 * for builtin:NAME and unknown names). */
static unsigned knobs_of(const papsim_case *c)
{
    const papsim_catalog_entry *entry = papsim_catalog_find(c->collective, c->algorithm);
    return entry ? entry->knobs : 0;
}

int papsim_case_check_restrictions(const papsim_case *c, unsigned flags, papsim_err *e)
{
    if ((flags & PAPSIM_R_COMMUTATIVE) && !papsim_op_commutative(c->op))
        return papsim_fail(e, "%s/%s needs a commutative op (restriction: commutative op); "
                              "op %s is not commutative",
                           c->collective, c->algorithm, c->op);
    if ((flags & PAPSIM_R_NO_IN_PLACE) && c->in_place)
        return papsim_fail(e, "%s/%s does not support MPI_IN_PLACE (restriction: no MPI_IN_PLACE)",
                           c->collective, c->algorithm);
    if (c->radix[0] && c->np > 0 && (knobs_of(c) & PAPSIM_K_RADIX)) {
        int k[PAPSIM_RADIX_MAX], n;
        char why[256];
        n = papsim_radix_parse(c->radix, k, why, sizeof why);
        if (n < 0 || papsim_radix_check_np(k, n, c->np, why, sizeof why) != 0)
            return papsim_fail(e, "%s/%s: %s", c->collective, c->algorithm, why);
    }
    return 0;
}

double papsim_case_edge(const papsim_case *c)
{
    return c->edge > 0 ? c->edge : 0.5;
}

/* The knowledge name, --edge only with estimated, and estimated refused for
 * the algorithms whose registry knobs hold knowledge but not estimated
 * (reduce clairvoyant): they read the expected arrivals before the call
 * only, and would silently run balanced. */
static int check_knowledge(const papsim_case *c, papsim_err *e)
{
    if (!knowledge_known(c->knowledge))
        return papsim_fail(e, "--knowledge '%s' is unknown (valid: none, oracle, predicted, "
                              "estimated)",
                           c->knowledge);
    const int estimated = !strcmp(c->knowledge, "estimated");
    if (c->edge && !estimated)
        return papsim_fail(e, "--edge %g applies to --knowledge estimated only (knowledge is %s)",
                           c->edge, c->knowledge);
    if (!(c->edge >= 0 && c->edge <= 1))
        return papsim_fail(e, "--edge %g must be in (0, 1]", c->edge);
    const unsigned knobs = knobs_of(c);
    if (estimated && (knobs & PAPSIM_K_KNOWLEDGE) && !(knobs & PAPSIM_K_ESTIMATED)) {
        char users[256];
        papsim_catalog_knob_users(PAPSIM_K_ESTIMATED, users, sizeof users);
        return papsim_fail(e, "--knowledge estimated is not available for %s/%s (it serves %s); "
                              "use oracle or predicted",
                           c->collective, c->algorithm, users);
    }
    return 0;
}

int papsim_case_validate(const papsim_case *c, papsim_err *e)
{
    int size = papsim_datatype_size(c->datatype);
    papsim_pattern pattern;
    if (size == 0)
        return papsim_fail(e, "--datatype '%s' is unknown (valid: char, int, float, double, long)",
                           c->datatype);
    if (!op_known(c->op))
        return papsim_fail(e, "--op '%s' is unknown (valid: sum, max, min, prod, affine)", c->op);
    if (!strcmp(c->op, "affine") && strcmp(c->datatype, "int") && strcmp(c->datatype, "long"))
        return papsim_fail(e, "--op affine needs --datatype int or long (not %s): its elements "
                              "are affine maps packed into integers",
                           c->datatype);
    if (c->bytes % size != 0)
        return papsim_fail(e, "--bytes %lld is not a multiple of the %s size (%d bytes)", c->bytes,
                           c->datatype, size);
    if (c->bytes / size > 0x7fffffffLL)
        return papsim_fail(e, "--bytes %lld is more than 2^31-1 %s elements", c->bytes, c->datatype);
    if (!papsim_distribution_known(c->distribution)) {
        char names[128];
        papsim_distribution_names(names, sizeof names);
        return papsim_fail(e, "--distribution '%s' is unknown (valid: %s)", c->distribution,
                           names);
    }
    if (papsim_case_check_collective(c, e) != 0)
        return -1;
    if (check_knowledge(c, e) != 0)
        return -1;
    if (c->segments < 0)
        return papsim_fail(e, "--segments %d must be 0 (the algorithm's default) or positive",
                           c->segments);
    if (!(c->model_alpha >= 0 && c->model_alpha <= 1))
        return papsim_fail(e, "--model-alpha %g must be between 0 and 1 s", c->model_alpha);
    if (!(c->model_beta >= 0 && c->model_beta <= 1))
        return papsim_fail(e, "--model-beta %g must be between 0 and 1 s", c->model_beta);
    if (c->knomial_radix == 1)
        return papsim_fail(e, "--knomial-radix 1 is not a tree radix (valid: 2 to 64, 0 = 4)");
    if (c->np > 0 && c->root >= c->np)
        return papsim_fail(e, "--root %d is outside the communicator (np=%d)", c->root, c->np);
    if (strcmp(c->mapping, "sequential") && strcmp(c->mapping, "cyclic"))
        return papsim_fail(e, "--mapping '%s' is unknown (valid: sequential, cyclic)", c->mapping);
    if (papsim_pattern_parse(c->pattern, &pattern, e) != 0)
        return papsim_fail_prefix(e, "--pattern: ");
    if (papsim_case_check_label("--pattern", c->pattern, e) != 0 ||
        papsim_case_check_label("--platform", c->platform, e) != 0)
        return -1;
    if (!(c->skew_s >= 0) || !isfinite(c->skew_s))
        return papsim_fail(e, "--skew-s %g must be a non-negative number of seconds", c->skew_s);
    if (c->skew_s > PAPSIM_SKEW_MAX_S) {
        char text[64];
        snprintf(text, sizeof text, "%g", c->skew_s);
        return papsim_check_skew_limit(text, c->skew_s, e) ? papsim_fail_prefix(e, "--skew-s: ")
                                                           : 0;
    }
    return 0;
}

/* FNV-1a (fnv1a.h) of a string, continuing from h. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
    return papsim_fnv1a64(h, s, strlen(s));
}

void papsim_case_id(const papsim_case *c, char id[17])
{
    char text[8192];
    snprintf(text, sizeof text,
             "%s|%s|%s|%d|%s|%d|%s|%s|%.17g|%llu|%lld|%s|%s|%d|%d|%.17g|%lld", c->collective,
             c->algorithm, c->platform, c->np, c->mapping, c->ranks_per_node, c->pattern, c->skew,
             c->skew_s, c->seed, c->bytes, c->datatype, c->op, c->root, c->in_place, c->gamma,
             c->segment_bytes);
    uint64_t h = fnv1a(PAPSIM_FNV1A64_INIT, text);
    /* Only allgatherv and reduce_scatter have a distribution: every other
     * case keeps the id it had before the field existed, so old results
     * still resume. */
    if (papsim_collective_has_distribution(c->collective))
        h = fnv1a(fnv1a(h, "|"), c->distribution);
    /* The same for the arrival-knowledge options: hashed only when set. */
    if (strcmp(c->knowledge, "none"))
        h = fnv1a(fnv1a(h, "|knowledge="), c->knowledge);
    if (!strcmp(c->knowledge, "estimated")) { /* x shapes the estimates' timing */
        char x[48];
        snprintf(x, sizeof x, "|edge=%.17g", papsim_case_edge(c));
        h = fnv1a(h, x);
    }
    if (c->schedule_timed)
        h = fnv1a(h, "|schedule_timed=1");
    if (c->segments) {
        char n[32];
        snprintf(n, sizeof n, "|segments=%d", c->segments);
        h = fnv1a(h, n);
    }
    if (c->radix[0]) /* reduce radix_k's vector, only when set */
        h = fnv1a(fnv1a(h, "|radix="), c->radix);
    if (c->knomial_radix) { /* bcast knomial's radix, only when set */
        char n[40];
        snprintf(n, sizeof n, "|knomial_radix=%d", c->knomial_radix);
        h = fnv1a(h, n);
    }
    if (c->max_requests) { /* alltoall linear_sync's window, only when set */
        char n[40];
        snprintf(n, sizeof n, "|max_requests=%d", c->max_requests);
        h = fnv1a(h, n);
    }
    if (c->model_alpha || c->model_beta) { /* the round-time model, only when set */
        char m[80];
        snprintf(m, sizeof m, "|model=%.17g,%.17g", c->model_alpha, c->model_beta);
        h = fnv1a(h, m);
    }
    snprintf(id, 17, "%016llx", (unsigned long long)h);
}

void papsim_case_write_args(const papsim_case *c, FILE *out)
{
    fputs("--collective ", out);
    papsim_case_put_value(out, c->collective);
    fputs(" --algorithm ", out);
    papsim_case_put_value(out, c->algorithm);
    fputs(" --platform ", out);
    papsim_case_put_value(out, c->platform);
    fprintf(out, " --np %d --mapping ", c->np);
    papsim_case_put_value(out, c->mapping);
    fprintf(out, " --ranks-per-node %d --pattern ", c->ranks_per_node);
    papsim_case_put_value(out, c->pattern);
    fputs(" --skew ", out);
    papsim_case_put_value(out, c->skew);
    fprintf(out, " --skew-s %.17g --seed %llu --bytes %lld --distribution ", c->skew_s, c->seed,
            c->bytes);
    papsim_case_put_value(out, c->distribution);
    fputs(" --datatype ", out);
    papsim_case_put_value(out, c->datatype);
    fputs(" --op ", out);
    papsim_case_put_value(out, c->op);
    fprintf(out, " --root %d --gamma %.17g --segment-bytes %lld --reps %d%s%s", c->root, c->gamma,
            c->segment_bytes, c->reps, c->in_place ? " --in-place" : "",
            c->check ? " --check" : "");
    /* The arrival-knowledge options only when set, so other cases keep
     * their line (the same rule as the case id). */
    if (strcmp(c->knowledge, "none")) {
        fputs(" --knowledge ", out);
        papsim_case_put_value(out, c->knowledge);
    }
    if (c->edge)
        fprintf(out, " --edge %.17g", c->edge);
    if (c->schedule_timed)
        fputs(" --schedule-timed yes", out);
    if (c->segments)
        fprintf(out, " --segments %d", c->segments);
    if (c->max_requests)
        fprintf(out, " --max-requests %d", c->max_requests);
    if (c->knomial_radix)
        fprintf(out, " --knomial-radix %d", c->knomial_radix);
    if (c->radix[0]) {
        fputs(" --radix ", out);
        papsim_case_put_value(out, c->radix);
    }
    if (c->model_alpha)
        fprintf(out, " --model-alpha %.17g", c->model_alpha);
    if (c->model_beta)
        fprintf(out, " --model-beta %.17g", c->model_beta);
    fputc('\n', out);
}

void papsim_metrics_compute(const double *arrive, const double *exit_t, int np, papsim_metrics *m)
{
    double min_a = arrive[0], max_a = arrive[0], max_e = exit_t[0], sum = 0, max_el = 0;
    for (int i = 0; i < np; i++) {
        double elapsed = exit_t[i] - arrive[i];
        min_a = fmin(min_a, arrive[i]);
        max_a = fmax(max_a, arrive[i]);
        max_e = fmax(max_e, exit_t[i]);
        sum += elapsed;
        max_el = i == 0 ? elapsed : fmax(max_el, elapsed);
    }
    m->total_delay = max_e - min_a;
    m->last_delay = max_e - max_a;
    m->mean_elapsed = sum / np;
    m->max_elapsed = max_el;
}

/* The shortest "%g" text that reads back as v, so 2.66e-06 stays short
 * and still identifies the value exactly. */
static void format_exact(char *buf, size_t len, double v)
{
    for (int digits = 6; digits <= 17; digits++) {
        snprintf(buf, len, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* Appends ";key=value" (no ';' before the first) to the params text. */
static void add_param(char *buf, size_t len, const char *key, const char *value)
{
    size_t used = strlen(buf);
    if (used < len)
        snprintf(buf + used, len - used, "%s%s=%s", used ? ";" : "", key, value);
}

/* The results.csv params field: the algorithm knobs that are set (those
 * the case id hashes only when set), in key order, "key=value" joined by
 * ';', or "" when none is. Neither ',' nor ';' can occur in a value. */
static void format_params(const papsim_case *c, char *buf, size_t len)
{
    char v[64];
    buf[0] = '\0';
    if (c->edge) {
        format_exact(v, sizeof v, c->edge);
        add_param(buf, len, "edge", v);
    }
    if (c->in_place)
        add_param(buf, len, "in_place", "yes");
    if (c->knomial_radix) {
        snprintf(v, sizeof v, "%d", c->knomial_radix);
        add_param(buf, len, "knomial_radix", v);
    }
    if (strcmp(c->knowledge, "none") != 0 && c->knowledge[0])
        add_param(buf, len, "knowledge", c->knowledge);
    if (c->max_requests) {
        snprintf(v, sizeof v, "%d", c->max_requests);
        add_param(buf, len, "max_requests", v);
    }
    if (c->model_alpha) {
        format_exact(v, sizeof v, c->model_alpha);
        add_param(buf, len, "model_alpha", v);
    }
    if (c->model_beta) {
        format_exact(v, sizeof v, c->model_beta);
        add_param(buf, len, "model_beta", v);
    }
    if (c->radix[0])
        add_param(buf, len, "radix", c->radix);
    if (c->schedule_timed)
        add_param(buf, len, "schedule_timed", "yes");
    if (c->segment_bytes) {
        snprintf(v, sizeof v, "%lld", c->segment_bytes);
        add_param(buf, len, "segment_bytes", v);
    }
    if (c->segments) {
        snprintf(v, sizeof v, "%d", c->segments);
        add_param(buf, len, "segments", v);
    }
}

void papsim_case_write_row(const papsim_case *c, int rep, const papsim_metrics *m,
                           int deterministic, const char *status, FILE *out)
{
    char id[17], params[512];
    papsim_case_id(c, id);
    format_params(c, params, sizeof params);
    fprintf(out, "%s,%s,%s,%s,%d,%s,%d,%s,%s,%.17g,%llu,%lld,%s,%s,%s,%d,%.17g,%s,%d,", id,
            c->collective, c->algorithm, c->platform, c->np, c->mapping, c->ranks_per_node,
            c->pattern, c->skew, c->skew_s, c->seed, c->bytes, c->distribution, c->datatype, c->op,
            c->root, c->gamma, params, rep);
    if (m)
        fprintf(out, "%.17g,%.17g,%.17g,%.17g,", m->total_delay, m->last_delay, m->mean_elapsed,
                m->max_elapsed);
    else
        fputs(",,,,", out);
    fprintf(out, "%s,%s\n", deterministic ? "yes" : "no", status);
}
