/* Unit tests for algorithms/schedule (Clairvoyant schedules of P. Marendić,
 * J. Lemeire, D. Vučinić, P. Schelkens, "A novel MPI reduction algorithm
 * resilient to imbalances in process arrival times", The Journal of
 * Supercomputing 72, 2016, with the generators of J. Proficz,
 * K. M. Ocetkiewicz, "Improving Clairvoyant: reduction algorithm resilient
 * to imbalanced process arrival patterns", The Journal of Supercomputing 77,
 * 2021), in bulk:
 *  - balanced arrivals: R = ceil(log2 P) + N - 1 rounds for every P <= 64
 *    and N <= 16 (root 0; every root for P <= 16, N <= 8) except P = 21,
 *    41, 53 from some N on, where the greedy needs one round more (see
 *    test_balanced); P N - 1 transfers for powers of two (15 at
 *    P = N = 4 in Table 2 of Marendić et al. 2016);
 *  - N = 1 and balanced arrivals: exactly the binomial tree;
 *  - the original and the improved generators give identical schedules on
 *    thousands of random instances (seeded xoshiro256**, deterministic),
 *    under both readiness rules and both peer orders, and the checker
 *    accepts all of them (also above 64 processes with every arrival
 *    kind, for the improved generator's multi-word slot rows);
 *  - invariances: the schedule does not depend on d for balanced arrivals,
 *    nor on an exact common shift of the arrival times. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cases/pattern.h"
#include "schedule/clairvoyant.h"

static int ceil_log2(int p)
{
    int n = 0;
    while ((1 << n) < p)
        n++;
    return n;
}

/* Generates with both generators, compares, checks; returns 0 and the
 * improved schedule in *out (or frees it when out is NULL). */
static int both(check_counts *c, const char *what, int P, int N, int root,
                const double *a, double d, const papsim_clv_options *o,
                papsim_clv_schedule *out)
{
    papsim_clv_schedule s0, s1;
    papsim_clv_err e;
    int rc = -1;
    memset(&s1, 0, sizeof s1);
    if (papsim_clv_generate_original(P, N, root, a, d, o, &s0, &e) != 0) {
        CHECK(c, 0, "%s: original: %s", what, e.msg);
        goto out;
    }
    if (papsim_clv_generate_improved(P, N, root, a, d, o, &s1, &e) != 0) {
        CHECK(c, 0, "%s: improved: %s", what, e.msg);
        goto out;
    }
    if (!papsim_clv_schedule_equal(&s0, &s1)) {
        CHECK(c, 0, "%s: original (R=%lld T=%lld) and improved (R=%lld "
              "T=%lld) differ", what, (long long)s0.nrounds,
              (long long)s0.ntransfers, (long long)s1.nrounds,
              (long long)s1.ntransfers);
        goto out;
    }
    if (papsim_clv_check(&s1, &e) != 0) {
        CHECK(c, 0, "%s: check: %s", what, e.msg);
        goto out;
    }
    c->passed++;
    rc = 0;
out:
    papsim_clv_schedule_free(&s0);
    if (rc == 0 && out != NULL)
        *out = s1;
    else
        papsim_clv_schedule_free(&s1);
    return rc;
}

static void test_balanced(check_counts *c)
{
    double a[64] = {0};
    char what[128];
    int bad = 0;
    for (int P = 1; P <= 64; P++)
        for (int N = 1; N <= 16; N++)
            for (int root = 0; root < (P <= 16 && N <= 8 ? P : 1); root++) {
                papsim_clv_schedule s;
                snprintf(what, sizeof what, "balanced P=%d N=%d root=%d", P, N,
                         root);
                if (both(c, what, P, N, root, a, 1, NULL, &s) != 0) {
                    bad++;
                    continue;
                }
                /* The greedy misses the bound by one round for a few odd P
                 * (not powers of two; no worked example of the
                 * papers has them): the root,
                 * as the sink, takes a segment by copy that still lacks one
                 * contribution and needs one more round for it (P = 21,
                 * N = 7: segment 3 arrives from rank 3 in round 7 and rank
                 * 20's part in round 8). Up to P = 130 the exceptions are P
                 * = 21, 41, 53, 81, 105, 117, always one round. Pinned here
                 * so that any change shows. */
                int late = (P == 21 && N >= 7) || (P == 41 && N >= 15) ||
                           (P == 53 && N >= 7);
                int64_t want_r = P == 1 ? 0 : ceil_log2(P) + N - 1 + late;
                if (s.nrounds != want_r) {
                    CHECK(c, 0, "%s: R=%lld want %lld", what,
                          (long long)s.nrounds, (long long)want_r);
                    bad++;
                }
                if ((P & (P - 1)) == 0 && P > 1 &&
                    s.ntransfers != (int64_t)P * N - 1) {
                    CHECK(c, 0, "%s: T=%lld want %d", what,
                          (long long)s.ntransfers, P * N - 1);
                    bad++;
                }
                papsim_clv_schedule_free(&s);
            }
    CHECK(c, bad == 0, "%d balanced cases failed", bad);
    /* a few larger ones */
    static const int bigP[] = {100, 128, 255, 256, 300, 512};
    double *z = calloc(512, sizeof *z);
    for (size_t i = 0; i < sizeof bigP / sizeof bigP[0]; i++)
        for (int N = 1; N <= 64; N *= 4) {
            papsim_clv_schedule s;
            int P = bigP[i];
            snprintf(what, sizeof what, "balanced P=%d N=%d", P, N);
            if (both(c, what, P, N, 0, z, 1, NULL, &s) != 0)
                continue;
            CHECK(c, s.nrounds == ceil_log2(P) + N - 1, "%s: R=%lld", what,
                  (long long)s.nrounds);
            if ((P & (P - 1)) == 0)
                CHECK(c, s.ntransfers == (int64_t)P * N - 1, "%s: T=%lld",
                      what, (long long)s.ntransfers);
            papsim_clv_schedule_free(&s);
        }
    free(z);
}

