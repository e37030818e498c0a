/* Scatter: binomial tree (Open MPI 4.1 "binomial", tuned scatter
 * algorithm 2).
 *
 * Source:  the binomial scatter of Open MPI's coll_base
 *          (scatter_intra_binomial, over its in-order binomial tree); the
 *          tree as in R. Thakur, R. Rabenseifner, W. Gropp, "Optimization
 *          of collective communication operations in MPICH", IJHPCA 19(1),
 *          2005, Sec. 4.1 (binomial scatter); SMPI "ompi_binomial".
 * Pattern: in virtual ranks v = r - root (mod p), v receives the blocks of
 *          its whole subtree v .. v+span-1 from its parent v - lowbit(v) in
 *          one message, keeps its own and sends v+1, v+2, v+4, .. (below its
 *          lowest set bit and p) theirs, in that order. A root other than
 *          rank 0 first rotates sendbuf into virtual order.
 *
 *            p=8, root 0   0->1 (1)  0->2 (2,3)  0->4 (4..7);  2->3  4->5
 *                          4->6 (6,7);  6->7
 *
 * Cost:    ceil(log2 p) alpha + (p-1) m beta at the root; a late rank holds
 *          up its own subtree only.
 * Memory:  p m at a root other than 0, span(v) m at an inner rank.
 * Restrictions: p times the block must fit an int (MPI_ERR_COUNT);
 *          MPI_IN_PLACE (as recvbuf) at the root.
 */
#include <limits.h>

#include "coll_gs.h"

int papsim_scatter_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    void *tmp_free = NULL, *buf = NULL;
    const papsim_gs_args a = {recvbuf == MPI_IN_PLACE, recvcount, recvtype, sendcount, NULL,
                              NULL, sendtype};
    int rc = papsim_gs_begin(&a, 0, root, comm, params, PAPSIM_FLAGS_scatter_binomial, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    const int p = c.p, v = (c.rank - root + p) % p, span = papsim_gs_span(v, p);
    const int count = c.rank == root ? sendcount : recvcount;
    const MPI_Datatype type = c.rank == root ? sendtype : recvtype;
    if ((long long)count * p > INT_MAX)
        return MPI_ERR_COUNT;

    if (span == 1 && c.rank != root) /* a leaf: its own block straight from the parent */
        return MPI_Recv(recvbuf, recvcount, recvtype, (c.rank - (v & -v) + p) % p,
                        PAPSIM_TAG_SCATTER, comm, MPI_STATUS_IGNORE);
    if (c.rank == root && root == 0) {
        buf = (void *)sendbuf; /* virtual order is rank order; only read */
    } else {
        rc = papsim_scratch_alloc((MPI_Aint)span * count, type, &tmp_free, &buf);
        PAPSIM_CHECK(rc);
        if (c.rank == root) { /* virtual block j is rank (j + root) mod p's */
            rc = papsim_local_copy(papsim_offset_const(sendbuf, (MPI_Aint)root * count,
                                                       c.extent),
                                   buf, (MPI_Aint)(p - root) * count, type);
            PAPSIM_CHECK(rc);
            rc = papsim_local_copy(sendbuf,
                                   papsim_offset(buf, (MPI_Aint)(p - root) * count, c.extent),
                                   (MPI_Aint)root * count, type);
        } else {
            rc = MPI_Recv(buf, span * count, type, (c.rank - (v & -v) + p) % p,
                          PAPSIM_TAG_SCATTER, comm, MPI_STATUS_IGNORE);
        }
        PAPSIM_CHECK(rc);
    }
    if (!a.in_place) { /* the own block, first of the subtree's */
        rc = papsim_typed_copy(buf, count, type, recvbuf, recvcount, recvtype);
        PAPSIM_CHECK(rc);
    }
    for (int mask = 1; mask < p && !(v & mask) && v + mask < p; mask <<= 1) {
        const int kid = v + mask, n = mask < p - kid ? mask : p - kid;
        rc = MPI_Send(papsim_offset(buf, (MPI_Aint)mask * count, c.extent), n * count, type,
                      (kid + root) % p, PAPSIM_TAG_SCATTER, comm);
        PAPSIM_CHECK(rc);
    }
out:
    papsim_data_free(tmp_free);
    return rc;
}
