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
#include "clv_time.h"

typedef struct {
    int P, N, W, root, strict, root_first;
    int64_t *k; /* availability = k d + f */
    double *f;
    uint64_t *C;   /* [P][W]: the column of p at C + p W */
    int *held;     /* set bits of C[p] */
    int *pprime;   /* P' segment, -1 none */
    int *A;        /* arrival queue */
    int na, ai;
    int *G, *G2;   /* survivors; this round's ready set */
    int *leaf;     /* position in G2 this round */
    int *recv;     /* receiver order */
    uint64_t *T;   /* [nodes][W], see NODE() */
    int off[16];   /* this round's level offsets, see NODE() */
    int top;       /* this round's root level */
} imp_state;

static int ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

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

/* The tree is 8-ary and stored node-major: levels 0 (the leaves: the
 * ready positions) to st->top (the root, one node) lie one after the
 * other, level k from node st->off[k] on, each padded with zero nodes to
 * a multiple of 8; a node is W words (its N-bit column), node n at
 * st->T + n W. Node i of level k + 1 is the OR of nodes 8i .. 8i+7 of
 * level k. A sender's leaf is zeroed and its ancestors recomputed all W
 * words at once (a loop the compiler vectorizes); a query for segment s
 * reads word s / 64 of eight sibling nodes per level, three levels for
 * 512 leaves where a binary tree has nine. */
static uint64_t *NODE(const imp_state *st, int n) { return st->T + (size_t)n * st->W; }

/* The 8-bit mask of nodes n0 .. n0+7 that have bit sh of word w. */
static unsigned block_bits(const imp_state *st, int n0, int w, int sh)
{
    const size_t W = (size_t)st->W;
    const uint64_t *c = st->T + (size_t)n0 * W + w;
    unsigned b = 0;
    for (int j = 0; j < 8; j++)
        b |= (unsigned)((c[j * W] >> sh) & 1) << j;
    return b;
}

/* Listing 4: the leftmost leaf under node i of level k with bit sh of
 * word w (the node has it). */
static int descend(const imp_state *st, int k, int i, int w, int sh)
{
    for (; k > 0; k--) {
        i *= 8;
        i += ctz64(block_bits(st, st->off[k - 1] + i, w, sh));
    }
    return i;
}

/* The leftmost leaf holding segment s (some leaf does). */
static int leftmost(const imp_state *st, int s)
{
    return descend(st, st->top, 0, s >> 6, s & 63);
}

/* Listing 5: the leftmost leaf right of leaf l with segment s, or -1. */
static int leftmost_after(const imp_state *st, int l, int s)
{
    const int w = s >> 6, sh = s & 63;
    for (int k = 0, i = l; k < st->top; k++, i >>= 3) {
        const int b0 = i & ~7;
        const unsigned right = block_bits(st, st->off[k] + b0, w, sh) & (0xFEu << (i & 7)) & 0xFFu;
        if (right)
            return descend(st, k, b0 + ctz64(right), w, sh);
    }
    return -1;
}

/* Recomputes word w of the ancestors of leaf l after it lost bits, level
 * by level, until one does not change. */
static void fix_up_word(imp_state *st, int w, int l)
{
    const size_t W = (size_t)st->W;
    for (int k = 0, i = l; k < st->top; k++, i >>= 3) {
        const uint64_t *c = NODE(st, st->off[k] + (i & ~7)) + w;
        const uint64_t one = (c[0] | c[W]) | (c[2 * W] | c[3 * W]) |
                             (c[4 * W] | c[5 * W]) | (c[6 * W] | c[7 * W]);
        uint64_t *parent = NODE(st, st->off[k + 1] + (i >> 3)) + w;
        if (*parent == one)
            return;
        *parent = one;
    }
}

/* Clears bit s of leaf l (P'). */
static void clear_leaf_bit(imp_state *st, int l, int s)
{
    uint64_t *t = NODE(st, l) + (s >> 6);
    const uint64_t b = UINT64_C(1) << (s & 63);
    if (!(*t & b))
        return;
    *t &= ~b;
    fix_up_word(st, s >> 6, l);
}

/* up[0..W) = the OR of the eight nodes of block c; 1 if that changed up. */
static int or_block(uint64_t *up, const uint64_t *c, int W)
{
    uint64_t diff = 0;
    for (int w = 0; w < W; w++) {
        const uint64_t one = (c[w] | c[W + w]) | (c[2 * W + w] | c[3 * W + w]) |
                             (c[4 * W + w] | c[5 * W + w]) | (c[6 * W + w] | c[7 * W + w]);
        diff |= up[w] ^ one;
        up[w] = one;
    }
    return diff != 0;
}

