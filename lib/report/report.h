/* The analysis behind `papsim report`: the best algorithm per arrival pattern
 * and message size, in the manner of Figure 4 of M. Salimi Beni, B. Cosenza,
 * S. Hunold, "MPI collective algorithm selection in the presence of process
 * arrival patterns", IEEE International Conference on Cluster Computing
 * (CLUSTER), 2024.
 *
 * Rows of results.csv are grouped into panels. A panel is one study (same
 * collective, platform, np, mapping, ranks_per_node, datatype, op, root,
 * gamma and allgatherv distribution) at one skew of its patterned rows; the
 * study's no_delay rows (skew 0) are shared by every skew panel of that
 * study. In a panel, each cell (pattern, size) holds the winner, the
 * algorithm with the lowest median of the metric over its ok repetitions
 * (and seeds), and the winner's value relative to A0's value under the same
 * pattern, where A0 is the no_delay winner at that size. The no_delay row is
 * therefore 1.00 throughout, and a cell below 1 shows how much a decision
 * made from no_delay runs loses.
 *
 * This is one view on the panel model of report_rows.h (rows, their order,
 * the repetitions of a cell and their median and spread); its panels are
 * also what the runtimes and robustness views (report_study.h) show. The
 * panels are built in report.c, written as text and Markdown in
 * report_text.c (through the tables of report_grid.h) and as heatmaps in
 * report_plot.c (through the heatmap writer of report_heatmap.h). What
 * every view shares besides: report_keys.h (key order, numbers, grouping of
 * sorted rows), report_names.h (file stems, Markdown cells) and
 * report_format.h (panel keys, times, spreads, titles). */
#ifndef PAPSIM_REPORT_H
#define PAPSIM_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "report/report_format.h"
#include "report/report_rows.h"
#include "util/csv.h"
#include "util/papsim_error.h"
#include "report/report_panel.h"

typedef struct {
    const char *metric;    /* column compared, e.g. "last_delay_s" */
    char metric_label[32]; /* the same without "_s", for captions */
    size_t nalgorithms;
    const char **algorithms; /* every algorithm in the table, sorted */
    char **abbrev;           /* short unique label per algorithm, for tables */
    size_t npanels;
    papsim_report_panel *panels;
    char *param_labels;      /* "name[params]" texts the records point to (report.c) */
    int spread;              /* --spread: the runtimes cells add papsim_format_spread */
} papsim_report;

/* Accepts "last_delay", "total_delay", "mean_elapsed", "max_elapsed", with or
 * without the "_s" suffix; returns the column name or NULL if unknown. */
const char *papsim_report_metric_column(const char *metric);

/* Builds the report for metric_column from t. The report borrows strings from
 * t, which must outlive it. Errors name file:line (bad number, missing
 * column, ok row without a time). A table without rows is an error. */
int papsim_report_build(const papsim_table *t, const char *metric_column, papsim_report *r,
                        papsim_err *e);

void papsim_report_free(papsim_report *r);

/* Cell accessors. */
const papsim_cell *papsim_panel_cell(const papsim_report_panel *p, size_t pattern, size_t size);
double papsim_panel_median(const papsim_report_panel *p, size_t pattern, size_t size, size_t algorithm);
const papsim_rep_spread *papsim_panel_spread(const papsim_report_panel *p, size_t pattern, size_t size,
                                             size_t algorithm);

/* 1 if some cell shows an absolute time because A0 has no result there. */
int papsim_panel_has_absolute_cells(const papsim_report_panel *p);

/* Text of a cell: "ratio" to 2 decimals, or "time*" when there is no ratio,
 * or "-" when no algorithm has a result. */
void papsim_cell_value_text(const papsim_cell *c, char *buf, size_t len);

/* "reduce, platform=..., np=16, ..., skew=100us" */
void papsim_panel_title(const papsim_report_panel *p, char *buf, size_t len);

/* The algorithms shown in a panel, those with rows in it, into cols (room
 * for r->nalgorithms) in report order; returns how many. */
size_t papsim_panel_columns(const papsim_report *r, const papsim_report_panel *p, size_t *cols);

/* The heading of panel i: "== panel 1 of 2: TITLE ==" in text, "## Panel 1:
 * TITLE" in Markdown, after a blank line. */
void papsim_report_panel_heading(FILE *f, const papsim_report *r, size_t i, int markdown);

/* report.txt, or with markdown report.md. */
int papsim_report_write(const papsim_report *r, FILE *f, int markdown);

/* Writes DIR/STEM.dat and DIR/STEM.gp for panel i (STEM = file_stem). */
int papsim_report_write_plot_script(const papsim_report *r, size_t i, const char *dir,
                                    papsim_err *e);

#endif
