/* runtimes.txt/.md and robustness.txt/.md: per panel and size, a table with
 * one row per arrival pattern and one column per algorithm (Figures 5, 6 and
 * 8 of Salimi Beni et al., IEEE CLUSTER 2024, are laid out so; full reference:
 * README.md, References). Text and Markdown share the cell
 * texts; only the table frame differs. See report_study.h for the numbers. */
#include "report/report_study.h"
#include "report/report_keys.h"
#include "report/report_grid.h"

#include <math.h>
#include <string.h>

#include "util/units.h"

/* One table: a header row, then rows of cells, the first cell the row name. */
#define MAX_CELL 112 /* "1.234 ms [1.001..1.502] n=10 +10 missed +1 not ok *" fits */

/* A grid of ncols columns framed as every study table is: a rule of dashes
 * under the text header, plain "|---" rules in Markdown. field_size bounds
 * every text put in it, so nothing is cut short. */
static int frame_init(papsim_grid *g, size_t ncols, size_t field_size)
{
    if (papsim_grid_init(g, ncols, field_size) != 0)
        return -1;
    g->text_rule = 1;
    return 0;
}

/* Appends a row of n cells; 0, or -1 without memory. */
static int frame_row(papsim_grid *g, const char *const *cells, size_t n)
{
    char *row = papsim_grid_add_row(g);
    if (!row)
        return -1;
    for (size_t c = 0; c < n; c++)
        snprintf(row + c * g->field_size, g->field_size, "%s", cells[c]);
    return 0;
}

static int frame_print(papsim_grid *g, FILE *f, int markdown)
{
    int rc = (markdown ? papsim_grid_print_markdown : papsim_grid_print_text)(g, f);
    papsim_grid_free(g);
    return rc;
}

typedef void (*cell_fn)(const papsim_report_panel *p, size_t row, size_t size, size_t a, char *buf,
                        size_t len);

static void size_heading(FILE *f, int markdown, long long bytes)
{
    char buf[32];
    papsim_format_bytes(bytes, buf, sizeof buf);
    fprintf(f, markdown ? "\n### %s\n\n" : "\n-- %s --\n", buf);
}

/* A view's table at one size, under its size heading: rows [0, nrows)
 * named by row_name, a cell per shown algorithm. */
typedef struct {
    size_t nrows;
    const char *(*row_name)(const papsim_report_panel *p, size_t row);
    cell_fn cell;
} view_rows;

static int write_table(FILE *f, int markdown, const papsim_report *r, const papsim_report_panel *p,
                       size_t size, const view_rows *v)
{
    size_t cols[r->nalgorithms + 1], ncols = papsim_panel_columns(r, p, cols), size_max = MAX_CELL;
    for (size_t row = 0; row < v->nrows; row++)
        if (strlen(v->row_name(p, row)) >= size_max)
            size_max = strlen(v->row_name(p, row)) + 1; /* patterns can be long file names */
    for (size_t c = 0; c < ncols; c++)
        if (strlen(r->abbrev[cols[c]]) >= size_max)
            size_max = strlen(r->abbrev[cols[c]]) + 1;
    papsim_grid g;
    size_heading(f, markdown, p->bytes[size]);
    if (frame_init(&g, ncols + 1, size_max) != 0 || !papsim_grid_add_row(&g)) {
        papsim_grid_free(&g);
        return -1;
    }
    snprintf(papsim_grid_at(&g, 0, 0), size_max, "pattern");
    for (size_t c = 0; c < ncols; c++)
        snprintf(papsim_grid_at(&g, 0, c + 1), size_max, "%s", r->abbrev[cols[c]]);
    for (size_t row = 0; row < v->nrows; row++) {
        if (!papsim_grid_add_row(&g)) {
            papsim_grid_free(&g);
            return -1;
        }
        snprintf(papsim_grid_at(&g, row + 1, 0), size_max, "%s", v->row_name(p, row));
        for (size_t c = 0; c < ncols; c++)
            v->cell(p, row, size, cols[c], papsim_grid_at(&g, row + 1, c + 1), MAX_CELL);
    }
    return frame_print(&g, f, markdown);
}

/* ---- runtimes: the patterns, then the score row ---- */

static const char *runtime_row_name(const papsim_report_panel *p, size_t row)
{
    return row < p->npatterns ? p->patterns[row] : "score";
}

static void runtime_cell(const papsim_report_panel *p, size_t row, size_t size, size_t a, char *buf,
                         size_t len)
{
    if (row == p->npatterns) {
        double s = papsim_study_score(p, size, a);
        if (isnan(s))
            snprintf(buf, len, "-");
        else
            snprintf(buf, len, "%.2f%s", s, papsim_study_recommended(p, size) == (int)a ? " <" : "");
        return;
    }
    char t[32];
    papsim_format_seconds(papsim_panel_median(p, row, size, a), t, sizeof t);
    snprintf(buf, len, "%s%s", t, papsim_study_is_good(p, row, size, a) ? " *" : "");
}

