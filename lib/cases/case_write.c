/* A case written out (case.h): its id (keyed by the platform's content,
 * and by a pattern file's and a user algorithm's file's when it has those
 * keys), its argument line and its metrics. Its results.csv row is
 * case_row.c's. */
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

/* FNV-1a (fnv1a.h) of a string, continuing from h. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
    return papsim_fnv1a64(h, s, strlen(s));
}

/* The id with the platform as platform_text: its content key, or its label
 * (a case without a key, and every case before results format 4); keyed:
 * with the content keys of a file pattern and a user algorithm's shared
 * object too, each when the case has it. */
static void case_id(const papsim_case *c, const char *platform_text, int keyed, char id[17])
{
    char text[8192];
    snprintf(text, sizeof text,
             "%s|%s|%s|%d|%s|%d|%s|%s|%.17g|%llu|%lld|%s|%s|%d|%d|%.17g|%lld", c->collective,
             c->algorithm, platform_text, c->np, c->mapping, c->ranks_per_node, c->pattern, c->skew,
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
    if (c->matrix_seed) { /* alltoallv's random matrix, only when set */
        char n[48];
        snprintf(n, sizeof n, "|matrix_seed=%llu", c->matrix_seed);
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
    if (keyed && c->pattern_key[0]) /* a file pattern's content, only when keyed */
        h = fnv1a(fnv1a(h, "|pattern_key="), c->pattern_key);
    if (keyed && c->plugin_key[0]) /* a user algorithm's build, only when keyed */
        h = fnv1a(fnv1a(h, "|plugin_key="), c->plugin_key);
    snprintf(id, 17, "%016llx", (unsigned long long)h);
}

void papsim_case_id(const papsim_case *c, char id[17])
{
    /* A label never holds a comma (papsim_case_check_label), so a key
     * cannot be mistaken for a label. */
    char key[40];
    if (!c->platform_key[0]) {
        case_id(c, c->platform, 1, id);
        return;
    }
    snprintf(key, sizeof key, "platform-key,%s", c->platform_key);
    case_id(c, key, 1, id);
}

void papsim_case_label_id(const papsim_case *c, char id[17])
{
    case_id(c, c->platform, 0, id);
}

void papsim_case_write_args(const papsim_case *c, FILE *out)
{
    fputs("--collective ", out);
    papsim_case_put_value(out, c->collective);
    fputs(" --algorithm ", out);
    papsim_case_put_value(out, c->algorithm);
    fputs(" --platform ", out);
    papsim_case_put_value(out, c->platform);
    if (c->platform_key[0])
        fprintf(out, " --platform-key %s", c->platform_key);
    fprintf(out, " --np %d --mapping ", c->np);
    papsim_case_put_value(out, c->mapping);
    fprintf(out, " --ranks-per-node %d --pattern ", c->ranks_per_node);
    papsim_case_put_value(out, c->pattern);
    if (c->pattern_key[0])
        fprintf(out, " --pattern-key %s", c->pattern_key);
    if (c->plugin_key[0])
        fprintf(out, " --plugin-key %s", c->plugin_key);
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
    if (c->matrix_seed)
        fprintf(out, " --matrix-seed %llu", c->matrix_seed);
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
