/* The communication of Sparbit (Loch 2021, Algorithm 1), shared by
 * algorithms/allgather/allgather_sparbit.c and algorithms/allgatherv/allgatherv_sparbit.c: the two differ only in where
 * a block lives and how long it is. */
#ifndef PAPSIM_SPARBIT_EXCHANGE_H
#define PAPSIM_SPARBIT_EXCHANGE_H

#include <mpi.h>

/* Runs the ceil(log2 p) Sparbit steps on recvbuf, whose own block is
 * already in place. Block b is counts[b] elements of `type` at displs[b]
 * (elements), or, when counts is NULL, `count` elements at b * count. A block
 * with no bytes posts no message on either side. */
int papsim_sparbit_exchange(void *recvbuf, int count, const int *counts, const int *displs,
                            MPI_Datatype type, int tag, MPI_Comm comm);

#endif
