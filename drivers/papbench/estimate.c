#include "estimate.h"

#include <stdlib.h>

#include "coll_util.h"

/* Apart from the algorithms' tags (coll_util.h, prr.c's 1000 and up). */
enum { PAPBENCH_TAG_ESTIMATE = 900 };

/* The papsim_arrival_source callback: waits for whatever is still in flight
 * (inside the algorithm, so the wait is timed). */
static int estimate_obtain(papsim_arrival_source *self, const double **arrivals)
{
    papbench_estimate *est = (papbench_estimate *)self;
    int rc = MPI_SUCCESS;
    if (est->pending) {
        rc = papsim_waitall(2 * (est->np - 1), est->reqs);
        est->pending = 0;
    }
    *arrivals = est->estimates;
    return rc;
}

int papbench_estimate_init(papbench_estimate *est, MPI_Comm comm, double x)
{
    est->source.obtain = estimate_obtain;
    est->comm = comm;
    est->x = x;
    est->pending = 0;
    MPI_Comm_rank(comm, &est->rank);
    MPI_Comm_size(comm, &est->np);
    est->estimates = calloc((size_t)est->np, sizeof *est->estimates);
    est->reqs = malloc(2 * (size_t)est->np * sizeof *est->reqs);
    return est->estimates && est->reqs ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

void papbench_estimate_free(papbench_estimate *est)
{
    free(est->estimates);
    free(est->reqs);
    est->estimates = NULL;
    est->reqs = NULL;
}

int papbench_estimate_post(papbench_estimate *est)
{
    int rc = MPI_SUCCESS, n = 0;
    for (int i = 0; i < 2 * (est->np - 1); i++) /* the sends come at the edge */
        est->reqs[i] = MPI_REQUEST_NULL;
    for (int r = 0; r < est->np && rc == MPI_SUCCESS; r++)
        if (r != est->rank)
            rc = MPI_Irecv(&est->estimates[r], 1, MPI_DOUBLE, r, PAPBENCH_TAG_ESTIMATE, est->comm,
                           &est->reqs[n++]);
    est->pending = 1;
    return rc;
}

double papbench_estimate_edge(const papbench_estimate *est, double delay)
{
    return est->x * delay;
}

int papbench_estimate_announce(papbench_estimate *est, double elapsed)
{
    int rc = MPI_SUCCESS, n = est->np - 1;
    est->estimates[est->rank] = elapsed / est->x; /* (t_edge - T0) / x */
    for (int r = 0; r < est->np && rc == MPI_SUCCESS; r++)
        if (r != est->rank)
            rc = MPI_Isend(&est->estimates[est->rank], 1, MPI_DOUBLE, r, PAPBENCH_TAG_ESTIMATE,
                           est->comm, &est->reqs[n++]);
    return rc;
}

int papbench_estimate_settle(papbench_estimate *est)
{
    const double *ignored;
    return est->pending && est->reqs ? estimate_obtain(&est->source, &ignored) : MPI_SUCCESS;
}
