/* Heatmaps of the best-algorithm study with gnuplot, one per group and view
 * for the first metric: x = process count, y = block size, colour = the best
 * algorithm (a fixed colour per algorithm), and where the target is best a
 * grey level for its reduction over the second best (darker = larger), as in
 * the heat maps of W. J. Loch, "Sparbit: a new logarithmic-cost and data
 * locality-aware MPI Allgather algorithm", Master's dissertation, Santa
 * Catarina State University (UDESC), Joinville, Brazil, 2021, Ch. 6.
 * Cells without data stay blank. STEM.dat holds the
 * cells, STEM.gp draws them to STEM.png and STEM.svg; both use relative names
 * so `gnuplot STEM.gp` can be re-run in that folder after restyling. */
#include "report/report_best.h"
#include "report/report_keys.h"
#include "report/report_heatmap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/gnuplot_text.h"
#include "util/units.h"

/* Saturated colours (ColorBrewer Set1, then Dark2) with no grey in them, so
 * they never mix with the target's grey scale; indexed by the algorithm's
 * place in the sorted list of the table, so an algorithm keeps its colour in
 * every heatmap of a report. */
static const char *const palette[] = {
    "#e41a1c", "#377eb8", "#4daf4a", "#984ea3", "#ff7f00", "#ffff33", "#a65628",
    "#f781bf", "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02",
    "#a6761d",
};

static const char *algorithm_colour(size_t a)
{
    return palette[a % (sizeof palette / sizeof palette[0])];
}

/* What the blocks of STEM.dat hold, in order. */
typedef enum { BLOCK_WINNER, BLOCK_TARGET_GREY, BLOCK_TARGET_ALONE } block_kind;

static int cell_in_block(const papsim_best_report *r, const papsim_best_cell *c, size_t a,
                         block_kind kind)
{
    if (c->best != (int)a)
        return 0;
    if (a != r->target_index)
        return kind == BLOCK_WINNER;
    return kind == (c->second >= 0 ? BLOCK_TARGET_GREY : BLOCK_TARGET_ALONE);
}

static int block_used(const papsim_best_report *r, const papsim_report_panel *g,
                      const papsim_best_view *v, size_t a, block_kind kind)
{
    for (size_t i = 0; i < g->nsizes * g->nnp; i++)
        if (cell_in_block(r, &v->cells[i], a, kind))
            return 1;
    return 0;
}

/* Calls visit for every non-empty block in file order. */
typedef void (*block_fn)(FILE *f, const papsim_best_report *r, const papsim_report_panel *g,
                         const papsim_best_view *v, size_t a, block_kind kind, int index);

static int for_each_block(FILE *f, const papsim_best_report *r, const papsim_report_panel *g,
                          const papsim_best_view *v, block_fn visit)
{
    int index = 0;
    for (size_t a = 0; a < r->nalgorithms; a++)
        for (int k = BLOCK_WINNER; k <= BLOCK_TARGET_ALONE; k++)
            if (block_used(r, g, v, a, (block_kind)k))
                visit(f, r, g, v, a, (block_kind)k, index++);
    return index;
}

static void dat_block(FILE *f, const papsim_best_report *r, const papsim_report_panel *g,
                      const papsim_best_view *v, size_t a, block_kind kind, int index)
{
    static const char *const heading[] = {"# block %d: %q (best)\n",
                                          "# block %d: %q (best, grey = reduction)\n",
                                          "# block %d: %q (best, no other algorithm)\n"};
    if (index)
        fputs("\n\n", f);
    papsim_gp_data_printf(f, heading[kind], index, r->algorithms[a]);
    papsim_gp_data_printf(f, "# x y reduction_pct np bytes best_mapping T_best second T_second\n");
    for (size_t s = 0; s < g->nsizes; s++)
        for (size_t n = 0; n < g->nnp; n++) {
            const papsim_best_cell *c = papsim_best_cell_at(g, v, s, n);
            if (!cell_in_block(r, c, a, kind))
                continue;
            papsim_gp_data_printf(f, "%zu %zu ", n, s);
            if (isnan(c->reduction))
                papsim_gp_data_printf(f, "NaN");
            else
                papsim_gp_data_printf(f, "%.6f", 100.0 * c->reduction);
                    papsim_gp_data_printf(f, " %lld %lld %q %.9g %q ", g->np[n], g->bytes[s],
                             g->mappings[c->mapping], c->best_value,
                             c->second >= 0 ? r->algorithms[c->second] : "-");
            if (c->second >= 0)
                papsim_gp_data_printf(f, "%.9g\n", c->second_value);
            else
                papsim_gp_data_printf(f, "NaN\n");
        }
}


