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

/* The highest set bit of x != 0. */
static int msb64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return 63 - __builtin_clzll(x);
#else
    int n = 0;
    while (x >>= 1)
        n++;
    return n;
#endif
}

static uint64_t bit(int s) { return UINT64_C(1) << (s & 63); }

/* Enters member p at slot s in the rows (its column C[p]). */
static void enter_member(imp_state *st, int p, int s)
{
    const uint64_t *Cp = st->C + (size_t)p * st->W;
    uint64_t *col = st->R + (s >> 6);
    const uint64_t b = bit(s);
    st->slot[p] = s;
    st->slot_proc[s] = p;
    st->occ[s >> 6] |= b;
    for (int w = 0; w < st->W; w++)
        for (uint64_t x = Cp[w]; x; x &= x - 1)
            col[(size_t)(w * 64 + ctz64(x)) * st->WS] |= b;
}

/* Enters a new member p (it holds every segment) at slot s. */
static void add_member(imp_state *st, int p, int s)
{
    enter_member(st, p, s);
    for (int j = 0; j < st->N; j++)
        if (++st->hcnt[j] == 2)
            st->U2s[j >> 6] |= bit(j);
}

/* Bits lo .. hi-1 of a row, as they fall in its word w. */
static uint64_t range_mask(int w, int lo, int hi)
{
    lo -= 64 * w;
    hi -= 64 * w;
    if (lo < 0)
        lo = 0;
    if (hi > 64)
        hi = 64;
    if (hi <= lo)
        return 0;
    return (hi == 64 ? ~UINT64_C(0) : bit(hi) - 1) & ~(bit(lo) - 1);
}

/* Moves bits a .. c-1 of a row to a+1 .. c (bit c is 0); bit a becomes 0. */
static void move_up(uint64_t *row, int a, int c)
{
    for (int w = c >> 6; w >= a >> 6; w--) {
        const uint64_t m = range_mask(w, a + 1, c + 1);
        const uint64_t up = (row[w] << 1) | (w > 0 ? row[w - 1] >> 63 : 0);
        row[w] = (row[w] & ~m) | (up & m);
    }
    row[a >> 6] &= ~bit(a);
}

/* Moves bits a+1 .. c of a row to a .. c-1 (bit a is 0); bit c becomes 0. */
static void move_down(uint64_t *row, int a, int c)
{
    for (int w = a >> 6; w <= c >> 6; w++) {
        const uint64_t m = range_mask(w, a, c);
        const uint64_t down = (row[w] >> 1) | (w < c >> 6 ? row[w + 1] << 63 : 0);
        row[w] = (row[w] & ~m) | (down & m);
    }
    row[c >> 6] &= ~bit(c);
}

/* The first free slot >= s, or S. */
static int free_at_or_above(const imp_state *st, int s)
{
    for (int w = s >> 6; w < st->WS; w++) {
        uint64_t x = ~st->occ[w];
        if (w == s >> 6)
            x &= ~(bit(s) - 1);
        if (x)
            return w * 64 + ctz64(x);
    }
    return st->S;
}

/* The last free slot <= s, or -1. */
static int free_at_or_below(const imp_state *st, int s)
{
    for (int w = s >> 6; w >= 0; w--) {
        uint64_t x = ~st->occ[w];
        if (w == s >> 6 && (s & 63) != 63)
            x &= bit(s + 1) - 1;
        if (x)
            return w * 64 + msb64(x);
    }
    return -1;
}

/* Widens the gap between the members at slots *L and *b (-1 and S: none)
 * by one: the nearest free slot above or below is closed by moving the
 * members between it and the gap one slot, in every row. */
