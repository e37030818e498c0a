/* Builds the best-algorithm-per-cell report from a results table; see report.h.
 *
 * Method: one record per table row; the records are sorted by study key,
 * then no_delay before patterned rows, then skew, pattern, size, algorithm,
 * ok before not-ok, and value. After that sort every panel is a contiguous
 * run of patterned records plus the study's contiguous no_delay run, and the
 * repetitions of one (pattern, size, algorithm) are adjacent and ordered, so
 * medians fall out of a single pass. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* strdup */
#endif
#include "report/report.h"
#include "report/report_keys.h"
#include "report/report_panel.h"
#include "util/units.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const char *const papsim_panel_key_columns[PAPSIM_PK_COUNT] = {
    "collective", "platform", "np",   "mapping",      "ranks_per_node", "datatype",
    "op",         "root",     "gamma", "distribution", "skew",
};

#define DEFAULT_DISTRIBUTION "uniform"

int papsim_panel_key_shown(const char *const *key, int k)
{
    return k != PAPSIM_PK_DISTRIBUTION || strcmp(key[k], DEFAULT_DISTRIBUTION) != 0;
}

typedef papsim_report_record record;

/* Columns the report reads besides the panel keys. */
enum { COL_PATTERN, COL_ALGORITHM, COL_BYTES, COL_STATUS, COL_METRIC, COL_COUNT };

const char *papsim_report_metric_column(const char *metric)
{
    static const char *const columns[] = {"last_delay_s", "total_delay_s", "mean_elapsed_s",
                                          "max_elapsed_s"};
    for (size_t i = 0; i < sizeof columns / sizeof columns[0]; i++) {
        size_t n = strlen(columns[i]) - 2; /* without "_s" */
        if (strcmp(metric, columns[i]) == 0 ||
            (strncmp(metric, columns[i], n) == 0 && metric[n] == '\0'))
            return columns[i];
    }
    return NULL;
}

static int compare_study(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    return papsim_report_compare_keys(a->key, b->key, PAPSIM_PK_SKEW);
}

static int compare_skew_text(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    return strcmp(a->key[PAPSIM_PK_SKEW], b->key[PAPSIM_PK_SKEW]);
}

static int compare_records(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    int c = compare_study(a, b);
    if (c)
        return c;
    if (a->no_delay != b->no_delay)
        return b->no_delay - a->no_delay;
    if (!a->no_delay &&
        (c = papsim_report_compare_skew(a->key[PAPSIM_PK_SKEW], b->key[PAPSIM_PK_SKEW])))
        return c;
    if ((c = strcmp(a->pattern, b->pattern)) || (c = (a->bytes > b->bytes) - (a->bytes < b->bytes)) ||
        (c = strcmp(a->algorithm, b->algorithm)))
        return c;
    if (a->ok != b->ok)
        return b->ok - a->ok;
    return (a->value > b->value) - (a->value < b->value);
}

static int read_record(const papsim_table *t, size_t r, const int *kcol, const int *col,
                       record *rec, papsim_err *e)
{
    char **f = t->rows[r];
    for (int k = 0; k < PAPSIM_PK_COUNT; k++)
        rec->key[k] = kcol[k] >= 0 ? f[kcol[k]] : DEFAULT_DISTRIBUTION;
    rec->pattern = f[col[COL_PATTERN]];
    rec->algorithm = f[col[COL_ALGORITHM]];
    rec->no_delay = strcmp(rec->pattern, PAPSIM_NO_DELAY) == 0;
    rec->ok = strcmp(f[col[COL_STATUS]], "ok") == 0;
    rec->missed = strcmp(f[col[COL_STATUS]], "missed_start") == 0;
    rec->value = NAN;
    if (rec->pattern[0] == '\0' || rec->algorithm[0] == '\0')
        return papsim_fail(e, "%s:%ld: empty %s", t->path, t->lines[r],
                           rec->pattern[0] ? "algorithm" : "pattern");
    if (papsim_report_read_count(t, r, col[COL_BYTES], 0, &rec->bytes, e) != 0)
        return -1;
    return rec->ok ? papsim_report_read_ok_time(t, r, col[COL_METRIC], &rec->value, e) : 0;
}

/* Rows of one (report cell, algorithm) group share every panel key, the
 * pattern, the size and the algorithm; params orders the rows inside it. */
typedef struct {
    const papsim_table *t;
    const record *recs;
    int params_col;
} params_sort;

