#include "bcast_util.h"

#include "coll_blocks.h"

#include <limits.h>
#include <stdlib.h>

MPI_Aint papsim_bcast_pipeline_default_bytes(int p, MPI_Aint message_bytes)
{
    return (MPI_Aint)papsim_bcast_pipeline_segment_bytes(p, (long long)message_bytes);
}

static int to_rank(int v, int p, int root) { return (v + root) % p; }

/* Starts the sends of one segment to every child and waits for all of them. */
static int send_to_children(const void *seg, int len, MPI_Datatype type, MPI_Comm comm,
                            const papsim_tree *tree, MPI_Request *reqs)
{
    int rc = MPI_SUCCESS;
    for (int i = 0; i < tree->nchildren; i++) {
        rc = MPI_Isend(seg, len, type, tree->children[i], PAPSIM_TAG_BCAST, comm, &reqs[i]);
        if (rc != MPI_SUCCESS) {
            papsim_waitall(i, reqs); /* the ones already started */
            return rc;
        }
    }
    return papsim_waitall(tree->nchildren, reqs);
}

int papsim_bcast_tree_segmented(void *buffer, int count, MPI_Datatype type, int root,
                                MPI_Comm comm, const papsim_tree *tree, int segcount)
{
    int rc = MPI_SUCCESS, rank;
    MPI_Aint lb, extent;
    MPI_Request recv_req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Request send_req[PAPSIM_TREE_MAX_CHILDREN];

    if (count == 0 || (tree->parent == PAPSIM_TREE_NONE && tree->nchildren == 0))
        return MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Type_get_extent(type, &lb, &extent);
    const int nseg = papsim_seg_count(count, segcount);
    const MPI_Aint seg_stride = (MPI_Aint)segcount * extent;

    if (rank == root) {
        for (int s = 0; s < nseg; s++) {
            rc = send_to_children(papsim_offset(buffer, s, seg_stride),
                                  papsim_seg_len(count, segcount, s), type, comm, tree,
                                  send_req);
            PAPSIM_CHECK(rc);
        }
        goto out;
    }
    /* Receive segment s while segment s-1 is forwarded (inner nodes) or
     * merely completed (leaves): one receive always posted ahead. */
    for (int s = 0; s <= nseg; s++) {
        if (s < nseg) {
            rc = MPI_Irecv(papsim_offset(buffer, s, seg_stride),
                           papsim_seg_len(count, segcount, s), type, tree->parent,
                           PAPSIM_TAG_BCAST, comm, &recv_req[s & 1]);
            PAPSIM_CHECK(rc);
        }
        if (s == 0)
            continue;
        rc = papsim_waitall(1, &recv_req[(s - 1) & 1]);
        PAPSIM_CHECK(rc);
        if (tree->nchildren > 0) {
            rc = send_to_children(papsim_offset(buffer, s - 1, seg_stride),
                                  papsim_seg_len(count, segcount, s - 1), type, comm, tree,
                                  send_req);
            PAPSIM_CHECK(rc);
        }
    }
out:
    if (rc != MPI_SUCCESS)
        papsim_waitall(2, recv_req);
    return rc;
}

int papsim_bcast_chains(void *buffer, int count, MPI_Datatype type, int root, MPI_Comm comm,
                        const papsim_params *params, const papsim_call *c, int fanout)
{
    int size;
    papsim_tree tree;
    MPI_Type_size(type, &size);
    papsim_tree_chain(c->rank, c->p, root, fanout, &tree);
    const MPI_Aint dflt = papsim_bcast_pipeline_default_bytes(c->p, (MPI_Aint)count * size);
    const int segcount = papsim_segcount(params, dflt, count, type);
    return papsim_bcast_tree_segmented(buffer, count, type, root, comm, &tree, segcount);
}

