/* best_TARGET.txt and best_TARGET.md: per section (collective, pattern, skew
 * and the other case keys) a table shaped like Tables 6-8 of Loch 2021,
 * Sparbit (full reference: README.md, References) (rows:
 * mapping view x platform [x distribution] x metric; columns: cells, best,
 * best in, mean, median, highest), then the share of cells every algorithm
 * wins, then the heatmap files. Both formats come from one cell grid. */
#include "report/report_best.h"
#include "report/report_format.h"
#include "report/report_keys.h"
#include "report/report_grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FIELD_MAX 96

/* Appends a row to the grid, its fields typed for snprintf(row[col++], ...). */
static char (*grid_add_row(papsim_grid *t))[FIELD_MAX]
{
    return (char(*)[FIELD_MAX])papsim_grid_add_row(t);
}

/* A numeric column: right-aligned in both formats. */
static void right_column(papsim_grid *t, size_t col)
{
    t->right[col] = 1;
    t->md_rule[col] = "|---:";
}

static void percent(double fraction, char *buf)
{
    if (isnan(fraction))
        snprintf(buf, FIELD_MAX, "-");
    else
        snprintf(buf, FIELD_MAX, "%.2f", 100.0 * fraction);
}

/* Groups [*end) with the same section keys as groups[start]. */
static size_t section_end(const papsim_best_report *r, size_t start)
{
    size_t end = start + 1;
    while (end < r->ngroups) {
        int same = 1;
        for (int k = 0; k < PAPSIM_BK_SECTION_END && same; k++)
            same = strcmp(r->groups[end].key[k], r->groups[start].key[k]) == 0;
        if (!same)
            break;
        end++;
    }
    return end;
}

static int show_distribution(const papsim_best_report *r, size_t g0, size_t g1)
{
    for (size_t g = g0; g < g1; g++)
        if (strcmp(r->groups[g].key[PAPSIM_BK_DISTRIBUTION], PAPSIM_DEFAULT_DISTRIBUTION) != 0)
            return 1;
    return 0;
}

