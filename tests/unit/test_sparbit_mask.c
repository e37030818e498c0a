/* Unit tests for algorithms/allgather/sparbit_schedule.h: the step count,
 * the ignore mask of Algorithm 1 of W. J. Loch, "Sparbit: a new
 * logarithmic-cost and data locality-aware MPI Allgather algorithm",
 * Master's dissertation, Santa Catarina State University (UDESC), Joinville,
 * Brazil, 2021, Ch. 4 (per-step values worked out from Algorithm 1; p = 5 as
 * its prose describes it) and, simulated without MPI for every p up to 4096
 * and a few large ones, the schedule invariants those helpers imply (closed
 * forms derived from Algorithm 1): blocks per step, p-1 blocks in all, no
 * block received twice, what a rank holds after each step, and the number of
 * ignore steps. */
#include <stdlib.h>

#include "allgather/sparbit_schedule.h"
#include "check.h"

/* The mask as ceil(log2 p) characters, first step (highest bit) first. */
static const char *mask_text(int p, char *buf)
{
    const int steps = papsim_sparbit_steps(p);
    const unsigned mask = papsim_sparbit_ignore_mask(p);
    for (int i = 0; i < steps; i++)
        buf[i] = (mask >> (steps - 1 - i)) & 1u ? '1' : '0';
    buf[steps] = '\0';
    return buf;
}

static void test_steps(check_counts *c)
{
    static const struct { int p, steps; } cases[] = {
        {1, 0},  {2, 1},     {3, 2},     {4, 2},     {5, 3},     {8, 3},         {9, 4},
        {16, 4}, {17, 5},    {33, 6},    {1023, 10}, {1024, 10}, {1025, 11},     {65536, 16},
        {65537, 17}, {1 << 30, 30}, {(1 << 30) + 1, 31}, {2147483647, 31},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK(c, papsim_sparbit_steps(cases[i].p) == cases[i].steps, "p=%d: %d steps, want %d",
              cases[i].p, papsim_sparbit_steps(cases[i].p), cases[i].steps);
}

static void test_masks(check_counts *c)
{
    static const struct { int p; const char *mask; } cases[] = {
        /* line 5 of Algorithm 1, Loch 2021 */
        {5, "011"}, {6, "010"}, {12, "0100"}, {21, "01011"}, {31, "00001"},
        {66, "0111110"}, {84, "0101100"},
        /* small p, worked out by hand from Algorithm 1 */
        {2, "0"}, {3, "01"}, {4, "00"}, {7, "001"}, {8, "000"}, {16, "0000"},
        {1, ""},
    };
    char buf[40];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK_STR(c, mask_text(cases[i].p, buf), cases[i].mask);
    for (int k = 0; k <= 30; k++)
        CHECK(c, papsim_sparbit_ignore_mask(1 << k) == 0, "power of two %d has mask %#x", 1 << k,
              papsim_sparbit_ignore_mask(1 << k));
    CHECK_STR(c, mask_text(2147483647, buf), "0000000000000000000000000000001");
}

/* The per-step tuples (d, blocks sent, ignore) of a few p, worked out by
 * hand from Algorithm 1 of Loch 2021. */
static void test_tuples(check_counts *c)
{
    static const struct { int p; int tuple[7][3]; } cases[] = {
        {5, {{4, 1, 0}, {2, 1, 1}, {1, 2, 1}}},
        {6, {{4, 1, 0}, {2, 1, 1}, {1, 3, 0}}},
        {12, {{8, 1, 0}, {4, 1, 1}, {2, 3, 0}, {1, 6, 0}}},
        {21, {{16, 1, 0}, {8, 1, 1}, {4, 3, 0}, {2, 5, 1}, {1, 10, 1}}},
        {31, {{16, 1, 0}, {8, 2, 0}, {4, 4, 0}, {2, 8, 0}, {1, 15, 1}}},
        {66, {{64, 1, 0}, {32, 1, 1}, {16, 2, 1}, {8, 4, 1}, {4, 8, 1}, {2, 16, 1}, {1, 33, 0}}},
        {84, {{64, 1, 0}, {32, 1, 1}, {16, 3, 0}, {8, 5, 1}, {4, 10, 1}, {2, 21, 0}, {1, 42, 0}}},
    };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        const int p = cases[t].p, steps = papsim_sparbit_steps(p);
        const unsigned mask = papsim_sparbit_ignore_mask(p);
        int data = 1;
        for (int i = 0, d = 1 << (steps - 1); i < steps; i++, d >>= 1) {
            const int ignore = papsim_sparbit_ignores(mask, d);
            const int *want = cases[t].tuple[i];
            CHECK(c, d == want[0] && data - ignore == want[1] && ignore == want[2],
                  "p=%d step %d: (%d,%d,%d) want (%d,%d,%d)", p, i, d, data - ignore, ignore,
                  want[0], want[1], want[2]);
            data = 2 * data - ignore;
        }
    }
}

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

