#include "harness.h"

#include <math.h>
#include <time.h>
#ifdef PAPSIM_SIMULATED
#include <simgrid/actor.h>
#endif

enum { TAG_START = 11, TAG_TIMES = 12, TAG_CLOCK = 14 };

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

/* Binomial broadcast of n doubles from rank 0 over the harness communicator. */
static int bcast_doubles(const papbench_harness *h, double *v, int n)
{
    int rc = MPI_SUCCESS, mask = 1;
    while (mask < h->size) { /* receive from the parent */
        if (h->rank & mask) {
            rc = MPI_Recv(v, n, MPI_DOUBLE, h->rank - mask, TAG_START, h->comm, MPI_STATUS_IGNORE);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) /* forward to children */
        if (h->rank + mask < h->size)
            rc = MPI_Send(v, n, MPI_DOUBLE, h->rank + mask, TAG_START, h->comm);
    return rc;
}

#ifndef PAPSIM_SIMULATED
/* Offset of this rank's clock to rank 0's, from the ping-pong with the
 * smallest round trip (its midpoint is the best estimate of rank 0's time). */
static int estimate_clock_offset(papbench_harness *h)
{
    enum { ROUNDS = 20 };
    int rc = MPI_SUCCESS;
    h->clock_offset = 0;
    for (int peer = 1; peer < h->size && rc == MPI_SUCCESS; peer++) {
        if (h->rank == 0) {
            for (int i = 0; i < ROUNDS && rc == MPI_SUCCESS; i++) {
                double t;
                rc = MPI_Recv(&t, 1, MPI_DOUBLE, peer, TAG_CLOCK, h->comm, MPI_STATUS_IGNORE);
                t = MPI_Wtime();
                if (rc == MPI_SUCCESS)
                    rc = MPI_Send(&t, 1, MPI_DOUBLE, peer, TAG_CLOCK, h->comm);
            }
        } else if (h->rank == peer) {
            double best_rtt = 1e30;
            for (int i = 0; i < ROUNDS && rc == MPI_SUCCESS; i++) {
                double t0 = MPI_Wtime(), remote;
                rc = MPI_Send(&t0, 1, MPI_DOUBLE, 0, TAG_CLOCK, h->comm);
                if (rc == MPI_SUCCESS)
                    rc = MPI_Recv(&remote, 1, MPI_DOUBLE, 0, TAG_CLOCK, h->comm, MPI_STATUS_IGNORE);
                double t1 = MPI_Wtime();
                if (t1 - t0 < best_rtt) {
                    best_rtt = t1 - t0;
                    h->clock_offset = remote - (t0 + t1) / 2;
                }
            }
        }
    }
    return rc;
}
#endif

int papbench_harness_init(papbench_harness *h, double margin)
{
    int rc = MPI_Comm_dup(MPI_COMM_WORLD, &h->comm);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_rank(h->comm, &h->rank);
    MPI_Comm_size(h->comm, &h->size);
    h->margin = margin;
    h->clock_offset = 0;
#ifdef PAPSIM_SIMULATED
    sg_actor_sleep_until(SIM_EPOCH);
#else
    rc = estimate_clock_offset(h);
#endif
    return rc;
}

void papbench_harness_free(papbench_harness *h)
{
    MPI_Comm_free(&h->comm);
}

double papbench_now(const papbench_harness *h)
{
    return MPI_Wtime() + h->clock_offset;
}

int papbench_agree_start(const papbench_harness *h, double *start)
{
    if (h->rank == 0) {
        *start = papbench_now(h) + h->margin;
#ifdef PAPSIM_SIMULATED
        *start = ceil(*start / SIM_START_GRID) * SIM_START_GRID;
#endif
    }
    return bcast_doubles(h, start, 1);
}

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
    while (papbench_now(h) < target)
        ; /* busy-wait: a sleeping process wakes up too late and too unevenly */
#endif
    return 0;
}

int papbench_gather_times(const papbench_harness *h, double arrive, double exit_t, double flag,
                          double *arrive_all, double *exit_all, double *flag_all)
{
    double mine[3] = {arrive, exit_t, flag};
    if (h->rank != 0)
        return MPI_Send(mine, 3, MPI_DOUBLE, 0, TAG_TIMES, h->comm);
    arrive_all[0] = arrive;
    exit_all[0] = exit_t;
    flag_all[0] = flag;
    for (int r = 1; r < h->size; r++) {
        double t[3];
        int rc = MPI_Recv(t, 3, MPI_DOUBLE, r, TAG_TIMES, h->comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            return rc;
        arrive_all[r] = t[0];
        exit_all[r] = t[1];
        flag_all[r] = t[2];
    }
    return MPI_SUCCESS;
}
