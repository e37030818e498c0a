#include "check_case.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_layout(pc_type *t, MPI_Datatype type, int spe, int is_double, MPI_Aint first,
                       MPI_Aint stride)
{
    t->type = type;
    t->spe = spe;
    t->is_double = is_double;
    t->first = first;
    t->stride = stride;
    MPI_Type_get_extent(type, &t->lb, &t->extent);
}

int pc_types_make(const papsim_check_word *c, pc_types *t)
{
    memset(t, 0, sizeof *t);
    int rc = MPI_SUCCESS;
    MPI_Datatype d = MPI_DATATYPE_NULL, inner = MPI_DATATYPE_NULL;
    switch (c->type) {
    case PAPSIM_CW_INT:
        set_layout(&t->plain, MPI_INT, 1, 0, 0, 4);
        break;
    case PAPSIM_CW_DOUBLE:
    case PAPSIM_CW_MIXED:
        set_layout(&t->plain, MPI_DOUBLE, 1, 1, 0, 8);
        break;
    case PAPSIM_CW_HOLES:
        rc = MPI_Type_vector(2, 1, 2, MPI_INT, &d);
        if (rc == MPI_SUCCESS)
            rc = MPI_Type_commit(&d);
        if (rc != MPI_SUCCESS)
            return rc;
        t->created[t->ncreated++] = d;
        set_layout(&t->plain, d, 2, 0, 0, 8);
        break;
    case PAPSIM_CW_SHIFTED: {
        const int lens[2] = {1, 1};
        const MPI_Aint displs[2] = {4, 12};
        rc = MPI_Type_create_hindexed(2, lens, displs, MPI_INT, &inner);
        if (rc == MPI_SUCCESS)
            rc = MPI_Type_create_resized(inner, -8, 24, &d);
        if (rc == MPI_SUCCESS)
            rc = MPI_Type_commit(&d);
        if (inner != MPI_DATATYPE_NULL)
            MPI_Type_free(&inner);
        if (rc != MPI_SUCCESS)
            return rc;
        t->created[t->ncreated++] = d;
        set_layout(&t->plain, d, 2, 0, 4, 8);
        break;
    }
    case PAPSIM_CW_ZERO:
        rc = MPI_Type_contiguous(0, MPI_INT, &d);
        if (rc == MPI_SUCCESS)
            rc = MPI_Type_commit(&d);
        if (rc != MPI_SUCCESS)
            return rc;
        t->created[t->ncreated++] = d;
        set_layout(&t->plain, d, 0, 0, 0, 0);
        break;
    default:
        return MPI_ERR_TYPE;
    }
    t->root = t->plain;
    if (c->type == PAPSIM_CW_MIXED) {
        rc = MPI_Type_contiguous(c->count, MPI_DOUBLE, &d);
        if (rc == MPI_SUCCESS)
            rc = MPI_Type_commit(&d);
        if (rc != MPI_SUCCESS)
            return rc;
        t->created[t->ncreated++] = d;
        set_layout(&t->root, d, c->count, 1, 0, 8);
    }
    return MPI_SUCCESS;
}

void pc_types_free(pc_types *t)
{
    for (int i = 0; i < t->ncreated; i++)
        MPI_Type_free(&t->created[i]);
    t->ncreated = 0;
}

static unsigned char fill_byte(size_t i, int tag)
{
    return (unsigned char)(0xA5u ^ (unsigned)(i * 7u + (unsigned)tag * 29u));
}

int pc_buf_make(pc_buf *b, const pc_type *t, long elems, int tag)
{
    const size_t guard = 64;
    size_t body = elems > 0 ? (size_t)elems * (size_t)t->extent : 0;
    memset(b, 0, sizeof *b);
    b->t = t;
    b->guard = guard;
    b->len = body + 2 * guard;
    b->mem = malloc(b->len);
    b->image = malloc(b->len);
    if (!b->mem || !b->image) {
        pc_buf_free(b);
        return MPI_ERR_NO_MEM;
    }
    for (size_t i = 0; i < b->len; i++)
        b->mem[i] = b->image[i] = fill_byte(i, tag);
    b->base = (char *)b->mem + guard - t->lb; /* the lower bound at the first byte */
    return MPI_SUCCESS;
}

void pc_buf_free(pc_buf *b)
{
    free(b->mem);
    free(b->image);
    b->mem = b->image = NULL;
}

static size_t scalar_at(const pc_buf *b, long k)
{
    const pc_type *t = b->t;
    const long e = k / t->spe, j = k % t->spe;
    return (size_t)((b->base - (char *)b->mem) + e * t->extent + t->first + j * t->stride);
}

void pc_buf_put(pc_buf *b, long k, long v, int in_mem, int in_image)
{
    const size_t at = scalar_at(b, k);
    if (b->t->is_double) {
        const double d = (double)v;
        if (in_mem)
            memcpy(b->mem + at, &d, sizeof d);
        if (in_image)
            memcpy(b->image + at, &d, sizeof d);
    } else {
        const int i = (int)v;
        if (in_mem)
            memcpy(b->mem + at, &i, sizeof i);
        if (in_image)
            memcpy(b->image + at, &i, sizeof i);
    }
}

long pc_buf_get_image(const pc_buf *b, long k)
{
    const size_t at = scalar_at(b, k);
    if (b->t->is_double) {
        double d;
        memcpy(&d, b->image + at, sizeof d);
        return (long)d;
    }
    int i;
    memcpy(&i, b->image + at, sizeof i);
    return i;
}

