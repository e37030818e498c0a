/* The timing harness of papbench: a private communicator for its own
 * messages, a common clock, and waiting for a rank's target arrival time.
 *
 * The harness never calls MPI collectives: under SMPI, `builtin:NAME` cases
 * switch the library's own collective (--cfg=smpi/<coll>:NAME), and some of
 * those algorithms have restrictions of their own. Point-to-point messages
 * keep the harness correct whatever is selected. */
#ifndef PAPBENCH_HARNESS_H
#define PAPBENCH_HARNESS_H

#include <mpi.h>

/* A rank arriving later than its target by more than this has missed its
 * start (only possible on real hardware: a busy-wait can be descheduled). */
#ifdef PAPSIM_SIMULATED
#define PAPBENCH_LATE_TOLERANCE 1e-9
#else
#define PAPBENCH_LATE_TOLERANCE 50e-6
#endif

typedef struct {
    MPI_Comm comm;       /* a duplicate of MPI_COMM_WORLD for harness traffic */
    int rank, size;
    double clock_offset; /* add to MPI_Wtime() to get rank 0's clock */
    double margin;       /* seconds between agreeing on a start and the start */
} papbench_harness;

int papbench_harness_init(papbench_harness *h, double margin);
void papbench_harness_free(papbench_harness *h);

/* The common clock: exact global time under SMPI, rank 0's clock elsewhere. */
double papbench_now(const papbench_harness *h);

/* Rank 0 picks a start time `margin` seconds ahead and every rank learns it. */
int papbench_agree_start(const papbench_harness *h, double *start);

/* Sleeps (simulation) or busy-waits (real MPI) until `target` on the common
 * clock. Returns 1 if the target had already passed (a missed start). */
int papbench_wait_until(const papbench_harness *h, double target);

/* Rank 0 receives (arrive, exit, flag) of every rank, in rank order. */
int papbench_gather_times(const papbench_harness *h, double arrive, double exit_t, double flag,
                          double *arrive_all, double *exit_all, double *flag_all);

#endif
