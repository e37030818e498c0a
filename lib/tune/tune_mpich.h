/* `papsim tune --mpi mpich`: MPICH 4.0.2's collective selection file, the
 * JSON decision tree MPICH reads from MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE.
 *
 * MPICH 4.0.2's selection (src/mpi/coll/src/csel.c) walks one tree for all
 * collectives: at each level the first key whose condition holds is taken
 * ("collective=allreduce", "comm_type=intra", "comm_size<=N",
 * "avg_msg_size<=M", ... "X=any"), down to a leaf
 * "algorithm=MPIR_<Coll>_intra_<name>". The file replaces the whole default
 * tree: a collective or a case it does not cover stops MPICH at its first
 * call (an assertion in MPIR_<Coll>_allcomm_auto). So papsim reads the
 * default tree of the MPICH in use (--mpich-default FILE: MPICH 4.0.2's
 * src/mpi/coll/coll_selection.json), keeps every collective and every
 * branch it does not tune as it is, and puts the study's choices in front of
 * the default of the tuned collectives' intra-communicator branch, guarded by
 * what the study measured (a commutative built-in op, no MPI_IN_PLACE,
 * communicator sizes from the smallest studied np). The default tree also
 * gives the summary: the algorithm MPICH 4.0.2 runs without the file at each
 * studied case. */
#ifndef PAPSIM_TUNE_MPICH_H
#define PAPSIM_TUNE_MPICH_H

#include <stddef.h>
#include <stdio.h>

#include "tune/tune.h"
#include "util/papsim_error.h"

/* One key of the tree and what is below it; a leaf has no kids. */
typedef struct papsim_csel_node {
    char *key;
    int line;
    struct papsim_csel_node *kids;
    size_t nkids;
} papsim_csel_node;

/* Reads a selection file (at most 4 MiB, objects with string keys only,
 * nesting at most 32) into root (key NULL). Refuses, naming FILE:LINE and the
 * key: a syntax error, a key MPICH 4.0.2's reader does not take (a newer or
 * older MPICH's schema, e.g. "comm_avg_ppn<=", a CH4 "composition="), a
 * collective level without "algorithm=" leaves. */
int papsim_csel_read(const char *path, papsim_csel_node *root, papsim_err *e);
void papsim_csel_free(papsim_csel_node *root);

/* MPICH 4.0.2's counterpart of a report algorithm label: the registry's
 * mpich field as "MPIR_<Coll>_intra_<name>" into name, 0; -1 when it has
 * none or only a later MPICH has it ("NAME@V"; *later gets V, else NULL). */
int papsim_tune_mpich(const char *collective, const char *label, char *name, size_t len,
                      const char **later);

/* The order of a collective in the file (0..), or -1 with why into why: no
 * papsim algorithm of it has an MPICH 4.0.2 counterpart. */
int papsim_tune_mpich_collective(const char *collective, char *why, size_t len);

/* The message-size key MPICH 4.0.2 compares for a collective
 * ("avg_msg_size", "total_msg_size"), NULL when the file gives one rule per
 * communicator size (barrier, scan, exscan: no size; gather and scatter:
 * 4.0.2's total_msg_size counts elements, not bytes, and differs between
 * root and leaves). */
const char *papsim_tune_mpich_msg_key(const char *collective);

/* That message size at papsim's bytes and np (avg: bytes; total: bytes x np
 * for the per-rank blocks of allgather(v) and reduce_scatter(_block)). */
long long papsim_tune_mpich_msg_size(const char *collective, long long bytes, int np);

/* The selection file: the default tree with the plan's choices in front
 * (see above). 0, or -1 on a write error. */
int papsim_tune_write_mpich(const papsim_tune_plan *plan, const papsim_csel_node *defaults,
                            const char *default_path, const char *source, FILE *f);

/* The summary: per group, size and pattern, the tuned choice against the
 * algorithm the default tree selects for that case. */
int papsim_tune_write_mpich_summary(const papsim_tune_plan *plan,
                                    const papsim_csel_node *defaults, FILE *f);

/* The leaf the tree selects for a collective at np ranks and papsim's
 * bytes (a flat intra-communicator, commutative built-in op, no
 * MPI_IN_PLACE, regular blocks, type_size-byte elements); NULL when no
 * branch holds. */
const char *papsim_csel_select(const papsim_csel_node *root, const char *collective, int np,
                               long long bytes, int type_size);

#endif
