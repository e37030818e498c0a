/* Helpers shared by the arrival-sorted allreduce algorithms of Proficz 2018
 * (slt.c, prr.c): the expected arrivals, whichever way the caller supplies
 * them, turned into the sorted order. Their P segments are coll_blocks.h's
 * blocks of p (papsim_block_ptr). */
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

#endif
