#include "harness.h"
#include "coll_clock.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <time.h>
#ifdef PAPSIM_SIMULATED
#include <simgrid/actor.h>
#include <simgrid/barrier.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#endif

enum { TAG_START = 11, TAG_TIMES = 12, TAG_DELAY = 13, TAG_CLOCK = 14, TAG_DONE = 15 };

/* The local clock the common clock is built on. Under SMPI, MPI_Wtime is
 * the simulated global time. On a real MPI it is not a shared clock even
 * on one machine: Open MPI 4.1 counts MPI_Wtime from each process's first
 * call, so two ranks of one host differ by their start-up skew (tens of
 * microseconds to milliseconds). CLOCK_MONOTONIC is one clock per host, so
 * there the estimated offsets measure only the estimate's own error. */
static double local_clock(void)
{
#ifdef PAPSIM_SIMULATED
    return MPI_Wtime();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#endif
}

#ifdef PAPSIM_SIMULATED
/* Why simulated cases start at 1024 s, on a grid of 1/64 s: a case's
 * simulated times must not depend on where it runs in a batch (resumed
 * sweeps, other --jobs), or golden costs could not be compared exactly. In
 * [1024, 2048) s every double has the same ulp (2^-42 s, 0.23 ps), and a
 * start on the 1/64 s grid is a multiple of it, so start + t rounds t the
 * same way for every start. A batch stays in that range unless it simulates
 * more than 1024 s. */
static const double SIM_EPOCH = 1024.0;
static const double SIM_START_GRID = 1.0 / 64;
#endif

/* The harness's sends under SMPI are synchronous: SimGrid 3.32 keeps every
 * detached (eager) send in flight on one list and removes a finished one by
 * a linear scan, so the p-1 sends of a broadcast or of the end-of-run
 * reports would cost p^2/2 visits (minutes of wall time at np 32768). A
 * synchronous send is not on that list. It only ends when its receive is
 * posted, and every receive of the harness is posted before its sender
 * gets there or waits for nothing else, so simulated times do not change
 * (bench/scale-rows.sh). */
#ifdef PAPSIM_SIMULATED
#define HARNESS_SEND MPI_Ssend
#else
#define HARNESS_SEND MPI_Send
#endif

/* Binomial broadcast of n elements of `type` from rank 0 over the harness
 * communicator. */
