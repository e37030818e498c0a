#include "collective.h"

#include <stdlib.h>
#include <string.h>

#include "distribution.h"
#include "papsim_catalog.h"

static MPI_Datatype datatype_of(const char *name)
{
    if (!strcmp(name, "char"))
        return MPI_SIGNED_CHAR;
    if (!strcmp(name, "int"))
        return MPI_INT;
    if (!strcmp(name, "float"))
        return MPI_FLOAT;
    if (!strcmp(name, "long"))
        return MPI_LONG;
    return MPI_DOUBLE;
}

static MPI_Op op_of(const char *name)
{
    if (!strcmp(name, "max"))
        return MPI_MAX;
    if (!strcmp(name, "min"))
        return MPI_MIN;
    if (!strcmp(name, "prod"))
        return MPI_PROD;
    return MPI_SUM;
}

/* The input element i of rank r: small integers, so sums and products are
 * exact in every datatype and every combine order gives the same bits. */
static long input_value(const papsim_case *c, int r, long i)
{
    if (!strcmp(c->op, "prod"))
        return ((r + i) % 5 == 0) ? -1 : 1;
    return (long)((r * 31L + i * 7L) % 23L) - 5;
}

static void store_value(const papbench_call *call, void *base, long index, long v)
{
    switch (call->size) {
    case 1: ((signed char *)base)[index] = (signed char)v; break;
    case 4:
        if (call->type == MPI_FLOAT)
            ((float *)base)[index] = (float)v;
        else
            ((int *)base)[index] = (int)v;
        break;
    default:
        if (call->type == MPI_DOUBLE)
            ((double *)base)[index] = (double)v;
        else
            ((long *)base)[index] = v;
    }
}

static int resolve_algorithm(papbench_call *call, const papsim_case *c, papsim_err *e)
{
    const char *coll = c->collective;
    const papsim_catalog_entry *entry;
    char why[1200];
    if (papsim_algorithm_check(coll, c->algorithm, call->np, &entry, why, sizeof why) != 0)
        return papsim_fail(e, "%s", why);
    call->builtin = entry == NULL;
    if (call->builtin)
        return 0;
    int commutative = 1;
    MPI_Op_commutative(call->op, &commutative);
    if ((entry->flags & PAPSIM_R_COMMUTATIVE) && !commutative)
        return papsim_fail(e, "%s/%s needs a commutative op", coll, c->algorithm);
    if ((entry->flags & PAPSIM_R_NO_IN_PLACE) && c->in_place)
        return papsim_fail(e, "%s/%s does not support MPI_IN_PLACE", coll, c->algorithm);
    call->allgather = !strcmp(coll, "allgather") ? papsim_allgather_lookup(c->algorithm) : NULL;
    call->allgatherv = !strcmp(coll, "allgatherv") ? papsim_allgatherv_lookup(c->algorithm) : NULL;
    call->reduce = !strcmp(coll, "reduce") ? papsim_reduce_lookup(c->algorithm) : NULL;
    call->allreduce = !strcmp(coll, "allreduce") ? papsim_allreduce_lookup(c->algorithm) : NULL;
    return 0;
}

/* Allgatherv: every rank's count from the distribution of the case (the same
 * on every rank), packed displacements, and this rank's own count. */
static int prepare_blocks(papbench_call *call, papsim_err *e)
{
    const papsim_case *c = call->c;
    call->counts = malloc((size_t)call->np * sizeof *call->counts);
    call->displs = malloc((size_t)call->np * sizeof *call->displs);
    if (!call->counts || !call->displs) {
        papbench_call_free(call);
        return papsim_fail(e, "out of memory for the block counts at np=%d", call->np);
    }
    if (papsim_distribution_counts(c->distribution, call->np, c->bytes / call->size,
                                   call->counts, call->displs, e) != 0) {
        papbench_call_free(call);
        return -1;
    }
    const int last = call->np - 1;
    call->recv_elems = (size_t)call->displs[last] + (size_t)call->counts[last];
    call->count = call->counts[call->rank];
    return 0;
}

