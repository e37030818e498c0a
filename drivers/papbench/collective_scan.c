/* papbench's scan and exscan: buffers, inputs, the call and the check
 * against the collective's definition (collective.h). Rank r's expected
 * result is the inputs of ranks 0..r (scan) or 0..r-1 (exscan) folded in
 * rank order with MPI_Reduce_local; exscan's rank 0 result is undefined
 * and not checked. There is no builtin: the case rules refuse it (SMPI
 * offers no choice of scan algorithm). */
#include "collective.h"

#include <stdlib.h>
#include <string.h>

static int is_exscan(const papbench_call *call)
{
    return !strcmp(call->c->collective, "exscan");
}

int papbench_scan_collective(const char *collective)
{
    return !strcmp(collective, "scan") || !strcmp(collective, "exscan");
}

void papbench_scan_resolve(papbench_call *call)
{
    const char *name = call->c->algorithm;
    call->scan = !strcmp(call->c->collective, "scan") ? papsim_scan_lookup(name) : NULL;
    call->exscan = is_exscan(call) ? papsim_exscan_lookup(name) : NULL;
}

int papbench_scan_prepare(papbench_call *call)
{
    call->send_elems = call->recv_elems = (size_t)call->count;
    return 0;
}

void papbench_scan_fill(papbench_call *call)
{
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    void *input = call->c->in_place ? call->recv : call->send;
    for (long i = 0; i < call->count; i++)
        papbench_store_value(call, input, i, papbench_input_value(call->c, call->rank, i));
}

int papbench_scan_run(papbench_call *call)
{
    const void *send = call->c->in_place ? MPI_IN_PLACE : call->send;
    if (is_exscan(call))
        return call->exscan(send, call->recv, call->count, call->type, call->op, call->comm,
                            &call->params);
    return call->scan(send, call->recv, call->count, call->type, call->op, call->comm,
                      &call->params);
}

int papbench_scan_check(const papbench_call *call, int *wrong)
{
    *wrong = 0;
    const int last = is_exscan(call) ? call->rank - 1 : call->rank; /* the last rank folded */
    if (last < 0)
        return MPI_SUCCESS; /* exscan at rank 0: undefined */
    return papbench_fold_check(call, 0, call->count, last, wrong);
}