static void group_title(const papsim_report_panel *g, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "platform=%s  distribution=%s",
                                g->key[PAPSIM_BK_PLATFORM], g->key[PAPSIM_BK_DISTRIBUTION]);
    for (int k = PAPSIM_BK_RANKS_PER_NODE; k < PAPSIM_BK_SECTION_END && n < len; k++)
        if (g->key[k][0])
            n += (size_t)snprintf(buf + n, len - n, "  %s=%s", papsim_best_key_columns[k],
                                  g->key[k]);
}

/* Pixel layout of the canvas; gnuplot gets it as screen fractions. */
typedef struct {
    int left, cell_w, cell_h, plot_w, plot_h, top, bottom, right, w, h;
} layout;

typedef struct {
    const papsim_best_report *r;
    const papsim_report_panel *g;
    const papsim_best_view *v;
    layout l;
} view_ref;

static size_t write_dat(FILE *f, const void *ctx)
{
    const view_ref *x = ctx;
    char title[1024];
    group_title(x->g, title, sizeof title);
    papsim_gp_data_printf(f, "# papsim report --best %q heatmap data: %q, pattern=%q, skew=%q, view %q\n",
                     x->r->target, x->g->key[PAPSIM_BK_COLLECTIVE], x->g->key[PAPSIM_BK_PATTERN],
                     x->g->key[PAPSIM_BK_SKEW], papsim_best_view_name(x->g, x->v));
    papsim_gp_data_printf(f, "# %q\n# metric: mean %q; x = np index, y = bytes index; reduction_pct =\n"
                        "# 100 (1 - T_best / T_second) where %q is best, else NaN\n",
                     title, x->r->metric_labels[0], x->r->target);
    if (for_each_block(f, x->r, x->g, x->v, dat_block) == 0)
        papsim_gp_data_printf(f, "# no cell has a result\n");
    return x->v->ncells;
}

static void make_layout(const view_ref *x, layout *l)
{
    const papsim_report_panel *g = x->g;
    size_t name_chars = strlen(x->r->target) + 24;
    int entries = 2;
    for (size_t a = 0; a < x->r->nalgorithms; a++)
        if (g->present[a]) {
            entries++;
            if (strlen(x->r->algorithms[a]) > name_chars)
                name_chars = strlen(x->r->algorithms[a]);
        }
    int nnp = (int)g->nnp, ns = (int)g->nsizes;
    l->cell_w = nnp ? 900 / nnp : 44;
    l->cell_w = l->cell_w > 44 ? 44 : l->cell_w < 14 ? 14 : l->cell_w;
    l->cell_h = ns ? 200 / ns : 22;
    l->cell_h = l->cell_h > 60 ? 60 : l->cell_h < 22 ? 22 : l->cell_h;
    l->plot_w = l->cell_w * (nnp ? nnp : 1);
    l->plot_h = l->cell_h * (ns ? ns : 1);
    if (l->plot_w < 280)
        l->plot_w = 280;
    l->left = 90;
    l->top = 80;
    l->bottom = 160;
    l->right = 50 + 8 * (int)name_chars;
    l->w = l->left + l->plot_w + l->right;
    if (l->w < 40 + 7 * 110)
        l->w = 40 + 7 * 110; /* room for the title lines */
    l->h = l->top + l->plot_h + l->bottom;
    if (l->h < l->top + 22 * entries + 40)
        l->h = l->top + 22 * entries + 40;
}

static void write_axes(FILE *f, const papsim_report_panel *g, const layout *l)
{
    char buf[PAPSIM_UNITS_TEXT_MAX];
    double W = l->w, H = l->h;
    papsim_gp_printf(f, "set lmargin at screen %.4f\nset rmargin at screen %.4f\n", l->left / W,
                     (l->left + l->plot_w) / W);
    papsim_gp_printf(f, "set tmargin at screen %.4f\nset bmargin at screen %.4f\n",
                     1 - l->top / H, (H - l->top - l->plot_h) / H);
    papsim_gp_printf(f, "set xrange [-0.5:%zu.5]\nset yrange [-0.5:%zu.5]\n",
                     g->nnp ? g->nnp - 1 : 0, g->nsizes ? g->nsizes - 1 : 0);
    papsim_gp_printf(f, "set xtics (");
    for (size_t n = 0; n < g->nnp; n++) {
        snprintf(buf, sizeof buf, "%lld", g->np[n]);
        papsim_heatmap_tic(f, n, buf, n);
    }
    papsim_gp_printf(f, g->nnp > 12 ? ") scale 0 rotate by 90 right\nset ytics ("
                                    : ") scale 0\nset ytics (");
    for (size_t s = 0; s < g->nsizes; s++) {
        papsim_format_bytes(g->bytes[s], buf, sizeof buf);
        papsim_heatmap_tic(f, s, buf, s);
    }
    papsim_gp_printf(f, ") scale 0\nset xlabel 'process count'\nset ylabel 'block size'\n");
}

