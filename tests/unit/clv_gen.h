/* The two Clairvoyant generators run side by side, for the unit tests of
 * algorithms/schedule (test_clairvoyant.c, test_clairvoyant_checker.c):
 * gen() builds a schedule with both, checks that they agree and that the
 * checker accepts it. */
#ifndef PAPSIM_TEST_CLV_GEN_H
#define PAPSIM_TEST_CLV_GEN_H
#include <string.h>

#include "check.h"
#include "schedule/clairvoyant.h"

#define GENS 2
static const int generators[GENS] = {PAPSIM_CLV_ORIGINAL, PAPSIM_CLV_IMPROVED};

/* Generates with both generators; checks they agree and that the checker
 * accepts the result; returns the improved one in *s (0 on success). */
static inline int gen(check_counts *c, int P, int N, int root, const double *a,
               double d, int ready, int peers, papsim_clv_schedule *s)
{
    papsim_clv_options o = {ready, peers, 0};
    papsim_clv_schedule t[GENS];
    papsim_clv_err e;
    int ok = 1;
    for (int g = 0; g < GENS; g++) {
        if (papsim_clv_generate(generators[g], P, N, root, a, d, &o, &t[g],
                                &e) != 0) {
            CHECK(c, 0, "%s P=%d N=%d: %s", papsim_clv_generator_name(g), P, N,
                  e.msg);
            ok = 0;
        } else if (papsim_clv_check(&t[g], &e) != 0) {
            CHECK(c, 0, "%s P=%d N=%d: check: %s",
                  papsim_clv_generator_name(g), P, N, e.msg);
            ok = 0;
        }
    }
    if (ok)
        CHECK(c, papsim_clv_schedule_equal(&t[0], &t[1]),
              "original and improved differ, P=%d N=%d root=%d", P, N, root);
    papsim_clv_schedule_free(&t[0]);
    if (!ok) {
        papsim_clv_schedule_free(&t[1]);
        memset(s, 0, sizeof *s);
        return -1;
    }
    *s = t[1];
    return 0;
}

#endif
