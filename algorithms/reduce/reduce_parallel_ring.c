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
#include <stdlib.h>

#include "reduce_util.h"

int papsim_reduce_parallel_ring(const void *sendbuf, void *recvbuf, int count,
                                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                const papsim_params *params)
{
    int rc = MPI_SUCCESS, rank, p;
    void *work_free = NULL, *work = NULL, *tmp_free = NULL, *tmp = NULL;
    MPI_Aint lb, extent;

    const int arg_rc = papsim_check_reduce_args(count, datatype, op, root, comm, params,
                                                PAPSIM_FLAGS_reduce_parallel_ring);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    if (count == 0)
        return MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_get_extent(datatype, &lb, &extent);

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
        MPI_Aint send_first, recv_first;
        int send_len, recv_len;
        papsim_reduce_block(count, p, (u + k + 1) % p, &send_first, &send_len);
        papsim_reduce_block(count, p, (u + k + 2) % p, &recv_first, &recv_len);
        rc = MPI_Sendrecv(papsim_offset(work, send_first, extent), send_len, datatype,
                          send_len ? left : MPI_PROC_NULL, PAPSIM_TAG_REDUCE, tmp, recv_len,
                          datatype, recv_len ? right : MPI_PROC_NULL, PAPSIM_TAG_REDUCE, comm,
                          MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        if (recv_len) {
            rc = papsim_combine(tmp, papsim_offset(work, recv_first, extent), recv_len, datatype,
                                op, params);
            PAPSIM_CHECK(rc);
        }
    }

    /* Binomial gather of the blocks, in relative ranks. */
    for (int mask = 1; mask < p; mask <<= 1) {
        MPI_Aint first, last_first;
        int len, last_len;
        if (u & mask) {
            const int end = u + mask < p ? u + mask : p;
            papsim_reduce_block(count, p, u, &first, &len);
            papsim_reduce_block(count, p, end - 1, &last_first, &last_len);
            const int n = (int)(last_first + last_len - first);
            if (n)
                rc = MPI_Send(papsim_offset(work, first, extent), n, datatype,
                              (rank - mask + p) % p, PAPSIM_TAG_REDUCE, comm);
            break;
        }
        if (u + mask >= p)
            continue;
        const int end = u + 2 * mask < p ? u + 2 * mask : p;
        papsim_reduce_block(count, p, u + mask, &first, &len);
        papsim_reduce_block(count, p, end - 1, &last_first, &last_len);
        const int n = (int)(last_first + last_len - first);
        if (n) {
            rc = MPI_Recv(papsim_offset(work, first, extent), n, datatype, (rank + mask) % p,
                          PAPSIM_TAG_REDUCE, comm, MPI_STATUS_IGNORE);
            PAPSIM_CHECK(rc);
        }
    }
out:
    papsim_data_free(work_free);
    papsim_data_free(tmp_free);
    return rc;
}
