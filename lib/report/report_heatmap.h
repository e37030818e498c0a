/* The one heatmap writer of the reports: every view draws its heatmaps
 * (runtime winners, --best winners and reductions, runtimes and robustness)
 * as STEM.dat, the cells, and STEM.gp, the gnuplot script that draws them to
 * STEM.png and STEM.svg. Both files stay beside the images and use relative
 * names, so a user can restyle the script and re-run `gnuplot STEM.gp` in
 * that folder. A view gives the file contents through callbacks; the writer
 * owns the files, their errors, the order of the script's parts and the two
 * terminals. Script text is written only with papsim_gp_printf
 * (util/gnuplot_text.h), so no name from the table reaches gnuplot
 * unquoted. */
#ifndef PAPSIM_REPORT_HEATMAP_H
#define PAPSIM_REPORT_HEATMAP_H

#include <stddef.h>
#include <stdio.h>

#include "util/papsim_error.h"

typedef struct {
    const char *stem;
    const void *ctx;   /* the view's, handed to every callback */
    int width, height; /* pixels of both images */
    int font_size;     /* 'Sans,N' */
    int replot;        /* the SVG: "replot" (1) or the plot written again (0) */
    /* STEM.dat; returns the cells written. */
    size_t (*data)(FILE *f, const void *ctx);
    /* The script's opening comment; script is "STEM.gp". */
    void (*comment)(FILE *f, const void *ctx, const char *script);
    /* Everything between the "data = 'STEM.dat'" line and the terminals:
     * title, axes, key, style. */
    void (*setup)(FILE *f, const void *ctx);
    /* The plot command; ncells as data returned. */
    void (*plot)(FILE *f, const void *ctx, size_t ncells);
} papsim_heatmap;

/* Writes DIR/STEM.dat and DIR/STEM.gp; 0, or -1 with the file named in e. */
int papsim_heatmap_write(const papsim_heatmap *h, const char *dir, papsim_err *e);

/* One entry of a "set xtics (...)" list: "'label' pos", after a ", " but
 * for the first (i == 0). */
void papsim_heatmap_tic(FILE *f, size_t i, const char *label, size_t pos);

/* Runs gnuplot (or $PAPSIM_GNUPLOT) on DIR/STEM.gp in DIR, with an argument
 * vector and no shell, then checks that STEM.png and STEM.svg are
 * non-empty. Returns 0, or -1 with a message; *not_found is set when the
 * gnuplot program could not be started. */
int papsim_heatmap_run_gnuplot(const char *dir, const char *stem, int *not_found,
                               papsim_err *e);

#endif
