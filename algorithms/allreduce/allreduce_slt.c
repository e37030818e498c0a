/* Allreduce: SLT, the sorted linear tree.
 *
 * Paper:   J. Proficz, "Improving all-reduce collective operations
 *          for imbalanced process arrival patterns", J. Supercomputing (2018),
 *          section 4.1 and Fig. 5, read as follows: line 6 runs for every
 *          process, so the last one's reduce-loop send is the start of the
 *          broadcast.
 * Pattern: the ranks are renumbered by expected arrival (papsim_sorted_ranks:
 *          id 0 the earliest, ties by rank) and the vector is cut into p
 *          segments (the first count mod p one element longer; empty ones
 *          send nothing). Reduce loop, segments j = 0..p-1 in order: id 0
 *          sends its segment j to id 1; id i > 0 receives the partial
 *          segment j from i-1, combines its own into it and sends it on to
 *          i+1; id p-1's sends (to id 0) carry the final segments. Override
 *          loop, j = 0..p-1: ids 0..p-2 receive the final segment j from
 *          their predecessor (id 0 from p-1) and ids 0..p-3 forward it. So
 *          the reduce chain is 0 -> 1 -> ... -> p-1 and the broadcast chain
 *          p-1 -> 0 -> ... -> p-2, pipelined over the segments: the late
 *          processes join the chain last. Every send is non-blocking;
 *          receives block, as in Fig. 5.
 *
 *            p=3, balanced:  R0: 0->1->2  R1: 0->1->2  R2: 0->1->2
 *                            finals: 2->0->1 for segments 0, 1, 2
 *
 * Cost:    balanced, with t = a + (m/p)(b + g): makespan (3p-3) t, mean
 *          elapsed 2.5(p-1) t (ring: 2(p-1) t). One process late by
 *          D >> p t: mean elapsed ((p-1)/p) D + ((3p-1)/2) t (derived).
 *          p(2p-2) messages in all, as the ring.
 * Memory:  one segment of scratch, 2p requests, the order (p ints).
 * Restrictions: commutative ops only: segments are combined in arrival
 *          order, not rank order (PAPSIM_R_COMMUTATIVE; MPI_ERR_OP here).
 */
#include <stdlib.h>

#include "../coll_util.h"
#include "arrival_sorted.h"

/* One rank's place in the sorted chain and the call's arguments. */
typedef struct {
    void *buf;
    int count, p, id, prev, next;
    MPI_Datatype type;
    MPI_Aint extent;
    MPI_Op op;
    MPI_Comm comm;
    const papsim_params *params;
} slt_chain;

/* Fig. 5 lines 1-6. sends[j] is left holding the send of segment j. */
static int slt_reduce_loop(const slt_chain *c, void *tmp, MPI_Request *sends)
{
    int rc = MPI_SUCCESS;
    /* id p-1 completes every segment: its sends are the broadcast's first hop */
    const int tag = c->id == c->p - 1 ? PAPSIM_TAG_ALLREDUCE_AG : PAPSIM_TAG_ALLREDUCE_RS;
    for (int j = 0; j < c->p && rc == MPI_SUCCESS; j++) {
        int len;
        void *seg = papsim_block_ptr(c->buf, c->extent, c->count, c->p, j, &len);
        if (len == 0)
            continue;
        if (c->id != 0) {
            rc = MPI_Recv(tmp, len, c->type, c->prev, PAPSIM_TAG_ALLREDUCE_RS, c->comm,
                          MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = papsim_combine(tmp, seg, len, c->type, c->op, c->params);
        }
        if (rc == MPI_SUCCESS)
            rc = MPI_Isend(seg, len, c->type, c->next, tag, c->comm, &sends[j]);
    }
    return rc;
}

/* Fig. 5 lines 7-12: ids 0..p-2 receive every final segment, 0..p-3 pass
 * it on. sends[p + j] is left holding the forward of segment j. */
static int slt_override_loop(const slt_chain *c, MPI_Request *sends)
{
    int rc = MPI_SUCCESS;
    if (c->id == c->p - 1)
        return MPI_SUCCESS;
    for (int j = 0; j < c->p && rc == MPI_SUCCESS; j++) {
        int len;
        void *seg = papsim_block_ptr(c->buf, c->extent, c->count, c->p, j, &len);
        if (len == 0)
            continue;
        /* The final lands where the partial left from: that send must be
         * done first (it is: the successor's reduce loop needs nothing
         * from the override loop, so it always takes it). */
        rc = MPI_Wait(&sends[j], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = MPI_Recv(seg, len, c->type, c->prev, PAPSIM_TAG_ALLREDUCE_AG, c->comm,
                          MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && c->id < c->p - 2)
            rc = MPI_Isend(seg, len, c->type, c->next, PAPSIM_TAG_ALLREDUCE_AG, c->comm,
                           &sends[c->p + j]);
    }
    return rc;
}

int papsim_allreduce_slt(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, const papsim_params *params)
{
    int rc;
    papsim_call call;
    int *order = NULL;
    MPI_Request *sends = NULL;
    void *tmp_free = NULL, *tmp = NULL;
    slt_chain c = {recvbuf, count, 0, 0, 0, 0, datatype, 0, op, comm, params};

    rc = papsim_allreduce_begin(sendbuf, recvbuf, count, datatype, op, comm, params,
                                PAPSIM_FLAGS_allreduce_slt, &call);
    if (rc != MPI_SUCCESS || call.done)
        return rc;
    const int rank = call.rank, p = call.p;
    c.extent = call.extent;

    order = malloc((size_t)p * sizeof *order);
    sends = malloc(2 * (size_t)p * sizeof *sends);
    if (!order || !sends) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    for (int i = 0; i < 2 * p; i++)
        sends[i] = MPI_REQUEST_NULL;
    rc = papsim_sorted_ranks(params, p, order, NULL);
    PAPSIM_CHECK(rc);
    c.p = p;
    for (int id = 0; id < p; id++)
        if (order[id] == rank)
            c.id = id;
    c.prev = order[(c.id + p - 1) % p];
    c.next = order[(c.id + 1) % p];

    rc = papsim_scratch_alloc(count / p + 1, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);
    rc = slt_reduce_loop(&c, tmp, sends);
    PAPSIM_CHECK(rc);
    rc = slt_override_loop(&c, sends);
    PAPSIM_CHECK(rc);
    rc = papsim_waitall(2 * p, sends);
out:
    papsim_data_free(tmp_free);
    free(sends);
    free(order);
    return rc;
}
