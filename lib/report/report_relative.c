/* Builds the relative-time report from a results table; see
 * report_relative.h for the definitions.
 *
 * Method: one record per row, sorted by panel key, pattern (no_delay first),
 * size, skew, algorithm, ok before not-ok and value. Every panel is then a
 * contiguous run, every table row a contiguous run inside it, and the ok
 * repetitions of one algorithm in a row are adjacent and ascending, so the
 * median is read off directly. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "report/report_relative.h"
#include "report/report_keys.h"
#include "report/report_names.h"
#include "report/report.h"
#include "report/report_rows.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define NPANEL_KEYS PAPSIM_PK_SKEW /* the panel keys are the report's, less skew */

typedef papsim_row record;

static int compare_pattern(const char *a, const char *b)
{
    int a_nd = strcmp(a, PAPSIM_NO_DELAY) == 0, b_nd = strcmp(b, PAPSIM_NO_DELAY) == 0;
    if (a_nd != b_nd)
        return a_nd ? -1 : 1;
    return strcmp(a, b);
}

static int compare_panel(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    return papsim_report_compare_keys(a->key, b->key, NPANEL_KEYS);
}

/* Rows go by the absolute skew used, so "50us (0.5x)" comes before
 * "100us"; equal ones by their text. A "-own" skew differs by algorithm, so
 * its rows go by text only, after the others. */
static int compare_skew(const record *a, const record *b)
{
    if (a->own != b->own)
        return a->own - b->own;
    if (!a->own && !(a->skew_s == b->skew_s || (isnan(a->skew_s) && isnan(b->skew_s)))) {
        if (isnan(a->skew_s) != isnan(b->skew_s))
            return isnan(a->skew_s) ? 1 : -1;
        return a->skew_s < b->skew_s ? -1 : 1;
    }
    return papsim_report_compare_skew(a->skew, b->skew);
}

static int compare_row(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    int c = compare_panel(a, b);
    if (c || (c = compare_pattern(a->pattern, b->pattern)))
        return c;
    if (a->bytes != b->bytes)
        return a->bytes < b->bytes ? -1 : 1;
    return compare_skew(a, b);
}

static int compare_algorithm(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    return strcmp(a->algorithm, b->algorithm);
}

static int compare_records(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    int c = compare_row(a, b);
    if (c || (c = strcmp(a->algorithm, b->algorithm)))
        return c;
    return papsim_rows_compare_reps(a, b);
}

/* What the report reads of a row: the panel keys but the skew (a missing
 * distribution is "uniform"), then these fields, the metric and skew_s. */
static const char *const key_default[NPANEL_KEYS] = {
    [PAPSIM_PK_DISTRIBUTION] = PAPSIM_DEFAULT_DISTRIBUTION,
};
static const papsim_row_field fields[] = {PAPSIM_FIELD_PATTERN, PAPSIM_FIELD_ALGORITHM,
                                          PAPSIM_FIELD_BYTES, PAPSIM_FIELD_SKEW,
                                          PAPSIM_FIELD_STATUS};

/* The error for a base no row has lists the algorithms the table has. */
static int fail_no_base(const papsim_rel_report *r, const record *recs, size_t n, papsim_err *e)
{
    size_t m;
    const char **names = papsim_report_distinct_names(recs, n, sizeof *recs,
                                                      offsetof(record, algorithm), &m, e);
    if (!names)
        return papsim_fail(e, "%s: no row has algorithm '%s'", r->path, r->base);
    papsim_report_fail_no_algorithm(r->path, r->base, names, m, e);
    free(names);
    return -1;
}

static int has_algorithm(const record *run, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(run[i].algorithm, name) == 0)
            return 1;
    return 0;
}

/* The panel's columns: BASE first, then the other algorithms by name, each
 * once. The names are sorted in names[1..n] and copied down past BASE, so no
 * name is overwritten before it is read. */
static int panel_algorithms(const papsim_rel_report *r, papsim_report_panel *p, const record *run,
                            size_t n, papsim_err *e)
{
    const char **names = malloc((n + 1) * sizeof *names);
    if (!names)
        return papsim_fail(e, "out of memory for %zu algorithm names", n);
    for (size_t i = 0; i < n; i++)
        names[i + 1] = run[i].algorithm;
    size_t u = papsim_report_unique_names(names + 1, n), m = 0;
    names[m++] = r->base;
    for (size_t i = 1; i <= u; i++)
        if (strcmp(names[i], r->base) != 0)
            names[m++] = names[i];
    p->algorithms = names;
    p->nalgorithms = m;
    return 0;
}

static size_t column_of(const papsim_report_panel *p, const char *algorithm)
{
    if (strcmp(algorithm, p->algorithms[0]) == 0)
        return 0;
    return 1 + papsim_report_name_index(p->algorithms + 1, p->nalgorithms - 1, algorithm);
}

/* One algorithm's repetitions in a row, ok ones first and ascending. */
static void fill_cell(papsim_rel_cell *c, const record *run, size_t n)
{
    papsim_reps reps;
    papsim_reps_summarise(run, n, 1, &reps);
    c->spread = reps.spread;
    if (reps.nok == 0) {
        c->state = PAPSIM_REL_NOT_OK;
        c->status = reps.status;
        return;
    }
    c->state = PAPSIM_REL_OK;
    c->value = reps.median;
}

