#include "coll_scan.h"

int papsim_scan_begin(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                      MPI_Comm comm, const papsim_params *params, unsigned flags, int exclusive,
                      papsim_call *c, const void **input)
{
    *input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    const int rc = papsim_check_allreduce_args(count, type, op, comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc;
    papsim_call_init(comm, type, c);
    MPI_Op_commutative(op, &c->commutative);
    c->done = count == 0 || c->p == 1;
    if (!exclusive && sendbuf != MPI_IN_PLACE && count > 0)
        return papsim_local_copy(sendbuf, recvbuf, count, type);
    return MPI_SUCCESS;
}

int papsim_prefix_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                     MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                     const papsim_params *params, unsigned flags, int exclusive)
{
    papsim_call c;
    const void *input;
    void *free0 = NULL, *free1 = NULL, *partial = NULL, *incoming = NULL;
    const int tag = exclusive ? PAPSIM_TAG_EXSCAN : PAPSIM_TAG_SCAN;
    int rc = papsim_scan_begin(sendbuf, recvbuf, count, type, op, comm, params, flags, exclusive,
                               &c, &input);
    if (rc != MPI_SUCCESS || c.done)
        return rc; /* argument errors: the same code on every rank, nothing sent */
    rc = papsim_scratch_alloc(count, type, &free0, &partial);
    PAPSIM_CHECK(rc);
    rc = papsim_scratch_alloc(count, type, &free1, &incoming);
    PAPSIM_CHECK(rc);
    rc = papsim_local_copy(input, partial, count, type); /* x_r, before recvbuf changes */
    PAPSIM_CHECK(rc);
    int have_result = !exclusive; /* scan's recvbuf starts as x_r */
    for (int mask = 1; mask < c.p; mask <<= 1) {
        const int peer = c.rank ^ mask;
        if (peer >= c.p)
            continue;
        rc = MPI_Sendrecv(partial, count, type, peer, tag, incoming, count, type, peer, tag, comm,
                          MPI_STATUS_IGNORE);
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
