/* Fills one report panel: its patterns and sizes, the median metric of every
 * algorithm per cell, the winners and their ratios to A0; and names the
 * panels' plot files. See report.h for what the numbers mean. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* strdup */
#endif
#include "report/report_panel.h"
#include "report/report_keys.h"
#include "report/report_names.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef papsim_report_record record;

/* The patterned run is sorted by pattern, so its distinct names come out
 * sorted; no_delay goes last, as the bottom row of Figure 4 of Salimi Beni
 * et al., IEEE CLUSTER 2024 (full reference: README.md, References). */
static int collect_patterns(papsim_panel *p, const record *nd, size_t nnd, const record *pat,
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

static int collect_sizes(papsim_panel *p, const record *nd, size_t nnd, const record *pat,
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

static size_t pattern_index(const papsim_panel *p, const char *pattern)
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
static void fill_medians(const papsim_report *r, papsim_panel *p, const record *run, size_t n)
{
    for (size_t i = 0, j; i < n; i = j) {
        size_t a = papsim_report_name_index(r->algorithms, r->nalgorithms, run[i].algorithm);
        size_t at = (pattern_index(p, run[i].pattern) * p->nsizes +
                     papsim_report_number_index(p->bytes, p->nsizes, run[i].bytes)) *
                        p->nalgorithms + a;
        size_t ok = 0;
        j = papsim_report_run_end(run, n, sizeof *run, i, compare_cell);
        for (size_t k = i; k < j; k++) {
            ok += (size_t)run[k].ok;
            papsim_spread_add(&p->spread[at], run[k].ok, run[k].missed, run[k].value);
        }
        p->present[a] = 1;
        p->median[at] = papsim_report_sorted_median(&run[i].value, ok, sizeof *run);
    }
}

/* Lowest median wins; a tie goes to the alphabetically first algorithm so
 * the report does not depend on the order of rows in the file. */
static void pick_winner(papsim_panel *p, size_t pi, size_t si)
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

static void fill_cells(papsim_panel *p)
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

int papsim_report_fill_panel(const papsim_report *r, papsim_panel *p, const record *nd,
                             size_t nnd, const record *pat, size_t npat, papsim_err *e)
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

static void panel_stem(const papsim_panel *p, char *buf, size_t len)
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

int papsim_report_assign_file_stems(papsim_report *r, papsim_err *e)
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
