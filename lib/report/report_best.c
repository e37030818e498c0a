/* Builds the best-algorithm study from a results table; see report_best.h for
 * the definitions.
 *
 * Method: one record per row, sorted by group key, mapping, np, bytes and
 * algorithm, so every group is a contiguous run. Per group the mean of each
 * metric is accumulated in a dense [metric][mapping][np][bytes][algorithm]
 * array; each view then decides every cell from that array. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* strdup */
#endif
#include "report/report_best.h"
#include "report/report_format.h"
#include "report/report_keys.h"
#include "report/report_names.h"
#include "report/report_rows.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const char *const papsim_best_key_columns[PAPSIM_BK_COUNT] = {
    "collective", "pattern", "skew",     "ranks_per_node", "datatype",
    "op",         "root",    "gamma",    "platform",       "distribution",
};

/* Key columns a results table may lack: the older tables have no
 * distribution (then "uniform"), hand-made ones may omit the others (then
 * they are no key: ""). */
static const char *const key_default[PAPSIM_BK_COUNT] = {
    [PAPSIM_BK_RANKS_PER_NODE] = "", [PAPSIM_BK_DATATYPE] = "", [PAPSIM_BK_OP] = "",
    [PAPSIM_BK_ROOT] = "", [PAPSIM_BK_GAMMA] = "", [PAPSIM_BK_DISTRIBUTION] = PAPSIM_DEFAULT_DISTRIBUTION,
};

static int key_optional(int k)
{
    return key_default[k] != NULL;
}

/* Fields read besides the keys and the metrics. */
static const papsim_row_field fields[] = {PAPSIM_FIELD_MAPPING, PAPSIM_FIELD_ALGORITHM,
                                          PAPSIM_FIELD_NP, PAPSIM_FIELD_BYTES,
                                          PAPSIM_FIELD_STATUS};

typedef papsim_row record;

static int compare_keys(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    for (int k = 0; k < PAPSIM_BK_COUNT; k++) {
        int c = k == PAPSIM_BK_SKEW ? papsim_report_compare_skew(a->key[k], b->key[k])
                                    : papsim_report_compare_natural(a->key[k], b->key[k]);
        if (c)
            return c;
    }
    return 0;
}

static int compare_ll(long long x, long long y)
{
    return (x > y) - (x < y);
}

/* 0 for the repetitions of one algorithm in one cell of one mapping. */
static int compare_cell_algorithm(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    int c;
    if ((c = compare_keys(a, b)) || (c = strcmp(a->mapping, b->mapping)) ||
        (c = compare_ll(a->np, b->np)) || (c = compare_ll(a->bytes, b->bytes)))
        return c;
    return strcmp(a->algorithm, b->algorithm);
}

