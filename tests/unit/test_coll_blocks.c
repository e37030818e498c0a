/* Unit tests for algorithms/coll_blocks.h, the one place the algorithms cut
 * vectors: blocks (the first count mod n one longer), the ceil-sized blocks
 * of the scatter-allgather broadcasts, segments, and the powers of two of
 * the recursive algorithms. Exact values for divisible, non-divisible and
 * prime cases, count < n, one block (p = 1) and count 0. */
#include <limits.h>
#include <stdint.h>

#include "check.h"
#include "coll_blocks.h"

/* The lengths and first elements of the n blocks of count, and the end. */
static void expect_blocks(check_counts *c, int count, int n, const int *len, const int *first)
{
    for (int b = 0; b < n; b++) {
        CHECK(c, papsim_block_len(count, n, b) == len[b], "count %d n %d block %d: len %d want %d",
              count, n, b, papsim_block_len(count, n, b), len[b]);
        CHECK(c, papsim_block_first(count, n, b) == first[b],
              "count %d n %d block %d: first %lld want %d", count, n, b,
              (long long)papsim_block_first(count, n, b), first[b]);
    }
    CHECK(c, papsim_block_first(count, n, n) == count, "count %d n %d: block n starts at count",
          count, n);
}

static void test_blocks(check_counts *c)
{
    expect_blocks(c, 12, 4, (const int[]){3, 3, 3, 3}, (const int[]){0, 3, 6, 9});
    expect_blocks(c, 10, 4, (const int[]){3, 3, 2, 2}, (const int[]){0, 3, 6, 8});
    expect_blocks(c, 7, 3, (const int[]){3, 2, 2}, (const int[]){0, 3, 5});
    expect_blocks(c, 13, 5, (const int[]){3, 3, 3, 2, 2}, (const int[]){0, 3, 6, 9, 11});
    expect_blocks(c, 2, 5, (const int[]){1, 1, 0, 0, 0}, (const int[]){0, 1, 2, 2, 2});
    expect_blocks(c, 7, 1, (const int[]){7}, (const int[]){0});
    expect_blocks(c, 0, 4, (const int[]){0, 0, 0, 0}, (const int[]){0, 0, 0, 0});
    CHECK(c, papsim_blocks_len(10, 4, 1, 3) == 5, "blocks 1..2 of 10/4");
    CHECK(c, papsim_blocks_len(13, 5, 0, 5) == 13, "all blocks of 13/5");
    CHECK(c, papsim_blocks_len(13, 5, 2, 2) == 0, "no blocks");
    CHECK(c, papsim_blocks_len(2, 5, 1, 4) == 1, "blocks 1..3 of 2/5");
    /* Offsets near INT_MAX stay exact (INT_MAX = 3 x 715827882 + 1). */
    CHECK(c, papsim_block_first(INT_MAX, 3, 2) == 1431655765LL, "INT_MAX over 3, block 2");
}

/* The ceil blocks [b, b+nb) of count over n: elements and first element. */
static void expect_ceil(check_counts *c, int count, int n, int b, int nb, int len, int first)
{
    int64_t got_first = -1;
    const int got = papsim_ceil_blocks(count, n, b, nb, &got_first);
    CHECK(c, got == len && got_first == first, "ceil count %d n %d [%d,+%d): %d at %lld, want %d at %d",
          count, n, b, nb, got, (long long)got_first, len, first);
}

static void test_ceil_blocks(check_counts *c)
{
    expect_ceil(c, 10, 4, 0, 1, 3, 0); /* sc = 3: 3, 3, 3, 1 */
    expect_ceil(c, 10, 4, 3, 1, 1, 9);
    expect_ceil(c, 10, 4, 2, 2, 4, 6);
    expect_ceil(c, 10, 4, 4, 1, 0, 10); /* past the vector */
    expect_ceil(c, 7, 3, 2, 1, 1, 6);   /* prime: sc = 3: 3, 3, 1 */
    expect_ceil(c, 7, 3, 0, 3, 7, 0);
    expect_ceil(c, 2, 5, 1, 1, 1, 1);   /* count < n: 1, 1, 0, 0, 0 */
    expect_ceil(c, 2, 5, 2, 3, 0, 2);
    expect_ceil(c, 7, 1, 0, 1, 7, 0);   /* p = 1 */
    expect_ceil(c, 0, 4, 0, 4, 0, 0);   /* count 0 */
}

static void test_segments(check_counts *c)
{
    CHECK(c, papsim_seg_elems(1000, 8, 1000) == 125, "1000 B of doubles");
    CHECK(c, papsim_seg_elems(1001, 8, 1000) == 125, "rounded down");
    CHECK(c, papsim_seg_elems(4, 8, 1000) == 1, "at least one element");
    CHECK(c, papsim_seg_elems(0, 8, 1000) == 1000, "no segment size: the whole vector");
    CHECK(c, papsim_seg_elems(-5, 8, 3) == 3, "negative: the whole vector");
    CHECK(c, papsim_seg_elems(100, 0, 3) == 3, "no type size: the whole vector");
    CHECK(c, papsim_seg_elems((int64_t)1 << 40, 8, 10) == 10, "at most count");
    CHECK(c, papsim_seg_elems(1000, 8, 0) == 1, "count 0: one element");
    CHECK(c, papsim_seg_count(10, 3) == 4, "10 in 3s");
    CHECK(c, papsim_seg_count(9, 3) == 3, "9 in 3s");
    CHECK(c, papsim_seg_count(7, 7) == 1, "one segment");
    CHECK(c, papsim_seg_count(7, 1) == 7, "one element each");
    CHECK(c, papsim_seg_count(0, 3) == 0, "count 0: no segment");
    CHECK(c, papsim_seg_count(INT_MAX, 2) == 1073741824, "no overflow");
    const int want[5] = {3, 3, 3, 1, 0};
    for (int s = 0; s < 5; s++)
        CHECK(c, papsim_seg_len(10, 3, s) == want[s], "10 in 3s, segment %d: %d want %d", s,
              papsim_seg_len(10, 3, s), want[s]);
    CHECK(c, papsim_seg_len(9, 3, 2) == 3, "an exact last segment");
    CHECK(c, papsim_seg_len(0, 3, 0) == 0, "count 0");
    CHECK(c, papsim_seg_len(13, 13, 0) == 13, "p = 1 style: the whole vector");
}

static void test_pow2(check_counts *c)
{
    const int n[] = {1, 2, 3, 7, 8, 13, INT_MAX};
    const int floor_p[] = {1, 2, 2, 4, 8, 8, 1 << 30};
    const int floor_l[] = {0, 1, 1, 2, 3, 3, 30};
    const int ceil_l[] = {0, 1, 2, 3, 3, 4, 31};
    for (int i = 0; i < 7; i++) {
        CHECK(c, papsim_pow2_floor(n[i]) == floor_p[i], "pow2_floor(%d) = %d", n[i],
              papsim_pow2_floor(n[i]));
        CHECK(c, papsim_log2_floor(n[i]) == floor_l[i], "log2_floor(%d) = %d", n[i],
              papsim_log2_floor(n[i]));
        CHECK(c, papsim_log2_ceil(n[i]) == ceil_l[i], "log2_ceil(%d) = %d", n[i],
              papsim_log2_ceil(n[i]));
    }
    CHECK(c, papsim_log2_ceil(0) == 0, "log2_ceil(0)");
}

int main(void)
{
    check_counts c = {0, 0};
    test_blocks(&c);
    test_ceil_blocks(&c);
    test_segments(&c);
    test_pow2(&c);
    return CHECK_SUMMARY(&c);
}
