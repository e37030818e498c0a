/* Helpers shared by the arrival-sorted allreduce algorithms of Proficz 2018
 * (slt.c, prr.c): the expected arrivals, whichever way the caller supplies
 * them, turned into the sorted order, and the cut of the vector into P
 * segments. */
#ifndef PAPSIM_ARRIVAL_SORTED_H
#define PAPSIM_ARRIVAL_SORTED_H

#include <mpi.h>

#include "papsim_algorithms.h"

/* Fills order[id] (the rank with the id-th earliest expected arrival, ties
 * by rank) and, if a_sorted is non-NULL, a_sorted[id] = its arrival minus
 * the earliest one. The arrivals come from params->arrival_source (the
 * exchange is completed here, inside the timed call), else params->arrivals,
 * else all equal (identity order, zeros). Returns an MPI error code:
 * MPI_ERR_ARG for a non-finite arrival. */
int papsim_sorted_ranks(const papsim_params *params, int p, int *order, double *a_sorted);

/* Segment j of p when count elements are cut in p: the first count mod p
 * segments are one element longer; with count < p the last ones are empty. */
static inline void papsim_segment(int count, int p, int j, MPI_Aint *first, int *len)
{
    const int base = count / p, extra = count % p;
    *len = base + (j < extra ? 1 : 0);
    *first = (MPI_Aint)j * base + (j < extra ? j : extra);
}

#endif
