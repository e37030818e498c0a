/* The steps of a call common to every collective (check_coll.h), through
 * its operations, and what the families share: the datatypes, counts and
 * block layouts of a case, buffers of moved values, and the reductions'
 * inputs and reference. */
#include <stdlib.h>
#include <string.h>

#include "check_coll.h"

int pc_call_prepare(pc_ctx *x, int call, pc_call *k)
{
    memset(k, 0, sizeof *k);
    return x->ops->prepare(x, call, k);
}

int pc_call_run(const pc_ctx *x, pc_call *k)
{
    return x->ops->run(x, k);
}

void pc_call_free(pc_call *k)
{
    if (k->has_send)
        pc_buf_free(&k->send);
    if (k->has_recv)
        pc_buf_free(&k->recv);
    free(k->scounts);
    free(k->sdispls);
    free(k->rcounts);
    free(k->rdispls);
    memset(k, 0, sizeof *k);
}

const pc_type *pc_type_of(const pc_ctx *x, int r)
{
    return r == x->root ? &x->types.root : &x->types.plain;
}

int pc_count_of(const pc_ctx *x, int r)
{
    return x->c->type == PAPSIM_CW_MIXED && r == x->root ? 1 : x->c->count;
}

long pc_block_scalars(const pc_ctx *x)
{
    return (long)x->c->count * x->types.plain.spe;
}

int pc_dist_count(papsim_cw_distkind d, int n, int i, int j)
{
    switch (d) {
    case PAPSIM_CW_UNIFORM:
        return n;
    case PAPSIM_CW_ZEROS:
        return (i + j) % 2 ? 0 : n;
    default:
        return n * ((i + 2 * j) % 3) / 2 + (i + j) % 2;
    }
}

long pc_place(papsim_cw_distkind d, int np, const int *counts, int *displs)
{
    long at = d == PAPSIM_CW_GAPPED ? 1 : 0, span = 0;
    for (int s = 0; s < np; s++) {
        const int i = d == PAPSIM_CW_GAPPED ? np - 1 - s : s;
        displs[i] = (int)at;
        at += counts[i] + (d == PAPSIM_CW_GAPPED ? 2 : 0);
        if (displs[i] + (long)counts[i] > span)
            span = displs[i] + (long)counts[i];
    }
    return span;
}

long pc_blocks(papsim_cw_distkind d, int np, int count, int *counts, int *displs)
{
    for (int i = 0; i < np; i++)
        counts[i] = pc_dist_count(d, count, i, 0);
    return pc_place(d, np, counts, displs);
}

int pc_alloc_vectors(pc_call *k, int np)
{
    k->scounts = calloc((size_t)np, sizeof(int));
    k->sdispls = calloc((size_t)np, sizeof(int));
    k->rcounts = calloc((size_t)np, sizeof(int));
    k->rdispls = calloc((size_t)np, sizeof(int));
    return k->scounts && k->sdispls && k->rcounts && k->rdispls ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

int pc_make(pc_buf *b, const pc_type *t, long elems, int tag, int *has)
{
    *has = 1;
    return pc_buf_make(b, t, elems, tag);
}

void pc_put_moved(pc_buf *b, long first, long n, int call, int sender, long from, int mem,
                  int image)
{
    for (long s = 0; s < n; s++)
        pc_buf_put(b, first + s, pc_value_move(call, sender, from + s), mem, image);
}

static void put_input(const pc_ctx *x, pc_buf *b, int call, long n, int image)
{
    for (long s = 0; s < n; s++)
        pc_buf_put(b, s, pc_value_reduce(x->c->op, call, x->rank, s), 1, image);
}

int pc_reduce_inputs(const pc_ctx *x, int call, pc_call *k, long total, long elems,
                     int own_in_recv)
{
    const pc_type *t = &x->types.plain;
    int rc;
    if (!own_in_recv) {
        if ((rc = pc_make(&k->send, t, total, 1 + call, &k->has_send)))
            return rc;
        put_input(x, &k->send, call, total * t->spe, 1);
    }
    if ((rc = pc_make(&k->recv, t, own_in_recv ? total : elems, 3 + call, &k->has_recv)))
        return rc;
    if (own_in_recv)
        put_input(x, &k->recv, call, total * t->spe, 0);
    return MPI_SUCCESS;
}

/* ranks 0..hi of scalar idx folded in rank order. */
static long fold(const pc_ctx *x, int call, int hi, long idx)
{
    const papsim_cw_opkind op = x->c->op;
    long acc = pc_value_reduce(op, call, 0, idx);
    for (int i = 1; i <= hi; i++)
        acc = pc_combine(op, x->types.plain.is_double, acc, pc_value_reduce(op, call, i, idx));
    return acc;
}

void pc_reduce_image(const pc_ctx *x, int call, pc_call *k, int hi, long first, long n)
{
    for (long s = 0; s < n; s++)
        pc_buf_put(&k->recv, s, fold(x, call, hi, first + s), 0, 1);
}
