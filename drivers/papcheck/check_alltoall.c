/* papcheck's alltoall family, alltoall and alltoallv: block j of rank r's
 * send buffer lands as block r of rank j's receive buffer (alltoallv: the
 * per-pair sizes of the distribution, sender and receiver each with its own
 * displacements). Moved scalars carry their sender, call and place
 * (pc_value_move). */
#include <stdlib.h>

#include "check_coll.h"

static int prepare_alltoall(pc_ctx *x, int call, pc_call *k)
{
    const int np = x->np, r = x->rank, inplace = x->c->inplace;
    const pc_type *t = pc_type_of(x, r);
    const int n = pc_count_of(x, r);
    const long S = pc_block_scalars(x);
    int rc;
    if (!inplace && (rc = pc_make(&k->send, t, (long)np * n, 1 + call, &k->has_send)))
        return rc;
    if ((rc = pc_make(&k->recv, t, (long)np * n, 3 + call, &k->has_recv)))
        return rc;
    pc_put_moved(inplace ? &k->recv : &k->send, 0, np * S, call, r, 0, 1, !inplace);
    for (int i = 0; i < np; i++)
        pc_put_moved(&k->recv, i * S, S, call, i, r * S, 0, 1);
    return MPI_SUCCESS;
}

/* Rank r's send (to j) or receive (from j) vectors of alltoallv. */
static long a2av_vectors(const pc_ctx *x, int r, int sending, int *counts, int *displs)
{
    for (int j = 0; j < x->np; j++)
        counts[j] = sending ? pc_dist_count(x->c->dist, x->c->count, r, j)
                            : pc_dist_count(x->c->dist, x->c->count, j, r);
    return pc_place(x->c->dist, x->np, counts, displs);
}

static int prepare_alltoallv(pc_ctx *x, int call, pc_call *k)
{
    const pc_type *t = &x->types.plain;
    const int np = x->np, r = x->rank, spe = t->spe;
    int rc = pc_alloc_vectors(k, np);
    int *other_c = malloc((size_t)np * sizeof(int)), *other_d = malloc((size_t)np * sizeof(int));
    if (rc != MPI_SUCCESS || !other_c || !other_d) {
        free(other_c);
        free(other_d);
        return MPI_ERR_NO_MEM;
    }
    long sspan = a2av_vectors(x, r, 1, k->scounts, k->sdispls);
    long rspan = a2av_vectors(x, r, 0, k->rcounts, k->rdispls);
    if (!x->c->inplace)
        rc = pc_make(&k->send, t, sspan, 1 + call, &k->has_send);
    if (rc == MPI_SUCCESS)
        rc = pc_make(&k->recv, t, rspan, 3 + call, &k->has_recv);
    for (int j = 0; rc == MPI_SUCCESS && j < np; j++) {
        if (x->c->inplace) /* the data for j sits where j's block will land */
            pc_put_moved(&k->recv, (long)k->rdispls[j] * spe, (long)k->rcounts[j] * spe, call,
                         r, (long)k->rdispls[j] * spe, 1, 0);
        else
            pc_put_moved(&k->send, (long)k->sdispls[j] * spe, (long)k->scounts[j] * spe, call,
                         r, (long)k->sdispls[j] * spe, 1, 1);
        /* sender j's displacement of the block for r */
        a2av_vectors(x, j, !x->c->inplace, other_c, other_d);
        pc_put_moved(&k->recv, (long)k->rdispls[j] * spe, (long)k->rcounts[j] * spe, call, j,
                     (long)other_d[r] * spe, 0, 1);
    }
    free(other_c);
    free(other_d);
    return rc;
}

static int run_alltoall(const pc_ctx *x, pc_call *k)
{
    const MPI_Datatype t = pc_type_of(x, x->rank)->type;
    const int n = pc_count_of(x, x->rank);
    return x->fn.alltoall(PC_SEND(k), n, t, PC_RECV(k), n, t, x->comm, x->params);
}

static int run_alltoallv(const pc_ctx *x, pc_call *k)
{
    const MPI_Datatype t = x->types.plain.type;
    return x->fn.alltoallv(PC_SEND(k), k->scounts, k->sdispls, t, PC_RECV(k), k->rcounts,
                           k->rdispls, t, x->comm, x->params);
}

const pc_ops pc_ops_alltoall = {prepare_alltoall, run_alltoall, 0};
const pc_ops pc_ops_alltoallv = {prepare_alltoallv, run_alltoallv, 0};
