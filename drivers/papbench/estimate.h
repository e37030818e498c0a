/* --knowledge estimated: the arrival-time estimation of J. Proficz,
 * "Improving all-reduce collective operations for imbalanced process arrival
 * patterns", The Journal of Supercomputing 74(7), 2018, Sec. 3 (edge(x),
 * Figs. 3 and 4), without a helper thread. The paper gives no formula for
 * the estimate; the linear extrapolation below is papsim's reading of it.
 *
 * Every rank's computation phase is its delay: it starts at the agreed T0
 * and ends at the arrival T0 + d_i. At the edge, T0 + x d_i (x = --edge,
 * 0.5 by default), the rank extrapolates linearly, T_est = (t_edge - T0)/x,
 * and announces T_est (its expected arrival offset) to every other rank
 * with MPI_Isend; the matching MPI_Irecv were posted at T0. Nothing blocks
 * and nothing resynchronises the ranks: the messages travel while the ranks
 * still compute, and the algorithm completes the receives (obtain()) when
 * it needs the order, inside the timed call, so a late estimate costs what
 * it costs. An algorithm that never asks leaves them to
 * papbench_estimate_settle, after the timed call.
 *
 * In simulation t_edge is exact, so T_est equals d_i up to one rounding,
 * and ranks with equal delays announce equal bits (ties stay ties). A rank
 * with delay 0 announces at its arrival; the paper's benchmark instead gave
 * every process 100 ms more of computation, so that all estimates arrive
 * before anyone enters the all-reduce. */
#ifndef PAPBENCH_ESTIMATE_H
#define PAPBENCH_ESTIMATE_H

#include <mpi.h>

#include "papsim_algorithms.h"

typedef struct {
    papsim_arrival_source source; /* first member: obtain() finds the rest */
    MPI_Comm comm;
    int rank, np;
    double x;              /* the edge fraction, 0 < x <= 1 */
    double *estimates;     /* np expected arrival offsets (seconds after T0) */
    MPI_Request *reqs;     /* np-1 receives, then np-1 sends */
    int pending;           /* 1 from post until the requests are complete */
} papbench_estimate;

/* Sets up the exchange on comm (tag PAPBENCH_TAG_ESTIMATE). Returns an MPI
 * error code (MPI_ERR_NO_MEM). */
int papbench_estimate_init(papbench_estimate *est, MPI_Comm comm, double x);
void papbench_estimate_free(papbench_estimate *est);

/* At T0, before waiting: posts the receives of the others' estimates. */
int papbench_estimate_post(papbench_estimate *est);

/* The time at which this rank reaches its edge, as an offset after T0. */
double papbench_estimate_edge(const papbench_estimate *est, double delay);

/* At the edge: announce elapsed/x, elapsed = now - T0, to every rank. */
int papbench_estimate_announce(papbench_estimate *est, double elapsed);

/* After the timed call: completes the exchange if the algorithm did not. */
int papbench_estimate_settle(papbench_estimate *est);

#endif
