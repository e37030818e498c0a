/* Exscan: recursive doubling (MPICH recursive_doubling,
 * MPIR_Exscan_intra_recursive_doubling).
 *
 * Source:  A. Grama, A. Gupta, G. Karypis, V. Kumar, "Introduction to
 *          Parallel Computing", 2nd ed., Addison-Wesley, 2003, Sec. 4.3,
 *          Algorithm 4.9 (prefix sums on a hypercube), whose result
 *          before a rank's own term is the exclusive prefix; MPICH's
 *          implementation for any p and non-commutative ops.
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
    papsim_call c;
    const void *input;
    void *free0 = NULL, *free1 = NULL, *partial = NULL, *incoming = NULL;
    int rc = papsim_scan_begin(sendbuf, recvbuf, count, type, op, comm, params,
                               PAPSIM_FLAGS_exscan_recursive_doubling, 1, &c, &input);
    if (rc != MPI_SUCCESS || c.done)
        return rc; /* argument errors: the same code on every rank, nothing sent */
    rc = papsim_scratch_alloc(count, type, &free0, &partial);
    PAPSIM_CHECK(rc);
    rc = papsim_scratch_alloc(count, type, &free1, &incoming);
    PAPSIM_CHECK(rc);
    rc = papsim_local_copy(input, partial, count, type); /* before recvbuf changes */
    PAPSIM_CHECK(rc);
    int have_result = 0;
    for (int mask = 1; mask < c.p; mask <<= 1) {
        const int peer = c.rank ^ mask;
        if (peer >= c.p)
            continue;
        rc = MPI_Sendrecv(partial, count, type, peer, PAPSIM_TAG_EXSCAN, incoming, count, type,
                          peer, PAPSIM_TAG_EXSCAN, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        if (peer < c.rank) { /* the peer's ranks come first */
            rc = papsim_combine(incoming, partial, count, type, op, params);
            PAPSIM_CHECK(rc);
            rc = have_result ? papsim_combine(incoming, recvbuf, count, type, op, params)
                             : papsim_local_copy(incoming, recvbuf, count, type);
            have_result = 1;
        } else { /* ours come first: partial op incoming, kept in `incoming` */
            rc = papsim_combine(partial, incoming, count, type, op, params);
            void *t = partial;
            partial = incoming;
            incoming = t;
        }
        PAPSIM_CHECK(rc);
    }
out:
    papsim_data_free(free0);
    papsim_data_free(free1);
    return rc;
}
