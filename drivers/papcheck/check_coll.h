/* One call of a collective as papcheck runs it: the buffers of one rank,
 * their inputs, the image every byte must show afterwards (computed from
 * every rank's inputs by the collective's definition, never by an
 * algorithm), and the call through papsim's uniform signature. */
#ifndef PAPCHECK_COLL_H
#define PAPCHECK_COLL_H

#include "check_case.h"

/* An algorithm function of any collective (the typed pointer is cast back
 * by the collective's runner, which knows its signature). */
typedef void (*pc_fn)(void);

typedef struct {
    const char *collective;
    pc_fn fn;
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

/* Fills call number `call` (0 or 1) of the case on this rank. Returns an
 * MPI error code (MPI_ERR_NO_MEM) or MPI_SUCCESS. */
int pc_call_prepare(pc_ctx *x, int call, pc_call *k);
/* Runs the algorithm on the prepared buffers; returns what it returned. */
int pc_call_run(const pc_ctx *x, pc_call *k);
void pc_call_free(pc_call *k);

/* 1 if the collective is one papcheck knows; its kind for the grid. */
int pc_collective_known(const char *collective);

/* Shared by the two runner files. */
const pc_type *pc_type_of(const pc_ctx *x, int r);
int pc_count_of(const pc_ctx *x, int r);
long pc_block_scalars(const pc_ctx *x);
/* Block counts and displacements (elements) of the distribution: counts[i]
 * from the case's count, displs packed, or reversed with gaps (GAPPED);
 * returns the elements the blocks span. */
long pc_blocks(papsim_cw_distkind d, int np, int count, int *counts, int *displs);
int pc_prepare_reduce(pc_ctx *x, int call, pc_call *k);
int pc_run_reduce(const pc_ctx *x, pc_call *k);
int pc_prepare_move(pc_ctx *x, int call, pc_call *k);
int pc_run_move(const pc_ctx *x, pc_call *k);
int pc_is_reduction(const char *collective);

#endif
