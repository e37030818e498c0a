/* mpich-allreduce-sizes BYTES...: one MPI_Allreduce (MPI_SUM over
 * MPI_UNSIGNED_CHAR, so that a count is a byte count) per argument, each
 * rank contributing its rank + 1 in every byte; exits 1 when a result is
 * not p(p+1)/2 mod 256 everywhere. cli.tune_mpich runs it with
 * mpich_algorithm_probe.so preloaded. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size, bad = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i < argc && !bad; i++) {
        long n = strtol(argv[i], NULL, 10);
        unsigned char *in = malloc(n > 0 ? (size_t)n : 1), *out = malloc(n > 0 ? (size_t)n : 1);
        if (n <= 0 || n > (1L << 24) || !in || !out) {
            bad = 1;
        } else {
            memset(in, rank + 1, (size_t)n);
            MPI_Allreduce(in, out, (int)n, MPI_UNSIGNED_CHAR, MPI_SUM, MPI_COMM_WORLD);
            for (long j = 0; j < n; j++)
                bad |= out[j] != (unsigned char)(size * (size + 1) / 2);
        }
        free(in);
        free(out);
    }
    if (bad)
        fprintf(stderr, "rank %d: wrong result or bad size\n", rank);
    MPI_Finalize();
    return bad;
}
