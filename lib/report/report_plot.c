/* Heatmaps of a report panel with gnuplot: STEM.dat holds the cells, STEM.gp
 * draws them (cell colour = winner, label = ratio to A0) to STEM.png and
 * STEM.svg. Both files stay beside the images and use relative names, so a
 * user can restyle the script and re-run `gnuplot STEM.gp` in that folder. */
#include "report/report.h"
#include "report/report_keys.h"
#include "report/report_heatmap.h"

#include <math.h>
#include <string.h>

#include "util/gnuplot_text.h"
#include "util/units.h"

/* Light colours (ColorBrewer Set3, then Pastel1) so black labels stay
 * readable; indexed by the algorithm's place in the report so an algorithm
 * keeps its colour in every panel. */
static const char *const palette[] = {
    "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69",
    "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f", "#fbb4ae", "#b3cde3",
    "#decbe4", "#fed9a6", "#e5d8bd", "#fddaec",
};

static const char *algorithm_colour(size_t a)
{
    return palette[a % (sizeof palette / sizeof palette[0])];
}

/* Row y of the image: the first pattern at the top, no_delay (last) at the
 * bottom, the same order as the text table. */
static size_t image_row(const papsim_report_panel *p, size_t pattern)
{
    return p->npatterns - 1 - pattern;
}

static int panel_winner_wins(const papsim_report_panel *p, int a)
{
    for (size_t i = 0; i < p->npatterns * p->nsizes; i++)
        if (p->cells[i].winner == a)
            return 1;
    return 0;
}

static int panel_has_winner(const papsim_report_panel *p)
{
    for (size_t i = 0; i < p->npatterns * p->nsizes; i++)
        if (p->cells[i].winner >= 0)
            return 1;
    return 0;
}

/* One data block per winning algorithm (blocks are separated by two blank
 * lines), so the script can give each its colour and legend entry. Names
 * are written as single words, so that each stays on its line. */
static void write_dat_blocks(FILE *f, const papsim_report *r, const papsim_report_panel *p)
{
    char title[2048], text[64];
    papsim_panel_title(p, title, sizeof title);
    papsim_gp_data_printf(f, "# papsim report heatmap data: %q\n", title);
    papsim_gp_data_printf(f, "# x = size index (ascending), y = pattern index (0 = bottom row),\n"
                        "# label = %q of the winner / %q of A0 under the same pattern\n",
                     r->metric_label, r->metric_label);
    int block = 0;
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if (!panel_winner_wins(p, (int)a))
            continue;
        if (block)
            fputs("\n\n", f);
        papsim_gp_data_printf(f, "# block %d: %q\n# x y label\n", block, r->algorithms[a]);
        for (size_t pi = 0; pi < p->npatterns; pi++)
            for (size_t si = 0; si < p->nsizes; si++) {
                const papsim_cell *c = papsim_panel_cell(p, pi, si);
                if (c->winner != (int)a)
                    continue;
                papsim_cell_value_text(c, text, sizeof text); /* a number papsim wrote */
                fprintf(f, "%zu %zu \"%s\"\n", si, image_row(p, pi), text);
            }
        block++;
    }
}

static void write_axes(FILE *f, const papsim_report_panel *p)
{
    char buf[64];
    papsim_gp_printf(f, "set xrange [-0.5:%zu.5]\nset yrange [-0.5:%zu.5]\nset xtics (",
                     p->nsizes - 1, p->npatterns - 1);
    for (size_t si = 0; si < p->nsizes; si++) {
        papsim_format_bytes(p->bytes[si], buf, sizeof buf);
        papsim_heatmap_tic(f, si, buf, si);
    }
    papsim_gp_printf(f, ") scale 0\nset ytics (");
    for (size_t pi = 0; pi < p->npatterns; pi++)
        papsim_heatmap_tic(f, pi, p->patterns[pi], image_row(p, pi));
    papsim_gp_printf(f, ") scale 0\n");
}

static void write_plot_command(FILE *f, const papsim_report *r, const papsim_report_panel *p)
{
    if (!panel_has_winner(p)) {
        /* An empty data file would make gnuplot fail; draw an explained blank. */
        papsim_gp_printf(f, "set label 3 'no algorithm has an ok result in this panel' "
                            "at graph 0.5, graph 0.5 center\nplot NaN notitle\n");
        return;
    }
    papsim_gp_printf(f, "plot \\\n");
    int block = 0;
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if (!panel_winner_wins(p, (int)a))
            continue;
        papsim_gp_printf(f, "  data index %d using 1:2:(0.5):(0.5) with boxxyerror fc rgb %q "
                            "title %q, \\\n",
                         block++, algorithm_colour(a), r->algorithms[a]);
    }
    papsim_gp_printf(f, "  data using 1:2:3 with labels notitle\n");
}

/* Canvas size from the grid: room for the pattern names on the left, the
 * legend on the right and a fixed cell size in between. */
/* Characters of the key=value title lines from key [from, to). */
static size_t title_line_chars(const papsim_report_panel *p, int from, int to)
{
    size_t n = 0;
    for (int k = from; k < to; k++)
        if (papsim_panel_key_shown(p->key, k))
            n += strlen(papsim_panel_key_columns[k]) + strlen(p->key[k]) + 3;
    return n;
}

