/* papbench's gather, scatter, gatherv and scatterv: buffers, inputs, the
 * call and the check against the collective's definition (collective.h).
 * Block r holds the values papbench_input_value(c, r, i): gathered from
 * rank r to the root, or scattered from the root to rank r. The block sizes
 * come from the case's distribution for the v forms (as for allgatherv) and
 * are the case's bytes for every rank otherwise. */
#include "collective.h"

#include <stdlib.h>
#include <string.h>

#include "cases/distribution.h"

static int is(const papbench_call *call, const char *collective)
{
    return !strcmp(call->c->collective, collective);
}

/* 1 for gather and gatherv (data flows to the root), 0 for the scatters. */
static int to_root(const papbench_call *call)
{
    return is(call, "gather") || is(call, "gatherv");
}

int papbench_gs_collective(const char *collective)
{
    return !strcmp(collective, "gather") || !strcmp(collective, "scatter") ||
           !strcmp(collective, "gatherv") || !strcmp(collective, "scatterv");
}

void papbench_gs_resolve(papbench_call *call)
{
    const char *name = call->c->algorithm;
    call->gather = is(call, "gather") ? papsim_gather_lookup(name) : NULL;
    call->scatter = is(call, "scatter") ? papsim_scatter_lookup(name) : NULL;
    call->gatherv = is(call, "gatherv") ? papsim_gatherv_lookup(name) : NULL;
    call->scatterv = is(call, "scatterv") ? papsim_scatterv_lookup(name) : NULL;
}

int papbench_gs_prepare(papbench_call *call, papsim_err *e)
{
    if (papbench_block_counts(call, is(call, "gatherv") || is(call, "scatterv"), e) != 0) {
        papbench_call_free(call);
        return -1;
    }
    const int last = call->np - 1, is_root = call->rank == call->c->root;
    const size_t total = (size_t)call->displs[last] + (size_t)call->counts[last];
    call->count = call->counts[call->rank];
    /* The root's side holds every block; it is not read elsewhere. */
    call->send_elems = to_root(call) ? (size_t)call->count : is_root ? total : 0;
    call->recv_elems = !to_root(call) ? (size_t)call->count : is_root ? total : 0;
    return 0;
}

void papbench_gs_fill(papbench_call *call)
{
    const papsim_case *c = call->c;
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    if (to_root(call)) {
        void *input = call->send;
        long first = 0;
        if (c->in_place && call->rank == c->root) { /* the own block is in place */
            input = call->recv;
            first = call->displs[c->root];
        }
        for (long i = 0; i < call->count; i++)
            papbench_store_value(call, input, first + i, papbench_input_value(c, call->rank, i));
    } else if (call->rank == c->root) {
        for (int d = 0; d < call->np; d++)
            for (long i = 0; i < call->counts[d]; i++)
                papbench_store_value(call, call->send, call->displs[d] + i,
                                     papbench_input_value(c, d, i));
    }
}

int papbench_gs_run(papbench_call *call)
{
    const int in_place = call->c->in_place && call->rank == call->c->root;
    const void *send = in_place && to_root(call) ? MPI_IN_PLACE : call->send;
    void *recv = in_place && !to_root(call) ? MPI_IN_PLACE : call->recv;
    const int n = call->count, root = call->c->root;
    const MPI_Datatype t = call->type;
    if (is(call, "gather"))
        return call->builtin ? MPI_Gather(send, n, t, recv, n, t, root, call->comm)
                             : call->gather(send, n, t, recv, n, t, root, call->comm,
                                            &call->params);
    if (is(call, "scatter"))
        return call->builtin ? MPI_Scatter(send, n, t, recv, n, t, root, call->comm)
                             : call->scatter(send, n, t, recv, n, t, root, call->comm,
                                             &call->params);
    if (is(call, "gatherv"))
        return call->builtin ? MPI_Gatherv(send, n, t, recv, call->counts, call->displs, t, root,
                                           call->comm)
                             : call->gatherv(send, n, t, recv, call->counts, call->displs, t,
                                             root, call->comm, &call->params);
    return call->builtin ? MPI_Scatterv(send, call->counts, call->displs, t, recv, n, t, root,
                                        call->comm)
                         : call->scatterv(send, call->counts, call->displs, t, recv, n, t, root,
                                          call->comm, &call->params);
}

/* Wrong elements among n of buf from `first` on, against rank r's block. */
static int count_wrong(const papbench_call *call, const void *buf, long first, int r, long n)
{
    long long expected = 0; /* room for one element of any datatype */
    int wrong = 0;
    for (long i = 0; i < n; i++) {
        papbench_store_value(call, &expected, 0, papbench_input_value(call->c, r, i));
        wrong += memcmp((const char *)buf + (first + i) * call->size, &expected,
                        (size_t)call->size) != 0;
    }
    return wrong;
}

int papbench_gs_check(const papbench_call *call, int *wrong)
{
    const papsim_case *c = call->c;
    *wrong = 0;
    if (to_root(call)) { /* the root holds every rank's block at its place */
        if (call->rank == c->root)
            for (int r = 0; r < call->np; r++)
                *wrong += count_wrong(call, call->recv, call->displs[r], r, call->counts[r]);
    } else if (c->in_place && call->rank == c->root) { /* the own block stays in sendbuf */
        *wrong = count_wrong(call, call->send, call->displs[c->root], c->root, call->count);
    } else {
        *wrong = count_wrong(call, call->recv, 0, call->rank, call->count);
    }
    return MPI_SUCCESS;
}
