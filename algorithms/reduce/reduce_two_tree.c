/* Reduce: two-tree (two pipelined binary trees, each reducing half the vector).
 *
 * Paper:   Sanders, Speck, Traeff, "Two-tree algorithms for full bandwidth
 *          broadcast, reduction and scan", Parallel Computing 35 (2009);
 *          the "2-Tree" of Marendic et al. 2016, Tables 3-4 (not in their
 *          main study).
 * Trees:   the q = p - 1 ranks other than the root, in rank order, take
 *          positions 0..q-1. T1 is the in-order binary tree on positions
 *          1-based j = 1..q: the root of a range [lo, hi] is
 *          lo - 1 + 2^floor(log2(hi - lo + 1)), its left subtree the range
 *          below it (complete), its right subtree the range above. Then
 *          every odd j is a leaf and every even j an inner node, and the
 *          height is floor(log2 q). T2 is T1 relabelled: position i of T1
 *          is position q-1-i of T2 when q is even (mirrored: T1's leaves are
 *          T2's inner nodes and the other way round) and (i+1) mod q when q
 *          is odd (shifted: the same except that position q-1 is a leaf in
 *          both). So every rank forwards in at most one tree and is a leaf
 *          of the other, whose sends cost it nothing but its own segments.
 *          Both tree roots send to the real root.
 *
 *            p=8, root 0: positions 0..6 = ranks 1..7 (q = 7, odd: shifted)
 *              T1: 4 -> {2, 6}, 2 -> {1, 3}, 6 -> {5, 7};    4 -> root 0
 *              T2: 3 -> {1, 5}, 1 -> {7, 2}, 5 -> {4, 6};    3 -> root 0
 *              (rank 7, position q-1, is a leaf in both)
 *
 * Pattern: the first ceil(count/2) elements are reduced over T1, the rest
 *          over T2, each cut into segments of segment_bytes (32 KiB by
 *          default; the last shorter). A rank posts every segment of its
 *          own data in the tree where it is a leaf at once (nothing gates
 *          them). In the tree where it is inner it takes segment s = 0, 1,
 *          ..: waits for segment s of each child, combines them into its
 *          own and sends the segment to its parent (the root keeps it).
 *          Receives are posted one segment ahead into two buffers per child,
 *          and a message moves only once its receive is posted (SMPI, and
 *          the rendezvous of a real MPI), so the parents pace the leaves'
 *          segments: they flow in order instead of sharing a link all at
 *          once. (Sending the leaf segment of step s from the same loop,
 *          after the inner step s-1, chains the two trees' steps and cost a
 *          whole vector time per tree level in simulation.)
 * Cost:    with N segments of s = m/(2N) bytes per tree and h =
 *          floor(log2(p-1)): a stage moves 2s bytes into and out of an
 *          inner node and combines 2s, so about
 *          (h + N)(alpha + (m/N)(beta + gamma)) when a rank can send and
 *          receive at once (SMPI's full-duplex links); Sanders et al. (single
 *          port, with an edge colouring) and Marendic et al. 2016, Table 3, give
 *          4(n-1) alpha + 4 sqrt((n-1) alpha) sqrt(beta m / 2) + m beta + 2 m
 *          gamma, n = ceil(log2 p), at the best N. Exact small case: p = 3
 *          (T1 1 -> 2 -> 0, T2 2 -> 1 -> 0) with one segment per half of M
 *          bytes, contention-free links: 2 alpha + 3 M beta + 3 M gamma (the
 *          two halves share the root's incoming link; SMPI adds 16 bytes
 *          per message to M in the beta terms; tests/cli/radix_two_tree.sh).
 * Memory:  one scratch vector (not at the root), 2 segments per child (at
 *          most 8 segments), one request per segment this rank sends.
 * Restrictions: commutative ops: a node folds its children into its own
 *          value (not left subtree, own, right subtree), T2 is not in rank
 *          order and the root adds its own value last: PAPSIM_R_COMMUTATIVE,
 *          MPI_ERR_OP here. Any p.
 */
#include <stdlib.h>

#include "reduce_util.h"

#define TWO_TREE_DEFAULT_SEGMENT (32 * 1024)
/* One tag per tree: a pair of ranks can be linked in both trees, and the
 * halves must not match each other's receives. */
