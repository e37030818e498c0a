/* Internal state of the improved Clairvoyant generator, shared by
 * clv_improved.c (arrivals, ready sets, rounds) and clv_improved_rows.c
 * (the segment-major holder rows: slots, queries, updates). See the header
 * comment of clv_improved.c. */
#ifndef PAPSIM_CLV_IMPROVED_H
#define PAPSIM_CLV_IMPROVED_H

#include <stdint.h>

#include "clairvoyant.h"

/* Processes are numbered by place: q is the q-th in (f, rank) order
 * (rank[q] is its rank). Place order refines rank order among equal f,
 * so the (k, f, rank) order of clv_time.h is the (k, f, q) order, and
 * ready members in ready order have increasing places in each half (see
 * clv_improved.c): the per-place arrays are read in address order. */
typedef struct {
    int P, N, W, root, strict, root_first; /* root: its place */
    int WH;         /* words per half: 64 WH >= P, WH a power of two >= 2 */
    int S, WS;      /* slots: S = 64 WS, WS = 2 WH (two halves) */
    int *rank;      /* [P]: the rank at place q */
    int hpar;       /* parity of o = k - round of the first half's members
                       (the head's): a member's slot is q + 64 WH
                       (1 if its parity differs) */
    int64_t *k;     /* availability = k d + f */
    double *f;
    uint64_t *C;    /* [P][W]: the column of q at C + q W, 1 = holds (A or P) */
    int *held;      /* set bits of C[q] */
    int *A;         /* arrival queue */
    int na, ai;
    int *G, *G2;    /* survivors; this round's ready set */
    int nnew;       /* members of G2 without a slot (taken from A since
                       the last busy round) */
    size_t *pback;  /* [P]: the receivers' bits out of their rows (P'),
                       64 R word + bit */
    int np;         /* their number */
    int nret;       /* members that sent their last segment this round */
    int *slot;      /* [P]: slot of a ready-set member, -1 none */
    uint64_t *R;    /* [N][WH]: row j at R + j WH, bit q = member q (at
                       slot q or q + 64 WH: the halves share the row)
                       holds j, but not while j is its P' and it has not
                       sent (pback). Set from the start for every place
                       q < P (a process holds every segment until it
                       sends one, and only members send or receive), so a
                       new member's bits are already there; only slots
                       in avail are ever read */
    uint64_t *occ;  /* [WS]: occupied slots */
    uint64_t *avail;/* [WS]: this round's members that have not sent */
    int *hcnt;      /* [N]: members holding segment j, less hbase */
    int hbase;      /* members entered so far: a new member holds every
                       segment, so entering one adds 1 here, not to each
                       hcnt[j] */
    uint64_t *U1s, *U2s; /* [W]: hcnt + hbase >= 1, >= 2 (exact) */
    uint64_t *U1, *U2;   /* [W]: this round's lazy supersets of "one /
                            two members may send j" */
    int *clo;       /* [P]: C[q] is 0 below word clo[q] */
} imp_state;

/* Gives the new members of st->G2[0..ng) their slots (q, in the
 * second half if the parity of k - round differs from hpar) and enters
 * them in occ, hbase, U1s and U2s (their bits in the rows are set from
 * the start); swaps the halves when the head is in the second one, so
 * that slot order is ready order. */
void papsim_clv_imp_place(imp_state *st, int ng, int64_t round);

/* Runs one busy round over the ready set st->G2[0..ng) (the sink is the
 * root if root_in, else G2[0]), writing its transfers into out
 * (papsim_clv_schedule_room) and appending them. Returns 0 or -1 (e set). */
int papsim_clv_imp_round(imp_state *st, int ng, int root_in, int64_t round,
                         papsim_clv_schedule *out, papsim_clv_err *e);

/* Ends a busy round: the P' bits back in their rows, the members that
 * hold nothing retired (--*alive), the others advanced by d into st->G in
 * order. Returns their number. */
int papsim_clv_imp_end_round(imp_state *st, int ng, int *alive);

#endif
