/* papbench's reduce family: reduce, allreduce, reduce_scatter and
 * reduce_scatter_block fold every rank's vector, v(0) op v(1) op .. op
 * v(p-1), in rank order. reduce leaves the result at the root, allreduce at
 * every rank, the reduce_scatter forms block r of it at rank r (block sizes
 * from the case's distribution for reduce_scatter, p equal blocks
 * otherwise). The check folds the inputs in rank order with
 * MPI_Reduce_local, so an algorithm that combines out of order fails it
 * under a non-commutative op. */
#include "call.h"

static int prepare_vector(papbench_call *call, papsim_err *e)
{
    (void)e;
    call->send_elems = call->recv_elems = (size_t)call->count;
    return 0;
}

/* The whole vector is sent; block r of it is rank r's result. */
static int prepare_blocks(papbench_call *call, papsim_err *e)
{
    if (papbench_block_counts(call, (call->coll->traits & PAPSIM_C_VFORM) != 0, e) != 0)
        return -1;
    const int last = call->np - 1;
    const size_t total = (size_t)call->displs[last] + (size_t)call->counts[last];
    call->count = call->counts[call->rank];
    call->send_elems = total;
    /* In place, the whole vector is the input in recvbuf. */
    call->recv_elems = call->c->in_place ? total : (size_t)call->count;
    return 0;
}

static const void *send_buffer(const papbench_call *call)
{
    const int rooted = (call->coll->traits & PAPSIM_C_ROOTED) != 0;
    return call->c->in_place && (!rooted || call->rank == call->c->root) ? MPI_IN_PLACE
                                                                         : call->send;
}

static int run_reduce(papbench_call *call)
{
    if (call->builtin)
        return MPI_Reduce(send_buffer(call), call->recv, call->count, call->type, call->op,
                          call->c->root, call->comm);
    return call->fn.reduce(send_buffer(call), call->recv, call->count, call->type, call->op,
                           call->c->root, call->comm, &call->params);
}

static int run_allreduce(papbench_call *call)
{
    if (call->builtin)
        return MPI_Allreduce(send_buffer(call), call->recv, call->count, call->type, call->op,
                             call->comm);
    return call->fn.allreduce(send_buffer(call), call->recv, call->count, call->type, call->op,
                              call->comm, &call->params);
}

static int run_reduce_scatter(papbench_call *call)
{
    if (call->builtin)
        return MPI_Reduce_scatter(send_buffer(call), call->recv, call->counts, call->type,
                                  call->op, call->comm);
    return call->fn.reduce_scatter(send_buffer(call), call->recv, call->counts, call->type,
                                   call->op, call->comm, &call->params);
}

static int run_reduce_scatter_block(papbench_call *call)
{
    if (call->builtin)
        return MPI_Reduce_scatter_block(send_buffer(call), call->recv, call->count, call->type,
                                        call->op, call->comm);
    return call->fn.reduce_scatter_block(send_buffer(call), call->recv, call->count, call->type,
                                         call->op, call->comm, &call->params);
}

/* This rank's part of the folded vector: all of it (elements 0..count-1)
 * or its block; a rooted collective's result exists at the root only. */
static int check(const papbench_call *call, int *wrong)
{
    *wrong = 0;
    if ((call->coll->traits & PAPSIM_C_ROOTED) && call->rank != call->c->root)
        return MPI_SUCCESS;
    const long first = call->displs ? call->displs[call->rank] : 0;
    return papbench_fold_check(call, first, call->count, call->np - 1, wrong);
}

const papbench_ops papbench_ops_reduce = {prepare_vector, papbench_fill_vector, run_reduce,
                                          check};
const papbench_ops papbench_ops_allreduce = {prepare_vector, papbench_fill_vector,
                                             run_allreduce, check};
const papbench_ops papbench_ops_reduce_scatter = {prepare_blocks, papbench_fill_vector,
                                                  run_reduce_scatter, check};
const papbench_ops papbench_ops_reduce_scatter_block = {prepare_blocks, papbench_fill_vector,
                                                        run_reduce_scatter_block, check};
