/* Bcast: split binary tree.
 *
 * Paper:   Open MPI 4.1's "split_binary_tree" bcast (coll/base), SMPI
 *          "ompi_split_bintree".
 * Pattern: the buffer is split into halves H0 = the first ceil(count/2)
 *          elements and H1 = the rest. Relative ranks v = (rank - root) mod
 *          p form the binary tree of `binary` (v on level L has the children
 *          v + 2^L, v + 2^(L+1)), in which odd v lie below v = 1 and even v
 *          below v = 2. Phase 1: the root pipelines H0 down the odd subtree
 *          and H1 down the even one, in segments of params->segment_bytes
 *          (default 1 KiB below 370728-byte messages, 8 KiB from there on,
 *          the rule SMPI's ompi_split_bintree keeps), alternating one
 *          blocking send per half; inner nodes keep one receive posted
 *          ahead and forward each segment with blocking sends; leaves take
 *          their segments with blocking receives, none posted ahead. Phase 2:
 *          every odd v swaps halves with v + 1 (one sendrecv); when p is
 *          even, v = p - 1 has no partner and gets H1 from the root.
 *          A message too short to give every half at least one whole
 *          segment goes down the pipeline (Open MPI's fallback: its chain
 *          with fanout 1 at the same segment size; SMPI 3.32 falls back to
 *          its SMP_linear instead).
 *
 *            p=7 (v)  phase 1:   H0: 0 -> 1 -> 3, 5     H1: 0 -> 2 -> 4, 6
 *                     phase 2:   1 <-> 2, 3 <-> 4, 5 <-> 6
 *
 * Cost:    about (h + N - 1)(alpha + 2 (m/2N) beta) + alpha + (m/2) beta, N
 *          segments per half, h = floor(log2 p).
 * Memory:  no scratch buffer.
 * Restrictions: none.
 */
#include "bcast_util.h"

/* The default segment size, bytes: SMPI 3.32's ompi_split_bintree rule. */
static MPI_Aint default_segment_bytes(MPI_Aint message_bytes)
{
    return message_bytes < 370728 ? 1024 : 8 * 1024;
}

/* Phase 1 at the root: segment s of each half in turn, half 0 first. */
static int root_sends(char *half[2], const int len[2], int segcount, MPI_Aint type_extent,
                      MPI_Datatype type, MPI_Comm comm, const papsim_tree *tree)
{
    int rc = MPI_SUCCESS;
    const int nseg0 = papsim_seg_count(len[0], segcount);
    for (int s = 0; s < nseg0; s++)
        for (int i = 0; i < tree->nchildren && i < 2; i++) {
            const int n = papsim_seg_len(len[i], segcount, s); /* 0: half i is done */
            if (n == 0)
                continue;
            rc = MPI_Send(half[i] + (MPI_Aint)s * segcount * type_extent, n, type,
                          tree->children[i], PAPSIM_TAG_BCAST, comm);
            if (rc != MPI_SUCCESS)
                return rc;
        }
    return rc;
}

/* Phase 1 below the root: an inner node receives its half segment by
 * segment (one receive ahead) and forwards every segment to its children
 * with blocking sends; a leaf receives without posting ahead, as Open MPI's
 * does (under SMPI a receive posted late delays the transfer). */
