/* report.txt and report.md: one table per panel (patterns x sizes, cell =
 * winner's label and ratio), then a legend that also gives every algorithm's
 * absolute no_delay time per size, so a reader can check A0 by eye. */
#include "report/report.h"
#include "report/report_grid.h"

#include <math.h>
#include <string.h>

#include "util/units.h"

void papsim_cell_value_text(const papsim_cell *c, char *buf, size_t len)
{
    if (c->winner < 0) {
        snprintf(buf, len, "-");
    } else if (isnan(c->ratio)) {
        char t[32];
        papsim_format_seconds(c->value, t, sizeof t);
        snprintf(buf, len, "%s*", t);
    } else {
        snprintf(buf, len, "%.2f", c->ratio);
    }
}

void papsim_panel_title(const papsim_report_panel *p, char *buf, size_t len)
{
    papsim_panel_keys_title(p->key, PAPSIM_PK_COUNT, buf, len);
}

/* "lin  0.50": the label padded to label_width so the ratios align. */
static void cell_text(const papsim_report *r, const papsim_report_panel *p, size_t pi, size_t si,
                      int label_width, char *buf, size_t len)
{
    const papsim_cell *c = papsim_panel_cell(p, pi, si);
    char value[48];
    papsim_cell_value_text(c, value, sizeof value);
    if (c->winner < 0)
        snprintf(buf, len, "%s", value);
    else
        snprintf(buf, len, "%-*s %s", label_width, r->abbrev[c->winner], value);
}

static int winner_label_width(const papsim_report *r, const papsim_report_panel *p)
{
    int w = 0;
    for (size_t i = 0; i < p->npatterns * p->nsizes; i++)
        if (p->cells[i].winner >= 0 && (int)strlen(r->abbrev[p->cells[i].winner]) > w)
            w = (int)strlen(r->abbrev[p->cells[i].winner]);
    return w;
}

/* A header row "first, then..., size columns" and its grid; field_size fits
 * every name in the first columns (patterns can be long file names). */
static char *size_header(papsim_grid *g, const papsim_report_panel *p, const char *const *first,
                         size_t nfirst, size_t field_size)
{
    char *row = papsim_grid_init(g, nfirst + p->nsizes, field_size) == 0
                    ? papsim_grid_add_row(g)
                    : NULL;
    for (size_t c = 0; row && c < nfirst; c++)
        snprintf(papsim_grid_at(g, 0, c), field_size, "%s", first[c]);
    for (size_t si = 0; row && si < p->nsizes; si++)
        papsim_format_bytes(p->bytes[si], papsim_grid_at(g, 0, nfirst + si), field_size);
    return row;
}

/* The panel's table: a row per pattern, a column per size; label_width pads
 * the winners' labels (text) or is 0 (Markdown). */
static int panel_grid(papsim_grid *g, const papsim_report *r, const papsim_report_panel *p,
                      int label_width)
{
    static const char *const first[] = {"pattern"};
    size_t field_size = 96;
    for (size_t pi = 0; pi < p->npatterns; pi++)
        if (strlen(p->patterns[pi]) >= field_size)
            field_size = strlen(p->patterns[pi]) + 1;
    if (!size_header(g, p, first, 1, field_size))
        return -1;
    g->text_rule = 1;
    g->shared_from = 1; /* one width for all size columns keeps the table regular */
    for (size_t pi = 0; pi < p->npatterns; pi++) {
        if (!papsim_grid_add_row(g))
            return -1;
        snprintf(papsim_grid_at(g, pi + 1, 0), field_size, "%s", p->patterns[pi]);
        for (size_t si = 0; si < p->nsizes; si++)
            cell_text(r, p, pi, si, label_width, papsim_grid_at(g, pi + 1, 1 + si), 96);
    }
    return 0;
}

/* The legend: label, algorithm and the no_delay median per size, A0's
 * marked by a0_format ("[%s]", "**%s**"). */
static int legend_grid(papsim_grid *g, const papsim_report *r, const papsim_report_panel *p,
                       const char *a0_format)
{
    static const char *const first[] = {"label", "algorithm"};
    size_t field_size = 64;
    for (size_t a = 0; a < r->nalgorithms; a++)
        if (p->present[a] && strlen(r->algorithms[a]) >= field_size)
            field_size = strlen(r->algorithms[a]) + 1;
    if (!size_header(g, p, first, 2, field_size))
        return -1;
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if (!p->present[a])
            continue;
        if (!papsim_grid_add_row(g))
            return -1;
        size_t row = g->nrows - 1;
        snprintf(papsim_grid_at(g, row, 0), field_size, "%s", r->abbrev[a]);
        snprintf(papsim_grid_at(g, row, 1), field_size, "%s", r->algorithms[a]);
        for (size_t si = 0; si < p->nsizes; si++) {
            char t[40];
            double v = p->no_delay_row >= 0
                           ? papsim_panel_median(p, (size_t)p->no_delay_row, si, a)
                           : NAN;
            papsim_format_seconds(v, t, sizeof t);
            snprintf(papsim_grid_at(g, row, 2 + si), 64, p->a0[si] == (int)a ? a0_format : "%s",
                     t);
        }
    }
    return 0;
}

