/* The improved Clairvoyant generator's holder rows: one bit row per
 * segment over the slots of the ready set (slot order = ready order), the
 * lazy "some other member may send it" sets and one busy round's
 * receivers. See the header comment of clv_improved.c. */
#include <stddef.h>
#include <string.h>

#include "clv_improved.h"

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

static uint64_t bit(int s) { return UINT64_C(1) << (s & 63); }

/* The scan and the receiver's step are inlined into the round loop so
 * that the row pointers and the window stay in registers. */
#if defined(__GNUC__) || defined(__clang__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

/* Enters a new member p (it holds every segment) at slot s: its bits in
 * the rows, at its place p in either half, have been set since the start
 * (nothing clears a place's bits before it is a member), and it adds one
 * holder to every segment through hbase. A segment some member held has
 * two holders now, all have one. O(W), not O(N). */
static void add_member(imp_state *st, int p, int s)
{
    st->slot[p] = s;
    st->occ[s >> 6] |= bit(s);
    st->hbase++;
    for (int w = 0; w < st->W; w++) {
        st->U2s[w] |= st->U1s[w];
        st->U1s[w] = ~UINT64_C(0);
    }
    if (st->N & 63)
        st->U1s[st->W - 1] = bit(st->N) - 1;
}

/* Exchanges the two halves of occ and of the slots (the rows hold one
 * half: a member's bit stays at its place). A slot's member is its slot
 * mod 64 WH, so no slot-to-member table has to follow. */
static void swap_halves(imp_state *st, int ng)
{
    const int WH = st->WH, H = 64 * WH;
    for (int w = 0; w < WH; w++) {
        const uint64_t t = st->occ[w];
        st->occ[w] = st->occ[WH + w];
        st->occ[WH + w] = t;
    }
    for (int i = 0; i < ng; i++) {
        const int p = st->G2[i];
        st->slot[p] += st->slot[p] < H ? H : -H;
    }
    st->hpar ^= 1;
}

void papsim_clv_imp_place(imp_state *st, int ng, int64_t round)
{
    const int H = 64 * st->WH;
    int added = 0;
    for (int i = 0; i < ng && added < st->nnew; i++) {
        const int p = st->G2[i];
        if (st->slot[p] < 0) { /* o = k - round is fixed while p is ready */
            const int par = (int)((st->k[p] - round) & 1) ^ st->hpar;
            add_member(st, p, p + H * par);
            added++;
        }
    }
    st->nnew = 0;
    /* ready order is slot order when the head's half is the first one */
    if (st->slot[st->G2[0]] >= H)
        swap_halves(st, ng);
}

/* The scan window: the words [alo, ahi) of avail that may hold unsent
 * members, as aligned pairs of row words: [s1, e1) of the first half
 * (slot word v = row word v) and [s2, e2) of the second (slot word WH + v
 * = row word v). */
typedef struct {
    ptrdiff_t alo, ahi, s1, e1, s2, e2;
} window;

static void set_window(window *win, ptrdiff_t WH)
{
    /* WH is even */
    const ptrdiff_t lo = win->alo & ~1, hi = (win->ahi + 1) & ~1;
    win->s1 = lo;
    win->e1 = hi < WH ? hi : WH;
    win->s2 = (lo > WH ? lo : WH) - WH;
    win->e2 = hi - WH;
}

/* First slot word of the window whose bits of row & av are not all 0, or
 * -1; the hit word of a pair chosen without a branch, and its bits in
 * *hit (handed back rather than reloaded: the sender's place, and so
 * the load of its column, wait on them). */
HOT ptrdiff_t first_word(const uint64_t *row, const uint64_t *av,
                         const window *win, ptrdiff_t WH, uint64_t *hit)
{
    const uint64_t *const av2 = av + WH;
    for (ptrdiff_t v = win->s1; v < win->e1; v += 2) {
        const uint64_t h0 = row[v] & av[v], h1 = row[v + 1] & av[v + 1];
        if (h0 | h1) {
            *hit = h0 ? h0 : h1;
            return v + (h0 == 0);
        }
    }
    for (ptrdiff_t v = win->s2; v < win->e2; v += 2) {
        const uint64_t h0 = row[v] & av2[v], h1 = row[v + 1] & av2[v + 1];
        if (h0 | h1) {
            *hit = h0 ? h0 : h1;
            return WH + v + (h0 == 0);
        }
    }
    return -1;
}

/* The round's invariant state in locals: the round stores into int
 * arrays (held, hcnt, clo) and into st (np, nret), which would otherwise
 * force the compiler to reload st's sizes and pointers after every store
 * (int stores may alias st's int fields). The two counters are kept here
 * and written back when the round ends. Indices are ptrdiff_t: no sign
 * extension in the address arithmetic of the hot loop. */
