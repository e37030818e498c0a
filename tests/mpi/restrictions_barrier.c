/* tests/mpi/restrictions.c's call of barrier: no data; the times are
 * cli.barrier_agreement's. */
#include "restrictions.h"

static int call_barrier(const restrictions_call *a, MPI_Comm comm, int kind, int *result_ok)
{
    (void)kind;
    *result_ok = 1;
    return papsim_barrier_lookup(a->e->name)(comm, a->params);
}

const restrictions_ops restrictions_ops_barrier = {call_barrier, 0, NULL, 0};
