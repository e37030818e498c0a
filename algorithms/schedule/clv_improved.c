/* Clairvoyant schedule generation, "improved": after Proficz &
 * Ocetkiewicz, "Improving Clairvoyant: reduction algorithm resilient to
 * imbalanced process arrival patterns", J. Supercomputing 77, 2021,
 * section 5, producing exactly the schedule of clv_original.c. The
 * paper's segment tree is replaced by segment-major bit rows; this file
 * holds the arrivals, ready sets and rounds, clv_improved_rows.c the rows,
 * the queries and the updates (state in clv_improved.h).
 *
 *   C     P columns of N bits: 1 = the process holds the segment (A or P),
 *         0 = sent (E). P' is a receiver's bit out of its row until the
 *         round ends (section 5.3).
 *   place the processes are numbered by their place in the (f, rank)
 *         order (rank[q] maps back, for the transfers). Place order is
 *         rank order among equal f, so the (k, f, rank) comparisons of
 *         clv_time.h give the same answers on places, and the ready set in
 *         ready order reads the per-place arrays and C in address order.
 *   A     the processes sorted by arrival (k, f, rank); a cursor, no heap.
 *   G     the ready set: the survivors of the previous round (their order
 *         never changes: all advanced by d) merged with the head of A while
 *         ready (section 5.2, Listing 6). Readiness is monotone in ready
 *         order, so the arrivals that join are a prefix of A; each goes
 *         where a binary search among the survivors puts it, the runs of
 *         survivors in between are copied whole. When no arrival joins,
 *         the survivors as they are.
 *   idle  a ready set of one process g: jump straight to the round in which
 *         the next arrival w is ready, k = k_w - k_g - [f_w < f_g] rounds
 *         ('<=': [f_w <= f_g]), exact (section 5.1).
 *   slots a member's k and the round number both grow by one per round, so
 *         o = k - round is fixed while it is ready, and the ready order
 *         (k, f, rank) is the order of (o, f, rank). All members have o in
 *         {o_h, o_h + 1} (o_h: the head's; t < t_h + d, or <=). So a
 *         member's slot is its place q, plus 64 WH (WH: the least power of
 *         two >= 2 with 64 WH >= P) if the parity of its o differs from
 *         the head's: a doubled (f, rank) index space (the paper's section
 *         5.4.3 has one) in which slot order is ready order under '<' and
 *         '<=' alike (ties in f with o_h + 1 fall in the second half). A
 *         slot is fixed from a member's arrival to its retirement; when
 *         the head's parity changes, the two halves of occ and of the
 *         slots swap (O(P), none at all in the benchmark instances).
 *   R     per segment j a row of 64 WH bits over the places: bit q =
 *         member q holds j (the receiver of j this round is out of row j
 *         until the round ends, P', unless it has sent already). A place
 *         has one slot, in one half, so both halves share the row: slot
 *         word v is row word v mod WH, and a row is WH words (8 words, 64
 *         bytes, at P = 512). avail: the slots (2 WH words) that have not
 *         sent this round. Every place's bits are set from the start (a
 *         process holds every segment until it sends one, and only
 *         members send or receive; the rows are read only where avail
 *         has a bit), so an arrival writes no row.
 *   U1/U2 per segment "at least one / two members hold it" at the start of
 *         the round (exact, kept by holder counts less the number of
 *         members entered so far: an arrival adds to that number, not to
 *         N counts), then this round's lazy supersets of "one / two
 *         members may still send it": a candidate that fails leaves
 *         them, so a round has at most 2N failures.
 *   query receiver p: the lowest segment of C[p] & U2 (p has not sent, so
 *         it may send all it holds and another member must hold the
 *         segment too), of C[p] & U1 (p has sent), or of U2 | (U1 & ~C[p])
 *         (the sink, which takes any segment), whose row & avail, without
 *         p's bit, is not empty. The peer is the root if it is ready,
 *         root-first order is on and it may send the segment, else the
 *         lowest such slot (Listings 4 and 5). The row scan reads aligned
 *         pairs of words over the words of avail that hold unsent
 *         members: the first half's, then the second's (the same row
 *         words, the other half of avail).
 *   update a transfer z -> p of segment j clears z's bit of row j for good
 *         and p's until the round ends (if p has not sent), z's bit of
 *         avail and bit j of C[z]; sets bit j of C[p]. The receiver's COPY
 *         flag is known here (only the sink receives a segment it no
 *         longer holds), and the transfers are written straight into the
 *         schedule (papsim_clv_schedule_room), their ranges checked per
 *         round.
 *
 * Time per busy round O((|G| + N) (N + P)/64) words worst case: per
 * receiver its candidate words and one row scan, per failed candidate (at
 * most 2N) one row, and O((N + P)/64) for the copies of U1, U2 and avail;
 * in the benchmark instances a transfer reads about one word of each.
 * O(W) per arrival (O(N WH) once for all rows), O(1) per run of idle
 * rounds.
 * Memory P N bits (C) + N 64 WH bits (R) + O(P + N) words.
 *
 * Earlier versions, same schedules (bench/clairvoyant-generator.sh, P = N
 * = 512): a segment tree over the ready positions, 8-ary and node-major,
 * OR of the children per node, rebuilt each round (and before it a
 * binary one, word-major): about 1.5 million descents and half a million
 * block recomputations for 262,143 transfers; deleting senders lazily in
 * the tree was faster with uniform arrivals and slower with random ones.
 * The rows replace both: a transfer clears four bits, a query reads
 * about one word of the candidate set and one of a row. The rows were
 * over the doubled slot space (2 WH words each) with a per-segment scan
 * start, before they shared one half (docs/performance.md). */
