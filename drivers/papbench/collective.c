#include "collective.h"

#include <stdlib.h>
#include <string.h>

#include "coll_util.h"
#include "cases/distribution.h"
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

/* --op affine, the non-commutative op of the correctness tests. An element
 * is an affine map x -> a x + b packed into one integer, a in the high half
 * and b in the low half: 16-bit halves in an int (arithmetic mod 2^16),
 * 32-bit halves in a long (mod 2^32). Packing keeps the datatype predefined,
 * so counts, bytes and segment sizes mean what they mean for sum. u op v is
 * "u, then v": x -> a_v (a_u x + b_u) + b_v = (a_u a_v, a_v b_u + b_v).
 * Composition is associative but not commutative, so a reduction that
 * combines out of rank order changes b. */
static unsigned long affine_then(unsigned long u, unsigned long v, int half_bits)
{
    const unsigned long mask = half_bits == 32 ? 0xffffffffUL : 0xffffUL;
    const unsigned long au = u >> half_bits & mask, bu = u & mask;
    const unsigned long av = v >> half_bits & mask, bv = v & mask;
    return (au * av & mask) << half_bits | ((av * bu + bv) & mask);
}

/* The MPI_User_function: inout[i] = in[i] op inout[i] (MPI's rule: in is
 * the left operand, it holds the lower ranks). papsim_case_validate admits
 * affine only for int and long. */
static void affine_combine(void *in, void *inout, int *len, MPI_Datatype *type)
{
    if (*type == MPI_INT) {
        const unsigned *u = in;
        unsigned *v = inout;
        for (int i = 0; i < *len; i++)
            v[i] = (unsigned)affine_then(u[i], v[i], 16);
    } else if (*type == MPI_LONG) {
        const unsigned long *u = in;
        unsigned long *v = inout;
        for (int i = 0; i < *len; i++)
            v[i] = affine_then(u[i], v[i], 32);
    }
}

/* The MPI op of the case; affine is created here and freed with the call. */
static int create_op(const char *name, MPI_Op *op, int *created)
{
    *created = 0;
    if (!strcmp(name, "affine")) {
        int rc = MPI_Op_create(affine_combine, 0 /* not commutative */, op);
        *created = rc == MPI_SUCCESS;
        return rc;
    }
    *op = !strcmp(name, "max")    ? MPI_MAX
          : !strcmp(name, "min")  ? MPI_MIN
          : !strcmp(name, "prod") ? MPI_PROD
                                  : MPI_SUM;
    return MPI_SUCCESS;
}

/* The input element i of rank r: small integers, so sums and products are
 * exact in every datatype and every combine order gives the same bits. For
 * affine, the map (a, b) with an odd a of 3..11 (odd: the map is a
 * bijection, so no later map can hide an order error) and b in 0..100, both
 * depending on the rank. */
long papbench_input_value(const papsim_case *c, int r, long i)
{
    if (!strcmp(c->op, "prod"))
        return ((r + i) % 5 == 0) ? -1 : 1;
    if (!strcmp(c->op, "affine")) {
        const long a = 2 * ((r + 3 * i) % 5) + 3, b = (r * 37L + i * 11L) % 101L;
        return a << (strcmp(c->datatype, "int") ? 32 : 16) | b;
    }
    return (long)((r * 31L + i * 7L) % 23L) - 5;
}

void papbench_store_value(const papbench_call *call, void *base, long index, long v)
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
    if (papsim_case_check_restrictions(c, entry->flags, e) != 0)
        return -1;
    call->allgather = !strcmp(coll, "allgather") ? papsim_allgather_lookup(c->algorithm) : NULL;
    call->allgatherv = !strcmp(coll, "allgatherv") ? papsim_allgatherv_lookup(c->algorithm) : NULL;
    call->reduce = !strcmp(coll, "reduce") ? papsim_reduce_lookup(c->algorithm) : NULL;
    call->allreduce = !strcmp(coll, "allreduce") ? papsim_allreduce_lookup(c->algorithm) : NULL;
    call->alltoall = !strcmp(coll, "alltoall") ? papsim_alltoall_lookup(c->algorithm) : NULL;
    call->bcast = !strcmp(coll, "bcast") ? papsim_bcast_lookup(c->algorithm) : NULL;
    papbench_more_resolve(call);
    papbench_a2av_resolve(call);
    papbench_gs_resolve(call);
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
    if (create_op(c->op, &call->op, &call->op_created) != MPI_SUCCESS)
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

    if (!strcmp(c->collective, "allgather")) {
        call->recv_elems = (size_t)call->count * (size_t)call->np;
    } else if (!strcmp(c->collective, "allgatherv")) {
        if (prepare_blocks(call, e) != 0)
            return -1;
    } else if (!strcmp(c->collective, "alltoall")) {
        call->recv_elems = (size_t)call->count * (size_t)call->np; /* a block per rank */
    } else if (papbench_more_collective(c->collective)) {
        if (papbench_more_prepare(call, e) != 0) /* sets send_elems too */
            return -1;
    } else if (papbench_a2av_collective(c->collective)) {
        if (papbench_a2av_prepare(call, e) != 0) /* sets send_elems too */
            return -1;
    } else if (papbench_gs_collective(c->collective)) {
        if (papbench_gs_prepare(call, e) != 0) /* sets send_elems too */
            return -1;
    } else {
        call->recv_elems = (size_t)call->count;
    }
    if (!papbench_more_collective(c->collective) && !papbench_a2av_collective(c->collective) &&
        !papbench_gs_collective(c->collective))
        call->send_elems =
            !strcmp(c->collective, "alltoall") ? call->recv_elems : (size_t)call->count;
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