static void open_slot(imp_state *st, int *L, int *b)
{
    const int hr = *b < st->S ? free_at_or_above(st, *b) : st->S;
    const int hl = *L >= 0 ? free_at_or_below(st, *L) : -1;
    if (hr < st->S && (hl < 0 || hr - *b <= *L - hl)) {
        for (int s = hr; s > *b; s--) {
            st->slot_proc[s] = st->slot_proc[s - 1];
            st->slot[st->slot_proc[s]] = s;
        }
        st->slot_proc[*b] = -1;
        move_up(st->occ, *b, hr);
        for (int j = 0; j < st->N; j++)
            move_up(st->R + (size_t)j * st->WS, *b, hr);
        ++*b;
    } else {
        for (int s = hl; s < *L; s++) {
            st->slot_proc[s] = st->slot_proc[s + 1];
            st->slot[st->slot_proc[s]] = s;
        }
        st->slot_proc[*L] = -1;
        move_down(st->occ, hl, *L);
        for (int j = 0; j < st->N; j++)
            move_down(st->R + (size_t)j * st->WS, hl, *L);
        --*L;
    }
    st->respreads++;
}

void papsim_clv_imp_place(imp_state *st, int ng)
{
    int added = 0, L = -1;
    /* a run of m new members between slots L and b: spaced evenly */
    for (int i = 0; i < ng;) {
        int i2 = i, b, m, gap;
        if (st->slot[st->G2[i]] >= 0) {
            L = st->slot[st->G2[i++]];
            continue;
        }
        while (i2 < ng && st->slot[st->G2[i2]] < 0)
            i2++;
        b = i2 < ng ? st->slot[st->G2[i2]] : st->S;
        m = i2 - i;
        while (b - L - 1 < m)
            open_slot(st, &L, &b);
        gap = b - L - 1;
        for (int t = 0; t < m; t++)
            add_member(st, st->G2[i + t],
                       L + (int)(((int64_t)(t + 1) * (gap + 1)) / (m + 1)));
        added += m;
        i = i2;
    }
    if (added) { /* new members hold every segment */
        for (int w = 0; w < st->W; w++)
            st->U1s[w] = ~UINT64_C(0);
        if (st->N & 63)
            st->U1s[st->W - 1] = bit(st->N) - 1;
    }
}

/* The slot of the peer that sends segment j to the member at slot l: the
 * root's slot rs (-1: none) if it may send j, else the leftmost slot
 * other than l that may send j; -1 if there is none. The scan starts at
 * word fw[j], below which no member may send j any more this round, and
 * moves it up. */
static int peer_slot(imp_state *st, int j, int l, int rs)
{
    const uint64_t *Rj = st->R + (size_t)j * st->WS;
    const uint64_t *av = st->avail;
    const int lw = l >> 6;
    int w = st->fw[j];
    if (rs >= 0 && rs != l && (Rj[rs >> 6] & av[rs >> 6] & bit(rs)))
        return rs;
    if (w < st->alo)
        w = st->alo;
    for (; w < st->ahi; w++)
        if (Rj[w] & av[w])
            break;
    st->fw[j] = (unsigned short)w;
    for (; w < st->ahi; w++) {
        uint64_t x = Rj[w] & av[w];
        if (w == lw)
            x &= ~bit(l);
        if (x)
            return w * 64 + ctz64(x);
    }
    return -1;
}

/* No member other than slot l may send j: if l itself may, one may (j
 * leaves U2), else none (j leaves U1 and U2); for the rest of the round. */
