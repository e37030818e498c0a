/* papbench's barrier family: no data, so nothing to prepare or fill. Its
 * check is made by rank 0 from every rank's entry and exit times
 * (papsim_barrier_times_ok, papbench.c), not here. */
#include "call.h"

static int prepare(papbench_call *call, papsim_err *e)
{
    (void)e;
    call->count = 0;
    call->send_elems = call->recv_elems = 0;
    return 0;
}

static void fill(papbench_call *call) { (void)call; }

static int run(papbench_call *call)
{
    return call->builtin ? MPI_Barrier(call->comm) : call->fn.barrier(call->comm, &call->params);
}

static int check(const papbench_call *call, int *wrong)
{
    (void)call;
    *wrong = 0; /* rank 0 checks the times of every rank */
    return MPI_SUCCESS;
}

const papbench_ops papbench_ops_barrier = {prepare, fill, run, check};
