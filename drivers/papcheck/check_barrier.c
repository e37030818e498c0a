/* papcheck's barrier family: no data, so no buffer. Rank 0 checks that no
 * rank of a group left before the last one of it entered, from every
 * rank's times (papcheck.c). */
#include "check_coll.h"

static int prepare(pc_ctx *x, int call, pc_call *k)
{
    (void)x;
    (void)call;
    (void)k;
    return MPI_SUCCESS;
}

static int run(const pc_ctx *x, pc_call *k)
{
    (void)k;
    return x->fn.barrier(x->comm, x->params);
}

const pc_ops pc_ops_barrier = {prepare, run, 1};
