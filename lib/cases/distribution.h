/* Block-size distributions for allgatherv: how many elements each rank
 * contributes, from a base size c. The five non-uniform shapes are those of
 * W. J. Loch, "Sparbit: a new logarithmic-cost and data locality-aware MPI
 * Allgather algorithm", Master's dissertation, Santa Catarina State
 * University (UDESC), Joinville, Brazil, 2021, Sec. 6.1.3 (adapted from
 * Traff et al. 2008).
 * No MPI here: papbench uses it to size buffers, the CLI to validate specs. */
#ifndef PAPSIM_DISTRIBUTION_H
#define PAPSIM_DISTRIBUTION_H

#include <stddef.h>

#include "util/papsim_error.h"

/* The names, in a fixed order, for --help and error messages. */
extern const char *const papsim_distributions[];
extern const size_t papsim_ndistributions;

/* 1 if `name` is a known distribution. */
int papsim_distribution_known(const char *name);

/* Comma-separated list of the names, for error messages. */
void papsim_distribution_names(char *buf, size_t len);

/* Fills counts[0..p-1] (elements) for base size c (elements) and
 * displs[0..p-1] packed in rank order (displs may be NULL). With p = 1 every
 * shape gives the single rank c elements. Fails with a message naming the
 * distribution when a count or the total does not fit an int. Discretisation
 * truncates (floor), as the epsilon terms of Loch 2021 say:
 *   uniform    m_i = c
 *   broadcast  m_0 = c, m_i = 0 for i > 0
 *   spike      m_0 = p c, m_i = floor(p c / (p-1))
 *   half       m_i = 2c for even i, 0 for odd i
 *   lindec     m_i = floor(2c (p-1-i) / (p-1))
 *   geometric  m_i = floor(p c / ((i + 3/2) ln p))   (natural log: the total
 *              is then slightly above p c; Loch 2021 writes "log p") */
int papsim_distribution_counts(const char *name, int p, long long c, int *counts, int *displs,
                               papsim_err *e);

#endif
