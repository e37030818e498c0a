#include "watchdog.h"

#include <stdio.h>
#include <time.h>

#include <mpi.h>

#include "papsim_algorithms.h" /* PAPSIM_ALGORITHMS_SMPI */

void test_all_returned(const char *what, double seconds)
{
#if PAPSIM_ALGORITHMS_SMPI
    (void)what;
    (void)seconds;
    MPI_Barrier(MPI_COMM_WORLD);
#else
    MPI_Request req;
    int done = 0;
    const double t0 = MPI_Wtime();
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    while (!done) {
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (!done && MPI_Wtime() - t0 > seconds) {
            int rank;
            MPI_Comm_rank(MPI_COMM_WORLD, &rank);
            fprintf(stderr, "FAIL rank %d: %s: not every rank returned within %.0f s (hang)\n",
                    rank, what, seconds);
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
        if (!done) {
            const struct timespec pause = {0, 200000}; /* 0.2 ms: leave the cores to the others */
            nanosleep(&pause, NULL);
        }
    }
#endif
}
