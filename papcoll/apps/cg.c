/* cg: a conjugate-gradient proxy with an imbalance knob, for libpapcoll
 * (docs/papcoll.md). It solves the 1-D Poisson system A x = b (A =
 * tridiag(-1, 2, -1), n rows split in blocks over the ranks) for `rhs`
 * right-hand sides at once, as `rhs` independent CG iterations that share
 * their reductions: every iteration makes one halo exchange (MPI_Sendrecv)
 * and two MPI_Allreduce of `rhs` doubles (the dot products). Rank r then
 * computes `work * (1 + imbalance * r / (p-1))` more flops (the uneven part
 * of a real application), so higher ranks arrive later at the reductions.
 * Under SMPI (built with -DCG_SMPI) the flops are charged with
 * smpi_execute_flops; under a real MPI they are computed.
 *
 * After the loop, integer checks through the other collectives, with known
 * answers: an MPI_Bcast of the iteration count from the last rank, an
 * MPI_Allgather of the row counts, an MPI_Alltoall of 1000 r + peer, an
 * MPI_Reduce of sum(r + 1) to rank 0, an MPI_Barrier, an
 * MPI_Reduce_scatter_block of 2 ints per rank and an MPI_Reduce_scatter of
 * r mod 3 ints to rank r (element j of rank q's vector: 100 q + j).
 *
 * usage: cg [--rows N] [--rhs M] [--iters K] [--work F] [--imbalance X]
 * Prints on rank 0: the iterations, the residual norms and the solution sum
 * exactly (%a), the integer checks, and the loop's duration. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    long rows, rhs, iters;
    double work, imbalance;
} cg_options;

static int read_options(int argc, char **argv, cg_options *o)
{
    *o = (cg_options){.rows = 4096, .rhs = 4, .iters = 40, .work = 2e5, .imbalance = 1.0};
    for (int i = 1; i + 1 < argc; i += 2) {
        char *end = NULL;
        double v = strtod(argv[i + 1], &end);
        if (*end != '\0' || !(v >= 0))
            return -1;
        if (!strcmp(argv[i], "--rows") && v >= 1)
            o->rows = (long)v;
        else if (!strcmp(argv[i], "--rhs") && v >= 1)
            o->rhs = (long)v;
        else if (!strcmp(argv[i], "--iters"))
            o->iters = (long)v;
        else if (!strcmp(argv[i], "--work"))
            o->work = v;
        else if (!strcmp(argv[i], "--imbalance"))
            o->imbalance = v;
        else
            return -1;
    }
    return argc % 2 == 1 ? 0 : -1;
}

/* The uneven computation of this rank. */
static void compute(double flops)
{
#ifdef CG_SMPI
    smpi_execute_flops(flops);
#else
    volatile double x = 1.0;
    for (long i = 0; i < (long)(flops / 2); i++)
        x = x * 1.0000001 + 1e-9;
#endif
}

/* y = A x on this rank's rows [first, first + n) of the global system, with
 * the halo values from the neighbours (0 beyond the ends). m columns. */
