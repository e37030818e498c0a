/* Reduce_scatter: recursive halving (Open MPI 4.1 "recursive_halving",
 * tuned reduce_scatter algorithm 2).
 *
 * Paper:   R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of
 *          collective communication operations in MPICH", IJHPCA 19(1),
 *          2005, Sec. 4.5 (recursive halving for commutative ops); Open
 *          MPI's coll_base "basic_recursivehalving".
 * Pattern: q = 2^floor(log2 p), e = p - q. Each even rank r < 2e sends its
 *          whole vector to r+1, which folds it in and stands for both (new
 *          rank r/2; the others r-e). The q ranks then halve: at distance
 *          q/2, q/4, .., 1 a rank keeps the half of its current range of
 *          blocks (blocks of the two merged ranks count as one) on its side
 *          of its partner (new rank xor distance), sends the other half and
 *          folds in the half it receives. Last, each odd rank r < 2e sends
 *          rank r-1 its block.
 *
 *            p=4   d=2: 0<->2 1<->3 (half the vector)   d=1: 0<->1 2<->3
 *
 * Cost:    log2(q) alpha + ((q-1)/q) M (beta + gamma), M = the whole
 *          vector, + 2 alpha + M (beta + gamma) + m beta when p != q. The
 *          same pattern as SMPI's "ompi_basic_recursivehalving".
 * Memory:  2 M elements.
 * Restrictions: commutative op (halving folds out of rank order); any p;
 *          MPI_IN_PLACE.
 */
#include <stdlib.h>

#include "coll_more.h"

/* The halving over the q ranks that remain; tcounts/tdispls are the blocks
 * of the new ranks (a merged pair counts as one). */
static int halve(void *result, void *scratch, const int *tcounts, const int *tdispls, int q,
                 int e, int trank, MPI_Aint extent, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                 const papsim_params *params)
{
    int rc = MPI_SUCCESS, send_index = 0, recv_index = 0, last_index = q;
    for (int mask = q >> 1; mask > 0; mask >>= 1) {
        const int tpeer = trank ^ mask;
        const int peer = tpeer < e ? tpeer * 2 + 1 : tpeer + e;
        int send_count = 0, recv_count = 0;
        MPI_Request req = MPI_REQUEST_NULL;
        if (trank < tpeer) {
            send_index = recv_index + mask;
            for (int i = send_index; i < last_index; i++)
                send_count += tcounts[i];
            for (int i = recv_index; i < send_index; i++)
                recv_count += tcounts[i];
        } else {
            recv_index = send_index + mask;
            for (int i = send_index; i < recv_index; i++)
                send_count += tcounts[i];
            for (int i = recv_index; i < last_index; i++)
                recv_count += tcounts[i];
        }
        void *recv_at = papsim_offset(scratch, tdispls[recv_index], extent);
        void *fold_at = papsim_offset(result, tdispls[recv_index], extent);
        /* An empty half travels as no message (Open MPI; SMPI 3.32's port
         * skips both directions when either is empty and loses data). */
        if (recv_count > 0)
            rc = MPI_Irecv(recv_at, recv_count, type, peer, PAPSIM_TAG_REDUCE_SCATTER, comm, &req);
        if (rc == MPI_SUCCESS && send_count > 0)
            rc = MPI_Send(papsim_offset(result, tdispls[send_index], extent), send_count, type,
                          peer, PAPSIM_TAG_REDUCE_SCATTER, comm);
        if (rc == MPI_SUCCESS && recv_count > 0)
            rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && recv_count > 0)
            rc = papsim_combine(recv_at, fold_at, recv_count, type, op, params);
        if (rc != MPI_SUCCESS)
            return rc;
        send_index = recv_index;
        last_index = recv_index + mask;
    }
    return rc;
}

int papsim_reduce_scatter_recursive_halving(const void *sendbuf, void *recvbuf,
                                            const int *recvcounts, MPI_Datatype type, MPI_Op op,
                                            MPI_Comm comm, const papsim_params *params)
{
    int rc, rank, p, total;
    MPI_Aint extent;
    papsim_call c;
    int *displs = NULL, *tcounts = NULL, *tdispls = NULL;
    void *result_free = NULL, *result = NULL, *scratch_free = NULL, *scratch = NULL;

    rc = papsim_reduce_scatter_begin(recvcounts, type, op, comm, params,
                                     PAPSIM_FLAGS_reduce_scatter_recursive_halving, &c, &displs,
                                     &total);
    if (rc != MPI_SUCCESS || c.done)
        goto out; /* an argument's code, the same on every rank; or no data */
    rank = c.rank, p = c.p, extent = c.extent;
    tcounts = malloc((size_t)p * sizeof *tcounts);
    tdispls = malloc((size_t)p * sizeof *tdispls);
    if (!tcounts || !tdispls) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    const void *input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    rc = papsim_scratch_alloc(total, type, &result_free, &result);
    PAPSIM_CHECK(rc);
    rc = papsim_scratch_alloc(total, type, &scratch_free, &scratch);
    PAPSIM_CHECK(rc);
    rc = papsim_local_copy(input, result, total, type);
    PAPSIM_CHECK(rc);
    int q = 1;
    while (q * 2 <= p)
        q *= 2;
    const int e = p - q;
    int trank = rank - e;
    if (rank < 2 * e) { /* fold the even rank of each extra pair into the odd one */
        if (rank % 2 == 0) {
            rc = MPI_Send(result, total, type, rank + 1, PAPSIM_TAG_REDUCE_SCATTER, comm);
            PAPSIM_CHECK(rc);
            trank = -1;
        } else {
            rc = MPI_Recv(scratch, total, type, rank - 1, PAPSIM_TAG_REDUCE_SCATTER, comm,
                          MPI_STATUS_IGNORE);
            PAPSIM_CHECK(rc);
            rc = papsim_combine(scratch, result, total, type, op, params);
            PAPSIM_CHECK(rc);
            trank = rank / 2;
        }
    }
    if (trank >= 0) {
        for (int i = 0; i < q; i++)
            tcounts[i] = i < e ? recvcounts[2 * i] + recvcounts[2 * i + 1] : recvcounts[i + e];
        tdispls[0] = 0;
        for (int i = 1; i < q; i++)
            tdispls[i] = tdispls[i - 1] + tcounts[i - 1];
        rc = halve(result, scratch, tcounts, tdispls, q, e, trank, extent, type, op, comm, params);
        PAPSIM_CHECK(rc);
        rc = papsim_local_copy(papsim_offset(result, displs[rank], extent), recvbuf,
                               recvcounts[rank], type);
        PAPSIM_CHECK(rc);
    }
    if (rank < 2 * e) { /* the odd rank hands its even partner its block */
        if (rank % 2 == 0 && recvcounts[rank] > 0)
            rc = MPI_Recv(recvbuf, recvcounts[rank], type, rank + 1, PAPSIM_TAG_REDUCE_SCATTER,
                          comm, MPI_STATUS_IGNORE);
        else if (rank % 2 == 1 && recvcounts[rank - 1] > 0)
            rc = MPI_Send(papsim_offset(result, displs[rank - 1], extent), recvcounts[rank - 1],
                          type, rank - 1, PAPSIM_TAG_REDUCE_SCATTER, comm);
    }
out:
    papsim_data_free(result_free);
    papsim_data_free(scratch_free);
    free(displs);
    free(tcounts);
    free(tdispls);
    return rc;
}
