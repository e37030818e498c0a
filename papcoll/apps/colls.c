/* colls: known-answer checks of MPI_Gather, MPI_Scatter, MPI_Gatherv,
 * MPI_Scatterv, MPI_Alltoallv, MPI_Scan and MPI_Exscan, for libpapcoll's
 * test (tests/cli/papcoll.sh): every rank compares every element it
 * receives with the value it must be, whichever library (papsim's
 * algorithms or the MPI library's own) ran the call.
 *
 * Per repetition (--reps, default 2), on MPI_COMM_WORLD:
 *   gather     1 int per rank to the last rank; 16 ints, MPI_IN_PLACE at the root
 *              (whose send count, ignored, is 0)
 *   scatter    1 int per rank from rank 1 (mod np); 16 ints, MPI_IN_PLACE at the root
 *              (whose receive count, ignored, is 0)
 *   gatherv    r ints from rank r (rank 0's block empty) to rank 0, the
 *              blocks in reverse rank order with one untouched int between
 *   scatterv   r + 1 ints to rank r from the last rank, laid out alike
 *   alltoallv  (r + j) mod 3 ints from rank r to rank j
 *   scan       a sum of 1 long (8 bytes); a composition of affine maps
 *              x -> a x + b (2 longs, 16 bytes, MPI_IN_PLACE), a
 *              non-commutative op: the operand order is checked too
 *   exscan     the same two
 * With --intercomm: once each, gather, scatter, gatherv, scatterv and
 * alltoallv on an inter-communicator between the lower and the upper half
 * of the ranks (the lower half's first rank the root), instead.
 *
 * usage: colls [--reps N] [--intercomm]
 * Prints on rank 0 one line per collective, "colls: gather ok" or "colls:
 * gather FAILED (N wrong values)", and exits 1 when a check failed. Keeps no
 * global state, so SMPI can run it with -no-privatize. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GATHER, SCATTER, GATHERV, SCATTERV, ALLTOALLV, SCAN, EXSCAN, NCOLLS };
enum { BLOCK = 16, UNTOUCHED = -1 };
#define MODULUS 1000003L

static const char *const coll_names[NCOLLS] = {
    "gather", "scatter", "gatherv", "scatterv", "alltoallv", "scan", "exscan",
};

/* The affine map x -> a x + b modulo MODULUS, as two longs. */
typedef struct {
    long a, b;
} affine;

/* "in, then inout" (in is the lower ranks' operand, the left one in MPI):
 * inout(in(x)) = inout.a (in.a x + in.b) + inout.b. Associative, and not
 * commutative. */
static void affine_then(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const affine *u = in;
    affine *v = inout;
    for (int i = 0; i < *len; i++) {
        affine w = {v[i].a * u[i].a % MODULUS, (v[i].a * u[i].b + v[i].b) % MODULUS};
        v[i] = w;
    }
}

static affine map_of(int rank, int rep)
{
    return (affine){rank + 2 + rep, 3L * rank + 1};
}

/* Counts the ints of got that differ from want. */
static int wrong(const int *got, const int *want, int n)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += got[i] != want[i];
    return bad;
}

/* Lays out n blocks of counts[i] ints in reverse rank order with one
 * untouched int before each: fills displs, returns the ints needed. */
static int reverse_layout(const int *counts, int n, int *displs)
{
    int pos = 0;
    for (int i = n - 1; i >= 0; i--) {
        displs[i] = pos + 1;
        pos = displs[i] + counts[i];
    }
    return pos;
}

