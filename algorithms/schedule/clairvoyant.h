/* Clairvoyant reduce schedules: generators, a per-rank view and a checker.
 * Plain C (no MPI), reentrant, no global state.
 *
 * Papers:  Marendic, Lemeire, Vucinic, Schelkens, "A novel MPI
 *          reduction algorithm resilient to imbalances in process arrival
 *          times", J. Supercomput. 72 (2016), Algorithm 1 ("original");
 *          Proficz & Ocetkiewicz, "Improving Clairvoyant: reduction algorithm
 *          resilient to imbalanced process arrival patterns", J. Supercomput.
 *          77 (2021), sections 4-5 ("improved"). The printed listings'
 *          errata are corrected as described below and in clv_original.c.
 *
 * What a schedule is. A reduce of N segments to the root over P processes
 * runs in rounds of duration d. In one round a process sends at most one
 * segment and receives at most one segment, and combines what it received
 * (Marendic et al. 2016, Def. 3.1). Process i arrives at a_i. Both generators simulate the
 * rounds greedily, knowing every a_i in advance (hence "clairvoyant"):
 *
 *   round time  d = alpha + (m/N)(beta + gamma): the time to receive and
 *               combine one segment of m/N bytes (Marendic et al. 2016 section 5.1;
 *               papsim_clv_round_time). Only d matters to the generators;
 *               a_i and d are in any one unit.
 *   ready set   the processes still holding a segment whose availability
 *               t_i (a_i, then + d per round taken part in) satisfies
 *               t_i < t_h + d (default) or t_i <= t_h + d, where h is the
 *               earliest available one (the "head"; ties by rank).
 *   sink        the root if it is ready, else the head. Receivers are served
 *               in ready order with the sink moved to the front. A non-sink
 *               receives the lowest segment it still holds for which a ready
 *               peer can send; the sink takes the lowest segment any ready
 *               peer can send, even one it sent away earlier (it then copies
 *               instead of combining). A peer can send segment s if it holds
 *               s, has not sent yet in this round, and did not receive s in
 *               this round (state P' of Proficz & Ocetkiewicz 2021 section 4.2).
 *   peer order  the first eligible peer in ready order with the root moved
 *               to the front (default, Listings 1 and 2), or in plain ready
 *               order (Proficz & Ocetkiewicz 2021 section 5.4 wording).
 *   retirement  a process whose segments have all been sent leaves; the
 *               generator stops when one process (always the root) is left.
 * Segments are combined in schedule order, not rank order: only for
 * commutative operations (Marendic et al. 2016 section 5.4); the executor must check
 * MPI_Op_commutative. Balanced arrivals give the optimal ceil(log2 P) + N - 1
 * rounds for powers of two and most other P, but not all (P = 21, N >= 7:
 * one round more; see tests/unit/test_clairvoyant_random.c).
 *
 * Two readings the papers leave open are options (papsim_clv_options):
 *   ready  '<' (default): Marendic et al. 2016 Fig. 8 (R = 9) and Proficz
 *          & Ocetkiewicz 2021 section 5.1 (skips of 1000 and 999 rounds)
 *          need it; Proficz & Ocetkiewicz 2021 Listing 6 uses it. '<=' is
 *          what Listings 1 and 2 print.
 *   peers  root first (default; Listing 2 moves r to the front of G, which is
 *          the reference) or availability order (Proficz & Ocetkiewicz 2021
 *          section 5.4 and Listing 8).
 * Ties are broken by rank everywhere (Proficz & Ocetkiewicz 2021, section 3.4).
 *
 * Exact time arithmetic. Every a_i is split once, exactly, into
 * a_i = q_i d + f_i with an integer q_i and 0 <= f_i < d (f_i = fmod(a_i, d)).
 * Availability is then the pair (k_i, f_i) with k_i = q_i + rounds taken
 * part in, compared lexicographically, so t_i < t_h + d is decided exactly
 * as in real arithmetic on the given doubles: no drift from repeated
 * "a_i += d", and skipping k idle rounds is exactly k single rounds. Both
 * generators use this, so they agree bit for bit.
 *
 * Round numbers. round = the 0-based iteration of the generator's loop,
 * idle rounds included (a round whose ready set is a single process: it
 * moves nothing). nrounds = R, the schedule length of the papers. Printed
 * tables in the papers count from 1 (R_1 = round 0).
 *
 * Generators (identical output, checked on random instances by the tests):
 *   original  Marendic et al. 2016 Algorithm 1 with the fixes listed in clv_original.c: j = j+1
 *             on line 27, M(i,j) = P on line 33, "insert r" = move r, a
 *             search that ends when the segments run out, updates only on
 *             success, the P' state, a (k, f, rank) binary-heap Q. It keeps
 *             a P x N byte state matrix, a linear search over segments and
 *             over G, and iterates every idle round.
 *             O(R P N |G|) worst case, R >= max(a)/d.
 *   improved  Proficz & Ocetkiewicz 2021 section 5: idle rounds skipped in O(1); the ready
 *             set built by merging the previous one with the arrival queue
 *             (no priority queue); one bit of state per (process, segment)
 *             (held or sent; P' is one int per process); the peer search
 *             in a segment tree of N-bit columns with OR aggregates (AND
 *             with the receiver's column, count trailing zeros, descend to
 *             the leftmost leaf). Two differences from Listing 8, both
 *             giving the same schedule: (1) the leaves are the positions in
 *             the ready set, refilled each round (the paper rebuilds the
 *             tree each round anyway), so the doubled f-ordered index space
 *             of section 5.4.3 is not needed, the '<=' reading orders
 *             correctly (the f-order fails
 *             there) and the tree has |G| leaves; (2) the tree is
 *             8-ary (three levels for 512 leaves) and stored node-major
 *             (a node's N-bit column in N/64 contiguous words), and the
 *             climb of Listing 3 ("some other peer holds s") is made for
 *             one word at a time, only when the receiver's own leaf is the
 *             one holder of the root's candidate. State: P N bits + about
 *             (8/7) P N bits for the tree, about 2.2 bits per cell.
 *             O(R |G| (N/64) log |G|) worst case, idle rounds free.
 *
 * The schedule (papsim_clv_schedule). Transfers are stored once, grouped
 * by round (compressed rows): the busy rounds (those with at least one
 * transfer) in increasing round order, round_id[b] their round numbers and
 * transfers[round_first[b] .. round_first[b+1]) their transfers in the
 * order the generator made them (receiver order). 16 bytes per transfer:
 * P = N = 512 gives 262,143 transfers (4 MiB). A rank's view for an
 * executor is papsim_clv_rank_steps: per busy round in which the rank
 * communicates, at most one receive (peer, segment, combine or copy) and
 * at most one send (peer, segment). A rank with no step left is done.
 *
 *   executor (algorithms/reduce/reduce_clairvoyant.c):
 *     n = papsim_clv_rank_steps(&s, me, NULL, 0);
 *     steps = malloc(n * sizeof *steps);
 *     papsim_clv_rank_steps(&s, me, steps, n);
 *     for each step: post Irecv(tmp, seg recv_seg from recv_from) if >= 0,
 *       Isend(seg send_seg to send_to) if >= 0, wait both, then copy tmp
 *       into the segment if (flags & PAPSIM_CLV_COPY) else combine it.
 *   The round order per rank and the single receive and send per round
 *   rule out deadlock; one tag is enough, since both ends of a pair list
 *   their messages in round order and MPI keeps a pair's order.
 */
