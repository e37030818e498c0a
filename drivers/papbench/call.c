/* The data helpers papbench's collective families share (call.h): the
 * case's datatype and op, input values, block counts, the own input
 * vector and the comparisons of a result with its definition. */
#include "call.h"

#include <stdlib.h>
#include <string.h>

#include "cases/distribution.h"

MPI_Datatype papbench_datatype_of(const char *name)
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
int papbench_create_op(const char *name, MPI_Op *op, int *created)
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

/* Every rank's block (elements) and its place in the vector, the same on
 * every rank: from the case's distribution when `distributed`, else p
 * blocks of call->count. */
int papbench_block_counts(papbench_call *call, int distributed, papsim_err *e)
{
    const int p = call->np;
    call->counts = malloc((size_t)p * sizeof *call->counts);
    call->displs = malloc((size_t)p * sizeof *call->displs);
    if (!call->counts || !call->displs)
        return papsim_fail(e, "out of memory for the block counts at np=%d", p);
    if (distributed)
        return papsim_distribution_counts(call->c->distribution, p, call->c->bytes / call->size,
                                          call->counts, call->displs, e);
    if ((long long)call->count * p > 0x7fffffffLL)
        return papsim_fail(e, "--bytes %lld: np x the block is more than 2^31-1 elements",
                           call->c->bytes);
    for (int r = 0; r < p; r++) {
        call->counts[r] = call->count;
        call->displs[r] = r * call->count;
    }
    return 0;
}

void papbench_fill_vector(papbench_call *call)
{
    const papsim_case *c = call->c;
    void *input = call->send;
    memset(call->recv, 0x5a, call->recv_elems * call->size); /* a stale result never passes */
    if (c->in_place && (!(call->coll->traits & PAPSIM_C_ROOTED) || call->rank == c->root))
        input = call->recv;
    for (long i = 0; i < (long)call->send_elems; i++)
        papbench_store_value(call, input, i, papbench_input_value(c, call->rank, i));
}

int papbench_fold_check(const papbench_call *call, long first, long n, int last, int *wrong)
{
    int rc = MPI_SUCCESS;
    char *expected = malloc((size_t)n * call->size + 1);
    char *scratch = malloc((size_t)n * call->size + 1);
    if (!expected || !scratch) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    for (long i = 0; i < n; i++)
        papbench_store_value(call, expected, i, papbench_input_value(call->c, 0, first + i));
    for (int r = 1; r <= last; r++) {
        for (long i = 0; i < n; i++)
            papbench_store_value(call, scratch, i, papbench_input_value(call->c, r, first + i));
        rc = MPI_Reduce_local(expected, scratch, (int)n, call->type, call->op);
        if (rc != MPI_SUCCESS)
            goto out;
        memcpy(expected, scratch, (size_t)n * call->size);
    }
    for (long i = 0; i < n; i++)
        *wrong += memcmp((char *)call->recv + i * call->size, expected + i * call->size,
                         (size_t)call->size) != 0;
out:
    free(expected);
    free(scratch);
    return rc;
}

/* Wrong elements among n of buf from `first` on, against rank r's block. */
int papbench_count_wrong(const papbench_call *call, const void *buf, long first, int r, long n)
{
    long long expected = 0; /* room for one element of any datatype */
    int wrong = 0;
    for (long i = 0; i < n; i++) {
        papbench_store_value(call, &expected, 0, papbench_input_value(call->c, r, i));
        wrong += memcmp((const char *)buf + (first + i) * call->size, &expected,
                        (size_t)call->size) != 0;
    }
    return wrong;
}

int papbench_count_mismatches(const papbench_call *call, const void *expected, size_t elems)
{
    int wrong = 0;
    for (size_t i = 0; i < elems; i++)
        if (memcmp((const char *)call->recv + i * call->size,
                   (const char *)expected + i * call->size, (size_t)call->size) != 0)
            wrong++;
    return wrong;
}

