/* The panel model's rows and repetitions; see report_rows.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* qsort_r */
#endif
#include "report/report_rows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_keys.h"
#include "util/units.h"

static const char *const field_columns[PAPSIM_FIELD_COUNT] = {
    "pattern", "algorithm", "mapping", "np", "bytes", "skew", "status",
};

/* The columns of the keys, the fields and the metrics, in the order a
 * missing one is reported. */
typedef struct {
    int key[PAPSIM_ROW_MAX_KEYS];
    int field[PAPSIM_FIELD_COUNT]; /* -1: not read */
    int metric[PAPSIM_ROW_MAX_METRICS];
    int skew_s;
} columns;

static int find_columns(const papsim_table *t, const papsim_row_spec *s, columns *c,
                        papsim_err *e)
{
    for (int k = 0; k < s->nkeys; k++) {
        c->key[k] = papsim_table_column(t, s->key_columns[k]);
        if (c->key[k] < 0 && !s->key_default[k])
            return papsim_fail(e, "%s: missing column '%s'", t->path, s->key_columns[k]);
    }
    for (int f = 0; f < PAPSIM_FIELD_COUNT; f++)
        c->field[f] = -1;
    for (size_t i = 0; i < s->nfields; i++)
        if (papsim_table_require(t, &field_columns[s->fields[i]], 1, &c->field[s->fields[i]],
                                 e) != 0)
            return -1;
    if (papsim_table_require(t, s->metrics, (int)s->nmetrics, c->metric, e) != 0)
        return -1;
    c->skew_s = s->skew_s ? papsim_table_column(t, "skew_s") : -1;
    return 0;
}

static const char *field(char **f, const columns *c, papsim_row_field which)
{
    return c->field[which] >= 0 ? f[c->field[which]] : "";
}

/* The absolute skew of a row: skew_s when the table has it, otherwise the
 * spec text when that is absolute; NAN for a relative skew without skew_s. */
static int read_skew(const papsim_table *t, size_t row, const columns *c, papsim_row *r,
                     papsim_err *e)
{
    papsim_skew s;
    int parsed = papsim_parse_skew(r->skew, &s, NULL) == 0;
    r->own = parsed && s.kind == PAPSIM_SKEW_OWN;
    if (c->skew_s >= 0) {
        const char *text = t->rows[row][c->skew_s];
        if (papsim_report_parse_seconds(text, &r->skew_s) != 0)
            return papsim_fail(e, "%s:%ld: skew_s: '%s' is not a time in seconds", t->path,
                               t->lines[row], text);
    } else if (parsed && s.kind == PAPSIM_SKEW_ABSOLUTE) {
        r->skew_s = s.value;
    }
    return 0;
}

static int read_row(const papsim_table *t, size_t row, const papsim_row_spec *s,
                    const columns *c, papsim_row *r, papsim_err *e)
{
    char **f = t->rows[row];
    long line = t->lines[row];
    memset(r, 0, sizeof *r);
    for (int k = 0; k < s->nkeys; k++)
        r->key[k] = c->key[k] >= 0 ? f[c->key[k]] : s->key_default[k];
    r->pattern = field(f, c, PAPSIM_FIELD_PATTERN);
    r->algorithm = field(f, c, PAPSIM_FIELD_ALGORITHM);
    r->mapping = field(f, c, PAPSIM_FIELD_MAPPING);
    r->skew = field(f, c, PAPSIM_FIELD_SKEW);
    r->status = field(f, c, PAPSIM_FIELD_STATUS);
    r->no_delay = strcmp(r->pattern, PAPSIM_NO_DELAY) == 0;
    r->ok = strcmp(r->status, "ok") == 0;
    r->missed = strcmp(r->status, "missed_start") == 0;
    r->skew_s = NAN;
    for (size_t m = 0; m < PAPSIM_ROW_MAX_METRICS; m++)
        r->value[m] = NAN;
    if (c->field[PAPSIM_FIELD_PATTERN] >= 0 && r->pattern[0] == '\0')
        return papsim_fail(e, "%s:%ld: empty pattern", t->path, line);
    if (r->algorithm[0] == '\0')
        return papsim_fail(e, "%s:%ld: empty algorithm", t->path, line);
    if (c->field[PAPSIM_FIELD_MAPPING] >= 0 && r->mapping[0] == '\0')
        return papsim_fail(e, "%s:%ld: empty mapping", t->path, line);
    if ((c->field[PAPSIM_FIELD_NP] >= 0 &&
         papsim_report_read_count(t, row, c->field[PAPSIM_FIELD_NP], 1, &r->np, e) != 0) ||
        (c->field[PAPSIM_FIELD_BYTES] >= 0 &&
         papsim_report_read_count(t, row, c->field[PAPSIM_FIELD_BYTES], 0, &r->bytes, e) != 0))
        return -1;
    for (size_t m = 0; m < s->nmetrics && r->ok; m++)
        if (papsim_report_read_ok_time(t, row, c->metric[m], &r->value[m], e) != 0)
            return -1;
    return s->skew_s ? read_skew(t, row, c, r, e) : 0;
}

