/* Allreduce: ring (ring reduce-scatter, then ring allgather).
 *
 * Paper:   Patarasuk and Yuan, "Bandwidth optimal all-reduce algorithms for
 *          clusters of workstations", JPDC 2009; the ring baseline of J. Proficz,
 *          J. Supercomputing 2018 (SMPI "lr", Open MPI "ring").
 * Pattern: the vector is cut into p blocks (the first count mod p blocks one
 *          element longer). Reduce-scatter, p-1 steps: at step k rank r sends
 *          its partial block (r-k) mod p to r+1, receives block (r-k-1) mod p
 *          from r-1 and combines it into its own copy; afterwards r owns the
 *          complete block (r+1) mod p. Allgather, p-1 steps: at step k rank r
 *          sends block (r+1-k) mod p to r+1 and receives block (r-k) mod p.
 *          Empty blocks (count < p) send no message.
 * Cost:    2(p-1) alpha + 2((p-1)/p) m beta + ((p-1)/p) m gamma.
 * Memory:  one scratch block.
 * Restrictions: commutative ops only (blocks are combined in ring order, not
 *          rank order): PAPSIM_R_COMMUTATIVE, MPI_ERR_OP here.
 */
#include "allreduce_ring_util.h"

static int ring_reduce_scatter(void *buf, void *tmp, int count, MPI_Datatype type,
                               MPI_Aint extent, MPI_Op op, MPI_Comm comm, int rank, int p,
                               const papsim_params *params)
{
    const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
    int rc = MPI_SUCCESS;
    for (int k = 0; k < p - 1 && rc == MPI_SUCCESS; k++) {
        int send_len, recv_len;
        void *send = papsim_block_ptr(buf, extent, count, p, (rank - k + p) % p, &send_len);
        void *mine = papsim_block_ptr(buf, extent, count, p, (rank - k - 1 + p) % p, &recv_len);
        rc = papsim_sendrecv_pieces(send, send_len, right, tmp, recv_len, left, type,
                                    PAPSIM_TAG_ALLREDUCE_RS, comm);
        if (rc == MPI_SUCCESS && recv_len)
            rc = papsim_combine(tmp, mine, recv_len, type, op, params);
    }
    return rc;
}

int papsim_allreduce_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, const papsim_params *params)
{
    int rc;
    papsim_call c;
    void *tmp_free = NULL, *tmp = NULL;

    rc = papsim_allreduce_begin(sendbuf, recvbuf, count, datatype, op, comm, params,
                                PAPSIM_FLAGS_allreduce_ring, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;

    rc = papsim_scratch_alloc(count / p + 1, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);
    rc = ring_reduce_scatter(recvbuf, tmp, count, datatype, c.extent, op, comm, rank, p, params);
    PAPSIM_CHECK(rc);
    rc = papsim_ring_allgather_blocks(recvbuf, count, datatype, c.extent, comm, rank, p);
out:
    papsim_data_free(tmp_free);
    return rc;
}
