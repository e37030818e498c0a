#include "reduce_util.h"

#include <stdlib.h>

int papsim_reduce_combine_ordered(void *got, void *held, int len, MPI_Datatype type, MPI_Op op,
                                  int commutative, int got_is_left,
                                  const papsim_params *params)
{
    if (len == 0)
        return MPI_SUCCESS;
    if (commutative || got_is_left)
        return papsim_combine(got, held, len, type, op, params);
    int rc = papsim_combine(held, got, len, type, op, params);
    if (rc == MPI_SUCCESS)
        rc = papsim_local_copy(got, held, len, type);
    return rc;
}

int papsim_reduce_tree_segmented(const void *sendbuf, void *recvbuf, int count,
                                 MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                                 const papsim_params *params, const papsim_tree *tree,
                                 int tree_root, int segcount)
{
    int rc = MPI_SUCCESS, rank;
    void *acc_free = NULL, *acc = NULL, *in_free[2] = {NULL, NULL}, *in[2] = {NULL, NULL};
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Aint lb, extent;

    if (count == 0)
        return MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Type_get_extent(type, &lb, &extent);
    /* At the root with MPI_IN_PLACE the own contribution is in recvbuf. */
    const void *own = papsim_reduce_input(sendbuf, recvbuf, rank == root);
    const int nseg = papsim_seg_count(count, segcount);
    const MPI_Aint seg_stride = (MPI_Aint)segcount * extent;

    if (tree->nchildren == 0) {
        if (tree->parent == PAPSIM_TREE_NONE) { /* a single rank */
            if (rank == root)
                rc = papsim_local_copy(own, recvbuf, count, type);
            goto out;
        }
        /* A leaf: every segment straight from the input, blocking sends. */
        for (int s = 0; s < nseg; s++) {
            rc = MPI_Send(papsim_offset_const(own, s, seg_stride),
                          papsim_seg_len(count, segcount, s), type, tree->parent,
                          PAPSIM_TAG_REDUCE, comm);
            PAPSIM_CHECK(rc);
        }
        goto forward;
    }

    /* An inner node accumulates in recvbuf at the (tree and real) root,
     * elsewhere in a scratch vector, starting from its own contribution. */
    rc = papsim_work_buffer(own, rank == root && rank == tree_root ? recvbuf : NULL, count, type,
                            &acc_free, &acc);
    PAPSIM_CHECK(rc);
    for (int b = 0; b < 2; b++) {
        rc = papsim_scratch_alloc(segcount, type, &in_free[b], &in[b]);
        PAPSIM_CHECK(rc);
    }

    /* Step (s, i) posts the receive of segment s from child i, then finishes
     * the previous step's receive: combine it and, if it was the segment's
     * last child, send the finished segment up. s = nseg only drains. */
    int cur = 0, have_prev = 0, prev_seg = 0, prev_child = 0;
    for (int s = 0; s <= nseg; s++) {
        for (int i = 0; i < tree->nchildren; i++) {
            if (s < nseg) {
                rc = MPI_Irecv(in[cur], papsim_seg_len(count, segcount, s), type,
                               tree->children[i], PAPSIM_TAG_REDUCE, comm, &req[cur]);
                PAPSIM_CHECK(rc);
            }
            if (have_prev) {
                const int len = papsim_seg_len(count, segcount, prev_seg);
                void *acc_seg = papsim_offset(acc, prev_seg, seg_stride);
                rc = papsim_waitall(1, &req[cur ^ 1]);
                PAPSIM_CHECK(rc);
                /* The child's partial result is the left operand (rank order when
                 * its subtree holds the ranks just below the accumulated ones). */
                rc = papsim_combine(in[cur ^ 1], acc_seg, len, type, op, params);
                PAPSIM_CHECK(rc);
                if (prev_child == tree->nchildren - 1 && tree->parent != PAPSIM_TREE_NONE) {
                    rc = MPI_Send(acc_seg, len, type, tree->parent, PAPSIM_TAG_REDUCE, comm);
                    PAPSIM_CHECK(rc);
                }
            }
            if (s == nseg)
                break;
            have_prev = 1;
            prev_seg = s;
            prev_child = i;
            cur ^= 1;
        }
    }

forward:
    if (tree_root != root) {
        if (rank == tree_root)
            rc = MPI_Send(acc, count, type, root, PAPSIM_TAG_REDUCE, comm);
        else if (rank == root)
            rc = MPI_Recv(recvbuf, count, type, tree_root, PAPSIM_TAG_REDUCE, comm,
                          MPI_STATUS_IGNORE);
    }
out:
    papsim_data_free(acc_free);
    papsim_data_free(in_free[0]);
    papsim_data_free(in_free[1]);
    return rc;
}