static void canvas_size(const papsim_report *r, const papsim_report_panel *p, int *w, int *h)
{
    size_t pattern_chars = 0, name_chars = 8;
    for (size_t pi = 0; pi < p->npatterns; pi++)
        if (strlen(p->patterns[pi]) > pattern_chars)
            pattern_chars = strlen(p->patterns[pi]);
    for (size_t a = 0; a < r->nalgorithms; a++)
        if (panel_winner_wins(p, (int)a) && strlen(r->algorithms[a]) > name_chars)
            name_chars = strlen(r->algorithms[a]);
    *w = 90 + 7 * (int)(pattern_chars + name_chars) + 80 * (int)p->nsizes;
    size_t title_chars = title_line_chars(p, PAPSIM_PK_PLATFORM, PAPSIM_PK_DATATYPE);
    if (title_line_chars(p, PAPSIM_PK_DATATYPE, PAPSIM_PK_SKEW) > title_chars)
        title_chars = title_line_chars(p, PAPSIM_PK_DATATYPE, PAPSIM_PK_SKEW);
    if (*w < 40 + 7 * (int)title_chars)
        *w = 40 + 7 * (int)title_chars;
    *h = 190 + 36 * (int)p->npatterns;
    if (*w < 640)
        *w = 640;
    if (*h < 320)
        *h = 320;
}

/* Three short lines instead of one that would be clipped at this width:
 * what is compared, then the study keys. Each line is one quoted string;
 * gnuplot joins them with "\n". */
static void write_title(FILE *f, const papsim_report *r, const papsim_report_panel *p)
{
    char line[3][1024];
    size_t used[3];
    used[0] = (size_t)snprintf(line[0], sizeof line[0], "%s, skew %s: best algorithm by median %s",
                               p->key[PAPSIM_PK_COLLECTIVE], p->key[PAPSIM_PK_SKEW],
                               r->metric_label);
    line[1][0] = line[2][0] = '\0';
    used[1] = used[2] = 0;
    for (int k = PAPSIM_PK_PLATFORM; k < PAPSIM_PK_SKEW; k++) {
        if (!papsim_panel_key_shown(p->key, k))
            continue;
        int l = k < PAPSIM_PK_DATATYPE ? 1 : 2;
        if (used[l] < sizeof line[l])
            used[l] += (size_t)snprintf(line[l] + used[l], sizeof line[l] - used[l], "%s%s=%s",
                                        used[l] ? "  " : "", papsim_panel_key_columns[k],
                                        p->key[k]);
    }
    papsim_gp_printf(f, "set label 2 %q", line[0]);
    for (int l = 1; l < 3; l++)
        if (line[l][0])
            papsim_gp_printf(f, ".\"\\n\".%q", line[l]);
    /* Centred on the canvas, not on the plot area, which the key pushes left. */
    papsim_gp_printf(f, " at screen 0.5, screen 0.97 center front\nset tmargin 5\n");
}
typedef struct {
    const papsim_report *r;
    const papsim_report_panel *p;
} panel_ref;

static size_t panel_data(FILE *f, const void *ctx)
{
    const panel_ref *x = ctx;
    write_dat_blocks(f, x->r, x->p);
    return 0;
}

static void panel_comment(FILE *f, const void *ctx, const char *script)
{
    const panel_ref *x = ctx;
    char title[2048];
    papsim_panel_title(x->p, title, sizeof title);
    papsim_gp_printf(f, "# papsim report heatmap: %q\n", title);
    papsim_gp_printf(f, "# Cell colour = the algorithm with the lowest median %q; label = its %q\n"
                        "# relative to A0 (the no_delay winner at that size) under the same pattern.\n"
                        "# Restyle freely, then run in this folder: gnuplot %q\n\n",
                     x->r->metric_label, x->r->metric_label, script);
}

static void panel_setup(FILE *f, const void *ctx)
{
    const panel_ref *x = ctx;
    char label[2048];
    write_title(f, x->r, x->p);
    papsim_gp_printf(f, "set xlabel 'message size'\nset ylabel 'arrival pattern'\n");
    write_axes(f, x->p);
    papsim_gp_printf(f, "set key outside right top Left reverse title 'winner'\n"
                        "set style fill solid 1.0 border lc rgb '#ffffff'\n"
                        "set border 0\nset bmargin 5\n");
    snprintf(label, sizeof label, "label: %s ratio to A0 (the no_delay winner)%s",
             x->r->metric_label, papsim_panel_has_absolute_cells(x->p)
                                     ? "; X* = absolute time, A0 has no result there"
                                     : "");
    papsim_gp_printf(f, "set label 1 %q at screen 0.01, screen 0.03 left font ',8'\n", label);
}

static void panel_plot(FILE *f, const void *ctx, size_t ncells)
{
    const panel_ref *x = ctx;
    (void)ncells;
    write_plot_command(f, x->r, x->p);
}

int papsim_report_write_plot_script(const papsim_report *r, size_t i, const char *dir,
                                    papsim_err *e)
{
    panel_ref x = {r, &r->panels[i]};
    papsim_heatmap h = {r->panels[i].file_stem, &x, 0, 0, 10, 1,
                        panel_data, panel_comment, panel_setup, panel_plot};
    canvas_size(r, x.p, &h.width, &h.height);
    return papsim_heatmap_write(&h, dir, e);
}
