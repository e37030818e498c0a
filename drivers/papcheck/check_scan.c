/* papcheck's scan family: rank r's result is the inputs of ranks 0..r
 * (scan) or 0..r-1 (exscan) folded in rank order (pc_reduce_image);
 * exscan's rank 0 result is undefined in MPI and not compared. */
#include "check_coll.h"

/* The inputs, and the image of ranks 0..hi's fold; hi < 0: undefined. */
static int prepare_through(pc_ctx *x, int call, pc_call *k, int hi)
{
    const pc_type *t = &x->types.plain;
    const long n = x->c->count;
    int rc = pc_reduce_inputs(x, call, k, n, n, x->c->inplace);
    if (rc != MPI_SUCCESS)
        return rc;
    if (hi < 0) {
        k->skip_from = (long)t->lb;
        k->skip_to = n * (long)t->extent + (long)t->lb;
    } else {
        pc_reduce_image(x, call, k, hi, 0, pc_block_scalars(x));
    }
    return MPI_SUCCESS;
}

static int prepare_scan(pc_ctx *x, int call, pc_call *k)
{
    return prepare_through(x, call, k, x->rank);
}

static int prepare_exscan(pc_ctx *x, int call, pc_call *k)
{
    return prepare_through(x, call, k, x->rank - 1);
}

static int run_scan(const pc_ctx *x, pc_call *k)
{
    return x->fn.scan(PC_SEND(k), k->recv.base, x->c->count, x->types.plain.type, x->op,
                      x->comm, x->params);
}

static int run_exscan(const pc_ctx *x, pc_call *k)
{
    return x->fn.exscan(PC_SEND(k), k->recv.base, x->c->count, x->types.plain.type, x->op,
                        x->comm, x->params);
}

const pc_ops pc_ops_scan = {prepare_scan, run_scan, 0};
const pc_ops pc_ops_exscan = {prepare_exscan, run_exscan, 0};