#include <stdlib.h>
#include <string.h>

#include "clairvoyant.h"
#include "clv_improved.h"
#include "clv_time.h"

static int before(const imp_state *st, int a, int b) { return papsim_clv_earlier(st->k, st->f, a, b); }

static int ready(const imp_state *st, int c, int h)
{
    return papsim_clv_can_receive(st->k, st->f, st->strict, c, h);
}

/* qsort has no context argument: sort (k, f, rank) triples instead. */
typedef struct {
    int64_t k;
    double f;
    int rank;
} arrival_key;

static int cmp_arrival(const void *pa, const void *pb)
{
    const arrival_key *a = pa, *b = pb;
    if (a->k != b->k)
        return a->k < b->k ? -1 : 1;
    if (a->f != b->f)
        return a->f < b->f ? -1 : 1;
    return (a->rank > b->rank) - (a->rank < b->rank);
}

/* (f, rank) order: the places */
static int cmp_place(const void *pa, const void *pb)
{
    const arrival_key *a = pa, *b = pb;
    if (a->f != b->f)
        return a->f < b->f ? -1 : 1;
    return (a->rank > b->rank) - (a->rank < b->rank);
}

static void free_state(imp_state *st)
{
    free(st->k);
    free(st->f);
    free(st->C);
    free(st->held);
    free(st->A);
    free(st->G);
    free(st->G2);
    free(st->slot);
    free(st->R);
    free(st->occ);
    free(st->avail);
    free(st->hcnt);
    free(st->U1s);
    free(st->U2s);
    free(st->U1);
    free(st->U2);
    free(st->clo);
    free(st->rank);
    free(st->pback);
}

/* Merges the survivors st->G[0..nsurv) with the arrival queue into
 * st->G2 while ready relative to the first one taken (the head), in
 * (k, f, rank) order. Returns |G2|, or -1 if a survivor is left out
 * (impossible: survivors always stay ready, paper section 4.2). Readiness
 * is monotone in that order, so the arrivals that join are a prefix of
 * the queue; each goes where a binary search among the survivors puts
 * it, the runs of survivors between them are copied whole. */