/* The ratio of every cell to BASE's (column 0); a zero time has no ratio. */
static void fill_ratios(const papsim_rel_report *r, papsim_rel_row *row, size_t ncells)
{
    double base = row->cells[0].value;
    for (size_t a = 0; a < ncells; a++) {
        double v = row->cells[a].value, num = r->speedup ? base : v, den = r->speedup ? v : base;
        row->cells[a].ratio = isnan(num) || isnan(den) || den == 0 ? NAN : num / den;
    }
}

static int fill_row(const papsim_rel_report *r, const papsim_report_panel *p, papsim_rel_row *row,
                    const record *run, size_t n, papsim_err *e)
{
    row->pattern = run[0].pattern;
    row->bytes = run[0].bytes;
    row->skew = run[0].skew;
    row->skew_s = run[0].skew_s;
    for (size_t i = 1; i < n; i++)
        if (!(run[i].skew_s == row->skew_s)) /* a per-algorithm ("-own") skew, or unknown */
            row->skew_s = NAN;
    row->cells = malloc(p->nalgorithms * sizeof *row->cells);
    if (!row->cells)
        return papsim_fail(e, "out of memory for %zu cells", p->nalgorithms);
    for (size_t a = 0; a < p->nalgorithms; a++)
        row->cells[a] = (papsim_rel_cell){PAPSIM_REL_NOT_RUN, NULL, NAN, NAN, {0, 0, 0, NAN, NAN}};
    for (size_t i = 0, j; i < n; i = j) {
        j = papsim_report_run_end(run, n, sizeof *run, i, compare_algorithm);
        fill_cell(&row->cells[column_of(p, run[i].algorithm)], run + i, j - i);
    }
    fill_ratios(r, row, p->nalgorithms);
    return 0;
}

static int fill_panel(const papsim_rel_report *r, papsim_report_panel *p, const record *run,
                      size_t n, papsim_err *e)
{
    for (int k = 0; k < NPANEL_KEYS; k++)
        p->key[k] = run[0].key[k];
    if (panel_algorithms(r, p, run, n, e) != 0)
        return -1;
    p->rows = calloc(papsim_report_count_runs(run, n, sizeof *run, compare_row), sizeof *p->rows);
    if (!p->rows)
        return papsim_fail(e, "out of memory for the rows of a panel");
    for (size_t i = 0, j; i < n; i = j) {
        j = papsim_report_run_end(run, n, sizeof *run, i, compare_row);
        if (fill_row(r, p, &p->rows[p->nrows++], run + i, j - i, e) != 0)
            return -1;
    }
    return 0;
}

static int build_panels(papsim_rel_report *r, const record *recs, size_t n, papsim_err *e)
{
    size_t npanels = papsim_report_count_runs(recs, n, sizeof *recs, compare_panel);
    r->panels = calloc(npanels, sizeof *r->panels);
    if (!r->panels)
        return papsim_fail(e, "out of memory for %zu panels", npanels);
    for (size_t i = 0, j; i < n; i = j) {
        j = papsim_report_run_end(recs, n, sizeof *recs, i, compare_panel);
        if (!has_algorithm(recs + i, j - i, r->base))
            r->nskipped++;
        else if (fill_panel(r, &r->panels[r->npanels++], recs + i, j - i, e) != 0)
            return -1;
    }
    return 0;
}

int papsim_rel_build(const papsim_table *t, const char *base, const char *metric_column,
                     int speedup, papsim_rel_report *r, papsim_err *e)
{
    memset(r, 0, sizeof *r);
    r->path = t->path;
    r->base = base;
    r->metric = metric_column;
    r->speedup = speedup;
    papsim_report_metric_label(metric_column, r->metric_label, sizeof r->metric_label);
    int rc = -1;
    papsim_row_spec spec = {NPANEL_KEYS, papsim_panel_key_columns, key_default,
                            sizeof fields / sizeof fields[0], fields, 1, &metric_column, 1};
    record *recs = papsim_rows_read(t, &spec, e);
    if (!recs)
        goto out;
    qsort(recs, t->nrows, sizeof *recs, compare_records);
    if (!has_algorithm(recs, t->nrows, base)) {
        fail_no_base(r, recs, t->nrows, e);
        goto out;
    }
    if (build_panels(r, recs, t->nrows, e) != 0)
        goto out;
    rc = 0;
out:
    free(recs);
    if (rc != 0)
        papsim_rel_free(r);
    return rc;
}

void papsim_rel_free(papsim_rel_report *r)
{
    for (size_t i = 0; r->panels && i < r->npanels; i++) {
        for (size_t j = 0; j < r->panels[i].nrows; j++)
            free(r->panels[i].rows[j].cells);
        free(r->panels[i].rows);
        free(r->panels[i].algorithms);
    }
    free(r->panels);
    r->panels = NULL;
    r->npanels = 0;
}

void papsim_rel_file_prefix(const papsim_rel_report *r, char *buf, size_t len)
{
    snprintf(buf, len, "relative");
    papsim_report_append_sanitised(buf, len, "", r->base);
}
