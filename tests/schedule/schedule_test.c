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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_util.h"
#include "expected.h"
#include "papsim_algorithms.h"
#include "trace.h"

#define SENTINEL 0xA5
#define MAX_REPORT 4 /* mismatch lines per rank and check */

static int rank, np;
static int passed, failed;
/* This rank's failure lines since the last flush_reports(), at most
 * REPORT_CAP bytes; rank 0 prints them all in rank order. */
#define REPORT_CAP 16384
static char report[REPORT_CAP];
static size_t report_len;
static int report_dropped;

/* A datatype of the test: where the ints of one element lie. */
typedef struct {
    const char *name;
    MPI_Datatype type;
    int ints;        /* ints per element */
    int int_off[2];  /* their byte offsets in the element */
    MPI_Aint extent;
    int size;
} test_type;

static void check(int ok, const char *label, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    char line[1400];
    const int n = snprintf(line, sizeof line, "FAIL np=%d rank %d %s: %s\n", np, rank, label, text);
    if (n > 0 && report_len + (size_t)n < REPORT_CAP - 100) { /* room for the tail line */
        memcpy(report + report_len, line, (size_t)n);
        report_len += (size_t)n;
    } else {
        report_dropped++;
    }
}

/* Collective: rank 0 prints every rank's failure lines, in rank order. */
static void flush_reports(void)
{
    if (report_dropped)
        report_len += (size_t)snprintf(report + report_len, REPORT_CAP - report_len,
                                       "FAIL np=%d rank %d: %d more failures not shown\n", np,
                                       rank, report_dropped);
    report_dropped = 0;
    int len = (int)report_len, *lens = NULL, *displs = NULL, total = 0;
    char *all = NULL;
    if (rank == 0) {
        lens = malloc((size_t)np * sizeof *lens);
        displs = malloc((size_t)np * sizeof *displs);
        if (!lens || !displs)
            MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < np; r++) {
            displs[r] = total;
            total += lens[r];
        }
        all = malloc((size_t)total + 1);
        if (!all)
            MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Gatherv(report, len, MPI_CHAR, all, lens, displs, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0 && total > 0) {
        fwrite(all, 1, (size_t)total, stdout);
        fflush(stdout);
    }
    report_len = 0;
    free(all);
    free(lens);
    free(displs);
}

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

/* ---- schedules ------------------------------------------------------------ */

/* The trace of this rank as a schedule; offsets from recvbuf, or from the
 * first buffer outside it (a scratch buffer). Returns the unexpected calls. */
static int trace_to_sched(const char *recvbuf, long long span, sched *got, const char *label)
{
    int n, unexpected = 0;
    const trace_event *ev = trace_events(&n);
    const char *scratch = NULL;
    memset(got, 0, sizeof *got);
    for (int i = 0; i < n; i++) {
        if (ev[i].kind == 'X') {
            check(0, label, "calls %s, which no schedule uses", ev[i].call);
            unexpected++;
            continue;
        }
        char buf = 'r';
        long long off = ev[i].addr - recvbuf;
        if (ev[i].addr < recvbuf || ev[i].addr > recvbuf + span) {
            if (!scratch)
                scratch = ev[i].addr;
            buf = 't';
            off = ev[i].addr - scratch;
        }
        sched_add(got, ev[i].kind, ev[i].step, ev[i].peer, ev[i].tag, ev[i].bytes, buf, off);
    }
    got->steps = trace_steps();
    return unexpected;
}

/* "b3", "b2..b3" or "t+24": what a message carries. */
static const char *what(const sched_msg *m, const sched_layout *L, char *text, size_t len)
{
    if (m->buf == 'r' && !L->counts && L->count > 0 && m->off % (L->count * L->extent) == 0 &&
        m->bytes % (L->count * L->size) == 0 && m->bytes > 0) {
        const long long first = m->off / (L->count * L->extent);
        const long long n = m->bytes / (L->count * L->size);
        if (n == 1)
            snprintf(text, len, "b%lld", first);
        else
            snprintf(text, len, "b%lld..b%lld", first, first + n - 1);
        return text;
    }
    if (m->buf == 'r' && L->counts)
        for (int b = 0; b < L->p; b++)
            if (layout_block_off(L, b) == m->off && layout_block_bytes(L, b) == m->bytes) {
                snprintf(text, len, "b%d", b);
                return text;
            }
    snprintf(text, len, "%c+%lld", m->buf, m->off);
    return text;
}

static const char *describe(const sched_msg *m, const sched_layout *L, char *text, size_t len)
{
    char w[64];
    snprintf(text, len, "step %d %s r%d %lld B %s tag %d", m->step,
             m->kind == 'S' ? "->" : "<-", m->peer, m->bytes, what(m, L, w, sizeof w), m->tag);
    return text;
}

