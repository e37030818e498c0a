/* papcheck's reduce family, the collectives that combine every rank's
 * vector: reduce (the result at the root), allreduce (at every rank),
 * reduce_scatter and reduce_scatter_block (block i of the result at rank
 * i). The reference folds every rank's inputs in rank order
 * (pc_reduce_image). */
#include <stdlib.h>

#include "check_coll.h"

/* MPI_IN_PLACE at the root only; recvbuf is not read elsewhere, so it must
 * stay untouched there. */
static int prepare_reduce(pc_ctx *x, int call, pc_call *k)
{
    const long n = x->c->count;
    const int at_root = x->rank == x->root;
    int rc = pc_reduce_inputs(x, call, k, n, n, x->c->inplace && at_root);
    if (rc == MPI_SUCCESS && at_root)
        pc_reduce_image(x, call, k, x->np - 1, 0, pc_block_scalars(x));
    return rc;
}

static int prepare_allreduce(pc_ctx *x, int call, pc_call *k)
{
    const long n = x->c->count;
    int rc = pc_reduce_inputs(x, call, k, n, n, x->c->inplace);
    if (rc == MPI_SUCCESS)
        pc_reduce_image(x, call, k, x->np - 1, 0, pc_block_scalars(x));
    return rc;
}

/* The p result blocks of distribution d (packed: MPI_Reduce_scatter has no
 * displacements, so GAPPED is UNEVEN here); block r is this rank's result.
 * In place, recvbuf past the result is undefined. */
static int prepare_scatter(pc_ctx *x, int call, pc_call *k, papsim_cw_distkind d)
{
    const pc_type *t = &x->types.plain;
    const int np = x->np, r = x->rank, inplace = x->c->inplace;
    k->rcounts = calloc((size_t)np, sizeof(int));
    k->rdispls = calloc((size_t)np, sizeof(int));
    if (!k->rcounts || !k->rdispls)
        return MPI_ERR_NO_MEM;
    if (d == PAPSIM_CW_GAPPED)
        d = PAPSIM_CW_UNEVEN;
    const long total = pc_blocks(d, np, x->c->count, k->rcounts, k->rdispls);
    const long elems = k->rcounts[r];
    int rc = pc_reduce_inputs(x, call, k, total, elems, inplace);
    if (rc != MPI_SUCCESS)
        return rc;
    pc_reduce_image(x, call, k, np - 1, (long)k->rdispls[r] * t->spe, elems * t->spe);
    if (inplace) {
        k->skip_from = elems * (long)t->extent + (long)t->lb;
        k->skip_to = total * (long)t->extent + (long)t->lb;
    }
    return MPI_SUCCESS;
}

static int prepare_reduce_scatter(pc_ctx *x, int call, pc_call *k)
{
    return prepare_scatter(x, call, k, x->c->dist);
}

static int prepare_reduce_scatter_block(pc_ctx *x, int call, pc_call *k)
{
    return prepare_scatter(x, call, k, PAPSIM_CW_UNIFORM);
}

static int run_reduce(const pc_ctx *x, pc_call *k)
{
    return x->fn.reduce(PC_SEND(k), k->recv.base, x->c->count, x->types.plain.type, x->op,
                        x->root, x->comm, x->params);
}

static int run_allreduce(const pc_ctx *x, pc_call *k)
{
    return x->fn.allreduce(PC_SEND(k), k->recv.base, x->c->count, x->types.plain.type, x->op,
                           x->comm, x->params);
}

static int run_reduce_scatter(const pc_ctx *x, pc_call *k)
{
    return x->fn.reduce_scatter(PC_SEND(k), k->recv.base, k->rcounts, x->types.plain.type,
                                x->op, x->comm, x->params);
}

static int run_reduce_scatter_block(const pc_ctx *x, pc_call *k)
{
    return x->fn.reduce_scatter_block(PC_SEND(k), k->recv.base, x->c->count,
                                      x->types.plain.type, x->op, x->comm, x->params);
}

const pc_ops pc_ops_reduce = {prepare_reduce, run_reduce, 0};
const pc_ops pc_ops_allreduce = {prepare_allreduce, run_allreduce, 0};
const pc_ops pc_ops_reduce_scatter = {prepare_reduce_scatter, run_reduce_scatter, 0};
const pc_ops pc_ops_reduce_scatter_block = {prepare_reduce_scatter_block,
                                            run_reduce_scatter_block, 0};
