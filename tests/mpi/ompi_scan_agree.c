/* papsim-scan-agree: does the MPI library's own MPI_Scan or MPI_Exscan give
 * exactly what papsim's algorithm of that name gives? Run by cli.tune under
 * Open MPI 4.1 with a rules file that makes the tuned component run one of
 * its algorithms (ids 1 linear and 2 recursive_doubling; which one ran, the
 * preloaded ompi_algorithm_probe.so says): the result of the library's call
 * must be bit for bit papsim's algorithm named on the command line, on every
 * rank (exscan: rank 0's result is undefined, not compared), for
 *   - double sum, with inputs of mixed magnitudes, so that a different
 *     association of the terms changes the last bits: the linear chain
 *     ((x_0 + x_1) + x_2) + x_3 and recursive doubling's
 *     (x_0 + x_1) + (x_2 + x_3) round differently;
 *   - a non-commutative op made with MPI_Op_create(commute = 0), the
 *     composition of affine maps x -> a x + b mod 2^32 (an element is two
 *     unsigned ints), which any order but rank order gets wrong.
 * It also counts the ranks at which each other papsim algorithm of the
 * collective gives another double sum than the library: when that is 0 for
 * every other algorithm the comparison tells nothing apart, and cli.tune
 * says so.
 *
 *   papsim-scan-agree scan|exscan ALGORITHM COUNT
 *
 * Prints on rank 0 "<collective>: MPI_<Collective> equals papsim
 * ALGORITHM (double sum, affine) at every rank" and one line per other
 * algorithm, "<name> differs at K ranks (double sum)"; exit 0, or 1 with the
 * first rank and element that differ, 2 on bad arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "papsim_algorithms.h"
#include "papsim_catalog.h"

typedef struct {
    unsigned a, b;
} map; /* x -> a x + b mod 2^32 */

static void compose(void *in, void *inout, int *len, MPI_Datatype *type)
{
    const map *l = in;
    map *r = inout;
    (void)type;
    for (int i = 0; i < *len; i++) /* l then r: x -> r(l(x)) */
        r[i] = (map){l[i].a * r[i].a, r[i].a * l[i].b + r[i].b};
}

/* Deterministic inputs: doubles from 1e-3 to 1e3 with varied last bits,
 * maps with odd a. */
static double double_in(int rank, int i)
{
    unsigned h = (unsigned)rank * 2654435761u ^ (unsigned)i * 40503u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return ldexp(1.0 + (double)(h % 1000003u) / 1000003.0, (int)(h % 21u) - 10) / 3.0;
}

static map map_in(int rank, int i)
{
    return (map){2u * (unsigned)(rank + i) + 3u, 7u * (unsigned)rank + (unsigned)i + 1u};
}

/* One call: the library's (name NULL) or papsim's algorithm name. */
static int run(const char *collective, const char *name, const void *in, void *out, int count,
               MPI_Datatype type, MPI_Op op)
{
    const papsim_params params = PAPSIM_PARAMS_INIT;
    const int exclusive = strcmp(collective, "exscan") == 0;
    if (!name)
        return exclusive ? MPI_Exscan(in, out, count, type, op, MPI_COMM_WORLD)
                         : MPI_Scan(in, out, count, type, op, MPI_COMM_WORLD);
    return exclusive ? papsim_exscan_lookup(name)(in, out, count, type, op, MPI_COMM_WORLD, &params)
                     : papsim_scan_lookup(name)(in, out, count, type, op, MPI_COMM_WORLD, &params);
}