static int bcast_from_rank0(const papbench_harness *h, void *v, int n, MPI_Datatype type)
{
    int rc = MPI_SUCCESS, mask = 1;
    while (mask < h->size) { /* receive from the parent */
        if (h->rank & mask) {
            rc = MPI_Recv(v, n, type, h->rank - mask, TAG_START, h->comm, MPI_STATUS_IGNORE);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) /* forward to children */
        if (h->rank + mask < h->size)
            rc = HARNESS_SEND(v, n, type, h->rank + mask, TAG_START, h->comm);
    return rc;
}

int papbench_sync_clocks(papbench_harness *h)
{
#ifdef PAPSIM_SIMULATED
    (void)h; /* one exact global clock */
    return MPI_SUCCESS;
#else
    double offset, rtt;
    int rc = papsim_clock_to_rank0(h->comm, TAG_CLOCK, PAPBENCH_CLOCK_ROUNDS, local_clock,
                                   &offset, &rtt);
    if (rc == MPI_SUCCESS && h->rank != 0) {
        h->clock_offset = offset;
        h->clock_rtt = rtt;
    }
    return rc;
#endif
}

#ifdef PAPSIM_SIMULATED
/* Rank 0 creates the board and its barrier; every rank learns their
 * addresses (one process, no privatization: an address means the same to
 * all ranks). Before the first case, so its messages time nothing. */
static int share_board(papbench_harness *h)
{
    uint64_t addr[2] = {0, 0};
    if (h->rank == 0) {
        /* the times, then two delay boards of np delays and a verdict each */
        h->board = calloc((size_t)h->size * (PAPBENCH_T_COUNT + 2) + 2, sizeof *h->board);
        if (!h->board)
            return MPI_ERR_NO_MEM;
        h->board_barrier = sg_barrier_init((unsigned)h->size);
        addr[0] = (uint64_t)(uintptr_t)h->board;
        addr[1] = (uint64_t)(uintptr_t)h->board_barrier;
    }
    int rc = bcast_from_rank0(h, addr, 2, MPI_UINT64_T);
    h->board = (double *)(uintptr_t)addr[0];
    h->board_barrier = (void *)(uintptr_t)addr[1];
    h->delay_board[0] = h->board ? h->board + (size_t)h->size * PAPBENCH_T_COUNT : NULL;
    h->delay_board[1] = h->board ? h->delay_board[0] + (size_t)h->size + 1 : NULL;
    h->cases_shared = 0;
    return rc;
}
#endif

int papbench_comm_open(MPI_Comm *comm)
{
#ifdef PAPSIM_SIMULATED
    *comm = MPI_COMM_WORLD;
    return MPI_SUCCESS;
#else
    return MPI_Comm_dup(MPI_COMM_WORLD, comm);
#endif
}

void papbench_comm_close(MPI_Comm *comm)
{
    if (*comm != MPI_COMM_WORLD && *comm != MPI_COMM_NULL)
        MPI_Comm_free(comm);
    *comm = MPI_COMM_NULL;
}

int papbench_harness_init(papbench_harness *h, double margin)
{
    int rc = papbench_comm_open(&h->comm);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_rank(h->comm, &h->rank);
    MPI_Comm_size(h->comm, &h->size);
    h->margin = margin;
    h->clock_offset = 0;
    h->clock_rtt = 0;
#ifdef PAPSIM_SIMULATED
    rc = share_board(h);
    if (rc != MPI_SUCCESS)
        return rc;
    sg_actor_sleep_until(SIM_EPOCH);
#endif
    return papbench_sync_clocks(h);
}

void papbench_harness_free(papbench_harness *h)
{
#ifdef PAPSIM_SIMULATED
    /* Every other rank reports that it has left the board's barrier (point to
     * point: the harness calls no collective) before rank 0 destroys it. */
    if (h->rank != 0)
        HARNESS_SEND(NULL, 0, MPI_BYTE, 0, TAG_DONE, h->comm);
    if (h->rank == 0) {
        /* From any source: the p-1 reports wait in rank 0's mailbox, and a
         * receive from a named rank would scan them for it (p^2/2 visits in
         * all, most of the wall time of a bare case at np 4096 and beyond);
         * any source takes the first. Every case has ended: nothing else
         * carries this tag. */
        for (int r = 1; r < h->size; r++)
            MPI_Recv(NULL, 0, MPI_BYTE, MPI_ANY_SOURCE, TAG_DONE, h->comm, MPI_STATUS_IGNORE);
        sg_barrier_destroy((sg_bar_t)h->board_barrier);
        free(h->board);
    }
#endif
    papbench_comm_close(&h->comm);
}

double papbench_now(const papbench_harness *h)
{
    return local_clock() + h->clock_offset;
}

int papbench_agree_start(const papbench_harness *h, double *start)
{
    if (h->rank == 0) {
        *start = papbench_now(h) + h->margin;
#ifdef PAPSIM_SIMULATED
        *start = ceil(*start / SIM_START_GRID) * SIM_START_GRID;
#endif
    }
    return bcast_from_rank0(h, start, 1, MPI_DOUBLE);
}

#ifndef PAPSIM_SIMULATED
/* How long before its target a rank stops sleeping and starts spinning: a
 * few times the wake-up latency of a sleeping process on an idle core (tens
 * of microseconds). Kept short on purpose: on a loaded, oversubscribed host
 * (np 4 on 2 shared cores, load 9) a rank missed its start in 17 of 30
 * repetitions with 200 us, 20 with 500 us, 26 with 2 ms, and in 20 of 20
 * spinning only: a spinning rank competes for the core with the rank whose
 * target has come. */
static const double SPIN_WINDOW = 200e-6;

/* Sleeps on the local clock until the common-clock time `until`. */
static void sleep_until(const papbench_harness *h, double until)
{
    double local = until - h->clock_offset;
    struct timespec ts;
    ts.tv_sec = (time_t)local;
    ts.tv_nsec = (long)((local - (double)ts.tv_sec) * 1e9);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
        ;
}
#endif

int papbench_wait_until(const papbench_harness *h, double target)
{
    double now = papbench_now(h);
    if (now > target)
        return 1;
#ifdef PAPSIM_SIMULATED
    /* A simulated sleep to the absolute target: the rank arrives exactly at
     * target (papsim sets smpi/wtime to 0, so reading the clock is free). */
    sg_actor_sleep_until(target);
#else
    /* Sleep most of the way, then busy-wait: a sleeping process wakes up too
     * late and too unevenly to hit the target itself, but while it sleeps it
     * leaves the core to ranks whose target is near (ranks outnumber cores
     * under mpiexec --oversubscribe). The yield costs well under a
     * microsecond on a core of its own, and on a shared core it hands the
     * core to a rank that has arrived instead of spinning out a time slice. */
    if (target - now > SPIN_WINDOW)
        sleep_until(h, target - SPIN_WINDOW);
    while (papbench_now(h) < target)
        sched_yield();
#endif
    return 0;
}

int papbench_gather_times(const papbench_harness *h, const double *mine, double *all)
{
#ifdef PAPSIM_SIMULATED
    memcpy(h->board + (size_t)h->rank * PAPBENCH_T_COUNT, mine, PAPBENCH_T_COUNT * sizeof *mine);
    sg_barrier_wait((sg_bar_t)h->board_barrier);
    if (h->rank == 0) /* the next writes come after the next start: no race */
        memcpy(all, h->board, (size_t)h->size * PAPBENCH_T_COUNT * sizeof *all);
    return MPI_SUCCESS;
#else
    if (h->rank != 0)
        return MPI_Send(mine, PAPBENCH_T_COUNT, MPI_DOUBLE, 0, TAG_TIMES, h->comm);
    for (int k = 0; k < PAPBENCH_T_COUNT; k++)
        all[k] = mine[k];
    for (int r = 1; r < h->size; r++) {
        int rc = MPI_Recv(all + (size_t)r * PAPBENCH_T_COUNT, PAPBENCH_T_COUNT, MPI_DOUBLE, r,
                          TAG_TIMES, h->comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
#endif
}

int papbench_share_delays(papbench_harness *h, const double *all, double *mine, int *failed,
                          const double **shared)
{
#ifdef PAPSIM_SIMULATED
    /* Cases alternate between two boards: rank 0 writes the next case's
     * delays while no rank can still be reading this case's (every rank
     * passed this barrier, so every rank has read the board before). */
    double *board = h->delay_board[h->cases_shared++ % 2];
    const size_t np = (size_t)h->size;
    if (h->rank == 0) {
        if (all)
            memcpy(board, all, np * sizeof *board);
        board[np] = all ? 1.0 : 0.0;
    }
    sg_barrier_wait((sg_bar_t)h->board_barrier);
    *failed = board[np] != 1.0;
    *mine = *failed ? 0.0 : board[h->rank];
    *shared = *failed ? NULL : board;
    return MPI_SUCCESS;
#else
    double msg[2] = {0.0, 0.0}; /* 1 if rank 0 made the delays; the delay */
    int rc = MPI_SUCCESS;
    *shared = NULL;
    if (h->rank != 0) {
        rc = MPI_Recv(msg, 2, MPI_DOUBLE, 0, TAG_DELAY, h->comm, MPI_STATUS_IGNORE);
    } else {
        for (int r = 1; r < h->size && rc == MPI_SUCCESS; r++) {
            msg[0] = all ? 1.0 : 0.0;
            msg[1] = all ? all[r] : 0.0;
            rc = MPI_Send(msg, 2, MPI_DOUBLE, r, TAG_DELAY, h->comm);
        }
        msg[0] = all ? 1.0 : 0.0;
        msg[1] = all ? all[0] : 0.0;
    }
    *failed = msg[0] != 1.0;
    *mine = msg[1];
    return rc;
#endif
}

int papbench_comm_dup(MPI_Comm *dup)
{
#ifdef PAPSIM_SIMULATED
    MPI_Group world;
    int rc = MPI_Comm_group(MPI_COMM_WORLD, &world);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = MPI_Comm_create(MPI_COMM_WORLD, world, dup);
    MPI_Group_free(&world);
    return rc;
#else
    return MPI_Comm_dup(MPI_COMM_WORLD, dup);
#endif
}
