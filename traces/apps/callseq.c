/* callseq: calls every collective libpaptrace intercepts in a fixed order
 * with known per-rank byte counts, so that tests/cli/trace.sh can predict
 * the trace line by line. Runs under Open MPI and under smpirun.
 *
 * Per repetition, on MPI_COMM_WORLD (p ranks, rank r), 16 calls in this
 * order, with the bytes libpaptrace records for rank r:
 *   barrier 0, bcast 16 (4 int), reduce 24 (3 double), allreduce 16,
 *   allgather 5 (5 char), allgatherv 4(r+1), alltoall 4 (1 int per peer),
 *   alltoallv 4p(r+1) (r+1 ints to each peer), gather 8 (2 float),
 *   gatherv 4(r+1), scatter 12 (3 int), scatterv 4(r+1),
 *   reduce_scatter 4(r+1), reduce_scatter_block 8 (2 int), scan 8, exscan 8
 * then one allreduce of 1 int on the half of the ranks with its parity
 * (MPI_Comm_split by r mod 2, made once before the loop).
 * After the loop: a barrier, then rank --late-rank sleeps --late-ms
 * milliseconds, then an allreduce of 1 double: its arrival is that much
 * after the others'.
 *
 * usage: callseq [--reps R] [--late-rank K] [--late-ms MS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    int reps, late_rank;
    double late_ms;
} callseq_options;

static int read_options(int argc, char **argv, callseq_options *o)
{
    o->reps = 2;
    o->late_rank = -1;
    o->late_ms = 0;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (i + 1 >= argc)
            return -1;
        if (!strcmp(argv[i], "--reps"))
            o->reps = (int)strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--late-rank"))
            o->late_rank = (int)strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--late-ms"))
            o->late_ms = strtod(argv[++i], &end);
        else
            return -1;
        if (*end != '\0')
            return -1;
    }
    return o->reps >= 0 && o->late_ms >= 0 ? 0 : -1;
}

/* One repetition of the 16 world collectives. Buffers are sized for the
 * largest use (p ranks, at most p ints from each). */
static void world_calls(int rank, int p, int *a, int *b, int *counts,
                        int *displs)
{
    double d[4] = {1, 2, 3, 4}, dr[4];
    float f[2] = {1, 2};
    char c[5] = "abcd";
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Bcast(a, 4, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Reduce(d, dr, 3, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce(d, dr, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allgather(c, 5, MPI_CHAR, b, 5, MPI_CHAR, MPI_COMM_WORLD);
    for (int i = 0; i < p; i++) { /* rank i contributes i+1 ints */
        counts[i] = i + 1;
        displs[i] = i * p;
    }
    MPI_Allgatherv(a, rank + 1, MPI_INT, b, counts, displs, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoall(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD);
    int *scounts = counts + p, *sdispls = displs + p;
    for (int i = 0; i < p; i++) { /* rank+1 ints to every peer */
        scounts[i] = rank + 1;
        sdispls[i] = i * p;
    }
    MPI_Alltoallv(a, scounts, sdispls, MPI_INT, b, counts, displs, MPI_INT,
                  MPI_COMM_WORLD);
    MPI_Gather(f, 2, MPI_FLOAT, b, 2, MPI_FLOAT, 0, MPI_COMM_WORLD);
    MPI_Gatherv(a, rank + 1, MPI_INT, b, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Scatter(a, 3, MPI_INT, b, 3, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Scatterv(a, counts, displs, MPI_INT, b, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Reduce_scatter(a, b, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce_scatter_block(a, b, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Scan(d, dr, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Exscan(d, dr, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void sleep_ms(double ms)
{
    struct timespec ts;
    ts.tv_sec = (time_t)(ms / 1000);
    ts.tv_nsec = (long)((ms - 1000.0 * (double)ts.tv_sec) * 1e6);
    nanosleep(&ts, NULL);
}

int main(int argc, char **argv)
{
    callseq_options o;
    int rank, p, rc = 0, one = 1, sum;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (read_options(argc, argv, &o) != 0) {
        if (rank == 0)
            fprintf(stderr, "usage: callseq [--reps R] [--late-rank K] "
                    "[--late-ms MS]\n");
        MPI_Finalize();
        return 2;
    }
    /* The largest buffer: allgatherv/alltoallv place block i at i*p ints,
     * blocks of up to p ints (reduce_scatter reads sum(i+1) <= p*p too). */
    size_t n = (size_t)p * (size_t)p + 8;
    int *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
    int *counts = calloc(2 * (size_t)p, sizeof *counts);
    int *displs = calloc(2 * (size_t)p, sizeof *displs);
    MPI_Comm half;
    if (a == NULL || b == NULL || counts == NULL || displs == NULL) {
        fprintf(stderr, "callseq: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    for (int r = 0; r < o.reps; r++) {
        world_calls(rank, p, a, b, counts, displs);
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, half);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == o.late_rank)
        sleep_ms(o.late_ms);
    double x = rank, y;
    MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (y != (double)p * (p - 1) / 2) {
        fprintf(stderr, "callseq: rank %d: allreduce gave %g\n", rank, y);
        rc = 1;
    }
    MPI_Comm_free(&half);
    free(a);
    free(b);
    free(counts);
    free(displs);
    MPI_Finalize();
    return rc;
}
