/* The allgatherv block-size distributions against the vectors that the
 * formulas of W. J. Loch, "Sparbit: a new logarithmic-cost and data
 * locality-aware MPI Allgather algorithm", Master's dissertation, Santa
 * Catarina State University (UDESC), Joinville, Brazil, 2021, Sec. 6.1.3,
 * give for p = 16, c = 1024 (worked out by hand with floor and natural log),
 * plus the packed displacements, p = 1 and the error paths. */
#include <stdio.h>

#include "check.h"
#include "cases/distribution.h"

static void expect_vector(check_counts *k, const char *name, const int *want, long long want_sum)
{
    int counts[16], displs[16];
    papsim_err e = {{0}};
    CHECK(k, papsim_distribution_counts(name, 16, 1024, counts, displs, &e) == 0, "%s: %s", name,
          e.msg);
    long long sum = 0;
    for (int i = 0; i < 16; i++) {
        CHECK(k, counts[i] == want[i], "%s[%d]: got %d want %d", name, i, counts[i], want[i]);
        CHECK(k, displs[i] == sum, "%s displs[%d]: got %d want %lld", name, i, displs[i], sum);
        sum += counts[i];
    }
    CHECK(k, sum == want_sum, "%s: total %lld want %lld", name, sum, want_sum);
}

int main(void)
{
    check_counts k = {0, 0};
    const int uniform[16] = {1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024,
                             1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024};
    const int broadcast[16] = {1024};
    const int spike[16] = {16384, 1092, 1092, 1092, 1092, 1092, 1092, 1092,
                           1092,  1092, 1092, 1092, 1092, 1092, 1092, 1092};
    const int half[16] = {2048, 0, 2048, 0, 2048, 0, 2048, 0, 2048, 0, 2048, 0, 2048, 0, 2048, 0};
    const int lindec[16] = {2048, 1911, 1774, 1638, 1501, 1365, 1228, 1092,
                            955,  819,  682,  546,  409,  273,  136,  0};
    const int geometric[16] = {3939, 2363, 1688, 1313, 1074, 909, 787, 695,
                               622,  562,  513,  472,  437,  407, 381, 358};
    expect_vector(&k, "uniform", uniform, 16384);
    expect_vector(&k, "broadcast", broadcast, 1024);
    expect_vector(&k, "spike", spike, 32764);      /* 2pc - eps, eps = 16384 mod 15 = 4 */
    expect_vector(&k, "half", half, 16384);
    expect_vector(&k, "lindec", lindec, 16377);
    expect_vector(&k, "geometric", geometric, 16520); /* > pc: natural log for "log p" */

    int one[1];
    papsim_err e = {{0}};
    for (size_t i = 0; i < papsim_ndistributions; i++) {
        CHECK(&k, papsim_distribution_counts(papsim_distributions[i], 1, 7, one, NULL, &e) == 0,
              "p=1 %s", papsim_distributions[i]);
        CHECK(&k, one[0] == 7, "p=1 %s: got %d", papsim_distributions[i], one[0]);
    }

    int counts[16];
    CHECK(&k, papsim_distribution_counts("zipf", 16, 8, counts, NULL, &e) != 0, "unknown name");
    CHECK(&k, strstr(e.msg, "'zipf' is unknown") && strstr(e.msg, "geometric"), "msg: %s", e.msg);
    CHECK(&k, papsim_distribution_counts("spike", 16, 1LL << 30, counts, NULL, &e) != 0,
          "overflow");
    CHECK(&k, strstr(e.msg, "2^31-1") != NULL, "msg: %s", e.msg);
    return CHECK_SUMMARY(&k);
}