typedef struct {
    ptrdiff_t W, WH, m, hm; /* hm = 64 WH - 1: slot to place */
    int np, nret;
    int h2, h0; /* hcnt[j] < h2: fewer than two holders; == h0: none */
    uint64_t *R, *av, *U1, *U2, *U1s, *U2s, *C;
    const int *slot, *rank;
    int *held, *hcnt, *clo;
    size_t *pback;
} round_ctx;

/* One busy round. Receiver p at slot l (the sink first, then the ready
 * set in order, which is place order in each half: C[p] and the per-place
 * arrays are read in address order) takes the lowest segment j of its
 * candidates that a member other than p may still send:
 *   p has not sent: p may send all it holds, so another member must
 *     too: C[p] & U2; p has sent: C[p] & U1; the sink takes any segment:
 *     U2 where it holds one, U1 where not.
 *   the peer is the root's slot rs (-1: none) if it may send j, else the
 *     lowest slot of row j & avail (p's own bit is out of avail while p
 *     searches), the scan within the window of words with unsent members.
 *     The receiver of j leaves row j until the round ends (P') unless it
 *     has sent already; the sender leaves it for good.
 *   a failed candidate leaves U2 (only p may send it) or U1 and U2 (no
 *     one may), for the rest of the round: at most 2N failures a round.
 * The start words ulo (U1 is 0 below it) and clo[p] (C[p] is 0 below it)
 * are kept where the words change (a failure, a send), not searched per
 * receiver. Locals mirror the state (round_ctx) so the stores into the
 * rows and counters do not force reloads. sink != 0 compiles the sink's
 * variant. The transfers go to *tr (advanced), in the schedule itself. */
HOT int receive(round_ctx *c, ptrdiff_t p, const int sink, ptrdiff_t rs,
                window *win, ptrdiff_t *ulo, papsim_clv_transfer **tr)
{
    const ptrdiff_t W = c->W, WH = c->WH, m = c->m;
    uint64_t *const R = c->R, *const av = c->av;
    uint64_t *const U1 = c->U1, *const U2 = c->U2;
    uint64_t *const Cp = c->C + p * W;
    const ptrdiff_t l = c->slot[p], lw = l >> 6, lr = lw & m;
    const uint64_t lb = bit(l), lav = av[lw] & lb; /* p has not sent */
    const uint64_t *const Uq = lav ? U2 : U1; /* receiver's set */
    const ptrdiff_t rw = rs >= 0 ? rs >> 6 : 0, rr = rw & m;
    uint64_t rmask; /* the root's bit while it may send */
    ptrdiff_t w = sink ? *ulo : (c->clo[p] > *ulo ? c->clo[p] : *ulo);
    ptrdiff_t zs = -1, j = -1;

    av[lw] &= ~lb; /* p does not send to itself */
    rmask = rs >= 0 ? av[rw] & bit(rs) : 0;
    for (; w < W; w++) {
        uint64_t cand = sink ? U2[w] | (U1[w] & ~Cp[w]) : Cp[w] & Uq[w];
        for (; cand; cand &= cand - 1) {
            const uint64_t *const Rj = R + (j = w * 64 + ctz64(cand)) * WH;
            ptrdiff_t v;
            uint64_t hit = 0;
            if (Rj[rr] & rmask) {
                zs = rs;
                goto found;
            }
            v = first_word(Rj, av, win, WH, &hit);
            if (v >= 0) {
                zs = v * 64 + ctz64(hit);
                goto found;
            }
            /* p may send j later: only U2 */
            U1[w] &= ~(bit(j) & ((uint64_t)((Rj[lr] & lav) != 0) - 1));
            U2[w] &= ~bit(j);
            if (U1[w] == 0 && w == *ulo)
                while (++*ulo < W && U1[*ulo] == 0)
                    ;
        }
    }
    av[lw] |= lav;
    return 0;

found:
    av[lw] |= lav;
    {
        /* transfer z -> p of segment j */
        /* a slot is its member's place, plus 64 WH in the second half:
           no table lookup between the scan and the sender's column */
        const ptrdiff_t z = zs & c->hm, jw = j >> 6, zw = zs >> 6;
        const uint64_t b = bit(j), zb = bit(zs);
        uint64_t *const Rj = R + j * WH;
        uint64_t *const Cz = c->C + z * W;
        papsim_clv_transfer *const t = (*tr)++;
        t->src = c->rank[z];
        t->dst = c->rank[p];
        t->seg = (int)j;
        t->flags = 0;
        if (!(Cp[jw] & b)) {
            /* only the sink receives a segment it sent: p gains the holder
               z loses, so the counts stay; p enters row j when the round
               ends (P') */
            t->flags = PAPSIM_CLV_COPY;
            c->held[p]++;
            Cp[jw] |= b;
            if (c->clo[p] > jw)
                c->clo[p] = (int)jw;
            c->pback[c->np++] = (size_t)((j * WH + lr) * 64 + (l & 63));
        } else {
            /* a count falls below two once per segment (the root keeps
               every segment it receives): a branch that is all but never
               taken costs less than masking both words per transfer */
            if (--c->hcnt[j] < c->h2) {
                c->U2s[jw] &= ~b;
                if (c->hcnt[j] == c->h0)
                    c->U1s[jw] &= ~b;
            }
            /* P': p may not send j this round; once p has sent, it sends
               nothing more, so its bit stays. lav is lb or 0: no branch
               (whether p has sent varies from receiver to receiver) */
            Rj[lr] &= ~lav; /* np < P: one entry per earlier receiver */
            c->pback[c->np] = (size_t)((j * WH + lr) * 64 + (l & 63));
            c->np += lav != 0;
        }
        Cz[jw] &= ~b;
        if (Cz[jw] == 0 && c->clo[z] == jw) {
            ptrdiff_t cw = jw + 1;
            while (cw < W && Cz[cw] == 0)
                cw++;
            c->clo[z] = (int)cw;
        }
        c->nret += --c->held[z] == 0; /* z retires at the end of the round */
        Rj[zw & m] &= ~zb;
        av[zw] &= ~zb; /* z has sent */
        if (av[zw] == 0) {
            while (win->alo < win->ahi && av[win->alo] == 0)
                win->alo++;
            while (win->ahi > win->alo && av[win->ahi - 1] == 0)
                win->ahi--;
            set_window(win, WH);
        }
    }
    return 1;
}