static int popcount(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static int ctz(unsigned v)
{
    int n = 0;
    while (!((v >> n) & 1u))
        n++;
    return n;
}

/* Runs Algorithm 1 for rank 0 of p ranks (every rank is a shift of rank 0),
 * holding a set of block ids; returns the number of broken invariants. */
static int simulate(int p, char *held)
{
    const int steps = papsim_sparbit_steps(p);
    const unsigned mask = papsim_sparbit_ignore_mask(p);
    int bad = 0, data = 1, sent = 0, ignore_steps = 0;
    for (int b = 0; b < p; b++)
        held[b] = b == 0;
    for (int i = 0, d = 1 << (steps - 1); i < steps; i++, d >>= 1) {
        const int ignore = papsim_sparbit_ignores(mask, d);
        const int n = data - ignore;
        const int k = ctz((unsigned)d), z = ctz((unsigned)p);
        /* the rule form of the mask: ignore at k == ctz(p), or above it where p has a 0 bit */
        bad += ignore != (k == z || (k > z && !((p >> k) & 1)));
        bad += n != ceil_div(p, d) - ceil_div(p, 2 * d);
        bad += i == 0 && (ignore || n != 1);
        bad += i == steps - 1 && (ignore != (p % 2) || n != p / 2);
        for (int j = 0; j < n; j++) {
            bad += (long long)(2 * j + 1) * d >= p;
            const int s = papsim_sparbit_back(0, 2 * j * d, p);
            const int r = papsim_sparbit_back(0, (2 * j + 1) * d, p);
            bad += !held[s]; /* rank 0 sends only what it holds */
            /* rank -d sends block -d - 2jd = r, which it holds iff rank 0 holds r + d = s */
            bad += held[r];  /* never received twice */
            held[r] = 2;     /* arrives at the end of the step */
        }
        for (int b = 0; b < p; b++)
            held[b] = held[b] != 0;
        /* after the step: exactly {-k d mod p : 0 <= k < ceil(p/d)} */
        int count = 0;
        for (int b = 0; b < p; b++)
            count += held[b];
        bad += count != ceil_div(p, d);
        for (int m = 0; m < ceil_div(p, d); m++)
            bad += !held[papsim_sparbit_back(0, (int)((long long)m * d % p), p)];
        sent += n;
        ignore_steps += ignore;
        data = 2 * data - ignore;
    }
    bad += sent != p - 1 || data != p;
    bad += ignore_steps != steps - (popcount((unsigned)p) - 1) - ctz((unsigned)p);
    return bad;
}

static void test_schedule(check_counts *c)
{
    static const int large[] = {65535, 65536, 65537, 99999, 100000, 131071};
    char *held = malloc(131072);
    CHECK(c, held != NULL, "out of memory");
    if (!held)
        return;
    int broken = 0;
    for (int p = 2; p <= 4096; p++) {
        const int bad = simulate(p, held);
        if (bad && broken++ < 10)
            CHECK(c, bad == 0, "p=%d: %d broken invariants", p, bad);
    }
    CHECK(c, broken == 0, "%d values of p in 2..4096 break the schedule", broken);
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++)
        CHECK(c, simulate(large[i], held) == 0, "p=%d breaks the schedule", large[i]);
    free(held);
}

int main(void)
{
    check_counts c = {0, 0};
    test_steps(&c);
    test_masks(&c);
    test_tuples(&c);
    test_schedule(&c);
    return CHECK_SUMMARY(&c);
}
