/* Alltoall: modified Bruck (Open MPI 4.1 "modified_bruck", tuned algorithm 3).
 *
 * Paper:   J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient
 *          algorithms for all-to-all communications in multiport
 *          message-passing systems", IEEE TPDS 8(11), 1997 (the index
 *          algorithm, radix 2); Open MPI's coll_base "bruck", "M-Bruck" in
 *          Salimi Beni, Cosenza and Hunold, "MPI Collective Algorithm
 *          Selection in the Presence of Process Arrival Patterns". The
 *          modification is in the last phase: Bruck et al. rotate the p
 *          blocks back up and then reverse their order; here one indexed
 *          copy puts each block where it belongs.
 * Pattern: a scratch array T of p blocks starts rotated by the rank:
 *          T[i] = the block for rank r+i. Then ceil(log2 p) steps at
 *          distances d = 1, 2, 4, ... < p: rank r sends every T[i] whose
 *          index has bit d set (i in 1..p-1) to r+d in one message (an
 *          hindexed datatype over T) and receives the same indices from
 *          r-d (staged in recvbuf, then copied into T). A block at index i
 *          travels the binary digits of i, so in the end T[i] holds the
 *          block that rank r-i sent to r; the last copy puts it in
 *          recvbuf block r-i.
 *
 *            p=5, step d=1: T[1], T[3] -> r+1;  d=2: T[2], T[3] -> r+2;
 *                 d=4: T[4] -> r+4
 *
 * Cost:    ceil(log2 p) alpha + sum over d of |{i < p : i & d}| m beta,
 *          about ceil(log2 p)(alpha + (p/2) m beta); m = bytes of one block.
 *          Same steps, partners and message sizes as SMPI's "bruck"
 *          alltoall (which packs with MPI_Pack and rotates in two copies).
 * Memory:  p blocks of scratch (T) and p displacements (2p blocks with
 *          MPI_IN_PLACE, see alltoall_util.h).
 * Restrictions: none (any p, MPI_IN_PLACE, any datatype).
 */
#include <stdlib.h>

#include "alltoall_util.h"

/* T[i] = the send block for rank + i: the initial rotation, converting the
 * send layout into the receive layout (T has recvtype's). */
static int rotate_in(const papsim_a2a_layout *L, void *T, int rank, int p)
{
    for (int i = 0; i < p; i++) {
        int rc = papsim_typed_copy(papsim_a2a_send_block(L, (rank + i) % p), L->scount, L->stype,
                                   papsim_offset(T, i, L->rblock), L->rcount, L->rtype);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}

/* The blocks with bit d set in their index, as one datatype over a buffer
 * of p receive blocks (byte displacements in MPI_Aint). */
static int blocks_with_bit(const papsim_a2a_layout *L, int d, int p, MPI_Aint *displs,
                           int *lengths, MPI_Datatype *type)
{
    int n = 0;
    for (int i = d; i < p; i++)
        if (i & d) {
            displs[n] = (MPI_Aint)i * L->rblock;
            lengths[n] = L->rcount;
            n++;
        }
    int rc = MPI_Type_create_hindexed(n, lengths, displs, L->rtype, type);
    if (rc == MPI_SUCCESS)
        rc = MPI_Type_commit(type);
    return rc;
}

/* One step: T's blocks with bit d go to rank+d; the same indices come from
 * rank-d into recvbuf (free until the end) and are copied into T. */
static int exchange_step(const papsim_a2a_layout *L, void *T, int d, int rank, int p,
                         MPI_Datatype blocks, MPI_Comm comm)
{
    const int to = (rank + d) % p, from = (rank - d + p) % p;
    int rc = MPI_Sendrecv(T, 1, blocks, to, PAPSIM_TAG_ALLTOALL, L->recv, 1, blocks, from,
                          PAPSIM_TAG_ALLTOALL, comm, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = papsim_local_copy(L->recv, T, 1, blocks);
    return rc;
}

/* recvbuf block r-i = T[i]: the modified final rotation. */
static int rotate_out(const papsim_a2a_layout *L, const void *T, int rank, int p)
{
    for (int i = 0; i < p; i++) {
        int rc = papsim_local_copy(papsim_offset_const(T, i, L->rblock),
                                   papsim_a2a_recv_block(L, (rank - i + p) % p), L->rcount,
                                   L->rtype);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}

int papsim_alltoall_modified_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                   void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                   MPI_Comm comm, const papsim_params *params)
{
    int rc;
    papsim_call c;
    void *T_free = NULL, *T = NULL;
    MPI_Aint *displs = NULL;
    int *lengths = NULL;
    MPI_Datatype blocks = MPI_DATATYPE_NULL;
    papsim_a2a_layout L;

    rc = papsim_alltoall_begin(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               params, PAPSIM_FLAGS_alltoall_modified_bruck, &c, &L);
    PAPSIM_CHECK(rc);
    if (c.done)
        goto out;
    const int rank = c.rank, p = c.p;

    rc = papsim_scratch_alloc((MPI_Aint)p * recvcount, recvtype, &T_free, &T);
    PAPSIM_CHECK(rc);
    displs = malloc((size_t)p * sizeof *displs);
    lengths = malloc((size_t)p * sizeof *lengths);
    if (!displs || !lengths) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    rc = rotate_in(&L, T, rank, p);
    PAPSIM_CHECK(rc);
    for (int d = 1; d < p; d <<= 1) {
        rc = blocks_with_bit(&L, d, p, displs, lengths, &blocks);
        PAPSIM_CHECK(rc);
        rc = exchange_step(&L, T, d, rank, p, blocks, comm);
        PAPSIM_CHECK(rc);
        MPI_Type_free(&blocks);
    }
    rc = rotate_out(&L, T, rank, p);
out:
    if (blocks != MPI_DATATYPE_NULL)
        MPI_Type_free(&blocks);
    free(displs);
    free(lengths);
    papsim_data_free(T_free);
    papsim_a2a_layout_free(&L);
    return rc;
}
