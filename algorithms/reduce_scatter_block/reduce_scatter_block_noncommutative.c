/* Reduce_scatter_block: recursive halving for non-commutative ops (MPICH
 * "noncommutative", MPIR_Reduce_scatter_block_intra_noncommutative).
 *
 * Paper:   R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of
 *          collective communication operations in MPICH", IJHPCA 19(1),
 *          2005, Sec. 4.5 (recursive halving keeps rank order when the
 *          blocks are permuted); MPICH's implementation.
 * Pattern: each rank copies its p blocks into a buffer in bit-reversed
 *          (mirror) order of their index. At step k = 0..log2(p)-1 it swaps
 *          half of its current range with r xor 2^k: the lower rank keeps
 *          the lower half, the higher one the upper half, and folds the
 *          half it receives into the one it keeps, the lower rank's data
 *          always the left operand. Because of the mirror order the range
 *          a rank keeps after the last step is its own block, folded over
 *          ranks 0..p-1 in order. Two buffers alternate, so no step copies.
 *
 *            p=4   k=0: 0<->1 2<->3 (2 blocks)   k=1: 0<->2 1<->3 (1 block)
 *
 * Cost:    log2(p) alpha + ((p-1)/p) p m (beta + gamma), m = the block.
 * Memory:  2 p m.
 * Restrictions: p a power of two; any op, commutative or not;
 *          MPI_IN_PLACE.
 */
#include "coll_more.h"

/* x with its low `bits` bits reversed. */
static int mirror(int x, int bits)
{
    int y = 0;
    for (int i = 0; i < bits; i++)
        y |= ((x >> i) & 1) << (bits - 1 - i);
    return y;
}

int papsim_reduce_scatter_block_noncommutative(const void *sendbuf, void *recvbuf, int recvcount,
                                               MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                               const papsim_params *params)
{
    int rc, rank, p;
    MPI_Aint lb, extent;
    void *free0 = NULL, *free1 = NULL, *buf[2] = {NULL, NULL};

    const int arg_rc = papsim_check_reduce_scatter_block_args(
        recvcount, type, op, comm, params, PAPSIM_FLAGS_reduce_scatter_block_noncommutative);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_get_extent(type, &lb, &extent);
    rc = MPI_SUCCESS;
    if (recvcount == 0)
        goto out;
    int log2p = 0;
    while ((1 << log2p) < p)
        log2p++;
    const MPI_Aint total = (MPI_Aint)recvcount * p;
    rc = papsim_scratch_alloc(total, type, &free0, &buf[0]);
    PAPSIM_CHECK(rc);
    rc = papsim_scratch_alloc(total, type, &free1, &buf[1]);
    PAPSIM_CHECK(rc);
    const void *input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    for (int i = 0; i < p; i++) {
        rc = papsim_local_copy(papsim_offset_const(input, (MPI_Aint)i * recvcount, extent),
                               papsim_offset(buf[0], (MPI_Aint)mirror(i, log2p) * recvcount,
                                             extent),
                               recvcount, type);
        PAPSIM_CHECK(rc);
    }
    int cur = 0; /* buf[cur] holds this rank's partial results */
    MPI_Aint send_offset = 0, recv_offset = 0, size = total;
    for (int k = 0; k < log2p; k++) {
        void *outgoing = buf[cur], *incoming = buf[cur ^ 1];
        const int peer = rank ^ (1 << k);
        size /= 2;
        if (rank > peer)
            recv_offset += size; /* keep the upper half */
        else
            send_offset += size; /* keep the lower half */
        rc = MPI_Sendrecv(papsim_offset(outgoing, send_offset, extent), (int)size, type, peer,
                          PAPSIM_TAG_REDUCE_SCATTER, papsim_offset(incoming, recv_offset, extent),
                          (int)size, type, peer, PAPSIM_TAG_REDUCE_SCATTER, comm,
                          MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        void *mine = papsim_offset(outgoing, recv_offset, extent);
        void *theirs = papsim_offset(incoming, recv_offset, extent);
        if (rank > peer) { /* the peer's data is the left operand */
            rc = papsim_combine(theirs, mine, (int)size, type, op, params);
        } else { /* ours is: the result lands in the other buffer */
            rc = papsim_combine(mine, theirs, (int)size, type, op, params);
            cur ^= 1;
        }
        PAPSIM_CHECK(rc);
        send_offset = recv_offset;
    }
    rc = papsim_local_copy(papsim_offset(buf[cur], recv_offset, extent), recvbuf, recvcount, type);
out:
    papsim_data_free(free0);
    papsim_data_free(free1);
    return rc;
}
