/* allreduce_example: calls papsim's ring allreduce through the installed
 * library and checks its result.
 *
 * Every rank r contributes x[i] = r + 1 + i (COUNT doubles); after the sum
 * every rank must hold p (p + 1) / 2 + p i. Rank 0 prints one line,
 *
 *   allreduce ring: np 4, 1000 doubles, 0 wrong values
 *
 * and the program exits non-zero when any rank saw a wrong value or the
 * algorithm refused the call. The same source builds for SimGrid/SMPI (a
 * shared object that smpirun loads) and for a real MPI (see README.md).
 *
 * Every papsim algorithm takes its collective's MPI arguments plus a
 * trailing const papsim_params * (zero-initialised: the defaults).
 * papsim_algorithm_check says, before the call, whether an algorithm
 * accepts this many ranks, in words. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include <papsim/papsim.h>

enum { COUNT = 1000 };

int main(int argc, char **argv)
{
    int rank = 0, size = 1, wrong = 0, total = 0, status = 1;
    char why[512];
    const papsim_catalog_entry *entry = NULL;
    papsim_params params = {0};
    double *x = NULL, *sum = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (papsim_algorithm_check("allreduce", "ring", size, &entry, why, sizeof why) != 0) {
        if (rank == 0)
            fprintf(stderr, "allreduce ring refuses np %d: %s\n", size, why);
        goto out;
    }
    x = malloc(COUNT * sizeof *x);
    sum = malloc(COUNT * sizeof *sum);
    if (!x || !sum) {
        fprintf(stderr, "rank %d: out of memory\n", rank);
        goto out;
    }
    for (int i = 0; i < COUNT; i++)
        x[i] = rank + 1 + i;
    if (papsim_allreduce_ring(x, sum, COUNT, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &params) !=
        MPI_SUCCESS) {
        fprintf(stderr, "rank %d: papsim_allreduce_ring failed\n", rank);
        goto out;
    }
    for (int i = 0; i < COUNT; i++)
        wrong += sum[i] != (double)size * (size + 1) / 2 + (double)size * i;
    /* The check itself uses the MPI library's own reduce. */
    MPI_Reduce(&wrong, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("allreduce ring: np %d, %d doubles, %d wrong values\n", size, COUNT, total);
    status = rank == 0 && total != 0;
out:
    free(x);
    free(sum);
    MPI_Finalize();
    return status;
}
