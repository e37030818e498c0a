#include "bcast_util.h"

#include <stdlib.h>

int papsim_bcast_segcount(const papsim_params *params, MPI_Aint default_bytes, int count,
                          MPI_Datatype type)
{
    MPI_Aint bytes = params && params->segment_bytes > 0 ? params->segment_bytes : default_bytes;
    int size;
    MPI_Type_size(type, &size);
    if (count <= 0)
        return 1;
    if (bytes <= 0 || size <= 0)
        return count;
    MPI_Aint elems = bytes / size;
    if (elems < 1)
        elems = 1;
    return elems < count ? (int)elems : count;
}

MPI_Aint papsim_bcast_pipeline_default_bytes(int p, MPI_Aint message_bytes)
{
    /* Linear fits of the measured crossover between segment sizes, in ranks
     * per byte (slope) and ranks (intercept): below the 128 KiB line use
     * 128 KiB, below the 64 KiB line 64 KiB, below the 16 KiB line 16 KiB;
     * beyond all three the decision falls back to its initial 128 KiB. */
    const double m = (double)message_bytes;
    if (p < 1.6134e-6 * m + 2.1102)
        return 128 * 1024;
    if (p < 2.3679e-6 * m + 1.1787)
        return 64 * 1024;
    if (p < 3.2118e-6 * m + 8.7936)
        return 16 * 1024;
    return 128 * 1024;
}

static void tree_init(papsim_bcast_tree *tree)
{
    tree->parent = MPI_PROC_NULL;
    tree->nchildren = 0;
}

static int to_rank(int v, int p, int root) { return (v + root) % p; }

/* The root heads min(fanout, p-1) chains of consecutive relative ranks,
 * the first (p-1) mod fanout of them one rank longer than the rest. */
void papsim_bcast_chain_tree(int rank, int p, int root, int fanout, papsim_bcast_tree *tree)
{
    tree_init(tree);
    if (fanout < 1)
        fanout = 1;
    if (fanout > p - 1)
        fanout = p - 1;
    const int v = (rank - root + p) % p;
    if (p < 2)
        return;
    const int shorter = (p - 1) / fanout, longer_chains = (p - 1) % fanout;
    for (int j = 0, head = 1; j < fanout; j++) {
        const int len = shorter + (j < longer_chains ? 1 : 0);
        if (v == 0) {
            tree->children[tree->nchildren++] = to_rank(head, p, root);
        } else if (v >= head && v < head + len) {
            tree->parent = to_rank(v == head ? 0 : v - 1, p, root);
            if (v + 1 < head + len)
                tree->children[tree->nchildren++] = to_rank(v + 1, p, root);
            return;
        }
        head += len;
    }
}

/* Level by level: v on level L (fanout^L nodes) has the children
 * v + i fanout^L, i = 1..fanout, so a level is filled by every node's first
 * child, then every node's second child, and so on. */
void papsim_bcast_nary_tree(int rank, int p, int root, int fanout, papsim_bcast_tree *tree)
{
    tree_init(tree);
    const int v = (rank - root + p) % p;
    long level_width = 1, level_start = 0; /* fanout^L and the first v of level L */
    while (v >= level_start + level_width) {
        level_start += level_width;
        level_width *= fanout;
    }
    for (int i = 1; i <= fanout && v + i * level_width < p; i++)
        tree->children[tree->nchildren++] = to_rank((int)(v + i * level_width), p, root);
    if (v > 0) {
        /* The parent sits on the level above at position pos mod width/fanout. */
        const long up_width = level_width / fanout, up_start = level_start - up_width;
        tree->parent = to_rank((int)(up_start + (v - level_start) % up_width), p, root);
    }
}

/* v's parent clears v's highest set bit; its children are v + 2^k for every
 * 2^k above v (lowest first). */
void papsim_bcast_binomial_tree(int rank, int p, int root, papsim_bcast_tree *tree)
{
    tree_init(tree);
    const int v = (rank - root + p) % p;
    long bit = 1;
    while (bit <= v)
        bit <<= 1;
    if (v > 0)
        tree->parent = to_rank(v - (int)(bit >> 1), p, root);
    for (; v + bit < p; bit <<= 1)
        tree->children[tree->nchildren++] = to_rank((int)(v + bit), p, root);
}

/* v's parent clears v's lowest non-zero base-radix digit; its children are
 * v + d radix^j for every power radix^j below that digit (highest first) and
 * d = 1..radix-1. */
