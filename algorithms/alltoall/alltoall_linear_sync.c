/* Alltoall: linear with a bounded number of outstanding requests (Open MPI
 * 4.1 "linear_sync", tuned algorithm 4).
 *
 * Paper:   Open MPI's coll_base "linear_sync", the "L-Sync" of Salimi Beni,
 *          Cosenza and Hunold, "MPI Collective Algorithm Selection in the
 *          Presence of Process Arrival Patterns": the
 *          linear exchange with at most K receives and K sends in flight.
 * Pattern: rank r copies its own block, posts K receives (from r+1, r+2,
 *          ...) and K sends (to r-1, r-2, ...), K = params->max_requests.
 *          Whenever one completes, the next receive (or send) in the same
 *          order takes its place, until all p-1 of each are done. K = 0 or
 *          K >= p-1 posts everything at once: then this is exactly `linear`.
 *          0 is Open MPI 4.1's default (coll_tuned_alltoall_algorithm_max_requests
 *          = 0, "no limit"), so with Open MPI's defaults algorithm 4 runs
 *          algorithm 1's pattern.
 *
 *            p=5, K=2, rank 0: receives from 1, 2 then 3, 4 as slots free;
 *                              sends to 4, 3 then 2, 1
 *
 * Cost:    about ceil((p-1)/K) alpha + (p-1) m beta at the rank's link
 *          (K messages each way in flight), m = bytes of one block; a late
 *          rank stalls its partners' windows, which is the point under
 *          arrival patterns. SMPI 3.32 has no linear_sync: its "ompi"
 *          selector runs basic_linear for algorithm 4.
 * Memory:  2K requests (plus p blocks with MPI_IN_PLACE, see alltoall_util.h).
 * Restrictions: none (any p, any K >= 0, MPI_IN_PLACE, any datatype);
 *          MPI_ERR_ARG for K < 0.
 */
#include <stdlib.h>

#include "alltoall_util.h"

/* The window: slots [0, K) hold receives, [K, 2K) sends. */
typedef struct {
    MPI_Request *slots;
    int K;
    int recvs_posted, sends_posted; /* how many of the p-1 of each */
} a2a_window;

static int post_next_recv(const papsim_a2a_layout *L, a2a_window *w, int slot, int rank, int p,
                          MPI_Comm comm)
{
    const int from = (rank + 1 + w->recvs_posted) % p;
    w->recvs_posted++;
    return MPI_Irecv(papsim_a2a_recv_block(L, from), L->rcount, L->rtype, from,
                     PAPSIM_TAG_ALLTOALL, comm, &w->slots[slot]);
}

static int post_next_send(const papsim_a2a_layout *L, a2a_window *w, int slot, int rank, int p,
                          MPI_Comm comm)
{
    const int to = (rank - 1 - w->sends_posted + 2 * p) % p;
    w->sends_posted++;
    return MPI_Isend(papsim_a2a_send_block(L, to), L->scount, L->stype, to, PAPSIM_TAG_ALLTOALL,
                     comm, &w->slots[slot]);
}

/* Waits for any slot and refills it with the next request of its kind;
 * returns when all 2(p-1) requests have completed. */
static int slide_window(const papsim_a2a_layout *L, a2a_window *w, int rank, int p, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    for (int done = 0; done < 2 * (p - 1) && rc == MPI_SUCCESS; done++) {
        int slot;
        rc = MPI_Waitany(2 * w->K, w->slots, &slot, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            break;
        if (slot < w->K && w->recvs_posted < p - 1)
            rc = post_next_recv(L, w, slot, rank, p, comm);
        else if (slot >= w->K && w->sends_posted < p - 1)
            rc = post_next_send(L, w, slot, rank, p, comm);
    }
    return rc;
}

int papsim_alltoall_linear_sync(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                MPI_Comm comm, const papsim_params *params)
{
    int rc;
    papsim_call c;
    a2a_window w = {NULL, 0, 0, 0};
    papsim_a2a_layout L;

    rc = papsim_alltoall_begin(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               params, PAPSIM_FLAGS_alltoall_linear_sync, &c, &L);
    PAPSIM_CHECK(rc);
    if (c.done)
        goto out;
    const int rank = c.rank, p = c.p;

    const int limit = params ? params->max_requests : 0;
    w.K = limit <= 0 || limit > p - 1 ? p - 1 : limit;
    w.slots = malloc(2 * (size_t)w.K * sizeof *w.slots);
    if (!w.slots) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    for (int s = 0; s < w.K && rc == MPI_SUCCESS; s++)
        rc = post_next_recv(&L, &w, s, rank, p, comm);
    for (int s = 0; s < w.K && rc == MPI_SUCCESS; s++)
        rc = post_next_send(&L, &w, w.K + s, rank, p, comm);
    PAPSIM_CHECK(rc);
    /* Everything in flight already: one wait for all (linear's path). */
    if (w.K == p - 1)
        rc = papsim_waitall(2 * w.K, w.slots);
    else
        rc = slide_window(&L, &w, rank, p, comm);
out:
    free(w.slots);
    papsim_a2a_layout_free(&L);
    return rc;
}