static int compare_records(const void *pa, const void *pb)
{
    int c = compare_cell_algorithm(pa, pb);
    return c ? c : papsim_rows_compare_reps(pa, pb);
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Every algorithm of the table, sorted and unique; the target must be one. */
static int build_algorithms(papsim_best_report *r, const papsim_table *t, const record *recs,
                            size_t n, papsim_err *e)
{
    r->algorithms = papsim_report_distinct_names(recs, n, sizeof *recs,
                                                 offsetof(record, algorithm), &r->nalgorithms, e);
    if (!r->algorithms)
        return -1;
    size_t m = r->nalgorithms;
    const char **hit = bsearch(&r->target, r->algorithms, m, sizeof *r->algorithms,
                               papsim_report_compare_strings);
    if (!hit)
        return papsim_report_fail_no_algorithm(t->path, r->target, r->algorithms, m, e);
    r->target_index = (size_t)(hit - r->algorithms);
    return 0;
}

/* Sorted distinct values of one field of the run; *out holds at least one slot. */
static int distinct_numbers(const record *run, size_t n, int np, long long **out, size_t *count,
                            papsim_err *e)
{
    long long *v = malloc(n * sizeof *v);
    if (!v)
        return papsim_fail(e, "out of memory for %zu values", n);
    for (size_t i = 0; i < n; i++)
        v[i] = np ? run[i].np : run[i].bytes;
    *out = v;
    *count = papsim_report_unique_numbers(v, n);
    return 0;
}

/* The cell decision for T[0..nalg) (NAN = no result): lowest wins, and a tie
 * goes to the lower index, i.e. the name first in strcmp order. */
static void decide_cell(const double *T, const int *mapping_of, size_t nalg, size_t target,
                        papsim_best_cell *c)
{
    c->best = c->second = -1;
    c->best_value = c->second_value = c->reduction = NAN;
    c->mapping = -1;
    for (size_t a = 0; a < nalg; a++)
        if (!isnan(T[a]) && (c->best < 0 || T[a] < c->best_value)) {
            c->best = (int)a;
            c->best_value = T[a];
        }
    if (c->best < 0)
        return;
    c->mapping = mapping_of[c->best];
    for (size_t a = 0; a < nalg; a++)
        if ((int)a != c->best && !isnan(T[a]) && (c->second < 0 || T[a] < c->second_value)) {
            c->second = (int)a;
            c->second_value = T[a];
        }
    if (c->best == (int)target && c->second >= 0)
        c->reduction = c->second_value > 0 ? 1.0 - c->best_value / c->second_value : 0.0;
}

/* Counts, wins and reduction statistics of a decided view. */
static int summarise_view(const papsim_report_panel *g, papsim_best_view *v, papsim_err *e)
{
    size_t n = g->nsizes * g->nnp;
    double *red = malloc((n ? n : 1) * sizeof *red);
    if (!red)
        return papsim_fail(e, "out of memory for %zu cells", n);
    for (size_t i = 0; i < n; i++) {
        const papsim_best_cell *c = &v->cells[i];
        if (c->best < 0)
            continue;
        v->ncells++;
        v->wins[c->best]++;
        if (!isnan(c->reduction))
            red[v->nreduction++] = c->reduction;
    }
    v->mean = v->median = v->highest = NAN;
    if (v->nreduction > 0) {
        size_t k = v->nreduction;
        qsort(red, k, sizeof *red, compare_double);
        double sum = 0;
        for (size_t i = 0; i < k; i++)
            sum += red[i];
        v->mean = sum / (double)k;
        v->median = papsim_report_sorted_median(red, k, sizeof *red);
        v->highest = red[k - 1];
    }
    free(red);
    return 0;
}

/* Decides view v (a mapping, or united when mapping < 0) of metric m from the
 * means T, laid out [metric][mapping][np][size][algorithm]. */
static int fill_view(const papsim_best_report *r, const papsim_report_panel *g, const double *T,
                     size_t m, long mapping, papsim_best_view *v, papsim_err *e)
{
    size_t nalg = r->nalgorithms, per_mapping = g->nnp * g->nsizes * nalg;
    double *rec = malloc(nalg * sizeof *rec);
    int *from = malloc(nalg * sizeof *from);
    v->mapping = mapping;
    v->wins = calloc(nalg, sizeof *v->wins);
    size_t ncells = g->nsizes * g->nnp;
    v->cells = malloc((ncells > 0 ? ncells : 1) * sizeof *v->cells);
    if (!rec || !from || !v->wins || !v->cells) {
        free(rec);
        free(from);
        return papsim_fail(e, "out of memory for a view of %zu cells", ncells);
    }
    for (size_t s = 0; s < g->nsizes; s++)
        for (size_t n = 0; n < g->nnp; n++) {
            size_t cell = (n * g->nsizes + s) * nalg;
            for (size_t a = 0; a < nalg; a++) {
                rec[a] = NAN;
                from[a] = -1;
                for (size_t mp = 0; mp < g->nmappings; mp++) {
                    if (mapping >= 0 && (long)mp != mapping)
                        continue;
                    double x = T[(m * g->nmappings + mp) * per_mapping + cell + a];
                    if (!isnan(x) && (from[a] < 0 || x < rec[a])) {
                        rec[a] = x;
                        from[a] = (int)mp;
                    }
                }
            }
            decide_cell(rec, from, nalg, r->target_index, &v->cells[s * g->nnp + n]);
        }
    free(rec);
    free(from);
    return summarise_view(g, v, e);
}

/* Means of every metric per (mapping, np, size, algorithm) over ok rows. */
static double *group_means(const papsim_best_report *r, papsim_report_panel *g, const record *run,
                           size_t n, papsim_err *e)
{
    size_t nalg = r->nalgorithms;
    size_t per_metric = g->nmappings * g->nnp * g->nsizes * nalg;
    double *T = malloc(r->nmetrics * per_metric * sizeof *T);
    if (!T) {
        papsim_fail(e, "out of memory for a group of %zu means", r->nmetrics * per_metric);
        return NULL;
    }
    for (size_t i = 0; i < r->nmetrics * per_metric; i++)
        T[i] = NAN;
    size_t mp = 0;
    for (size_t i = 0, j; i < n; i = j) {
        papsim_reps reps;
        j = papsim_report_run_end(run, n, sizeof *run, i, compare_cell_algorithm);
        while (strcmp(g->mappings[mp], run[i].mapping) != 0)
            mp++; /* the run is sorted by mapping */
        papsim_reps_summarise(run + i, j - i, r->nmetrics, &reps);
        if (reps.nok == 0)
            continue;
        size_t a = papsim_report_name_index(r->algorithms, r->nalgorithms, run[i].algorithm);
        g->present[a] = 1;
        size_t at = ((mp * g->nnp + papsim_report_number_index(g->np, g->nnp, run[i].np)) * g->nsizes +
                     papsim_report_number_index(g->bytes, g->nsizes, run[i].bytes)) * nalg + a;
        for (size_t m = 0; m < r->nmetrics; m++)
            T[m * per_metric + at] = reps.mean[m];
    }
    return T;
}

static int fill_group(const papsim_best_report *r, papsim_report_panel *g, const record *run,
                      size_t n, papsim_err *e)
{
    for (int k = 0; k < PAPSIM_BK_COUNT; k++)
        g->key[k] = run[0].key[k];
    g->mappings = malloc(n * sizeof *g->mappings);
    g->present = calloc(r->nalgorithms, sizeof *g->present);
    if (!g->mappings || !g->present)
        return papsim_fail(e, "out of memory for a group of %zu rows", n);
    for (size_t i = 0; i < n; i++)
        if (g->nmappings == 0 || strcmp(g->mappings[g->nmappings - 1], run[i].mapping) != 0)
            g->mappings[g->nmappings++] = run[i].mapping;
    if (distinct_numbers(run, n, 1, &g->np, &g->nnp, e) != 0 ||
        distinct_numbers(run, n, 0, &g->bytes, &g->nsizes, e) != 0)
        return -1;
    g->nviews = g->nmappings + (g->nmappings > 1);
    g->views = calloc(r->nmetrics * g->nviews, sizeof *g->views);
    g->file_stems = calloc(g->nviews, sizeof *g->file_stems);
    if (!g->views || !g->file_stems)
        return papsim_fail(e, "out of memory for %zu views", r->nmetrics * g->nviews);
    double *T = group_means(r, g, run, n, e);
    if (!T)
        return -1;
    int rc = 0;
    for (size_t m = 0; m < r->nmetrics && rc == 0; m++)
        for (size_t v = 0; v < g->nviews && rc == 0; v++)
            rc = fill_view(r, g, T, m, v < g->nmappings ? (long)v : -1,
                           &g->views[m * g->nviews + v], e);
    free(T);
    return rc;
}

static int has_target(const papsim_best_report *r, const record *run, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(run[i].algorithm, r->target) == 0)
            return 1;
    return 0;
}

