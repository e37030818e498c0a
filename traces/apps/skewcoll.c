/* skewcoll: barrier, reduce_scatter, scan and exscan arriving in a known
 * ascending pattern, so that tests/cli/trace_colls.sh can check the arrival
 * pattern libpaptrace records and papsim pattern --from-trace derives, and
 * replay it. Runs under Open MPI (preload libpaptrace.so) and smpirun.
 *
 * Per repetition, on MPI_COMM_WORLD (p ranks, rank r), four times: an
 * allreduce of 1 int (the common start; trace only the others with
 * PAPTRACE_COLLECTIVES), then rank r sleeps r x --step-ms milliseconds,
 * then one of MPI_Barrier, MPI_Reduce_scatter (r+1 ints to rank r, sum),
 * MPI_Scan and MPI_Exscan (2 ints, sum). Rank r so arrives r x step after
 * rank 0 at each of them. Each result is checked (exact integer sums;
 * exscan's rank 0 not): a wrong one exits 1.
 *
 * usage: skewcoll [--reps R] [--step-ms MS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void sleep_ms(double ms)
{
    struct timespec ts;
    ts.tv_sec = (time_t)(ms / 1000);
    ts.tv_nsec = (long)((ms - 1000.0 * (double)ts.tv_sec) * 1e6);
    nanosleep(&ts, NULL);
}

/* The common start, then this rank's delay. */
static void arrive(int rank, double step_ms)
{
    int one = 1, all = 0;
    MPI_Allreduce(&one, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank > 0)
        sleep_ms(rank * step_ms);
}

int main(int argc, char **argv)
{
    int reps = 2, rank, p, wrong = 0;
    double step_ms = 100;
    MPI_Init(&argc, &argv);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--step-ms"))
            step_ms = atof(argv[i + 1]);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int *counts = malloc((size_t)p * sizeof *counts), total = 0;
    for (int r = 0; r < p; r++)
        total += counts[r] = r + 1;
    int *send = malloc((size_t)total * sizeof *send), recv[2] = {0, 0};
    int *block = malloc((size_t)p * sizeof *block);
    for (int i = 0; i < total; i++)
        send[i] = rank + i;
    for (int rep = 0; rep < reps; rep++) {
        arrive(rank, step_ms);
        MPI_Barrier(MPI_COMM_WORLD);
        arrive(rank, step_ms);
        MPI_Reduce_scatter(send, block, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        const int first = rank * (rank + 1) / 2; /* block r's first element */
        for (int i = 0; i < counts[rank]; i++)
            wrong += block[i] != p * (first + i) + p * (p - 1) / 2;
        int mine[2] = {rank + 1, 10 * (rank + 1)};
        arrive(rank, step_ms);
        MPI_Scan(mine, recv, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        wrong += recv[0] != (rank + 1) * (rank + 2) / 2 || recv[1] != 10 * recv[0];
        arrive(rank, step_ms);
        MPI_Exscan(mine, recv, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        if (rank > 0)
            wrong += recv[0] != rank * (rank + 1) / 2 || recv[1] != 10 * recv[0];
    }
    if (wrong)
        fprintf(stderr, "skewcoll: rank %d: %d wrong results\n", rank, wrong);
    free(counts);
    free(send);
    free(block);
    MPI_Finalize();
    return wrong ? 1 : 0;
}
