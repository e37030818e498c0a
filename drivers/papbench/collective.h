/* Running one collective call of a case: buffers, inputs, the call through
 * the registry (or the MPI library for builtin:NAME), and the check against
 * the collective's definition. */
#ifndef PAPBENCH_COLLECTIVE_H
#define PAPBENCH_COLLECTIVE_H

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
 * so its cost is measured. */
/* estimated: the edge(x) estimates of J. Proficz, "Improving all-reduce
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

typedef struct {
    const papsim_case *c;
    MPI_Comm comm;          /* the algorithm's own communicator */
    int rank, np, count;    /* count: elements of this rank's block / the vector */
    int *counts, *displs;   /* allgatherv: every rank's block (elements), packed */
    MPI_Datatype type;
    MPI_Op op;
    int op_created;         /* 1: op is papbench's own (--op affine), freed with the call */
    int size;               /* bytes per element */
    void *send, *recv;      /* send may be unused with --in-place */
    size_t recv_elems;
    size_t send_elems;      /* count, or np x count for alltoall */
    papsim_params params;
    int radix[PAPSIM_RADIX_MAX]; /* --radix of reduce radix_k, parsed (params.radix) */
    int builtin;            /* 1 for builtin:NAME */
    papsim_allgather_fn *allgather;
    papsim_allgatherv_fn *allgatherv;
    papsim_reduce_fn *reduce;
    papsim_allreduce_fn *allreduce;
    papsim_alltoall_fn *alltoall;
    papsim_bcast_fn *bcast;
    papsim_barrier_fn *barrier;
    papsim_reduce_scatter_fn *reduce_scatter;
    papsim_reduce_scatter_block_fn *reduce_scatter_block;
    papsim_alltoallv_fn *alltoallv;
    int *a2av;              /* alltoallv: sendcounts, sdispls, recvcounts,
                             * rdispls, np each (collective_a2av.c) */
    papsim_scan_fn *scan;
    papsim_exscan_fn *exscan;
    papsim_gather_fn *gather;
    papsim_scatter_fn *scatter;
    papsim_gatherv_fn *gatherv;
    papsim_scatterv_fn *scatterv;
    /* Arrival-time knowledge (--knowledge): params.arrivals points to
     * `arrivals` (np doubles) unless it is none. */
    int knowledge;          /* PAPBENCH_KNOW_* */
    double *arrivals;
    papbench_estimate estimate; /* estimated: params.arrival_source */
    double history[PAPBENCH_SMA_WINDOW]; /* this rank's last measured offsets */
    int nhistory;           /* repetitions recorded so far */
    double prediction;      /* this rank's moving average, sent by the allgather */
} papbench_call;

/* Resolves algorithm, datatype and op, checks the restrictions, allocates
 * the buffers. Every rank gets the same verdict (nothing here depends on the
 * rank), so all ranks skip or fail together. */
int papbench_call_prepare(papbench_call *call, const papsim_case *c, MPI_Comm comm, papsim_err *e);
void papbench_call_free(papbench_call *call);

/* Writes this rank's inputs (and clears the output) before each repetition. */
void papbench_call_fill(papbench_call *call);

/* Before a repetition, outside the timed region: oracle copies the delays
 * (np values) into arrivals, predicted computes this rank's prediction. */
void papbench_call_knowledge(papbench_call *call, const double *delays);

/* After a repetition: this rank's measured arrival offset (arrive - T0). */
void papbench_call_record_arrival(papbench_call *call, double offset);

/* The timed call itself (with --knowledge predicted, the allgather of the
 * predictions first). */
int papbench_call_run(papbench_call *call);

/* The input element i of rank r (collective.c), and storing a value into
 * element `index` of a buffer of the call's datatype. */
long papbench_input_value(const papsim_case *c, int r, long i);
void papbench_store_value(const papbench_call *call, void *base, long index, long v);

/* Barrier and the reduce_scatter family (collective_more.c): 1 if the
 * collective is one of them; then the functions below replace the generic
 * steps of collective.c. */
int papbench_more_collective(const char *collective);
void papbench_more_resolve(papbench_call *call);
int papbench_more_prepare(papbench_call *call, papsim_err *e);
void papbench_more_fill(papbench_call *call);
int papbench_more_run(papbench_call *call);
int papbench_more_check(const papbench_call *call, int *wrong);

/* Alltoallv (collective_a2av.c): the same steps for it. */
int papbench_a2av_collective(const char *collective);
void papbench_a2av_resolve(papbench_call *call);
int papbench_a2av_prepare(papbench_call *call, papsim_err *e);
void papbench_a2av_fill(papbench_call *call);
int papbench_a2av_run(papbench_call *call);
int papbench_a2av_check(const papbench_call *call, int *wrong);
/* Scan and exscan (collective_scan.c), called by collective_more.c's
 * functions above for these two collectives. */
int papbench_scan_collective(const char *collective);
void papbench_scan_resolve(papbench_call *call);
int papbench_scan_prepare(papbench_call *call);
void papbench_scan_fill(papbench_call *call);
int papbench_scan_run(papbench_call *call);
int papbench_scan_check(const papbench_call *call, int *wrong);
/* Shared by the collectives of collective_more.c, collective_scan.c and
 * collective_gs.c. papbench_block_counts: every rank's block (elements)
 * and its place, the same on every rank: from the case's distribution when
 * `distributed`, else np blocks of call->count (call->counts, call->displs).
 * papbench_fold_check: compares this rank's recvbuf (n elements) with
 * elements first.. of v(0) op .. op v(last), folded in rank order with
 * MPI_Reduce_local; *wrong += the elements that differ. */
int papbench_block_counts(papbench_call *call, int distributed, papsim_err *e);
int papbench_fold_check(const papbench_call *call, long first, long n, int last, int *wrong);

/* Gather, scatter, gatherv and scatterv (collective_gs.c), the same way. */
int papbench_gs_collective(const char *collective);
void papbench_gs_resolve(papbench_call *call);
int papbench_gs_prepare(papbench_call *call, papsim_err *e);
void papbench_gs_fill(papbench_call *call);
int papbench_gs_run(papbench_call *call);
int papbench_gs_check(const papbench_call *call, int *wrong);

/* Number of wrong elements on this rank compared with the definition of the
 * collective, folded serially in rank order with MPI_Reduce_local. */
int papbench_call_check(const papbench_call *call, int *wrong);

#endif
