/* What each collective's cases may set, beyond the registry's restrictions,
 * and the barrier's check. No MPI here. */
#ifndef PAPSIM_COLLECTIVE_RULES_H
#define PAPSIM_COLLECTIVE_RULES_H

#include "cases/case.h"

/* 1 if the collective's block sizes come from a distribution
 * (PAPSIM_C_VFORM: allgatherv, reduce_scatter, gatherv, scatterv;
 * alltoallv's per-pair matrices): --distribution applies and is part of
 * the case id. */
int papsim_collective_has_distribution(const char *collective);

/* The collective-specific rules of a case, from its traits
 * (collectives.def): --distribution only where it applies, no --in-place
 * for one buffer (bcast) or none (barrier), --bytes 0 without data
 * (barrier), no knob its algorithm does not read with strict knobs. 0 if
 * fine, else -1 with a message naming the option. */
int papsim_case_check_collective(const papsim_case *c, papsim_err *e);

/* The barrier's check from the recorded times: no rank left before the
 * last one entered, min(exit) >= max(arrive) - tolerance (tolerance: the
 * clock error of a real machine, 0 in simulation). 1 if it holds. */
int papsim_barrier_times_ok(const double *arrive, const double *exit_t, int np,
                            double tolerance);

/* The collective whose smpi/<collective> setting picks SMPI's algorithm for
 * it (collectives.def's smpi field): reduce_scatter for
 * reduce_scatter_block (SMPI runs MPI_Reduce_scatter_block through its
 * reduce_scatter algorithms), the collective itself otherwise. */
const char *papsim_smpi_collective(const char *collective);

/* 0 for a collective SMPI has one implementation of, with no smpi/<collective>
 * option (collectives.def's smpi field empty: gatherv, scatterv): its
 * builtin:default runs SMPI's own without a --cfg; 1 otherwise. */
int papsim_smpi_selectable(const char *collective);

#endif