static int merge_ready(imp_state *st, int nsurv)
{
    int ng = 0, si = 0, m = 0, h;
    if (nsurv > 0 && ready(st, st->G[nsurv - 1], st->G[0]) &&
        (st->ai >= st->na || (before(st, st->G[0], st->A[st->ai]) &&
                              !ready(st, st->A[st->ai], st->G[0])))) {
        int *t = st->G2; /* no arrival joins: the survivors, as they are */
        st->G2 = st->G;
        st->G = t;
        return nsurv;
    }
    if (st->ai >= st->na)
        h = st->G[0];
    else
        h = nsurv > 0 && before(st, st->G[0], st->A[st->ai]) ? st->G[0]
                                                              : st->A[st->ai];
    while (st->ai + m < st->na && ready(st, st->A[st->ai + m], h))
        m++;
    if (nsurv > 0 && !ready(st, st->G[nsurv - 1], h))
        return -1;
    for (int i = 0; i < m; i++) {
        const int a = st->A[st->ai + i];
        int lo = si, hi = nsurv; /* first survivor after a */
        while (lo < hi) {
            const int mid = lo + (hi - lo) / 2;
            if (before(st, st->G[mid], a))
                lo = mid + 1;
            else
                hi = mid;
        }
        memcpy(st->G2 + ng, st->G + si, (size_t)(lo - si) * sizeof *st->G);
        ng += lo - si;
        si = lo;
        st->G2[ng++] = a;
    }
    memcpy(st->G2 + ng, st->G + si, (size_t)(nsurv - si) * sizeof *st->G);
    ng += nsurv - si;
    st->ai += m;
    st->nnew += m;
    return ng;
}