/* The view of group g called name, or -1. */
static long find_view(const papsim_report_panel *g, const char *name)
{
    for (size_t v = 0; v < g->nviews; v++)
        if (strcmp(papsim_best_view_name(g, &g->views[v]), name) == 0)
            return (long)v;
    return -1;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The section's view names: mappings in name order, then united. Returns
 * the count, or -1 when out of memory; *names is to be freed. */
static long section_views(const papsim_best_report *r, size_t g0, size_t g1,
                          const char ***names)
{
    size_t n = 0, cap = 1;
    for (size_t g = g0; g < g1; g++)
        cap += r->groups[g].nmappings;
    const char **v = malloc(cap * sizeof *v);
    if (!v)
        return -1;
    int united = 0;
    for (size_t g = g0; g < g1; g++) {
        const papsim_report_panel *grp = &r->groups[g];
        united |= grp->nviews > grp->nmappings;
        for (size_t m = 0; m < grp->nmappings; m++) {
            size_t i = 0;
            while (i < n && strcmp(v[i], grp->mappings[m]) != 0)
                i++;
            if (i == n)
                v[n++] = grp->mappings[m];
        }
    }
    qsort(v, n, sizeof *v, compare_names);
    if (united)
        v[n++] = PAPSIM_BEST_UNITED;
    *names = v;
    return (long)n;
}

/* Calls row(ctx, group, view index, metric) in table order: view name, then
 * group (platform, distribution), then metric. */
typedef int (*row_fn)(void *ctx, const papsim_report_panel *g, size_t view, size_t metric);

static int for_each_row(const papsim_best_report *r, size_t g0, size_t g1, row_fn row,
                        void *ctx)
{
    const char **names;
    long nnames = section_views(r, g0, g1, &names);
    if (nnames < 0)
        return -1;
    int rc = 0;
    for (long i = 0; i < nnames && rc == 0; i++)
        for (size_t g = g0; g < g1 && rc == 0; g++) {
            long v = find_view(&r->groups[g], names[i]);
            for (size_t m = 0; v >= 0 && m < r->nmetrics && rc == 0; m++)
                rc = row(ctx, &r->groups[g], (size_t)v, m);
        }
    free(names);
    return rc;
}

typedef struct {
    const papsim_best_report *r;
    papsim_grid *t;
    int distribution;
    const unsigned char *algorithms; /* per-algorithm table: columns shown */
    size_t lonely;                   /* target-best cells without a second best */
} table_ctx;

/* The leading row fields; returns the next column. */
static size_t row_keys(const table_ctx *c, char (*row)[FIELD_MAX], const papsim_report_panel *g,
                       size_t view, size_t metric)
{
    size_t col = 0;
    snprintf(row[col++], FIELD_MAX, "%s", papsim_best_view_name(g, &g->views[view]));
    snprintf(row[col++], FIELD_MAX, "%s", g->key[PAPSIM_BK_PLATFORM]);
    if (c->distribution)
        snprintf(row[col++], FIELD_MAX, "%s", g->key[PAPSIM_BK_DISTRIBUTION]);
    snprintf(row[col++], FIELD_MAX, "%s", c->r->metric_labels[metric]);
    return col;
}

static int summary_row(void *ctx, const papsim_report_panel *g, size_t view, size_t metric)
{
    table_ctx *c = ctx;
    char(*row)[FIELD_MAX] = grid_add_row(c->t);
    if (!row)
        return -1;
    const papsim_best_view *v = papsim_best_view_at(g, metric, view);
    size_t wins = v->wins[c->r->target_index];
    size_t col = row_keys(c, row, g, view, metric);
    snprintf(row[col++], FIELD_MAX, "%zu", v->ncells);
    snprintf(row[col++], FIELD_MAX, "%zu", wins);
    percent(v->ncells ? (double)wins / (double)v->ncells : NAN, row[col++]);
    percent(v->mean, row[col++]);
    percent(v->median, row[col++]);
    percent(v->highest, row[col++]);
    c->lonely += wins - v->nreduction;
    return 0;
}

static int share_row(void *ctx, const papsim_report_panel *g, size_t view, size_t metric)
{
    table_ctx *c = ctx;
    char(*row)[FIELD_MAX] = grid_add_row(c->t);
    if (!row)
        return -1;
    const papsim_best_view *v = papsim_best_view_at(g, metric, view);
    size_t col = row_keys(c, row, g, view, metric);
    for (size_t a = 0; a < c->r->nalgorithms; a++) {
        if (!c->algorithms[a])
            continue;
        if (!g->present[a])
            snprintf(row[col++], FIELD_MAX, "-");
        else
            snprintf(row[col++], FIELD_MAX, "%.2f (%zu)",
                     v->ncells ? 100.0 * (double)v->wins[a] / (double)v->ncells : 0.0,
                     v->wins[a]);
    }
    return 0;
}

static size_t header_keys(const table_ctx *c, char (*row)[FIELD_MAX])
{
    size_t col = 0;
    snprintf(row[col++], FIELD_MAX, "Mapping");
    snprintf(row[col++], FIELD_MAX, "Platform");
    if (c->distribution)
        snprintf(row[col++], FIELD_MAX, "Distribution");
    snprintf(row[col++], FIELD_MAX, "Metric");
    return col;
}

/* The Tables 6-8 grid of one section. */
static int summary_grid(const papsim_best_report *r, size_t g0, size_t g1, papsim_grid *t,
                        size_t *lonely)
{
    static const char *const heads[] = {"Cells", "Best", "Best in %", "Mean %", "Median %",
                                        "Highest %"};
    table_ctx c = {r, t, show_distribution(r, g0, g1), NULL, 0};
    size_t nkeys = 3 + (size_t)c.distribution, nheads = sizeof heads / sizeof heads[0];
    if (papsim_grid_init(t, nkeys + nheads, FIELD_MAX) != 0)
        return -1;
    char(*row)[FIELD_MAX] = grid_add_row(t);
    if (!row)
        return -1;
    size_t col = header_keys(&c, row);
    for (size_t h = 0; h < nheads; h++) {
        right_column(t, col);
        snprintf(row[col++], FIELD_MAX, "%s", heads[h]);
    }
    int rc = for_each_row(r, g0, g1, summary_row, &c);
    *lonely = c.lonely;
    return rc;
}

/* The share of cells each algorithm of the section wins. */
static int share_grid(const papsim_best_report *r, size_t g0, size_t g1, papsim_grid *t)
{
    unsigned char *shown = calloc(r->nalgorithms, 1);
    if (!shown)
        return -1;
    size_t nshown = 0;
    for (size_t a = 0; a < r->nalgorithms; a++) {
        for (size_t g = g0; g < g1 && !shown[a]; g++)
            shown[a] = r->groups[g].present[a];
        nshown += shown[a];
    }
    table_ctx c = {r, t, show_distribution(r, g0, g1), shown, 0};
    size_t nkeys = 3 + (size_t)c.distribution;
    int rc = -1;
    if (papsim_grid_init(t, nkeys + nshown, FIELD_MAX) != 0)
        goto out;
    char(*row)[FIELD_MAX] = grid_add_row(t);
    if (!row)
        goto out;
    size_t col = header_keys(&c, row);
    for (size_t a = 0; a < r->nalgorithms; a++)
        if (shown[a]) {
            right_column(t, col);
            snprintf(row[col++], FIELD_MAX, "%s", r->algorithms[a]);
        }
    rc = for_each_row(r, g0, g1, share_row, &c);
out:
    free(shown);
    return rc;
}

static void section_title(const papsim_best_report *r, size_t g, char *buf, size_t len)
{
    const papsim_report_panel *grp = &r->groups[g];
    size_t n = (size_t)snprintf(buf, len, "%s, pattern=%s, skew=%s",
                                grp->key[PAPSIM_BK_COLLECTIVE], grp->key[PAPSIM_BK_PATTERN],
                                grp->key[PAPSIM_BK_SKEW]);
    for (int k = PAPSIM_BK_RANKS_PER_NODE; k < PAPSIM_BK_SECTION_END && n < len; k++)
        if (grp->key[k][0])
            n += (size_t)snprintf(buf + n, len - n, ", %s=%s", papsim_best_key_columns[k],
                                  grp->key[k]);
}

static void write_preamble(const papsim_best_report *r, FILE *f, int md)
{
    const char *t = r->target;
    if (md)
        fprintf(f, "# papsim report --best %s\n\n", t);
    else
        fprintf(f, "papsim report --best %s: where %s is the best algorithm, and by how much\n",
                t, t);
    fprintf(f, "%sinput: %s\n%smetrics:", md ? "- " : "", r->path, md ? "- " : "");
    for (size_t m = 0; m < r->nmetrics; m++)
        fprintf(f, "%s %s", m ? "," : "", r->metric_labels[m]);
    fprintf(f, " (heatmaps: %s)\n", r->metric_labels[0]);
    if (r->nskipped)
        fprintf(f, "%sgroups without any %s row, left out: %zu\n", md ? "- " : "", t,
                r->nskipped);
    fprintf(f,
            "\nA group is one collective, platform, distribution, pattern and skew (and the\n"
            "other case keys); a cell is one (np, bytes) of a group. T = the metric's mean\n"
            "over the ok repetitions (and seeds) of a case; other rows are ignored. The best\n"
            "algorithm of a cell has the lowest T, a tie going to the name first in\n"
            "alphabetical order. Cells: cells where some algorithm has a result. Best: cells\n"
            "where %s is best; Best in = Best / Cells. Mean, Median, Highest: of\n"
            "1 - T(%s) / T(second best) over the cells where %s is best, in percent\n"
            "(cells with no second algorithm left out). united: each algorithm's record is\n"
            "its lowest T over the mappings, the cell goes to the best record and the second\n"
            "best is the best record of any other algorithm.\n",
            t, t, t);
}

static int write_section(const papsim_best_report *r, FILE *f, size_t g0, size_t g1, int md)
{
    char title[1024];
    papsim_grid t = {0};
    size_t lonely = 0;
    section_title(r, g0, title, sizeof title);
    fprintf(f, md ? "\n## %s\n\n" : "\n== %s ==\n\n", title);
    int rc = summary_grid(r, g0, g1, &t, &lonely);
    if (rc == 0)
        rc = (md ? papsim_grid_print_markdown : papsim_grid_print_text)(&t, f);
    papsim_grid_free(&t);
    if (rc != 0)
        return -1;
    if (lonely)
        fprintf(f, "\nnote: in %zu of the Best cells above %s is the only algorithm with a "
                   "result;\nMean, Median and Highest leave those cells out.\n",
                lonely, r->target);
    fprintf(f, "\nBest algorithm per cell, %% of Cells (count); - = no ok result:\n\n");
    rc = share_grid(r, g0, g1, &t);
    if (rc == 0)
        rc = (md ? papsim_grid_print_markdown : papsim_grid_print_text)(&t, f);
    papsim_grid_free(&t);
    if (rc != 0)
        return -1;
    fprintf(f, "\nHeatmaps (%s; colour = best algorithm, grey = %s's reduction):\n%s",
            r->metric_labels[0], r->target, md ? "\n" : "");
    for (size_t g = g0; g < g1; g++)
        for (size_t v = 0; v < r->groups[g].nviews; v++) {
            const char *stem = r->groups[g].file_stems[v];
            if (md)
                fprintf(f, "![%s](%s.png)\n\n", stem, stem);
            else
                fprintf(f, "%s.{png,svg} (gnuplot script .gp, data .dat)\n", stem);
        }
    return 0;
}

int papsim_best_write(const papsim_best_report *r, FILE *f, int md)
{
    write_preamble(r, f, md);
    if (r->ngroups == 0)
        fprintf(f, "\nNo group has a row of %s.\n", r->target);
    for (size_t g = 0; g < r->ngroups;) {
        size_t end = section_end(r, g);
        if (write_section(r, f, g, end, md) != 0)
            return -1;
        g = end;
    }
    return ferror(f) ? -1 : 0;
}
