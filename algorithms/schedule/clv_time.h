/* The exact time order both Clairvoyant generators use. A process's
 * availability is k d + f with f in [0, d) (clv_schedule.c splits every
 * arrival once), so comparisons are exact integer/double comparisons and
 * skipping idle rounds cannot drift from stepping through them. */
#ifndef PAPSIM_CLV_TIME_H
#define PAPSIM_CLV_TIME_H

#include <stdint.h>

/* (k, f, rank) order: a becomes available before b. */
static inline int papsim_clv_earlier(const int64_t *k, const double *f, int a, int b)
{
    if (k[a] != k[b])
        return k[a] < k[b];
    if (f[a] != f[b])
        return f[a] < f[b];
    return a < b;
}

/* c is ready to receive from h this round: t_c < t_h + d (strict, the
 * default) or t_c <= t_h + d. */
static inline int papsim_clv_can_receive(const int64_t *k, const double *f, int strict, int c, int h)
{
    if (k[c] <= k[h])
        return 1;
    if (k[c] != k[h] + 1)
        return 0;
    return strict ? f[c] < f[h] : f[c] <= f[h];
}

#endif
