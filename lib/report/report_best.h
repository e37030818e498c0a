/* The "best algorithm" study behind `papsim report --best TARGET`: where a
 * target algorithm is the fastest and by how much, in the form of Tables 6, 7
 * and 8 and the heat maps of W. J. Loch, "Sparbit: a new logarithmic-cost and
 * data locality-aware MPI Allgather algorithm", Master's dissertation, Santa
 * Catarina State University (UDESC), Joinville, Brazil, 2021, Ch. 6.
 *
 * Definitions (the report's header repeats them):
 * - A group is one (collective, platform, distribution, pattern, skew) plus
 *   the other case keys that results.csv has (ranks_per_node, datatype, op,
 *   root, gamma), so unlike cases are never pooled. A cell is one
 *   (np, bytes) of a group. A missing distribution column means "uniform";
 *   a missing optional key column is simply not a key.
 * - T(a) of an algorithm in a cell is the arithmetic mean of the metric over
 *   its ok rows there (every repetition and seed); rows whose status is not
 *   "ok" are ignored.
 * - A view is one mapping of a group, or "united": there each algorithm's
 *   record is its lowest T over all mappings, and the cell takes the best of
 *   all algorithm x mapping records (the overall view of Loch 2021).
 * - The best algorithm of a cell has the lowest T (or record); a tie goes to
 *   the algorithm first in name order (strcmp). The second best is the best
 *   of the other algorithms under the same rule; in the united view that is
 *   the best record of any other algorithm, never the target in another
 *   mapping.
 * - A view counts the cells where at least one algorithm has a result; "best
 *   in" is the share of those cells each algorithm wins. Where the target
 *   wins and a second best exists, its reduction is 1 - T(target)/T(second);
 *   mean, median (middle value, or the mean of the two middle values) and
 *   highest are over those cells. A second best of time 0 gives reduction 0.
 * - Groups where the target has no row at all are left out (and counted). */
#ifndef PAPSIM_REPORT_BEST_H
#define PAPSIM_REPORT_BEST_H

#include <stddef.h>
#include <stdio.h>

#include "util/csv.h"
#include "util/papsim_error.h"
#include "report/report_panel.h"

/* The key fields of a group in sort and display order. The first
 * PAPSIM_BK_SECTION_END fields make a section of the text report (one table);
 * platform and distribution then vary between its rows. */
enum {
    PAPSIM_BK_COLLECTIVE,
    PAPSIM_BK_PATTERN,
    PAPSIM_BK_SKEW,
    PAPSIM_BK_RANKS_PER_NODE,
    PAPSIM_BK_DATATYPE,
    PAPSIM_BK_OP,
    PAPSIM_BK_ROOT,
    PAPSIM_BK_GAMMA,
    PAPSIM_BK_PLATFORM,
    PAPSIM_BK_DISTRIBUTION,
    PAPSIM_BK_COUNT
};
#define PAPSIM_BK_SECTION_END PAPSIM_BK_PLATFORM

/* Column name of each key, indexed by PAPSIM_BK_*. */
extern const char *const papsim_best_key_columns[PAPSIM_BK_COUNT];

#define PAPSIM_BEST_MAX_METRICS 4
#define PAPSIM_BEST_UNITED "united"

typedef struct {
    const char *path;   /* the input table, for messages */
    const char *target;
    size_t target_index;
    size_t nmetrics;
    const char *metrics[PAPSIM_BEST_MAX_METRICS]; /* columns, e.g. "mean_elapsed_s" */
    char metric_labels[PAPSIM_BEST_MAX_METRICS][32]; /* without "_s" */
    size_t nalgorithms;
    const char **algorithms; /* every algorithm named in the table, sorted */
    size_t ngroups;
    papsim_report_panel *groups; /* sorted by key */
    size_t nskipped;           /* groups without any row of the target */
    unsigned char key_varies[PAPSIM_BK_COUNT]; /* the key takes 2+ values among groups */
} papsim_best_report;

/* Builds the study of target for the metric columns metrics[0..nmetrics)
 * (the first one is drawn in the heatmaps). The report borrows strings from
 * t, which must outlive it. Errors name the file (and line): missing column,
 * bad np or bytes, an ok row without a time, target absent, no rows. */
int papsim_best_build(const papsim_table *t, const char *target, const char *const *metrics,
                      size_t nmetrics, papsim_best_report *r, papsim_err *e);

void papsim_best_free(papsim_best_report *r);

/* Accessors. */
const papsim_best_view *papsim_best_view_at(const papsim_report_panel *g, size_t metric,
                                            size_t view);
const papsim_best_cell *papsim_best_cell_at(const papsim_report_panel *g,
                                            const papsim_best_view *v, size_t size, size_t np);

/* The view's name: its mapping, or "united". */
const char *papsim_best_view_name(const papsim_report_panel *g, const papsim_best_view *v);

/* best_TARGET.txt, or with markdown best_TARGET.md. */
int papsim_best_write(const papsim_best_report *r, FILE *f, int markdown);

/* Writes DIR/STEM.dat and DIR/STEM.gp, the heatmap of view v of group g for
 * the first metric; STEM = g->file_stems[v]. */
int papsim_best_write_plot_script(const papsim_best_report *r, size_t g, size_t v,
                                  const char *dir, papsim_err *e);

/* Prefix of every output file: "best_" and the sanitised target name. */
void papsim_best_file_prefix(const papsim_best_report *r, char *buf, size_t len);

#endif
