/* tests/mpi/restrictions.c's calls of alltoallv: a symmetric matrix
 * m[s][d] = count + (s + d) mod 3 (uneven blocks, the same counts both
 * ways), the receive blocks packed in reverse rank order; the exact result
 * with separate buffers and then in place (MPI_IN_PLACE: the data for rank
 * d in recvbuf at rdispls[d]). count < 0 puts it at index 1 of every
 * rank's sendcounts (MPI_ERR_COUNT on every rank); RESTRICTIONS_NULL_COUNTS
 * passes sendcounts NULL (MPI_ERR_ARG). */
#include <stdlib.h>
#include <string.h>

#include "restrictions_more.h"

int restrictions_a2av_collective(const char *collective)
{
    return !strcmp(collective, "alltoallv");
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

int restrictions_call_a2av(const papsim_catalog_entry *e, MPI_Comm comm, int rank, int p,
                           int count, const papsim_params *params, int *result_ok)
{
    papsim_alltoallv_fn *fn = papsim_alltoallv_lookup(e->name);
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
