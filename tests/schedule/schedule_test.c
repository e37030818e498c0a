/* papsim-schedule: checks who sends what to whom, step by step, in every
 * registered allgather and allgatherv algorithm, under a real MPI.
 *
 * usage: mpiexec -np N papsim-schedule [--only COLLECTIVE/ALGORITHM]
 *
 * Every algorithm runs on MPI_COMM_WORLD with small blocks of two datatypes
 * (MPI_INT, and a vector of 2 ints with holes, 16-byte extent, received from
 * plain ints), with and without MPI_IN_PLACE, and for allgatherv with four
 * distributions of block sizes. For each call every rank checks:
 *   - data: recvbuf equals the reference byte for byte, holes and gaps
 *     between blocks untouched;
 *   - schedule: its PMPI trace (trace.h) equals the expected schedule of
 *     expected.c: the same steps and, step by step and in order, the same
 *     sends and receives (peer, tag, bytes, offset in recvbuf or scratch);
 *   - for Sparbit, the properties that Algorithm 1 of W. J. Loch, "Sparbit: a
 *     new logarithmic-cost and data locality-aware MPI Allgather algorithm",
 *     Master's dissertation, Santa Catarina State University (UDESC),
 *     Joinville, Brazil, 2021, Ch. 4, implies, on the trace itself:
 *     ceil(log2 p) steps at distances halving from 2^(ceil(log2 p)-1),
 *     ceil(p/d)-ceil(p/2d) blocks at distance d, p-1 blocks sent, every block received once, and
 *     the worked block lists of p = 5, 6, 21, 31;
 *   - for allgatherv Sparbit with only rank 0 holding data: the messages are
 *     exactly those of a binomial-tree broadcast from rank 0;
 *   - an algorithm whose np restriction fails returns an error and sends
 *     nothing.
 * After each algorithm rank 0 prints the mismatches of every rank, in rank
 * order; it ends with "np=N: N passed, N failed" (summed over ranks);
 * the exit status is 1 on any failure. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_util.h"
#include "compare.h"
#include "expected.h"
#include "papsim_algorithms.h"
#include "report.h"
#include "trace.h"

#define SENTINEL 0xA5
#define MAX_REPORT 4 /* mismatch lines per rank and check */

static int rank, np;

/* A datatype of the test: where the ints of one element lie. */
typedef struct {
    const char *name;
    MPI_Datatype type;
    int ints;        /* ints per element */
    int int_off[2];  /* their byte offsets in the element */
    MPI_Aint extent;
    int size;
} test_type;

static int value(int block, int k) { return 1 + block * 1000 + k; }

/* Writes block b (n elements at byte offset off) of the reference into buf. */
static void put_block(char *buf, long long off, int n, const test_type *T, int b)
{
    for (int e = 0, k = 0; e < n; e++)
        for (int i = 0; i < T->ints; i++, k++) {
            const int v = value(b, k);
            memcpy(buf + off + e * T->extent + T->int_off[i], &v, sizeof v);
        }
}

/* ---- the runs ---------------------------------------------------------- */

