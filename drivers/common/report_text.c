/* report.txt and report.md: one table per panel (patterns x sizes, cell =
 * winner's label and ratio), then a legend that also gives every algorithm's
 * absolute no_delay time per size, so a reader can check A0 by eye. */
#include "report.h"
#include "report_names.h"

#include <math.h>
#include <string.h>

#include "units.h"

/* The unit papsim_format_seconds shows s in, and the factor to it. */
static double seconds_unit(double s, const char **unit)
{
    if (s == 0 || s >= 1) {
        *unit = "s";
        return 1;
    }
    if (s >= 1e-3) {
        *unit = "ms";
        return 1e3;
    }
    if (s >= 1e-6) {
        *unit = "us";
        return 1e6;
    }
    *unit = "ns";
    return 1e9;
}

void papsim_format_seconds(double s, char *buf, size_t len)
{
    const char *unit;
    double scale = seconds_unit(s, &unit);
    if (isnan(s))
        snprintf(buf, len, "-");
    else if (s == 0)
        snprintf(buf, len, "0 s");
    else
        snprintf(buf, len, "%.4g %s", s * scale, unit);
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

/* Both ends in the median's unit, so "12.35 us [11.9..13.2]" reads as one
 * quantity; a range needs two ok repetitions to say anything. */
void papsim_format_spread(double median, const papsim_rep_spread *s, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    if (s->nok + s->nmissed + s->nother == 0)
        return;
    if (s->nok > 1) {
        const char *unit;
        double scale = seconds_unit(median, &unit);
        used += (size_t)snprintf(buf, len, " [%.4g..%.4g]", s->min * scale, s->max * scale);
    }
    if (used < len)
        used += (size_t)snprintf(buf + used, len - used, " n=%zu", s->nok);
    if (s->nmissed && used < len)
        used += (size_t)snprintf(buf + used, len - used, " +%zu missed", s->nmissed);
    if (s->nother && used < len)
        snprintf(buf + used, len - used, " +%zu not ok", s->nother);
}

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

void papsim_panel_title(const papsim_panel *p, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%s", p->key[PAPSIM_PK_COLLECTIVE]);
    for (int k = 1; k < PAPSIM_PK_COUNT && n < len; k++) {
        if (!papsim_panel_key_shown(p->key, k))
            continue;
        n += (size_t)snprintf(buf + n, len - n, ", %s=%s", papsim_panel_key_columns[k], p->key[k]);
    }
}

/* "lin  0.50": the label padded to the widest label so the ratios align. */
static void cell_text(const papsim_report *r, const papsim_panel *p, size_t pi, size_t si,
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

static int winner_label_width(const papsim_report *r, const papsim_panel *p)
{
    int w = 0;
    for (size_t i = 0; i < p->npatterns * p->nsizes; i++)
        if (p->cells[i].winner >= 0 && (int)strlen(r->abbrev[p->cells[i].winner]) > w)
            w = (int)strlen(r->abbrev[p->cells[i].winner]);
    return w;
}

/* Widths of the pattern column and of each size column (shared: one width
 * for all size columns keeps the table regular). */
static void grid_widths(const papsim_report *r, const papsim_panel *p, int *pattern_w,
                        int *cell_w)
{
    int lw = winner_label_width(r, p);
    char buf[96];
    *pattern_w = (int)strlen("pattern");
    *cell_w = 0;
    for (size_t pi = 0; pi < p->npatterns; pi++) {
        if ((int)strlen(p->patterns[pi]) > *pattern_w)
            *pattern_w = (int)strlen(p->patterns[pi]);
        for (size_t si = 0; si < p->nsizes; si++) {
            cell_text(r, p, pi, si, lw, buf, sizeof buf);
            if ((int)strlen(buf) > *cell_w)
                *cell_w = (int)strlen(buf);
        }
    }
    for (size_t si = 0; si < p->nsizes; si++) {
        papsim_format_bytes(p->bytes[si], buf, sizeof buf);
        if ((int)strlen(buf) > *cell_w)
            *cell_w = (int)strlen(buf);
    }
}

/* The last column is not padded: no trailing blanks in the report. */
static int last_column_width(size_t column, size_t ncolumns, int width)
{
    return column + 1 < ncolumns ? width : 0;
}

static void text_grid(FILE *f, const papsim_report *r, const papsim_panel *p)
{
    int pw, cw, lw = winner_label_width(r, p);
    char buf[96];
    grid_widths(r, p, &pw, &cw);
    fprintf(f, "%-*s", pw, "pattern");
    for (size_t si = 0; si < p->nsizes; si++) {
        papsim_format_bytes(p->bytes[si], buf, sizeof buf);
        fprintf(f, " | %-*s", last_column_width(si, p->nsizes, cw), buf);
    }
    fprintf(f, "\n");
    for (int i = 0; i < pw; i++)
        fputc('-', f);
    for (size_t si = 0; si < p->nsizes; si++) {
        fputs("-+-", f);
        for (int i = 0; i < cw; i++)
            fputc('-', f);
    }
    fprintf(f, "\n");
    for (size_t pi = 0; pi < p->npatterns; pi++) {
        fprintf(f, "%-*s", pw, p->patterns[pi]);
        for (size_t si = 0; si < p->nsizes; si++) {
            cell_text(r, p, pi, si, lw, buf, sizeof buf);
            fprintf(f, " | %-*s", last_column_width(si, p->nsizes, cw), buf);
        }
        fprintf(f, "\n");
    }
}

/* Explains the numbers under the grid; the same sentences serve both formats. */
static void write_notes(FILE *f, const papsim_report *r, const papsim_panel *p,
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

static void text_legend(FILE *f, const papsim_report *r, const papsim_panel *p)
{
    int aw = (int)strlen("algorithm"), lw = (int)strlen("label"), cw = 10;
    char buf[64];
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if (!p->present[a])
            continue;
        if ((int)strlen(r->algorithms[a]) > aw)
            aw = (int)strlen(r->algorithms[a]);
        if ((int)strlen(r->abbrev[a]) > lw)
            lw = (int)strlen(r->abbrev[a]);
    }
    fprintf(f, "\nlegend, with each algorithm's no_delay %s (median; [A0]; - = no ok result):\n",
            r->metric_label);
    fprintf(f, "%-*s  %-*s", lw, "label", aw, "algorithm");
    for (size_t si = 0; si < p->nsizes; si++) {
        papsim_format_bytes(p->bytes[si], buf, sizeof buf);
        fprintf(f, "  %-*s", last_column_width(si, p->nsizes, cw), buf);
    }
    fprintf(f, "\n");
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if (!p->present[a])
            continue;
        fprintf(f, "%-*s  %-*s", lw, r->abbrev[a], aw, r->algorithms[a]);
        for (size_t si = 0; si < p->nsizes; si++) {
            char t[40];
            double v = p->no_delay_row >= 0
                           ? papsim_panel_median(p, (size_t)p->no_delay_row, si, a)
                           : NAN;
            papsim_format_seconds(v, t, sizeof t);
            snprintf(buf, sizeof buf, p->a0[si] == (int)a ? "[%s]" : "%s", t);
            fprintf(f, "  %-*s", last_column_width(si, p->nsizes, cw), buf);
        }
        fprintf(f, "\n");
    }
}

int papsim_report_write_text(const papsim_report *r, FILE *f)
{
    char title[2048];
    fprintf(f, "papsim report: best algorithm per arrival pattern and message size\n"
               "metric: %s (median over repetitions). Cell: winner's label and its %s divided\n"
               "by the %s of A0 under the same pattern, where A0 is the no_delay winner at\n"
               "that size (below 1: the no_delay choice is beaten under this pattern).\n",
            r->metric_label, r->metric_label, r->metric_label);
    for (size_t i = 0; i < r->npanels; i++) {
        const papsim_panel *p = &r->panels[i];
        papsim_panel_title(p, title, sizeof title);
        fprintf(f, "\n== panel %zu of %zu: %s ==\n\n", i + 1, r->npanels, title);
        text_grid(f, r, p);
        fprintf(f, "\n");
        write_notes(f, r, p, "");
        text_legend(f, r, p);
        fprintf(f, "plots: %s.{png,svg} (gnuplot script .gp, data .dat)\n", p->file_stem);
    }
    return ferror(f) ? -1 : 0;
}

static void md_grid(FILE *f, const papsim_report *r, const papsim_panel *p)
{
    char buf[96];
    papsim_report_md_cell(f, "pattern");
    for (size_t si = 0; si < p->nsizes; si++) {
        papsim_format_bytes(p->bytes[si], buf, sizeof buf);
        papsim_report_md_cell(f, buf);
    }
    fputs("|\n", f);
    papsim_report_md_rule(f, p->nsizes + 1);
    for (size_t pi = 0; pi < p->npatterns; pi++) {
        papsim_report_md_cell(f, p->patterns[pi]);
        for (size_t si = 0; si < p->nsizes; si++) {
            cell_text(r, p, pi, si, 0, buf, sizeof buf);
            papsim_report_md_cell(f, buf);
        }
        fputs("|\n", f);
    }
}

static void md_legend(FILE *f, const papsim_report *r, const papsim_panel *p)
{
    char buf[64], t[40];
    fprintf(f, "\nLegend, with each algorithm's no_delay %s (median; **A0** in bold):\n\n",
            r->metric_label);
    papsim_report_md_cell(f, "label");
    papsim_report_md_cell(f, "algorithm");
    for (size_t si = 0; si < p->nsizes; si++) {
        papsim_format_bytes(p->bytes[si], buf, sizeof buf);
        papsim_report_md_cell(f, buf);
    }
    fputs("|\n", f);
    papsim_report_md_rule(f, p->nsizes + 2);
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if (!p->present[a])
            continue;
        papsim_report_md_cell(f, r->abbrev[a]);
        papsim_report_md_cell(f, r->algorithms[a]);
        for (size_t si = 0; si < p->nsizes; si++) {
            double v = p->no_delay_row >= 0
                           ? papsim_panel_median(p, (size_t)p->no_delay_row, si, a)
                           : NAN;
            papsim_format_seconds(v, t, sizeof t);
            snprintf(buf, sizeof buf, p->a0[si] == (int)a ? "**%s**" : "%s", t);
            papsim_report_md_cell(f, buf);
        }
        fputs("|\n", f);
    }
}

int papsim_report_write_markdown(const papsim_report *r, FILE *f)
{
    char title[2048];
    fprintf(f, "# papsim report\n\nBest algorithm per arrival pattern and message size by median "
               "`%s`. Each cell: the winner's label and its %s divided by the %s of A0 under the "
               "same pattern, where A0 is the no_delay winner at that size.\n",
            r->metric, r->metric_label, r->metric_label);
    for (size_t i = 0; i < r->npanels; i++) {
        const papsim_panel *p = &r->panels[i];
        papsim_panel_title(p, title, sizeof title);
        fprintf(f, "\n## Panel %zu: %s\n\n", i + 1, title);
        md_grid(f, r, p);
        fprintf(f, "\n");
        write_notes(f, r, p, "- ");
        md_legend(f, r, p);
        fprintf(f, "\n![%s](%s.png)\n", p->file_stem, p->file_stem);
    }
    return ferror(f) ? -1 : 0;
}
