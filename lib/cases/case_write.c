/* A case written out (case.h): its id, its argument line, its metrics and
 * its results.csv row with the params field. */
#include "cases/case.h"
#include "util/fnv1a.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cases/distribution.h"
#include "papsim_catalog.h"
#include "cases/pattern.h"
#include "schedule/radix_vector.h"
#include "util/units.h"

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
    /* Only allgatherv has a distribution: every other case keeps the id it
     * had before the field existed, so old results still resume. */
    if (!strcmp(c->collective, "allgatherv"))
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
