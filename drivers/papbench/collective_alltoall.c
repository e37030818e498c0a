/* papbench's alltoall family, alltoall and alltoallv: every rank sends a
 * block of its own to every rank. Element i of the block rank s sends to
 * rank d holds a value of its own (s, d, i) wherever the datatype can hold
 * them, so a block delivered to the wrong rank or slot never passes the
 * check. alltoallv's per-pair counts come from the case's matrix
 * (distribution_matrix.h: this rank's send row and receive column, the
 * same matrix on every rank); its send blocks are packed in rank order, its
 * receive blocks in reverse rank order, so an algorithm that assumes one
 * layout for both fails the check. */
#include "call.h"

#include <stdlib.h>
#include <string.h>

#include "cases/distribution_matrix.h"

static int prepare(papbench_call *call, papsim_err *e)
{
    (void)e;
    call->recv_elems = call->send_elems = (size_t)call->count * (size_t)call->np;
    return 0;
}

/* Alltoall's element i of the block rank s sends to rank d: distinct up to
 * 2^24 for float, 2^31 - 1 otherwise; char wraps at 127. */
static long alltoall_value(const papbench_call *call, int s, int d, long i)
{
    const long modulus = call->size == 1 ? 127L : call->type == MPI_FLOAT ? 1L << 24 : 0x7fffffffL;
    return (((long)s * call->np + d) * (long)call->count + i) % modulus;
}

/* Block d of the rank's send side (recvbuf in place) holds the values for
 * rank d. */
static void fill(papbench_call *call)
{
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    void *input = call->c->in_place ? call->recv : call->send;
    for (int d = 0; d < call->np; d++)
        for (long i = 0; i < call->count; i++)
            papbench_store_value(call, input, (long)d * call->count + i,
                                 alltoall_value(call, call->rank, d, i));
}

static int run(papbench_call *call)
{
    const void *send = call->c->in_place ? MPI_IN_PLACE : call->send;
    if (call->builtin)
        return MPI_Alltoall(send, call->count, call->type, call->recv, call->count, call->type,
                            call->comm);
    return call->fn.alltoall(send, call->count, call->type, call->recv, call->count, call->type,
                             call->comm, &call->params);
}

/* Block s of the result is what rank s sent to this rank. */
static int check(const papbench_call *call, int *wrong)
{
    long long expected = 0; /* room for one element of any datatype */
    *wrong = 0;
    for (int s = 0; s < call->np; s++)
        for (long i = 0; i < call->count; i++) {
            papbench_store_value(call, &expected, 0, alltoall_value(call, s, call->rank, i));
            *wrong += memcmp((const char *)call->recv + ((long)s * call->count + i) * call->size,
                             &expected, (size_t)call->size) != 0;
        }
    return MPI_SUCCESS;
}

/* The four vectors of the call, np ints each, in call->a2av. */
static int *sendcounts(const papbench_call *call) { return call->a2av; }
static int *sdispls(const papbench_call *call) { return call->a2av + call->np; }
static int *recvcounts(const papbench_call *call) { return call->a2av + 2 * (size_t)call->np; }
static int *rdispls(const papbench_call *call) { return call->a2av + 3 * (size_t)call->np; }

static int prepare_v(papbench_call *call, papsim_err *e)
{
    const papsim_case *c = call->c;
    const int p = call->np;
    call->a2av = malloc(4 * (size_t)p * sizeof *call->a2av);
    if (!call->a2av)
        return papsim_fail(e, "out of memory for the alltoallv counts at np=%d", p);
    const long long base = c->bytes / call->size;
    if (papsim_matrix_vector(c->distribution, p, base, c->matrix_seed, call->rank, 0,
                             sendcounts(call), e) != 0 ||
        papsim_matrix_vector(c->distribution, p, base, c->matrix_seed, call->rank, 1,
                             recvcounts(call), e) != 0) {
        return -1;
    }
    size_t sent = 0, received = 0; /* papsim_matrix_check: both fit an int */
    for (int j = 0; j < p; j++) {
        sdispls(call)[j] = (int)sent;
        sent += (size_t)sendcounts(call)[j];
    }
    for (int j = p - 1; j >= 0; j--) {
        rdispls(call)[j] = (int)received;
        received += (size_t)recvcounts(call)[j];
    }
    call->send_elems = sent;
    call->recv_elems = received;
    return 0;
}

/* The value of element i of the block rank s sends to rank d: distinct for
 * every (s, d, i) up to the datatype's range (stride: above any block). */
static long a2av_value(const papbench_call *call, int s, int d, long i)
{
    const long long stride = call->c->bytes / call->size * (long long)call->np + 1;
    const long long modulus =
        call->size == 1 ? 127LL : call->type == MPI_FLOAT ? 1LL << 24 : 0x7fffffffLL;
    return (long)((((long long)s * call->np + d) * stride + i) % modulus);
}

static void fill_v(papbench_call *call)
{
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    /* In place (uniform matrices only), the input is recvbuf's layout. */
    const int in_place = call->c->in_place;
    void *input = in_place ? call->recv : call->send;
    const int *counts = in_place ? recvcounts(call) : sendcounts(call);
    const int *displs = in_place ? rdispls(call) : sdispls(call);
    for (int d = 0; d < call->np; d++)
        for (long i = 0; i < counts[d]; i++)
            papbench_store_value(call, input, (long)displs[d] + i,
                                 a2av_value(call, call->rank, d, i));
}

static int run_v(papbench_call *call)
{
    const void *send = call->c->in_place ? MPI_IN_PLACE : call->send;
    if (call->builtin)
        return MPI_Alltoallv(send, sendcounts(call), sdispls(call), call->type, call->recv,
                             recvcounts(call), rdispls(call), call->type, call->comm);
    return call->fn.alltoallv(send, sendcounts(call), sdispls(call), call->type, call->recv,
                           recvcounts(call), rdispls(call), call->type, call->comm,
                           &call->params);
}

static int check_v(const papbench_call *call, int *wrong)
{
    char expected[8];
    *wrong = 0;
    for (int s = 0; s < call->np; s++)
        for (long i = 0; i < recvcounts(call)[s]; i++) {
            papbench_store_value(call, expected, 0, a2av_value(call, s, call->rank, i));
            *wrong += memcmp((char *)call->recv + ((size_t)rdispls(call)[s] + i) * call->size,
                             expected, (size_t)call->size) != 0;
        }
    return MPI_SUCCESS;
}

const papbench_ops papbench_ops_alltoall = {prepare, fill, run, check};
const papbench_ops papbench_ops_alltoallv = {prepare_v, fill_v, run_v, check_v};
