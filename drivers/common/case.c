#include "case.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "distribution.h"
#include "pattern.h"
#include "units.h"

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
        if (strcmp(value, "none") && strcmp(value, "oracle") && strcmp(value, "predicted"))
            return papsim_fail(e, "--knowledge '%s' is unknown (valid: none, oracle, predicted)",
                               value);
        return set_text(c->knowledge, sizeof c->knowledge, opt, value, e);
    }
    if (!strcmp(opt, "schedule-timed"))
        return set_yes_no(&c->schedule_timed, opt, value, e);
    if (!strcmp(opt, "segments"))
        return set_int(&c->segments, opt, value, 0, 1 << 20, e);
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
    return !strcmp(op, "sum") || !strcmp(op, "max") || !strcmp(op, "min") || !strcmp(op, "prod");
}

int papsim_case_validate(const papsim_case *c, papsim_err *e)
{
    int size = papsim_datatype_size(c->datatype);
    papsim_pattern pattern;
    if (size == 0)
        return papsim_fail(e, "--datatype '%s' is unknown (valid: char, int, float, double, long)",
                           c->datatype);
    if (!op_known(c->op))
        return papsim_fail(e, "--op '%s' is unknown (valid: sum, max, min, prod)", c->op);
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
    if (strcmp(c->distribution, "uniform") && strcmp(c->collective, "allgatherv"))
        return papsim_fail(e, "--distribution %s applies to allgatherv only (collective is %s)",
                           c->distribution, c->collective);
    if (strcmp(c->knowledge, "none") && strcmp(c->knowledge, "oracle") &&
        strcmp(c->knowledge, "predicted"))
        return papsim_fail(e, "--knowledge '%s' is unknown (valid: none, oracle, predicted)",
                           c->knowledge);
    if (c->segments < 0)
        return papsim_fail(e, "--segments %d must be 0 (the algorithm's default) or positive",
                           c->segments);
    if (c->np > 0 && c->root >= c->np)
        return papsim_fail(e, "--root %d is outside the communicator (np=%d)", c->root, c->np);
    if (strcmp(c->mapping, "sequential") && strcmp(c->mapping, "cyclic"))
        return papsim_fail(e, "--mapping '%s' is unknown (valid: sequential, cyclic)", c->mapping);
    if (papsim_pattern_parse(c->pattern, &pattern, e) != 0)
        return papsim_fail_prefix(e, "--pattern: ");
    if (!(c->skew_s >= 0) || !isfinite(c->skew_s))
        return papsim_fail(e, "--skew-s %g must be a non-negative number of seconds", c->skew_s);
    return 0;
}

/* FNV-1a, 64 bit: stable across platforms and runs. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    return h;
}

void papsim_case_id(const papsim_case *c, char id[17])
{
    char text[8192];
    snprintf(text, sizeof text,
             "%s|%s|%s|%d|%s|%d|%s|%s|%.17g|%llu|%lld|%s|%s|%d|%d|%.17g|%lld", c->collective,
             c->algorithm, c->platform, c->np, c->mapping, c->ranks_per_node, c->pattern, c->skew,
             c->skew_s, c->seed, c->bytes, c->datatype, c->op, c->root, c->in_place, c->gamma,
             c->segment_bytes);
    uint64_t h = fnv1a(14695981039346656037ULL, text);
    /* Only allgatherv has a distribution: every other case keeps the id it
     * had before the field existed, so old results still resume. */
    if (!strcmp(c->collective, "allgatherv"))
        h = fnv1a(fnv1a(h, "|"), c->distribution);
    /* The same for the arrival-knowledge options: hashed only when set. */
    if (strcmp(c->knowledge, "none"))
        h = fnv1a(fnv1a(h, "|knowledge="), c->knowledge);
    if (c->schedule_timed)
        h = fnv1a(h, "|schedule_timed=1");
    if (c->segments) {
        char n[32];
        snprintf(n, sizeof n, "|segments=%d", c->segments);
        h = fnv1a(h, n);
    }
    snprintf(id, 17, "%016llx", (unsigned long long)h);
}

void papsim_case_write_args(const papsim_case *c, FILE *out)
{
    fprintf(out,
            "--collective %s --algorithm %s --platform %s --np %d --mapping %s "
            "--ranks-per-node %d --pattern %s --skew %s --skew-s %.17g --seed %llu --bytes %lld "
            "--distribution %s --datatype %s --op %s --root %d --gamma %.17g --segment-bytes %lld --reps %d%s%s",
            c->collective, c->algorithm, c->platform, c->np, c->mapping, c->ranks_per_node,
            c->pattern, c->skew, c->skew_s, c->seed, c->bytes, c->distribution, c->datatype,
            c->op, c->root, c->gamma, c->segment_bytes, c->reps, c->in_place ? " --in-place" : "",
            c->check ? " --check" : "");
    /* The arrival-knowledge options only when set, so other cases keep
     * their line (the same rule as the case id). */
    if (strcmp(c->knowledge, "none"))
        fprintf(out, " --knowledge %s", c->knowledge);
    if (c->schedule_timed)
        fputs(" --schedule-timed yes", out);
    if (c->segments)
        fprintf(out, " --segments %d", c->segments);
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

void papsim_case_write_row(const papsim_case *c, int rep, const papsim_metrics *m,
                           const char *status, FILE *out)
{
    char id[17];
    papsim_case_id(c, id);
    fprintf(out, "%s,%s,%s,%s,%d,%s,%d,%s,%s,%.17g,%llu,%lld,%s,%s,%s,%d,%.17g,%d,", id,
            c->collective, c->algorithm, c->platform, c->np, c->mapping, c->ranks_per_node,
            c->pattern, c->skew, c->skew_s, c->seed, c->bytes, c->distribution, c->datatype, c->op,
            c->root, c->gamma, rep);
    if (m)
        fprintf(out, "%.17g,%.17g,%.17g,%.17g,", m->total_delay, m->last_delay, m->mean_elapsed,
                m->max_elapsed);
    else
        fputs(",,,,", out);
    fprintf(out, "%s\n", status);
}