/* --spread: the median, then its range and counts, then the 5% mark. */
static void runtime_spread_cell(const papsim_report_panel *p, size_t row, size_t size, size_t a,
                                char *buf, size_t len)
{
    if (row == p->npatterns) {
        runtime_cell(p, row, size, a, buf, len);
        return;
    }
    char t[32], spread[96];
    double median = papsim_panel_median(p, row, size, a);
    papsim_format_seconds(median, t, sizeof t);
    papsim_format_spread(median, papsim_panel_spread(p, row, size, a), spread, sizeof spread);
    snprintf(buf, len, "%s%s%s", t, spread, papsim_study_is_good(p, row, size, a) ? " *" : "");
}

static void name_and_score(const papsim_report *r, const papsim_report_panel *p, size_t size, int a,
                           char *buf, size_t len)
{
    if (a < 0)
        snprintf(buf, len, "-");
    else if (isnan(papsim_study_score(p, size, (size_t)a)))
        snprintf(buf, len, "%s (no score)", r->algorithms[a]);
    else
        snprintf(buf, len, "%s (%.2f)", r->algorithms[a], papsim_study_score(p, size, (size_t)a));
}

/* Figure 8's point: the most robust algorithm next to the no_delay pick. */
static void recommendation_line(FILE *f, const papsim_report *r, const papsim_report_panel *p,
                                size_t size, const char *bullet)
{
    char rec[160], nd[160];
    name_and_score(r, p, size, papsim_study_recommended(p, size), rec, sizeof rec);
    name_and_score(r, p, size, p->a0[size], nd, sizeof nd);
    fprintf(f, "%srecommended (lowest score): %s; fastest at no_delay: %s\n", bullet, rec, nd);
}

static void legend(FILE *f, int markdown, const papsim_report *r, const papsim_report_panel *p)
{
    fprintf(f, markdown ? "\nLabels: " : "\nlabels: ");
    int first = 1;
    for (size_t a = 0; a < r->nalgorithms; a++)
        if (p->present[a]) {
            fprintf(f, "%s%s = %s", first ? "" : ", ", r->abbrev[a], r->algorithms[a]);
            first = 0;
        }
    fprintf(f, "\n");
}

static void images_line(FILE *f, int markdown, const papsim_report *r, size_t i, size_t s,
                        papsim_study_view v)
{
    char stem[1024];
    papsim_study_plot_stem(r, i, s, v, stem, sizeof stem);
    if (markdown)
        fprintf(f, "\n![%s](%s.png)\n", stem, stem);
    else
        fprintf(f, "plots: %s.{png,svg}\n", stem);
}

/* The summary Figure 8 ends with, for every size at once. */
static int recommendation_table(FILE *f, int markdown, const papsim_report *r,
                                const papsim_report_panel *p)
{
    fprintf(f, markdown ? "\n### Recommended per size\n\n" : "\n-- recommended per size --\n");
    static const char *const header[3] = {"size", "recommended (score)",
                                          "fastest at no_delay (score)"};
    papsim_grid g;
    int rc = frame_init(&g, 3, 160) == 0 ? frame_row(&g, header, 3) : -1;
    for (size_t s = 0; s < p->nsizes && rc == 0; s++) {
        char sz[32], rec[160], nd[160]; /* the grid's fields hold 160 bytes too */
        const char *cells[3] = {sz, rec, nd};
        if (!papsim_study_size_shown(p, s))
            continue;
        papsim_format_bytes(p->bytes[s], sz, sizeof sz);
        name_and_score(r, p, s, papsim_study_recommended(p, s), rec, sizeof rec);
        name_and_score(r, p, s, p->a0[s], nd, sizeof nd);
        rc = frame_row(&g, cells, 3);
    }
    if (rc != 0) {
        papsim_grid_free(&g);
        return -1;
    }
    return frame_print(&g, f, markdown);
}

/* What --spread adds to a cell; the relative report says the same. */
static void spread_note(FILE *f)
{
    fprintf(f, "--spread: after the median, [min..max] of the ok repetitions (when two or\n"
               "more) in the median's unit, n= how many were ok, \"+k missed\" repetitions where\n"
               "a rank missed its start (missed_start), \"+k not ok\" repetitions of other\n"
               "statuses.\n");
}

