/* A case from its options (papsim_case_parse_args): defaults, values and
 * flags. Checking a case: case_check.c; its id, argument line and results
 * row: case_write.c. */
#include "cases/case.h"
#include "util/fnv1a.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* --matrix-seed: the seed of alltoallv's random matrix, 1..2^63-1 (0 would
 * mean unset). */
static int set_matrix_seed(papsim_case *c, const char *value, papsim_err *e)
{
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(value, &end, 10);
    if (!*value || *end || value[0] == '-' || value[0] == '+' || errno == ERANGE || v == 0 ||
        v > 0x7fffffffffffffffULL)
        return papsim_fail(e, "--matrix-seed '%.40s' is not a seed (an integer from 1 to "
                              "2^63-1)",
                           value);
    c->matrix_seed = v;
    return 0;
}

/* --platform-key, --pattern-key, --plugin-key: 16 lowercase hex digits, a
 * content key (platform.h, pattern.h, util/papsim_input.h); dst holds 17 bytes. */
static int set_key(char *dst, const char *opt, const char *value, papsim_err *e)
{
    if (!papsim_is_key16(value))
        return papsim_fail(e, "--%s '%.40s' is not a content key (16 hex digits, 0-9 and a-f, "
                              "as papsim writes it)",
                           opt, value);
    memcpy(dst, value, 17);
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
    if (!strcmp(opt, "platform-key"))
        return set_key(c->platform_key, opt, value, e);
    if (!strcmp(opt, "pattern-key"))
        return set_key(c->pattern_key, opt, value, e);
    if (!strcmp(opt, "plugin-key"))
        return set_key(c->plugin_key, opt, value, e);
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
        if (!papsim_knowledge_known(value))
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
    if (!strcmp(opt, "matrix-seed"))
        return set_matrix_seed(c, value, e);
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

int papsim_case_option_takes_value(const char *arg)
{
    char opt[64];
    if (strncmp(arg, "--", 2) != 0 || strlen(arg + 2) >= sizeof opt || strchr(arg, '='))
        return 0;
    snprintf(opt, sizeof opt, "%s", arg + 2);
    for (char *u = opt; *u; u++)
        if (*u == '_')
            *u = '-';
    papsim_case scratch;
    papsim_err ignored;
    papsim_case_defaults(&scratch);
    if (is_flag(opt, &scratch))
        return 0;
    return apply_option(&scratch, opt, "", &ignored) != 1; /* 1: not an option of a case */
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
            return papsim_fail_option(e, 0, arg, NULL);
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
                return papsim_fail_option(e, !value && papsim_case_option_takes_value(arg), arg,
                                          NULL);
            extra[(*nextra)++] = argv[i];
            continue;
        }
        if (!eq)
            i++;
    }
    return 0;
}
