/* papbench's barrier and reduce_scatter family: buffers, inputs, the call
 * and the check against the collective's definition (collective.h). The
 * barrier has no result: its check is made by rank 0 from every rank's
 * entry and exit times (papsim_barrier_times_ok). */
#include "collective.h"

#include <stdlib.h>
#include <string.h>

#include "cases/distribution.h"

static int is(const papbench_call *call, const char *collective)
{
    return !strcmp(call->c->collective, collective);
}

int papbench_more_collective(const char *collective)
{
    return !strcmp(collective, "barrier") || !strcmp(collective, "reduce_scatter") ||
           !strcmp(collective, "reduce_scatter_block") || papbench_scan_collective(collective);
}

void papbench_more_resolve(papbench_call *call)
{
    const char *name = call->c->algorithm;
    papbench_scan_resolve(call);
    call->barrier = is(call, "barrier") ? papsim_barrier_lookup(name) : NULL;
    call->reduce_scatter = is(call, "reduce_scatter") ? papsim_reduce_scatter_lookup(name) : NULL;
    call->reduce_scatter_block =
        is(call, "reduce_scatter_block") ? papsim_reduce_scatter_block_lookup(name) : NULL;
}

/* Every rank's block (elements) and its place in the vector, the same on
 * every rank: from the case's distribution when `distributed`, else p
 * blocks of call->count. */
int papbench_block_counts(papbench_call *call, int distributed, papsim_err *e)
{
    const int p = call->np;
    call->counts = malloc((size_t)p * sizeof *call->counts);
    call->displs = malloc((size_t)p * sizeof *call->displs);
    if (!call->counts || !call->displs)
        return papsim_fail(e, "out of memory for the block counts at np=%d", p);
    if (distributed)
        return papsim_distribution_counts(call->c->distribution, p, call->c->bytes / call->size,
                                          call->counts, call->displs, e);
    if ((long long)call->count * p > 0x7fffffffLL)
        return papsim_fail(e, "--bytes %lld: np x the block is more than 2^31-1 elements",
                           call->c->bytes);
    for (int r = 0; r < p; r++) {
        call->counts[r] = call->count;
        call->displs[r] = r * call->count;
    }
    return 0;
}

int papbench_more_prepare(papbench_call *call, papsim_err *e)
{
    if (papbench_scan_collective(call->c->collective))
        return papbench_scan_prepare(call);
    if (is(call, "barrier")) {
        call->count = 0;
        call->send_elems = call->recv_elems = 0;
        return 0;
    }
    if (papbench_block_counts(call, is(call, "reduce_scatter"), e) != 0) {
        papbench_call_free(call);
        return -1;
    }
    const int last = call->np - 1;
    const size_t total = (size_t)call->displs[last] + (size_t)call->counts[last];
    call->count = call->counts[call->rank];
    call->send_elems = total;
    /* In place, the whole vector is the input in recvbuf. */
    call->recv_elems = call->c->in_place ? total : (size_t)call->count;
    return 0;
}

void papbench_more_fill(papbench_call *call)
{
    if (papbench_scan_collective(call->c->collective)) {
        papbench_scan_fill(call);
        return;
    }
    if (is(call, "barrier"))
        return;
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    void *input = call->c->in_place ? call->recv : call->send;
    for (long i = 0; i < (long)call->send_elems; i++)
        papbench_store_value(call, input, i, papbench_input_value(call->c, call->rank, i));
}

int papbench_more_run(papbench_call *call)
{
    const void *send = call->c->in_place ? MPI_IN_PLACE : call->send;
    if (papbench_scan_collective(call->c->collective))
        return papbench_scan_run(call);
    if (is(call, "barrier"))
        return call->builtin ? MPI_Barrier(call->comm) : call->barrier(call->comm, &call->params);
    if (is(call, "reduce_scatter")) {
        if (call->builtin)
            return MPI_Reduce_scatter(send, call->recv, call->counts, call->type, call->op,
                                      call->comm);
        return call->reduce_scatter(send, call->recv, call->counts, call->type, call->op,
                                    call->comm, &call->params);
    }
    if (call->builtin)
        return MPI_Reduce_scatter_block(send, call->recv, call->count, call->type, call->op,
                                        call->comm);
    return call->reduce_scatter_block(send, call->recv, call->count, call->type, call->op,
                                      call->comm, &call->params);
}

int papbench_more_check(const papbench_call *call, int *wrong)
{
    *wrong = 0;
    if (papbench_scan_collective(call->c->collective))
        return papbench_scan_check(call, wrong);
    if (is(call, "barrier"))
        return MPI_SUCCESS; /* rank 0 checks the times of every rank */
    /* This rank's block: elements displs[rank].. of v(0) op v(1) op .. op
     * v(np-1), folded in rank order. */
    return papbench_fold_check(call, call->displs[call->rank], call->count, call->np - 1,
                               wrong);
}

int papbench_fold_check(const papbench_call *call, long first, long n, int last, int *wrong)
{
    int rc = MPI_SUCCESS;
    char *expected = malloc((size_t)n * call->size + 1);
    char *scratch = malloc((size_t)n * call->size + 1);
    if (!expected || !scratch) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    for (long i = 0; i < n; i++)
        papbench_store_value(call, expected, i, papbench_input_value(call->c, 0, first + i));
    for (int r = 1; r <= last; r++) {
        for (long i = 0; i < n; i++)
            papbench_store_value(call, scratch, i, papbench_input_value(call->c, r, first + i));
        rc = MPI_Reduce_local(expected, scratch, (int)n, call->type, call->op);
        if (rc != MPI_SUCCESS)
            goto out;
        memcpy(expected, scratch, (size_t)n * call->size);
    }
    for (long i = 0; i < n; i++)
        *wrong += memcmp((char *)call->recv + i * call->size, expected + i * call->size,
                         (size_t)call->size) != 0;
out:
    free(expected);
    free(scratch);
    return rc;
}
