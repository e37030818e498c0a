/* `papsim compare`: the same spec run in simulation and on a real machine,
 * side by side. No MPI here.
 *
 * A cell is one case but the algorithm: the results.csv columns collective,
 * np, mapping, ranks_per_node, pattern, skew (as written in the spec, so a
 * relative "1.5x" matches although each side resolved it to its own
 * seconds), seed, bytes, distribution, datatype, op, root and params (the
 * last three may be missing from a table: then empty). platform, gamma and
 * skew_s are left out: they are what differs between the two runs. In
 * every cell each algorithm gets, on each side, the median of the metric
 * over its ok repetitions (the estimator of location of P. Marendić,
 * J. Lemeire, D. Vučinić, P. Schelkens, "A novel MPI reduction algorithm
 * resilient to imbalances in process arrival times", The Journal of
 * Supercomputing 72, 2016, Sec. 6.2, robust to the long tails of real runs)
 * and, for the spread, the minimum, maximum and count of those repetitions.
 *
 * Over the algorithms with a median on both sides (the common ones):
 *  - the winner on each side, the lowest median (ties: the name first in
 *    alphabetical order, as in `papsim report`);
 *  - Kendall's tau-b between the two orders. For every pair of common
 *    algorithms, concordant (C) if both sides order them alike, discordant
 *    (D) if opposite; n1 pairs are tied in simulation, n2 tied on the real
 *    side (a pair tied on both counts in both), n0 = k(k-1)/2 pairs:
 *        tau_b = (C - D) / sqrt((n0 - n1)(n0 - n2)),
 *    undefined (shown "-") when a factor is 0, e.g. fewer than 2 algorithms.
 *  - Overall, the same formula on C, D, n0, n1, n2 summed over the cells:
 *    pairs are only ever formed inside a cell (comparing different message
 *    sizes would reward the obvious), and a cell weighs by its pairs. The
 *    mean of the per-cell taus is printed beside it. */
#ifndef PAPSIM_COMPARE_H
#define PAPSIM_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "util/csv.h"
#include "util/papsim_error.h"

enum { PAPSIM_SIDE_SIM, PAPSIM_SIDE_REAL };

typedef struct {
    double median, min, max; /* NAN when n == 0 */
    size_t n;                /* ok repetitions */
    size_t other;            /* rows with another status (missed_start, ...) */
} papsim_compare_stat;

typedef struct {
    const char *algorithm;           /* borrowed from a table */
    papsim_compare_stat side[2];     /* PAPSIM_SIDE_* */
} papsim_compare_entry;

typedef struct {
    long concordant, discordant, ties_sim, ties_real, pairs;
} papsim_tau_counts;

typedef struct {
    char *key;                    /* "allreduce np=4 pattern=ascending ..." */
    size_t nentries;              /* algorithms seen on either side, by name */
    papsim_compare_entry *entries;
    size_t ncommon;               /* entries with a median on both sides */
    int winner[2];                /* entry index per side, -1 without common */
    papsim_tau_counts counts;
    double tau;                   /* NAN when undefined */
} papsim_compare_cell;

typedef struct {
    const char *metric;           /* the column compared */
    const char *sim_path, *real_path;
    size_t ncells;
    papsim_compare_cell *cells;   /* in order of first appearance, sim first */
    size_t cells_with_winner, same_winner, cells_with_tau;
    papsim_tau_counts total;
    double tau;                   /* pooled tau-b, NAN when undefined */
    double mean_tau;              /* mean of the defined per-cell taus */
} papsim_compare;

/* Kendall's tau-b of two score vectors of length n (lower = better, equal
 * = tied); the counts are added to *counts. NAN when undefined. */
double papsim_kendall_tau_b(const double *x, const double *y, size_t n,
                            papsim_tau_counts *counts);

/* tau-b from counts, NAN when undefined. */
double papsim_tau_from_counts(const papsim_tau_counts *c);

/* Builds the comparison of metric_column (e.g. "last_delay_s"). The result
 * borrows strings from both tables. Errors: a missing column, a bad number
 * in an ok row (path:line), no cell present on both sides. */
int papsim_compare_build(const papsim_table *sim, const papsim_table *real,
                         const char *metric_column, papsim_compare *c, papsim_err *e);

int papsim_compare_write_text(const papsim_compare *c, FILE *f);

void papsim_compare_free(papsim_compare *c);

#endif
