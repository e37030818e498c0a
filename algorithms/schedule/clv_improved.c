/* Clairvoyant schedule generation, "improved": after Proficz &
 * Ocetkiewicz, "Improving Clairvoyant: reduction algorithm resilient to
 * imbalanced process arrival patterns", J. Supercomputing 77, 2021,
 * section 5, producing exactly the schedule of clv_original.c. The
 * paper's segment tree is replaced by segment-major bit rows; this file
 * holds the arrivals, ready sets and rounds, clv_improved_rows.c the rows,
 * the queries and the updates (state in clv_improved.h).
 *
 *   C     P columns of N bits: 1 = the process holds the segment (A or P),
 *         0 = sent (E). P' is one int per process (section 5.3).
 *   A     the processes sorted by arrival (k, f, rank); a cursor, no heap.
 *   G     the ready set: the survivors of the previous round (their order
 *         never changes: all advanced by d) merged with the head of A while
 *         ready (section 5.2, Listing 6), O(|G|) per round; when no
 *         arrival joins, the survivors as they are.
 *   idle  a ready set of one process g: jump straight to the round in which
 *         the next arrival w is ready, k = k_w - k_g - [f_w < f_g] rounds
 *         ('<=': [f_w <= f_g]), exact (section 5.1).
 *   slots a member's k and the round number both grow by one per round, so
 *         o = k - round is fixed while it is ready, and the ready order
 *         (k, f, rank) is the order of (o, f, rank). All members have o in
 *         {o_h, o_h + 1} (o_h: the head's; t < t_h + d, or <=). So a
 *         member's slot is its place in the (f, rank) order of all P
 *         processes, plus 64 ceil(P/64) if the parity of its o differs
 *         from the head's: a doubled (f, rank) index space (the paper's
 *         section 5.4.3 has one) in which slot order is ready order under
 *         '<' and '<=' alike (ties in f with o_h + 1 fall in the second
 *         half). A slot is fixed from a member's arrival to its
 *         retirement; when the head's parity changes, the two halves swap
 *         (O(N P/64), none at all in the benchmark instances).
 *   R     per segment j a row of 2 * 64 ceil(P/64) bits over the slots: the
 *         members that hold j and may send it this round (the receiver of
 *         j this round is out of row j until the round ends: P'). avail:
 *         the slots that have not sent this round.
 *   U1/U2 per segment "at least one / two members hold it" at the start of
 *         the round (exact, kept by holder counts), then this round's lazy
 *         supersets of "one / two members may still send it": a candidate
 *         that fails leaves them, so a round has at most 2N failures.
 *   query receiver p: the lowest segment of C[p] & U2 (p has not sent, so
 *         it may send all it holds and another member must hold the
 *         segment too), of C[p] & U1 (p has sent), or of U2 | (U1 & ~C[p])
 *         (the sink, which takes any segment), whose row & avail, without
 *         p's bit, is not empty. The peer is the root if it is ready,
 *         root-first order is on and it may send the segment, else the
 *         lowest such slot (Listings 4 and 5). The row scan starts at a
 *         per-segment word below which no member may send it any more this
 *         round and reads aligned pairs of words.
 *   update a transfer z -> p of segment j clears two bits of row j (z's for
 *         good, p's until the round ends), z's bit of avail and bit j of
 *         C[z]; sets bit j of C[p]. The receiver's COPY flag is known here
 *         (only the sink receives a segment it no longer holds), and each
 *         round's transfers are appended at once.
 *
 * Time per busy round O(N + (|G| + N) (N + P)/64) words worst case: N
 * for the per-round copies of U1, U2 and the scan starts, per receiver
 * its candidate words and one row scan, per failed candidate (at most 2N)
 * one row; in the benchmark instances a transfer reads about one word of
 * each. O(N) per arrival, O(1) per run of idle rounds.
 * Memory P N bits (C) + N 2 * 64 ceil(P/64) bits (R) + O(P + N) words.
 *
 * Earlier versions, same schedules (bench/clairvoyant-generator.sh, P = N
 * = 512): a segment tree over the ready positions, 8-ary and node-major,
 * OR of the children per node, rebuilt each round (and before it a
 * binary one, word-major): about 1.5 million descents and half a million
 * block recomputations for 262,143 transfers; deleting senders lazily in
 * the tree was faster with uniform arrivals and slower with random ones.
 * The rows replace both: a transfer clears four bits, a query reads
 * about one word of the candidate set and one of a row. */
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

static void free_state(imp_state *st)
{
    free(st->k);
    free(st->f);
    free(st->C);
    free(st->held);
    free(st->pprime);
    free(st->A);
    free(st->G);
    free(st->G2);
    free(st->slot);
    free(st->slot_proc);
    free(st->R);
    free(st->occ);
    free(st->avail);
    free(st->hcnt);
    free(st->U1s);
    free(st->U2s);
    free(st->U1);
    free(st->U2);
    free(st->clo);
    free(st->fw);
    free(st->tbuf);
    free(st->fpos);
}

/* Merges the survivors st->G[0..nsurv) with the arrival queue into
 * st->G2 while ready relative to the first one taken (the head), in
 * (k, f, rank) order. Returns |G2|, or -1 if a survivor is left out
 * (impossible: survivors always stay ready, paper section 4.2). */
