/* Expected schedules (see expected.h). Every rule below is written from the
 * description of the algorithm in Loch 2021 (see expected.h), per rank. */
#include "expected.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sched_add(sched *s, char kind, int step, int peer, int tag, long long bytes, char buf,
               long long off)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->v = realloc(s->v, (size_t)s->cap * sizeof *s->v);
        if (!s->v) {
            fprintf(stderr, "expected: out of memory\n");
            abort();
        }
    }
    s->v[s->n++] = (sched_msg){kind, step, peer, tag, bytes, buf, off};
}

void sched_finish(sched *s)
{
    int next = 0;
    for (int i = 0; i < s->n; i++) { /* raw steps are appended in ascending order */
        const int raw = s->v[i].step;
        s->v[i].step = next;
        if (i + 1 == s->n || s->v[i + 1].step != raw)
            next++;
    }
    s->steps = next;
}

void sched_free(sched *s)
{
    free(s->v);
    memset(s, 0, sizeof *s);
}

long long layout_block_bytes(const sched_layout *L, int b)
{
    return (L->counts ? L->counts[b] : L->count) * L->size;
}

long long layout_block_off(const sched_layout *L, int b)
{
    return (L->counts ? (long long)L->displs[b] : (long long)b * L->count) * L->extent;
}

static int mod(long long a, int p) { return (int)(((a % p) + p) % p); }

/* n consecutive blocks from `first` as one message (allgather only). */
static void add_run(sched *s, const sched_layout *L, char kind, int step, int peer, int first,
                    int n)
{
    sched_add(s, kind, step, peer, L->tag, (long long)n * L->count * L->size, 'r',
              layout_block_off(L, first));
}

/* One block as one message. */
static void add_block(sched *s, const sched_layout *L, char kind, int step, int peer, int b)
{
    sched_add(s, kind, step, peer, L->tag, layout_block_bytes(L, b), 'r', layout_block_off(L, b));
}

/* Ring (Loch 2021, Sec. 2.4.1): at step k send block r-k to r+1, receive
 * r-k-1 from r-1; p-1 steps, one block each, also empty ones for allgatherv. */
static void ring(const sched_layout *L, sched *s)
{
    const int p = L->p, r = L->rank;
    for (int k = 0; k < p - 1; k++) {
        add_block(s, L, 'S', k, mod(r + 1, p), mod(r - k, p));
        add_block(s, L, 'R', k, mod(r - 1, p), mod(r - k - 1, p));
    }
}

/* Neighbor exchange (Loch 2021, Sec. 2.4.2), simulated for all ranks: at
 * step s even ranks talk to r + (-1)^s, odd ones to r - (-1)^s. Step 0 swaps
 * the own blocks; step 1 sends the pair of blocks just assembled; every later
 * step forwards the 2 blocks received in the step before. p/2 steps. */
static void neighbor_exchange(const sched_layout *L, sched *s)
{
    const int p = L->p, r = L->rank;
    int *newest = malloc((size_t)p * sizeof *newest), *next = malloc((size_t)p * sizeof *next);
    if (!newest || !next) {
        fprintf(stderr, "expected: out of memory\n");
        abort();
    }
#define NE_PARTNER(q, step) mod((q) + ((((q) % 2 == 0) == ((step) % 2 == 0)) ? 1 : -1), p)
    add_block(s, L, 'S', 0, NE_PARTNER(r, 0), r);
    add_block(s, L, 'R', 0, NE_PARTNER(r, 0), NE_PARTNER(r, 0));
    for (int q = 0; q < p; q++) /* after step 0, rank q holds its pair */
        newest[q] = q < NE_PARTNER(q, 0) ? q : NE_PARTNER(q, 0);
    for (int step = 1; step < p / 2; step++) {
        const int partner = NE_PARTNER(r, step);
        add_run(s, L, 'S', step, partner, newest[r], 2);
        add_run(s, L, 'R', step, partner, newest[partner], 2);
        for (int q = 0; q < p; q++)
            next[q] = newest[NE_PARTNER(q, step)];
        memcpy(newest, next, (size_t)p * sizeof *newest);
    }
#undef NE_PARTNER
    free(newest);
    free(next);
}