/* Zeroes leaf l: the process has sent and may not send again this round. */
static void clear_leaf(imp_state *st, int l)
{
    memset(NODE(st, l), 0, (size_t)st->W * sizeof(uint64_t));
    for (int k = 0, i = l; k < st->top; k++, i >>= 3)
        if (!or_block(NODE(st, st->off[k + 1] + (i >> 3)), NODE(st, st->off[k] + (i & ~7)), st->W))
            return;
}

/* The levels of a tree over ng leaves: st->off[0 .. top], st->top. */
static void set_levels(imp_state *st, int ng)
{
    int k = 0, n = ng, off = 0;
    for (;;) {
        st->off[k] = off;
        if (n == 1 && k > 0)
            break;
        off += (n + 7) & ~7;
        n = (n + 7) / 8;
        k++;
    }
    st->top = k;
}

/* Fills the leaves with the columns of the ready set G[0..ng) and builds
 * the inner nodes. */
static void rebuild(imp_state *st, const int *G, int ng)
{
    const int W = st->W;
    int n = ng;
    set_levels(st, ng);
    for (int i = 0; i < ng; i++)
        memcpy(NODE(st, i), st->C + (size_t)G[i] * W, (size_t)W * sizeof(uint64_t));
    for (int k = 0; k < st->top; k++) {
        const int padded = (n + 7) & ~7;
        memset(NODE(st, st->off[k] + n), 0, (size_t)(padded - n) * W * sizeof(uint64_t));
        n = padded / 8;
        for (int i = 0; i < n; i++)
            or_block(NODE(st, st->off[k + 1] + i), NODE(st, st->off[k] + 8 * i), W);
    }
}

/* 1 if leaf l holds segment s. */
static int leaf_has(const imp_state *st, int l, int s)
{
    return (int)((NODE(st, l)[s >> 6] >> (s & 63)) & 1);
}

/* Word w of "some leaf other than leaf l holds the segment": the root when
 * l holds nothing in w, else the OR of the other nodes of each block on
 * l's path (Listing 3's climb, for this word only). */
static uint64_t others(const imp_state *st, int w, int l)
{
    const size_t W = (size_t)st->W;
    uint64_t x = 0;
    if (NODE(st, l)[w] == 0)
        return NODE(st, st->off[st->top])[w];
    for (int k = 0, i = l; k < st->top; k++, i >>= 3) {
        const uint64_t *c = NODE(st, st->off[k] + (i & ~7)) + w;
        for (int j = 0; j < 8; j++)
            if (j != (i & 7))
                x |= c[j * W];
    }
    return x;
}

/* The peer leaf for receiver leaf lp and segment s: the root's leaf
 * (root_leaf, -1: none) when it holds s, else the leftmost leaf holding s
 * (Listing 4), or the next one right of lp (Listing 5) if that is lp; -1
 * if lp is the only one. */
static int find_peer(const imp_state *st, int lp, int root_leaf, int s)
{
    int v;
    if (root_leaf >= 0 && root_leaf != lp && leaf_has(st, root_leaf, s))
        return root_leaf;
    v = leftmost(st, s);
    return v == lp ? leftmost_after(st, lp, s) : v;
}

/* The segment receiver p takes and the leaf of its peer (*peer), or -1:
 * the lowest segment of p's mask that some other visible leaf holds. The
 * root's word names the candidate; only when p's own leaf is its one
 * holder is the climb of Listing 3 made (for that word), which gives the
 * lowest segment another leaf holds. */
static int find_transfer(const imp_state *st, int p, int is_sink, int root_leaf, int *peer)
{
    const int W = st->W, lp = st->leaf[p];
    const uint64_t *Cp = st->C + (size_t)p * W;
    const uint64_t *top = NODE(st, st->off[st->top]);
    for (int w = 0; w < W; w++) {
        uint64_t mask, x;
        if (is_sink) {
            mask = ~UINT64_C(0);
            if (w == W - 1 && (st->N & 63))
                mask = (UINT64_C(1) << (st->N & 63)) - 1;
            if (st->pprime[p] >= 0 && (st->pprime[p] >> 6) == w)
                mask &= ~(UINT64_C(1) << (st->pprime[p] & 63));
        } else if ((mask = Cp[w]) == 0) {
            continue;
        }
        if ((x = top[w] & mask) == 0)
            continue;
        *peer = find_peer(st, lp, root_leaf, w * 64 + ctz64(x));
        if (*peer >= 0)
            return w * 64 + ctz64(x);
        if ((x = others(st, w, lp) & mask) != 0) {
            *peer = find_peer(st, lp, root_leaf, w * 64 + ctz64(x));
            return w * 64 + ctz64(x);
        }
    }
    return -1;
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
    free(st->leaf);
    free(st->recv);
    free(st->T);
}

