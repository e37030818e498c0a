/* One collective call of a case as papbench holds it, the operations each
 * collective defines on it (papbench_ops, one table per collective in its
 * family's file collective_<family>.c, the family named by its row of
 * collectives.def) and the data helpers the families share (call.c). The
 * steps that run a call in order are collective.h's. */
#ifndef PAPBENCH_CALL_H
#define PAPBENCH_CALL_H

#include <stddef.h>

#include <mpi.h>

#include "papsim_algorithms.h"
#include "cases/case.h"
#include "estimate.h"
#include "util/papsim_error.h"
#include "schedule/radix_vector.h"

/* --knowledge none | oracle | predicted. oracle: arrivals = the pattern's
 * delays (the same every repetition). predicted: every rank predicts its own
 * arrival offset (its arrival minus the agreed start time T0) as the simple
 * moving average of its last PAPBENCH_SMA_WINDOW measured offsets
 * (P. Marendić, J. Lemeire, D. Vučinić, P. Schelkens, "A novel MPI reduction
 * algorithm resilient to imbalances in process arrival times", The Journal
 * of Supercomputing 72, 2016, Table 5; fewer at the start, 0 = balanced
 * before any), and the ranks exchange the predictions with papsim's Bruck
 * allgather on the algorithm's communicator at the start of the timed call,
 * so its cost is measured.
 * estimated: the edge(x) estimates of J. Proficz, "Improving all-reduce
 * collective operations for imbalanced process arrival patterns", The
 * Journal of Supercomputing 74(7), 2018, Sec. 3, exchanged without blocking
 * before the arrival and completed inside the timed call (estimate.h). */
enum {
    PAPBENCH_KNOW_NONE = 0,
    PAPBENCH_KNOW_ORACLE = 1,
    PAPBENCH_KNOW_PREDICTED = 2,
    PAPBENCH_KNOW_ESTIMATED = 3
};
enum { PAPBENCH_SMA_WINDOW = 5 };

struct papbench_ops;

typedef struct {
    const papsim_case *c;
    const papsim_collective_entry *coll; /* the collective's row (collectives.def) */
    const struct papbench_ops *ops;      /* its operations */
    MPI_Comm comm;          /* the algorithm's own communicator */
    int rank, np, count;    /* count: elements of this rank's block / the vector */
    int *counts, *displs;   /* v-forms and block collectives: every rank's block
                             * (elements) and its place, packed in rank order */
    MPI_Datatype type;
    MPI_Op op;
    int op_created;         /* 1: op is papbench's own (--op affine), freed with the call */
    int size;               /* bytes per element */
    void *send, *recv;      /* send may be unused with --in-place */
    size_t recv_elems;
    size_t send_elems;      /* count, or np x count for alltoall */
    papsim_params params;
    int radix[PAPSIM_RADIX_MAX]; /* --radix of reduce radix_k, parsed (params.radix) */
    int builtin;            /* 1 for builtin:NAME: the MPI call runs */
    papsim_algorithm_fn fn; /* else the registered algorithm, fn.<collective> */
    int *a2av;              /* alltoallv: sendcounts, sdispls, recvcounts,
                             * rdispls, np each (collective_alltoall.c) */
    /* Arrival-time knowledge (--knowledge): params.arrivals points to
     * `arrivals` (np doubles) unless it is none. */
    int knowledge;          /* PAPBENCH_KNOW_* */
    double *arrivals;
    papbench_estimate estimate; /* estimated: params.arrival_source */
    double history[PAPBENCH_SMA_WINDOW]; /* this rank's last measured offsets */
    int nhistory;           /* repetitions recorded so far */
    double prediction;      /* this rank's moving average, sent by the allgather */
} papbench_call;

/* What a collective does with a call. prepare: after the common part
 * (datatype, op, knobs, count = the case's bytes in elements), the block
 * counts and send_elems/recv_elems (the buffers are allocated after it;
 * on failure the call is freed by the caller). fill: this rank's inputs,
 * and a stale output, before each repetition. run: the timed call, the
 * MPI library's when call->builtin. check: the number of wrong elements of
 * this rank's result against the collective's definition. */
typedef struct papbench_ops {
    int (*prepare)(papbench_call *call, papsim_err *e);
    void (*fill)(papbench_call *call);
    int (*run)(papbench_call *call);
    int (*check)(const papbench_call *call, int *wrong);
} papbench_ops;

/* papbench_ops_<collective>, defined in drivers/papbench/collective_<family>.c
 * (a row without one does not link). */
#define PAPSIM_COLLECTIVE(name, ...) extern const papbench_ops papbench_ops_##name;
#include "collectives.def"

/* The input element i of rank r, and storing a value into element `index`
 * of a buffer of the call's datatype. */
long papbench_input_value(const papsim_case *c, int r, long i);
void papbench_store_value(const papbench_call *call, void *base, long index, long v);

/* The MPI datatype and op of a case (--op affine is created: *created = 1,
 * freed with the call). */
MPI_Datatype papbench_datatype_of(const char *name);
int papbench_create_op(const char *name, MPI_Op *op, int *created);

/* Every rank's block (elements) and its place, the same on every rank:
 * from the case's distribution when `distributed`, else np blocks of
 * call->count (call->counts, call->displs). */
int papbench_block_counts(papbench_call *call, int distributed, papsim_err *e);

/* This rank's own input vector, send_elems elements: in sendbuf, or with
 * --in-place in recvbuf (at a rooted collective's root only); the output
 * is made stale first. */
void papbench_fill_vector(papbench_call *call);

/* Compares this rank's recvbuf (n elements) with elements first.. of
 * v(0) op .. op v(last), folded in rank order with MPI_Reduce_local;
 * *wrong += the elements that differ. */
int papbench_fold_check(const papbench_call *call, long first, long n, int last, int *wrong);

/* Wrong elements among n of buf from element `first` on, against rank r's
 * input block. */
int papbench_count_wrong(const papbench_call *call, const void *buf, long first, int r, long n);

/* Elements of recvbuf (elems) that differ from expected. */
int papbench_count_mismatches(const papbench_call *call, const void *expected, size_t elems);

#endif