#ifndef PAPSIM_CLAIRVOYANT_H
#define PAPSIM_CLAIRVOYANT_H

#include "../coll_private_malloc.h" /* private control data, also under smpicc */
#include <stddef.h>
#include <stdint.h>

/* Errors. The schedule code is plain C and calls nothing outside
 * algorithms/. A fallible function returns 0, or -1 with, when e is
 * non-NULL, e->code set to one of the PAPSIM_CLV_E* codes and e->msg to a
 * message naming the bad input ("root 4 is not a rank of 4 processes"). */
enum {
    PAPSIM_CLV_EINVAL = 1,   /* a bad input (nprocs, nseg, root, arrivals, d, a schedule) */
    PAPSIM_CLV_ENOMEM = 2,   /* out of memory */
    PAPSIM_CLV_ELIMIT = 3,   /* more rounds than papsim_clv_options.max_rounds */
    PAPSIM_CLV_EINTERNAL = 4 /* a generator invariant broke (a bug) */
};

typedef struct {
    int code;       /* PAPSIM_CLV_E* of the last failure, 0 before any */
    char msg[1024];
} papsim_clv_err;

/* Records a failure in e (if non-NULL) and returns -1, so the schedule
 * sources can write `return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, ...);`. */
int papsim_clv_fail(papsim_clv_err *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Limits: 1 <= nprocs <= PAPSIM_CLV_NPROCS_MAX, 1 <= nseg <=
 * PAPSIM_CLV_NSEG_MAX and nprocs * nseg <= PAPSIM_CLV_CELLS_MAX (so every
 * index fits an int32_t); a_i finite, >= 0 and a_i / d <= 2^50. */
#define PAPSIM_CLV_NPROCS_MAX 1048576
#define PAPSIM_CLV_NSEG_MAX 1048576
#define PAPSIM_CLV_CELLS_MAX 536870912LL /* 2^29 */

/* transfer flag: the receiver's copy of the segment was sent away earlier
 * (state E; only a sink receives into E), so it must overwrite its buffer
 * with the received data instead of combining, or a contribution would be
 * counted twice (found while checking the generators). */
#define PAPSIM_CLV_COPY 1

typedef struct {
    int32_t src;   /* sending rank */
    int32_t dst;   /* receiving rank, combines (or copies) */
    int32_t seg;   /* segment index, 0 .. nseg-1 */
    int32_t flags; /* PAPSIM_CLV_COPY or 0 */
} papsim_clv_transfer;

/* What the generator used, for reports and benchmarks. */
typedef struct {
    size_t state_bytes;     /* peak bytes of the generator's own working
                               state (state matrix or bits, tree, queues,
                               per-process arrays), the output excluded */
    int64_t skipped_rounds; /* idle rounds jumped over without iterating
                               (improved only; the original iterates them) */
} papsim_clv_stats;

typedef struct {
    int nprocs, nseg, root;
    int64_t nrounds;             /* R: rounds of the generator loop */
    int64_t nbusy;               /* rounds with at least one transfer */
    int64_t ntransfers;
    int64_t *round_id;           /* [nbusy] round numbers, increasing */
    int64_t *round_first;        /* [nbusy + 1] offsets into transfers */
    papsim_clv_transfer *transfers; /* [ntransfers] */
    papsim_clv_stats stats;
    /* builder bookkeeping (papsim_clv_schedule_add); transfers[0 ..
       nchecked) are known to be in range (add_round checks its own) */
    int64_t cap_transfers, cap_busy, nchecked;
} papsim_clv_schedule;

/* One round of one rank, as the executor runs it. */
typedef struct {
    int64_t round;     /* round number (papsim_clv_schedule.round_id) */
    int32_t recv_from; /* rank to receive from, -1: no receive */
    int32_t recv_seg;  /* segment received, -1: none */
    int32_t send_to;   /* rank to send to, -1: no send */
    int32_t send_seg;  /* segment sent, -1: none */
    int32_t flags;     /* PAPSIM_CLV_COPY: copy the received segment */
} papsim_clv_step;

typedef enum {
    PAPSIM_CLV_READY_LT = 0, /* t_i <  t_head + d (default) */
    PAPSIM_CLV_READY_LE = 1  /* t_i <= t_head + d */
} papsim_clv_ready;

typedef enum {
    PAPSIM_CLV_PEERS_ROOT_FIRST = 0,  /* root, then ready order (default) */
    PAPSIM_CLV_PEERS_AVAILABILITY = 1 /* ready order */
} papsim_clv_peers;

/* A zero-filled struct (or NULL) means the defaults. */
typedef struct {
    int ready;          /* papsim_clv_ready */
    int peers;          /* papsim_clv_peers */
    int64_t max_rounds; /* > 0: fail once the loop would pass this many
                           rounds (the original iterates every idle round:
                           R >= max(a)/d); 0: no limit */
} papsim_clv_options;

typedef enum {
    PAPSIM_CLV_ORIGINAL = 0,
    PAPSIM_CLV_IMPROVED = 1
} papsim_clv_generator;

/* "original", "improved"; NULL for an unknown value. */
const char *papsim_clv_generator_name(int generator);
/* Reads "original" or "improved"; the error lists the valid names. */
int papsim_clv_generator_parse(const char *s, int *generator, papsim_clv_err *e);

/* d = alpha + (bytes / nseg) (beta + gamma), Marendic et al. 2016 section 5.1. */
double papsim_clv_round_time(double alpha, double beta, double gamma,
                             double bytes, int nseg);

/* Generates the schedule into *out (which need not be initialized; free it
 * with papsim_clv_schedule_free, also after a failure). arrival[0..nprocs)
 * are the a_i, round_time is d > 0. Returns 0, or -1 with a message naming
 * the bad input (or "out of memory", or the max_rounds limit). */
int papsim_clv_generate(int generator, int nprocs, int nseg, int root,
                        const double *arrival, double round_time,
                        const papsim_clv_options *opt,
                        papsim_clv_schedule *out, papsim_clv_err *e);
int papsim_clv_generate_original(int nprocs, int nseg, int root,
                                 const double *arrival, double round_time,
                                 const papsim_clv_options *opt,
                                 papsim_clv_schedule *out, papsim_clv_err *e);
int papsim_clv_generate_improved(int nprocs, int nseg, int root,
                                 const double *arrival, double round_time,
                                 const papsim_clv_options *opt,
                                 papsim_clv_schedule *out, papsim_clv_err *e);

/* The opening both generators share: *out zeroed, the inputs checked
 * (papsim_clv_check_inputs), the schedule started (papsim_clv_schedule_init)
 * and *opt pointed at the default options when it is NULL. */
int papsim_clv_generate_begin(int nprocs, int nseg, int root, const double *arrival,
                              double round_time, const papsim_clv_options **opt,
                              papsim_clv_schedule *out, papsim_clv_err *e);

/* Checks the generators' inputs (the messages name the bad value). */
int papsim_clv_check_inputs(int nprocs, int nseg, int root,
                            const double *arrival, double round_time,
                            papsim_clv_err *e);

/* The exact split a_i = q_i d + f_i described above: q[i] = q_i and
 * f[i] = f_i (0 <= f_i < d). Checks the inputs first. */
int papsim_clv_split_arrivals(int nprocs, const double *arrival,
                              double round_time, int64_t *q, double *f,
                              papsim_clv_err *e);

/* Fills out[0 .. min(n, cap)) with the steps of `rank` in round order and
 * returns n, the number of rounds in which the rank sends or receives
 * (call with out = NULL, cap = 0 to size the array). O(ntransfers). */
int64_t papsim_clv_rank_steps(const papsim_clv_schedule *s, int rank,
                              papsim_clv_step *out, int64_t cap);

/* Replays the schedule symbolically and returns 0 if it is a correct
 * reduce, else -1 with the first problem: bad ranks, segments, round
 * numbers or offsets; a process sending or receiving twice in a round, or
 * sending to itself; a segment sent by a process that does not hold it
 * (never held, already sent, or received in that same round); a wrong
 * PAPSIM_CLV_COPY flag; a contribution counted twice or lost; a segment
 * not ending at the root. Each (process, segment) buffer is modelled as
 * the set of ranks whose data it contains, as an executor would hold it:
 * a send leaves the (stale) data in place, a copy overwrites it, a combine
 * adds to it (the sets must be disjoint). At the end the root must hold
 * every segment with all nprocs contributions and every other process
 * must have sent all its segments. Time O(ntransfers nprocs/64), memory
 * O(nprocs^2/8 + ntransfers). */
int papsim_clv_check(const papsim_clv_schedule *s, papsim_clv_err *e);

/* Builder, used by the generators and for hand-made schedules (tests):
 * init, then add transfers in non-decreasing round order, then finish,
 * which sets nrounds (>= last round + 1) and computes the COPY flags (the
 * flags given to add are ignored). */
int papsim_clv_schedule_init(papsim_clv_schedule *s, int nprocs, int nseg,
                             int root, papsim_clv_err *e);
int papsim_clv_schedule_add(papsim_clv_schedule *s, int64_t round, int src,
                            int dst, int seg, papsim_clv_err *e);
int papsim_clv_schedule_finish(papsim_clv_schedule *s, int64_t nrounds,
                               papsim_clv_err *e);
/* For a generator that knows its schedule's size and its COPY flags:
 * reserve makes room for ntransfers transfers at once (add then grows
 * nothing below that); finish_flagged is finish without computing the
 * flags: the caller has set every transfer's flags field after its add
 * (the improved generator does; the tests compare them with finish's). */
int papsim_clv_schedule_reserve(papsim_clv_schedule *s, int64_t ntransfers,
                                papsim_clv_err *e);
int papsim_clv_schedule_finish_flagged(papsim_clv_schedule *s, int64_t nrounds,
                                       papsim_clv_err *e);
/* Appends the n transfers t[0..n) of one round, after every round added
 * so far, flags as given (for finish_flagged); n = 0 adds nothing. t may
 * be the place room returned, where they then already are (no copy). */
int papsim_clv_schedule_add_round(papsim_clv_schedule *s, int64_t round,
                                  const papsim_clv_transfer *t, int n,
                                  papsim_clv_err *e);
/* Where the next transfers go, with room for n of them (NULL: out of
 * memory, e set): a generator writes a round there and passes it to
 * add_round. Valid until the schedule next grows. */
papsim_clv_transfer *papsim_clv_schedule_room(papsim_clv_schedule *s, int n,
                                              papsim_clv_err *e);
/* Frees the arrays and zeroes *s; safe on a zeroed or freed schedule. */
void papsim_clv_schedule_free(papsim_clv_schedule *s);

/* Deep copy (for tests that break a schedule on purpose). */
int papsim_clv_schedule_copy(papsim_clv_schedule *dst,
                             const papsim_clv_schedule *src, papsim_clv_err *e);

/* 1 if a and b have the same sizes, rounds and transfers (stats aside). */
int papsim_clv_schedule_equal(const papsim_clv_schedule *a,
                              const papsim_clv_schedule *b);

#endif
