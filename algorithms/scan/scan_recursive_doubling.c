/* Scan: recursive doubling (MPICH recursive_doubling,
 * MPIR_Scan_intra_recursive_doubling).
 *
 * Source:  A. Grama, A. Gupta, G. Karypis, V. Kumar, "Introduction to
 *          Parallel Computing", 2nd ed., Addison-Wesley, 2003, Sec. 4.3
 *          (all-reduce and prefix-sum operations), Algorithm 4.9
 *          (prefix sums on a hypercube); MPICH's implementation for any p
 *          and non-commutative ops.
 * Pattern: every rank keeps `partial`, the fold over the ranks of its
 *          current subcube, and its result. At step k = 0..ceil(log2 p)-1
 *          it swaps `partial` with r xor 2^k (skipped when that rank does
 *          not exist). Data from a lower partner covers lower ranks: it is
 *          the left operand of both `partial` and the result. Data from a
 *          higher partner enters only `partial`, on the right.
 *
 *            p=4   k=0: 0<->1 2<->3   k=1: 0<->2 1<->3
 *
 * Cost:    ceil(log2 p)(alpha + m beta) + up to 2 ceil(log2 p) m gamma,
 *          m = the vector.
 * Memory:  2 m.
 * Restrictions: none: any p, any op, commutative or not; MPI_IN_PLACE.
 */
#include "coll_scan.h"

int papsim_scan_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                   MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                   const papsim_params *params)
{
    papsim_call c;
    const void *input;
    void *free0 = NULL, *free1 = NULL, *partial = NULL, *incoming = NULL;
    int rc = papsim_scan_begin(sendbuf, recvbuf, count, type, op, comm, params,
                               PAPSIM_FLAGS_scan_recursive_doubling, 0, &c, &input);
    if (rc != MPI_SUCCESS || c.done)
        return rc; /* argument errors: the same code on every rank, nothing sent */
    rc = papsim_scratch_alloc(count, type, &free0, &partial);
    PAPSIM_CHECK(rc);
    rc = papsim_scratch_alloc(count, type, &free1, &incoming);
    PAPSIM_CHECK(rc);
    rc = papsim_local_copy(recvbuf, partial, count, type); /* recvbuf holds x_r */
    PAPSIM_CHECK(rc);
    for (int mask = 1; mask < c.p; mask <<= 1) {
        const int peer = c.rank ^ mask;
        if (peer >= c.p)
            continue;
        rc = MPI_Sendrecv(partial, count, type, peer, PAPSIM_TAG_SCAN, incoming, count, type, peer,
                          PAPSIM_TAG_SCAN, comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
        if (peer < c.rank) { /* the peer's ranks come first */
            rc = papsim_combine(incoming, partial, count, type, op, params);
            PAPSIM_CHECK(rc);
            rc = papsim_combine(incoming, recvbuf, count, type, op, params);
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