/* Three lines, each one quoted string; gnuplot joins them with "\n". */
static void write_title(FILE *f, const view_ref *x, const layout *l)
{
    char title[1024], head[1024], grey[1024];
    group_title(x->g, title, sizeof title);
    snprintf(head, sizeof head, "%s, pattern %s, skew %s, mapping %s: best algorithm by mean %s",
             x->g->key[PAPSIM_BK_COLLECTIVE], x->g->key[PAPSIM_BK_PATTERN],
             x->g->key[PAPSIM_BK_SKEW], papsim_best_view_name(x->g, x->v),
             x->r->metric_labels[0]);
    snprintf(grey, sizeof grey, "grey: %s is best, darker = larger 1 - T(%s)/T(second best)",
             x->r->target, x->r->target);
    papsim_gp_printf(f, "set label 1 %q.\"\\n\".%q.\"\\n\".%q at screen 0.5, screen %.4f "
                        "center front\n",
                     head, title, grey, 1 - 14.0 / l->h);
}

static void plot_block(FILE *f, const papsim_best_report *r, const papsim_report_panel *g,
                       const papsim_best_view *v, size_t a, block_kind kind, int index)
{
    (void)g;
    (void)v;
    papsim_gp_printf(f, index ? ", \\\n  data index %d using 1:2:(0.5):(0.5)"
                              : "  data index %d using 1:2:(0.5):(0.5)",
                     index);
    if (kind == BLOCK_WINNER)
        papsim_gp_printf(f, " with boxxyerror fc rgb %q title %q", algorithm_colour(a),
                         r->algorithms[a]);
    else if (kind == BLOCK_TARGET_GREY)
        papsim_gp_printf(f, ":3 with boxxyerror fc palette notitle");
    else
        papsim_gp_printf(f, " with boxxyerror fs pattern 4 lc rgb '#000000' title "
                            "%q.' (no other result)'",
                         r->target);
}

static void write_plot(FILE *f, const void *ctx, size_t ncells)
{
    const view_ref *x = ctx;
    (void)ncells;
    if (x->v->ncells == 0) {
        papsim_gp_printf(f, "set label 3 'no algorithm has an ok result in this view' "
                            "at graph 0.5, graph 0.5 center\nplot NaN notitle\n");
        return;
    }
    papsim_gp_printf(f, "plot \\\n");
    if (block_used(x->r, x->g, x->v, x->r->target_index, BLOCK_TARGET_GREY))
        /* The grey cells draw no key sample of their own: give one. */
        papsim_gp_printf(f, "  keyentry with boxes fc rgb '#808080' title %q.' (grey)', \\\n",
                         x->r->target);
    for_each_block(f, x->r, x->g, x->v, plot_block);
    papsim_gp_printf(f, "\n");
}

static void write_comment(FILE *f, const void *ctx, const char *script)
{
    const view_ref *x = ctx;
    papsim_gp_printf(f, "# papsim report --best %q heatmap (view %q). Cell colour = the algorithm\n"
                        "# with the lowest mean %q; grey where %q is best, darker = larger\n"
                        "# reduction over the second best; blank = no result. Restyle freely,\n"
                        "# then run in this folder: gnuplot %q\n\n",
                     x->r->target, papsim_best_view_name(x->g, x->v), x->r->metric_labels[0],
                     x->r->target, script);
}

static void write_setup(FILE *f, const void *ctx)
{
    const view_ref *x = ctx;
    const layout *l = &x->l;
    double W = l->w, H = l->h;
    write_title(f, x, l);
    write_axes(f, x->g, l);
    papsim_gp_printf(f, l->cell_w >= 20
                            ? "set border 0\nset style fill solid 1.0 border lc rgb '#ffffff'\n"
                            : "set border 0\nset style fill solid 1.0 noborder\n");
    papsim_gp_printf(f, "set key at screen %.4f, screen %.4f left top Left reverse "
                        "title 'best algorithm'\n",
                     (l->left + l->plot_w + 20) / W, 1 - l->top / H);
    papsim_gp_printf(f, "set palette defined (0 '#e0e0e0', 100 '#000000')\nset cbrange [0:100]\n"
                        "set cbtics 20\nset cblabel %q.' best: reduction over the second "
                        "best, %%'\n",
                     x->r->target);
    papsim_gp_printf(f, "set colorbox horizontal user origin screen %.4f, screen %.4f "
                        "size screen %.4f, screen %.4f\n",
                     l->left / W, 62 / H, (l->plot_w < 400 ? l->plot_w : 400) / W, 12 / H);
}

int papsim_best_write_plot_script(const papsim_best_report *r, size_t g, size_t v,
                                  const char *dir, papsim_err *e)
{
    const papsim_report_panel *grp = &r->groups[g];
    view_ref x = {r, grp, papsim_best_view_at(grp, 0, v), {0}};
    make_layout(&x, &x.l);
    papsim_heatmap h = {grp->file_stems[v], &x, x.l.w, x.l.h, 10, 1,
                        write_dat, write_comment, write_setup, write_plot};
    return papsim_heatmap_write(&h, dir, e);
}
