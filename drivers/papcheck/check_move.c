/* The collectives that move data without combining it: allgather(v),
 * alltoall(v), bcast, gather(v), scatter(v), and barrier (no data). Every
 * moved scalar carries its sender, call and place (pc_value_move), so a
 * block in the wrong place, from the wrong rank or from the other of two
 * back-to-back calls shows. */
#include <stdlib.h>
#include <string.h>

#include "check_coll.h"

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

static int dist_count(papsim_cw_distkind d, int n, int i, int j)
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

/* displs from counts: packed in order, or (GAPPED) in reverse order with
 * one element before and two between blocks. Returns the span. */
static long place(papsim_cw_distkind d, int np, const int *counts, int *displs)
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
        counts[i] = dist_count(d, count, i, 0);
    return place(d, np, counts, displs);
}

/* Rank r's send (to j) or receive (from j) vectors of alltoallv. */
static long a2av_vectors(const pc_ctx *x, int r, int sending, int *counts, int *displs)
{
    for (int j = 0; j < x->np; j++)
        counts[j] = sending ? dist_count(x->c->dist, x->c->count, r, j)
                            : dist_count(x->c->dist, x->c->count, j, r);
    return place(x->c->dist, x->np, counts, displs);
}

static int alloc_vectors(pc_call *k, int np)
{
    k->scounts = calloc((size_t)np, sizeof(int));
    k->sdispls = calloc((size_t)np, sizeof(int));
    k->rcounts = calloc((size_t)np, sizeof(int));
    k->rdispls = calloc((size_t)np, sizeof(int));
    return k->scounts && k->sdispls && k->rcounts && k->rdispls ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

/* Scalars [first, first + n) of b (mem and/or image) from sender's scalars
 * starting at from. */
static void put_moved(pc_buf *b, long first, long n, int call, int sender, long from, int mem,
                      int image)
{
    for (long s = 0; s < n; s++)
        pc_buf_put(b, first + s, pc_value_move(call, sender, from + s), mem, image);
}

static int make(pc_buf *b, const pc_type *t, long elems, int tag, int *has)
{
    *has = 1;
    return pc_buf_make(b, t, elems, tag);
}

static int prepare_a2av(pc_ctx *x, int call, pc_call *k)
{
    const pc_type *t = &x->types.plain;
    const int np = x->np, r = x->rank, spe = t->spe;
    int rc = alloc_vectors(k, np);
    int *other_c = malloc((size_t)np * sizeof(int)), *other_d = malloc((size_t)np * sizeof(int));
    if (rc != MPI_SUCCESS || !other_c || !other_d) {
        free(other_c);
        free(other_d);
        return MPI_ERR_NO_MEM;
    }
    long sspan = a2av_vectors(x, r, 1, k->scounts, k->sdispls);
    long rspan = a2av_vectors(x, r, 0, k->rcounts, k->rdispls);
    if (!x->c->inplace)
        rc = make(&k->send, t, sspan, 1 + call, &k->has_send);
    if (rc == MPI_SUCCESS)
        rc = make(&k->recv, t, rspan, 3 + call, &k->has_recv);
    for (int j = 0; rc == MPI_SUCCESS && j < np; j++) {
        if (x->c->inplace) /* the data for j sits where j's block will land */
            put_moved(&k->recv, (long)k->rdispls[j] * spe, (long)k->rcounts[j] * spe, call, r,
                      (long)k->rdispls[j] * spe, 1, 0);
        else
            put_moved(&k->send, (long)k->sdispls[j] * spe, (long)k->scounts[j] * spe, call, r,
                      (long)k->sdispls[j] * spe, 1, 1);
        /* sender j's displacement of the block for r */
        a2av_vectors(x, j, !x->c->inplace, other_c, other_d);
        put_moved(&k->recv, (long)k->rdispls[j] * spe, (long)k->rcounts[j] * spe, call, j,
                  (long)other_d[r] * spe, 0, 1);
    }
    free(other_c);
    free(other_d);
    return rc;
}

/* The v-forms' blocks at the root (gatherv, scatterv, allgatherv). */
static int prepare_vblocks(pc_ctx *x, pc_call *k, long *span)
{
    int rc = alloc_vectors(k, x->np);
    if (rc == MPI_SUCCESS)
        *span = pc_blocks(x->c->dist, x->np, x->c->count, k->rcounts, k->rdispls);
    return rc;
}

int pc_prepare_move(pc_ctx *x, int call, pc_call *k)
{
    const char *coll = x->collective;
    const int np = x->np, r = x->rank, root = x->root, inplace = x->c->inplace;
    const pc_type *t = pc_type_of(x, r), *tr = pc_type_of(x, root);
    const int n = pc_count_of(x, r), nr = pc_count_of(x, root);
    const long S = pc_block_scalars(x);
    const int spe = x->types.plain.spe;
    long span = 0;
    int rc = MPI_SUCCESS;

    if (!strcmp(coll, "barrier"))
        return MPI_SUCCESS;
    if (!strcmp(coll, "alltoallv"))
        return prepare_a2av(x, call, k);
    if (!strcmp(coll, "allgather") || !strcmp(coll, "alltoall")) {
        const int a2a = coll[3] == 't';
        if (!inplace && (rc = make(&k->send, t, a2a ? (long)np * n : n, 1 + call, &k->has_send)))
            return rc;
        if ((rc = make(&k->recv, t, (long)np * n, 3 + call, &k->has_recv)))
            return rc;
        if (!a2a) {
            pc_buf *own = inplace ? &k->recv : &k->send;
            put_moved(own, inplace ? r * S : 0, S, call, r, 0, 1, !inplace);
            for (int i = 0; i < np; i++)
                put_moved(&k->recv, i * S, S, call, i, 0, 0, 1);
        } else {
            put_moved(inplace ? &k->recv : &k->send, 0, np * S, call, r, 0, 1, !inplace);
            for (int i = 0; i < np; i++)
                put_moved(&k->recv, i * S, S, call, i, r * S, 0, 1);
        }
        return MPI_SUCCESS;
    }
    if (!strcmp(coll, "allgatherv")) {
        if ((rc = prepare_vblocks(x, k, &span)))
            return rc;
        if (!inplace && (rc = make(&k->send, t, k->rcounts[r], 1 + call, &k->has_send)))
            return rc;
        if ((rc = make(&k->recv, t, span, 3 + call, &k->has_recv)))
            return rc;
        if (inplace)
            put_moved(&k->recv, (long)k->rdispls[r] * spe, (long)k->rcounts[r] * spe, call, r, 0,
                      1, 0);
        else
            put_moved(&k->send, 0, (long)k->rcounts[r] * spe, call, r, 0, 1, 1);
        for (int i = 0; i < np; i++)
            put_moved(&k->recv, (long)k->rdispls[i] * spe, (long)k->rcounts[i] * spe, call, i, 0,
                      0, 1);
        return MPI_SUCCESS;
    }
    if (!strcmp(coll, "bcast")) {
        if ((rc = make(&k->recv, t, n, 3 + call, &k->has_recv)))
            return rc;
        put_moved(&k->recv, 0, S, call, root, 0, r == root, 1);
        return MPI_SUCCESS;
    }
    if (!strcmp(coll, "gather") || !strcmp(coll, "scatter")) {
        const int gather = coll[0] == 'g';
        /* The root's big buffer; elsewhere the same shape, which MPI does
         * not read: it must stay untouched. */
        pc_buf *big = gather ? &k->recv : &k->send, *small = gather ? &k->send : &k->recv;
        int *hb = gather ? &k->has_recv : &k->has_send, *hs = gather ? &k->has_send : &k->has_recv;
        if ((rc = make(big, t, (long)np * n, gather ? 3 + call : 1 + call, hb)))
            return rc;
        if (!(inplace && r == root) && (rc = make(small, t, n, gather ? 1 + call : 3 + call, hs)))
            return rc;
        if (gather) {
            if (inplace && r == root)
                put_moved(big, r * S, S, call, r, 0, 1, 1);
            else
                put_moved(small, 0, S, call, r, 0, 1, 1);
            for (int i = 0; r == root && i < np; i++)
                put_moved(big, i * S, S, call, i, 0, 0, 1);
        } else {
            if (r == root)
                put_moved(big, 0, np * S, call, r, 0, 1, 1);
            if (!(inplace && r == root))
                put_moved(small, 0, S, call, root, r * S, 0, 1);
        }
        (void)tr;
        (void)nr;
        return MPI_SUCCESS;
    }
    /* gatherv, scatterv: the root's blocks follow the distribution. */
    const int gather = coll[0] == 'g';
    if ((rc = prepare_vblocks(x, k, &span)))
        return rc;
    pc_buf *big = gather ? &k->recv : &k->send, *small = gather ? &k->send : &k->recv;
    int *hb = gather ? &k->has_recv : &k->has_send, *hs = gather ? &k->has_send : &k->has_recv;
    if ((rc = make(big, t, span, gather ? 3 + call : 1 + call, hb)))
        return rc;
    if (!(inplace && r == root) &&
        (rc = make(small, t, k->rcounts[r], gather ? 1 + call : 3 + call, hs)))
        return rc;
    const long mine = (long)k->rcounts[r] * spe;
    if (gather) {
        if (inplace && r == root)
            put_moved(big, (long)k->rdispls[r] * spe, mine, call, r, 0, 1, 1);
        else
            put_moved(small, 0, mine, call, r, 0, 1, 1);
        for (int i = 0; r == root && i < np; i++)
            put_moved(big, (long)k->rdispls[i] * spe, (long)k->rcounts[i] * spe, call, i, 0, 0, 1);
    } else {
        for (int i = 0; r == root && i < np; i++)
            put_moved(big, (long)k->rdispls[i] * spe, (long)k->rcounts[i] * spe, call, r,
                      (long)k->rdispls[i] * spe, 1, 1);
        if (!(inplace && r == root))
            put_moved(small, 0, mine, call, root, (long)k->rdispls[r] * spe, 0, 1);
    }
    return MPI_SUCCESS;
}

#define SEND(k) ((k)->has_send ? (const void *)(k)->send.base : MPI_IN_PLACE)
#define RECV(k) ((k)->has_recv ? (void *)(k)->recv.base : MPI_IN_PLACE)

int pc_run_move(const pc_ctx *x, pc_call *k)
{
    const char *coll = x->collective;
    const int r = x->rank, root = x->root;
    const MPI_Datatype t = pc_type_of(x, r)->type, tp = x->types.plain.type;
    const int n = pc_count_of(x, r);
    const papsim_params *p = x->params;
    MPI_Comm comm = x->comm;
    if (!strcmp(coll, "barrier"))
        return ((papsim_barrier_fn *)x->fn)(comm, p);
    if (!strcmp(coll, "allgather"))
        return ((papsim_allgather_fn *)x->fn)(SEND(k), n, t, RECV(k), n, t, comm, p);
    if (!strcmp(coll, "alltoall"))
        return ((papsim_alltoall_fn *)x->fn)(SEND(k), n, t, RECV(k), n, t, comm, p);
    if (!strcmp(coll, "allgatherv"))
        return ((papsim_allgatherv_fn *)x->fn)(SEND(k), k->rcounts[r], tp, RECV(k), k->rcounts,
                                               k->rdispls, tp, comm, p);
    if (!strcmp(coll, "alltoallv"))
        return ((papsim_alltoallv_fn *)x->fn)(SEND(k), k->scounts, k->sdispls, tp, RECV(k),
                                              k->rcounts, k->rdispls, tp, comm, p);
    if (!strcmp(coll, "bcast"))
        return ((papsim_bcast_fn *)x->fn)(k->recv.base, n, t, root, comm, p);
    if (!strcmp(coll, "gather"))
        return ((papsim_gather_fn *)x->fn)(SEND(k), n, t, RECV(k), n, t, root, comm, p);
    if (!strcmp(coll, "scatter"))
        return ((papsim_scatter_fn *)x->fn)(SEND(k), n, t, RECV(k), n, t, root, comm, p);
    if (!strcmp(coll, "gatherv"))
        return ((papsim_gatherv_fn *)x->fn)(SEND(k), k->rcounts[r], tp, RECV(k), k->rcounts,
                                            k->rdispls, tp, root, comm, p);
    if (!strcmp(coll, "scatterv"))
        return ((papsim_scatterv_fn *)x->fn)(SEND(k), k->rcounts, k->rdispls, tp, RECV(k),
                                             k->rcounts[r], tp, root, comm, p);
    return MPI_ERR_OTHER;
}
