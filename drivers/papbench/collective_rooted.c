/* papbench's rooted family: bcast, gather, scatter, gatherv and scatterv
 * move data between the root and every rank. Block r holds the values
 * papbench_input_value(c, r, i): gathered from rank r to the root, or
 * scattered from the root to rank r; bcast's buffer holds the root's. The
 * block sizes come from the case's distribution for the v-forms (as for
 * allgatherv) and are the case's bytes for every rank otherwise. */
#include "call.h"

#include <string.h>

/* The root's count elements; every other buffer starts stale, so a rank
 * that receives nothing fails the check. */
static int prepare_bcast(papbench_call *call, papsim_err *e)
{
    (void)e;
    call->send_elems = call->recv_elems = (size_t)call->count;
    return 0;
}

static void fill_bcast(papbench_call *call)
{
    memset(call->recv, 0x5a, call->recv_elems * call->size);
    if (call->rank == call->c->root)
        for (long i = 0; i < call->count; i++)
            papbench_store_value(call, call->recv, i,
                                 papbench_input_value(call->c, call->c->root, i));
}

static int run_bcast(papbench_call *call) /* one buffer: recv, the root's input */
{
    if (call->builtin)
        return MPI_Bcast(call->recv, call->count, call->type, call->c->root, call->comm);
    return call->fn.bcast(call->recv, call->count, call->type, call->c->root, call->comm,
                          &call->params);
}

static int check_bcast(const papbench_call *call, int *wrong)
{
    *wrong = papbench_count_wrong(call, call->recv, 0, call->c->root, call->count);
    return MPI_SUCCESS;
}

/* Every rank's block; the root's side holds every block and is not read
 * elsewhere. to_root: gather and gatherv (data flows to the root). */
static int prepare_blocks(papbench_call *call, int to_root, papsim_err *e)
{
    if (papbench_block_counts(call, (call->coll->traits & PAPSIM_C_VFORM) != 0, e) != 0)
        return -1;
    const int last = call->np - 1, is_root = call->rank == call->c->root;
    const size_t total = (size_t)call->displs[last] + (size_t)call->counts[last];
    call->count = call->counts[call->rank];
    call->send_elems = to_root ? (size_t)call->count : is_root ? total : 0;
    call->recv_elems = !to_root ? (size_t)call->count : is_root ? total : 0;
    return 0;
}

static int prepare_gather(papbench_call *call, papsim_err *e)
{
    return prepare_blocks(call, 1, e);
}

static int prepare_scatter(papbench_call *call, papsim_err *e)
{
    return prepare_blocks(call, 0, e);
}

static void fill_gather(papbench_call *call)
{
    const papsim_case *c = call->c;
    void *input = call->send;
    long first = 0;
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    if (c->in_place && call->rank == c->root) { /* the own block is in place */
        input = call->recv;
        first = call->displs[c->root];
    }
    for (long i = 0; i < call->count; i++)
        papbench_store_value(call, input, first + i, papbench_input_value(c, call->rank, i));
}

static void fill_scatter(papbench_call *call)
{
    const papsim_case *c = call->c;
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    if (call->rank == c->root)
        for (int d = 0; d < call->np; d++)
            for (long i = 0; i < call->counts[d]; i++)
                papbench_store_value(call, call->send, call->displs[d] + i,
                                     papbench_input_value(c, d, i));
}

/* MPI_IN_PLACE at the root only: as the root's sendbuf when data flows to
 * it, as its recvbuf when data flows from it. */
static int in_place_root(const papbench_call *call)
{
    return call->c->in_place && call->rank == call->c->root;
}

static int run_gather(papbench_call *call)
{
    const void *send = in_place_root(call) ? MPI_IN_PLACE : call->send;
    const int n = call->count, root = call->c->root;
    const MPI_Datatype t = call->type;
    return call->builtin ? MPI_Gather(send, n, t, call->recv, n, t, root, call->comm)
                         : call->fn.gather(send, n, t, call->recv, n, t, root, call->comm,
                                           &call->params);
}

static int run_scatter(papbench_call *call)
{
    void *recv = in_place_root(call) ? MPI_IN_PLACE : call->recv;
    const int n = call->count, root = call->c->root;
    const MPI_Datatype t = call->type;
    return call->builtin ? MPI_Scatter(call->send, n, t, recv, n, t, root, call->comm)
                         : call->fn.scatter(call->send, n, t, recv, n, t, root, call->comm,
                                            &call->params);
}

static int run_gatherv(papbench_call *call)
{
    const void *send = in_place_root(call) ? MPI_IN_PLACE : call->send;
    const int n = call->count, root = call->c->root;
    const MPI_Datatype t = call->type;
    return call->builtin ? MPI_Gatherv(send, n, t, call->recv, call->counts, call->displs, t,
                                       root, call->comm)
                         : call->fn.gatherv(send, n, t, call->recv, call->counts, call->displs,
                                            t, root, call->comm, &call->params);
}

static int run_scatterv(papbench_call *call)
{
    void *recv = in_place_root(call) ? MPI_IN_PLACE : call->recv;
    const int n = call->count, root = call->c->root;
    const MPI_Datatype t = call->type;
    return call->builtin ? MPI_Scatterv(call->send, call->counts, call->displs, t, recv, n, t,
                                        root, call->comm)
                         : call->fn.scatterv(call->send, call->counts, call->displs, t, recv, n,
                                             t, root, call->comm, &call->params);
}

/* The root holds every rank's block at its place. */
static int check_gather(const papbench_call *call, int *wrong)
{
    *wrong = 0;
    if (call->rank == call->c->root)
        for (int r = 0; r < call->np; r++)
            *wrong += papbench_count_wrong(call, call->recv, call->displs[r], r, call->counts[r]);
    return MPI_SUCCESS;
}

/* Every rank holds its own block; in place, the root's stays in sendbuf. */
static int check_scatter(const papbench_call *call, int *wrong)
{
    const int root = call->c->root;
    if (in_place_root(call))
        *wrong = papbench_count_wrong(call, call->send, call->displs[root], root, call->count);
    else
        *wrong = papbench_count_wrong(call, call->recv, 0, call->rank, call->count);
    return MPI_SUCCESS;
}

const papbench_ops papbench_ops_bcast = {prepare_bcast, fill_bcast, run_bcast, check_bcast};
const papbench_ops papbench_ops_gather = {prepare_gather, fill_gather, run_gather, check_gather};
const papbench_ops papbench_ops_scatter = {prepare_scatter, fill_scatter, run_scatter,
                                           check_scatter};
const papbench_ops papbench_ops_gatherv = {prepare_gather, fill_gather, run_gatherv,
                                           check_gather};
const papbench_ops papbench_ops_scatterv = {prepare_scatter, fill_scatter, run_scatterv,
                                            check_scatter};