/* The world rank's checks of one repetition on MPI_COMM_WORLD into bad[]. */
static int intra(int rank, int np, int rep, MPI_Datatype affine_type, MPI_Op then, int *bad)
{
    int rc = -1, total, recv_total = 0, send_total = 0;
    int *counts = malloc(sizeof(int) * (size_t)np), *displs = malloc(sizeof(int) * (size_t)np);
    int *rcounts = malloc(sizeof(int) * (size_t)np), *rdispls = malloc(sizeof(int) * (size_t)np);
    int *buf = malloc(sizeof(int) * (size_t)(np * (BLOCK + np + 3) + 1));
    int *want = malloc(sizeof(int) * (size_t)(np * (BLOCK + np + 3) + 1));
    int mine[BLOCK];
    if (!counts || !displs || !rcounts || !rdispls || !buf || !want)
        goto done;

    /* gather: 1 int, then BLOCK ints in place at the root (the last rank) */
    int root = np - 1;
    mine[0] = 1000 * rank + rep;
    MPI_Gather(mine, 1, MPI_INT, buf, 1, MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < np; i++)
        want[i] = 1000 * i + rep;
    if (rank == root)
        bad[GATHER] += wrong(buf, want, np);
    for (int k = 0; k < BLOCK; k++)
        mine[k] = 1000 * rank + k + rep;
    if (rank == root)
        memcpy(buf + (size_t)root * BLOCK, mine, sizeof mine);
    MPI_Gather(rank == root ? MPI_IN_PLACE : mine, rank == root ? 0 : BLOCK, MPI_INT, buf, BLOCK,
               MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < np; i++)
        for (int k = 0; k < BLOCK; k++)
            want[i * BLOCK + k] = 1000 * i + k + rep;
    if (rank == root)
        bad[GATHER] += wrong(buf, want, np * BLOCK);

    /* scatter: 1 int, then BLOCK ints in place at the root (rank 1 mod np) */
    root = 1 % np;
    for (int i = 0; i < np * BLOCK; i++)
        buf[i] = 7 * i + rep;
    MPI_Scatter(buf, 1, MPI_INT, mine, 1, MPI_INT, root, MPI_COMM_WORLD);
    want[0] = 7 * rank + rep;
    bad[SCATTER] += wrong(mine, want, 1);
    MPI_Scatter(buf, BLOCK, MPI_INT, rank == root ? MPI_IN_PLACE : mine, rank == root ? 0 : BLOCK,
                MPI_INT, root, MPI_COMM_WORLD);
    for (int k = 0; k < BLOCK; k++)
        want[k] = 7 * (rank * BLOCK + k) + rep;
    if (rank != root)
        bad[SCATTER] += wrong(mine, want, BLOCK);

    /* gatherv: r ints from rank r to rank 0, reverse order, gaps untouched */
    for (int i = 0; i < np; i++)
        counts[i] = i;
    total = reverse_layout(counts, np, displs);
    for (int i = 0; i < total; i++)
        buf[i] = want[i] = UNTOUCHED;
    for (int i = 0; i < np; i++)
        for (int k = 0; k < counts[i]; k++)
            want[displs[i] + k] = 100 * i + k + rep;
    for (int k = 0; k < rank; k++)
        mine[k] = 100 * rank + k + rep;
    MPI_Gatherv(mine, rank, MPI_INT, buf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        bad[GATHERV] += wrong(buf, want, total);

    /* scatterv: r + 1 ints to rank r from the last rank, laid out alike */
    root = np - 1;
    for (int i = 0; i < np; i++)
        counts[i] = i + 1;
    total = reverse_layout(counts, np, displs);
    for (int i = 0; i < total; i++)
        buf[i] = 11 * i + rep;
    for (int k = 0; k <= rank; k++)
        want[k] = 11 * (displs[rank] + k) + rep;
    memset(mine, 0, sizeof mine);
    MPI_Scatterv(buf, counts, displs, MPI_INT, mine, rank + 1, MPI_INT, root, MPI_COMM_WORLD);
    bad[SCATTERV] += wrong(mine, want, rank + 1);

    /* alltoallv: (r + j) mod 3 ints from rank r to rank j; the sends packed
     * in reverse order, the receives forward with an untouched int before
     * each block */
    for (int j = np - 1; j >= 0; j--) {
        counts[j] = (rank + j) % 3;
        displs[j] = send_total;
        send_total += counts[j];
    }
    for (int i = 0; i < np; i++) {
        rcounts[i] = (i + rank) % 3;
        rdispls[i] = recv_total + 1;
        recv_total = rdispls[i] + rcounts[i];
    }
    int *sendv = want + recv_total; /* want holds the expected receives first */
    for (int j = 0; j < np; j++)
        for (int k = 0; k < counts[j]; k++)
            sendv[displs[j] + k] = 10000 * rank + 100 * j + k + rep;
    for (int i = 0; i < recv_total; i++)
        buf[i] = want[i] = UNTOUCHED;
    for (int i = 0; i < np; i++)
        for (int k = 0; k < rcounts[i]; k++)
            want[rdispls[i] + k] = 10000 * i + 100 * rank + k + rep;
    MPI_Alltoallv(sendv, counts, displs, MPI_INT, buf, rcounts, rdispls, MPI_INT,
                  MPI_COMM_WORLD);
    bad[ALLTOALLV] += wrong(buf, want, recv_total);

    /* scan and exscan: a sum of one long, then the affine maps in place */
    long x = rank + 1 + rep, inclusive = 0, exclusive = -1, sum = 0;
    affine fold = map_of(0, rep), prefix = fold, map;
    for (int i = 0; i <= rank; i++) {
        sum += i + 1 + rep;
        if (i > 0) {
            prefix = fold; /* the exclusive prefix: maps 0 .. i-1 */
            affine next = map_of(i, rep);
            int one = 1;
            affine_then(&prefix, &next, &one, NULL);
            fold = next;
        }
    }
    MPI_Scan(&x, &inclusive, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    bad[SCAN] += inclusive != sum;
    map = map_of(rank, rep);
    MPI_Scan(MPI_IN_PLACE, &map, 1, affine_type, then, MPI_COMM_WORLD);
    bad[SCAN] += map.a != fold.a || map.b != fold.b;
    MPI_Exscan(&x, &exclusive, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    bad[EXSCAN] += rank > 0 && exclusive != sum - x; /* rank 0's is undefined */
    map = map_of(rank, rep);
    MPI_Exscan(MPI_IN_PLACE, &map, 1, affine_type, then, MPI_COMM_WORLD);
    bad[EXSCAN] += rank > 0 && (map.a != prefix.a || map.b != prefix.b);
    rc = 0;
done:
    free(counts);
    free(displs);
    free(rcounts);
    free(rdispls);
    free(buf);
    free(want);
    return rc;
}

/* The checks on an inter-communicator: the lower half's first rank is the
 * root of gather, scatter, gatherv and scatterv; the upper half sends or
 * receives local rank + 1 ints (1 for gather and scatter). */
static int inter(int rank, int np, int *bad)
{
    int rc = -1, low = rank < np / 2, lrank, rsize, side;
    MPI_Comm half = MPI_COMM_NULL, ic = MPI_COMM_NULL;
    int *buf = NULL, *want = NULL, *counts = NULL, *displs = NULL, *ones = NULL;
    if (np < 2 || MPI_Comm_split(MPI_COMM_WORLD, low, rank, &half) != MPI_SUCCESS ||
        MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, low ? np / 2 : 0, 77, &ic) != MPI_SUCCESS)
        goto done;
    MPI_Comm_rank(half, &lrank);
    MPI_Comm_remote_size(ic, &rsize);
    side = low ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
    size_t n = (size_t)np * (size_t)(np + 1); /* the blocks of either half */
    buf = malloc(sizeof(int) * n);
    want = malloc(sizeof(int) * n);
    counts = malloc(sizeof(int) * (size_t)rsize);
    displs = malloc(sizeof(int) * (size_t)rsize);
    ones = malloc(sizeof(int) * (size_t)rsize);
    if (!buf || !want || !counts || !displs || !ones)
        goto done;
    for (int i = 0; i < rsize; i++) {
        counts[i] = i + 1;
        displs[i] = i * (i + 1) / 2;
        ones[i] = 1;
    }
    int is_root = side == MPI_ROOT, sender = !low, mine[64];
    for (int k = 0; k <= lrank && k < 64; k++)
        mine[k] = 1000 * lrank + k;
    for (int i = 0; i < np; i++)
        for (int k = 0; k <= i; k++)
            want[i * (i + 1) / 2 + k] = 1000 * i + k;

    MPI_Gather(mine, 1, MPI_INT, buf, 1, MPI_INT, side, ic);
    if (is_root)
        for (int i = 0; i < rsize; i++)
            bad[GATHER] += buf[i] != 1000 * i;
    MPI_Gatherv(mine, lrank + 1, MPI_INT, buf, counts, displs, MPI_INT, side, ic);
    if (is_root)
        bad[GATHERV] += wrong(buf, want, displs[rsize - 1] + rsize);

    for (int i = 0; i < rsize; i++)
        buf[i] = 1000 * i;
    MPI_Scatter(buf, 1, MPI_INT, mine, 1, MPI_INT, side, ic);
    if (sender)
        bad[SCATTER] += mine[0] != 1000 * lrank;
    MPI_Scatterv(want, counts, displs, MPI_INT, mine, lrank + 1, MPI_INT, side, ic);
    if (sender)
        bad[SCATTERV] += wrong(mine, want + lrank * (lrank + 1) / 2, lrank + 1);

    /* alltoallv: 1 int to each remote rank, 100 * (sender's world rank) + j */
    for (int j = 0; j < rsize; j++) {
        want[j] = 100 * rank + j;
        displs[j] = j;
    }
    MPI_Alltoallv(want, ones, displs, MPI_INT, buf, ones, displs, MPI_INT, ic);
    for (int i = 0; i < rsize; i++) /* remote local rank i is world rank i (+ np/2) */
        bad[ALLTOALLV] += buf[i] != 100 * (i + (low ? np / 2 : 0)) + lrank;
    rc = 0;
done:
    if (ic != MPI_COMM_NULL)
        MPI_Comm_free(&ic);
    if (half != MPI_COMM_NULL)
        MPI_Comm_free(&half);
    free(buf);
    free(want);
    free(counts);
    free(displs);
    free(ones);
    return rc;
}

int main(int argc, char **argv)
{
    int rank, np, reps = 2, intercomm = 0, bad[NCOLLS] = {0}, sum[NCOLLS] = {0}, failed = 0;
    MPI_Datatype affine_type;
    MPI_Op then;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int usage = np > BLOCK; /* mine[] holds up to BLOCK ints */
    for (int i = 1; i < argc && !usage; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            usage = (reps = atoi(argv[++i])) < 1;
        else if (!strcmp(argv[i], "--intercomm"))
            intercomm = 1;
        else
            usage = 1;
    }
    if (usage) {
        if (rank == 0)
            fprintf(stderr, "usage: colls [--reps N (>= 1)] [--intercomm], np <= %d\n", BLOCK);
        MPI_Finalize();
        return 2;
    }
    MPI_Type_contiguous(2, MPI_LONG, &affine_type);
    MPI_Type_commit(&affine_type);
    MPI_Op_create(affine_then, 0, &then);
    int rc = 0;
    if (intercomm)
        rc = inter(rank, np, bad);
    for (int rep = 0; !intercomm && rep < reps && rc == 0; rep++)
        rc = intra(rank, np, rep, affine_type, then, bad);
    if (rc != 0) {
        fprintf(stderr, "colls: rank %d: out of memory, or no inter-communicator\n", rank);
        bad[GATHER] += 1000000;
    }
    MPI_Reduce(bad, sum, NCOLLS, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    for (int c = 0; c < (intercomm ? SCAN : NCOLLS) && rank == 0; c++) {
        if (sum[c] == 0)
            printf("colls: %s ok\n", coll_names[c]);
        else
            printf("colls: %s FAILED (%d wrong values)\n", coll_names[c], sum[c]);
        failed |= sum[c] != 0;
    }
    MPI_Op_free(&then);
    MPI_Type_free(&affine_type);
    MPI_Finalize();
    return failed;
}