static void drop_candidate(imp_state *st, int j, int l)
{
    const uint64_t b = ~bit(j);
    if (!(st->R[(size_t)j * st->WS + (l >> 6)] & st->avail[l >> 6] & bit(l)))
        st->U1[j >> 6] &= b;
    st->U2[j >> 6] &= b;
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

/* The segment receiver p takes, its peer's slot in *zs; -1 if none.
 * mode 0: p has not sent, so it may send everything it holds (another
 * member must too: U2); mode 1: p has sent (one member: U1); mode 2: p is
 * the sink and may take any segment, U2 where it holds one, U1 where not.
 * A candidate that fails leaves U1 or U2, so a round has at most 2N
 * failures. */
static int find_transfer(imp_state *st, int p, int mode, int rs, int *zs)
{
    const uint64_t *Cp = st->C + (size_t)p * st->W;
    const int l = st->slot[p];
    int w0 = st->ulo;
    while (w0 < st->W && st->U1[w0] == 0)
        w0++;
    st->ulo = w0;
    if (mode != 2) { /* C[p] below word clo[p] is 0 */
        int c = st->clo[p];
        while (c < st->W && Cp[c] == 0)
            c++;
        st->clo[p] = c;
        if (c > w0)
            w0 = c;
    }
    for (int w = w0; w < st->W; w++) {
        uint64_t cand;
        if (mode == 0)
            cand = Cp[w] & st->U2[w];
        else if (mode == 1)
            cand = Cp[w] & st->U1[w];
        else
            cand = st->U2[w] | (st->U1[w] & ~Cp[w]);
        for (; cand; cand &= cand - 1) {
            const int j = w * 64 + ctz64(cand);
            if ((*zs = peer_slot(st, j, l, rs)) >= 0)
                return j;
            drop_candidate(st, j, l);
        }
    }
    return -1;
}

int papsim_clv_imp_round(imp_state *st, int nr, int root_in, int64_t round,
                         papsim_clv_schedule *out, papsim_clv_err *e)
{
    const int WS = st->WS;
    const int rs = root_in && st->root_first ? st->slot[st->root] : -1;
    int nt = 0;
    memcpy(st->avail, st->occ, (size_t)WS * sizeof *st->avail);
    memcpy(st->U1, st->U1s, (size_t)st->W * sizeof *st->U1);
    memcpy(st->U2, st->U2s, (size_t)st->W * sizeof *st->U2);
    st->ulo = 0;
    memset(st->fw, 0, (size_t)st->N * sizeof *st->fw);
    st->alo = 0;
    while (st->alo < WS - 1 && st->avail[st->alo] == 0)
        st->alo++;
    st->ahi = WS;
    while (st->ahi > st->alo + 1 && st->avail[st->ahi - 1] == 0)
        st->ahi--;
    for (int x = 0; x < nr; x++) {
        const int p = st->recv[x], l = st->slot[p];
        const int mode = x == 0 ? 2 : (st->avail[l >> 6] & bit(l)) ? 0 : 1;
        int zs;
        const int seg = find_transfer(st, p, mode, rs, &zs);
        if (seg < 0)
            continue;
        const int z = st->slot_proc[zs];
        papsim_clv_transfer *t = &st->tbuf[nt++];
        const uint64_t b = bit(seg);
        uint64_t *Cp = st->C + (size_t)p * st->W + (seg >> 6);
        uint64_t *Cz = st->C + (size_t)z * st->W + (seg >> 6);
        uint64_t *Rj = st->R + (size_t)seg * WS;
        if (!(*Cp & b)) { /* only the sink receives a segment it sent */
            st->held[p]++;
            st->hcnt[seg]++;
            if (st->clo[p] > seg >> 6)
                st->clo[p] = seg >> 6;
            t->flags = PAPSIM_CLV_COPY;
        } else {
            t->flags = 0;
        }
        t->src = z;
        t->dst = p;
        t->seg = seg;
        *Cp |= b;
        *Cz &= ~b;
        st->held[z]--;
        holder_lost(st, seg);
        Rj[l >> 6] &= ~bit(l); /* P': back at the end of the round */
        Rj[zs >> 6] &= ~bit(zs);
        st->avail[zs >> 6] &= ~bit(zs);
        while (st->alo < st->ahi && st->avail[st->alo] == 0)
            st->alo++;
        while (st->ahi > st->alo && st->avail[st->ahi - 1] == 0)
            st->ahi--;
        st->pprime[p] = seg;
    }
    return papsim_clv_schedule_add_round(out, round, st->tbuf, nt, e);
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