/* N = 1, root 0, balanced: in round k, rank i with i mod 2^(k+1) == 0
 * receives from i + 2^k when that rank exists (MPICH's binomial tree). */
static void test_binomial(check_counts *c)
{
    double a[64] = {0};
    for (int P = 2; P <= 64; P++) {
        papsim_clv_schedule s;
        char what[64];
        snprintf(what, sizeof what, "binomial P=%d", P);
        if (both(c, what, P, 1, 0, a, 1, NULL, &s) != 0)
            continue;
        int ok = s.nrounds == ceil_log2(P) && s.ntransfers == P - 1 &&
                 s.nbusy == s.nrounds;
        int64_t t = 0;
        for (int k = 0; ok && k < s.nrounds; k++) {
            ok = s.round_id[k] == k;
            for (int i = 0; ok && i < P; i += 2 << k) {
                if (i + (1 << k) >= P)
                    continue;
                const papsim_clv_transfer *x = &s.transfers[t++];
                ok = t <= s.round_first[k + 1] && x->src == i + (1 << k) &&
                     x->dst == i && x->seg == 0 && x->flags == 0;
            }
            ok = ok && t == s.round_first[k + 1];
        }
        CHECK(c, ok, "P=%d N=1 is not the binomial tree", P);
        papsim_clv_schedule_free(&s);
    }
}

/* Random instances. Kinds of arrival vectors (times in units of d scaled
 * afterwards):
 *   0 uniform reals in [0, P + 0.1) ("uniform" of Proficz and Ocetkiewicz
 *     2021, Sec. 5.7)
 *   1 small integers in [0, 4]: many exact ties and t = t_head + d cases,
 *     where '<' and '<=' differ
 *   2 balanced except one late rank ("skewed" of Proficz and Ocetkiewicz
 *     2021, Sec. 5.7, random rank)
 *   3 the root late
 *   4 uniform reals in [0, 3)
 *   5 multiples of 1/4 in [0, 6]: ties in the fractional parts */
static void make_arrivals(papsim_rng *rng, int kind, int P, int N, int root,
                          double d, double *a)
{
    for (int i = 0; i < P; i++)
        a[i] = 0;
    switch (kind) {
    case 0:
        for (int i = 0; i < P; i++)
            a[i] = (P + 0.1) * papsim_rng_uniform(rng);
        break;
    case 1:
        for (int i = 0; i < P; i++)
            a[i] = (double)(papsim_rng_next(rng) % 5) * d;
        return;
    case 2:
        a[papsim_rng_next(rng) % (uint64_t)P] = N * papsim_rng_uniform(rng) * 2;
        break;
    case 3:
        a[root] = (N + P) * papsim_rng_uniform(rng);
        break;
    case 4:
        for (int i = 0; i < P; i++)
            a[i] = 3 * papsim_rng_uniform(rng);
        break;
    default:
        for (int i = 0; i < P; i++)
            a[i] = (double)(papsim_rng_next(rng) % 25) * 0.25;
        break;
    }
    for (int i = 0; i < P; i++)
        a[i] *= d;
}