static int build_groups(papsim_best_report *r, const record *recs, size_t n, papsim_err *e)
{
    size_t ngroups = papsim_report_count_runs(recs, n, sizeof *recs, compare_keys);
    r->groups = calloc(ngroups, sizeof *r->groups); /* zeroed: papsim_best_free cleans up */
    if (!r->groups)
        return papsim_fail(e, "out of memory for %zu groups", ngroups);
    for (size_t i = 0, j; i < n; i = j) {
        j = papsim_report_run_end(recs, n, sizeof *recs, i, compare_keys);
        if (!has_target(r, recs + i, j - i))
            r->nskipped++;
        else if (fill_group(r, &r->groups[r->ngroups++], recs + i, j - i, e) != 0)
            return -1;
    }
    return 0;
}

void papsim_best_file_prefix(const papsim_best_report *r, char *buf, size_t len)
{
    snprintf(buf, len, "best");
    papsim_report_append_sanitised(buf, len, "", r->target);
}

/* Stems not named yet are NULL, so only earlier views count. */
static int stem_taken(const void *ctx, const char *stem)
{
    const papsim_best_report *r = ctx;
    for (size_t g = 0; g < r->ngroups; g++)
        for (size_t v = 0; v < r->groups[g].nviews; v++)
            if (r->groups[g].file_stems[v] && strcmp(r->groups[g].file_stems[v], stem) == 0)
                return 1;
    return 0;
}

/* best_TARGET_COLLECTIVE_PLATFORM_DISTRIBUTION_PATTERN_skewS[_extra keys that
 * vary]_VIEW; a stem already taken gets "_2", "_3"... */
