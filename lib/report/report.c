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
#include "report/report_names.h"
#include "report/report_rows.h"
#include "util/units.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef papsim_row record;

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
    return papsim_rows_compare_reps(a, b);
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

/* The patterned run is sorted by pattern, so its distinct names come out
 * sorted; no_delay goes last, as the bottom row of Figure 4 of Salimi Beni
 * et al., IEEE CLUSTER 2024 (full reference: README.md, References). */
static int collect_patterns(papsim_report_panel *p, const record *nd, size_t nnd, const record *pat,
                            size_t npat, papsim_err *e)
{
    p->patterns = malloc((npat + 1) * sizeof *p->patterns);
    if (!p->patterns)
        return papsim_fail(e, "out of memory for %zu pattern names", npat + 1);
    for (size_t i = 0; i < npat; i++)
        if (p->npatterns == 0 || strcmp(p->patterns[p->npatterns - 1], pat[i].pattern) != 0)
            p->patterns[p->npatterns++] = pat[i].pattern;
    p->no_delay_row = -1;
    if (nnd > 0) {
        p->no_delay_row = (long)p->npatterns;
        p->patterns[p->npatterns++] = nd[0].pattern;
    }
    return 0;
}

static int collect_sizes(papsim_report_panel *p, const record *nd, size_t nnd, const record *pat,
                         size_t npat, papsim_err *e)
{
    p->bytes = malloc((nnd + npat) * sizeof *p->bytes);
    if (!p->bytes)
        return papsim_fail(e, "out of memory for %zu sizes", nnd + npat);
    for (size_t i = 0; i < nnd; i++)
        p->bytes[i] = nd[i].bytes;
    for (size_t i = 0; i < npat; i++)
        p->bytes[nnd + i] = pat[i].bytes;
    p->nsizes = papsim_report_unique_numbers(p->bytes, nnd + npat);
    return 0;
}

static size_t pattern_index(const papsim_report_panel *p, const char *pattern)
{
    size_t i = 0;
    while (i + 1 < p->npatterns && strcmp(p->patterns[i], pattern) != 0)
        i++;
    return i;
}

/* 0 when two records are repetitions of one (pattern, size, algorithm). */
static int compare_cell(const void *pa, const void *pb)
{
    const record *a = pa, *b = pb;
    return !(a->bytes == b->bytes && strcmp(a->pattern, b->pattern) == 0 &&
             strcmp(a->algorithm, b->algorithm) == 0);
}

/* Each (pattern, size, algorithm) group is adjacent with its ok rows first in
 * ascending value, so the median is read off directly. Repetitions of every
 * seed are pooled: for seeded patterns the seed is one more source of
 * variation, not a separate row of the figure. */
static void fill_medians(const papsim_report *r, papsim_report_panel *p, const record *run, size_t n)
{
    for (size_t i = 0, j; i < n; i = j) {
        size_t a = papsim_report_name_index(r->algorithms, r->nalgorithms, run[i].algorithm);
        size_t at = (pattern_index(p, run[i].pattern) * p->nsizes +
                     papsim_report_number_index(p->bytes, p->nsizes, run[i].bytes)) *
                        p->nalgorithms + a;
        papsim_reps reps;
        j = papsim_report_run_end(run, n, sizeof *run, i, compare_cell);
        papsim_reps_summarise(run + i, j - i, 1, &reps);
        p->present[a] = 1;
        p->median[at] = reps.median;
        p->spread[at] = reps.spread;
    }
}

/* Lowest median wins; a tie goes to the alphabetically first algorithm so
 * the report does not depend on the order of rows in the file. */
static void pick_winner(papsim_report_panel *p, size_t pi, size_t si)
{
    papsim_cell *c = &p->cells[pi * p->nsizes + si];
    c->winner = -1;
    c->value = NAN;
    c->ratio = NAN;
    for (size_t a = 0; a < p->nalgorithms; a++) {
        double v = papsim_panel_median(p, pi, si, a);
        if (!isnan(v) && (c->winner < 0 || v < c->value)) {
            c->winner = (int)a;
            c->value = v;
        }
    }
}

static void fill_cells(papsim_report_panel *p)
{
    for (size_t pi = 0; pi < p->npatterns; pi++)
        for (size_t si = 0; si < p->nsizes; si++)
            pick_winner(p, pi, si);
    for (size_t si = 0; si < p->nsizes; si++) {
        p->a0[si] = p->no_delay_row >= 0
                        ? papsim_panel_cell(p, (size_t)p->no_delay_row, si)->winner
                        : -1;
        for (size_t pi = 0; pi < p->npatterns && p->a0[si] >= 0; pi++) {
            papsim_cell *c = &p->cells[pi * p->nsizes + si];
            double base = papsim_panel_median(p, pi, si, (size_t)p->a0[si]);
            if (c->winner >= 0 && !isnan(base) && base > 0)
                c->ratio = c->value / base;
        }
    }
}

