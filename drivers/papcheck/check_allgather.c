/* papcheck's allgather family, allgather and allgatherv: every rank's block
 * reaches every rank, in rank order (allgatherv: block i of the
 * distribution's size at its displacement). Every moved scalar carries its
 * sender, call and place (pc_value_move), so a block in the wrong place,
 * from the wrong rank or from the other of two back-to-back calls shows. */
#include "check_coll.h"

static int prepare_allgather(pc_ctx *x, int call, pc_call *k)
{
    const int np = x->np, r = x->rank, inplace = x->c->inplace;
    const pc_type *t = pc_type_of(x, r);
    const int n = pc_count_of(x, r);
    const long S = pc_block_scalars(x);
    int rc;
    if (!inplace && (rc = pc_make(&k->send, t, n, 1 + call, &k->has_send)))
        return rc;
    if ((rc = pc_make(&k->recv, t, (long)np * n, 3 + call, &k->has_recv)))
        return rc;
    pc_put_moved(inplace ? &k->recv : &k->send, inplace ? r * S : 0, S, call, r, 0, 1,
                 !inplace);
    for (int i = 0; i < np; i++)
        pc_put_moved(&k->recv, i * S, S, call, i, 0, 0, 1);
    return MPI_SUCCESS;
}

static int prepare_allgatherv(pc_ctx *x, int call, pc_call *k)
{
    const int np = x->np, r = x->rank, inplace = x->c->inplace, spe = x->types.plain.spe;
    const pc_type *t = pc_type_of(x, r);
    int rc = pc_alloc_vectors(k, np);
    if (rc)
        return rc;
    const long span = pc_blocks(x->c->dist, np, x->c->count, k->rcounts, k->rdispls);
    if (!inplace && (rc = pc_make(&k->send, t, k->rcounts[r], 1 + call, &k->has_send)))
        return rc;
    if ((rc = pc_make(&k->recv, t, span, 3 + call, &k->has_recv)))
        return rc;
    if (inplace)
        pc_put_moved(&k->recv, (long)k->rdispls[r] * spe, (long)k->rcounts[r] * spe, call, r,
                     0, 1, 0);
    else
        pc_put_moved(&k->send, 0, (long)k->rcounts[r] * spe, call, r, 0, 1, 1);
    for (int i = 0; i < np; i++)
        pc_put_moved(&k->recv, (long)k->rdispls[i] * spe, (long)k->rcounts[i] * spe, call, i,
                     0, 0, 1);
    return MPI_SUCCESS;
}

static int run_allgather(const pc_ctx *x, pc_call *k)
{
    const MPI_Datatype t = pc_type_of(x, x->rank)->type;
    const int n = pc_count_of(x, x->rank);
    return x->fn.allgather(PC_SEND(k), n, t, PC_RECV(k), n, t, x->comm, x->params);
}

static int run_allgatherv(const pc_ctx *x, pc_call *k)
{
    const MPI_Datatype t = x->types.plain.type;
    return x->fn.allgatherv(PC_SEND(k), k->rcounts[x->rank], t, PC_RECV(k), k->rcounts,
                            k->rdispls, t, x->comm, x->params);
}

const pc_ops pc_ops_allgather = {prepare_allgather, run_allgather, 0};
const pc_ops pc_ops_allgatherv = {prepare_allgatherv, run_allgatherv, 0};
