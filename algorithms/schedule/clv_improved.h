/* Internal state of the improved Clairvoyant generator, shared by
 * clv_improved.c (arrivals, ready sets, rounds) and clv_improved_rows.c
 * (the segment-major holder rows: slots, queries, updates). See the header
 * comment of clv_improved.c. */
#ifndef PAPSIM_CLV_IMPROVED_H
#define PAPSIM_CLV_IMPROVED_H

#include <stdint.h>

#include "clairvoyant.h"

typedef struct {
    int P, N, W, root, strict, root_first;
    int WH;         /* words per half row: 64 WH >= P */
    int S, WS;      /* slots per holder row: S = 64 WS, WS = 2 WH */
    int *fpos;      /* [P]: place of p in (f, rank) order */
    int hpar;       /* parity of o = k - round of the first half's members
                       (the head's): a member's slot is fpos[p] + 64 WH
                       (1 if its parity differs) */
    int64_t *k;     /* availability = k d + f */
    double *f;
    uint64_t *C;    /* [P][W]: the column of p at C + p W, 1 = holds (A or P) */
    int *held;      /* set bits of C[p] */
    int *pprime;    /* P' segment, -1 none */
    int *A;         /* arrival queue */
    int na, ai;
    int *G, *G2;    /* survivors; this round's ready set */
    int nnew;       /* members of G2 without a slot (taken from A since
                       the last busy round) */
    papsim_clv_transfer *tbuf; /* [P]: this round's transfers */
    int *slot;      /* [P]: slot of a ready-set member, -1 none */
    int *slot_proc; /* [S]: the member at a slot, -1 none */
    uint64_t *R;    /* [N][WS]: row j at R + j WS, bit s = the member at
                       slot s holds j and may send it this round */
    uint64_t *occ;  /* [WS]: occupied slots */
    uint64_t *avail;/* [WS]: this round's members that have not sent */
    int *hcnt;      /* [N]: members holding segment j */
    uint64_t *U1s, *U2s; /* [W]: hcnt >= 1, hcnt >= 2 (exact) */
    uint64_t *U1, *U2;   /* [W]: this round's lazy supersets of "one /
                            two members may send j" */
    unsigned short *fw; /* [N]: no member may send j below slot word fw[j]
                           (this round) */
    int *clo;       /* [P]: C[p] is 0 below word clo[p] */
} imp_state;

/* Gives the new members of st->G2[0..ng) their slots (fpos[p], in the
 * second half if the parity of k - round differs from hpar) and enters
 * them in the rows, occ, hcnt, U1s and U2s; swaps the halves when the
 * head is in the second one, so that slot order is ready order. */
void papsim_clv_imp_place(imp_state *st, int ng, int64_t round);

/* Runs one busy round over the ready set st->G2[0..ng) (the sink is the
 * root if root_in, else G2[0]), appending its transfers to out. Returns 0
 * or -1 (e set). */
int papsim_clv_imp_round(imp_state *st, int ng, int root_in, int64_t round,
                         papsim_clv_schedule *out, papsim_clv_err *e);

/* Ends a busy round: the P' segments back in their rows, the members
 * that hold nothing retired (--*alive), the others advanced by d into
 * st->G in order. Returns their number. */
int papsim_clv_imp_end_round(imp_state *st, int ng, int *alive);

#endif