static void test_random(check_counts *c)
{
    static const double ds[] = {1, 0.5, 0.37, 0.05, 0.125};
    papsim_rng rng;
    double a[48];
    int cases = 0, failed = 0, differ_rule = 0, differ_peers = 0;
    papsim_rng_seed(&rng, 20240617);
    for (int it = 0; it < 1500; it++) {
        int P = 1 + (int)(papsim_rng_next(&rng) % 40);
        int N = 1 + (int)(papsim_rng_next(&rng) % 20);
        int root = (int)(papsim_rng_next(&rng) % (uint64_t)P);
        int kind = (int)(papsim_rng_next(&rng) % 6);
        /* d scales the arrivals too (a < ~50 d), so the original's idle
         * rounds stay few; kind 0 with d = 0.05 spreads them over 20x more
         * rounds to exercise the idle-round skip */
        double d = ds[papsim_rng_next(&rng) % 5];
        make_arrivals(&rng, kind, P, N, root, kind == 0 ? 1 : d, a);
        papsim_clv_schedule s[2][2];
        int ok = 1;
        for (int ready = 0; ready < 2; ready++)
            for (int peers = 0; peers < 2; peers++) {
                papsim_clv_options o = {ready, peers, 0};
                char what[160];
                snprintf(what, sizeof what, "random #%d P=%d N=%d root=%d "
                         "kind=%d d=%g ready=%d peers=%d", it, P, N, root,
                         kind, d, ready, peers);
                cases++;
                if (both(c, what, P, N, root, a, d, &o, &s[ready][peers]) != 0) {
                    failed++;
                    ok = 0;
                    memset(&s[ready][peers], 0, sizeof s[ready][peers]);
                }
            }
        if (ok) {
            differ_rule += !papsim_clv_schedule_equal(&s[0][0], &s[1][0]);
            differ_peers += !papsim_clv_schedule_equal(&s[0][0], &s[0][1]);
            /* deterministic: a second run gives the same bytes */
            papsim_clv_schedule again;
            papsim_clv_err e;
            papsim_clv_options o = {0, 0, 0};
            if (papsim_clv_generate_improved(P, N, root, a, d, &o, &again, &e) == 0) {
                CHECK(c, papsim_clv_schedule_equal(&again, &s[0][0]),
                      "random #%d: not deterministic", it);
                papsim_clv_schedule_free(&again);
            }
        }
        for (int r = 0; r < 2; r++)
            for (int p = 0; p < 2; p++)
                papsim_clv_schedule_free(&s[r][p]);
    }
    printf("random: %d generator pairs compared, %d failed; '<' and '<=' "
           "differ on %d instances, the peer orders on %d\n", cases, failed,
           differ_rule, differ_peers);
    /* the options matter: both must change some schedules */
    CHECK(c, differ_rule > 0 && differ_peers > 0,
          "options never changed a schedule (%d, %d)", differ_rule,
          differ_peers);
}

/* Larger instances, fewer: P, N up to 200, the benchmark kinds of
 * Proficz and Ocetkiewicz 2021, Sec. 5.7. */
static void test_random_large(check_counts *c)
{
    papsim_rng rng;
    papsim_rng_seed(&rng, 99);
    double *a = malloc(256 * sizeof *a);
    for (int it = 0; it < 40; it++) {
        int P = 2 + (int)(papsim_rng_next(&rng) % 199);
        int N = 1 + (int)(papsim_rng_next(&rng) % 200);
        int root = (int)(papsim_rng_next(&rng) % (uint64_t)P);
        int kind = it % 2 ? 0 : 2;
        double d = 0.25 + papsim_rng_uniform(&rng);
        make_arrivals(&rng, kind, P, N, kind == 2 ? 0 : root, 1, a);
        char what[128];
        papsim_clv_options o = {(int)(it % 4 / 2), 0, 0};
        snprintf(what, sizeof what, "large #%d P=%d N=%d kind=%d d=%g", it, P,
                 N, kind, d);
        both(c, what, P, N, kind == 2 ? 0 : root, a, d, &o, NULL);
    }
    free(a);
}

/* More than 64 processes, every arrival kind (ties in the fractional
 * parts included), both readiness rules and both peer orders: the
 * improved generator keeps its holder rows in a doubled (f, rank) slot
 * order over several words, whose halves swap when the head's parity of
 * k - round changes. */