int papsim_bcast_binomial_scatter(void *buffer, int count, MPI_Datatype type, int root,
                                  MPI_Comm comm)
{
    int rc = MPI_SUCCESS, rank, p;
    MPI_Aint lb, extent;
    int64_t offset;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_get_extent(type, &lb, &extent);
    const int v = (rank - root + p) % p;

    /* v's subtree is the blocks [v, v + lowbit(v)); the root's is all p. */
    int span = 1;
    while (span < p && !(v & span))
        span <<= 1;
    if (v > 0) {
        const int len = papsim_ceil_blocks(count, p, v, span, &offset);
        rc = papsim_recv_piece(papsim_offset(buffer, (MPI_Aint)offset, extent), len, type,
                               to_rank(v - span, p, root), PAPSIM_TAG_BCAST, comm);
        PAPSIM_CHECK(rc);
    }
    for (int half = span >> 1; half > 0; half >>= 1) {
        if (v + half >= p)
            continue;
        const int len = papsim_ceil_blocks(count, p, v + half, half, &offset);
        rc = papsim_send_piece(papsim_offset(buffer, (MPI_Aint)offset, extent), len, type,
                               to_rank(v + half, p, root), PAPSIM_TAG_BCAST, comm);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}

MPI_Datatype papsim_bcast_granule(MPI_Aint bytes)
{
    if (bytes % 8 == 0)
        return MPI_UINT64_T;
    if (bytes % 4 == 0)
        return MPI_UINT32_T;
    return bytes % 2 == 0 ? MPI_UINT16_T : MPI_BYTE;
}

/* 1 when count x type is its bytes back to back in memory, in signature
 * order: a predefined datatype without holes (a derived one may list its
 * blocks in another order than their addresses). */
static int plain_bytes(MPI_Datatype type)
{
    int ni, na, nd, combiner, size;
    MPI_Aint lb, extent;
    if (MPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) != MPI_SUCCESS ||
        combiner != MPI_COMBINER_NAMED)
        return 0;
    MPI_Type_size(type, &size);
    MPI_Type_get_extent(type, &lb, &extent);
    return lb == 0 && extent == (MPI_Aint)size;
}

int papsim_bcast_in_units(papsim_bcast_fn *self, void *buffer, int count, MPI_Datatype type,
                          int root, MPI_Comm comm, const papsim_params *params)
{
    int rank, gsize, rc = MPI_SUCCESS;
    const MPI_Aint bytes = papsim_sig_bytes(count, type);
    const MPI_Datatype granule = papsim_bcast_granule(bytes);
    MPI_Comm_rank(comm, &rank);
    MPI_Type_size(granule, &gsize);
    if (bytes / gsize > INT_MAX)
        return MPI_ERR_COUNT;
    const int n = (int)(bytes / gsize);
    if (plain_bytes(type))
        return self(buffer, n, granule, root, comm, params);
    void *staged = papsim_data_malloc((size_t)bytes);
    if (!staged)
        return MPI_ERR_NO_MEM;
    if (rank == root)
        rc = papsim_typed_copy(buffer, count, type, staged, n, granule);
    if (rc == MPI_SUCCESS)
        rc = self(staged, n, granule, root, comm, params);
    if (rc == MPI_SUCCESS && rank != root)
        rc = papsim_typed_copy(staged, n, granule, buffer, count, type);
    papsim_data_free(staged);
    return rc;
}

int papsim_bcast_scatter_begin(papsim_bcast_fn *self, void *buffer, int count, MPI_Datatype type,
                               int root, MPI_Comm comm, const papsim_params *params,
                               unsigned flags, papsim_call *c)
{
    const int rc = papsim_bcast_begin(count, type, root, comm, params, flags, c);
    if (rc != MPI_SUCCESS || c->done)
        return rc;
    if (papsim_bcast_staged(count, type)) {
        c->done = 1;
        return papsim_bcast_in_units(self, buffer, count, type, root, comm, params);
    }
    if (count < c->p) {
        c->done = 1;
        return papsim_bcast_linear(buffer, count, type, root, comm, params);
    }
    return papsim_bcast_binomial_scatter(buffer, count, type, root, comm);
}
