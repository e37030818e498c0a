/* The steps of a call common to every collective (collective.h); the
 * collective's own steps are its papbench_ops (call.h). */
#include "collective.h"

#include <stdlib.h>
#include <string.h>

#include "coll_util.h"
#include "papsim_catalog.h"

/* The operations of each collective, in collectives.def's order. */
static const papbench_ops *const collective_ops[] = {
#define PAPSIM_COLLECTIVE(name, ...) &papbench_ops_##name,
#include "collectives.def"
};

static int resolve_algorithm(papbench_call *call, const papsim_case *c, papsim_err *e)
{
    const papsim_catalog_entry *entry;
    char why[1200];
    if (papsim_algorithm_check(c->collective, c->algorithm, call->np, &entry, why, sizeof why) != 0)
        return papsim_fail(e, "%s", why);
    /* papsim_algorithm_check knows the collective: its row exists. */
    const size_t index = (size_t)(papsim_collective_find(c->collective) - papsim_collective_table);
    call->coll = &papsim_collective_table[index];
    call->ops = collective_ops[index];
    call->builtin = entry == NULL;
    if (call->builtin)
        return 0;
    if (papsim_case_check_restrictions(c, entry->flags, e) != 0)
        return -1;
    if (papsim_algorithm_lookup(c->collective, c->algorithm, &call->fn) != 0)
        return papsim_fail(e, "%s/%s has no function in the registry", c->collective,
                           c->algorithm);
    return 0;
}

/* --radix of an algorithm whose registry knobs list radix (reduce radix_k),
 * parsed into the call (params.radix points into it) and checked against
 * the ranks actually started (--np may be absent). Other algorithms ignore
 * the option. */
static int prepare_radix(papbench_call *call, const papsim_case *c, papsim_err *e)
{
    char why[256];
    const papsim_catalog_entry *entry = papsim_catalog_find(c->collective, c->algorithm);
    if (!c->radix[0] || !entry || !(entry->knobs & PAPSIM_K_RADIX))
        return 0;
    const int n = papsim_radix_parse(c->radix, call->radix, why, sizeof why);
    if (n < 0 || papsim_radix_check_np(call->radix, n, call->np, why, sizeof why) != 0)
        return papsim_fail(e, "%s/%s: %s", c->collective, c->algorithm, why);
    call->params.radix = call->radix;
    call->params.radix_len = n;
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
    call->type = papbench_datatype_of(c->datatype);
    if (papbench_create_op(c->op, &call->op, &call->op_created) != MPI_SUCCESS)
        return papsim_fail(e, "MPI_Op_create failed for --op %s", c->op);
    call->size = papsim_datatype_size(c->datatype);
    call->count = (int)(c->bytes / call->size);
    call->params.gamma = c->gamma;
#ifdef PAPSIM_SIMULATED
    call->params.timing_only = !c->check; /* papsim_params.timing_only */
#endif
    call->params.segment_bytes = (MPI_Aint)c->segment_bytes;
    call->params.segments = c->segments;
    call->params.max_requests = c->max_requests;
    call->params.knomial_radix = c->knomial_radix;
    call->params.schedule_timed = c->schedule_timed;
    call->params.model_alpha = c->model_alpha;
    call->params.model_beta = c->model_beta;
    call->knowledge = !strcmp(c->knowledge, "oracle")      ? PAPBENCH_KNOW_ORACLE
                      : !strcmp(c->knowledge, "predicted") ? PAPBENCH_KNOW_PREDICTED
                      : !strcmp(c->knowledge, "estimated") ? PAPBENCH_KNOW_ESTIMATED
                                                           : PAPBENCH_KNOW_NONE;
    if (call->knowledge == PAPBENCH_KNOW_ESTIMATED) { /* no arrivals until obtain() */
        if (papbench_estimate_init(&call->estimate, comm, papsim_case_edge(c)) != MPI_SUCCESS)
            return papsim_fail(e, "out of memory for %d arrival estimates", call->np);
        call->params.arrival_source = &call->estimate.source;
    } else if (call->knowledge != PAPBENCH_KNOW_NONE) {
        call->arrivals = calloc((size_t)call->np, sizeof *call->arrivals);
        if (!call->arrivals)
            return papsim_fail(e, "out of memory for %d arrival times", call->np);
        call->params.arrivals = call->arrivals;
    }
    if (resolve_algorithm(call, c, e) != 0 || prepare_radix(call, c, e) != 0)
        return -1;

    if (call->ops->prepare(call, e) != 0) {
        papbench_call_free(call);
        return -1;
    }
    call->send = papsim_data_malloc(call->send_elems * call->size + 1);
    call->recv = papsim_data_malloc(call->recv_elems * call->size + 1);
    if (!call->send || !call->recv) {
        papbench_call_free(call);
        return papsim_fail(e, "out of memory for %lld-byte buffers at np=%d", c->bytes, call->np);
    }
    return 0;
}

void papbench_call_free(papbench_call *call)
{
    papsim_data_free(call->send);
    papsim_data_free(call->recv);
    free(call->counts);
    free(call->displs);
    free(call->a2av);
    call->a2av = NULL;
    free(call->arrivals);
    call->arrivals = NULL;
    call->params.arrivals = NULL;
    papbench_estimate_free(&call->estimate);
    call->params.arrival_source = NULL;
    call->send = call->recv = NULL;
    call->counts = call->displs = NULL;
    if (call->op_created) /* --op affine */
        MPI_Op_free(&call->op);
    call->op_created = 0;
}

void papbench_call_fill(papbench_call *call) { call->ops->fill(call); }

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
    if (call->knowledge == PAPBENCH_KNOW_PREDICTED) {
        int rc = papsim_allgather_bruck(&call->prediction, 1, MPI_DOUBLE, call->arrivals, 1,
                                        MPI_DOUBLE, call->comm, &call->params);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return call->ops->run(call);
}

int papbench_call_check(const papbench_call *call, int *wrong)
{
    *wrong = 0;
    return call->ops->check(call, wrong);
}