static void test_random_wide(check_counts *c)
{
    papsim_rng rng;
    double *a = malloc(300 * sizeof *a);
    papsim_rng_seed(&rng, 4242);
    for (int it = 0; it < 24 && a; it++) {
        int P = 65 + (int)(papsim_rng_next(&rng) % 200);
        int N = 1 + (int)(papsim_rng_next(&rng) % 48);
        int root = (int)(papsim_rng_next(&rng) % (uint64_t)P);
        int kind = it % 6;
        double d = kind == 0 ? 1 : 0.5;
        make_arrivals(&rng, kind, P, N, root, d, a);
        for (int ready = 0; ready < 2; ready++)
            for (int peers = 0; peers < 2; peers++) {
                papsim_clv_options o = {ready, peers, 0};
                char what[160];
                snprintf(what, sizeof what, "wide #%d P=%d N=%d root=%d kind=%d "
                         "ready=%d peers=%d", it, P, N, root, kind, ready, peers);
                both(c, what, P, N, root, a, d, &o, NULL);
            }
    }
    free(a);
}

static void test_invariance(check_counts *c)
{
    papsim_rng rng;
    double a[32], b[32];
    papsim_rng_seed(&rng, 7);
    for (int it = 0; it < 200; it++) {
        int P = 2 + (int)(papsim_rng_next(&rng) % 31);
        int N = 1 + (int)(papsim_rng_next(&rng) % 9);
        int root = (int)(papsim_rng_next(&rng) % (uint64_t)P);
        papsim_clv_schedule s, t;
        papsim_clv_err e;
        /* multiples of 1/8 and a shift by 3/8: every sum is exact */
        for (int i = 0; i < P; i++) {
            a[i] = (double)(papsim_rng_next(&rng) % 64) / 8;
            b[i] = a[i] + 0.375;
        }
        if (papsim_clv_generate_improved(P, N, root, a, 1, NULL, &s, &e) != 0 ||
            papsim_clv_generate_improved(P, N, root, b, 1, NULL, &t, &e) != 0) {
            CHECK(c, 0, "invariance: %s", e.msg);
        } else {
            CHECK(c, papsim_clv_schedule_equal(&s, &t),
                  "shifted arrivals changed the schedule (P=%d N=%d)", P, N);
        }
        papsim_clv_schedule_free(&s);
        papsim_clv_schedule_free(&t);
        /* balanced: d does not matter */
        for (int i = 0; i < P; i++)
            a[i] = 0;
        if (papsim_clv_generate_improved(P, N, root, a, 1, NULL, &s, &e) != 0 ||
            papsim_clv_generate_improved(P, N, root, a, 0.001, NULL, &t, &e) != 0) {
            CHECK(c, 0, "invariance: %s", e.msg);
        } else {
            CHECK(c, papsim_clv_schedule_equal(&s, &t),
                  "d changed a balanced schedule (P=%d N=%d)", P, N);
        }
        papsim_clv_schedule_free(&s);
        papsim_clv_schedule_free(&t);
    }
}

/* The messages of one rank's steps, as (sender, receiver, round, segment):
 * the executor matches them by sender and order under one tag. */
typedef struct {
    int src, dst, seg;
    int64_t round;
} step_msg;

/* Appends a message if there is room; *n counts them all. */
static void push_msg(step_msg *v, int64_t *n, int64_t cap, int src, int dst,
                     int seg, int64_t round)
{
    if (*n < cap)
        v[*n] = (step_msg){src, dst, seg, round};
    (*n)++;
}

static int cmp_msg(const void *pa, const void *pb)
{
    const step_msg *a = pa, *b = pb;
    if (a->src != b->src)
        return a->src < b->src ? -1 : 1;
    if (a->dst != b->dst)
        return a->dst < b->dst ? -1 : 1;
    if (a->round != b->round)
        return a->round < b->round ? -1 : 1;
    return (a->seg > b->seg) - (a->seg < b->seg);
}

/* Every rank's steps (papsim_clv_rank_steps into private memory, as the
 * executor does): the sends listed by the senders and the receives listed
 * by the receivers are the same messages, pair by pair in round order, and
 * they are all the schedule's transfers. Returns the largest step count. */
