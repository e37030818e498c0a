/* Reduce: chain (several segmented chains into the root).
 *
 * Paper:   Open MPI's "chain" reduce (coll/tuned, Fagg et al.), SMPI
 *          "ompi_chain": the fanout-f generalisation of the pipeline.
 * Pattern: relative ranks v = (rank - root) mod p. The p-1 non-root ranks
 *          are split, in order, into f = min(p/2, 32) chains of
 *          consecutive v (the first (p-1) mod f chains one rank longer);
 *          the root is the parent of every chain head. The vector is cut
 *          into N segments of params->segment_bytes (default 64 KiB) and
 *          pipelined down every chain as in `pipeline`; per segment the
 *          root receives and combines the f chain heads in turn.
 *          f = p/2 is SMPI 3.32's ompi_chain fanout (Open MPI's own default
 *          for a forced chain is 4); tree, segment discipline and default
 *          segment size are those of ompi_chain (agreement.reduce).
 *
 *            p=8 (f=4)   root 0 <- 1 <- 2     chains of v: {1,2} {3,4}
 *                        root 0 <- 3 <- 4                  {5,6} {7}
 *                        root 0 <- 5 <- 6
 *                        root 0 <- 7
 *
 * Cost:    about (L-1 + N f)(alpha + (m/N)(beta + gamma)), L = ceil((p-1)/f) the
 *          chain length: the root receives and combines f segments per
 *          segment index, one after the other, after a fill of L-1 hops.
 * Memory:  one scratch vector and two segments on the inner ranks.
 * Restrictions: commutative ops (the root combines whole chains of
 *          non-adjacent rank ranges): PAPSIM_R_COMMUTATIVE, MPI_ERR_OP here.
 */
#include "reduce_util.h"

int papsim_reduce_chain(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, int root, MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    papsim_tree tree;

    const int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                       PAPSIM_FLAGS_reduce_chain, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    int fanout = c.p / 2;
    if (fanout > PAPSIM_REDUCE_CHAIN_MAX_FANOUT)
        fanout = PAPSIM_REDUCE_CHAIN_MAX_FANOUT;
    papsim_tree_chain(c.rank, c.p, root, fanout, &tree);
    const int segcount = papsim_segcount(params, 64 * 1024, count, datatype);
    return papsim_reduce_tree_segmented(sendbuf, recvbuf, count, datatype, op, root, comm, params,
                                        &tree, root, segcount);
}
