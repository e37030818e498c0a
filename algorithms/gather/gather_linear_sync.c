/* Gather: linear with synchronisation (Open MPI 4.1 "linear_sync", tuned
 * gather algorithm 3).
 *
 * Source:  Open MPI's coll_base gather_intra_linear_sync (E. Gabriel et
 *          al., "Open MPI: goals, concept, and design of a next generation
 *          MPI implementation", EuroPVM/MPI 2004, LNCS 3241); SMPI
 *          "ompi_linear_sync". The root paces the senders so that p-1
 *          large blocks never arrive at once (no unexpected-message
 *          flood).
 * Pattern: for i = 0, 1, .., p-1 (not the root) the root posts the
 *          receive of rank i's first segment, sends rank i an empty
 *          message, posts the receive of the rest of the block and waits
 *          for the first segment only; then it copies its own block and
 *          waits for every rest. A non-root rank waits for the empty
 *          message, sends its first segment, then the rest (an empty
 *          message when the first segment is the whole block).
 *
 *            p=3, root 0   0 -> 1 (0 B), 1 -> 0 (s), 1 -> 0 (m - s)
 *                          0 -> 2 (0 B), 2 -> 0 (s), 2 -> 0 (m - s)
 *
 * Knob:    params->segment_bytes, the first segment in bytes, rounded to
 *          whole units of the type signature as Open MPI rounds to whole
 *          elements (a remainder above half a unit adds one); 0: Open
 *          MPI's choice, 1024 B, or 32768 B when the block is above
 *          92160 B. A first segment of the whole block or more, or below
 *          one unit, is the whole block.
 * Cut:     both sides of a block must cut it at the same byte, and MPI
 *          lets them describe it with different datatypes of one
 *          signature (2c x MPI_INT sent, c x contiguous(2, MPI_INT)
 *          received). So the cut is counted in units of the signature
 *          (coll_sig.h: MPI_INT for both of these, bytes for a mixed
 *          signature), never in a side's own elements: the sender's first
 *          message and the root's first receive hold the same bytes. A side
 *          whose datatype is not its unit stages its block (a sender) or
 *          its p blocks (the root) as units. Open MPI 4.1's linear_sync
 *          cuts each side in its own elements and hangs on such a call.
 * Cost:    (p-1)(3 alpha + s beta) in turn at the root, the rests
 *          (m - s) beta overlapping the next ranks' handshakes; a late
 *          rank i holds up the root's handshakes with all ranks after i.
 * Memory:  p-1 requests at the root.
 * Restrictions: none; MPI_IN_PLACE at the root.
 */
#include <limits.h>
#include <stdlib.h>

#include "coll_gs.h"
#include "coll_sig.h"

/* Units of the first segment of a block of count units of size elem bytes
 * (Open MPI's COLL_TUNED_COMPUTED_SEGCOUNT rule, on units). */
static int first_segment(const papsim_params *params, int count, int elem)
{
    const long long block = (long long)count * elem;
    long long seg = params && params->segment_bytes ? (long long)params->segment_bytes
                    : block > 92160                 ? 32768
                                                    : 1024;
    if (elem <= 0 || seg < elem || seg >= block)
        return count;
    return (int)(seg / elem) + (seg % elem > elem / 2);
}

/* The call with this rank's side staged as units of its signature: a
 * sender's block, or the root's p blocks (all of them filled when its own
 * block is in place). */
static int in_units(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                    const papsim_params *params, const papsim_call *c)
{
    papsim_sig_view v;
    int rc;
    if (c->rank != root) {
        rc = papsim_sig_view_open(sendbuf, sendcount, sendtype, 1, &v);
        if (rc == MPI_SUCCESS)
            rc = papsim_gather_linear_sync(v.buf, v.count, v.type, recvbuf, recvcount, recvtype,
                                           root, comm, params);
        return papsim_sig_view_close(&v, NULL, sendcount, sendtype, 0, rc);
    }
    const MPI_Aint all = (MPI_Aint)c->p * recvcount;
    if (all > INT_MAX)
        return MPI_ERR_COUNT;
    rc = papsim_sig_view_open(recvbuf, (int)all, recvtype, sendbuf == MPI_IN_PLACE, &v);
    if (rc == MPI_SUCCESS)
        rc = papsim_gather_linear_sync(sendbuf, sendcount, sendtype, v.buf, v.count / c->p, v.type,
                                       root, comm, params);
    return papsim_sig_view_close(&v, recvbuf, (int)all, recvtype, 1, rc);
}

int papsim_gather_linear_sync(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                              MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    MPI_Request *rest = NULL, first = MPI_REQUEST_NULL;
    int size;
    const papsim_gs_args a = {sendbuf == MPI_IN_PLACE, sendcount, sendtype, recvcount, NULL,
                              NULL, recvtype};
    int rc = papsim_gs_begin(&a, 0, root, comm, params, PAPSIM_FLAGS_gather_linear_sync, &c);
    if (rc != MPI_SUCCESS)
        return rc;

    const MPI_Datatype side = c.rank == root ? recvtype : sendtype; /* what this rank cuts */
    if (papsim_sig_unit(side) != side)
        return in_units(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                        params, &c);
    if (c.rank != root) {
        MPI_Type_size(sendtype, &size);
        const int n = first_segment(params, sendcount, size);
        MPI_Aint lb, extent;
        MPI_Type_get_extent(sendtype, &lb, &extent);
        rc = MPI_Recv(NULL, 0, MPI_BYTE, root, PAPSIM_TAG_GATHER, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        rc = MPI_Send(sendbuf, n, sendtype, root, PAPSIM_TAG_GATHER, comm);
        PAPSIM_CHECK(rc);
        rc = MPI_Send(papsim_offset_const(sendbuf, n, extent), sendcount - n, sendtype, root,
                      PAPSIM_TAG_GATHER, comm);
        goto out;
    }
    MPI_Type_size(recvtype, &size);
    const int n = first_segment(params, recvcount, size);
    rest = malloc((size_t)c.p * sizeof *rest);
    if (!rest) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    for (int i = 0; i < c.p; i++) {
        rest[i] = MPI_REQUEST_NULL;
        if (i == root)
            continue;
        char *block = papsim_offset(recvbuf, (MPI_Aint)i * recvcount, c.extent);
        rc = MPI_Irecv(block, n, recvtype, i, PAPSIM_TAG_GATHER, comm, &first);
        PAPSIM_CHECK(rc);
        rc = MPI_Send(NULL, 0, MPI_BYTE, i, PAPSIM_TAG_GATHER, comm);
        PAPSIM_CHECK(rc);
        rc = MPI_Irecv(papsim_offset(block, n, c.extent), recvcount - n, recvtype, i,
                       PAPSIM_TAG_GATHER, comm, &rest[i]);
        PAPSIM_CHECK(rc);
        rc = MPI_Wait(&first, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
    if (!a.in_place) {
        rc = papsim_typed_copy(sendbuf, sendcount, sendtype,
                               papsim_offset(recvbuf, (MPI_Aint)root * recvcount, c.extent),
                               recvcount, recvtype);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_waitall(c.p, rest);
out:
    free(rest);
    return rc;
}
