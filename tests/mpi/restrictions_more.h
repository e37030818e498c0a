/* Barrier and the reduce_scatter family in tests/mpi/restrictions.c. */
#ifndef RESTRICTIONS_MORE_H
#define RESTRICTIONS_MORE_H

#include <limits.h>
#include <mpi.h>

#include "papsim_algorithms.h"

/* The count that asks for recvcounts = NULL (reduce_scatter). */
#define RESTRICTIONS_NULL_COUNTS INT_MIN

int restrictions_more_collective(const char *collective);

/* One call with MPI_INT and sum (or the affine type and op when noncomm);
 * *result_ok: the result is exact (or nothing to check). */
int restrictions_call_more(const papsim_catalog_entry *e, MPI_Comm comm, int rank, int p,
                           int count, MPI_Datatype type, MPI_Op op, int noncomm,
                           const papsim_params *params, int *result_ok);

/* Alltoallv (restrictions_a2av.c): 1 if the collective is it; one call
 * with MPI_INT (count < 0 or RESTRICTIONS_NULL_COUNTS: the refusals), then
 * the same exchange in place; *result_ok: both results exact. */
int restrictions_a2av_collective(const char *collective);
int restrictions_call_a2av(const papsim_catalog_entry *e, MPI_Comm comm, int rank, int p,
                           int count, const papsim_params *params, int *result_ok);

#endif