static int merge_ready(imp_state *st, int nsurv)
{
    int ng = 0, si = 0, h = -1;
    if (nsurv > 0 && ready(st, st->G[nsurv - 1], st->G[0]) &&
        (st->ai >= st->na || (before(st, st->G[0], st->A[st->ai]) &&
                              !ready(st, st->A[st->ai], st->G[0])))) {
        int *t = st->G2; /* no arrival joins: the survivors, as they are */
        st->G2 = st->G;
        st->G = t;
        return nsurv;
    }
    for (;;) {
        int c = -1, from_a = 0;
        if (si < nsurv)
            c = st->G[si];
        if (st->ai < st->na && (c < 0 || before(st, st->A[st->ai], c))) {
            c = st->A[st->ai];
            from_a = 1;
        }
        if (c < 0 || (h >= 0 && !ready(st, c, h)))
            break;
        if (h < 0)
            h = c;
        st->G2[ng++] = c;
        if (from_a) {
            st->ai++;
            st->nnew++;
        } else
            si++;
    }
    return si < nsurv ? -1 : ng;
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
    st.WH = (P + 63) / 64;
    st.WS = 2 * st.WH;
    st.S = 64 * st.WS;
    st.root = root;
    st.strict = opt->ready != PAPSIM_CLV_READY_LE;
    st.root_first = opt->peers != PAPSIM_CLV_PEERS_AVAILABILITY;
    st.k = malloc((size_t)P * sizeof *st.k);
    st.f = malloc((size_t)P * sizeof *st.f);
    st.C = malloc((size_t)P * st.W * sizeof *st.C);
    st.held = malloc((size_t)P * sizeof *st.held);
    st.pprime = malloc((size_t)P * sizeof *st.pprime);
    st.A = malloc((size_t)P * sizeof *st.A);
    st.G = malloc((size_t)P * sizeof *st.G);
    st.G2 = malloc((size_t)P * sizeof *st.G2);
    st.slot = malloc((size_t)P * sizeof *st.slot);
    st.slot_proc = malloc((size_t)st.S * sizeof *st.slot_proc);
    st.R = calloc((size_t)N * st.WS, sizeof *st.R);
    st.occ = calloc((size_t)st.WS, sizeof *st.occ);
    st.avail = calloc((size_t)st.WS, sizeof *st.avail);
    st.hcnt = calloc((size_t)N, sizeof *st.hcnt);
    st.U1s = calloc((size_t)st.W, sizeof *st.U1s);
    st.U2s = calloc((size_t)st.W, sizeof *st.U2s);
    st.U1 = calloc((size_t)st.W, sizeof *st.U1);
    st.U2 = calloc((size_t)st.W, sizeof *st.U2);
    st.clo = calloc((size_t)P, sizeof *st.clo);
    st.fw = calloc((size_t)N, sizeof *st.fw);
    st.tbuf = malloc((size_t)P * sizeof *st.tbuf);
    st.fpos = malloc((size_t)P * sizeof *st.fpos);
    keys = malloc((size_t)P * sizeof *keys);
    if (!st.k || !st.f || !st.C || !st.held || !st.pprime || !st.A ||
        !st.G || !st.G2 || !st.slot || !st.slot_proc || !st.R ||
        !st.occ || !st.avail || !st.hcnt || !st.U1s || !st.U2s || !st.U1 ||
        !st.U2 || !st.clo || !st.fw || !st.tbuf || !st.fpos || !keys) {
        papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
        goto out;
    }
    out->stats.state_bytes =
        ((size_t)P * st.W + (size_t)N * st.WS + 2 * (size_t)st.WS +
         4 * (size_t)st.W) * sizeof(uint64_t) +
        (size_t)st.S * sizeof(int) + (size_t)N * (sizeof(int) + sizeof *st.fw) +
        (size_t)P * (sizeof *st.k + sizeof *st.f + 10 * sizeof(int) +
                     sizeof *st.tbuf +
                     sizeof *keys);
    if (papsim_clv_split_arrivals(P, arrival, round_time, st.k, st.f, e) != 0)
        goto out;
    for (int s = 0; s < st.S; s++)
        st.slot_proc[s] = -1;
    for (int i = 0; i < P; i++) {
        uint64_t *Ci = st.C + (size_t)i * st.W;
        for (int w = 0; w < st.W; w++)
            Ci[w] = ~UINT64_C(0);
        if (N & 63)
            Ci[st.W - 1] = (UINT64_C(1) << (N & 63)) - 1;
        st.held[i] = N;
        st.pprime[i] = -1;
        st.slot[i] = -1;
        keys[i].k = st.k[i];
        keys[i].f = st.f[i];
        keys[i].rank = i;
    }
    /* every process but the root sends each segment at least once */
    if (papsim_clv_schedule_reserve(out, (int64_t)(P - 1) * N + 1, e) != 0)
        goto out;
    qsort(keys, (size_t)P, sizeof *keys, cmp_arrival);
    for (int i = 0; i < P; i++)
        st.A[i] = keys[i].rank;
    /* (f, rank) order: k = 0 for all */
    for (int i = 0; i < P; i++)
        keys[i].k = 0;
    qsort(keys, (size_t)P, sizeof *keys, cmp_arrival);
    for (int i = 0; i < P; i++)
        st.fpos[keys[i].rank] = i;
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
                            (long long)round, g, alive);
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
        for (int i = 0; i < ng; i++)
            root_in |= st.G2[i] == root;

        /* receivers: the sink (the root if ready, else the head) first */
        if (papsim_clv_imp_round(&st, ng, root_in, round, out, e) != 0)
            goto out;

        /* retire who has sent everything; the others advance by d */
        nsurv = papsim_clv_imp_end_round(&st, ng, &alive);
        round++;
    }
    if (st.held[root] == 0) {
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