#define TWO_TREE_TAG(t) (PAPSIM_TAG_REDUCE + (t))

/* One rank's place in one of the two trees (ranks; MPI_PROC_NULL none). */
typedef struct {
    int parent;
    int nchildren;
    int child[2];
} tree_place;

/* Parent and children (1-based positions, 0 for none) of position j in the
 * in-order tree on 1..q: walk down from the whole range. */
static void inorder_place(int q, int j, int *parent, int child[2])
{
    int lo = 1, hi = q, up = 0;
    for (;;) {
        const int node = lo - 1 + papsim_pow2_floor(hi - lo + 1);
        if (node == j) {
            child[0] = lo <= node - 1 ? lo - 1 + papsim_pow2_floor(node - lo) : 0;
            child[1] = node + 1 <= hi ? node + papsim_pow2_floor(hi - node) : 0;
            *parent = up;
            return;
        }
        up = node;
        if (j < node)
            hi = node - 1;
        else
            lo = node + 1;
    }
}

/* T1 position (0-based) of a non-root rank and back: the root is skipped. */
static int position_of(int rank, int root) { return rank < root ? rank : rank - 1; }
static int rank_at(int pos, int root) { return pos < root ? pos : pos + 1; }

/* T2 relabels T1's positions: mirrored for even q, shifted for odd q. */
static int t2_from_t1(int i, int q) { return q % 2 == 0 ? q - 1 - i : (i + 1) % q; }
static int t1_from_t2(int i, int q) { return q % 2 == 0 ? q - 1 - i : (i - 1 + q) % q; }

/* This rank's place in tree t (0: T1, 1: T2). The real root has the tree's
 * root as its one child. */
static void tree_of(int t, int rank, int root, int p, tree_place *tp)
{
    const int q = p - 1;
    int parent, child[2];
    tp->nchildren = 0;
    tp->parent = MPI_PROC_NULL;
    if (rank == root) {
        const int top = papsim_pow2_floor(q) - 1; /* the tree root's position */
        tp->child[tp->nchildren++] = rank_at(t == 0 ? top : t1_from_t2(top, q), root);
        return;
    }
    const int i1 = position_of(rank, root);
    const int i = t == 0 ? i1 : t2_from_t1(i1, q);
    inorder_place(q, i + 1, &parent, child);
    tp->parent = parent ? rank_at(t == 0 ? parent - 1 : t1_from_t2(parent - 1, q), root) : root;
    for (int c = 0; c < 2; c++)
        if (child[c])
            tp->child[tp->nchildren++] =
                rank_at(t == 0 ? child[c] - 1 : t1_from_t2(child[c] - 1, q), root);
}

/* How the vector splits: tree t reduces len[t] elements from first[t], in
 * nseg[t] segments of segcount elements (the last shorter). */
typedef struct {
    MPI_Aint first[2]; /* where each tree's half starts */
    int len[2];        /* elements of each half */
    int segcount;
    int nseg[2];
} halves;

static int seg_len(const halves *h, int t, int s)
{
    return papsim_seg_len(h->len[t], h->segcount, s);
}

static MPI_Aint seg_first(const halves *h, int t, int s)
{
    return h->first[t] + (MPI_Aint)s * h->segcount;
}

/* Posts the receives of segment s from every child of both trees. */
static int post_receives(const halves *h, const tree_place tp[2], int s, void *buf[2][2][2],
                         MPI_Request rreq[2][2][2], MPI_Datatype type, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    for (int t = 0; t < 2; t++)
        for (int c = 0; c < tp[t].nchildren && s < h->nseg[t]; c++) {
            rc = MPI_Irecv(buf[t][c][s % 2], seg_len(h, t, s), type, tp[t].child[c],
                           TWO_TREE_TAG(t), comm, &rreq[t][c][s % 2]);
            PAPSIM_CHECK(rc);
        }
out:
    return rc;
}

/* Posts every segment of this rank's own data in the trees where it is a
 * leaf: nothing gates them, and the parent's receives, posted one segment
 * ahead, pace the transfers (a message moves once it is matched). */
