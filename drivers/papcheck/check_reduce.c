/* The collectives that combine: reduce, allreduce, reduce_scatter(_block),
 * scan, exscan. The reference folds every rank's inputs in rank order with
 * papcheck's own arithmetic (pc_combine), not with MPI_Reduce_local, so it
 * shares nothing with the algorithm under test. */
#include <stdlib.h>
#include <string.h>

#include "check_coll.h"

int pc_is_reduction(const char *coll)
{
    return !strcmp(coll, "reduce") || !strcmp(coll, "allreduce") ||
           !strcmp(coll, "reduce_scatter") || !strcmp(coll, "reduce_scatter_block") ||
           !strcmp(coll, "scan") || !strcmp(coll, "exscan");
}

/* ranks lo..hi of scalar idx folded in rank order. */
static long fold(const pc_ctx *x, int call, int lo, int hi, long idx)
{
    const papsim_cw_opkind op = x->c->op;
    long acc = pc_value_reduce(op, call, lo, idx);
    for (int i = lo + 1; i <= hi; i++)
        acc = pc_combine(op, x->types.plain.is_double, acc, pc_value_reduce(op, call, i, idx));
    return acc;
}

static void put_input(const pc_ctx *x, pc_buf *b, int call, long n, int image)
{
    for (long s = 0; s < n; s++)
        pc_buf_put(b, s, pc_value_reduce(x->c->op, call, x->rank, s), 1, image);
}

int pc_prepare_reduce(pc_ctx *x, int call, pc_call *k)
{
    const char *coll = x->collective;
    const pc_type *t = &x->types.plain;
    const int np = x->np, r = x->rank, inplace = x->c->inplace, spe = t->spe;
    const long S = pc_block_scalars(x);
    long elems = x->c->count, total = x->c->count;
    int rc;
    const int scatter = !strncmp(coll, "reduce_scatter", 14);
    /* reduce: MPI_IN_PLACE at the root only */
    const int own_in_recv = inplace && (strcmp(coll, "reduce") || r == x->root);

    if (scatter) {
        k->rcounts = calloc((size_t)np, sizeof(int));
        k->rdispls = calloc((size_t)np, sizeof(int));
        if (!k->rcounts || !k->rdispls)
            return MPI_ERR_NO_MEM;
        papsim_cw_distkind d = strcmp(coll, "reduce_scatter") ? PAPSIM_CW_UNIFORM : x->c->dist;
        if (d == PAPSIM_CW_GAPPED)
            d = PAPSIM_CW_UNEVEN; /* blocks are packed in MPI_Reduce_scatter */
        total = pc_blocks(d, np, x->c->count, k->rcounts, k->rdispls);
        elems = k->rcounts[r];
    }
    if (!own_in_recv) {
        k->has_send = 1;
        if ((rc = pc_buf_make(&k->send, t, total, 1 + call)))
            return rc;
        put_input(x, &k->send, call, total * spe, 1);
    }
    k->has_recv = 1;
    if ((rc = pc_buf_make(&k->recv, t, own_in_recv ? total : elems, 3 + call)))
        return rc;
    if (own_in_recv)
        put_input(x, &k->recv, call, total * spe, 0);
    if (scatter) {
        const long first = (long)k->rdispls[r] * spe;
        for (long s = 0; s < elems * spe; s++)
            pc_buf_put(&k->recv, s, fold(x, call, 0, np - 1, first + s), 0, 1);
        if (own_in_recv) { /* past the result: undefined */
            k->skip_from = (long)elems * (long)t->extent + (long)t->lb;
            k->skip_to = (long)total * (long)t->extent + (long)t->lb;
        }
        return MPI_SUCCESS;
    }
    if (!strcmp(coll, "reduce") && r != x->root)
        return MPI_SUCCESS; /* recvbuf not read here: it must stay untouched */
    if (!strcmp(coll, "exscan") && r == 0) {
        /* rank 0's result is undefined in MPI */
        k->skip_from = (long)t->lb;
        k->skip_to = (long)elems * (long)t->extent + (long)t->lb;
        return MPI_SUCCESS;
    }
    const int hi = !strcmp(coll, "scan") ? r : !strcmp(coll, "exscan") ? r - 1 : np - 1;
    for (long s = 0; s < S; s++)
        pc_buf_put(&k->recv, s, fold(x, call, 0, hi, s), 0, 1);
    return MPI_SUCCESS;
}

int pc_run_reduce(const pc_ctx *x, pc_call *k)
{
    const char *coll = x->collective;
    const MPI_Datatype t = x->types.plain.type;
    const int n = x->c->count;
    const void *send = k->has_send ? (const void *)k->send.base : MPI_IN_PLACE;
    void *recv = k->recv.base;
    const papsim_params *p = x->params;
    MPI_Comm comm = x->comm;
    if (!strcmp(coll, "reduce"))
        return ((papsim_reduce_fn *)x->fn)(send, recv, n, t, x->op, x->root, comm, p);
    if (!strcmp(coll, "allreduce"))
        return ((papsim_allreduce_fn *)x->fn)(send, recv, n, t, x->op, comm, p);
    if (!strcmp(coll, "reduce_scatter"))
        return ((papsim_reduce_scatter_fn *)x->fn)(send, recv, k->rcounts, t, x->op, comm, p);
    if (!strcmp(coll, "reduce_scatter_block"))
        return ((papsim_reduce_scatter_block_fn *)x->fn)(send, recv, n, t, x->op, comm, p);
    if (!strcmp(coll, "scan"))
        return ((papsim_scan_fn *)x->fn)(send, recv, n, t, x->op, comm, p);
    if (!strcmp(coll, "exscan"))
        return ((papsim_exscan_fn *)x->fn)(send, recv, n, t, x->op, comm, p);
    return MPI_ERR_OTHER;
}

int pc_call_prepare(pc_ctx *x, int call, pc_call *k)
{
    memset(k, 0, sizeof *k);
    return pc_is_reduction(x->collective) ? pc_prepare_reduce(x, call, k)
                                          : pc_prepare_move(x, call, k);
}

int pc_call_run(const pc_ctx *x, pc_call *k)
{
    return pc_is_reduction(x->collective) ? pc_run_reduce(x, k) : pc_run_move(x, k);
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
