/* Reduce: parallel ring (ring reduce-scatter, then binomial gather).
 *
 * Paper:   the "Parallel Ring" baseline of Marendic et al. (J. Supercomput.
 *          72, 2016, after the bucket (cyclic) algorithm of Chan et al. 2007).
 * Pattern: relative ranks u = (rank - root) mod p; the vector is cut into p
 *          blocks (the first count mod p one element longer). Ring
 *          reduce-scatter, p-1 steps, toward the lower neighbour as in the
 *          paper: at step k rank u sends its partial block (u+k+1) mod p to
 *          u-1, receives block (u+k+2) mod p from u+1 and combines it into
 *          its copy, so afterwards u holds the reduced block u. Binomial
 *          gather: at step 2^j, u with bit j set sends its blocks
 *          [u, u + 2^j) to u - 2^j and stops; the root collects all p in
 *          ceil(log2 p) steps. Empty blocks (count < p) send no message.
 *
 *            p=4, root 0   step 0: u sends block u+1 to u-1
 *                          step 1: u sends block u+2 to u-1
 *                          step 2: u sends block u+3 to u-1; u holds block u
 *                          gather: 1->0 (b1), 3->2 (b3); 2->0 (b2,b3)
 *
 * Cost:    (p-1+ceil(log2 p)) alpha + ((p-1)/p) m (2 beta + gamma) (seed
 *          000, Table 3).
 * Memory:  one scratch vector (not at the root) and one block.
 * Restrictions: commutative ops (blocks are combined in ring order):
 *          PAPSIM_R_COMMUTATIVE, MPI_ERR_OP here.
 */
#include "reduce_util.h"

int papsim_reduce_parallel_ring(const void *sendbuf, void *recvbuf, int count,
                                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                const papsim_params *params)
{
    papsim_call c;
    papsim_tree tree;
    void *work_free = NULL, *work = NULL, *tmp_free = NULL, *tmp = NULL;

    int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                 PAPSIM_FLAGS_reduce_parallel_ring, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;

    /* The root reduces in recvbuf, the others in scratch. */
    rc = papsim_reduce_work_buffer(sendbuf, recvbuf, count, datatype, rank == root, &work_free,
                                   &work);
    PAPSIM_CHECK(rc);
    if (p == 1)
        goto out;
    rc = papsim_scratch_alloc(count / p + 1, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);

    const int u = (rank - root + p) % p;
    const int left = (rank - 1 + p) % p, right = (rank + 1) % p;
    for (int k = 0; k < p - 1; k++) {
        int send_len, recv_len;
        void *send = papsim_block_ptr(work, c.extent, count, p, (u + k + 1) % p, &send_len);
        void *mine = papsim_block_ptr(work, c.extent, count, p, (u + k + 2) % p, &recv_len);
        rc = papsim_sendrecv_pieces(send, send_len, left, tmp, recv_len, right, datatype,
                                    PAPSIM_TAG_REDUCE, comm);
        PAPSIM_CHECK(rc);
        if (recv_len) {
            rc = papsim_combine(tmp, mine, recv_len, datatype, op, params);
            PAPSIM_CHECK(rc);
        }
    }

    /* Binomial gather of the blocks (MPICH's tree in relative ranks): child
     * i, relative u + 2^i, brings the blocks [u + 2^i, u + 2^(i+1)); then
     * this rank hands its blocks [u, u + lowbit(u)) to its parent. */
    papsim_tree_binomial_lowbit(rank, p, root, &tree);
    for (int i = 0; i < tree.nchildren; i++) {
        const int b = u + (1 << i), e = u + (2 << i) < p ? u + (2 << i) : p;
        rc = papsim_recv_piece(papsim_offset(work, papsim_block_first(count, p, b), c.extent),
                               papsim_blocks_len(count, p, b, e), datatype, tree.children[i],
                               PAPSIM_TAG_REDUCE, comm);
        PAPSIM_CHECK(rc);
    }
    if (tree.parent != PAPSIM_TREE_NONE) {
        const int e = u + (1 << tree.nchildren) < p ? u + (1 << tree.nchildren) : p;
        rc = papsim_send_piece(papsim_offset(work, papsim_block_first(count, p, u), c.extent),
                               papsim_blocks_len(count, p, u, e), datatype, tree.parent,
                               PAPSIM_TAG_REDUCE, comm);
    }
out:
    papsim_data_free(work_free);
    papsim_data_free(tmp_free);
    return rc;
}
