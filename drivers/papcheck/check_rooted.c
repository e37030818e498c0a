/* papcheck's rooted family: bcast, gather, scatter, gatherv and scatterv
 * move data between the root and every rank. The root's big buffer holds
 * every rank's block (the v-forms: the distribution's sizes at their
 * displacements); elsewhere it has the same shape, which MPI does not
 * read, so it must stay untouched. Moved scalars carry their sender, call
 * and place (pc_value_move). */
#include "check_coll.h"

static int prepare_bcast(pc_ctx *x, int call, pc_call *k)
{
    const int r = x->rank;
    int rc = pc_make(&k->recv, pc_type_of(x, r), pc_count_of(x, r), 3 + call, &k->has_recv);
    if (rc == MPI_SUCCESS)
        pc_put_moved(&k->recv, 0, pc_block_scalars(x), call, x->root, 0, r == x->root, 1);
    return rc;
}

/* The root's big buffer (gather: the receive buffer, scatter: the send
 * buffer) of big_elems elements and this rank's own block of small_elems,
 * but at an in-place root. */
static int make_rooted(pc_ctx *x, int call, pc_call *k, int gather, long big_elems,
                       long small_elems)
{
    const int r = x->rank;
    const pc_type *t = pc_type_of(x, r);
    pc_buf *big = gather ? &k->recv : &k->send, *small = gather ? &k->send : &k->recv;
    int *hb = gather ? &k->has_recv : &k->has_send, *hs = gather ? &k->has_send : &k->has_recv;
    int rc = pc_make(big, t, big_elems, gather ? 3 + call : 1 + call, hb);
    if (rc == MPI_SUCCESS && !(x->c->inplace && r == x->root))
        rc = pc_make(small, t, small_elems, gather ? 1 + call : 3 + call, hs);
    return rc;
}

/* gather and scatter: block i of the root's buffer is rank i's. */
static int prepare_blocks(pc_ctx *x, int call, pc_call *k, int gather)
{
    const int np = x->np, r = x->rank, root = x->root, inplace = x->c->inplace;
    const int n = pc_count_of(x, r);
    const long S = pc_block_scalars(x);
    pc_buf *big = gather ? &k->recv : &k->send, *small = gather ? &k->send : &k->recv;
    int rc = make_rooted(x, call, k, gather, (long)np * n, n);
    if (rc != MPI_SUCCESS)
        return rc;
    if (gather) {
        if (inplace && r == root)
            pc_put_moved(big, r * S, S, call, r, 0, 1, 1);
        else
            pc_put_moved(small, 0, S, call, r, 0, 1, 1);
        for (int i = 0; r == root && i < np; i++)
            pc_put_moved(big, i * S, S, call, i, 0, 0, 1);
    } else {
        if (r == root)
            pc_put_moved(big, 0, np * S, call, r, 0, 1, 1);
        if (!(inplace && r == root))
            pc_put_moved(small, 0, S, call, root, r * S, 0, 1);
    }
    return MPI_SUCCESS;
}

/* gatherv and scatterv: the root's blocks follow the distribution. */
static int prepare_vblocks(pc_ctx *x, int call, pc_call *k, int gather)
{
    const int np = x->np, r = x->rank, root = x->root, inplace = x->c->inplace;
    const int spe = x->types.plain.spe;
    pc_buf *big = gather ? &k->recv : &k->send, *small = gather ? &k->send : &k->recv;
    int rc = pc_alloc_vectors(k, np);
    if (rc != MPI_SUCCESS)
        return rc;
    const long span = pc_blocks(x->c->dist, np, x->c->count, k->rcounts, k->rdispls);
    if ((rc = make_rooted(x, call, k, gather, span, k->rcounts[r])) != MPI_SUCCESS)
        return rc;
    const long mine = (long)k->rcounts[r] * spe;
    if (gather) {
        if (inplace && r == root)
            pc_put_moved(big, (long)k->rdispls[r] * spe, mine, call, r, 0, 1, 1);
        else
            pc_put_moved(small, 0, mine, call, r, 0, 1, 1);
        for (int i = 0; r == root && i < np; i++)
            pc_put_moved(big, (long)k->rdispls[i] * spe, (long)k->rcounts[i] * spe, call, i, 0,
                         0, 1);
    } else {
        for (int i = 0; r == root && i < np; i++)
            pc_put_moved(big, (long)k->rdispls[i] * spe, (long)k->rcounts[i] * spe, call, r,
                         (long)k->rdispls[i] * spe, 1, 1);
        if (!(inplace && r == root))
            pc_put_moved(small, 0, mine, call, root, (long)k->rdispls[r] * spe, 0, 1);
    }
    return MPI_SUCCESS;
}

static int prepare_gather(pc_ctx *x, int call, pc_call *k)
{
    return prepare_blocks(x, call, k, 1);
}

static int prepare_scatter(pc_ctx *x, int call, pc_call *k)
{
    return prepare_blocks(x, call, k, 0);
}

static int prepare_gatherv(pc_ctx *x, int call, pc_call *k)
{
    return prepare_vblocks(x, call, k, 1);
}

static int prepare_scatterv(pc_ctx *x, int call, pc_call *k)
{
    return prepare_vblocks(x, call, k, 0);
}

static int run_bcast(const pc_ctx *x, pc_call *k)
{
    return x->fn.bcast(k->recv.base, pc_count_of(x, x->rank), pc_type_of(x, x->rank)->type,
                       x->root, x->comm, x->params);
}

static int run_gather(const pc_ctx *x, pc_call *k)
{
    const MPI_Datatype t = pc_type_of(x, x->rank)->type;
    const int n = pc_count_of(x, x->rank);
    return x->fn.gather(PC_SEND(k), n, t, PC_RECV(k), n, t, x->root, x->comm, x->params);
}

static int run_scatter(const pc_ctx *x, pc_call *k)
{
    const MPI_Datatype t = pc_type_of(x, x->rank)->type;
    const int n = pc_count_of(x, x->rank);
    return x->fn.scatter(PC_SEND(k), n, t, PC_RECV(k), n, t, x->root, x->comm, x->params);
}

static int run_gatherv(const pc_ctx *x, pc_call *k)
{
    const MPI_Datatype t = x->types.plain.type;
    return x->fn.gatherv(PC_SEND(k), k->rcounts[x->rank], t, PC_RECV(k), k->rcounts,
                         k->rdispls, t, x->root, x->comm, x->params);
}

static int run_scatterv(const pc_ctx *x, pc_call *k)
{
    const MPI_Datatype t = x->types.plain.type;
    return x->fn.scatterv(PC_SEND(k), k->rcounts, k->rdispls, t, PC_RECV(k),
                          k->rcounts[x->rank], t, x->root, x->comm, x->params);
}

const pc_ops pc_ops_bcast = {prepare_bcast, run_bcast, 0};
const pc_ops pc_ops_gather = {prepare_gather, run_gather, 0};
const pc_ops pc_ops_scatter = {prepare_scatter, run_scatter, 0};
const pc_ops pc_ops_gatherv = {prepare_gatherv, run_gatherv, 0};
const pc_ops pc_ops_scatterv = {prepare_scatterv, run_scatterv, 0};
