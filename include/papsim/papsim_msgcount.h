/* Estimated point-to-point messages of one collective call, without MPI:
 * what `papsim run` multiplies by a per-message wall cost to forecast a
 * sweep. The formulas follow each algorithm's pattern (algorithms/
 * <collective>/<collective>_<name>.c) with the segment sizes' defaults, and are
 * estimates: they count sends of the algorithm, not the harness's, round
 * uneven splits, and give SMPI's built-ins (builtin:NAME) a typical figure
 * of their collective. */
#ifndef PAPSIM_MSGCOUNT_H
#define PAPSIM_MSGCOUNT_H

typedef struct {
    const char *collective;  /* "reduce" */
    const char *algorithm;   /* registry name or builtin:NAME */
    int p;                   /* ranks */
    long long bytes;         /* the case's bytes (block, vector or buffer) */
    long long segment_bytes; /* 0 = the algorithm's default */
    int segments;            /* clairvoyant's N; 0 = its default */
} papsim_msgcount_case;

/* Estimated messages sent by all ranks in one call (>= 0). An unknown
 * algorithm gets the builtin estimate of its collective. */
double papsim_msgcount_estimate(const papsim_msgcount_case *c);

/* Estimated list entries SimGrid 3.32 visits for one call: it keeps every
 * detached (eager: below eager_thresh bytes, smpi/send-is-detached-thresh,
 * 65536 by default) send on one global list and removes a finished one by
 * scanning the whole list, so each eager message costs the number of eager
 * sends in flight. The estimate is eager messages x eager sends in flight,
 * from the algorithm's pattern (one per rank for rounds of exchanges and
 * trees, all at once for linear ones), weighted down where the entries lie
 * side by side in memory (posted in a burst). 0 when eager_thresh is 0. */
double papsim_msgcount_eager_scan(const papsim_msgcount_case *c, long long eager_thresh);

/* Estimated request visits of SMPI's MPI_Waitall for one call, every
 * SimGrid version: MPI_Waitall there is a loop of MPI_Waitany, each visiting
 * every request still pending, so one call on n requests visits
 * n(n+1)/2. Counted for SMPI's own algorithms that post a send and a
 * receive per peer and wait for them in one call (builtin:basic_linear
 * alltoall, builtin:ompi_basic_linear alltoallv: n = 2(p-1) per rank);
 * papsim's algorithms wait request by request (papsim_waitall), 0. */
double papsim_msgcount_waitall_visits(const papsim_msgcount_case *c);

#endif
