/* Unit tests for algorithms/schedule (Clairvoyant schedules): the symbolic
 * checker (papsim_clv_check) rejects hand-broken schedules naming what is
 * wrong, and the generators refuse bad inputs with PAPSIM_CLV_EINVAL; the
 * worked examples of the papers are in test_clairvoyant.c. Round numbers
 * are the library's, 0-based. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clv_gen.h"
#include "schedule/clairvoyant.h"

/* ---- the checker on broken schedules -------------------------------------- */

#define EXPECT_REJECT(c, s, want)                                              \
    do {                                                                       \
        papsim_clv_err e_;                                                         \
        e_.msg[0] = '\0';                                                      \
        CHECK(c, papsim_clv_check(s, &e_) != 0, "accepted, want '%s'", want); \
        CHECK(c, strstr(e_.msg, want) != NULL, "message '%s' lacks '%s'",     \
              e_.msg, want);                                                   \
    } while (0)

/* Builds a schedule from "round src dst seg" quadruples and finishes it
 * (COPY flags computed). */
static int build(papsim_clv_schedule *s, int P, int N, int root,
                 const int (*q)[4], int n, int64_t nrounds)
{
    papsim_clv_err e;
    if (papsim_clv_schedule_init(s, P, N, root, &e) != 0)
        return -1;
    for (int i = 0; i < n; i++)
        if (papsim_clv_schedule_add(s, q[i][0], q[i][1], q[i][2], q[i][3], &e) != 0)
            return -1;
    return papsim_clv_schedule_finish(s, nrounds, &e);
}

