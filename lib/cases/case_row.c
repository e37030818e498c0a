/* A case as one results.csv row, and back: the params field written from
 * the knobs that are set, and a case rebuilt from a row's fields (what the
 * id of a row of older results is checked against, case.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases/case.h"
#include "util/csv.h"

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
    if (c->matrix_seed) {
        snprintf(v, sizeof v, "%llu", c->matrix_seed);
        add_param(buf, len, "matrix_seed", v);
    }
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

/* Applies "--opt value" to c; 0 or -1. */
static int apply_one(papsim_case *c, const char *opt, const char *value)
{
    char name[64], *argv[2];
    papsim_err e;
    snprintf(name, sizeof name, "--%s", opt);
    argv[0] = name;
    argv[1] = (char *)value;
    return papsim_case_parse_args(2, argv, c, NULL, NULL, &e) == 0 ? 0 : -1;
}

/* The knobs of a params field ("knowledge=oracle;segments=16"). */
static int apply_params(papsim_case *c, const char *params)
{
    char buf[512], *save = NULL;
    if (strlen(params) >= sizeof buf)
        return -1;
    memcpy(buf, params, strlen(params) + 1);
    for (char *kv = strtok_r(buf, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq)
            return -1;
        *eq = '\0';
        const char *value = eq + 1;
        if (!strcmp(kv, "in_place") || !strcmp(kv, "schedule_timed")) {
            if (strcmp(value, "yes"))
                return -1;
            *(!strcmp(kv, "in_place") ? &c->in_place : &c->schedule_timed) = 1;
            continue;
        }
        for (char *u = kv; *u; u++) /* model_alpha -> --model-alpha */
            if (*u == '_')
                *u = '-';
        if (apply_one(c, kv, value) != 0)
            return -1;
    }
    return 0;
}

int papsim_case_from_row(const papsim_table *t, size_t r, papsim_case *c)
{
    static const char *const options[][2] = {
        {"collective", "collective"}, {"algorithm", "algorithm"}, {"platform", "platform"},
        {"np", "np"}, {"mapping", "mapping"}, {"ranks_per_node", "ranks-per-node"},
        {"pattern", "pattern"}, {"skew", "skew"}, {"seed", "seed"}, {"bytes", "bytes"},
        {"datatype", "datatype"}, {"op", "op"}, {"root", "root"}, {"gamma", "gamma"},
        {"distribution", "distribution"},
    };
    papsim_case_defaults(c);
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        int col = papsim_table_column(t, options[i][0]);
        if (col < 0 || apply_one(c, options[i][1], t->rows[r][col]) != 0)
            return -1;
    }
    int skew_col = papsim_table_column(t, "skew_s"), params_col = papsim_table_column(t, "params");
    if (skew_col < 0)
        return -1;
    char *end;
    c->skew_s = strtod(t->rows[r][skew_col], &end); /* written with %.17g: exact */
    if (end == t->rows[r][skew_col] || *end)
        return -1;
    return params_col >= 0 ? apply_params(c, t->rows[r][params_col]) : 0;
}