int papbench_call_prepare(papbench_call *call, const papsim_case *c, MPI_Comm comm, papsim_err *e)
{
    memset(call, 0, sizeof *call);
    call->c = c;
    call->comm = comm;
    MPI_Comm_rank(comm, &call->rank);
    MPI_Comm_size(comm, &call->np);
    if (papsim_case_validate(c, e) != 0)
        return -1;
    if (c->np > 0 && c->np != call->np)
        return papsim_fail(e, "--np %d but %d processes were started", c->np, call->np);
    if (c->root >= call->np)
        return papsim_fail(e, "--root %d is outside the communicator (np=%d)", c->root, call->np);
    call->type = datatype_of(c->datatype);
    call->op = op_of(c->op);
    call->size = papsim_datatype_size(c->datatype);
    call->count = (int)(c->bytes / call->size);
    call->params.gamma = c->gamma;
    call->params.segment_bytes = (MPI_Aint)c->segment_bytes;
    call->params.segments = c->segments;
    call->params.schedule_timed = c->schedule_timed;
    call->knowledge = !strcmp(c->knowledge, "oracle")      ? PAPBENCH_KNOW_ORACLE
                      : !strcmp(c->knowledge, "predicted") ? PAPBENCH_KNOW_PREDICTED
                                                           : PAPBENCH_KNOW_NONE;
    if (call->knowledge != PAPBENCH_KNOW_NONE) {
        call->arrivals = calloc((size_t)call->np, sizeof *call->arrivals);
        if (!call->arrivals)
            return papsim_fail(e, "out of memory for %d arrival times", call->np);
        call->params.arrivals = call->arrivals;
    }
    if (resolve_algorithm(call, c, e) != 0)
        return -1;

    if (!strcmp(c->collective, "allgather")) {
        call->recv_elems = (size_t)call->count * (size_t)call->np;
    } else if (!strcmp(c->collective, "allgatherv")) {
        if (prepare_blocks(call, e) != 0)
            return -1;
    } else {
        call->recv_elems = (size_t)call->count;
    }
    call->send = malloc((size_t)call->count * call->size + 1);
    call->recv = malloc(call->recv_elems * call->size + 1);
    if (!call->send || !call->recv) {
        papbench_call_free(call);
        return papsim_fail(e, "out of memory for %lld-byte buffers at np=%d", c->bytes, call->np);
    }
    return 0;
}

void papbench_call_free(papbench_call *call)
{
    free(call->send);
    free(call->recv);
    free(call->counts);
    free(call->displs);
    free(call->arrivals);
    call->arrivals = NULL;
    call->params.arrivals = NULL;
    call->send = call->recv = NULL;
    call->counts = call->displs = NULL;
}

/* Where rank r's block starts in the gathered result (elements). */
static long block_start(const papbench_call *call, int r)
{
    return call->displs ? (long)call->displs[r] : (long)r * call->count;
}

void papbench_call_fill(papbench_call *call)
{
    const int gathers = !strncmp(call->c->collective, "allgather", 9);
    /* In place, the input lives in recvbuf: at the rank's block (allgather)
     * or as the whole vector (reduce root, allreduce). */
    void *input = call->send;
    long first = 0;
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    if (call->c->in_place && gathers) {
        input = call->recv;
        first = block_start(call, call->rank);
    } else if (call->c->in_place && (!strcmp(call->c->collective, "allreduce") ||
                                     call->rank == call->c->root)) {
        input = call->recv;
    }
    for (long i = 0; i < call->count; i++)
        store_value(call, input, first + i, input_value(call->c, call->rank, i));
}

void papbench_call_knowledge(papbench_call *call, const double *delays)
{
    if (call->knowledge == PAPBENCH_KNOW_ORACLE) {
        memcpy(call->arrivals, delays, (size_t)call->np * sizeof *call->arrivals);
    } else if (call->knowledge == PAPBENCH_KNOW_PREDICTED) {
        const int n = call->nhistory < PAPBENCH_SMA_WINDOW ? call->nhistory : PAPBENCH_SMA_WINDOW;
        double sum = 0;
        for (int k = call->nhistory - n; k < call->nhistory; k++) /* oldest first */
            sum += call->history[k % PAPBENCH_SMA_WINDOW];
        call->prediction = n > 0 ? sum / n : 0.0;
    }
}

