/* The improved Clairvoyant generator's holder rows: one bit row per
 * segment over the slots of the ready set (slot order = ready order), the
 * lazy "some other member may send it" sets and one busy round's
 * receivers. See the header comment of clv_improved.c. */
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

/* Enters a new member p (it holds every segment) at slot s. */
static void add_member(imp_state *st, int p, int s)
{
    uint64_t *col = st->R + (s >> 6);
    const uint64_t b = bit(s);
    st->slot[p] = s;
    st->slot_proc[s] = p;
    st->occ[s >> 6] |= b;
    for (int j = 0; j < st->N; j++) {
        col[(size_t)j * st->WS] |= b;
        if (++st->hcnt[j] == 2)
            st->U2s[j >> 6] |= bit(j);
    }
}

/* Exchanges the two halves of every row (and of occ and the slots). */
static void swap_halves(imp_state *st, int ng)
{
    const int WH = st->WH, H = 64 * WH;
    for (size_t r = 0; r <= (size_t)st->N; r++) {
        uint64_t *row = r < (size_t)st->N ? st->R + r * st->WS : st->occ;
        for (int w = 0; w < WH; w++) {
            const uint64_t t = row[w];
            row[w] = row[WH + w];
            row[WH + w] = t;
        }
    }
    for (int s = 0; s < H; s++) {
        const int t = st->slot_proc[s];
        st->slot_proc[s] = st->slot_proc[H + s];
        st->slot_proc[H + s] = t;
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
            add_member(st, p, st->fpos[p] + H * par);
            added++;
        }
    }
    if (added) { /* new members hold every segment */
        for (int w = 0; w < st->W; w++)
            st->U1s[w] = ~UINT64_C(0);
        if (st->N & 63)
            st->U1s[st->W - 1] = bit(st->N) - 1;
    }
    st->nnew = 0;
    /* ready order is slot order when the head's half is the first one */
    if (st->slot[st->G2[0]] >= H)
        swap_halves(st, ng);
}

/* One member fewer holds j. */
static void holder_lost(imp_state *st, int j)
{
    const int n = --st->hcnt[j];
    if (n == 1)
        st->U2s[j >> 6] &= ~bit(j);
    else if (n == 0)
        st->U1s[j >> 6] &= ~bit(j);
}

/* One busy round. Receiver p at slot l (the sink first, then the ready
 * set in order) takes the lowest segment j of its candidates that a
 * member other than p may still send:
 *   p has not sent: p may send all it holds, so another member must
 *     too: C[p] & U2; p has sent: C[p] & U1; the sink takes any segment:
 *     U2 where it holds one, U1 where not.
 *   the peer is the root's slot rs (-1: none) if it may send j, else the
 *     lowest slot of row j & avail (p's own bit is out of avail while p
 *     searches). The scan starts at word fw[j], below which no member may
 *     send j any more this round, within the window [alo, ahi) of words
 *     with unsent members, by aligned pairs of words (the word below an
 *     odd start and the one past an odd ahi hold no member that may send
 *     j, so there is no tail); the hit word of a pair, the cursor and the
 *     pruning are chosen without branches.
 *   a failed candidate leaves U2 (only p may send it) or U1 and U2 (no
 *     one may), for the rest of the round: at most 2N failures a round.
 * Locals mirror the state so the stores into the rows and counters do not
 * force reloads. */