static int assign_stems(papsim_best_report *r, papsim_err *e)
{
    static const char *const prefix[PAPSIM_BK_COUNT] = {
        "", "", "skew", "rpn", "", "", "root", "gamma", "", "",
    };
    static const int order[] = {
        PAPSIM_BK_COLLECTIVE, PAPSIM_BK_PLATFORM, PAPSIM_BK_DISTRIBUTION, PAPSIM_BK_PATTERN,
        PAPSIM_BK_SKEW,       PAPSIM_BK_RANKS_PER_NODE, PAPSIM_BK_DATATYPE, PAPSIM_BK_OP,
        PAPSIM_BK_ROOT,       PAPSIM_BK_GAMMA,
    };
    for (size_t gi = 0; gi < r->ngroups; gi++) {
        papsim_report_panel *g = &r->groups[gi];
        char base[600], stem[620], platform[256];
        papsim_best_file_prefix(r, base, sizeof base);
        for (size_t o = 0; o < sizeof order / sizeof order[0]; o++) {
            int k = order[o];
            const char *value = g->key[k];
            if (key_optional(k) && k != PAPSIM_BK_DISTRIBUTION && !r->key_varies[k])
                continue;
            if (k == PAPSIM_BK_PLATFORM) {
                papsim_report_platform_short_name(value, platform, sizeof platform);
                value = platform;
            }
            papsim_report_append_sanitised(base, sizeof base, prefix[k], value);
        }
        size_t len = strlen(base);
        for (size_t v = 0; v < g->nviews; v++) {
            base[len] = '\0';
            papsim_report_append_sanitised(base, sizeof base, "",
                                           papsim_best_view_name(g, &g->views[v]));
            papsim_report_unique_stem(base, stem, sizeof stem, stem_taken, r);
            if (!(g->file_stems[v] = strdup(stem)))
                return papsim_fail(e, "out of memory for heatmap file names");
        }
    }
    return 0;
}

static void find_varying_keys(papsim_best_report *r)
{
    for (int k = 0; k < PAPSIM_BK_COUNT; k++)
        for (size_t g = 1; g < r->ngroups && !r->key_varies[k]; g++)
            r->key_varies[k] = strcmp(r->groups[g].key[k], r->groups[0].key[k]) != 0;
}

int papsim_best_build(const papsim_table *t, const char *target, const char *const *metrics,
                      size_t nmetrics, papsim_best_report *r, papsim_err *e)
{
    memset(r, 0, sizeof *r);
    r->path = t->path;
    r->target = target;
    if (nmetrics == 0 || nmetrics > PAPSIM_BEST_MAX_METRICS)
        return papsim_fail(e, "between 1 and %d metrics, not %zu", PAPSIM_BEST_MAX_METRICS,
                           nmetrics);
    r->nmetrics = nmetrics;
    for (size_t m = 0; m < nmetrics; m++) {
        r->metrics[m] = metrics[m];
        papsim_report_metric_label(metrics[m], r->metric_labels[m], sizeof r->metric_labels[m]);
    }
    int rc = -1;
    papsim_row_spec spec = {PAPSIM_BK_COUNT, papsim_best_key_columns, key_default,
                            sizeof fields / sizeof fields[0], fields, nmetrics, r->metrics, 0};
    record *recs = papsim_rows_read(t, &spec, e);
    if (!recs)
        goto out;
    qsort(recs, t->nrows, sizeof *recs, compare_records);
    if (build_algorithms(r, t, recs, t->nrows, e) != 0 ||
        build_groups(r, recs, t->nrows, e) != 0)
        goto out;
    find_varying_keys(r);
    if (assign_stems(r, e) != 0)
        goto out;
    rc = 0;
out:
    free(recs);
    if (rc != 0)
        papsim_best_free(r);
    return rc;
}

void papsim_best_free(papsim_best_report *r)
{
    for (size_t gi = 0; gi < r->ngroups; gi++) {
        papsim_report_panel *g = &r->groups[gi];
        for (size_t v = 0; g->views && v < r->nmetrics * g->nviews; v++) {
            free(g->views[v].wins);
            free(g->views[v].cells);
        }
        for (size_t v = 0; g->file_stems && v < g->nviews; v++)
            free(g->file_stems[v]);
        free(g->file_stems);
        free(g->views);
        free(g->mappings);
        free(g->np);
        free(g->bytes);
        free(g->present);
    }
    free(r->groups);
    free(r->algorithms);
    memset(r, 0, sizeof *r);
}

const papsim_best_view *papsim_best_view_at(const papsim_report_panel *g, size_t metric,
                                            size_t view)
{
    return &g->views[metric * g->nviews + view];
}

const papsim_best_cell *papsim_best_cell_at(const papsim_report_panel *g,
                                            const papsim_best_view *v, size_t size, size_t np)
{
    return &v->cells[size * g->nnp + np];
}

const char *papsim_best_view_name(const papsim_report_panel *g, const papsim_best_view *v)
{
    return v->mapping < 0 ? PAPSIM_BEST_UNITED : g->mappings[v->mapping];
}
