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
#include <stdlib.h>

#include "../coll_util.h"

/* Element offset and length of block b when count elements are cut in p. */
static void ring_block(int count, int p, int b, MPI_Aint *first, int *len)
{
    const int base = count / p, extra = count % p;
    *len = base + (b < extra ? 1 : 0);
    *first = (MPI_Aint)b * base + (b < extra ? b : extra);
}

static int ring_reduce_scatter(void *buf, void *tmp, int count, MPI_Datatype type,
                               MPI_Aint extent, MPI_Op op, MPI_Comm comm, int rank, int p,
                               const papsim_params *params)
{
    const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
    int rc = MPI_SUCCESS;
    for (int k = 0; k < p - 1 && rc == MPI_SUCCESS; k++) {
        MPI_Aint send_first, recv_first;
        int send_len, recv_len;
        ring_block(count, p, (rank - k + p) % p, &send_first, &send_len);
        ring_block(count, p, (rank - k - 1 + p) % p, &recv_first, &recv_len);
        rc = MPI_Sendrecv(papsim_offset(buf, send_first, extent), send_len, type,
                          send_len ? right : MPI_PROC_NULL, PAPSIM_TAG_ALLREDUCE_RS, tmp,
                          recv_len, type, recv_len ? left : MPI_PROC_NULL,
                          PAPSIM_TAG_ALLREDUCE_RS, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && recv_len)
            rc = papsim_combine(tmp, papsim_offset(buf, recv_first, extent), recv_len, type, op,
                                params);
    }
    return rc;
}

static int ring_allgather_blocks(void *buf, int count, MPI_Datatype type, MPI_Aint extent,
                                 MPI_Comm comm, int rank, int p)
{
    const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
    int rc = MPI_SUCCESS;
    for (int k = 0; k < p - 1 && rc == MPI_SUCCESS; k++) {
        MPI_Aint send_first, recv_first;
        int send_len, recv_len;
        ring_block(count, p, (rank + 1 - k + p) % p, &send_first, &send_len);
        ring_block(count, p, (rank - k + p) % p, &recv_first, &recv_len);
        rc = MPI_Sendrecv(papsim_offset(buf, send_first, extent), send_len, type,
                          send_len ? right : MPI_PROC_NULL, PAPSIM_TAG_ALLREDUCE_AG,
                          papsim_offset(buf, recv_first, extent), recv_len, type,
                          recv_len ? left : MPI_PROC_NULL, PAPSIM_TAG_ALLREDUCE_AG, comm,
                          MPI_STATUS_IGNORE);
    }
    return rc;
}

int papsim_allreduce_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, const papsim_params *params)
{
    int rc = MPI_SUCCESS, rank, p;
    void *tmp_free = NULL, *tmp = NULL;
    MPI_Aint lb, extent;

    const int arg_rc = papsim_check_allreduce_args(count, datatype, op, comm, params,
                                                   PAPSIM_FLAGS_allreduce_ring);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    if (count == 0)
        return MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_get_extent(datatype, &lb, &extent);

    if (sendbuf != MPI_IN_PLACE) {
        rc = papsim_local_copy(sendbuf, recvbuf, count, datatype);
        PAPSIM_CHECK(rc);
    }
    if (p == 1)
        goto out;
    rc = papsim_scratch_alloc(count / p + 1, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);
    rc = ring_reduce_scatter(recvbuf, tmp, count, datatype, extent, op, comm, rank, p, params);
    PAPSIM_CHECK(rc);
    rc = ring_allgather_blocks(recvbuf, count, datatype, extent, comm, rank, p);
out:
    papsim_data_free(tmp_free);
    return rc;
}