/* Where rank r's block starts in the gathered result (elements). */
static long block_start(const papbench_call *call, int r)
{
    return call->displs ? (long)call->displs[r] : (long)r * call->count;
}

/* Alltoall's element i of the block rank s sends to rank d: a distinct value
 * for every (s, d, i) wherever the datatype can hold them (up to 2^24 for
 * float, 2^31 - 1 otherwise; char wraps at 127), so a block delivered to
 * the wrong rank or slot never passes the check. */
static long alltoall_value(const papbench_call *call, int s, int d, long i)
{
    const long modulus = call->size == 1 ? 127L : call->type == MPI_FLOAT ? 1L << 24 : 0x7fffffffL;
    return (((long)s * call->np + d) * (long)call->count + i) % modulus;
}

/* Alltoall input: block d of the rank's send side (recvbuf in place) holds
 * the values for rank d. */
static void fill_alltoall(papbench_call *call)
{
    void *input = call->c->in_place ? call->recv : call->send;
    for (int d = 0; d < call->np; d++)
        for (long i = 0; i < call->count; i++)
            papbench_store_value(call, input, (long)d * call->count + i,
                        alltoall_value(call, call->rank, d, i));
}

/* Bcast input: the root's values in its buffer; every other buffer
 * starts stale, so a rank that receives nothing fails the check. */
static void fill_bcast(papbench_call *call)
{
    memset(call->recv, 0x5a, call->recv_elems * call->size);
    if (call->rank == call->c->root)
        for (long i = 0; i < call->count; i++)
            papbench_store_value(call, call->recv, i, papbench_input_value(call->c, call->c->root, i));
}

void papbench_call_fill(papbench_call *call)
{
    if (papbench_more_collective(call->c->collective)) {
        papbench_more_fill(call);
        return;
    }
    if (papbench_a2av_collective(call->c->collective)) {
        papbench_a2av_fill(call);
        return;
    }
    if (papbench_gs_collective(call->c->collective)) {
        papbench_gs_fill(call);
        return;
    }
    if (!strcmp(call->c->collective, "alltoall")) {
        memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
        fill_alltoall(call);
        return;
    }
    if (!strcmp(call->c->collective, "bcast")) {
        fill_bcast(call);
        return;
    }
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
        papbench_store_value(call, input, first + i, papbench_input_value(call->c, call->rank, i));
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
    if (papbench_more_collective(c->collective))
        return papbench_more_run(call);
    if (papbench_a2av_collective(c->collective))
        return papbench_a2av_run(call);
    if (papbench_gs_collective(c->collective))
        return papbench_gs_run(call);
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
    if (!strcmp(c->collective, "alltoall")) {
        send = in_place ? MPI_IN_PLACE : send;
        if (call->builtin)
            return MPI_Alltoall(send, call->count, call->type, call->recv, call->count,
                                call->type, call->comm);
        return call->alltoall(send, call->count, call->type, call->recv, call->count, call->type,
                              call->comm, &call->params);
    }
    if (!strcmp(c->collective, "bcast")) { /* one buffer: recv, the root's input */
        if (call->builtin)
            return MPI_Bcast(call->recv, call->count, call->type, c->root, call->comm);
        return call->bcast(call->recv, call->count, call->type, c->root, call->comm,
                           &call->params);
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
        papbench_store_value(call, expected, i, papbench_input_value(call->c, 0, i));
    for (int r = 1; r < call->np; r++) {
        for (long i = 0; i < call->count; i++)
            papbench_store_value(call, scratch, i, papbench_input_value(call->c, r, i));
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
    if (papbench_more_collective(c->collective))
        return papbench_more_check(call, wrong);
    if (papbench_a2av_collective(c->collective))
        return papbench_a2av_check(call, wrong);
    if (papbench_gs_collective(c->collective))
        return papbench_gs_check(call, wrong);
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
                papbench_store_value(call, expected, block_start(call, r) + i, papbench_input_value(c, r, i));
        }
    } else if (!strcmp(c->collective, "bcast")) { /* every rank holds the root's data */
        for (long i = 0; i < call->count; i++)
            papbench_store_value(call, expected, i, papbench_input_value(c, c->root, i));
    } else if (!strcmp(c->collective, "alltoall")) {
        /* Block s of the result is what rank s sent to this rank. */
        for (int s = 0; s < call->np; s++)
            for (long i = 0; i < call->count; i++)
                papbench_store_value(call, expected, (long)s * call->count + i,
                            alltoall_value(call, s, call->rank, i));
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
