/* Barrier: linear (Open MPI 4.1 "basic_linear", tuned barrier algorithm 1).
 *
 * Paper:   the central-counter barrier of Mellor-Crummey and Scott,
 *          "Algorithms for scalable synchronization on shared-memory
 *          multiprocessors", ACM TOCS 9(1), 1991, Sec. 3.3, as messages;
 *          Open MPI's coll_base "basic_linear" barrier.
 * Pattern: every rank r > 0 sends an empty message to rank 0 and waits for
 *          its answer. Rank 0 posts the p-1 receives at once, waits for all
 *          of them (the last arrival), then posts the p-1 empty answers at
 *          once and waits for them.
 *
 *            p=4   r1 ->0   r2 ->0   r3 ->0   (gather)
 *                  r0 ->1   r0 ->2   r0 ->3   (release)
 *
 * Cost:    2 alpha after the last arrival when rank 0's link serves the p-1
 *          messages in parallel, 2(p-1) messages through rank 0. The same
 *          pattern as SMPI's "ompi_basic_linear" barrier.
 * Memory:  p-1 requests at rank 0.
 * Restrictions: none (any p).
 */
#include <stdlib.h>

#include "coll_more.h"

int papsim_barrier_linear(MPI_Comm comm, const papsim_params *params)
{
    int rc, rank, p;
    MPI_Request *reqs = NULL;

    const int arg_rc = papsim_check_barrier_args(comm, params, PAPSIM_FLAGS_barrier_linear);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (rank > 0) {
        rc = papsim_barrier_send(0, comm);
        PAPSIM_CHECK(rc);
        rc = papsim_barrier_recv(0, comm);
        goto out;
    }
    rc = MPI_SUCCESS;
    if (p == 1)
        goto out;
    reqs = malloc((size_t)(p - 1) * sizeof *reqs);
    if (!reqs) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    for (int i = 1; i < p; i++) {
        rc = MPI_Irecv(NULL, 0, MPI_BYTE, i, PAPSIM_TAG_BARRIER, comm, &reqs[i - 1]);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_waitall(p - 1, reqs);
    PAPSIM_CHECK(rc);
    for (int i = 1; i < p; i++) {
        rc = MPI_Isend(NULL, 0, MPI_BYTE, i, PAPSIM_TAG_BARRIER, comm, &reqs[i - 1]);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_waitall(p - 1, reqs);
out:
    free(reqs);
    return rc;
}
