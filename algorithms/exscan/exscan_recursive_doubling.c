/* Exscan: recursive doubling (MPICH recursive_doubling,
 * MPIR_Exscan_intra_recursive_doubling).
 *
 * Source:  A. Grama, A. Gupta, G. Karypis, V. Kumar, "Introduction to
 *          Parallel Computing", 2nd ed., Addison-Wesley, 2003, Sec. 4.3,
 *          Algorithm 4.9 (prefix sums on a hypercube), whose result
 *          before a rank's own term is the exclusive prefix; MPICH's
 *          implementation for any p and non-commutative ops. Open MPI
 *          4.1's ompi_coll_base_exscan_intra_recursivedoubling
 *          (ompi/mca/coll/base/coll_base_exscan.c), the tuned component's
 *          exscan algorithm 2, has the same messages; for a commutative op
 *          it folds a higher partner's data in on the left, the same value.
 * Pattern: as scan recursive_doubling: `partial` (the fold over the current
 *          subcube, starting from x_r) is swapped with r xor 2^k at
 *          k = 0..ceil(log2 p)-1 (skipped when that rank does not exist).
 *          Data from a lower partner is the left operand of `partial` and
 *          of the result; the first such data is copied into the result,
 *          which never holds x_r. Rank 0 never hears from a lower partner:
 *          its recvbuf is left untouched.
 *
 *            p=4   k=0: 0<->1 2<->3   k=1: 0<->2 1<->3
 *
 * Cost:    ceil(log2 p)(alpha + m beta) + up to 2 ceil(log2 p) m gamma,
 *          m = the vector.
 * Memory:  2 m.
 * Restrictions: none: any p, any op, commutative or not; MPI_IN_PLACE.
 */
#include "coll_scan.h"

int papsim_exscan_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                     MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                     const papsim_params *params)
{
    return papsim_prefix_recursive_doubling(sendbuf, recvbuf, count, type, op, comm, params,
                                            PAPSIM_FLAGS_exscan_recursive_doubling, 1);
}