static int relay_half(char *half, int len, int segcount, MPI_Aint type_extent, MPI_Datatype type,
                      MPI_Comm comm, const papsim_tree *tree)
{
    int rc = MPI_SUCCESS;
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    const int nseg = papsim_seg_count(len, segcount);
    if (tree->nchildren == 0) { /* a leaf takes its segments one blocking receive at a time */
        for (int s = 0; s < nseg && rc == MPI_SUCCESS; s++)
            rc = MPI_Recv(half + (MPI_Aint)s * segcount * type_extent,
                          papsim_seg_len(len, segcount, s), type, tree->parent,
                          PAPSIM_TAG_BCAST, comm, MPI_STATUS_IGNORE);
        return rc;
    }
    for (int s = 0; s <= nseg; s++) {
        if (s < nseg) {
            const int n = papsim_seg_len(len, segcount, s);
            rc = MPI_Irecv(half + (MPI_Aint)s * segcount * type_extent, n, type, tree->parent,
                           PAPSIM_TAG_BCAST, comm, &req[s & 1]);
            PAPSIM_CHECK(rc);
        }
        if (s == 0)
            continue;
        rc = papsim_waitall(1, &req[(s - 1) & 1]);
        PAPSIM_CHECK(rc);
        const int n = papsim_seg_len(len, segcount, s - 1);
        for (int i = 0; i < tree->nchildren; i++) {
            rc = MPI_Send(half + (MPI_Aint)(s - 1) * segcount * type_extent, n, type,
                          tree->children[i], PAPSIM_TAG_BCAST, comm);
            PAPSIM_CHECK(rc);
        }
    }
out:
    if (rc != MPI_SUCCESS)
        papsim_waitall(2, req);
    return rc;
}

int papsim_bcast_split_binary(void *buffer, int count, MPI_Datatype datatype, int root,
                              MPI_Comm comm, const papsim_params *params)
{
    int size;
    papsim_call c;
    papsim_tree tree;

    int rc = papsim_bcast_begin(count, datatype, root, comm, params,
                                PAPSIM_FLAGS_bcast_split_binary, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    if (papsim_bcast_staged(count, datatype))
        return papsim_bcast_in_units(papsim_bcast_split_binary, buffer, count, datatype, root, comm,
                                     params);
    const int rank = c.rank, p = c.p;
    const MPI_Aint extent = c.extent;
    MPI_Type_size(datatype, &size);

    /* Segments of at least one element; a half shorter than one segment
     * (in bytes, as Open MPI compares) sends the message down the pipeline. */
    const MPI_Aint seg_bytes = params && params->segment_bytes > 0
                                   ? params->segment_bytes
                                   : default_segment_bytes((MPI_Aint)count * size);
    const int segcount = papsim_segcount(params, seg_bytes, count, datatype);
    const int len[2] = {count - count / 2, count / 2};
    if (len[1] == 0 || seg_bytes > (MPI_Aint)len[1] * size) {
        papsim_tree_chain(rank, p, root, 1, &tree);
        return papsim_bcast_tree_segmented(buffer, count, datatype, root, comm, &tree, segcount);
    }
    char *half[2] = {buffer, (char *)buffer + (MPI_Aint)len[0] * extent};
    papsim_tree_nary(rank, p, root, 2, &tree);
    const int v = (rank - root + p) % p;
    const int mine = (v + 1) % 2; /* odd v carry H0, even v (and the root) H1 */

    if (rank == root)
        rc = root_sends(half, len, segcount, extent, datatype, comm, &tree);
    else
        rc = relay_half(half[mine], len[mine], segcount, extent, datatype, comm, &tree);
    PAPSIM_CHECK(rc);

    /* Phase 2: odd v and v + 1 swap halves; at even p the root covers v = p-1. */
    const int partner = mine == 0 ? (rank + 1) % p : (rank - 1 + p) % p;
    if (p % 2 == 0 && rank == root) {
        rc = MPI_Send(half[1], len[1], datatype, (root + p - 1) % p, PAPSIM_TAG_BCAST, comm);
    } else if (p % 2 == 0 && v == p - 1) {
        rc = MPI_Recv(half[1], len[1], datatype, root, PAPSIM_TAG_BCAST, comm, MPI_STATUS_IGNORE);
    } else if (rank != root) {
        rc = MPI_Sendrecv(half[mine], len[mine], datatype, partner, PAPSIM_TAG_BCAST,
                          half[1 - mine], len[1 - mine], datatype, partner, PAPSIM_TAG_BCAST, comm,
                          MPI_STATUS_IGNORE);
    }
out:
    return rc;
}