void papsim_bcast_knomial_tree(int rank, int p, int root, int radix, papsim_bcast_tree *tree)
{
    tree_init(tree);
    const int v = (rank - root + p) % p;
    long step = 1;
    while (step < p && v % (step * radix) == 0)
        step *= radix;
    if (v > 0)
        tree->parent = to_rank((int)(v / (step * radix) * (step * radix)), p, root);
    for (step /= radix; step > 0; step /= radix)
        for (int d = 1; d < radix && v + d * step < p; d++)
            tree->children[tree->nchildren++] = to_rank((int)(v + d * step), p, root);
}

/* Length of segment s of nseg segments of segcount elements (last shorter). */
static int segment_len(int count, int segcount, int nseg, int s)
{
    return s < nseg - 1 ? segcount : count - (nseg - 1) * segcount;
}

/* Starts the sends of one segment to every child and waits for all of them. */
static int send_to_children(const void *seg, int len, MPI_Datatype type, MPI_Comm comm,
                            const papsim_bcast_tree *tree, MPI_Request *reqs)
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
                                MPI_Comm comm, const papsim_bcast_tree *tree, int segcount)
{
    int rc = MPI_SUCCESS, rank;
    MPI_Aint lb, extent;
    MPI_Request recv_req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Request send_req[PAPSIM_BCAST_MAX_CHILDREN];

    if (count == 0 || (tree->parent == MPI_PROC_NULL && tree->nchildren == 0))
        return MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Type_get_extent(type, &lb, &extent);
    const int nseg = (count + segcount - 1) / segcount;
    const MPI_Aint seg_stride = (MPI_Aint)segcount * extent;

    if (rank == root) {
        for (int s = 0; s < nseg; s++) {
            rc = send_to_children(papsim_offset(buffer, s, seg_stride),
                                  segment_len(count, segcount, nseg, s), type, comm, tree,
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
                           segment_len(count, segcount, nseg, s), type, tree->parent,
                           PAPSIM_TAG_BCAST, comm, &recv_req[s & 1]);
            PAPSIM_CHECK(rc);
        }
        if (s == 0)
            continue;
        rc = papsim_waitall(1, &recv_req[(s - 1) & 1]);
        PAPSIM_CHECK(rc);
        if (tree->nchildren > 0) {
            rc = send_to_children(papsim_offset(buffer, s - 1, seg_stride),
                                  segment_len(count, segcount, nseg, s - 1), type, comm, tree,
                                  send_req);
            PAPSIM_CHECK(rc);
        }
    }
out:
    if (rc != MPI_SUCCESS)
        papsim_waitall(2, recv_req);
    return rc;
}

int papsim_bcast_blocks(int count, int p, int first, int nblocks, MPI_Aint *offset)
{
    const MPI_Aint sc = ((MPI_Aint)count + p - 1) / p;
    MPI_Aint begin = (MPI_Aint)first * sc, end = (MPI_Aint)(first + nblocks) * sc;
    if (begin > count)
        begin = count;
    if (end > count)
        end = count;
    *offset = begin;
    return end > begin ? (int)(end - begin) : 0;
}

int papsim_bcast_binomial_scatter(void *buffer, int count, MPI_Datatype type, int root,
                                  MPI_Comm comm)
{
    int rc = MPI_SUCCESS, rank, p;
    MPI_Aint lb, extent, offset;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_get_extent(type, &lb, &extent);
    const int v = (rank - root + p) % p;

    /* v's subtree is the blocks [v, v + lowbit(v)); the root's is all p. */
    int span = 1;
    while (span < p && !(v & span))
        span <<= 1;
    if (v > 0) {
        const int len = papsim_bcast_blocks(count, p, v, span, &offset);
        if (len > 0) {
            rc = MPI_Recv(papsim_offset(buffer, offset, extent), len, type,
                          to_rank(v - span, p, root), PAPSIM_TAG_BCAST, comm, MPI_STATUS_IGNORE);
            PAPSIM_CHECK(rc);
        }
    }
    for (int half = span >> 1; half > 0; half >>= 1) {
        if (v + half >= p)
            continue;
        const int len = papsim_bcast_blocks(count, p, v + half, half, &offset);
        if (len == 0)
            continue;
        rc = MPI_Send(papsim_offset(buffer, offset, extent), len, type, to_rank(v + half, p, root),
                      PAPSIM_TAG_BCAST, comm);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}
