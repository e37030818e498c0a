/* The Sparbit properties papsim-schedule checks on an allgather trace:
 * those implied by Algorithm 1 of W. J. Loch, "Sparbit: a new
 * logarithmic-cost and data locality-aware MPI Allgather algorithm",
 * Master's dissertation, UDESC, Joinville, Brazil, 2021, Ch. 4 (steps,
 * distances, blocks per step, p-1 blocks sent, each received once) and the
 * block lists worked out by hand for p = 5, 6, 21, 31. */
#ifndef PAPSIM_SCHEDULE_SPARBIT_PROPS_H
#define PAPSIM_SCHEDULE_SPARBIT_PROPS_H

#include "expected.h"

void sparbit_properties(const sched *got, const sched_layout *L, const char *label);

#endif
