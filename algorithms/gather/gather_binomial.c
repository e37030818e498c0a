/* Gather: binomial tree (Open MPI 4.1 "binomial", tuned gather algorithm 2).
 *
 * Source:  the binomial gather of Open MPI's coll_base
 *          (gather_intra_binomial, over its in-order binomial tree); the
 *          tree as in R. Thakur, R. Rabenseifner, W. Gropp, "Optimization
 *          of collective communication operations in MPICH", IJHPCA 19(1),
 *          2005, Sec. 4.1 (binomial gather for short messages); SMPI
 *          "ompi_binomial".
 * Pattern: in virtual ranks v = r - root (mod p), v receives the whole
 *          subtrees of v+1, v+2, v+4, .. (below its lowest set bit and p),
 *          in that order, behind its own block, then sends all it holds
 *          to its parent v - lowbit(v) in one message. A root other than
 *          rank 0 gathers in virtual order and rotates into recvbuf.
 *
 *            p=8, root 0   1->0  3->2  5->4  7->6;  2->0 (2,3)  6->4 (6,7);
 *                          4->0 (4..7)
 *
 * Cost:    ceil(log2 p) alpha + (p-1) m beta at the root; a rank waits for
 *          its whole subtree, so a late rank delays its ancestors only.
 * Memory:  p m at a root other than 0, span(v) m at an inner rank.
 * Restrictions: p times the block must fit an int (MPI_ERR_COUNT);
 *          MPI_IN_PLACE at the root.
 */
#include <limits.h>

#include "coll_gs.h"

int papsim_gather_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                           MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    void *tmp_free = NULL, *buf = NULL;
    const papsim_gs_args a = {sendbuf == MPI_IN_PLACE, sendcount, sendtype, recvcount, NULL,
                              NULL, recvtype};
    int rc = papsim_gs_begin(&a, 0, root, comm, params, PAPSIM_FLAGS_gather_binomial, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    const int p = c.p, v = (c.rank - root + p) % p, span = papsim_gs_span(v, p);
    /* The block every message of the tree is counted in: the root's receive
     * side there, the own send side elsewhere (the same type signature). */
    const int count = c.rank == root ? recvcount : sendcount;
    const MPI_Datatype type = c.rank == root ? recvtype : sendtype;
    if ((long long)count * p > INT_MAX)
        return MPI_ERR_COUNT;

    if (span == 1 && c.rank != root) /* a leaf: its own block straight to the parent */
        return MPI_Send(sendbuf, sendcount, sendtype, (c.rank - (v & -v) + p) % p,
                        PAPSIM_TAG_GATHER, comm);
    if (c.rank == root && root == 0) {
        buf = recvbuf; /* virtual order is rank order */
        if (!a.in_place)
            rc = papsim_typed_copy(sendbuf, sendcount, sendtype, buf, recvcount, recvtype);
    } else {
        rc = papsim_scratch_alloc((MPI_Aint)span * count, type, &tmp_free, &buf);
        PAPSIM_CHECK(rc);
        if (c.rank != root)
            rc = papsim_local_copy(sendbuf, buf, sendcount, sendtype);
        else if (a.in_place)
            rc = papsim_local_copy(papsim_offset(recvbuf, (MPI_Aint)root * count, c.extent), buf,
                                   count, type);
        else
            rc = papsim_typed_copy(sendbuf, sendcount, sendtype, buf, recvcount, recvtype);
    }
    PAPSIM_CHECK(rc);
    for (int mask = 1; mask < p && !(v & mask) && v + mask < p; mask <<= 1) {
        const int kid = v + mask, n = mask < p - kid ? mask : p - kid;
        rc = MPI_Recv(papsim_offset(buf, (MPI_Aint)mask * count, c.extent), n * count, type,
                      (kid + root) % p, PAPSIM_TAG_GATHER, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
    if (c.rank != root) {
        rc = MPI_Send(buf, span * count, type, (c.rank - (v & -v) + p) % p, PAPSIM_TAG_GATHER,
                      comm);
    } else if (buf != recvbuf) { /* virtual block j is rank (j + root) mod p's */
        rc = papsim_local_copy(buf, papsim_offset(recvbuf, (MPI_Aint)root * count, c.extent),
                               (MPI_Aint)(p - root) * count, type);
        PAPSIM_CHECK(rc);
        rc = papsim_local_copy(papsim_offset(buf, (MPI_Aint)(p - root) * count, c.extent),
                               recvbuf, (MPI_Aint)root * count, type);
    }
out:
    papsim_data_free(tmp_free);
    return rc;
}
