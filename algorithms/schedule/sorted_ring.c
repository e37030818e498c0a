/* Arrival-sorted orders and the PRR plan (see sorted_ring.h). */
#include "sorted_ring.h"

#include <math.h>
#include <stdlib.h>

/* Insertion sort by (arrival, rank): p is a process count (tens to
 * thousands), the input is often nearly sorted, and the order must be
 * total so that every rank gets the same answer. */
int papsim_arrival_order(int p, const double *arrivals, int *order)
{
    for (int i = 0; i < p; i++) {
        if (arrivals && !isfinite(arrivals[i]))
            return -1;
        order[i] = i;
    }
    if (!arrivals)
        return 0;
    for (int i = 1; i < p; i++) {
        const int r = order[i];
        int j = i;
        /* ranks are inserted in increasing order, so a tie stays behind
         * the lower rank: strict '>' keeps the sort stable */
        while (j > 0 && arrivals[order[j - 1]] > arrivals[r]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = r;
    }
    return 0;
}

void papsim_prr_plan(int p, const double *a_sorted, double tau, int *k, int *sp, int *rp)
{
    k[p - 1] = 0;
    for (int i = p - 2; i >= 0; i--) /* Fig. 7 lines 1-6: a_{i+1}, >= */
        k[i] = a_sorted[p - 1] - a_sorted[i + 1] >= (k[i + 1] + 1) * tau ? k[i + 1] + 1 : k[i + 1];
    /* s_i = i + k_i is non-decreasing in steps of 0 or 1 and s_{p-1} = p-1,
     * so the first i with s_i >= j exists for every j and grows with j. */
    for (int i = 0, j = 0; j < p; j++) {
        while (i + k[i] < j)
            i++;
        sp[j] = i;
        rp[j] = (i + p - 1) % p;
    }
}
