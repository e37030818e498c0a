/* Scan and exscan in tests/mpi/restrictions.c. */
#ifndef RESTRICTIONS_SCAN_H
#define RESTRICTIONS_SCAN_H

#include <mpi.h>

#include "papsim_algorithms.h"

int restrictions_scan_collective(const char *collective);

/* One call with MPI_INT and sum, or (noncomm) the affine type {unsigned a,
 * b} and its non-commutative op; separate buffers, or MPI_IN_PLACE when
 * in_place. *result_ok: the result is exact on every rank that has one
 * (exscan's rank 0 has none), or the call failed (the class is checked by
 * the caller). */
int restrictions_call_scan(const papsim_catalog_entry *e, MPI_Comm comm, int rank, int count,
                           MPI_Datatype type, MPI_Op op, int noncomm, int in_place,
                           const papsim_params *params, int *result_ok);

#endif
