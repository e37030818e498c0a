/* papbench's scan family, scan and exscan: rank r's expected result is the
 * inputs of ranks 0..r (scan) or 0..r-1 (exscan) folded in rank order with
 * MPI_Reduce_local; exscan's rank 0 result is undefined and not checked.
 * There is no builtin: the case rules refuse it (PAPSIM_C_NO_BUILTIN: SMPI
 * offers no choice of scan algorithm). */
#include "call.h"

static int prepare(papbench_call *call, papsim_err *e)
{
    (void)e;
    call->send_elems = call->recv_elems = (size_t)call->count;
    return 0;
}

static const void *send_buffer(const papbench_call *call)
{
    return call->c->in_place ? MPI_IN_PLACE : call->send;
}

static int run_scan(papbench_call *call)
{
    return call->fn.scan(send_buffer(call), call->recv, call->count, call->type, call->op,
                         call->comm, &call->params);
}

static int run_exscan(papbench_call *call)
{
    return call->fn.exscan(send_buffer(call), call->recv, call->count, call->type, call->op,
                           call->comm, &call->params);
}

/* The inputs of ranks 0..last folded; nothing to check when last < 0. */
static int check_through(const papbench_call *call, int last, int *wrong)
{
    *wrong = 0;
    if (last < 0)
        return MPI_SUCCESS; /* exscan at rank 0: undefined */
    return papbench_fold_check(call, 0, call->count, last, wrong);
}

static int check_scan(const papbench_call *call, int *wrong)
{
    return check_through(call, call->rank, wrong);
}

static int check_exscan(const papbench_call *call, int *wrong)
{
    return check_through(call, call->rank - 1, wrong);
}

const papbench_ops papbench_ops_scan = {prepare, papbench_fill_vector, run_scan, check_scan};
const papbench_ops papbench_ops_exscan = {prepare, papbench_fill_vector, run_exscan,
                                          check_exscan};