static void run_allgather(const char *algo, papsim_allgather_fn *fn, const test_type *T,
                          int count, int in_place)
{
    char label[160];
    snprintf(label, sizeof label, "allgather/%s %s count=%d%s", algo, T->name, count,
             in_place ? " in-place" : "");
    const long long span = (long long)np * count * T->extent;
    char *recv = malloc((size_t)span + 1), *ref = malloc((size_t)span + 1);
    int *send = malloc((size_t)count * T->ints * sizeof *send + 1);
    if (!recv || !ref || !send) {
        fprintf(stderr, "out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    memset(recv, SENTINEL, (size_t)span);
    memset(ref, SENTINEL, (size_t)span);
    for (int b = 0; b < np; b++)
        put_block(ref, (long long)b * count * T->extent, count, T, b);
    for (int k = 0; k < count * T->ints; k++)
        send[k] = value(rank, k);
    if (in_place)
        put_block(recv, (long long)rank * count * T->extent, count, T, rank);

    MPI_Barrier(MPI_COMM_WORLD);
    trace_start();
    int rc = fn(in_place ? MPI_IN_PLACE : send, count * T->ints, MPI_INT, recv, count, T->type,
                MPI_COMM_WORLD, &(papsim_params){0});
    trace_stop();
    check(rc == MPI_SUCCESS, label, "returned error %d", rc);
    check_data(recv, ref, span, label);
    const sched_layout L = {np, rank, count, NULL, NULL, T->size, T->extent, PAPSIM_TAG_ALLGATHER};
    check_schedule("allgather", algo, &L, recv, span, label, 0);
    free(recv);
    free(ref);
    free(send);
}

/* The block sizes of an allgatherv distribution, in elements, and the
 * displacements; returns the span of recvbuf in elements. */
static int distribution(const char *name, int *counts, int *displs)
{
    int total = 0;
    for (int b = 0; b < np; b++) {
        if (!strcmp(name, "uneven"))
            counts[b] = (3 * b + 1) % 5; /* 1 4 2 0 3 1 4 2 0 ...: zeros included */
        else if (!strcmp(name, "bcast"))
            counts[b] = b == 0 ? 3 : 0;  /* Broadcast of Loch 2021, Sec. 6.1.3: only rank 0 */
        else if (!strcmp(name, "equal"))
            counts[b] = 2;
        else
            counts[b] = 0;
    }
    if (!strcmp(name, "uneven")) {
        /* Blocks in reverse rank order with a one-element gap after each. */
        for (int b = np - 1; b >= 0; b--) {
            displs[b] = total;
            total += counts[b] + 1;
        }
        return total;
    }
    for (int b = 0; b < np; b++) {
        displs[b] = total;
        total += counts[b];
    }
    return total;
}

static void run_allgatherv(const char *algo, papsim_allgatherv_fn *fn, const test_type *T,
                           const char *dist, int in_place)
{
    char label[160];
    snprintf(label, sizeof label, "allgatherv/%s %s %s%s", algo, T->name, dist,
             in_place ? " in-place" : "");
    int *counts = malloc((size_t)np * sizeof *counts);
    int *displs = malloc((size_t)np * sizeof *displs);
    if (!counts || !displs) {
        fprintf(stderr, "out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const long long span = (long long)distribution(dist, counts, displs) * T->extent;
    const int mine = counts[rank];
    char *recv = malloc((size_t)span + 1), *ref = malloc((size_t)span + 1);
    int *send = malloc((size_t)mine * T->ints * sizeof *send + 1);
    if (!recv || !ref || !send) {
        fprintf(stderr, "out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    memset(recv, SENTINEL, (size_t)span + 1);
    memset(ref, SENTINEL, (size_t)span + 1);
    for (int b = 0; b < np; b++)
        put_block(ref, (long long)displs[b] * T->extent, counts[b], T, b);
    for (int k = 0; k < mine * T->ints; k++)
        send[k] = value(rank, k);
    if (in_place)
        put_block(recv, (long long)displs[rank] * T->extent, mine, T, rank);

    MPI_Barrier(MPI_COMM_WORLD);
    trace_start();
    int rc = fn(in_place ? MPI_IN_PLACE : send, mine * T->ints, MPI_INT, recv, counts, displs,
                T->type, MPI_COMM_WORLD, &(papsim_params){0});
    trace_stop();
    check(rc == MPI_SUCCESS, label, "returned error %d", rc);
    check_data(recv, ref, span, label);
    const sched_layout L = {np, rank, 0, counts, displs, T->size, T->extent, PAPSIM_TAG_ALLGATHERV};
    check_schedule("allgatherv", algo, &L, recv, span, label, !strcmp(dist, "bcast"));
    free(recv);
    free(ref);
    free(send);
    free(counts);
    free(displs);
}

/* A restricted algorithm at an np it does not support: an error, no message. */
static void run_refused(const char *coll, const char *algo)
{
    char label[160];
    snprintf(label, sizeof label, "%s/%s refused", coll, algo);
    int recv[1] = {0}, send[1] = {1}, n, rc;
    int *zeros = calloc((size_t)np, sizeof *zeros); /* counts and displs */
    trace_start();
    if (!strcmp(coll, "allgather"))
        rc = papsim_allgather_lookup(algo)(send, 1, MPI_INT, recv, 1, MPI_INT, MPI_COMM_WORLD,
                                           &(papsim_params){0});
    else
        rc = papsim_allgatherv_lookup(algo)(send, 0, MPI_INT, recv, zeros, zeros, MPI_INT,
                                            MPI_COMM_WORLD, &(papsim_params){0});
    trace_stop();
    free(zeros);
    trace_events(&n);
    check(rc != MPI_SUCCESS && n == 0, label, "returned %d after %d calls at np=%d", rc, n, np);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    report_init(rank, np);
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else {
            if (rank == 0)
                fprintf(stderr, "usage: papsim-schedule [--only COLLECTIVE/ALGORITHM]\n");
            MPI_Finalize();
            return 2;
        }
    }

    MPI_Datatype vec, holey;
    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    MPI_Type_create_resized(vec, 0, 16, &holey);
    MPI_Type_commit(&holey);
    test_type types[2] = {
        {"int", MPI_INT, 1, {0, 0}, 0, 0},
        {"vec", holey, 2, {0, 8}, 0, 0},
    };
    for (int t = 0; t < 2; t++) {
        MPI_Aint lb;
        MPI_Type_get_extent(types[t].type, &lb, &types[t].extent);
        MPI_Type_size(types[t].type, &types[t].size);
    }

    static const char *const dists[] = {"uneven", "bcast", "equal", "zeros"};
    for (size_t e = 0; e < papsim_catalog_size; e++) {
        const papsim_catalog_entry *entry = &papsim_catalog[e];
        const int gather = !strcmp(entry->collective, "allgather");
        if (!gather && strcmp(entry->collective, "allgatherv"))
            continue;
        char full[128], why[256];
        snprintf(full, sizeof full, "%s/%s", entry->collective, entry->name);
        if (only && strcmp(only, full))
            continue;
        if (papsim_catalog_check_np(entry, np, why, sizeof why) != 0) {
            run_refused(entry->collective, entry->name);
            flush_reports();
            continue;
        }
        sched probe;
        const sched_layout any = {np, rank, 1, NULL, NULL, 4, 4, 0};
        if (expected_schedule(entry->collective, entry->name, &any, &probe) != 0 && rank == 0)
            printf("note: no expected schedule for %s; its data are checked only\n", full);
        sched_free(&probe);
        for (int in_place = 0; in_place < 2; in_place++) {
            if (in_place && (entry->flags & PAPSIM_R_NO_IN_PLACE))
                continue;
            if (gather) {
                papsim_allgather_fn *fn = papsim_allgather_lookup(entry->name);
                run_allgather(entry->name, fn, &types[0], 3, in_place);
                run_allgather(entry->name, fn, &types[1], 2, in_place);
                run_allgather(entry->name, fn, &types[0], 0, in_place);
            } else {
                papsim_allgatherv_fn *fn = papsim_allgatherv_lookup(entry->name);
                for (size_t d = 0; d < sizeof dists / sizeof dists[0]; d++)
                    for (int t = 0; t < 2; t++)
                        run_allgatherv(entry->name, fn, &types[t], dists[d], in_place);
            }
        }
        flush_reports();
    }

    int mine[2] = {report_passed(), report_failed()}, sum[2];
    MPI_Reduce(mine, sum, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("np=%d: %d passed, %d failed\n", np, sum[0], sum[1]);
    MPI_Type_free(&holey);
    MPI_Type_free(&vec);
    int any = report_failed() > 0, all;
    MPI_Allreduce(&any, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return all ? 1 : 0;
}
