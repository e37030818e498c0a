/* papcheck's case: one call (or two back to back) of one algorithm with one
 * combination of the check axes, written as a plain word of key=value pairs
 * joined by commas ("count=7,type=int,op=sum,root=0,inplace=0,comm=world,
 * dist=uniform,calls=1,skew=none,seg=0"), the word `papsim check --case`
 * takes; its typed buffers with guard bytes; and the values every rank can
 * compute for every rank, so the reference needs no communication and no
 * algorithm. */
#ifndef PAPCHECK_CASE_H
#define PAPCHECK_CASE_H

#include <mpi.h>
#include <stddef.h>

#include "papsim_algorithms.h"

/* The datatypes of the check. HOLES: two ints at bytes 0 and 8 of a
 * 12-byte element (MPI_Type_vector(2, 1, 2, MPI_INT): a hole between).
 * SHIFTED: two ints at bytes 4 and 12 of an element whose lower bound is -8
 * and extent 24 (holes before, between and after, a shifted lower bound,
 * true_lb 4; SimGrid 3.32 misplaces the second element of such types, so
 * papsim check runs them under a real MPI only). MIXED: different datatypes and
 * counts per rank with one signature: 1 x contiguous(N doubles) at the
 * case's root, N x MPI_DOUBLE elsewhere. ZERO: a zero-size type
 * (contiguous(0, MPI_INT)), count elements of it. */
typedef enum { PC_INT, PC_DOUBLE, PC_HOLES, PC_SHIFTED, PC_MIXED, PC_ZERO, PC_NTYPES } pc_typekind;
typedef enum { PC_SUM, PC_MAX, PC_AFFINE, PC_NOPS } pc_opkind;
typedef enum { PC_WORLD, PC_SPLIT, PC_REVERSED, PC_NCOMMS } pc_commkind;
/* Block sizes of the v-forms and reduce_scatter: every block count
 * (uniform), uneven with zeros, every other block empty (zeros), and uneven
 * blocks stored in reverse rank order with gaps between them (gapped). */
typedef enum { PC_UNIFORM, PC_UNEVEN, PC_ZEROS, PC_GAPPED, PC_NDISTS } pc_distkind;
typedef enum { PC_NOSKEW, PC_ASCENDING, PC_DESCENDING, PC_LAST, PC_RANDOM, PC_NSKEWS } pc_skewkind;

extern const char *const pc_type_names[PC_NTYPES];
extern const char *const pc_op_names[PC_NOPS];
extern const char *const pc_comm_names[PC_NCOMMS];
extern const char *const pc_dist_names[PC_NDISTS];
extern const char *const pc_skew_names[PC_NSKEWS];

typedef struct {
    int count;        /* elements per block (MIXED: N) */
    pc_typekind type;
    pc_opkind op;
    int root;         /* of the world communicator; taken modulo the size used */
    int inplace;
    pc_commkind comm;
    pc_distkind dist;
    int calls;        /* 1, or 2 back to back */
    pc_skewkind skew;
    long seg;         /* params.segment_bytes (0: the algorithm's default) */
} pc_case;

/* Parses a case word; fills why and returns -1 on a bad word. */
int pc_case_parse(const char *word, pc_case *c, char *why, size_t len);

/* The case word, every key written (what `--case` reproduces). */
void pc_case_format(const pc_case *c, char *buf, size_t len);

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

int pc_types_make(const pc_case *c, pc_types *t);
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
long pc_value_reduce(pc_opkind op, int call, int rank, long k);
/* u op v with u the lower ranks (MPI's operand order). */
long pc_combine(pc_opkind op, int is_double, long u, long v);

/* The MPI op of a case for a type: built-in SUM/MAX on int and double,
 * else a user op that reads the layout from the datatype (derived types:
 * SMPI applies no built-in op to them). *created says whether to free it. */
int pc_op_make(pc_opkind op, const pc_type *t, MPI_Op *mop, int *created);

#endif
