/* Heatmaps of the runtime and robustness views, one per panel and size:
 * x = algorithm, y = arrival pattern (the first at the top), cell colour =
 * the class that M. Salimi Beni, B. Cosenza, S. Hunold, "MPI collective
 * algorithm selection in the presence of process arrival patterns", IEEE
 * International Conference on Cluster Computing (CLUSTER), 2024, colour
 * (Figure 5: light blue within 5% of the row's
 * fastest, light red otherwise; Figure 6: green absorbs, grey within 25%,
 * red slowed down), label = the number of the text report. The runtime view
 * adds the score row (Figure 8) at the bottom, the recommended algorithm's
 * cell in green. STEM.dat holds x, y, colour and label; STEM.gp draws it
 * with "fc rgb variable" to STEM.png and STEM.svg. */
#include "report/report_study.h"
#include "report/report_keys.h"
#include "report/report_heatmap.h"
#include "report/report_names.h"

#include <math.h>
#include <string.h>

#include "util/gnuplot_text.h"
#include "util/units.h"

/* Colours as gnuplot's rgb integers, with their legend text. */
typedef struct {
    unsigned rgb;
    const char *text;
} swatch;

static const swatch GOOD = {0xa6cee3, "within 5% of the fastest"};
static const swatch SLOW = {0xfbb4ae, "slower"};
static const swatch SCORE = {0xeeeeee, "score"};
static const swatch BEST_SCORE = {0xb2df8a, "lowest score (recommended)"};
static const swatch ABSORBS = {0xb2df8a, "below -0.25 (absorbs)"};
static const swatch NEUTRAL = {0xd9d9d9, "within 25%"};
static const swatch SUFFERS = {0xfb9a99, "above +0.25 (slower)"};

void papsim_study_plot_stem(const papsim_report *r, size_t i, size_t s, papsim_study_view v,
                            char *buf, size_t len)
{
    char size[32];
    papsim_format_bytes(r->panels[i].bytes[s], size, sizeof size);
    snprintf(buf, len, "%s", r->panels[i].file_stem);
    papsim_report_append_sanitised(buf, len, v == PAPSIM_STUDY_RUNTIMES ? "runtimes_" : "robust_",
                                   size);
}

/* The rows of a view, top to bottom, as pattern indexes; for the runtimes,
 * index npatterns is the score row. The robustness view leaves no_delay
 * out (its value is 0 by definition). */
static size_t view_rows(const papsim_report_panel *p, papsim_study_view v, size_t *rows)
{
    size_t n = 0;
    for (size_t pi = 0; pi < p->npatterns; pi++)
        if (v == PAPSIM_STUDY_RUNTIMES || (long)pi != p->no_delay_row)
            rows[n++] = pi;
    if (v == PAPSIM_STUDY_RUNTIMES)
        rows[n++] = p->npatterns;
    return n;
}

/* Colour and label of one cell; 0 when the cell has no value (left blank). */
static int runtime_cell(const papsim_report_panel *p, size_t row, size_t s, size_t a, unsigned *rgb,
                        char *label, size_t len)
{
    if (row == p->npatterns) {
        double score = papsim_study_score(p, s, a);
        if (isnan(score))
            return 0;
        *rgb = papsim_study_recommended(p, s) == (int)a ? BEST_SCORE.rgb : SCORE.rgb;
        snprintf(label, len, "%.2f", score);
        return 1;
    }
    double v = papsim_panel_median(p, row, s, a);
    if (isnan(v))
        return 0;
    *rgb = papsim_study_is_good(p, row, s, a) ? GOOD.rgb : SLOW.rgb;
    papsim_format_seconds(v, label, len);
    return 1;
}

static int robust_cell(const papsim_report_panel *p, size_t row, size_t s, size_t a, unsigned *rgb,
                       char *label, size_t len)
{
    papsim_robust_class c;
    double x = papsim_study_robustness(p, row, s, a, &c);
    if (c == PAPSIM_ROBUST_NONE)
        return 0;
    *rgb = c == PAPSIM_ROBUST_ABSORBS ? ABSORBS.rgb : c == PAPSIM_ROBUST_SUFFERS ? SUFFERS.rgb
                                                                              : NEUTRAL.rgb;
    snprintf(label, len, "%+.3f", x);
    return 1;
}

typedef struct {
    const papsim_report *r;
    size_t i, s;
    papsim_study_view v;
} study_ref;

/* Writes the cells; returns how many have a value. */
static size_t write_dat(FILE *f, const void *ctx)
{
    const study_ref *x = ctx;
    const papsim_report *r = x->r;
    const papsim_report_panel *p = &r->panels[x->i];
    size_t rows[p->npatterns + 1], cols[r->nalgorithms + 1];
    size_t nrows = view_rows(p, x->v, rows), ncols = papsim_panel_columns(r, p, cols), n = 0;
    fprintf(f, "# papsim report %s heatmap data\n# x = algorithm index, y = row (0 = bottom), "
               "rgb colour, label\n",
            x->v == PAPSIM_STUDY_RUNTIMES ? "runtimes" : "robustness");
    for (size_t y = 0; y < nrows; y++)
        for (size_t c = 0; c < ncols; c++) {
            unsigned rgb;
            char label[48];
            int has = x->v == PAPSIM_STUDY_RUNTIMES
                          ? runtime_cell(p, rows[y], x->s, cols[c], &rgb, label, sizeof label)
                          : robust_cell(p, rows[y], x->s, cols[c], &rgb, label, sizeof label);
            if (has) {
                fprintf(f, "%zu %zu %u \"%s\"\n", c, nrows - 1 - y, rgb, label);
                n++;
            }
        }
    return n;
}