static int compare_cell_algorithm(const record *a, const record *b)
{
    int c = 0;
    for (int k = 0; k < PAPSIM_PK_COUNT && !c; k++)
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
    int c = compare_cell_algorithm(&s->recs[a], &s->recs[b]);
    return c ? c : strcmp(s->t->rows[a][s->params_col], s->t->rows[b][s->params_col]);
}

/* Marks (sets need[i]) every row whose algorithm has more than one params
 * value within its report cell; returns the label bytes they need. */
static size_t mark_params_variants(const params_sort *s, const size_t *order, size_t n,
                                   unsigned char *need)
{
    size_t bytes = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        int variants = 1;
        for (; j < n && compare_cell_algorithm(&s->recs[order[i]], &s->recs[order[j]]) == 0; j++)
            variants += strcmp(s->t->rows[order[j - 1]][s->params_col],
                               s->t->rows[order[j]][s->params_col]) != 0;
        for (size_t k = i; variants > 1 && k < j; k++) {
            need[order[k]] = 1;
            bytes += strlen(s->recs[order[k]].algorithm) +
                     strlen(s->t->rows[order[k]][s->params_col]) + 3;
        }
        i = j;
    }
    return bytes;
}

/* Knob variants of one algorithm would pool into one name: where the same
 * algorithm has more than one params value in a report cell, its records
 * there are named "name[params]"; everywhere else the name stays plain, so
 * `--relative NAME` still finds its base. *labels receives the text. */
static int label_params_variants(const papsim_table *t, record *recs, char **labels,
                                 papsim_err *e)
{
    params_sort s = {t, recs, papsim_table_column(t, "params")};
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
            used += (size_t)sprintf(label, "%s[%s]", recs[i].algorithm, t->rows[i][s.params_col]) + 1;
            recs[i].algorithm = label;
        }
    rc = 0;
out:
    free(order);
    free(need);
    return rc;
}

static int read_records(const papsim_table *t, const char *metric, record *recs, papsim_err *e)
{
    const char *names[COL_COUNT] = {"pattern", "algorithm", "bytes", "status", metric};
    int kcol[PAPSIM_PK_COUNT], col[COL_COUNT];
    if (papsim_report_panel_key_columns(t, PAPSIM_PK_COUNT, kcol, e) != 0 ||
        papsim_table_require(t, names, COL_COUNT, col, e) != 0)
        return -1;
    for (size_t r = 0; r < t->nrows; r++)
        if (read_record(t, r, kcol, col, &recs[r], e) != 0)
            return -1;
    return 0;
}

/* A short label per algorithm for table cells: a single word of up to six
 * letters stays whole ("linear"), a longer one keeps five ("binomial" ->
 * "binom"), a compound name gives its initials
 * ("builtin:ompi_in_order_binary" -> "oiob", the builtin: prefix dropped);
 * a label already taken gets a number ("ring", "ring2"). */
static void make_abbrev(const char *name, char *out, size_t len)
{
    if (strncmp(name, "builtin:", 8) == 0)
        name += 8;
    size_t n = 0;
    int words = 1;
    for (const char *p = name; *p; p++)
        words += (*p == '_' || *p == '-' || *p == ':' || *p == '.');
    if (words == 1) {
        snprintf(out, len, "%.*s", strlen(name) <= 6 ? 6 : 5, name);
        return;
    }
    int start = 1;
    for (const char *p = name; *p && n + 1 < len && n < 5; p++) {
        if (*p == '_' || *p == '-' || *p == ':' || *p == '.')
            start = 1;
        else if (start) {
            out[n++] = *p;
            start = 0;
        }
    }
    out[n] = '\0';
}

static int build_algorithms(papsim_report *r, const record *recs, size_t n, papsim_err *e)
{
    r->algorithms = papsim_report_distinct_names(recs, n, sizeof *recs,
                                                 offsetof(record, algorithm), &r->nalgorithms, e);
    if (!r->algorithms)
        return -1;
    size_t m = r->nalgorithms;
    r->abbrev = calloc(m, sizeof *r->abbrev);
    if (!r->abbrev)
        return papsim_fail(e, "out of memory for %zu algorithm labels", m);
    for (size_t a = 0; a < m; a++) {
        char base[16], label[32];
        make_abbrev(r->algorithms[a], base, sizeof base);
        snprintf(label, sizeof label, "%s", base);
        for (int k = 2;; k++) {
            size_t b = 0;
            while (b < a && strcmp(r->abbrev[b], label) != 0)
                b++;
            if (b == a)
                break;
            snprintf(label, sizeof label, "%s%d", base, k);
        }
        if (!(r->abbrev[a] = strdup(label)))
            return papsim_fail(e, "out of memory for algorithm labels");
    }
    return 0;
}