static int fill_panel(const papsim_report *r, papsim_report_panel *p, const record *nd, size_t nnd,
                      const record *pat, size_t npat, papsim_err *e)
{
    const record *first = npat ? pat : nd;
    for (int k = 0; k < PAPSIM_PK_COUNT; k++)
        p->key[k] = first->key[k];
    p->nalgorithms = r->nalgorithms;
    if (collect_patterns(p, nd, nnd, pat, npat, e) != 0 ||
        collect_sizes(p, nd, nnd, pat, npat, e) != 0)
        return -1;
    size_t ncells = p->npatterns * p->nsizes;
    p->median = malloc(ncells * p->nalgorithms * sizeof *p->median);
    p->spread = calloc(ncells * p->nalgorithms, sizeof *p->spread);
    p->present = calloc(p->nalgorithms, sizeof *p->present);
    p->cells = malloc(ncells * sizeof *p->cells);
    p->a0 = malloc(p->nsizes * sizeof *p->a0);
    if (!p->median || !p->spread || !p->present || !p->cells || !p->a0)
        return papsim_fail(e, "out of memory for a panel of %zu cells", ncells);
    for (size_t i = 0; i < ncells * p->nalgorithms; i++)
        p->median[i] = NAN;
    fill_medians(r, p, nd, nnd);
    fill_medians(r, p, pat, npat);
    fill_cells(p);
    return 0;
}

static void panel_stem(const papsim_report_panel *p, char *buf, size_t len)
{
    static const char *const prefix[PAPSIM_PK_COUNT] = {
        "", "", "np", "", "rpn", "", "", "root", "gamma", "", "skew",
    };
    char platform[256];
    buf[0] = '\0';
    for (int k = 0; k < PAPSIM_PK_COUNT; k++) {
        const char *value = p->key[k];
        if (!papsim_panel_key_shown(p->key, k))
            continue;
        if (k == PAPSIM_PK_PLATFORM) {
            papsim_report_platform_short_name(value, platform, sizeof platform);
            value = platform;
        }
        papsim_report_append_sanitised(buf, len, prefix[k], value);
    }
}

/* Two panels can sanitise to the same stem (platforms a/x.xml and b/x.xml);
 * later ones get "_2", "_3"... so no plot overwrites another. */
static int stem_taken(const void *ctx, const char *stem)
{
    const papsim_report *r = ctx;
    for (size_t j = 0; j < r->npanels && r->panels[j].file_stem; j++)
        if (strcmp(r->panels[j].file_stem, stem) == 0)
            return 1;
    return 0;
}

static int assign_file_stems(papsim_report *r, papsim_err *e)
{
    for (size_t i = 0; i < r->npanels; i++) {
        char base[400], stem[420];
        panel_stem(&r->panels[i], base, sizeof base);
        papsim_report_unique_stem(base, stem, sizeof stem, stem_taken, r);
        if (!(r->panels[i].file_stem = strdup(stem)))
            return papsim_fail(e, "out of memory for panel file names");
    }
    return 0;
}

static int add_panel(papsim_report *r, size_t *capacity, const record *nd, size_t nnd,
                     const record *pat, size_t npat, papsim_err *e)
{
    if (r->npanels == *capacity) {
        size_t cap = *capacity ? 2 * *capacity : 8;
        papsim_report_panel *p = realloc(r->panels, cap * sizeof *p);
        if (!p)
            return papsim_fail(e, "out of memory for %zu panels", cap);
        r->panels = p;
        *capacity = cap;
    }
    papsim_report_panel *p = &r->panels[r->npanels];
    memset(p, 0, sizeof *p);
    r->npanels++; /* counted before filling so papsim_report_free cleans up partial panels */
    return fill_panel(r, p, nd, nnd, pat, npat, e);
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
    return assign_file_stems(r, e);
}

/* What the runtime report reads of a row: the panel keys (a missing
 * distribution is "uniform"), then these fields and the metric. */
static const char *const key_default[PAPSIM_PK_COUNT] = {
    [PAPSIM_PK_DISTRIBUTION] = PAPSIM_DEFAULT_DISTRIBUTION,
};
static const papsim_row_field fields[] = {PAPSIM_FIELD_PATTERN, PAPSIM_FIELD_ALGORITHM,
                                          PAPSIM_FIELD_BYTES, PAPSIM_FIELD_STATUS};

int papsim_report_build(const papsim_table *t, const char *metric_column, papsim_report *r,
                        papsim_err *e)
{
    papsim_row_spec spec = {PAPSIM_PK_COUNT, papsim_panel_key_columns, key_default,
                            sizeof fields / sizeof fields[0], fields, 1, &metric_column, 0};
    memset(r, 0, sizeof *r);
    r->metric = metric_column;
    papsim_report_metric_label(metric_column, r->metric_label, sizeof r->metric_label);
    int rc = -1;
    record *recs = papsim_rows_read(t, &spec, e);
    if (!recs || papsim_rows_label_variants(t, &spec, recs, &r->param_labels, e) != 0)
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
        papsim_report_panel *p = &r->panels[i];
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

const papsim_cell *papsim_panel_cell(const papsim_report_panel *p, size_t pattern, size_t size)
{
    return &p->cells[pattern * p->nsizes + size];
}

double papsim_panel_median(const papsim_report_panel *p, size_t pattern, size_t size, size_t algorithm)
{
    return p->median[(pattern * p->nsizes + size) * p->nalgorithms + algorithm];
}

const papsim_rep_spread *papsim_panel_spread(const papsim_report_panel *p, size_t pattern, size_t size,
                                             size_t algorithm)
{
    return &p->spread[(pattern * p->nsizes + size) * p->nalgorithms + algorithm];
}

size_t papsim_panel_columns(const papsim_report *r, const papsim_report_panel *p, size_t *cols)
{
    size_t n = 0;
    for (size_t a = 0; a < r->nalgorithms; a++)
        if (p->present[a])
            cols[n++] = a;
    return n;
}

int papsim_panel_has_absolute_cells(const papsim_report_panel *p)
{
    for (size_t i = 0; i < p->npatterns * p->nsizes; i++)
        if (p->cells[i].winner >= 0 && isnan(p->cells[i].ratio))
            return 1;
    return 0;
}
