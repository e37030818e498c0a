/* Helpers of scan and exscan: their tags and their preamble (the same
 * checks, order and error classes as allreduce's, listed in
 * papsim_algorithms.h). Their restriction flags are coll_util.h's. */
#ifndef PAPSIM_COLL_SCAN_H
#define PAPSIM_COLL_SCAN_H

#include "coll_util.h"

/* Non-negative tags apart from coll_util.h's and coll_more.h's. */
enum {
    PAPSIM_TAG_SCAN = 520,
    PAPSIM_TAG_EXSCAN = 530,
};

/* The scan and exscan preamble: the allreduce checks (count, datatype, op,
 * communicator and its size against flags, knobs; their code, the same on
 * every rank, nothing sent), then rank, size, extent and commutativity into
 * *c. *input is this rank's own vector (recvbuf with MPI_IN_PLACE, else
 * sendbuf). scan also copies it into recvbuf (unless MPI_IN_PLACE), so the
 * algorithm folds into recvbuf; exscan leaves recvbuf alone. Done when
 * count == 0 or p == 1. */
int papsim_scan_begin(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                      MPI_Comm comm, const papsim_params *params, unsigned flags, int exclusive,
                      papsim_call *c, const void **input);

/* The recursive-doubling prefix of scan (exclusive 0) and exscan
 * (exclusive 1): partial folds swapped with r xor 2^k over ceil(log2 p)
 * steps, the lower partner's data always the left operand, so the result
 * keeps rank order for any op (see scan_recursive_doubling.c). */
int papsim_prefix_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                     MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                     const papsim_params *params, unsigned flags, int exclusive);

#endif