static void write_axes(FILE *f, const papsim_report *r, const papsim_report_panel *p,
                       papsim_study_view v)
{
    size_t rows[p->npatterns + 1], cols[r->nalgorithms + 1];
    size_t nrows = view_rows(p, v, rows), ncols = papsim_panel_columns(r, p, cols);
    papsim_gp_printf(f, "set xrange [-0.5:%zu.5]\nset yrange [-0.5:%zu.5]\nset xtics (",
                     ncols - 1, nrows - 1);
    for (size_t c = 0; c < ncols; c++)
        papsim_heatmap_tic(f, c, r->algorithms[cols[c]], c);
    papsim_gp_printf(f, ") rotate by 30 right scale 0\nset ytics (");
    for (size_t y = 0; y < nrows; y++)
        papsim_heatmap_tic(f, y, rows[y] == p->npatterns ? "score" : p->patterns[rows[y]],
                           nrows - 1 - y);
    papsim_gp_printf(f, ") scale 0\n");
}

static void write_legend_entries(FILE *f, papsim_study_view v)
{
    const swatch *const runtimes[] = {&GOOD, &SLOW, &BEST_SCORE};
    const swatch *const robust[] = {&ABSORBS, &NEUTRAL, &SUFFERS};
    const swatch *const *list = v == PAPSIM_STUDY_RUNTIMES ? runtimes : robust;
    for (size_t k = 0; k < 3; k++)
        papsim_gp_printf(f, "  NaN with boxes fc rgb '#%06x' title %q, \\\n", list[k]->rgb,
                         list[k]->text);
}

/* Two lines, each one quoted string; gnuplot joins them with "\n". */
static void write_title(FILE *f, const papsim_report *r, size_t i, size_t s, papsim_study_view v)
{
    const papsim_report_panel *p = &r->panels[i];
    char title[2048], size[32], head[512];
    papsim_panel_title(p, title, sizeof title);
    papsim_format_bytes(p->bytes[s], size, sizeof size);
    if (v == PAPSIM_STUDY_RUNTIMES)
        snprintf(head, sizeof head,
                 "%s: median %s per algorithm and pattern; score = mean of T/T(fastest in row)",
                 size, r->metric_label);
    else
        snprintf(head, sizeof head, "%s: robustness, %s(pattern)/%s(no_delay) - 1", size,
                 r->metric_label, r->metric_label);
    papsim_gp_printf(f, "set label 2 %q.\"\\n\".%q at screen 0.5, screen 0.97 center front "
                        "font ',9'\nset tmargin 5\n",
                     head, title);
}

static void write_comment(FILE *f, const void *ctx, const char *script)
{
    const study_ref *x = ctx;
    papsim_gp_printf(f, x->v == PAPSIM_STUDY_RUNTIMES
                            ? "# papsim report runtimes heatmap; restyle freely, then run in "
                              "this folder: gnuplot %q\n\n"
                            : "# papsim report robustness heatmap; restyle freely, then run in "
                              "this folder: gnuplot %q\n\n",
                     script);
}

static void write_setup(FILE *f, const void *ctx)
{
    const study_ref *x = ctx;
    write_title(f, x->r, x->i, x->s, x->v);
    write_axes(f, x->r, &x->r->panels[x->i], x->v);
    papsim_gp_printf(f, "set key outside right top Left reverse\nset style fill solid 1.0 "
                        "border lc rgb '#ffffff'\nset border 0\nset bmargin 9\n");
}

static void write_plot(FILE *f, const void *ctx, size_t ncells)
{
    const study_ref *x = ctx;
    if (ncells == 0) {
        papsim_gp_printf(f, "set label 3 'no result at this size' at graph 0.5, graph 0.5 "
                            "center\nplot NaN notitle\n");
        return;
    }
    papsim_gp_printf(f, "plot \\\n");
    write_legend_entries(f, x->v);
    papsim_gp_printf(f, "  data using 1:2:(0.5):(0.5):3 with boxxyerror fc rgb variable "
                        "notitle, \\\n  data using 1:2:4 with labels font ',8' notitle\n");
}

int papsim_study_write_plot_script(const papsim_report *r, size_t i, size_t s,
                                   papsim_study_view v, const char *dir, papsim_err *e)
{
    const papsim_report_panel *p = &r->panels[i];
    size_t rows[p->npatterns + 1], cols[r->nalgorithms + 1];
    size_t nrows = view_rows(p, v, rows), ncols = papsim_panel_columns(r, p, cols);
    char stem[1024], title[2048];
    study_ref x = {r, i, s, v};
    papsim_study_plot_stem(r, i, s, v, stem, sizeof stem);
    papsim_panel_title(p, title, sizeof title);
    /* wide enough for the panel title line at font 9 (under 8 px a character) */
    int w = 260 + 95 * (int)ncols, h = 260 + 30 * (int)nrows;
    if (w < 40 + 8 * (int)strlen(title))
        w = 40 + 8 * (int)strlen(title);
    papsim_heatmap hm = {stem, &x, w < 720 ? 720 : w, h, 9, 0,
                         write_dat, write_comment, write_setup, write_plot};
    return papsim_heatmap_write(&hm, dir, e);
}
