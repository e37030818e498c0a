/* Bcast: linear (flat tree).
 *
 * Paper:   the basic O(p) broadcast of MPI libraries: Open MPI 4.1's
 *          "basic_linear" (coll/base), SMPI "flattree".
 * Pattern: the root starts one send of the whole buffer to every other
 *          rank, in rank order, all at once, and waits for them all; every
 *          other rank receives once from the root.
 *
 *            p=4, root 1   1 -> 0, 1 -> 2, 1 -> 3   (one step, concurrent)
 *
 * Cost:    alpha + (p-1) m beta: the p-1 copies share the root's link.
 * Memory:  p-1 requests at the root, no scratch buffer.
 * Restrictions: none.
 */
#include <stdlib.h>

#include "bcast_util.h"

int papsim_bcast_linear(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                        const papsim_params *params)
{
    int nreq = 0;
    papsim_call c;
    MPI_Request *reqs = NULL;

    int rc = papsim_bcast_begin(count, datatype, root, comm, params, PAPSIM_FLAGS_bcast_linear,
                                &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;
    if (rank != root)
        return MPI_Recv(buffer, count, datatype, root, PAPSIM_TAG_BCAST, comm, MPI_STATUS_IGNORE);

    reqs = malloc((size_t)(p - 1) * sizeof *reqs);
    if (!reqs)
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < p; r++) {
        if (r == root)
            continue;
        rc = MPI_Isend(buffer, count, datatype, r, PAPSIM_TAG_BCAST, comm, &reqs[nreq]);
        PAPSIM_CHECK(rc);
        nreq++;
    }
out:
    /* Also after a failed start: the sends already started must finish. */
    if (nreq > 0) {
        int wrc = papsim_waitall(nreq, reqs);
        if (rc == MPI_SUCCESS)
            rc = wrc;
    }
    free(reqs);
    return rc;
}