static int add_panel(papsim_report *r, size_t *capacity, const record *nd, size_t nnd,
                     const record *pat, size_t npat, papsim_err *e)
{
    if (r->npanels == *capacity) {
        size_t cap = *capacity ? 2 * *capacity : 8;
        papsim_panel *p = realloc(r->panels, cap * sizeof *p);
        if (!p)
            return papsim_fail(e, "out of memory for %zu panels", cap);
        r->panels = p;
        *capacity = cap;
    }
    papsim_panel *p = &r->panels[r->npanels];
    memset(p, 0, sizeof *p);
    r->npanels++; /* counted before filling so papsim_report_free cleans up partial panels */
    return papsim_report_fill_panel(r, p, nd, nnd, pat, npat, e);
}

/* One study: the no_delay run [0, nnd) then patterned runs, one per skew. */
static int add_study_panels(papsim_report *r, size_t *capacity, const record *s, size_t n,
                            papsim_err *e)
{
    size_t nnd = 0;
    while (nnd < n && s[nnd].no_delay)
        nnd++;
    if (nnd == n)
        return add_panel(r, capacity, s, nnd, NULL, 0, e);
    for (size_t i = nnd, j; i < n; i = j) {
        j = papsim_report_run_end(s, n, sizeof *s, i, compare_skew_text);
        if (add_panel(r, capacity, s, nnd, s + i, j - i, e) != 0)
            return -1;
    }
    return 0;
}

static int build_panels(papsim_report *r, const record *recs, size_t n, papsim_err *e)
{
    size_t capacity = 0;
    for (size_t i = 0, j; i < n; i = j) {
        j = papsim_report_run_end(recs, n, sizeof *recs, i, compare_study);
        if (add_study_panels(r, &capacity, recs + i, j - i, e) != 0)
            return -1;
    }
    return papsim_report_assign_file_stems(r, e);
}

int papsim_report_build(const papsim_table *t, const char *metric_column, papsim_report *r,
                        papsim_err *e)
{
    memset(r, 0, sizeof *r);
    r->metric = metric_column;
    papsim_report_metric_label(metric_column, r->metric_label, sizeof r->metric_label);
    int rc = -1;
    record *recs = papsim_report_alloc_records(t, sizeof *recs, e);
    if (!recs || read_records(t, metric_column, recs, e) != 0 ||
        label_params_variants(t, recs, &r->param_labels, e) != 0)
        goto out;
    qsort(recs, t->nrows, sizeof *recs, compare_records);
    if (build_algorithms(r, recs, t->nrows, e) != 0 || build_panels(r, recs, t->nrows, e) != 0)
        goto out;
    rc = 0;
out:
    free(recs);
    if (rc != 0)
        papsim_report_free(r);
    return rc;
}

void papsim_report_free(papsim_report *r)
{
    for (size_t i = 0; i < r->npanels; i++) {
        papsim_panel *p = &r->panels[i];
        free(p->patterns);
        free(p->bytes);
        free(p->median);
        free(p->spread);
        free(p->present);
        free(p->cells);
        free(p->a0);
        free(p->file_stem);
    }
    free(r->panels);
    for (size_t a = 0; r->abbrev && a < r->nalgorithms; a++)
        free(r->abbrev[a]);
    free(r->abbrev);
    free(r->algorithms);
    free(r->param_labels);
    memset(r, 0, sizeof *r);
}

const papsim_cell *papsim_panel_cell(const papsim_panel *p, size_t pattern, size_t size)
{
    return &p->cells[pattern * p->nsizes + size];
}

double papsim_panel_median(const papsim_panel *p, size_t pattern, size_t size, size_t algorithm)
{
    return p->median[(pattern * p->nsizes + size) * p->nalgorithms + algorithm];
}

const papsim_rep_spread *papsim_panel_spread(const papsim_panel *p, size_t pattern, size_t size,
                                             size_t algorithm)
{
    return &p->spread[(pattern * p->nsizes + size) * p->nalgorithms + algorithm];
}

size_t papsim_panel_columns(const papsim_report *r, const papsim_panel *p, size_t *cols)
{
    size_t n = 0;
    for (size_t a = 0; a < r->nalgorithms; a++)
        if (p->present[a])
            cols[n++] = a;
    return n;
}

int papsim_panel_has_absolute_cells(const papsim_panel *p)
{
    for (size_t i = 0; i < p->npatterns * p->nsizes; i++)
        if (p->cells[i].winner >= 0 && isnan(p->cells[i].ratio))
            return 1;
    return 0;
}
