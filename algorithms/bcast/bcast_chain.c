/* Bcast: chain (several segmented chains from the root).
 *
 * Paper:   Open MPI 4.1's "chain" bcast (coll/base, Fagg et al.), with the
 *          forced-algorithm fanout of coll/tuned (bcast_algorithm_chain_fanout
 *          = 4). SMPI 3.32 has no chain bcast.
 * Pattern: relative ranks v = (rank - root) mod p. The p-1 non-root ranks
 *          are split, in order, into f = min(4, p-1) chains of consecutive
 *          v, the first (p-1) mod f chains one rank longer; the root heads
 *          them all. The buffer is cut into N segments of
 *          params->segment_bytes (default: the 128/64/16 KiB pipeline rule,
 *          see pipeline.c). Per segment the root starts the sends to the f
 *          chain heads at once and waits for them; every chain rank keeps a
 *          receive posted one segment ahead and forwards each segment to its
 *          successor as soon as it has arrived.
 *
 *            p=8, root 0   0 -> 1 -> 2      chains of v: {1,2} {3,4}
 *                          0 -> 3 -> 4                   {5,6} {7}
 *                          0 -> 5 -> 6
 *                          0 -> 7
 *
 * Cost:    about (N + L - 1)(alpha + f (m/N) beta) while the root's link is
 *          the bottleneck, L = ceil((p-1)/f) the chain length.
 * Memory:  f requests, no scratch buffer.
 * Restrictions: none.
 */
#include "bcast_util.h"

/* Open MPI 4.1's default chain fanout for a forced chain bcast. */
enum { CHAIN_FANOUT = 4 };

int papsim_bcast_chain(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                       const papsim_params *params)
{
    papsim_call c;
    const int rc = papsim_bcast_begin(count, datatype, root, comm, params,
                                      PAPSIM_FLAGS_bcast_chain, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    if (papsim_bcast_staged(count, datatype))
        return papsim_bcast_in_units(papsim_bcast_chain, buffer, count, datatype, root, comm, params);
    return papsim_bcast_chains(buffer, count, datatype, root, comm, params, &c, CHAIN_FANOUT);
}