static int same_msg(const sched_msg *a, const sched_msg *b)
{
    return a->step == b->step && a->peer == b->peer && a->tag == b->tag &&
           a->bytes == b->bytes && a->buf == b->buf && a->off == b->off;
}

/* Compares the sends, then the receives, in order; returns the mismatches. */
static int compare(const sched *got, const sched *want, const sched_layout *L, const char *label)
{
    int bad = 0;
    if (got->steps != want->steps) {
        check(0, label, "%d steps, want %d", got->steps, want->steps);
        bad++;
    }
    for (int pass = 0; pass < 2; pass++) {
        const char kind = pass ? 'R' : 'S';
        int i = 0, j = 0, reported = 0, count_got = 0, count_want = 0;
        char a[160], b[160];
        while (1) {
            while (i < got->n && got->v[i].kind != kind)
                i++;
            while (j < want->n && want->v[j].kind != kind)
                j++;
            if (i >= got->n && j >= want->n)
                break;
            if (i < got->n)
                count_got++;
            if (j < want->n)
                count_want++;
            const int mismatch = i >= got->n || j >= want->n || !same_msg(&got->v[i], &want->v[j]);
            if (mismatch) {
                bad++;
                if (reported++ < MAX_REPORT)
                    check(0, label, "%s #%d: got %s, want %s", kind == 'S' ? "send" : "receive",
                          (i < got->n ? count_got : count_want) - 1,
                          i < got->n ? describe(&got->v[i], L, a, sizeof a) : "nothing",
                          j < want->n ? describe(&want->v[j], L, b, sizeof b) : "nothing");
            }
            i += i < got->n;
            j += j < want->n;
        }
    }
    return bad;
}

static int ceil_log2(int p)
{
    int l = 0;
    while ((1 << l) < p)
        l++;
    return l;
}

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

/* The block ids of the kind-messages of one step, in order; returns how many. */
static int step_blocks(const sched *s, const sched_layout *L, int step, char kind, int *ids,
                       int max)
{
    int n = 0;
    const long long ext = (long long)L->count * L->extent;
    for (int i = 0; i < s->n; i++)
        if (s->v[i].step == step && s->v[i].kind == kind && n < max)
            ids[n++] = s->v[i].buf == 'r' && s->v[i].off % ext == 0 ? (int)(s->v[i].off / ext) : -1;
    return n;
}

static int list_is(const int *got, int n, const int *want, int m)
{
    return n == m && memcmp(got, want, (size_t)m * sizeof *got) == 0;
}

/* 1 if every send of the step goes to `to` and every receive comes from `from`. */
static int step_peers(const sched *s, int step, int to, int from)
{
    for (int i = 0; i < s->n; i++)
        if (s->v[i].step == step && s->v[i].peer != (s->v[i].kind == 'S' ? to : from))
            return 0;
    return 1;
}

/* The Sparbit properties implied by Algorithm 1 of Loch 2021 (closed forms
 * worked out from it), read off the trace of an allgather with blocks of one
 * element or more. */
