/* Running one collective call of a case: buffers, inputs, the call through
 * the registry (or the MPI library for builtin:NAME), and the check against
 * the collective's definition. */
#ifndef PAPBENCH_COLLECTIVE_H
#define PAPBENCH_COLLECTIVE_H

#include <mpi.h>

#include "../../algorithms/papsim_algorithms.h"
#include "case.h"
#include "papsim_error.h"

typedef struct {
    const papsim_case *c;
    MPI_Comm comm;          /* the algorithm's own communicator */
    int rank, np, count;    /* count: elements of this rank's block / the vector */
    int *counts, *displs;   /* allgatherv: every rank's block (elements), packed */
    MPI_Datatype type;
    MPI_Op op;
    int size;               /* bytes per element */
    void *send, *recv;      /* send may be unused with --in-place */
    size_t recv_elems;
    papsim_params params;
    int builtin;            /* 1 for builtin:NAME */
    papsim_allgather_fn *allgather;
    papsim_allgatherv_fn *allgatherv;
    papsim_reduce_fn *reduce;
    papsim_allreduce_fn *allreduce;
} papbench_call;

/* Resolves algorithm, datatype and op, checks the restrictions, allocates
 * the buffers. Every rank gets the same verdict (nothing here depends on the
 * rank), so all ranks skip or fail together. */
int papbench_call_prepare(papbench_call *call, const papsim_case *c, MPI_Comm comm, papsim_err *e);
void papbench_call_free(papbench_call *call);

/* Writes this rank's inputs (and clears the output) before each repetition. */
void papbench_call_fill(papbench_call *call);

/* The timed call itself. */
int papbench_call_run(papbench_call *call);

/* Number of wrong elements on this rank compared with the definition of the
 * collective, folded serially in rank order with MPI_Reduce_local. */
int papbench_call_check(const papbench_call *call, int *wrong);

#endif
