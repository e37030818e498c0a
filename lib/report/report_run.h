/* `papsim report` as a library call: one request (which views, which
 * metrics, where), the text and Markdown files of every view asked for, and
 * the gnuplot heatmaps drawn through the one heatmap writer
 * (report_heatmap.h). The command line only parses its arguments into a
 * papsim_report_request and calls papsim_report_run. */
#ifndef PAPSIM_REPORT_RUN_H
#define PAPSIM_REPORT_RUN_H

#include <stddef.h>
#include <stdio.h>

#include "util/papsim_error.h"

#define PAPSIM_REPORT_MAX_METRICS 4

typedef struct {
    const char *input;    /* DIR or a .csv file */
    const char *out;      /* NULL: DIR/report, or report/ beside the .csv */
    const char *best;     /* --best TARGET, or NULL */
    const char *relative; /* --relative BASE, or NULL */
    int speedup;          /* --speedup: ratios are T(BASE)/T(alg) */
    int spread;           /* --spread: range and counts of the repetitions per cell */
    int runtimes;         /* --runtimes (or --all): Salimi Beni et al. Figures 5, 8 */
    int robustness;       /* --robustness (or --all): Salimi Beni et al. Figure 6 */
    int figure4;          /* --all: the best-algorithm-per-pattern report too */
    size_t nmetrics;      /* columns, e.g. "last_delay_s"; at least one */
    const char *metrics[PAPSIM_REPORT_MAX_METRICS];
} papsim_report_request;

/* The results table and the output folder of a request: the input is a
 * table when it names an existing non-directory or ends in ".csv",
 * otherwise a results directory (DIR/results.csv, DIR/report). 0, or -1
 * with "INPUT: path too long". */
int papsim_report_paths(const papsim_report_request *q, char *csv, char *outdir, size_t len,
                        papsim_err *e);

/* Loads and checks the table, builds the views asked for, writes their
 * files into outdir (one "wrote PATH" line each on log) and draws the
 * heatmaps. Errors go through the one error printer as "papsim report:
 * ...". Returns the exit status: 0, 1 when images could not be drawn (the
 * text files and scripts are written), 2 on bad input. */
int papsim_report_run(const papsim_report_request *q, const char *csv, const char *outdir,
                      FILE *log);

#endif
