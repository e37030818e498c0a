/* papbench's allgather family, allgather and allgatherv: every rank's block
 * reaches every rank. Rank r's block holds papbench_input_value(c, r, i);
 * allgatherv's block sizes come from the case's distribution, packed in rank
 * order. In place, the rank's own block starts at its place in recvbuf. */
#include "call.h"

#include <stdlib.h>
#include <string.h>

/* Where rank r's block starts in the gathered result (elements). */
static long block_start(const papbench_call *call, int r)
{
    return call->displs ? (long)call->displs[r] : (long)r * call->count;
}

static int prepare(papbench_call *call, papsim_err *e)
{
    if (call->coll->traits & PAPSIM_C_VFORM) {
        if (papbench_block_counts(call, 1, e) != 0)
            return -1;
        const int last = call->np - 1;
        call->recv_elems = (size_t)call->displs[last] + (size_t)call->counts[last];
        call->count = call->counts[call->rank];
    } else {
        call->recv_elems = (size_t)call->count * (size_t)call->np;
    }
    call->send_elems = (size_t)call->count;
    return 0;
}

static void fill(papbench_call *call)
{
    void *input = call->send;
    long first = 0;
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    if (call->c->in_place) {
        input = call->recv;
        first = block_start(call, call->rank);
    }
    for (long i = 0; i < call->count; i++)
        papbench_store_value(call, input, first + i, papbench_input_value(call->c, call->rank, i));
}

static int run_allgather(papbench_call *call)
{
    const void *send = call->c->in_place ? MPI_IN_PLACE : call->send;
    if (call->builtin)
        return MPI_Allgather(send, call->count, call->type, call->recv, call->count, call->type,
                             call->comm);
    return call->fn.allgather(send, call->count, call->type, call->recv, call->count, call->type,
                              call->comm, &call->params);
}

static int run_allgatherv(papbench_call *call)
{
    const void *send = call->c->in_place ? MPI_IN_PLACE : call->send;
    if (call->builtin)
        return MPI_Allgatherv(send, call->count, call->type, call->recv, call->counts,
                              call->displs, call->type, call->comm);
    return call->fn.allgatherv(send, call->count, call->type, call->recv, call->counts,
                               call->displs, call->type, call->comm, &call->params);
}

/* Block r of the result holds rank r's input. */
static int check(const papbench_call *call, int *wrong)
{
    *wrong = 0;
    for (int r = 0; r < call->np; r++)
        *wrong += papbench_count_wrong(call, call->recv, block_start(call, r), r,
                                       call->counts ? call->counts[r] : call->count);
    return MPI_SUCCESS;
}

const papbench_ops papbench_ops_allgather = {prepare, fill, run_allgather, check};
const papbench_ops papbench_ops_allgatherv = {prepare, fill, run_allgatherv, check};