papsim_row *papsim_rows_read(const papsim_table *t, const papsim_row_spec *s, papsim_err *e)
{
    columns c;
    papsim_row *rows = papsim_report_alloc_records(t, sizeof *rows, e);
    if (!rows)
        return NULL;
    if (find_columns(t, s, &c, e) == 0) {
        size_t i = 0;
        while (i < t->nrows && read_row(t, i, s, &c, &rows[i], e) == 0)
            i++;
        if (i == t->nrows)
            return rows;
    }
    free(rows);
    return NULL;
}

int papsim_rows_compare_reps(const papsim_row *a, const papsim_row *b)
{
    if (a->ok != b->ok)
        return b->ok - a->ok;
    return (a->value[0] > b->value[0]) - (a->value[0] < b->value[0]);
}

void papsim_spread_add(papsim_rep_spread *s, int ok, int missed, double value)
{
    if (ok) {
        if (s->nok++ == 0)
            s->min = value;
        s->max = value;
    } else if (missed) {
        s->nmissed++;
    } else {
        s->nother++;
    }
}

void papsim_reps_summarise(const papsim_row *run, size_t n, size_t nmetrics, papsim_reps *out)
{
    memset(out, 0, sizeof *out);
    out->status = n ? run[0].status : "";
    for (size_t i = 0; i < n; i++) {
        out->nok += (size_t)run[i].ok;
        papsim_spread_add(&out->spread, run[i].ok, run[i].missed, run[i].value[0]);
    }
    for (size_t m = 0; m < PAPSIM_ROW_MAX_METRICS; m++) {
        double sum = 0;
        for (size_t i = 0; m < nmetrics && i < n; i++)
            if (run[i].ok)
                sum += run[i].value[m];
        out->mean[m] = m < nmetrics && out->nok ? sum / (double)out->nok : NAN;
    }
    out->median = papsim_report_sorted_median(&run[0].value[0], out->nok, sizeof *run);
}

/* Rows of one (cell, algorithm) group share every key, the pattern, the
 * size and the algorithm; params orders the rows inside it. */
typedef struct {
    const papsim_table *t;
    const papsim_row *rows;
    int nkeys;
    int params_col;
} params_sort;

static int compare_cell_algorithm(const params_sort *s, size_t i, size_t j)
{
    const papsim_row *a = &s->rows[i], *b = &s->rows[j];
    int c = 0;
    for (int k = 0; k < s->nkeys && !c; k++)
        c = strcmp(a->key[k], b->key[k]);
    if (!c)
        c = strcmp(a->pattern, b->pattern);
    if (!c)
        c = (a->bytes > b->bytes) - (a->bytes < b->bytes);
    return c ? c : strcmp(a->algorithm, b->algorithm);
}

static int compare_params_rows(const void *pa, const void *pb, void *ctx)
{
    const params_sort *s = ctx;
    size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
    int c = compare_cell_algorithm(s, a, b);
    return c ? c : strcmp(s->t->rows[a][s->params_col], s->t->rows[b][s->params_col]);
}

/* Marks (sets need[i]) every row whose algorithm has more than one params
 * value within its group; returns the label bytes they need. */
static size_t mark_params_variants(const params_sort *s, const size_t *order, size_t n,
                                   unsigned char *need)
{
    size_t bytes = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        int variants = 1;
        for (; j < n && compare_cell_algorithm(s, order[i], order[j]) == 0; j++)
            variants += strcmp(s->t->rows[order[j - 1]][s->params_col],
                               s->t->rows[order[j]][s->params_col]) != 0;
        for (size_t k = i; variants > 1 && k < j; k++) {
            need[order[k]] = 1;
            bytes += strlen(s->rows[order[k]].algorithm) +
                     strlen(s->t->rows[order[k]][s->params_col]) + 3;
        }
        i = j;
    }
    return bytes;
}

int papsim_rows_label_variants(const papsim_table *t, const papsim_row_spec *spec,
                               papsim_row *rows, char **labels, papsim_err *e)
{
    params_sort s = {t, rows, spec->nkeys, papsim_table_column(t, "params")};
    size_t n = t->nrows, *order = NULL, bytes;
    unsigned char *need = NULL;
    int rc = -1;
    *labels = NULL;
    if (s.params_col < 0 || n == 0)
        return 0; /* a table written before the column: plain names */
    order = malloc(n * sizeof *order);
    need = calloc(n, 1);
    if (!order || !need) {
        papsim_fail(e, "%s: out of memory for %zu rows", t->path, n);
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    qsort_r(order, n, sizeof *order, compare_params_rows, &s);
    bytes = mark_params_variants(&s, order, n, need);
    if (bytes && !(*labels = malloc(bytes))) {
        papsim_fail(e, "%s: out of memory for algorithm labels", t->path);
        goto out;
    }
    for (size_t i = 0, used = 0; i < n; i++)
        if (need[i]) {
            char *label = *labels + used;
            used += (size_t)sprintf(label, "%s[%s]", rows[i].algorithm,
                                    t->rows[i][s.params_col]) + 1;
            rows[i].algorithm = label;
        }
    rc = 0;
out:
    free(order);
    free(need);
    return rc;
}