int papsim_clv_generate_improved(int nprocs, int nseg, int root,
                                 const double *arrival, double round_time,
                                 const papsim_clv_options *opt,
                                 papsim_clv_schedule *out, papsim_clv_err *e)
{
    imp_state st = {0};
    arrival_key *keys = NULL;
    int rc = -1, alive = nprocs, nsurv = 0;
    int64_t round = 0;
    const int P = nprocs, N = nseg;

    if (papsim_clv_generate_begin(nprocs, nseg, root, arrival, round_time, &opt, out, e) != 0)
        return -1;
    st.P = P;
    st.N = N;
    st.W = (N + 63) / 64;
    /* a power of two, at least 2: a slot word's row word is a mask away
       and pairs of words never wrap */
    for (st.WH = 2; 64 * st.WH < P; st.WH *= 2)
        ;
    st.WS = 2 * st.WH;
    st.S = 64 * st.WS;
    st.strict = opt->ready != PAPSIM_CLV_READY_LE;
    st.root_first = opt->peers != PAPSIM_CLV_PEERS_AVAILABILITY;
    st.k = malloc((size_t)P * sizeof *st.k);
    st.f = malloc((size_t)P * sizeof *st.f);
    st.C = malloc((size_t)P * st.W * sizeof *st.C);
    st.held = malloc((size_t)P * sizeof *st.held);
    st.A = malloc((size_t)P * sizeof *st.A);
    st.G = malloc((size_t)P * sizeof *st.G);
    st.G2 = malloc((size_t)P * sizeof *st.G2);
    st.slot = malloc((size_t)P * sizeof *st.slot);
    st.R = malloc((size_t)N * st.WH * sizeof *st.R);
    st.occ = calloc((size_t)st.WS, sizeof *st.occ);
    st.avail = calloc((size_t)st.WS, sizeof *st.avail);
    st.hcnt = calloc((size_t)N, sizeof *st.hcnt);
    st.U1s = calloc((size_t)st.W, sizeof *st.U1s);
    st.U2s = calloc((size_t)st.W, sizeof *st.U2s);
    st.U1 = calloc((size_t)st.W, sizeof *st.U1);
    st.U2 = calloc((size_t)st.W, sizeof *st.U2);
    st.clo = calloc((size_t)P, sizeof *st.clo);
    st.rank = malloc((size_t)P * sizeof *st.rank);
    st.pback = malloc((size_t)P * sizeof *st.pback);
    keys = malloc((size_t)P * sizeof *keys);
    if (!st.k || !st.f || !st.C || !st.held || !st.A ||
        !st.G || !st.G2 || !st.slot || !st.R ||
        !st.occ || !st.avail || !st.hcnt || !st.U1s || !st.U2s || !st.U1 ||
        !st.U2 || !st.clo || !st.rank || !st.pback || !keys) {
        papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
        goto out;
    }
    out->stats.state_bytes =
        ((size_t)P * st.W + (size_t)N * st.WH + 2 * (size_t)st.WS +
         4 * (size_t)st.W) * sizeof(uint64_t) +
        (size_t)N * sizeof(int) +
        (size_t)P * (sizeof *st.k + sizeof *st.f + sizeof *st.pback +
                     7 * sizeof(int) + sizeof *keys);
    if (papsim_clv_split_arrivals(P, arrival, round_time, st.k, st.f, e) != 0)
        goto out;
    for (int i = 0; i < P; i++) {
        keys[i].k = st.k[i];
        keys[i].f = st.f[i];
        keys[i].rank = i;
    }
    /* the places, and k and f by place */
    qsort(keys, (size_t)P, sizeof *keys, cmp_place);
    for (int q = 0; q < P; q++) {
        uint64_t *Cq = st.C + (size_t)q * st.W;
        st.rank[q] = keys[q].rank;
        if (keys[q].rank == root)
            st.root = q;
        st.k[q] = keys[q].k;
        st.f[q] = keys[q].f;
        keys[q].rank = q;
        for (int w = 0; w < st.W; w++)
            Cq[w] = ~UINT64_C(0);
        if (N & 63)
            Cq[st.W - 1] = (UINT64_C(1) << (N & 63)) - 1;
        st.held[q] = N;
        st.slot[q] = -1;
    }
    /* every place holds every segment until it sends one: its bits in
       the rows are set before it arrives (only avail's slots are read) */
    for (int j = 0; j < N; j++) {
        uint64_t *Rj = st.R + (size_t)j * st.WH;
        for (int w = 0; w < st.WH; w++)
            Rj[w] = 64 * (w + 1) <= P ? ~UINT64_C(0)
                    : 64 * w >= P     ? 0
                                      : (UINT64_C(1) << (P & 63)) - 1;
    }
    /* every process but the root sends each segment at least once */
    if (papsim_clv_schedule_reserve(out, (int64_t)(P - 1) * N + 1, e) != 0)
        goto out;
    /* arrival order (k, f, rank) = (k, f, place) */
    qsort(keys, (size_t)P, sizeof *keys, cmp_arrival);
    for (int i = 0; i < P; i++)
        st.A[i] = keys[i].rank;
    st.na = P;
    free(keys);
    keys = NULL;

    while (alive > 1) {
        int ng, root_in = 0;
        if (opt->max_rounds > 0 && round >= opt->max_rounds) {
            papsim_clv_fail(e, PAPSIM_CLV_ELIMIT, "the schedule needs more than %lld rounds "
                        "(max_rounds)", (long long)opt->max_rounds);
            goto out;
        }
        ng = merge_ready(&st, nsurv);
        if (ng <= 0) {
            papsim_clv_fail(e, PAPSIM_CLV_EINTERNAL, "internal error: round %lld left a survivor out "
                        "of the ready set", (long long)round);
            goto out;
        }
        if (ng == 1) { /* idle: jump to the round the next arrival joins */
            int g = st.G2[0], w;
            int64_t jump;
            if (st.ai >= st.na) {
                papsim_clv_fail(e, PAPSIM_CLV_EINTERNAL, "internal error: round %lld: rank %d is "
                            "alone but %d processes are alive",
                            (long long)round, st.rank[g], alive);
                goto out;
            }
            w = st.A[st.ai];
            jump = st.k[w] - st.k[g] -
                   (st.strict ? st.f[w] < st.f[g] : st.f[w] <= st.f[g]);
            if (jump < 1)
                jump = 1;
            st.k[g] += jump;
            round += jump;
            out->stats.skipped_rounds += jump;
            st.G[0] = g;
            nsurv = 1;
            continue;
        }

        /* slots and rows for the new members */
        papsim_clv_imp_place(&st, ng, round);
        root_in = st.slot[st.root] >= 0; /* only members have slots */

        /* receivers: the sink (the root if ready, else the head) first */
        if (papsim_clv_imp_round(&st, ng, root_in, round, out, e) != 0)
            goto out;

        /* retire who has sent everything; the others advance by d */
        nsurv = papsim_clv_imp_end_round(&st, ng, &alive);
        round++;
    }
    if (st.held[st.root] == 0) {
        papsim_clv_fail(e, PAPSIM_CLV_EINTERNAL, "internal error: the root %d ended with nothing", root);
        goto out;
    }
    rc = papsim_clv_schedule_finish_flagged(out, round, e);
out:
    free(keys);
    free_state(&st);
    if (rc != 0) {
        papsim_clv_stats keep = out->stats;
        papsim_clv_schedule_free(out);
        out->stats = keep;
    }
    return rc;
}