int papsim_study_write_runtimes(const papsim_report *r, FILE *f, int markdown)
{
    fprintf(f, markdown ? "# papsim report: runtimes and robustness scores\n\n"
                        : "papsim report --runtimes: runtime per algorithm and arrival pattern\n");
    fprintf(f,
            "Salimi Beni et al. (2024), Figures 5 and 8. metric: %s (median over repetitions). A cell is the\n"
            "algorithm's %s; \" *\" marks the algorithms within 5%% of the fastest in its row.\n"
            "score: the mean over the patterns of T(alg)/T(fastest in the row), 1 = fastest\n"
            "under every pattern (\"-\": a pattern without a result); \" <\" marks the lowest,\n"
            "the recommended algorithm.\n",
            r->metric_label, r->metric_label);
    if (r->spread)
        spread_note(f);
    view_rows v = {0, runtime_row_name, r->spread ? runtime_spread_cell : runtime_cell};
    for (size_t i = 0; i < r->npanels; i++) {
        const papsim_report_panel *p = &r->panels[i];
        papsim_report_panel_heading(f, r, i, markdown);
        v.nrows = p->npatterns + 1;
        for (size_t s = 0; s < p->nsizes; s++) {
            if (!papsim_study_size_shown(p, s))
                continue;
            if (write_table(f, markdown, r, p, s, &v) != 0)
                return -1;
            fprintf(f, "\n");
            recommendation_line(f, r, p, s, markdown ? "- " : "");
            images_line(f, markdown, r, i, s, PAPSIM_STUDY_RUNTIMES);
        }
        if (recommendation_table(f, markdown, r, p) != 0)
            return -1;
        legend(f, markdown, r, p);
    }
    return ferror(f) ? -1 : 0;
}

/* ---- robustness: the patterns but no_delay, then no_delay's own time ---- */

/* Row i names the i-th pattern other than no_delay; the last row is
 * no_delay, whose cells give the base time T0. */
static size_t robust_pattern(const papsim_report_panel *p, size_t row)
{
    if (row + 1 == p->npatterns)
        return (size_t)p->no_delay_row;
    return row < (size_t)p->no_delay_row ? row : row + 1;
}

static const char *robust_row_name(const papsim_report_panel *p, size_t row)
{
    return row + 1 == p->npatterns ? "no_delay time" : p->patterns[robust_pattern(p, row)];
}

static void robust_cell(const papsim_report_panel *p, size_t row, size_t size, size_t a, char *buf,
                        size_t len)
{
    size_t pi = robust_pattern(p, row);
    if (row + 1 == p->npatterns) {
        papsim_format_seconds(papsim_panel_median(p, pi, size, a), buf, len);
        return;
    }
    papsim_robust_class c;
    double x = papsim_study_robustness(p, pi, size, a, &c);
    static const char *const mark[] = {"", " g", "", " r"};
    if (c == PAPSIM_ROBUST_NONE)
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%+.3f%s", x, mark[c]);
}

int papsim_study_write_robustness(const papsim_report *r, FILE *f, int markdown)
{
    fprintf(f, markdown ? "# papsim report: robustness\n\n"
                        : "papsim report --robustness: robustness against arrival patterns\n");
    fprintf(f,
            "Salimi Beni et al. (2024), Figure 6. metric: %s (median over repetitions). A cell is\n"
            "T(pattern)/T(no_delay) - 1 for that algorithm: \" g\" below -0.25 (absorbs the\n"
            "skew; green), \" r\" above +0.25 (slowed down; red), unmarked within 25%% (grey);\n"
            "\"-\": a result is missing. The last row gives T(no_delay).\n",
            r->metric_label);
    view_rows v = {0, robust_row_name, robust_cell};
    size_t shown = 0;
    for (size_t i = 0; i < r->npanels; i++) {
        const papsim_report_panel *p = &r->panels[i];
        if (!papsim_study_has_robustness(p))
            continue;
        shown++;
        papsim_report_panel_heading(f, r, i, markdown);
        if (!papsim_study_skew_is_own(p))
            fprintf(f, "%sThe skew is shared by all algorithms; Figure 6 of Salimi Beni et al. (2024) scales it to "
                       "each algorithm's own no-delay time (skew 1.5x-own).\n",
                    markdown ? "\n" : "");
        v.nrows = p->npatterns;
        for (size_t s = 0; s < p->nsizes; s++) {
            if (!papsim_study_size_shown(p, s))
                continue;
            if (write_table(f, markdown, r, p, s, &v) != 0)
                return -1;
            images_line(f, markdown, r, i, s, PAPSIM_STUDY_ROBUSTNESS);
        }
        legend(f, markdown, r, p);
    }
    if (shown == 0)
        fprintf(f, "\nNo panel has both no_delay and patterned rows.\n");
    return ferror(f) ? -1 : 0;
}