/* Index of the first element where a and b differ (elem bytes each), -1. */
static int first_difference(const void *a, const void *b, int count, size_t elem)
{
    for (int i = 0; i < count; i++)
        if (memcmp((const char *)a + (size_t)i * elem, (const char *)b + (size_t)i * elem, elem))
            return i;
    return -1;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, np, status = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    const char *collective = argc == 4 ? argv[1] : "";
    const char *name = argc == 4 ? argv[2] : "";
    const int count = argc == 4 ? atoi(argv[3]) : 0;
    const int exclusive = strcmp(collective, "exscan") == 0;
    const papsim_catalog_entry *entry =
        exclusive || strcmp(collective, "scan") == 0 ? papsim_catalog_find(collective, name) : NULL;
    if (!entry || count < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: papsim-scan-agree scan|exscan ALGORITHM COUNT (COUNT >= 1; "
                            "ALGORITHM one of papsim list's for the collective)\n");
        MPI_Finalize();
        return 2;
    }
    const size_t n = (size_t)count;
    double *din = malloc(n * sizeof *din), *dlib = malloc(n * sizeof *dlib),
           *dmine = malloc(n * sizeof *dmine);
    map *min = malloc(n * sizeof *min), *mlib = malloc(n * sizeof *mlib),
        *mmine = malloc(n * sizeof *mmine);
    int ok = din && dlib && dmine && min && mlib && mmine, all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all_ok) {
        if (rank == 0)
            fprintf(stderr, "papsim-scan-agree: out of memory for %d elements; give a smaller "
                            "COUNT\n", count);
        status = 2;
        goto out;
    }
    MPI_Datatype map_type;
    MPI_Op affine;
    MPI_Type_contiguous(2, MPI_UNSIGNED, &map_type);
    MPI_Type_commit(&map_type);
    MPI_Op_create(compose, 0, &affine);
    for (int i = 0; i < count; i++) {
        din[i] = double_in(rank, i);
        min[i] = map_in(rank, i);
    }
    const int compared = !exclusive || rank > 0; /* exscan's rank 0: undefined */
    int rc = run(collective, NULL, din, dlib, count, MPI_DOUBLE, MPI_SUM);
    rc |= run(collective, name, din, dmine, count, MPI_DOUBLE, MPI_SUM);
    rc |= run(collective, NULL, min, mlib, count, map_type, affine);
    rc |= run(collective, name, min, mmine, count, map_type, affine);
    int dd = compared ? first_difference(dlib, dmine, count, sizeof *dlib) : -1;
    int md = compared ? first_difference(mlib, mmine, count, sizeof *mlib) : -1;
    if (rc != MPI_SUCCESS || dd >= 0 || md >= 0) {
        fprintf(stderr, "rank %d: %s", rank, rc != MPI_SUCCESS ? "a call failed" : "");
        if (dd >= 0)
            fprintf(stderr, "double sum element %d: MPI %.17g, papsim %s %.17g ", dd, dlib[dd],
                    name, dmine[dd]);
        if (md >= 0)
            fprintf(stderr, "affine element %d: MPI (%u, %u), papsim %s (%u, %u)", md,
                    mlib[md].a, mlib[md].b, name, mmine[md].a, mmine[md].b);
        fputc('\n', stderr);
        status = 1;
    }
    int worst = 0;
    MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    status = worst;
    if (rank == 0 && status == 0)
        printf("%s: MPI_%s equals papsim %s (double sum, affine) at every rank\n", collective,
               exclusive ? "Exscan" : "Scan", name);
    for (size_t i = 0; i < papsim_catalog_size && status == 0; i++) {
        const papsim_catalog_entry *e = &papsim_catalog[i];
        if (strcmp(e->collective, collective) != 0 || strcmp(e->name, name) == 0)
            continue;
        int differs = 0, ranks = 0;
        if (run(collective, e->name, din, dmine, count, MPI_DOUBLE, MPI_SUM) != MPI_SUCCESS)
            status = 1;
        differs = compared && first_difference(dlib, dmine, count, sizeof *dlib) >= 0;
        MPI_Allreduce(&differs, &ranks, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        if (rank == 0)
            printf("%s differs at %d ranks (double sum)\n", e->name, ranks);
    }
    MPI_Op_free(&affine);
    MPI_Type_free(&map_type);
out:
    free(din);
    free(dlib);
    free(dmine);
    free(min);
    free(mlib);
    free(mmine);
    MPI_Finalize();
    return status;
}