static int64_t check_rank_steps(check_counts *c, const char *what,
                                const papsim_clv_schedule *s)
{
    const int64_t T = s->ntransfers;
    step_msg *sends = malloc((size_t)(T ? T : 1) * sizeof *sends);
    step_msg *recvs = malloc((size_t)(T ? T : 1) * sizeof *recvs);
    int64_t ns = 0, nr = 0, most = 0;
    int ok = sends && recvs;
    for (int r = 0; ok && r < s->nprocs; r++) {
        int64_t n = papsim_clv_rank_steps(s, r, NULL, 0);
        papsim_clv_step *st = malloc((size_t)n * sizeof *st);
        if (st == NULL) {
            ok = 0;
            break;
        }
        papsim_clv_rank_steps(s, r, st, n);
        most = n > most ? n : most;
        for (int64_t k = 0; k < n; k++) {
            if (st[k].send_to >= 0)
                push_msg(sends, &ns, T, r, st[k].send_to, st[k].send_seg, st[k].round);
            if (st[k].recv_from >= 0)
                push_msg(recvs, &nr, T, st[k].recv_from, r, st[k].recv_seg, st[k].round);
        }
        free(st);
    }
    if (ok && ns == T && nr == T) {
        qsort(sends, (size_t)T, sizeof *sends, cmp_msg);
        qsort(recvs, (size_t)T, sizeof *recvs, cmp_msg);
        for (int64_t t = 0; t < T && ok; t++)
            ok = cmp_msg(&sends[t], &recvs[t]) == 0;
    }
    CHECK(c, ok && ns == T && nr == T, "%s: the ranks' steps list %lld sends "
          "and %lld receives for %lld transfers, or they do not match", what,
          (long long)ns, (long long)nr, (long long)T);
    free(sends);
    free(recvs);
    return most;
}

/* Arrivals spread far beyond the round time: ranks that arrive
 * alone, gaps of hundreds to 10^5 rounds, many segments, so that single
 * ranks take part in thousands of rounds and their step lists pass 64 KiB
 * (2048 steps of 32 bytes; SMPI's shared malloc threshold in papsim's
 * timing-only runs). Both generators, the checker, and the per-rank view. */
static void test_spread(check_counts *c)
{
    papsim_rng rng;
    double *a = malloc(160 * sizeof *a);
    int64_t most = 0;
    papsim_rng_seed(&rng, 4);
    for (int it = 0; it < 60 && a; it++) {
        int P = 2 + (int)(papsim_rng_next(&rng) % 130);
        int N = 1 + (int)(papsim_rng_next(&rng) % 300);
        int root = (int)(papsim_rng_next(&rng) % (uint64_t)P);
        double gap = 1 + (double)(papsim_rng_next(&rng) % 1000); /* rounds */
        for (int i = 0; i < P; i++) /* ascending, descending, random */
            a[i] = it % 3 == 0 ? gap * i : it % 3 == 1 ? gap * (P - 1 - i)
                 : gap * P * papsim_rng_uniform(&rng);
        char what[128];
        papsim_clv_schedule s;
        snprintf(what, sizeof what, "spread #%d P=%d N=%d root=%d gap=%g", it,
                 P, N, root, gap);
        if (both(c, what, P, N, root, a, 1.0, NULL, &s) == 0) {
            int64_t m = check_rank_steps(c, what, &s);
            most = m > most ? m : most;
            papsim_clv_schedule_free(&s);
        }
    }
    free(a);
    printf("spread: the longest step list has %lld steps\n", (long long)most);
    CHECK(c, most > 2048, "spread: no step list passes 64 KiB (%lld steps)",
          (long long)most);
}

/* A long schedule from spread arrivals: 128 ranks, 1 MiB, 40 segments,
 * ascending arrivals over 47.492 ms, the default (CURIE) round time. The
 * root's 3122 steps (98 KiB) pass SMPI's shared-malloc threshold of
 * timing-only runs, so its step list must stay private memory
 * (cli.clairvoyant_reduce runs such a case). */
static void test_long_spread(check_counts *c)
{
    double a[128];
    papsim_clv_schedule s;
    papsim_clv_err e;
    const double d = papsim_clv_round_time(2.66e-6, 4.8179e-10, 0, 1048576, 40);
    for (int i = 0; i < 128; i++)
        a[i] = 47.492e-3 * i / 127;
    if (papsim_clv_generate_improved(128, 40, 0, a, d, NULL, &s, &e) != 0) {
        CHECK(c, 0, "long spread: %s", e.msg);
        return;
    }
    CHECK(c, papsim_clv_check(&s, &e) == 0, "long spread: check: %s", e.msg);
    CHECK(c, s.nrounds == 3146 && s.ntransfers == 8060,
          "long spread: %lld rounds, %lld transfers (want 3146, 8060)",
          (long long)s.nrounds, (long long)s.ntransfers);
    CHECK(c, papsim_clv_rank_steps(&s, 0, NULL, 0) == 3122,
          "long spread: the root has %lld steps (want 3122)",
          (long long)papsim_clv_rank_steps(&s, 0, NULL, 0));
    check_rank_steps(c, "long spread", &s);
    papsim_clv_schedule_free(&s);
}
int main(void)
{
    check_counts c = {0, 0};
    test_balanced(&c);
    test_binomial(&c);
    test_random(&c);
    test_random_large(&c);
    test_random_wide(&c);
    test_invariance(&c);
    test_spread(&c);
    test_long_spread(&c);
    return CHECK_SUMMARY(&c);
}
