/* Bcast: pipeline (one segmented chain).
 *
 * Paper:   Open MPI 4.1's "pipeline" bcast (coll/base: its chain with
 *          fanout 1), SMPI "ompi_pipeline"; the linear pipeline of the baselines of
 *          Marendic et al., J. Supercomputing 72 (2016), run in the broadcast
 *          direction.
 * Pattern: the ranks form one chain root -> root+1 -> .. -> root+p-1
 *          (mod p). The buffer is cut into N segments of
 *          params->segment_bytes; each rank keeps a receive posted one
 *          segment ahead and forwards every segment to its successor as soon
 *          as it has arrived. The default segment size is the rule of Open
 *          MPI's old fixed decision that SMPI's ompi_pipeline keeps: 128 KiB
 *          when p < 1.6134e-6 m + 2.1102, else 64 KiB when
 *          p < 2.3679e-6 m + 1.1787, else 16 KiB when
 *          p < 3.2118e-6 m + 8.7936, else 128 KiB (m in bytes).
 *
 *            p=4, root 0, N=3   time 1: 0->1 s0
 *                               time 2: 0->1 s1, 1->2 s0
 *                               time 3: 0->1 s2, 1->2 s1, 2->3 s0
 *                               time 4: 1->2 s2, 2->3 s1
 *                               time 5: 2->3 s2
 *
 * Cost:    (p + N - 2)(alpha + (m/N) beta).
 * Memory:  no scratch buffer.
 * Restrictions: none.
 */
#include "bcast_util.h"

int papsim_bcast_pipeline(void *buffer, int count, MPI_Datatype datatype, int root,
                          MPI_Comm comm, const papsim_params *params)
{
    papsim_call c;
    const int rc = papsim_bcast_begin(count, datatype, root, comm, params,
                                      PAPSIM_FLAGS_bcast_pipeline, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    if (papsim_bcast_staged(count, datatype))
        return papsim_bcast_in_units(papsim_bcast_pipeline, buffer, count, datatype, root, comm, params);
    return papsim_bcast_chains(buffer, count, datatype, root, comm, params, &c, 1);
}