/* Merges the survivors st->G[0..nsurv) with the arrival queue into
 * st->G2 while ready relative to the first one taken (the head), in
 * (k, f, rank) order. Returns |G2|, or -1 if a survivor is left out
 * (impossible: survivors always stay ready, paper section 4.2). */
static int merge_ready(imp_state *st, int nsurv)
{
    int ng = 0, si = 0, h = -1;
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
        if (from_a)
            st->ai++;
        else
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
    int rc = -1, alive = nprocs, nsurv = 0, nodes;
    int64_t round = 0;
    const int P = nprocs, N = nseg;

    if (papsim_clv_generate_begin(nprocs, nseg, root, arrival, round_time, &opt, out, e) != 0)
        return -1;
    st.P = P;
    st.N = N;
    st.W = (N + 63) / 64;
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
    st.leaf = malloc((size_t)P * sizeof *st.leaf);
    st.recv = malloc((size_t)P * sizeof *st.recv);
    set_levels(&st, P > 1 ? P : 2);
    nodes = st.off[st.top] + 1;
    st.T = malloc((size_t)nodes * st.W * sizeof *st.T);
    keys = malloc((size_t)P * sizeof *keys);
    if (!st.k || !st.f || !st.C || !st.held || !st.pprime || !st.A ||
        !st.G || !st.G2 || !st.leaf || !st.recv || !st.T || !keys) {
        papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
        goto out;
    }
    out->stats.state_bytes =
        ((size_t)P + (size_t)nodes) * st.W * sizeof(uint64_t) +
        (size_t)P * (sizeof *st.k + sizeof *st.f + 7 * sizeof(int) +
                     sizeof *keys);
    if (papsim_clv_split_arrivals(P, arrival, round_time, st.k, st.f, e) != 0)
        goto out;
    for (int i = 0; i < P; i++) {
        uint64_t *Ci = st.C + (size_t)i * st.W;
        for (int w = 0; w < st.W; w++)
            Ci[w] = ~UINT64_C(0);
        if (N & 63)
            Ci[st.W - 1] = (UINT64_C(1) << (N & 63)) - 1;
        st.held[i] = N;
        st.pprime[i] = -1;
        st.leaf[i] = -1;
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
    st.na = P;
    free(keys);
    keys = NULL;

    while (alive > 1) {
        int ng, root_in = 0, nr = 0, root_leaf = -1;
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

        /* the tree over this round's ready set */
        for (int i = 0; i < ng; i++) {
            st.leaf[st.G2[i]] = i;
            root_in |= st.G2[i] == root;
        }
        rebuild(&st, st.G2, ng);
        if (root_in && st.root_first)
            root_leaf = st.leaf[root];

        /* receivers: the sink (the root if ready, else the head) first */
        if (root_in)
            st.recv[nr++] = root;
        for (int i = 0; i < ng; i++)
            if (st.G2[i] != root || !root_in)
                st.recv[nr++] = st.G2[i];
        for (int x = 0; x < nr; x++) {
            const int p = st.recv[x];
            int vpeer;
            const int seg = find_transfer(&st, p, x == 0, root_leaf, &vpeer);
            const int lp = st.leaf[p];
            if (seg < 0)
                continue;
            if (vpeer < 0) {
                papsim_clv_fail(e, PAPSIM_CLV_EINTERNAL, "internal error: round %lld: no peer for "
                                "segment %d", (long long)round, seg);
                goto out;
            }
            const int peer = st.G2[vpeer];
            if (papsim_clv_schedule_add(out, round, peer, p, seg, e) != 0)
                goto out;
            const uint64_t b = UINT64_C(1) << (seg & 63);
            uint64_t *Cp = st.C + (size_t)p * st.W + (seg >> 6);
            uint64_t *Cz = st.C + (size_t)peer * st.W + (seg >> 6);
            if (!(*Cp & b)) { /* only the sink receives a segment it sent */
                st.held[p]++;
                out->transfers[out->ntransfers - 1].flags = PAPSIM_CLV_COPY;
            }
            *Cp |= b;
            *Cz &= ~b;
            st.held[peer]--;
            st.pprime[p] = seg;
            clear_leaf_bit(&st, lp, seg);
            clear_leaf(&st, vpeer);
        }

        /* retire who has sent everything; the others advance by d */
        nsurv = 0;
        for (int i = 0; i < ng; i++) {
            const int p = st.G2[i];
            st.leaf[p] = -1;
            st.pprime[p] = -1;
            if (st.held[p] == 0) {
                alive--;
            } else {
                st.k[p]++;
                st.G[nsurv++] = p;
            }
        }
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
