/* The relative-time report behind `papsim report --relative BASE`: every
 * algorithm's median time next to its ratio to a base algorithm, per message
 * size and skew, as P. Marendić, J. Lemeire, D. Vučinić, P. Schelkens, "A novel
 * MPI reduction algorithm resilient to imbalances in process arrival times",
 * The Journal of Supercomputing 72, 2016, Sec. 7 and Figure 12, report each
 * baseline relative to Clairvoyant per delay, or with --speedup as
 * J. Proficz, "Improving all-reduce collective operations for imbalanced
 * process arrival patterns", The Journal of Supercomputing 74(7), 2018,
 * reports speedups over ring (Tables 3-4).
 *
 * Definitions (the report's header repeats them):
 * - A panel is one study: the case keys other than algorithm, pattern, skew
 *   and size (collective, platform, np, mapping, ranks_per_node, datatype,
 *   op, root, gamma, distribution), as `papsim report` groups them. A panel
 *   prints one table per pattern; a table's rows are (size, skew) and its
 *   columns are the panel's algorithms, BASE first, the others by name.
 * - T(a) in a row is the median of the metric over algorithm a's ok
 *   repetitions there (every seed pooled; an even count takes the mean of the
 *   two middle values). The ratio is T(a)/T(BASE), or T(BASE)/T(a) with
 *   --speedup.
 * - A cell without an ok repetition shows "-"; the table's footnote counts
 *   such cells by cause (the rows' status, or "no row" when the algorithm
 *   has no row there). Where BASE has no ok repetition the ratios are "-".
 * - The skew is shown as the absolute skew the run used (results.csv's
 *   skew_s); a relative spec skew ("1.5x") adds its factor, since results.csv
 *   keeps the spec text in its skew column. A robustness skew ("1.5x-own")
 *   differs per algorithm and is shown by its factor only.
 * - Panels without any BASE row are left out (and counted); a table without
 *   a BASE row at all is an error. */
#ifndef PAPSIM_REPORT_RELATIVE_H
#define PAPSIM_REPORT_RELATIVE_H

#include <stddef.h>
#include <stdio.h>

#include "util/csv.h"
#include "util/papsim_error.h"
#include "report/report_panel.h"
#include "report/report.h"

typedef struct {
    const char *path; /* the input table, for messages */
    const char *base;
    const char *metric; /* column, e.g. "total_delay_s" */
    char metric_label[32];
    int speedup; /* ratios are T(BASE)/T(a) */
    int spread;  /* --spread: cells add papsim_format_spread (set after building) */
    size_t npanels;
    papsim_report_panel *panels;
    size_t nskipped; /* panels without any BASE row */
} papsim_rel_report;

/* Builds the report of t against base for metric_column. Borrows strings from
 * t, which must outlive it. Errors name the file (and line): no rows, missing
 * column, bad bytes or time, no row of base (listing the table's
 * algorithms). */
int papsim_rel_build(const papsim_table *t, const char *base, const char *metric_column,
                     int speedup, papsim_rel_report *r, papsim_err *e);

void papsim_rel_free(papsim_rel_report *r);

/* "relative_" and the sanitised base name: the stem of the output files. */
void papsim_rel_file_prefix(const papsim_rel_report *r, char *buf, size_t len);

/* relative_BASE.txt, or with markdown relative_BASE.md; 0 or -1 on a
 * write error. */
int papsim_rel_write(const papsim_rel_report *r, FILE *f, int markdown);

#endif