void papbench_call_record_arrival(papbench_call *call, double offset)
{
    call->history[call->nhistory % PAPBENCH_SMA_WINDOW] = offset;
    call->nhistory++;
}

int papbench_call_run(papbench_call *call)
{
    const papsim_case *c = call->c;
    const int in_place = c->in_place;
    const void *send = call->send;
    if (call->knowledge == PAPBENCH_KNOW_PREDICTED) {
        int rc = papsim_allgather_bruck(&call->prediction, 1, MPI_DOUBLE, call->arrivals, 1,
                                        MPI_DOUBLE, call->comm, &call->params);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    if (!strcmp(c->collective, "allgather")) {
        send = in_place ? MPI_IN_PLACE : send;
        if (call->builtin)
            return MPI_Allgather(send, call->count, call->type, call->recv, call->count,
                                 call->type, call->comm);
        return call->allgather(send, call->count, call->type, call->recv, call->count, call->type,
                               call->comm, &call->params);
    }
    if (!strcmp(c->collective, "allgatherv")) {
        send = in_place ? MPI_IN_PLACE : send;
        if (call->builtin)
            return MPI_Allgatherv(send, call->count, call->type, call->recv, call->counts,
                                  call->displs, call->type, call->comm);
        return call->allgatherv(send, call->count, call->type, call->recv, call->counts,
                                call->displs, call->type, call->comm, &call->params);
    }
    if (!strcmp(c->collective, "reduce")) {
        send = in_place && call->rank == c->root ? MPI_IN_PLACE : send;
        if (call->builtin)
            return MPI_Reduce(send, call->recv, call->count, call->type, call->op, c->root,
                              call->comm);
        return call->reduce(send, call->recv, call->count, call->type, call->op, c->root,
                            call->comm, &call->params);
    }
    send = in_place ? MPI_IN_PLACE : send;
    if (call->builtin)
        return MPI_Allreduce(send, call->recv, call->count, call->type, call->op, call->comm);
    return call->allreduce(send, call->recv, call->count, call->type, call->op, call->comm,
                           &call->params);
}

/* expected = v(0) op v(1) op ... op v(np-1), folded in rank order. */
static int fold_reference(const papbench_call *call, void *expected, void *scratch)
{
    for (long i = 0; i < call->count; i++)
        store_value(call, expected, i, input_value(call->c, 0, i));
    for (int r = 1; r < call->np; r++) {
        for (long i = 0; i < call->count; i++)
            store_value(call, scratch, i, input_value(call->c, r, i));
        int rc = MPI_Reduce_local(expected, scratch, call->count, call->type, call->op);
        if (rc != MPI_SUCCESS)
            return rc;
        memcpy(expected, scratch, (size_t)call->count * call->size);
    }
    return MPI_SUCCESS;
}

static int count_mismatches(const papbench_call *call, const void *expected, size_t elems)
{
    int wrong = 0;
    for (size_t i = 0; i < elems; i++)
        if (memcmp((const char *)call->recv + i * call->size,
                   (const char *)expected + i * call->size, (size_t)call->size) != 0)
            wrong++;
    return wrong;
}

int papbench_call_check(const papbench_call *call, int *wrong)
{
    const papsim_case *c = call->c;
    int rc = MPI_SUCCESS;
    *wrong = 0;
    if (!strcmp(c->collective, "reduce") && call->rank != c->root)
        return MPI_SUCCESS; /* recvbuf is only significant at the root */
    void *expected = malloc(call->recv_elems * call->size + 1);
    void *scratch = malloc((size_t)call->count * call->size + 1); /* count: own block */
    if (!expected || !scratch) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    if (!strcmp(c->collective, "allgather") || !strcmp(c->collective, "allgatherv")) {
        for (int r = 0; r < call->np; r++) {
            const long n = call->counts ? call->counts[r] : call->count;
            for (long i = 0; i < n; i++)
                store_value(call, expected, block_start(call, r) + i, input_value(c, r, i));
        }
    } else {
        rc = fold_reference(call, expected, scratch);
        if (rc != MPI_SUCCESS)
            goto out;
    }
    *wrong = count_mismatches(call, expected, call->recv_elems);
out:
    free(expected);
    free(scratch);
    return rc;
}