/* Recursive doubling (Loch 2021, Sec. 2.4.3): at step s swap the 2^s
 * contiguous blocks held, [(r>>s)<<s, +2^s), with r XOR 2^s. log2 p steps. */
static void recursive_doubling(const sched_layout *L, sched *s)
{
    const int p = L->p, r = L->rank;
    for (int step = 0; (1 << step) < p; step++) {
        const int partner = r ^ (1 << step);
        add_run(s, L, 'S', step, partner, (r >> step) << step, 1 << step);
        add_run(s, L, 'R', step, partner, (partner >> step) << step, 1 << step);
    }
}

/* Bruck (Loch 2021, Sec. 2.4.4): in the shifted scratch buffer, step s sends
 * positions [0, n) to r-2^s and receives positions [2^s, 2^s+n) from r+2^s,
 * with n = min(2^s, p-2^s); ceil(log2 p) steps, one message each way. */
static void bruck(const sched_layout *L, sched *s)
{
    const int p = L->p, r = L->rank;
    const long long blk = (long long)L->count * L->size, ext = (long long)L->count * L->extent;
    for (int step = 0; (1 << step) < p; step++) {
        const int dist = 1 << step, n = dist < p - dist ? dist : p - dist;
        sched_add(s, 'S', step, mod(r - dist, p), L->tag, n * blk, 't', 0);
        sched_add(s, 'R', step, mod(r + dist, p), L->tag, n * blk, 't', dist * ext);
    }
}

static int ceil_log2(int p)
{
    int l = 0;
    while ((1 << l) < p)
        l++;
    return l;
}

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

/* Sparbit (Loch 2021, Algorithm 1; closed forms worked out from it): step i
 * at distance d = 2^(L-1-i) sends n = ceil(p/d) - ceil(p/2d) blocks to r+d,
 * the j-th being r-2jd, and receives blocks r-(2j+1)d from r-d. For
 * allgatherv a block with no elements travels in no message. */
static void sparbit(const sched_layout *L, sched *s)
{
    const int p = L->p, r = L->rank, steps = ceil_log2(p);
    for (int i = 0; i < steps; i++) {
        const int d = 1 << (steps - 1 - i), n = ceil_div(p, d) - ceil_div(p, 2 * d);
        for (int j = 0; j < n; j++) {
            const int sb = mod(r - 2LL * j * d, p), rb = mod(r - (2LL * j + 1) * d, p);
            if (layout_block_bytes(L, sb) > 0 || !L->counts)
                add_block(s, L, 'S', i, mod(r + d, p), sb);
            if (layout_block_bytes(L, rb) > 0 || !L->counts)
                add_block(s, L, 'R', i, mod(r - d, p), rb);
        }
    }
}

void expected_binomial_bcast(const sched_layout *L, sched *s)
{
    const int p = L->p, r = L->rank, steps = ceil_log2(p);
    for (int i = 0; i < steps; i++) {
        const int d = 1 << (steps - 1 - i);
        if (r % (2 * d) == 0 && r + d < p)
            add_block(s, L, 'S', i, r + d, 0);
        if (r % (2 * d) == d)
            add_block(s, L, 'R', i, r - d, 0);
    }
    sched_finish(s);
}

int expected_schedule(const char *collective, const char *algorithm, const sched_layout *L,
                      sched *s)
{
    static const struct {
        const char *collective, *algorithm;
        void (*fn)(const sched_layout *, sched *);
    } table[] = {
        {"allgather", "ring", ring},
        {"allgather", "neighbor_exchange", neighbor_exchange},
        {"allgather", "recursive_doubling", recursive_doubling},
        {"allgather", "bruck", bruck},
        {"allgather", "sparbit", sparbit},
        {"allgatherv", "ring", ring},
        {"allgatherv", "sparbit", sparbit},
    };
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (strcmp(table[i].collective, collective) || strcmp(table[i].algorithm, algorithm))
            continue;
        /* An allgather of empty blocks sends nothing, whatever the algorithm. */
        if (L->counts || L->count > 0)
            table[i].fn(L, s);
        sched_finish(s);
        return 0;
    }
    return -1;
}
