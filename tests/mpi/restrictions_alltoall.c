/* tests/mpi/restrictions.c's calls of the alltoall family: buffers, the
 * call through the registry and the exact result with MPI_INT.
 *
 * alltoall: block j of rank r's sendbuf goes to rank j.
 *
 * alltoallv: a symmetric matrix m[s][d] = count + (s + d) mod 3 (uneven
 * blocks, the same counts both ways), the receive blocks packed in reverse rank order; the exact result
 * with separate buffers and then in place (MPI_IN_PLACE: the data for rank
 * d in recvbuf at rdispls[d]). count < 0 puts it at index 1 of every
 * rank's sendcounts (MPI_ERR_COUNT on every rank); RESTRICTIONS_NULL_COUNTS
 * passes sendcounts NULL (MPI_ERR_ARG). */
#include <stdlib.h>

#include "restrictions.h"

static int call_alltoall(const restrictions_call *a, MPI_Comm comm, int kind, int *result_ok)
{
    (void)kind;
    const int p = a->p, n = a->count > 0 ? a->count : 0;
    int *send = calloc((size_t)p * (n + 1) + 1, sizeof *send);
    int *recv = calloc((size_t)p * (n + 1) + 1, sizeof *recv);
    int *want = calloc((size_t)p * (n + 1) + 1, sizeof *want);
    int rc = MPI_ERR_NO_MEM;
    *result_ok = 0;
    if (!send || !recv || !want)
        goto out;
    for (int j = 0; j < p; j++)
        for (int i = 0; i < n; i++) {
            send[j * n + i] = 1000 * a->rank + 10 * j + i;
            want[j * n + i] = 1000 * j + 10 * a->rank + i;
        }
    rc = papsim_alltoall_lookup(a->e->name)(send, a->count, MPI_INT, recv, a->count, MPI_INT,
                                            comm, a->params);
    *result_ok = rc != MPI_SUCCESS || restrictions_ints_equal(recv, p * n, want);
out:
    free(send);
    free(recv);
    free(want);
    return rc;
}

/* Element i of the block rank s sends to rank d. */
static int value(int s, int d, int i) { return 100000 * s + 100 * d + i + 1; }

/* The call, then the check of every received element; 1 if exact. */
static int exchange(papsim_alltoallv_fn *fn, int in_place, const int *v, int p, int rank,
                    MPI_Comm comm, const papsim_params *params, int *rc)
{
    const int *sc = v, *sd = v + p, *rc_ = v + 2 * p, *rd = v + 3 * p;
    const int total = sd[p - 1] + sc[p - 1], rtotal = rd[0] + rc_[0];
    int *send = calloc((size_t)total + 1, sizeof *send);
    int *recv = calloc((size_t)rtotal + 1, sizeof *recv), ok = 1;
    if (!send || !recv) {
        *rc = MPI_ERR_NO_MEM;
        free(send);
        free(recv);
        return 0;
    }
    for (int d = 0; d < p; d++)
        for (int i = 0; i < sc[d]; i++) {
            if (in_place)
                recv[rd[d] + i] = value(rank, d, i);
            else
                send[sd[d] + i] = value(rank, d, i);
        }
    *rc = fn(in_place ? MPI_IN_PLACE : send, sc, sd, MPI_INT, recv, rc_, rd, MPI_INT, comm,
             params);
    for (int s = 0; s < p && *rc == MPI_SUCCESS; s++)
        for (int i = 0; i < rc_[s]; i++)
            ok &= recv[rd[s] + i] == value(s, rank, i);
    free(send);
    free(recv);
    return ok;
}

static int call_alltoallv(const restrictions_call *a, MPI_Comm comm, int kind, int *result_ok)
{
    (void)kind;
    const int rank = a->rank, p = a->p, count = a->count;
    const papsim_params *params = a->params;
    papsim_alltoallv_fn *fn = papsim_alltoallv_lookup(a->e->name);
    int *v = calloc(4 * (size_t)p, sizeof *v), rc = MPI_ERR_NO_MEM;
    *result_ok = 0;
    if (!v)
        return rc;
    int *sc = v, *sd = v + p, *rc_ = v + 2 * p, *rd = v + 3 * p;
    const int base = count < 0 ? 0 : count;
    int sent = 0, received = 0;
    for (int d = 0; d < p; d++) {
        sc[d] = rc_[d] = base + (rank + d) % 3;
        sd[d] = sent;
        sent += sc[d];
    }
    for (int s = p - 1; s >= 0; s--) {
        rd[s] = received;
        received += rc_[s];
    }
    if (count == RESTRICTIONS_NULL_COUNTS) {
        rc = fn(NULL, NULL, NULL, MPI_INT, NULL, rc_, rd, MPI_INT, comm, params);
        *result_ok = 1;
    } else if (count < 0) {
        sc[p > 1 ? 1 : 0] = count;
        rc = fn(NULL, sc, sd, MPI_INT, NULL, rc_, rd, MPI_INT, comm, params);
        *result_ok = 1;
    } else {
        *result_ok = exchange(fn, 0, v, p, rank, comm, params, &rc);
        if (rc == MPI_SUCCESS)
            *result_ok &= exchange(fn, 1, v, p, rank, comm, params, &rc);
        else
            *result_ok = 1; /* a refusal: the class is what is checked */
    }
    free(v);
    return rc;
}

const restrictions_ops restrictions_ops_alltoall = {call_alltoall, 0, NULL, 0};
const restrictions_ops restrictions_ops_alltoallv = {call_alltoallv, 0, "sendcounts NULL", 0};