static void test_checker(check_counts *c)
{
    const double a[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    papsim_clv_schedule good, s;
    papsim_clv_err e;
    if (gen(c, 8, 4, 0, a, 1, 0, 0, &good) != 0)
        return;

    /* Proficz and Ocetkiewicz 2021, Sec. 4.2, without P': in round 1 ranks
     * 1 and 0 forward the segments they receive in that same round */
    {
        static const int q[][4] = {{0, 1, 0, 0}, {0, 0, 1, 1}, {1, 2, 0, 0},
                                   {1, 3, 1, 1}, {1, 1, 2, 1}, {1, 0, 3, 0}};
        if (build(&s, 4, 4, 0, q, 6, 2) == 0)
            EXPECT_REJECT(c, &s, "receives and sends segment");
        papsim_clv_schedule_free(&s);
    }
    /* a transfer dropped: its segment is stranded */
    papsim_clv_schedule_copy(&s, &good, &e);
    s.transfers[s.ntransfers - 1].src = s.transfers[s.ntransfers - 1].dst;
    EXPECT_REJECT(c, &s, "to itself");
    papsim_clv_schedule_free(&s);
    {
        /* rebuild without the last transfer */
        papsim_clv_schedule_init(&s, 8, 4, 0, &e);
        for (int64_t b = 0; b < good.nbusy; b++)
            for (int64_t t = good.round_first[b]; t < good.round_first[b + 1]; t++)
                if (t != good.ntransfers - 1)
                    papsim_clv_schedule_add(&s, good.round_id[b],
                                            good.transfers[t].src,
                                            good.transfers[t].dst,
                                            good.transfers[t].seg, &e);
        papsim_clv_schedule_finish(&s, good.nrounds, &e);
        EXPECT_REJECT(c, &s, "has sent it away and not received it back");
        papsim_clv_schedule_free(&s);
    }
    /* a sender sends twice in a round */
    papsim_clv_schedule_copy(&s, &good, &e);
    s.transfers[2].src = s.transfers[0].src; /* 3->2 becomes 1->2 */
    EXPECT_REJECT(c, &s, "sends twice");
    papsim_clv_schedule_free(&s);
    /* a receiver receives twice in a round */
    papsim_clv_schedule_copy(&s, &good, &e);
    s.transfers[2].dst = s.transfers[0].dst; /* 3->2 becomes 3->0 */
    EXPECT_REJECT(c, &s, "receives twice");
    papsim_clv_schedule_free(&s);
    /* a segment sent twice (the same transfer again in the next round) */
    {
        static const int q[][4] = {{0, 1, 0, 0}, {1, 1, 0, 0}};
        if (build(&s, 2, 1, 0, q, 2, 2) == 0)
            EXPECT_REJECT(c, &s, "which it does not hold");
        papsim_clv_schedule_free(&s);
    }
    /* wrong COPY flags, both ways */
    papsim_clv_schedule_copy(&s, &good, &e);
    for (int64_t t = 0; t < s.ntransfers; t++)
        if (s.transfers[t].flags & PAPSIM_CLV_COPY) {
            s.transfers[t].flags = 0;
            break;
        }
    EXPECT_REJECT(c, &s, "is marked combine but rank");
    papsim_clv_schedule_free(&s);
    papsim_clv_schedule_copy(&s, &good, &e);
    s.transfers[0].flags = PAPSIM_CLV_COPY;
    EXPECT_REJECT(c, &s, "is marked copy but rank");
    papsim_clv_schedule_free(&s);
    /* a segment number changed */
    papsim_clv_schedule_copy(&s, &good, &e);
    s.transfers[s.ntransfers - 1].seg = (s.transfers[s.ntransfers - 1].seg + 1) % 4;
    CHECK(c, papsim_clv_check(&s, &e) != 0, "changed segment accepted");
    papsim_clv_schedule_free(&s);
    /* out of range */
    papsim_clv_schedule_copy(&s, &good, &e);
    s.transfers[2].dst = 8;
    EXPECT_REJECT(c, &s, "out of range");
    papsim_clv_schedule_free(&s);
    /* rounds not increasing, or past nrounds */
    papsim_clv_schedule_copy(&s, &good, &e);
    s.round_id[1] = s.round_id[0];
    EXPECT_REJECT(c, &s, "not increasing");
    papsim_clv_schedule_free(&s);
    papsim_clv_schedule_copy(&s, &good, &e);
    s.nrounds = s.round_id[s.nbusy - 1];
    EXPECT_REJECT(c, &s, "not increasing");
    papsim_clv_schedule_free(&s);
    /* the root gives a segment away at the end */
    {
        static const int q[][4] = {{0, 1, 0, 0}, {1, 0, 1, 0}};
        if (build(&s, 2, 1, 0, q, 2, 2) == 0)
            EXPECT_REJECT(c, &s, "has sent it away");
        papsim_clv_schedule_free(&s);
        static const int q3[][4] = {{0, 1, 0, 0}, {1, 0, 2, 0}, {2, 2, 1, 0}};
        if (build(&s, 3, 1, 0, q3, 3, 3) == 0)
            EXPECT_REJECT(c, &s, "root 0 has sent it away");
        papsim_clv_schedule_free(&s);
    }
    /* an empty schedule for P > 1 */
    papsim_clv_schedule_init(&s, 3, 2, 1, &e);
    papsim_clv_schedule_finish(&s, 0, &e);
    EXPECT_REJECT(c, &s, "still holds it at the end");
    papsim_clv_schedule_free(&s);
    /* the unmodified schedule passes, also after a copy */
    papsim_clv_schedule_copy(&s, &good, &e);
    CHECK(c, papsim_clv_check(&s, &e) == 0, "copy: %s", e.msg);
    CHECK(c, papsim_clv_schedule_equal(&s, &good), "copy equal");
    papsim_clv_schedule_free(&s);
    papsim_clv_schedule_free(&good);
}

/* ---- inputs --------------------------------------------------------------- */

static void test_inputs(check_counts *c)
{
    double a[4] = {0, 0, 0, 0};
    papsim_clv_schedule s;
    papsim_clv_err e;
    papsim_clv_options o = {0, 0, 0};
#define REJECT(call, want)                                                   \
    do {                                                                     \
        e.msg[0] = '\0';                                                     \
        e.code = 0;                                                          \
        CHECK(c, (call) != 0, "%s accepted", #call);                         \
        /* the max_rounds limit has its own code, the rest are bad inputs */ \
        CHECK(c, e.code == (strstr(want, "more than") ? PAPSIM_CLV_ELIMIT    \
                                                      : PAPSIM_CLV_EINVAL),  \
              "%s: code %d", #call, e.code);                                 \
        CHECK(c, strstr(e.msg, want) != NULL, "message '%s' lacks '%s'",     \
              e.msg, want);                                                  \
        papsim_clv_schedule_free(&s);                                        \
    } while (0)
    for (int g = 0; g < GENS; g++) {
        REJECT(papsim_clv_generate(g, 0, 4, 0, a, 1, NULL, &s, &e), "process count 0");
        REJECT(papsim_clv_generate(g, 4, 0, 0, a, 1, NULL, &s, &e), "segment count 0");
        REJECT(papsim_clv_generate(g, 4, 4, 4, a, 1, NULL, &s, &e), "root 4");
        REJECT(papsim_clv_generate(g, 4, 4, 0, a, 0, NULL, &s, &e), "round time 0");
        a[2] = -1;
        REJECT(papsim_clv_generate(g, 4, 4, 0, a, 1, NULL, &s, &e), "rank 2");
        a[2] = 1e300;
        REJECT(papsim_clv_generate(g, 4, 4, 0, a, 1e-300, NULL, &s, &e), "2^50");
        a[2] = 1e6;
        o.max_rounds = 1000;
        REJECT(papsim_clv_generate(g, 4, 4, 0, a, 1, &o, &s, &e), "more than 1000 rounds");
        o.max_rounds = 0;
        a[2] = 0;
    }
    REJECT(papsim_clv_generate(7, 4, 4, 0, a, 1, NULL, &s, &e), "generator 7");
    int g;
    CHECK(c, papsim_clv_generator_parse("improved", &g, &e) == 0 &&
          g == PAPSIM_CLV_IMPROVED, "parse improved");
    CHECK(c, papsim_clv_generator_parse("fast", &g, &e) != 0 &&
          strstr(e.msg, "valid: original, improved"), "parse fast");
    /* d = alpha + (m/N)(beta + gamma) with the CURIE values (Marendić
     * et al. 2016, Sec. 5.3): 40 MiB in 40 segments gives 6.82e-4 s (their
     * Sec. 7 measured 6.43e-4 s) */
    double d = papsim_clv_round_time(2.66e-6, 4.8179e-10, 1.6654e-10,
                                     40.0 * 1048576, 40);
    CHECK_NEAR(c, d, 6.82e-4, 5e-7);
    /* the exact split a = q d + f */
    {
        double av[3] = {5, 0.3, 7.25}, f[3];
        int64_t q[3];
        CHECK(c, papsim_clv_split_arrivals(3, av, 0.5, q, f, &e) == 0, "split");
        CHECK(c, q[0] == 10 && f[0] == 0 && q[1] == 0 && f[1] == 0.3 &&
              q[2] == 14 && f[2] == 0.25, "split values");
    }
#undef REJECT
}

int main(void)
{
    check_counts c = {0, 0};
    test_checker(&c);
    test_inputs(&c);
    return CHECK_SUMMARY(&c);
}
