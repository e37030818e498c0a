/* papsim-signatures (signatures.c): every registered algorithm called
 * through the registry with what MPI allows beyond identical arguments on
 * every rank: different datatypes and counts per rank with the same type
 * signature, zero-size datatypes, zero counts. The layouts, buffers and
 * checks shared by the collectives' runners. */
#ifndef PAPSIM_TEST_SIGNATURES_H
#define PAPSIM_TEST_SIGNATURES_H

#include <mpi.h>

#include "papsim.h"

/* How a rank lays out a block of P ints (P a multiple of 6, or 0):
 *   SIG_INT     P x MPI_INT
 *   SIG_WHOLE   1 x contiguous(P, MPI_INT)
 *   SIG_TRIPLE  P/3 x contiguous(3, MPI_INT)
 *   SIG_HOLES   P/2 x vector(2, 1, 2, MPI_INT): ints 0 and 2 of every 3,
 *               the middle one a hole that must keep its sentinel
 *   SIG_PAIR    P/2 x MPI_2INT (a predefined type of two ints)
 *   SIG_STRUCT  P/2 x struct {int, int}, the two back to back (SMPI 3.32's
 *               MPI_Type_get_contents reads it as 8 x MPI_CHAR)
 * and, for an empty block, kinds SIG_WHOLE and SIG_HOLES become 1 and 3 x a
 * zero-size type (contiguous(0, MPI_INT)): no bytes, a non-zero count. */
enum { SIG_INT, SIG_WHOLE, SIG_TRIPLE, SIG_HOLES, SIG_PAIR, SIG_STRUCT, SIG_KINDS };

/* The value every unwritten int keeps. */
#define SIG_SENTINEL (-7)

/* The committed types every layout uses. */
typedef struct {
    MPI_Datatype triple, holes, zero, pair_struct;
} sig_types;

typedef struct {
    MPI_Datatype type;
    int count;   /* elements of type */
    int ext;     /* extent of one element in ints */
    int prims;   /* ints of data per element */
    int owned;   /* type is this layout's own (SIG_WHOLE), freed by sig_layout_free */
} sig_layout;

/* One case: P ints per block (0: empty blocks), the segment knob, a shift
 * that rotates which rank takes which layout, and the root. */
typedef struct {
    int P;
    MPI_Aint segment_bytes;
    int shift, root;
    char name[64];
} sig_case;

/* What a runner needs: the communicator of the call, rank, size, types,
 * the knobs. */
typedef struct {
    MPI_Comm comm;
    int rank, p;
    const sig_types *T;
    papsim_params params;
} sig_env;

/* The layout of kind `kind` for a block of P ints. */
int sig_layout_make(const sig_types *T, int kind, int P, sig_layout *L);
void sig_layout_free(sig_layout *L);
/* The kinds a v-form's one datatype can take for blocks of different
 * sizes (SIG_WHOLE is per block): SIG_WHOLE maps to SIG_TRIPLE. */
int sig_vkind(int kind);
/* Index in ints, from the start of the layout's block, of int k of the
 * block's data. */
long sig_pos(const sig_layout *L, long k);
/* Ints a buffer of `elems` elements of L spans. */
long sig_span(const sig_layout *L, long elems);
/* The value of int k of the block that src sends to dst (dst 0 when
 * every rank gets the same block). */
int sig_value(int src, int dst, long k);

/* An int buffer of n ints (at least 1) filled with the sentinel; NULL when
 * out of memory. */
int *sig_buffer(long n);
/* Writes the P ints of block (src, dst) into buf at element offset
 * first_elem of layout L. */
void sig_fill(int *buf, const sig_layout *L, long first_elem, int P, int src, int dst);
/* 1 when got and want (n ints each) are equal; else prints the first
 * difference for `what` and returns 0. */
int sig_same(const int *got, const int *want, long n, int rank, const char *what);

/* The runners: call the algorithm `name` of their collective on the case,
 * set *ok to this rank's verdict on its whole receive buffer, return the
 * algorithm's code. */
int sig_run_bcast(const char *name, const sig_case *k, const sig_env *E, int *ok);
int sig_run_gather(const char *name, const sig_case *k, const sig_env *E, int *ok);
int sig_run_scatter(const char *name, const sig_case *k, const sig_env *E, int *ok);
int sig_run_allgather(const char *name, const sig_case *k, const sig_env *E, int *ok);
int sig_run_alltoall(const char *name, const sig_case *k, const sig_env *E, int *ok);
int sig_run_gatherv(const char *name, const sig_case *k, const sig_env *E, int *ok);
int sig_run_scatterv(const char *name, const sig_case *k, const sig_env *E, int *ok);
int sig_run_allgatherv(const char *name, const sig_case *k, const sig_env *E, int *ok);
int sig_run_alltoallv(const char *name, const sig_case *k, const sig_env *E, int *ok);
/* The reductions: MPI requires the same count and datatype everywhere, so
 * their legal variations are zero counts (reduce_scatter: some blocks
 * empty); P 0 calls them with count 0. */
int sig_run_reduction(const char *coll, const char *name, const sig_case *k, const sig_env *E,
                      int *ok);

#endif
