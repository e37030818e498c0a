/* stencil: a small imbalanced application for libpaptrace. Each rank owns
 * a 1-D strip of a Jacobi heat stencil; rank r's strip has
 * cells * (1 + imbalance * r / (p-1)) cells, so higher ranks compute
 * longer and arrive later at the collectives. Every iteration:
 *   1. halo exchange with the two neighbours (MPI_Sendrecv, not traced);
 *   2. `sweeps` Jacobi sweeps over the strip (the uneven compute);
 *   3. MPI_Allreduce of the residual (1 double), as a convergence check;
 *   4. MPI_Alltoall of `bytes` per peer, as a transpose would.
 * Under a real MPI the sweeps really compute. Under SMPI (built with
 * -DSTENCIL_SMPI) they are charged as 3 flops per cell with
 * smpi_execute_flops, so the simulated run is deterministic whatever the
 * host does; with the platform's 1 Gflop/s hosts a cell-sweep costs 3 ns.
 *
 * usage: stencil [--iters N] [--cells C] [--sweeps S] [--imbalance F]
 *                [--bytes B]
 * Prints the final residual and the duration of the loop on rank 0. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    long iters, cells, sweeps, bytes;
    double imbalance;
} stencil_options;

static int read_options(int argc, char **argv, stencil_options *o)
{
    o->iters = 50;
    o->cells = 20000;
    o->sweeps = 10;
    o->bytes = 1024;
    o->imbalance = 1.0;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        long *target = NULL;
        if (i + 1 >= argc)
            return -1;
        if (!strcmp(argv[i], "--iters"))
            target = &o->iters;
        else if (!strcmp(argv[i], "--cells"))
            target = &o->cells;
        else if (!strcmp(argv[i], "--sweeps"))
            target = &o->sweeps;
        else if (!strcmp(argv[i], "--bytes"))
            target = &o->bytes;
        else if (!strcmp(argv[i], "--imbalance"))
            o->imbalance = strtod(argv[++i], &end);
        else
            return -1;
        if (target != NULL)
            *target = strtol(argv[++i], &end, 10);
        if (*end != '\0')
            return -1;
    }
    return o->iters >= 0 && o->cells >= 1 && o->sweeps >= 0 && o->bytes >= 0 &&
           o->bytes <= 1 << 24 && o->imbalance >= 0 ? 0 : -1;
}

/* Jacobi sweeps over u[1..n] with fixed halos u[0], u[n+1]; returns the
 * squared change of the last sweep. */
static double sweep(double *u, double *next, long n, long sweeps)
{
    double change = 0;
#ifdef STENCIL_SMPI
    (void)next;
    smpi_execute_flops(3.0 * (double)n * (double)sweeps);
    change = u[0] + u[n + 1]; /* the data, not the cost, is simulated away */
#else
    for (long s = 0; s < sweeps; s++) {
        change = 0;
        for (long i = 1; i <= n; i++) {
            next[i] = 0.5 * (u[i - 1] + u[i + 1]);
            change += (next[i] - u[i]) * (next[i] - u[i]);
        }
        memcpy(u + 1, next + 1, (size_t)n * sizeof *u);
    }
#endif
    return change;
}

static void exchange_halos(double *u, long n, int rank, int p)
{
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank + 1 < p ? rank + 1 : MPI_PROC_NULL;
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[n + 1], 1, MPI_DOUBLE,
                 right, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 2, &u[0], 1, MPI_DOUBLE, left,
                 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    stencil_options o;
    int rank, p;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (read_options(argc, argv, &o) != 0) {
        if (rank == 0)
            fprintf(stderr, "usage: stencil [--iters N] [--cells C] "
                    "[--sweeps S] [--imbalance F] [--bytes B (<= 16 MiB)]\n");
        MPI_Finalize();
        return 2;
    }
    long n = (long)((double)o.cells *
                    (1 + (p > 1 ? o.imbalance * rank / (p - 1) : 0)));
    double *u = calloc((size_t)n + 2, sizeof *u);
    double *next = calloc((size_t)n + 2, sizeof *next);
    char *out = malloc((size_t)o.bytes * (size_t)p + 1);
    char *in = malloc((size_t)o.bytes * (size_t)p + 1);
    double residual = 0;
    if (u == NULL || next == NULL || out == NULL || in == NULL) {
        fprintf(stderr, "stencil: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(out, rank, (size_t)o.bytes * (size_t)p);
    if (rank == 0)
        u[0] = 1.0; /* heat enters at the left end */
    double start = MPI_Wtime();
    for (long it = 0; it < o.iters; it++) {
        exchange_halos(u, n, rank, p);
        if (rank == 0)
            u[0] = 1.0;
        double local = sweep(u, next, n, o.sweeps);
        MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Alltoall(out, (int)o.bytes, MPI_CHAR, in, (int)o.bytes, MPI_CHAR,
                     MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf("stencil: %d ranks, %ld iterations, residual %.6g, loop %.6f s "
               "on rank 0\n", p, o.iters, residual, MPI_Wtime() - start);
    free(u);
    free(next);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