int pc_buf_compare(const pc_buf *b, long skip_from, long skip_to, long *at, const char **where)
{
    const long base = (long)(b->base - (char *)b->mem);
    for (size_t i = 0; i < b->len; i++) {
        const long off = (long)i - base;
        if (off >= skip_from && off < skip_to)
            continue;
        if (b->mem[i] == b->image[i])
            continue;
        *at = off;
        if (i < b->guard)
            *where = "the guard before the buffer";
        else if (i >= b->len - b->guard)
            *where = "the guard after the buffer";
        else if (b->t->spe == 0)
            *where = "a hole";
        else {
            const long rel = off - b->t->lb, e = rel / (long)b->t->extent;
            long in = (off - e * (long)b->t->extent) - (long)b->t->first;
            int data = in >= 0 && in / (long)b->t->stride < b->t->spe &&
                       in % (long)b->t->stride < (b->t->is_double ? 8 : 4);
            *where = data ? "data" : "a hole of the datatype";
        }
        return -1;
    }
    return 0;
}

long pc_value_move(int call, int rank, long k)
{
    return (long)(((unsigned long)(rank + 1) * 1000003UL + (unsigned long)k * 7UL +
                   (unsigned long)call * 500009UL) & 0x3fffffffUL);
}

long pc_value_reduce(papsim_cw_opkind op, int call, int rank, long k)
{
    if (op == PAPSIM_CW_AFFINE) {
        const long a = 2 * ((rank + 3 * k + call) % 5) + 3, b = (rank * 37L + k * 11L + call) % 101L;
        return (long)(int)(unsigned)((unsigned long)a << 16 | (unsigned long)b);
    }
    return (rank * 31L + k * 7L + call * 13L) % 23L - 5;
}

/* (a_u, b_u) then (a_v, b_v): x -> a_v (a_u x + b_u) + b_v, mod 2^16. */
static unsigned affine_then(unsigned u, unsigned v)
{
    const unsigned au = u >> 16, bu = u & 0xffffu, av = v >> 16, bv = v & 0xffffu;
    return (au * av & 0xffffu) << 16 | ((av * bu + bv) & 0xffffu);
}

long pc_combine(papsim_cw_opkind op, int is_double, long u, long v)
{
    (void)is_double; /* small integers: the same in int and double */
    switch (op) {
    case PAPSIM_CW_SUM:
        return u + v;
    case PAPSIM_CW_MAX:
        return u > v ? u : v;
    default:
        return (long)(int)affine_then((unsigned)u, (unsigned)v);
    }
}

/* User ops: the ints or doubles of a datatype found from the handle
 * (predefined) or from its extents (the HOLES type: two ints at true_lb
 * and true_lb + 8 of each element); a zero-size type holds nothing. */
static void user_apply(papsim_cw_opkind op, void *in, void *inout, int len, MPI_Datatype type)
{
    int size;
    MPI_Aint lb, extent, tlb, textent, first = 0, stride = 4;
    int spe = 1, is_double = 0;
    MPI_Type_size(type, &size);
    if (size == 0 || len <= 0)
        return;
    if (type == MPI_DOUBLE) {
        is_double = 1;
        stride = 8;
        extent = 8;
    } else if (type == MPI_INT) {
        extent = 4;
    } else {
        MPI_Type_get_extent(type, &lb, &extent);
        MPI_Type_get_true_extent(type, &tlb, &textent);
        first = tlb;
        stride = 8;
        spe = 2;
    }
    for (long e = 0; e < len; e++)
        for (int j = 0; j < spe; j++) {
            char *pi = (char *)in + e * extent + first + j * stride;
            char *po = (char *)inout + e * extent + first + j * stride;
            if (is_double) {
                double a, b;
                memcpy(&a, pi, 8);
                memcpy(&b, po, 8);
                b = (double)pc_combine(op, 1, (long)a, (long)b);
                memcpy(po, &b, 8);
            } else {
                int a, b;
                memcpy(&a, pi, 4);
                memcpy(&b, po, 4);
                b = (int)pc_combine(op, 0, a, b);
                memcpy(po, &b, 4);
            }
        }
}

static void user_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    user_apply(PAPSIM_CW_SUM, in, inout, *len, *type);
}
static void user_max(void *in, void *inout, int *len, MPI_Datatype *type)
{
    user_apply(PAPSIM_CW_MAX, in, inout, *len, *type);
}
static void user_affine(void *in, void *inout, int *len, MPI_Datatype *type)
{
    user_apply(PAPSIM_CW_AFFINE, in, inout, *len, *type);
}

int pc_op_make(papsim_cw_opkind op, const pc_type *t, MPI_Op *mop, int *created)
{
    *created = 0;
    const int predefined = t->type == MPI_INT || t->type == MPI_DOUBLE;
    if (op != PAPSIM_CW_AFFINE && predefined) {
        *mop = op == PAPSIM_CW_SUM ? MPI_SUM : MPI_MAX;
        return MPI_SUCCESS;
    }
    MPI_User_function *f = op == PAPSIM_CW_SUM ? user_sum : op == PAPSIM_CW_MAX ? user_max : user_affine;
    int rc = MPI_Op_create(f, op != PAPSIM_CW_AFFINE, mop);
    *created = rc == MPI_SUCCESS;
    return rc;
}
