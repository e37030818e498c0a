/* Gather, scatter, gatherv and scatterv in tests/mpi/restrictions.c. */
#ifndef RESTRICTIONS_GS_H
#define RESTRICTIONS_GS_H

#include <limits.h>
#include <mpi.h>

#include "papsim_algorithms.h"

/* The count that asks for MPI_IN_PLACE at the root (with 7 elements). */
#define RESTRICTIONS_GS_IN_PLACE (INT_MIN + 1)

int restrictions_gs_collective(const char *collective);

/* One call with MPI_INT; count: every rank's block (the v forms: rank r's
 * is r mod 3, rank 1's the count given; a negative count is every rank's
 * block, refused everywhere with MPI_ERR_COUNT). *result_ok: the root's
 * (gather) or every rank's (scatter) result is exact. */
int restrictions_call_gs(const papsim_catalog_entry *e, MPI_Comm comm, int rank, int p,
                         int count, int root, const papsim_params *params, int *result_ok);

#endif
