/* alltoallv's per-pair matrices (distribution_matrix.h): the exact matrices
 * at small p, rows and columns of one matrix agreeing, the random matrix
 * fixed by its seed (pinned values, the same on every call, another seed
 * another matrix, entries in 0..2c with mean c), the totals, the size
 * bound; and the case rules of --distribution and --matrix-seed with their
 * messages, and the seed in the case id. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "cases/alltoallv_rules.h"
#include "cases/distribution_matrix.h"

enum { P = 5 };

/* m[s][d] of the named matrix, read through the rows. */
static int matrix(const char *name, int p, long long c, unsigned long long seed, int m[P][P])
{
    papsim_err e = {{0}};
    for (int s = 0; s < p; s++)
        if (papsim_matrix_vector(name, p, c, seed, s, 0, m[s], &e) != 0)
            return -1;
    return 0;
}

static void expect_matrix(check_counts *k, const char *name, int p, long long c,
                          unsigned long long seed, const int *want)
{
    int m[P][P];
    CHECK(k, matrix(name, p, c, seed, m) == 0, "%s p=%d", name, p);
    for (int s = 0; s < p; s++)
        for (int d = 0; d < p; d++)
            CHECK(k, m[s][d] == want[s * p + d], "%s p=%d m[%d][%d] = %d, want %d", name, p, s,
                  d, m[s][d], want[s * p + d]);
}

/* The columns (what rank d receives) are the rows' transpose. */
static void expect_columns(check_counts *k, const char *name, int p, long long c,
                           unsigned long long seed)
{
    int m[P][P], col[P];
    papsim_err e = {{0}};
    CHECK(k, matrix(name, p, c, seed, m) == 0, "%s", name);
    for (int d = 0; d < p; d++) {
        CHECK(k, papsim_matrix_vector(name, p, c, seed, d, 1, col, &e) == 0, "%s", e.msg);
        for (int s = 0; s < p; s++)
            CHECK(k, col[s] == m[s][d], "%s column %d row %d: %d vs %d", name, d, s, col[s],
                  m[s][d]);
    }
}

static void expect_case(check_counts *k, const char *coll, const char *dist,
                        unsigned long long seed, int in_place, int np, long long bytes,
                        const char *want)
{
    papsim_case c;
    papsim_err e = {{0}};
    papsim_case_defaults(&c);
    snprintf(c.collective, sizeof c.collective, "%s", coll);
    snprintf(c.distribution, sizeof c.distribution, "%s", dist);
    snprintf(c.datatype, sizeof c.datatype, "int");
    c.matrix_seed = seed;
    c.in_place = in_place;
    c.np = np;
    c.bytes = bytes;
    const int rc = papsim_case_check_distribution(&c, &e);
    if (!want)
        CHECK(k, rc == 0, "%s %s: refused: %s", coll, dist, e.msg);
    else
        CHECK(k, rc != 0 && strstr(e.msg, want), "%s %s: got '%s' want '%s'", coll, dist,
              rc ? e.msg : "(accepted)", want);
}

