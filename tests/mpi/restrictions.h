/* The per-collective operations of tests/mpi/restrictions.c: one
 * restrictions_ops_<name> for every row of collectives.def, in its
 * papbench family's file tests/mpi/restrictions_<family>.c (as papbench's
 * papbench_ops_<name>). What the cases of a collective are follows from its
 * row's traits (an op: the non-commutative cases; rooted: the root cases;
 * no data: no count) and from these operations. */
#ifndef RESTRICTIONS_H
#define RESTRICTIONS_H

#include <limits.h>
#include <mpi.h>

#include "papsim_algorithms.h"

/* The count that asks for the NULL count vector of restrictions_ops's
 * null_counts (recvcounts of reduce_scatter, sendcounts of alltoallv). */
#define RESTRICTIONS_NULL_COUNTS INT_MIN
/* The count that asks for MPI_IN_PLACE at the root, with 7 elements
 * (RESTRICTIONS_ROOT_IN_PLACE). */
#define RESTRICTIONS_IN_PLACE_AT_ROOT (INT_MIN + 1)

/* One call of an algorithm. */
typedef struct {
    const papsim_catalog_entry *e; /* the algorithm */
    int rank, p;
    int count;        /* elements per rank (the v forms: rank 1's), or one of the above */
    int root;
    int noncomm;      /* type and op are the affine map {unsigned a, b} and its
                         non-commutative composition, not MPI_INT and MPI_SUM */
    int in_place;     /* RESTRICTIONS_IN_PLACE: MPI_IN_PLACE */
    MPI_Datatype type;
    MPI_Op op;
    const papsim_params *params;
} restrictions_call;

enum {
    RESTRICTIONS_IN_PLACE = 1u << 0,      /* cases with MPI_IN_PLACE, with both ops (scan) */
    RESTRICTIONS_ROOT_IN_PLACE = 1u << 1, /* cases with MPI_IN_PLACE at the root, roots p-1
                                             and 0 (gather, scatter and their v forms) */
};

typedef struct {
    /* The call through the registry on comm, its buffers and inputs, and
     * *result_ok: the result is exact where the rank has one, or the call
     * failed (its class is checked by the caller). Returns the call's
     * return code. kind: the field below, for a function that serves
     * several collectives of a family. */
    int (*call)(const restrictions_call *a, MPI_Comm comm, int kind, int *result_ok);
    int kind;
    const char *null_counts; /* the case of a NULL count vector (MPI_ERR_ARG), or NULL */
    unsigned cases;          /* RESTRICTIONS_* */
} restrictions_ops;

#define PAPSIM_COLLECTIVE(name, ...) extern const restrictions_ops restrictions_ops_##name;
#include "collectives.def"

/* Element i of rank r's input of MPI_INT. */
static inline int restrictions_int_input(int rank, int i) { return 100 * rank + i + 1; }

/* An affine map x -> a x + b mod 2^32, the operand of the non-commutative
 * op (restrictions.c: composition, associative and exact in unsigned
 * arithmetic). */
typedef struct {
    unsigned a, b;
} restrictions_affine;

/* 1 if the n elements at recv are x_0 op .. op x_last elementwise, in rank
 * order: the sum of restrictions_int_input, or (noncomm) the composition
 * of in(r, i). */
int restrictions_fold_ok(const void *recv, int n, int noncomm, int last,
                         restrictions_affine (*in)(int rank, int i));

/* 1 if the n ints at got are want's. */
int restrictions_ints_equal(const int *got, int n, const int *want);

#endif
