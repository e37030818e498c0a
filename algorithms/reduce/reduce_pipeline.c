/* Reduce: pipeline (a single segmented chain).
 *
 * Paper:   the "linear pipeline" baseline of Marendic et al.
 *          (J. Supercomput. 72, 2016, Table 3); Open MPI's "pipeline" reduce (its chain topology
 *          with fanout 1), SMPI "ompi_pipeline".
 * Pattern: the vector is cut into N segments of params->segment_bytes
 *          (default 64 KiB; the last segment shorter). The ranks form one
 *          chain root <- root+1 <- .. <- root+p-1 (mod p). For every segment
 *          each rank receives the partial result of its successor, combines
 *          it with its own segment and sends it on, so up to p-1 segments
 *          are in flight. A rank posts the receive of its next segment
 *          before it finishes and sends the current one. Same chain and
 *          segment discipline as SMPI's ompi_pipeline, which picks 1, 32 or
 *          64 KiB segments from p and m (agreement.reduce passes its
 *          choice).
 *
 *            p=4, root 0, N=3   time 1: 3->2 s0
 *                               time 2: 3->2 s1, 2->1 s0
 *                               time 3: 3->2 s2, 2->1 s1, 1->0 s0
 *                               time 4: 2->1 s2, 1->0 s1
 *                               time 5: 1->0 s2
 *
 * Cost:    (p+N-2)(alpha + (m/N)(beta + gamma)); the best N is
 *          sqrt((p-2) m (beta+gamma) / alpha), giving Marendic et al.'s
 *          (p-2)alpha + 2 sqrt((p-2)alpha m(beta+gamma)) + m(beta+gamma).
 * Memory:  one scratch vector and two segments on the inner ranks.
 * Order:   for a commutative op the chain is rooted at the root (SMPI's
 *          ompi_pipeline pattern). For a non-commutative op it runs
 *          0 -> 1 -> .. -> p-1, each rank computing (lower ranks) op (own),
 *          and rank p-1 sends the result to the root in one message when
 *          root != p-1 (one extra alpha + m beta).
 * Restrictions: none.
 */
#include "reduce_util.h"

int papsim_reduce_pipeline(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, int root, MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    papsim_tree tree;

    const int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                       PAPSIM_FLAGS_reduce_pipeline, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    int tree_root = root;
    if (c.commutative) {
        papsim_tree_chain(c.rank, c.p, root, 1, &tree);
    } else { /* the chain runs upwards from rank 0 to rank p-1 */
        tree_root = c.p - 1;
        tree.parent = c.rank < c.p - 1 ? c.rank + 1 : PAPSIM_TREE_NONE;
        tree.nchildren = 0;
        if (c.rank > 0)
            tree.children[tree.nchildren++] = c.rank - 1;
    }
    const int segcount = papsim_segcount(params, 64 * 1024, count, datatype);
    return papsim_reduce_tree_segmented(sendbuf, recvbuf, count, datatype, op, root, comm, params,
                                        &tree, tree_root, segcount);
}
