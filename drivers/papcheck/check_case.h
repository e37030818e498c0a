/* papcheck's side of a case word (check/check_word.h): the datatypes of
 * a case as one rank uses them, buffers with guard bytes, and the values
 * every rank can compute for every rank, so the reference needs no
 * communication and no algorithm. */
#ifndef PAPCHECK_CASE_H
#define PAPCHECK_CASE_H

#include <mpi.h>
#include <stddef.h>

#include "check/check_word.h"
#include "papsim_algorithms.h"

/* A datatype as one rank uses it: the MPI handle, and where its scalars (int
 * or double) sit: element e's scalar j at e * extent + first + j * stride. */
typedef struct {
    MPI_Datatype type;
    int spe;          /* scalars per element (0 for ZERO) */
    int is_double;
    MPI_Aint lb, extent, first, stride;
} pc_type;

/* The types of a case on this rank: `own` for its blocks, with the
 * root-side contiguous type for MIXED when is_typeroot. Free with
 * pc_types_free. */
typedef struct {
    pc_type plain;     /* every rank but the type root */
    pc_type root;      /* the MIXED root's (else = plain) */
    MPI_Datatype created[3];
    int ncreated;
} pc_types;

int pc_types_make(const papsim_check_word *c, pc_types *t);
void pc_types_free(pc_types *t);

/* A buffer of `elems` elements of a type with `guard` bytes before and
 * after; base is what the call gets. image holds what every byte must be
 * after the call. */
typedef struct {
    unsigned char *mem, *image;
    char *base;
    size_t len;       /* bytes of mem (guards included) */
    size_t guard;
    const pc_type *t;
} pc_buf;

/* Allocates and fills every byte (guards, holes, data) with a pattern that
 * depends on the byte's place and on tag; the image starts equal. */
int pc_buf_make(pc_buf *b, const pc_type *t, long elems, int tag);
void pc_buf_free(pc_buf *b);
/* Scalar k (in element order) written into the buffer and/or the image. */
void pc_buf_put(pc_buf *b, long k, long v, int in_mem, int in_image);
long pc_buf_get_image(const pc_buf *b, long k);
/* 0 when mem equals image (skip_from..skip_to, byte offsets from base,
 * excluded: an undefined part); else the first differing byte's offset from
 * base in *at and what lies there ("guard before", "guard after", "a hole",
 * "data") in *where. */
int pc_buf_compare(const pc_buf *b, long skip_from, long skip_to, long *at, const char **where);

/* Input values. A moved value names its sender, call and scalar; a reduced
 * value is small, so sums are exact in int and double; AFFINE packs a map
 * x -> a x + b (a odd, 16-bit halves) into an int. */
long pc_value_move(int call, int rank, long k);
long pc_value_reduce(papsim_cw_opkind op, int call, int rank, long k);
/* u op v with u the lower ranks (MPI's operand order). */
long pc_combine(papsim_cw_opkind op, int is_double, long u, long v);

/* The MPI op of a case for a type: built-in SUM/MAX on int and double,
 * else a user op that reads the layout from the datatype (derived types:
 * SMPI applies no built-in op to them). *created says whether to free it. */
int pc_op_make(papsim_cw_opkind op, const pc_type *t, MPI_Op *mop, int *created);

#endif
