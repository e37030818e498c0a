/* Arrival-sorted orders and the pre-reduced ring plan of Proficz 2018 (SLT and
 * PRR allreduce). Plain C (no MPI), reentrant, no global state.
 *
 * Paper:   J. Proficz, "Improving all-reduce collective operations
 *          for imbalanced process arrival patterns", J. Supercomputing (2018),
 *          sections 4.1 (SLT, Fig. 5) and 4.2 (PRR, Fig. 7), with the
 *          errata of the printed listings corrected as described below.
 *
 * Sorted ids. Both algorithms renumber the processes by expected arrival:
 * id 0 is the earliest. Ties go to the lower communicator rank, so every
 * rank derives the same order from the same (bit-identical) arrival vector;
 * a different order on two ranks would deadlock the algorithms.
 *
 * The PRR plan, for arrivals a[id] ascending in sorted ids and tau, the time
 * to transfer and combine one of the P segments:
 *   k[id]  pre-steps of process id (Fig. 7 lines 1-6 as printed, a_{i+1} and
 *          >=): k[P-1] = 0; k[i] = k[i+1] + 1 if a[P-1] - a[i+1] >=
 *          (k[i+1] + 1) tau, else k[i+1]. So k[P-2] = 0, k[i] - k[i+1] is 0
 *          or 1, and equal arrivals give k = 0 (the plain ring).
 *   sp[j]  the process that starts segment j: min{ i : i + k[i] >= j }
 *          (the printed lines 9-12 leave sp unassigned
 *          when k drops between neighbours).
 *   rp[j]  the process that combines segment j last: sp[j] - 1 mod P. The
 *          reduce chain of j is sp[j] -> sp[j]+1 -> ... -> rp[j] (P-1 hops),
 *          the override chain rp[j] -> ... -> rp[j]-1 (P-1 hops).
 *   first  process id starts its reduce loop at segment id + k[id] (<= P-1)
 *          and walks down one segment per step, mod P.
 */
#ifndef PAPSIM_SORTED_RING_H
#define PAPSIM_SORTED_RING_H

#include "../coll_private_malloc.h" /* private control data, also under smpicc */

/* order[id] = the communicator rank with the id-th earliest arrival (ties by
 * rank); arrivals == NULL means all equal (order[id] = id). Returns -1 when
 * an arrival is not a finite number (every rank sees the same input, so all
 * refuse together), else 0. */
int papsim_arrival_order(int p, const double *arrivals, int *order);

/* The PRR plan (see above) for arrivals sorted ascending by id (a_sorted[id]
 * = arrivals[order[id]]) and tau > 0. k, sp and rp have p entries each. */
void papsim_prr_plan(int p, const double *a_sorted, double tau, int *k, int *sp, int *rp);

/* The segment process id starts its PRR reduce loop with: id + k[id]. */
static inline int papsim_prr_first_segment(const int *k, int id) { return id + k[id]; }

#endif