static void matvec(const double *x, double *y, long n, long m, int rank, int np)
{
    double *left = malloc(sizeof(double) * (size_t)m), *right = malloc(sizeof(double) * (size_t)m);
    int lo = rank > 0 ? rank - 1 : MPI_PROC_NULL, hi = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
    for (long k = 0; k < m; k++)
        left[k] = right[k] = 0;
    MPI_Sendrecv(x, (int)m, MPI_DOUBLE, lo, 1, right, (int)m, MPI_DOUBLE, hi, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(x + (n - 1) * m, (int)m, MPI_DOUBLE, hi, 2, left, (int)m, MPI_DOUBLE, lo, 2,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (long i = 0; i < n; i++)
        for (long k = 0; k < m; k++) {
            double below = i > 0 ? x[(i - 1) * m + k] : left[k];
            double above = i < n - 1 ? x[(i + 1) * m + k] : right[k];
            y[i * m + k] = 2 * x[i * m + k] - below - above;
        }
    free(left);
    free(right);
}

/* dots[k] = sum over all rows of a[., k] * b[., k]. */
static void dot(const double *a, const double *b, double *dots, double *local, long n, long m)
{
    for (long k = 0; k < m; k++)
        local[k] = 0;
    for (long i = 0; i < n; i++)
        for (long k = 0; k < m; k++)
            local[k] += a[i * m + k] * b[i * m + k];
    MPI_Allreduce(local, dots, (int)m, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

/* MPI_Barrier, MPI_Reduce_scatter_block (2 ints per rank) and
 * MPI_Reduce_scatter (r mod 3 ints to rank r) of vectors whose element j is
 * 100 q + j on rank q: the sum of element j is 100 np(np-1)/2 + np j.
 * Returns the number of wrong values. */
static int scatter_checks(int rank, int np)
{
    int wrong = 0, *counts = malloc(sizeof(int) * (size_t)np);
    int *v = malloc(sizeof(int) * 2 * (size_t)np), got[2], first = 0;
    const int base = 100 * np * (np - 1) / 2;
    MPI_Barrier(MPI_COMM_WORLD);
    for (int j = 0; j < 2 * np; j++)
        v[j] = 100 * rank + j;
    MPI_Reduce_scatter_block(v, got, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int k = 0; k < 2; k++)
        wrong += got[k] != base + np * (2 * rank + k);
    for (int r = 0; r < np; r++) {
        counts[r] = r % 3;
        first += r < rank ? counts[r] : 0;
    }
    MPI_Reduce_scatter(v, got, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int k = 0; k < counts[rank]; k++)
        wrong += got[k] != base + np * (first + k);
    free(counts);
    free(v);
    return wrong;
}

/* The collectives with integer answers; returns the number of wrong values. */
static int integer_checks(int rank, int np, long iters_done, long rows)
{
    int wrong = 0, *counts = malloc(sizeof(int) * (size_t)np);
    int *out = malloc(sizeof(int) * (size_t)np), *in = malloc(sizeof(int) * (size_t)np);
    long iters = rank == np - 1 ? iters_done : -1;
    MPI_Bcast(&iters, 1, MPI_LONG, np - 1, MPI_COMM_WORLD);
    wrong += iters != iters_done;
    int mine = (int)(rows / np + (rank < rows % np));
    MPI_Allgather(&mine, 1, MPI_INT, counts, 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < np; r++) {
        wrong += counts[r] != (int)(rows / np + (r < rows % np));
        out[r] = 1000 * rank + r;
    }
    MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < np; r++)
        wrong += in[r] != 1000 * r + rank;
    long one = rank + 1, total = 0;
    MPI_Reduce(&one, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    wrong += rank == 0 && total != (long)np * (np + 1) / 2;
    wrong += scatter_checks(rank, np);
    free(counts);
    free(out);
    free(in);
    return wrong;
}

int main(int argc, char **argv)
{
    int rank, np;
    cg_options o;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (read_options(argc, argv, &o) != 0 || o.rows < np) {
        if (rank == 0)
            fprintf(stderr, "usage: cg [--rows N >= ranks] [--rhs M] [--iters K] [--work F] "
                            "[--imbalance X]\n");
        MPI_Finalize();
        return 2;
    }
    long n = o.rows / np + (rank < o.rows % np), m = o.rhs;
    long first = rank * (o.rows / np) + (rank < o.rows % np ? rank : o.rows % np);
    size_t size = sizeof(double) * (size_t)(n * m);
    double *x = calloc(1, size), *r = malloc(size), *p = malloc(size), *q = malloc(size);
    double *rr = malloc(sizeof(double) * (size_t)m), *pq = malloc(sizeof(double) * (size_t)m);
    double *rr_new = malloc(sizeof(double) * (size_t)m), *local = malloc(sizeof(double) * (size_t)m);
    if (!x || !r || !p || !q || !rr || !pq || !rr_new || !local) {
        fprintf(stderr, "cg: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* b: column k is 1 + ((i + k) mod 7) / 7 for global row i, far from
     * an eigenvector, so CG needs many iterations; x0 = 0, so r = p = b. */
    for (long i = 0; i < n; i++)
        for (long k = 0; k < m; k++)
            r[i * m + k] = p[i * m + k] = 1 + (double)((first + i + k) % 7) / 7;
    double share = np > 1 ? (double)rank / (np - 1) : 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    dot(r, r, rr, local, n, m);
    long it = 0;
    for (; it < o.iters; it++) {
        compute(o.work * (1 + o.imbalance * share));
        matvec(p, q, n, m, rank, np);
        dot(p, q, pq, local, n, m);
        for (long i = 0; i < n; i++)
            for (long k = 0; k < m; k++) {
                double alpha = pq[k] != 0 ? rr[k] / pq[k] : 0;
                x[i * m + k] += alpha * p[i * m + k];
                r[i * m + k] -= alpha * q[i * m + k];
            }
        dot(r, r, rr_new, local, n, m);
        for (long i = 0; i < n; i++)
            for (long k = 0; k < m; k++)
                p[i * m + k] = r[i * m + k] + (rr[k] != 0 ? rr_new[k] / rr[k] : 0) * p[i * m + k];
        memcpy(rr, rr_new, sizeof(double) * (size_t)m);
    }
    double elapsed = MPI_Wtime() - t0;
    double xsum = 0, total = 0;
    for (long i = 0; i < n * m; i++)
        xsum += x[i];
    MPI_Reduce(&xsum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    int wrong = integer_checks(rank, np, it, o.rows), all_wrong = 0;
    MPI_Reduce(&wrong, &all_wrong, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("cg: %d ranks, %ld rows, %ld right-hand sides, %ld iterations\n", np, o.rows, m, it);
        for (long k = 0; k < m; k++)
            printf("cg: residual norm %ld: %.17g (%a)\n", k, sqrt(rr[k]), sqrt(rr[k]));
        printf("cg: solution sum: %.17g (%a)\n", total, total);
        printf("cg: integer checks: %s\n", all_wrong == 0 ? "ok" : "WRONG");
        printf("cg: loop %.9f s\n", elapsed);
    }
    free(x), free(r), free(p), free(q), free(rr), free(pq), free(rr_new), free(local);
    MPI_Finalize();
    return all_wrong == 0 ? 0 : 1;
}
