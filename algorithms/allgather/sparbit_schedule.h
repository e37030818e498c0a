/* The MPI-free arithmetic of the Sparbit schedule (Loch 2021, Algorithm 1),
 * shared by algorithms/allgather/allgather_sparbit.c, algorithms/allgatherv/allgatherv_sparbit.c and the unit test
 * tests/unit/test_sparbit_mask.c.
 *
 * With L = ceil(log2 p) steps, step i uses the distance d = 2^(L-1-i). A rank
 * that holds `data` blocks at the start of a step forwards data - ignore of
 * them, where ignore is 1 exactly when bit log2(d) of the ignore mask is set.
 * The mask is p with every bit above its lowest set bit inverted:
 * (~(p >> ctz(p)) | 1) << ctz(p), kept to its low L bits (bit L-1 belongs to
 * the first step). Examples: 5 -> 011, 6 -> 010, 21 -> 01011; 0 for a power
 * of two. */
#ifndef PAPSIM_SPARBIT_SCHEDULE_H
#define PAPSIM_SPARBIT_SCHEDULE_H

/* ceil(log2 p) in integers (floating-point log can be off near powers of
 * two); 0 for p <= 1. */
static inline int papsim_sparbit_steps(int p)
{
    int steps = 0;
    while (steps < 31 && (1 << steps) < p)
        steps++;
    return steps;
}

/* The ignore mask of p >= 1, low ceil(log2 p) bits only. Computed in
 * unsigned so that ~ and << are well defined. */
static inline unsigned papsim_sparbit_ignore_mask(int p)
{
    if (p <= 1)
        return 0;
    const unsigned up = (unsigned)p;
    unsigned tz = 0;
    while (!((up >> tz) & 1u))
        tz++;
    const unsigned mask = (~(up >> tz) | 1u) << tz;
    const int steps = papsim_sparbit_steps(p);
    return mask & ((1u << steps) - 1u);
}

/* 1 if a rank skips forwarding its last-received block at the step with
 * distance d (a power of two). */
static inline int papsim_sparbit_ignores(unsigned mask, int d)
{
    return (mask & (unsigned)d) != 0;
}

/* (a - b) mod p, never negative (a - b must not overflow an int; in the
 * schedule 0 <= a < p and 0 <= b < p). */
static inline int papsim_sparbit_back(int a, int b, int p)
{
    const int r = (a - b) % p;
    return r < 0 ? r + p : r;
}

#endif
