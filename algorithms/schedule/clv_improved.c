/* Clairvoyant schedule generation, "improved": Proficz & Ocetkiewicz
 * 2021, section 5 (the
 * segment-tree Clairvoyant, Listings 3-8), producing exactly the schedule
 * of clv_original.c.
 *
 *   C     P columns of N bits: 1 = the process holds the segment (A or P),
 *         0 = sent (E). P' is one int per process (section 5.3).
 *   A     the processes sorted by arrival (k, f, rank); a cursor, no heap.
 *   G     the ready set: the survivors of the previous round (their order
 *         never changes: all advanced by d) merged with the head of A while
 *         ready (section 5.2, Listing 6), O(|G|) per round.
 *   idle  a ready set of one process g: jump straight to the round in which
 *         the next arrival w is ready, k = k_w - k_g - [f_w < f_g] rounds
 *         ('<=': [f_w <= f_g]), exact (section 5.1).
 *   T     a segment tree over the positions of G: leaf i = the column of
 *         G[i], refilled each round (the paper too rebuilds once per round,
 *         section 5.4.4). Every inner node holds the OR of its children
 *         ("some leaf below holds the segment", the paper's tree). 8-ary
 *         and node-major: a node is its N-bit column, W = N/64 contiguous
 *         words, so a rebuild copies whole columns and a sender's leaf is
 *         zeroed and its ancestors recomputed for all words in one loop;
 *         512 leaves need three levels, not nine.
 *   query receiver p at leaf l: word by word from the lowest, the lowest
 *         bit of the root's word AND C[p] (non-sink) or "all but p's P'
 *         segment" (sink) is the segment when a leaf other than l holds
 *         it; only when l is its one holder is the climb of Listing 3 made
 *         (the OR of the siblings on l's path, for that word), whose lowest
 *         bit under the mask is then the segment. The peer is the
 *         root if it is ready, root-first order is on and its leaf holds
 *         the segment; else the leftmost leaf with the bit (Listing 4), or
 *         the next one after l (Listing 5) if that leftmost leaf is p.
 *   update the sender's leaf is zeroed (it may not send again this round),
 *         the receiver's leaf loses the received bit (P'), and the paths to
 *         the root are recomputed level by level until a node does not
 *         change. The receiver's COPY flag is known here (only the sink
 *         receives a segment it no longer holds), so the schedule's
 *         finish does not replay the rounds.
 * The leaves are G positions rather than the f-ordered doubled index space
 * of section 5.4.3, so the tree order is the ready order under both the
 * '<' and the '<=' rule (a hand check of the paper's section 4.4.3 shows that the f-order
 * fails under '<='), only G members are visible, and the tree has
 * about 8|G|/7 nodes, not 2P (our review of Listing 8 lists the
 * hazards of Listing 8 this avoids).
 *
 * Time per busy round O(|G| (N/64) log |G|) worst case (the rebuild is
 * O(|G| N/64)); O(1) per run of idle rounds. Memory P N bits + about
 * (8/7) P N bits for the tree + O(P) words.
 *
 * Earlier versions, same schedules (bench/clairvoyant-generator.sh, P = N
 * = 512, CPU per generation): a binary heap per 64-segment word with a
 * second aggregate per node ("at least two leaves below hold it") made
 * every update climb further; the word-major binary OR tree took about
 * two thirds of its time; this 8-ary node-major tree takes about 0.9 of
 * that with uniform arrivals and 0.65 with random ones. Deleting senders
 * lazily (a sent bit per leaf, a block of eight zeroed only when a search
 * meets it) was faster with uniform arrivals (0.8) and slower with random
 * ones (1.2): the root's stale words name segments only senders hold, and
 * each costs a search. */
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
