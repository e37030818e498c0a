/* The offset of a rank's clock to rank 0's (coll_clock.h). */
#include "coll_clock.h"

#include <math.h>

#include "papsim_algorithms.h" /* PAPSIM_ALGORITHMS_SMPI */

static double wtime(void)
{
    return PMPI_Wtime();
}

int papsim_wtime_is_global(void)
{
#if PAPSIM_ALGORITHMS_SMPI
    return 1; /* one simulated clock */
#else
    int *global = NULL, found = 0;
    PMPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &global, &found);
    return found && global && *global;
#endif
}

int papsim_clock_to_rank0(MPI_Comm comm, int tag, int rounds, papsim_clock_fn clock,
                          double *offset, double *rtt)
{
    int rank, size, rc = PMPI_Comm_rank(comm, &rank);
    double best = HUGE_VAL;
    clock = clock ? clock : wtime;
    *offset = *rtt = 0;
    if (rc == MPI_SUCCESS)
        rc = PMPI_Comm_size(comm, &size);
    if (rc != MPI_SUCCESS)
        return rc;
    if (rank == 0) {
        for (int peer = 1; peer < size && rc == MPI_SUCCESS; peer++)
            for (int i = 0; i < rounds && rc == MPI_SUCCESS; i++) {
                double t;
                rc = PMPI_Recv(&t, 1, MPI_DOUBLE, peer, tag, comm, MPI_STATUS_IGNORE);
                t = clock();
                if (rc == MPI_SUCCESS)
                    rc = PMPI_Send(&t, 1, MPI_DOUBLE, peer, tag, comm);
            }
        return rc;
    }
    for (int i = 0; i < rounds && rc == MPI_SUCCESS; i++) {
        double sent = clock(), theirs = 0;
        rc = PMPI_Sendrecv(&sent, 1, MPI_DOUBLE, 0, tag, &theirs, 1, MPI_DOUBLE, 0, tag, comm,
                           MPI_STATUS_IGNORE);
        const double back = clock();
        if (rc == MPI_SUCCESS && back - sent < best) {
            best = back - sent;
            *offset = theirs - (sent + back) / 2;
            *rtt = best;
        }
    }
    return rc;
}