static void sparbit_properties(const sched *got, const sched_layout *L, const char *label)
{
    const int p = L->p, r = L->rank, steps = ceil_log2(p);
    const long long blk = (long long)L->count * L->size, ext = (long long)L->count * L->extent;
    int bad = 0, sent = 0;
    char *seen = calloc((size_t)p, 1);
    if (!seen)
        MPI_Abort(MPI_COMM_WORLD, 2);
    if (got->steps != steps) {
        check(0, label, "sparbit: %d steps, want ceil(log2 %d) = %d", got->steps, p, steps);
        bad++;
    }
    for (int i = 0; i < steps && i < got->steps; i++) {
        const int d = 1 << (steps - 1 - i), n = ceil_div(p, d) - ceil_div(p, 2 * d);
        int sends = 0, recvs = 0;
        for (int k = 0; k < got->n; k++) {
            const sched_msg *m = &got->v[k];
            if (m->step != i)
                continue;
            const int want_peer = m->kind == 'S' ? (r + d) % p : (r - d + p) % p;
            if (m->peer != want_peer || m->bytes != blk || m->buf != 'r' || m->off % ext) {
                if (bad++ < MAX_REPORT)
                    check(0, label, "sparbit step %d (d=%d): a message with r%d, %lld B", i, d,
                          m->peer, m->bytes);
                continue;
            }
            if (m->kind == 'S') {
                sends++;
                continue;
            }
            recvs++;
            const long long b = m->off / ext;
            if ((b == r || seen[b]++) && bad++ < MAX_REPORT)
                check(0, label, "sparbit: block %lld received twice or is the own block", b);
        }
        if ((sends != n || recvs != n) && bad++ < MAX_REPORT)
            check(0, label, "sparbit step %d (d=%d): %d sends, %d receives, want %d", i, d, sends,
                  recvs, n);
        sent += sends;
    }
    if (sent != p - 1 && bad++ < MAX_REPORT)
        check(0, label, "sparbit: %d blocks sent, want p-1 = %d", sent, p - 1);
    if (!bad)
        passed++;

    /* Block lists worked out by hand from Algorithm 1 of Loch 2021. */
    int s_ids[64], r_ids[64], ns, nr;
    if (p == 5 && r == 0) {
        static const int s2[] = {0, 3}, r2[] = {4, 2}, r0[] = {1}, r1[] = {3};
        ns = step_blocks(got, L, 2, 'S', s_ids, 64);
        nr = step_blocks(got, L, 2, 'R', r_ids, 64);
        check(list_is(s_ids, ns, s2, 2) && list_is(r_ids, nr, r2, 2) && step_peers(got, 2, 1, 4),
              label, "sparbit p=5 rank 0 step 2: want blocks [0,3] to r1, [4,2] from r4");
        nr = step_blocks(got, L, 0, 'R', r_ids, 64);
        const int ok0 = list_is(r_ids, nr, r0, 1);
        nr = step_blocks(got, L, 1, 'R', r_ids, 64);
        check(ok0 && list_is(r_ids, nr, r1, 1), label,
              "sparbit p=5 rank 0: want block 1 at step 0 and block 3 at step 1");
    }
    if (p == 6 && r == 0) {
        static const int s2[] = {0, 4, 2}, r2[] = {5, 3, 1};
        ns = step_blocks(got, L, 2, 'S', s_ids, 64);
        nr = step_blocks(got, L, 2, 'R', r_ids, 64);
        check(list_is(s_ids, ns, s2, 3) && list_is(r_ids, nr, r2, 3), label,
              "sparbit p=6 rank 0 step 2: want blocks [0,4,2] sent, [5,3,1] received");
    }
    if (p == 21 || p == 31) { /* (d, blocks) per step, Sec. 3.4 */
        static const int t21[5][2] = {{16, 1}, {8, 1}, {4, 3}, {2, 5}, {1, 10}};
        static const int t31[5][2] = {{16, 1}, {8, 2}, {4, 4}, {2, 8}, {1, 15}};
        const int(*t)[2] = p == 21 ? t21 : t31;
        int ok = got->steps == 5;
        for (int i = 0; i < 5; i++) {
            ok &= step_blocks(got, L, i, 'S', s_ids, 64) == t[i][1];
            for (int k = 0; k < got->n; k++)
                if (got->v[k].step == i && got->v[k].kind == 'S')
                    ok &= got->v[k].peer == (r + t[i][0]) % p;
        }
        check(ok, label, "sparbit p=%d: (d, blocks) per step differ from Algorithm 1", p);
    }
    free(seen);
}

/* Compares this rank's trace with the expected schedule and the extra
 * properties of the algorithm. */
static void check_schedule(const char *coll, const char *algo, const sched_layout *L,
                           const char *recvbuf, long long span, const char *label, int bcast)
{
    sched got, want;
    if (trace_to_sched(recvbuf, span, &got, label) == 0)
        passed++;
    if (expected_schedule(coll, algo, L, &want) != 0) { /* noted once in main */
        sched_free(&got);
        return;
    }
    check(compare(&got, &want, L, label) == 0, label, "the trace differs from the schedule");
    sched_free(&want);
    if (!strcmp(algo, "sparbit") && !L->counts && L->count > 0)
        sparbit_properties(&got, L, label);
    if (!strcmp(algo, "sparbit") && bcast) {
        memset(&want, 0, sizeof want);
        expected_binomial_bcast(L, &want);
        check(compare(&got, &want, L, label) == 0, label,
              "the messages differ from a binomial broadcast from rank 0");
        sched_free(&want);
    }
    sched_free(&got);
}

/* Checks recvbuf against the reference image; returns 0 if equal. */
static void check_data(const char *recvbuf, const char *ref, long long span, const char *label)
{
    long long first = -1, wrong = 0;
    for (long long i = 0; i < span; i++)
        if (recvbuf[i] != ref[i]) {
            wrong++;
            if (first < 0)
                first = i;
        }
    check(wrong == 0, label, "%lld wrong bytes in recvbuf, the first at byte %lld", wrong, first);
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

    int mine[2] = {passed, failed}, sum[2];
    MPI_Reduce(mine, sum, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("np=%d: %d passed, %d failed\n", np, sum[0], sum[1]);
    MPI_Type_free(&holey);
    MPI_Type_free(&vec);
    int any = failed > 0, all;
    MPI_Allreduce(&any, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return all ? 1 : 0;
}