int papsim_clv_imp_round(imp_state *st, int ng, int root_in, int64_t round,
                         papsim_clv_schedule *out, papsim_clv_err *e)
{
    const ptrdiff_t WS = st->WS;
    uint64_t *const av = st->avail;
    const int *const G2 = st->G2;
    const int sink = root_in ? st->root : G2[0];
    const ptrdiff_t rs = root_in && st->root_first ? st->slot[st->root] : -1;
    ptrdiff_t ulo = 0;
    window win = {0, WS, 0, 0, 0, 0};
    round_ctx c = {st->W, st->WH, st->WH - 1, 64 * (ptrdiff_t)st->WH - 1,
                   st->np, st->nret, 2 - st->hbase, -st->hbase,
                   st->R, st->avail, st->U1, st->U2, st->U1s, st->U2s, st->C,
                   st->slot, st->rank,
                   st->held, st->hcnt, st->clo, st->pback};
    /* the round's transfers go straight into the schedule */
    papsim_clv_transfer *const tr = papsim_clv_schedule_room(out, ng, e);
    papsim_clv_transfer *t = tr;

    if (tr == NULL)
        return -1;

    memcpy(av, st->occ, (size_t)WS * sizeof *av);
    memcpy(st->U1, st->U1s, (size_t)st->W * sizeof *st->U1);
    memcpy(st->U2, st->U2s, (size_t)st->W * sizeof *st->U2);
    while (win.alo < WS - 1 && av[win.alo] == 0)
        win.alo++;
    while (win.ahi > win.alo + 1 && av[win.ahi - 1] == 0)
        win.ahi--;
    set_window(&win, st->WH);
    while (ulo < st->W && st->U1[ulo] == 0)
        ulo++;

    receive(&c, sink, 1, rs, &win, &ulo, &t);
    if (rs >= 0)
        for (int x = 0; x < ng; x++) {
            if (G2[x] != sink)
                receive(&c, G2[x], 0, rs, &win, &ulo, &t);
        }
    else
        for (int x = 0; x < ng; x++) {
            if (G2[x] != sink)
                receive(&c, G2[x], 0, -1, &win, &ulo, &t);
        }
    st->np = c.np;
    st->nret = c.nret;
    return papsim_clv_schedule_add_round(out, round, tr, (int)(t - tr), e);
}

int papsim_clv_imp_end_round(imp_state *st, int ng, int *alive)
{
    int nsurv = 0;
    for (int i = 0; i < st->np; i++) /* P' back in its row */
        st->R[st->pback[i] >> 6] |= bit((int)(st->pback[i] & 63));
    st->np = 0;
    if (st->nret == 0) { /* all survive, in the same order */
        int *const g = st->G;
        for (int i = 0; i < ng; i++)
            st->k[st->G2[i]]++;
        st->G = st->G2;
        st->G2 = g;
        return ng;
    }
    for (int i = 0; i < ng; i++) {
        const int p = st->G2[i];
        if (st->held[p] == 0) { /* retired: its rows are all 0 */
            const int s = st->slot[p];
            st->occ[s >> 6] &= ~bit(s);
            st->slot[p] = -1;
            --*alive;
        } else {
            st->k[p]++;
            st->G[nsurv++] = p;
        }
    }
    st->nret = 0;
    return nsurv;
}