int main(void)
{
    check_counts k = {0, 0};
    /* p = 3, c = 2 */
    expect_matrix(&k, "uniform", 3, 2, 0, (const int[]){2, 2, 2, 2, 2, 2, 2, 2, 2});
    expect_matrix(&k, "spike", 3, 2, 0, (const int[]){2, 2, 6, 2, 2, 2, 2, 2, 2});
    /* lindec at p 3, c 2: 4, 2, 0; sender s sends its count to everyone */
    expect_matrix(&k, "rows-lindec", 3, 2, 0, (const int[]){4, 4, 4, 2, 2, 2, 0, 0, 0});
    expect_matrix(&k, "rows-broadcast", 3, 2, 0, (const int[]){2, 2, 2, 0, 0, 0, 0, 0, 0});
    expect_matrix(&k, "rows-half", 3, 2, 0, (const int[]){4, 4, 4, 0, 0, 0, 4, 4, 4});
    /* rows-spike: spike's counts p c = 6, floor(6/2) = 3 */
    expect_matrix(&k, "rows-spike", 3, 2, 0, (const int[]){6, 6, 6, 3, 3, 3, 3, 3, 3});
    /* random, pinned: seed 7 at c 2 and seed 8 at c 5 (splitmix64) */
    expect_matrix(&k, "random", 3, 2, 7, (const int[]){2, 0, 4, 3, 0, 1, 4, 4, 3});
    expect_matrix(&k, "random", 4, 5, 8,
                  (const int[]){3, 6, 2, 7, 10, 5, 7, 3, 6, 2, 8, 6, 1, 2, 5, 10});
    /* p = 1: every matrix is the single block c */
    expect_matrix(&k, "spike", 1, 3, 0, (const int[]){3});
    expect_matrix(&k, "rows-lindec", 1, 3, 0, (const int[]){3});
    /* c = 0: nothing anywhere, random included */
    expect_matrix(&k, "random", 2, 0, 7, (const int[]){0, 0, 0, 0});
    for (size_t i = 0; i < papsim_nmatrices; i++)
        expect_columns(&k, papsim_matrices[i], P, 3, 11);

    /* The seed alone fixes the matrix: entries depend on (seed, s, d, c),
     * so rank 3's row at p 5 is rank 3's row at p 4 (where it exists). */
    int a[P], b[P];
    papsim_err e = {{0}};
    CHECK(&k, papsim_matrix_vector("random", 5, 100, 42, 3, 0, a, &e) == 0, "%s", e.msg);
    CHECK(&k, papsim_matrix_vector("random", 4, 100, 42, 3, 0, b, &e) == 0, "%s", e.msg);
    CHECK(&k, memcmp(a, b, 4 * sizeof a[0]) == 0, "the seed, not p, decides");
    int differ = 0;
    long long total = 0, lo = 1 << 30, hi = -1;
    for (int s = 0; s < 64; s++)
        for (int d = 0; d < 64; d++) {
            const long long v = papsim_matrix_random_entry(42, s, d, 100);
            differ += v != papsim_matrix_random_entry(43, s, d, 100);
            total += v;
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    CHECK(&k, differ > 4000, "seed 43 is another matrix (%d of 4096 entries differ)", differ);
    CHECK(&k, lo == 0 && hi == 200, "entries span 0..2c: %lld..%lld", lo, hi);
    CHECK(&k, total > 4096 * 95 && total < 4096 * 105, "mean within 5%% of c: total %lld", total);

    /* Totals: spike moves p(p-1) c + p c in all at p 5, c 2: 20 x 2 + 10 */
    int m[P][P];
    long long sum = 0;
    CHECK(&k, matrix("spike", P, 2, 0, m) == 0, "spike");
    for (int s = 0; s < P; s++)
        for (int d = 0; d < P; d++)
            sum += m[s][d];
    CHECK(&k, sum == 24 * 2 + 10, "spike total %lld", sum);

    /* The size bound: p x the largest entry in one rank's buffer. */
    CHECK(&k, papsim_matrix_check("uniform", 2, 1LL << 30, &e) != 0 &&
                  strstr(e.msg, "more than 2^31-1 elements in one rank's buffer"),
          "%s", e.msg);
    CHECK(&k, papsim_matrix_check("spike", 64, 1 << 20, &e) != 0, "spike: 64 x 64 Mi");
    CHECK(&k, papsim_matrix_check("uniform", 64, 1 << 20, &e) == 0, "%s", e.msg);
    CHECK(&k, papsim_matrix_check("lindec", 4, 1, &e) != 0 &&
                  strstr(e.msg, "'lindec' is not an alltoallv matrix (valid: uniform, spike, "
                                "random, rows-broadcast"),
          "%s", e.msg);

    /* The case rules. */
    expect_case(&k, "alltoallv", "random", 7, 0, 4, 8, NULL);
    expect_case(&k, "alltoallv", "random", 0, 0, 4, 8,
                "--distribution random needs --matrix-seed N");
    expect_case(&k, "alltoallv", "spike", 7, 0, 4, 8,
                "--matrix-seed 7 applies to --distribution random only (distribution is spike)");
    expect_case(&k, "alltoallv", "uniform", 0, 1, 4, 8, NULL);
    expect_case(&k, "alltoallv", "spike", 0, 1, 4, 8,
                "--in-place needs a symmetric matrix");
    expect_case(&k, "alltoallv", "lindec", 0, 0, 4, 8, "'lindec' is not an alltoallv matrix");
    expect_case(&k, "alltoallv", "spike", 0, 0, 1024, 1LL << 22,
                "--distribution: distribution 'spike' at p=1024 with 1048576-element blocks");
    expect_case(&k, "allgatherv", "random", 0, 0, 4, 8,
                "--distribution random is a per-pair matrix of alltoallv only (collective is "
                "allgatherv)");
    expect_case(&k, "reduce_scatter", "lindec", 7, 0, 4, 8,
                "--matrix-seed 7 applies to alltoallv only (collective is reduce_scatter)");
    expect_case(&k, "allgatherv", "lindec", 0, 0, 4, 8, NULL);
    expect_case(&k, "allgatherv", "zipf", 0, 0, 4, 8, "--distribution 'zipf' is unknown");

    /* The seed is part of the case id (and only when set). */
    papsim_case c1, c2;
    char id1[17], id2[17], id0[17];
    papsim_case_defaults(&c1);
    snprintf(c1.collective, sizeof c1.collective, "alltoallv");
    snprintf(c1.distribution, sizeof c1.distribution, "random");
    c2 = c1;
    c1.matrix_seed = 7;
    c2.matrix_seed = 8;
    papsim_case_id(&c1, id1);
    papsim_case_id(&c2, id2);
    CHECK(&k, strcmp(id1, id2) != 0, "seeds 7 and 8 share id %s", id1);
    c2.matrix_seed = 7;
    papsim_case_id(&c2, id2);
    CHECK_STR(&k, id2, id1);
    c2.matrix_seed = 0;
    papsim_case_id(&c2, id0);
    CHECK(&k, strcmp(id0, id1) != 0, "an unset seed has its own id");
    return CHECK_SUMMARY(&k);
}
