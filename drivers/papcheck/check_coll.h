/* One call of a collective as papcheck runs it: the buffers of one rank,
 * their inputs, the image every byte must show afterwards (computed from
 * every rank's inputs by the collective's definition, never by an
 * algorithm), and the call through papsim's uniform signature. What
 * differs between collectives is their pc_ops, one table per collective in
 * its family's file check_<family>.c (the family named by its row of
 * collectives.def), found by that row; the helpers the families share are
 * check_call.c's. */
#ifndef PAPCHECK_COLL_H
#define PAPCHECK_COLL_H

#include "check_case.h"
#include "papsim_catalog.h"

struct pc_ops;

typedef struct {
    const papsim_collective_entry *coll; /* the collective's row (collectives.def) */
    const struct pc_ops *ops;            /* its operations */
    papsim_algorithm_fn fn;              /* the algorithm, fn.<collective> */
    const papsim_check_word *c;
    MPI_Comm comm;
    int rank, np;
    int root;      /* c->root modulo np */
    pc_types types;
    MPI_Op op;
    const papsim_params *params;
} pc_ctx;

/* One call's buffers and vectors. send and recv are compared whole after
 * the call (guards, holes, data); bytes [skip_from, skip_to) of recv (from
 * its base) are left undefined by MPI and not compared. */
typedef struct {
    pc_buf send, recv;
    int has_send, has_recv;
    int *scounts, *sdispls, *rcounts, *rdispls; /* np each, or NULL */
    long skip_from, skip_to;
} pc_call;

/* What a collective does with a call. prepare: call number `call` (0 or 1)
 * of the case on this rank, its buffers, inputs and the image of the
 * result (an MPI error code, MPI_ERR_NO_MEM, or MPI_SUCCESS; the call is
 * freed by the caller either way). run: the algorithm on the prepared
 * buffers, returning what it returned. synchronizes: 1 when no rank may
 * leave the call before every rank of its group entered it (barrier),
 * which rank 0 checks from every rank's times. */
typedef struct pc_ops {
    int (*prepare)(pc_ctx *x, int call, pc_call *k);
    int (*run)(const pc_ctx *x, pc_call *k);
    int synchronizes;
} pc_ops;

/* pc_ops_<collective>, defined in drivers/papcheck/check_<family>.c (a row
 * without one does not link); check_algo.c finds them by the row. */
#define PAPSIM_COLLECTIVE(name, ...) extern const pc_ops pc_ops_##name;
#include "collectives.def"

/* Through x->ops; pc_call_prepare clears k first. */
int pc_call_prepare(pc_ctx *x, int call, pc_call *k);
int pc_call_run(const pc_ctx *x, pc_call *k);
void pc_call_free(pc_call *k);

/* The datatype and count of rank r (the MIXED root's differ), and the
 * scalars of one block (count x scalars per plain element). */
const pc_type *pc_type_of(const pc_ctx *x, int r);
int pc_count_of(const pc_ctx *x, int r);
long pc_block_scalars(const pc_ctx *x);

/* The size of block (i, j) of a distribution of base count n: every block
 * for UNIFORM, every other one empty for ZEROS, else uneven. */
int pc_dist_count(papsim_cw_distkind d, int n, int i, int j);
/* displs from counts: packed in order, or (GAPPED) in reverse order with
 * one element before and two between blocks. Returns the elements the
 * blocks span. */
long pc_place(papsim_cw_distkind d, int np, const int *counts, int *displs);
/* Block counts and displacements (elements) of the distribution: counts[i]
 * from the case's count, placed by pc_place; returns the span. */
long pc_blocks(papsim_cw_distkind d, int np, int count, int *counts, int *displs);

/* Allocates the four vectors of k (np each): MPI_SUCCESS or MPI_ERR_NO_MEM. */
int pc_alloc_vectors(pc_call *k, int np);
/* A buffer of elems elements of t, filled by pc_buf_make; *has = 1. */
int pc_make(pc_buf *b, const pc_type *t, long elems, int tag, int *has);
/* Scalars [first, first + n) of b (mem and/or image) from sender's scalars
 * starting at from (pc_value_move). */
void pc_put_moved(pc_buf *b, long first, long n, int call, int sender, long from, int mem,
                  int image);

/* The reductions' buffers: this rank's `total` input elements in sendbuf,
 * or with own_in_recv in recvbuf (then of total elements, else of elems),
 * the image of sendbuf equal to its input. */
int pc_reduce_inputs(const pc_ctx *x, int call, pc_call *k, long total, long elems,
                     int own_in_recv);
/* Scalars [0, n) of recv's image: scalars first.. of the inputs of ranks
 * 0..hi folded in rank order with papcheck's own arithmetic (pc_combine),
 * not with MPI_Reduce_local, so the reference shares nothing with the
 * algorithm under test. */
void pc_reduce_image(const pc_ctx *x, int call, pc_call *k, int hi, long first, long n);

/* The buffers an algorithm gets: MPI_IN_PLACE for one the case has not. */
#define PC_SEND(k) ((k)->has_send ? (const void *)(k)->send.base : MPI_IN_PLACE)
#define PC_RECV(k) ((k)->has_recv ? (void *)(k)->recv.base : MPI_IN_PLACE)

#endif