static int post_leaf_sends(const halves *h, const tree_place tp[2], const void *work,
                           MPI_Aint extent, MPI_Datatype type, MPI_Comm comm, MPI_Request *sreq,
                           int *nsend)
{
    int rc = MPI_SUCCESS;
    for (int t = 0; t < 2; t++)
        for (int s = 0; s < h->nseg[t] && tp[t].nchildren == 0; s++) {
            rc = MPI_Isend(papsim_offset_const(work, seg_first(h, t, s), extent), seg_len(h, t, s),
                           type, tp[t].parent, TWO_TREE_TAG(t), comm, &sreq[(*nsend)++]);
            PAPSIM_CHECK(rc);
        }
out:
    return rc;
}

int papsim_reduce_two_tree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, int root, MPI_Comm comm, const papsim_params *params)
{
    int nsend = 0;
    papsim_call c;
    void *work_free = NULL, *work = NULL, *buf_free[2][2][2] = {{{NULL}}}, *buf[2][2][2];
    MPI_Request rreq[2][2][2], *sreq = NULL;
    tree_place tp[2];
    halves h;

    int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                 PAPSIM_FLAGS_reduce_two_tree, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;
    const MPI_Aint extent = c.extent;

    rc = papsim_reduce_work_buffer(sendbuf, recvbuf, count, datatype, rank == root, &work_free,
                                   &work);
    PAPSIM_CHECK(rc);
    if (p == 1)
        goto out;
    h.len[0] = count - count / 2;
    h.len[1] = count / 2;
    h.first[0] = 0;
    h.first[1] = h.len[0];
    h.segcount = papsim_segcount(params, TWO_TREE_DEFAULT_SEGMENT, h.len[0], datatype);
    for (int t = 0; t < 2; t++) {
        h.nseg[t] = papsim_seg_count(h.len[t], h.segcount);
        tree_of(t, rank, root, p, &tp[t]);
        for (int c = 0; c < tp[t].nchildren; c++)
            for (int b = 0; b < 2; b++) {
                rreq[t][c][b] = MPI_REQUEST_NULL;
                rc = papsim_scratch_alloc(h.segcount, datatype, &buf_free[t][c][b],
                                          &buf[t][c][b]);
                PAPSIM_CHECK(rc);
            }
    }
    sreq = malloc((size_t)(h.nseg[0] + h.nseg[1]) * sizeof *sreq);
    if (!sreq) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    rc = post_leaf_sends(&h, tp, work, extent, datatype, comm, sreq, &nsend);
    PAPSIM_CHECK(rc);

    /* The trees where this rank is inner: per segment, fold in every
     * child's copy, then pass the segment up (the root keeps it). */
    rc = post_receives(&h, tp, 0, buf, rreq, datatype, comm);
    PAPSIM_CHECK(rc);
    for (int s = 0; s < h.nseg[0]; s++) { /* nseg[0] >= nseg[1] */
        rc = post_receives(&h, tp, s + 1, buf, rreq, datatype, comm);
        PAPSIM_CHECK(rc);
        for (int t = 0; t < 2; t++) {
            if (s >= h.nseg[t] || tp[t].nchildren == 0)
                continue;
            void *seg = papsim_offset(work, seg_first(&h, t, s), extent);
            for (int c = 0; c < tp[t].nchildren; c++) {
                rc = papsim_waitall(1, &rreq[t][c][s % 2]);
                PAPSIM_CHECK(rc);
                rc = papsim_combine(buf[t][c][s % 2], seg, seg_len(&h, t, s), datatype, op,
                                    params);
                PAPSIM_CHECK(rc);
            }
            if (tp[t].parent == MPI_PROC_NULL)
                continue;
            rc = MPI_Isend(seg, seg_len(&h, t, s), datatype, tp[t].parent, TWO_TREE_TAG(t),
                           comm, &sreq[nsend++]);
            PAPSIM_CHECK(rc);
        }
    }
    rc = papsim_waitall(nsend, sreq);
out:
    papsim_data_free(work_free);
    free(sreq);
    for (int t = 0; t < 2; t++)
        for (int c = 0; c < 2; c++)
            for (int b = 0; b < 2; b++)
                papsim_data_free(buf_free[t][c][b]);
    return rc;
}
