#include "sparbit_props.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

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
void sparbit_properties(const sched *got, const sched_layout *L, const char *label)
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
        check_pass();

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