int papsim_clv_imp_round(imp_state *st, int ng, int root_in, int64_t round,
                         papsim_clv_schedule *out, papsim_clv_err *e)
{
    const int W = st->W, WS = st->WS;
    uint64_t *const R = st->R, *const C = st->C, *const av = st->avail;
    uint64_t *const U1 = st->U1, *const U2 = st->U2;
    unsigned short *const fw = st->fw;
    int *const slot = st->slot, *const clo = st->clo;
    const int *const G2 = st->G2;
    papsim_clv_transfer *const tbuf = st->tbuf;
    const int sink = root_in ? st->root : G2[0];
    const int rs = root_in && st->root_first ? slot[st->root] : -1;
    const uint64_t rb = rs >= 0 ? bit(rs) : 0;
    const int rw = rs >= 0 ? rs >> 6 : 0;
    int nt = 0, alo = 0, ahi = WS, ulo = 0;

    memcpy(av, st->occ, (size_t)WS * sizeof *av);
    memcpy(U1, st->U1s, (size_t)W * sizeof *U1);
    memcpy(U2, st->U2s, (size_t)W * sizeof *U2);
    memset(fw, 0, (size_t)st->N * sizeof *fw);
    while (alo < WS - 1 && av[alo] == 0)
        alo++;
    while (ahi > alo + 1 && av[ahi - 1] == 0)
        ahi--;

    for (int x = -1; x < ng; x++) {
        const int p = x < 0 ? sink : G2[x];
        if (x >= 0 && p == sink)
            continue;
        const int l = slot[p], lw = l >> 6;
        const uint64_t lb = bit(l), lav = av[lw] & lb; /* p has not sent */
        const uint64_t *const Cp = C + (size_t)p * W;
        const uint64_t *const Uq = lav ? U2 : U1; /* receiver's set */
        const int ahe = (ahi + 1) & ~1; /* WS is even */
        int w, zs = -1, j = -1;
        av[lw] &= ~lb; /* p does not send to itself */
        while (ulo < W && U1[ulo] == 0)
            ulo++;
        w = ulo;
        if (x >= 0) { /* C[p] is 0 below word clo[p] */
            int c = clo[p];
            while (c < W && Cp[c] == 0)
                c++;
            clo[p] = c;
            if (c > w)
                w = c;
        }
        for (; w < W && zs < 0; w++) {
            uint64_t cand = x < 0 ? U2[w] | (U1[w] & ~Cp[w]) : Cp[w] & Uq[w];
            for (; cand; cand &= cand - 1) {
                const uint64_t *const Rj = R + (size_t)(j = w * 64 + ctz64(cand)) * WS;
                const int lsend = (Rj[lw] & lav) != 0; /* p may send j */
                /* whole aligned pairs: the words below fw[j] (and alo) and
                   from ahi on hold no member that may send j */
                int v = (fw[j] < alo ? alo : fw[j]) & ~1;
                uint64_t hit = 0;
                if (rs >= 0 && (Rj[rw] & av[rw] & rb)) {
                    zs = rs;
                    break;
                }
                for (; v < ahe; v += 2) {
                    const uint64_t h0 = Rj[v] & av[v], h1 = Rj[v + 1] & av[v + 1];
                    if (h0 | h1) {
                        const uint64_t m0 = (uint64_t)0 - (h0 != 0);
                        hit = (h0 & m0) | (h1 & ~m0);
                        v += h0 == 0;
                        break;
                    }
                }
                {
                    const int lim = lsend ? lw : WS; /* p may send j later */
                    fw[j] = (unsigned short)(v < lim ? v : lim);
                }
                if (hit) {
                    zs = v * 64 + ctz64(hit);
                    break;
                }
                U1[w] &= ~(bit(j) & ((uint64_t)lsend - 1));
                U2[w] &= ~bit(j);
            }
        }
        av[lw] |= lav;
        if (zs < 0)
            continue;

        /* transfer z -> p of segment j */
        const int z = st->slot_proc[zs], jw = j >> 6;
        const uint64_t b = bit(j), zb = bit(zs);
        uint64_t *const Rj = R + (size_t)j * WS;
        papsim_clv_transfer *const t = &tbuf[nt++];
        t->src = z;
        t->dst = p;
        t->seg = j;
        t->flags = 0;
        if (!(Cp[jw] & b)) { /* only the sink receives a segment it sent */
            t->flags = PAPSIM_CLV_COPY;
            st->held[p]++;
            st->hcnt[j]++;
            if (clo[p] > jw)
                clo[p] = jw;
        }
        C[(size_t)p * W + jw] |= b;
        C[(size_t)z * W + jw] &= ~b;
        st->held[z]--;
        holder_lost(st, j);
        Rj[lw] &= ~lb; /* P': back at the end of the round */
        Rj[zs >> 6] &= ~zb;
        st->pprime[p] = j;
        av[zs >> 6] &= ~zb; /* z has sent */
        while (alo < ahi && av[alo] == 0)
            alo++;
        while (ahi > alo && av[ahi - 1] == 0)
            ahi--;
    }
    return papsim_clv_schedule_add_round(out, round, tbuf, nt, e);
}

int papsim_clv_imp_end_round(imp_state *st, int ng, int *alive)
{
    int nsurv = 0;
    for (int i = 0; i < ng; i++) {
        const int p = st->G2[i], j = st->pprime[p], s = st->slot[p];
        if (j >= 0) /* P' back in its row */
            st->R[(size_t)j * st->WS + (s >> 6)] |= bit(s);
        st->pprime[p] = -1;
        if (st->held[p] == 0) { /* retired: its rows are all 0 */
            st->occ[s >> 6] &= ~bit(s);
            st->slot_proc[s] = -1;
            st->slot[p] = -1;
            --*alive;
        } else {
            st->k[p]++;
            st->G[nsurv++] = p;
        }
    }
    return nsurv;
}