/* Prints a grid built with rc 0 in the format asked for; frees it either way. */
static int print_grid(FILE *f, int markdown, int rc, papsim_grid *g)
{
    if (rc == 0)
        rc = (markdown ? papsim_grid_print_markdown : papsim_grid_print_text)(g, f);
    papsim_grid_free(g);
    return rc;
}

/* Explains the numbers under the grid; the same sentences serve both formats. */
static void write_notes(FILE *f, const papsim_report *r, const papsim_report_panel *p,
                        const char *bullet)
{
    char buf[64];
    if (p->no_delay_row < 0) {
        fprintf(f, "%sno no_delay rows in this panel: cells show the winner's absolute %s.\n",
                bullet, r->metric_label);
        return;
    }
    fprintf(f, "%sA0 (no_delay winner) per size:", bullet);
    for (size_t si = 0; si < p->nsizes; si++) {
        papsim_format_bytes(p->bytes[si], buf, sizeof buf);
        fprintf(f, "%s %s %s", si ? "," : "", buf, p->a0[si] >= 0 ? r->algorithms[p->a0[si]] : "-");
    }
    fprintf(f, "\n");
    if (papsim_panel_has_absolute_cells(p))
        fprintf(f, "%sX* = the winner's absolute %s: A0 has no result under that pattern.\n",
                bullet, r->metric_label);
}

static int text_legend(FILE *f, const papsim_report *r, const papsim_report_panel *p)
{
    papsim_grid g;
    fprintf(f, "\nlegend, with each algorithm's no_delay %s (median; [A0]; - = no ok result):\n",
            r->metric_label);
    int rc = legend_grid(&g, r, p, "[%s]");
    g.sep = "  ";
    g.shared_from = 2;
    g.shared_width = 10; /* times are short: a fixed width, a longer one runs over */
    return print_grid(f, 0, rc, &g);
}

static int markdown_legend(FILE *f, const papsim_report *r, const papsim_report_panel *p)
{
    papsim_grid g;
    fprintf(f, "\nLegend, with each algorithm's no_delay %s (median; **A0** in bold):\n\n",
            r->metric_label);
    return print_grid(f, 1, legend_grid(&g, r, p, "**%s**"), &g);
}

void papsim_report_panel_heading(FILE *f, const papsim_report *r, size_t i, int markdown)
{
    char title[2048];
    papsim_panel_title(&r->panels[i], title, sizeof title);
    if (markdown)
        fprintf(f, "\n## Panel %zu: %s\n", i + 1, title);
    else
        fprintf(f, "\n== panel %zu of %zu: %s ==\n", i + 1, r->npanels, title);
}

int papsim_report_write(const papsim_report *r, FILE *f, int markdown)
{
    if (markdown)
        fprintf(f, "# papsim report\n\nBest algorithm per arrival pattern and message size by "
                   "median `%s`. Each cell: the winner's label and its %s divided by the %s of A0 "
                   "under the same pattern, where A0 is the no_delay winner at that size.\n",
                r->metric, r->metric_label, r->metric_label);
    else
        fprintf(f, "papsim report: best algorithm per arrival pattern and message size\n"
                   "metric: %s (median over repetitions). Cell: winner's label and its %s divided\n"
                   "by the %s of A0 under the same pattern, where A0 is the no_delay winner at\n"
                   "that size (below 1: the no_delay choice is beaten under this pattern).\n",
                r->metric_label, r->metric_label, r->metric_label);
    for (size_t i = 0; i < r->npanels; i++) {
        const papsim_report_panel *p = &r->panels[i];
        papsim_grid g;
        papsim_report_panel_heading(f, r, i, markdown);
        fprintf(f, "\n");
        if (print_grid(f, markdown, panel_grid(&g, r, p, markdown ? 0 : winner_label_width(r, p)),
                       &g) != 0)
            return -1;
        fprintf(f, "\n");
        write_notes(f, r, p, markdown ? "- " : "");
        if ((markdown ? markdown_legend : text_legend)(f, r, p) != 0)
            return -1;
        if (markdown)
            fprintf(f, "\n![%s](%s.png)\n", p->file_stem, p->file_stem);
        else
            fprintf(f, "plots: %s.{png,svg} (gnuplot script .gp, data .dat)\n", p->file_stem);
    }
    return ferror(f) ? -1 : 0;
}
