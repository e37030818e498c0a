/* The timing harness of papbench: a private communicator for its own
 * messages, a common clock, and waiting for a rank's target arrival time.
 *
 * The harness never calls MPI collectives: under SMPI, `builtin:NAME` cases
 * switch the library's own collective (--cfg=smpi/<coll>:NAME), and some of
 * those algorithms have restrictions of their own. Point-to-point messages
 * keep the harness correct whatever is selected.
 *
 * On a real MPI every repetition starts as MPIX_Harmonize (Schuchart,
 * Hunold, Bosilca, EuroMPI'23, as used by M. Salimi Beni, B. Cosenza,
 * S. Hunold, "MPI collective algorithm selection in the presence of process
 * arrival patterns", IEEE International Conference on Cluster Computing
 * (CLUSTER), 2024, Sec. IV-A) prescribes: estimate each rank's clock offset
 * to rank 0 (papbench_sync_clocks), let rank 0 name a start time in the future
 * (papbench_agree_start), busy-wait until start + delay_i on the corrected
 * clock (papbench_wait_until) and flag a rank that got there late.
 * Under SMPI the clock is global and exact, so the first step is a no-op and
 * the wait is a simulated sleep. */
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

/* Ping-pongs per rank and clock estimate; the one with the smallest round
 * trip gives the offset. */
#define PAPBENCH_CLOCK_ROUNDS 10

typedef struct {
    MPI_Comm comm;       /* a duplicate of MPI_COMM_WORLD for harness traffic */
    int rank, size;
    double clock_offset; /* add to the local clock to get rank 0's */
    double clock_rtt;    /* smallest round trip of the last estimate (0 on
                            rank 0 and in simulation): the offset is exact
                            to within half of it */
    double margin;       /* seconds between agreeing on a start and the start */
#ifdef PAPSIM_SIMULATED
    /* Simulation only: rank 0's board of every rank's times, two boards of
     * every rank's delay (cases alternate between them) and a SimGrid
     * barrier, shared by all ranks of the one smpirun process (see
     * papbench_gather_times and papbench_share_delays). */
    double *board;
    double *delay_board[2]; /* np delays, then 1 if rank 0 made them, 0 if not */
    unsigned cases_shared;  /* delay boards handed out so far */
    void *board_barrier; /* sg_bar_t */
#endif
} papbench_harness;

/* The harness's communicator: a duplicate of MPI_COMM_WORLD on a real MPI,
 * so harness and algorithm traffic can never match each other. Under SMPI it
 * is MPI_COMM_WORLD itself: SMPI 3.32 gives every rank its own copy of a
 * duplicate's p-member group, so each dup costs O(p^2) memory (gigabytes at
 * np 16384), and the tags keep the traffics apart (harness 11-15,
 * algorithms 100 and up, papbench's estimate 900; no one receives with
 * MPI_ANY_TAG). The collectives' communicator is chosen per case
 * (case_comm in papbench.c): MPI_COMM_WORLD for papsim's algorithms under
 * SMPI, a duplicate for builtin: cases and on a real MPI. */
int papbench_comm_open(MPI_Comm *comm);
void papbench_comm_close(MPI_Comm *comm);

int papbench_harness_init(papbench_harness *h, double margin);
void papbench_harness_free(papbench_harness *h);

/* Re-estimates clock_offset and clock_rtt against rank 0 (real MPI; a no-op
 * under SMPI). Every rank must call it. */
int papbench_sync_clocks(papbench_harness *h);

/* The common clock: exact global time under SMPI, rank 0's clock elsewhere. */
double papbench_now(const papbench_harness *h);

/* Rank 0 picks a start time `margin` seconds ahead and every rank learns it. */
int papbench_agree_start(const papbench_harness *h, double *start);

/* Sleeps (simulation) or busy-waits (real MPI) until `target` on the common
 * clock. Returns 1 if the target had already passed (a missed start). */
int papbench_wait_until(const papbench_harness *h, double target);

/* What each rank reports about one repetition. */
enum {
    PAPBENCH_T_ARRIVE,
    PAPBENCH_T_EXIT,
    PAPBENCH_T_FLAGS,  /* 1: missed its start, 2: wrong result */
    PAPBENCH_T_OFFSET, /* clock_offset used in this repetition */
    PAPBENCH_T_RTT,    /* clock_rtt of that estimate */
    PAPBENCH_T_COUNT
};

/* Rank 0 receives every rank's mine[PAPBENCH_T_COUNT] into
 * all[r * PAPBENCH_T_COUNT + k], in rank order. On a real MPI the other
 * ranks send to rank 0. Under SMPI no message is sent: a rank that left the
 * collective early would otherwise send its times while other ranks still
 * receive the collective's last messages, and that traffic would share their
 * links and change the measured exit times (by tens of nanoseconds; the
 * more bytes, the more). The ranks write into a board in the one process
 * and meet at a SimGrid barrier, which costs no simulated time. */
int papbench_gather_times(const papbench_harness *h, const double *mine, double *all);

/* Every rank learns its own delay in a case from rank 0, which alone made
 * the case's pattern: `all` (np delays), or NULL when it could not (then
 * every rank gets *failed = 1, and the case fails on all of them). So no
 * rank but rank 0 holds the np delays, and the ranks never disagree about
 * whether a pattern file was readable. Every rank calls it once per case,
 * before the case's first repetition. Under SMPI rank 0 writes the delays
 * into a board of the one process and the ranks meet at a SimGrid barrier
 * (no message, no simulated time: every rank is at the same simulated time
 * between two cases); *shared then points at every rank's delay, valid
 * until the next case but one (for --knowledge oracle). On a real MPI rank 0
 * sends each rank its delay and *shared is NULL. */
int papbench_share_delays(papbench_harness *h, const double *all, double *mine, int *failed,
                          const double **shared);

/* A duplicate of MPI_COMM_WORLD for the collectives of builtin: cases. On a
 * real MPI, MPI_Comm_dup. Under SMPI, MPI_Comm_create with the world's
 * group: the same communicator (SMPI 3.32 builds both with the same
 * constructor and the same broadcast of its id, so simulated times are
 * equal), but it refers to the one world group where MPI_Comm_dup gives
 * every rank its own copy of the p-member group (8 bytes per member: 32 GiB
 * over 65536 ranks). */
int papbench_comm_dup(MPI_Comm *dup);

#endif
