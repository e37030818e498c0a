/* papsim check: the correctness check of collective algorithms as a
 * command. It expands a grid of case words (check/check_word.h) per
 * algorithm and process count, runs each process count of each algorithm
 * as one batch of papcheck under smpirun (and, with mpi, papcheck-mpi under
 * mpirun), restarts a batch after a case that hangs or crashes, and prints a
 * coverage table, every failure with the command that reproduces it, and
 * "N passed, N failed[, N skipped]". */
#ifndef PAPSIM_CHECK_H
#define PAPSIM_CHECK_H

#include <stdio.h>

#include "check/check_word.h"
#include "util/papsim_error.h"

#define PAPSIM_CHECK_MAX_ALGOS 256
#define PAPSIM_CHECK_MAX_NP 256
#define PAPSIM_CHECK_MAX_LIST 16
#define PAPSIM_CHECK_MAX_PLUGINS 16

typedef struct {
    const char *collective;
    const char *name;
    unsigned flags, knobs; /* the registry's PAPSIM_R_* and PAPSIM_K_* */
} papsim_check_algo;

typedef struct {
    papsim_check_algo algos[PAPSIM_CHECK_MAX_ALGOS];
    int nalgos;
    int np[PAPSIM_CHECK_MAX_NP]; /* default 1..33 */
    int nnp;
    /* Axis lists: counts replace the grid's {0, 1, 7, 1001}; the others keep
     * only the grid's cases whose value is listed (n = 0: all). */
    int counts[PAPSIM_CHECK_MAX_LIST], ncounts;
    int types[PAPSIM_CW_NTYPES], ntypes;
    int ops[PAPSIM_CW_NOPS], nops;
    int comms[PAPSIM_CW_NCOMMS], ncomms;
    int dists[PAPSIM_CW_NDISTS], ndists;
    int skews[PAPSIM_CW_NSKEWS], nskews;
    int all_roots;            /* every root at every count, not only at 7 */
    const char *single_case;  /* --case WORD: that case only */
    const char *plugins[PAPSIM_CHECK_MAX_PLUGINS];
    int nplugins;
    const char *platform;     /* "default" or a platform file */
    int jobs;                 /* batches at once */
    double case_timeout;      /* seconds without a verdict: a hang */
    int mpi;                  /* also under the real MPI */
    int quiet;                /* no coverage table, no progress */
    const char *command;      /* "papsim check", for messages and reproductions */
} papsim_check_options;

/* Defaults: np 1..33, the default platform, 2 jobs, 120 s per case. */
void papsim_check_options_init(papsim_check_options *o);

/* Adds collective/name (papsim's or a registered user:NAME); -1 and a
 * message naming `papsim list` when unknown. */
int papsim_check_add_algo(papsim_check_options *o, const char *collective, const char *name,
                          papsim_err *e);

/* Runs the check and prints on out. Returns 0 (all passed), 1 (a failure)
 * or 2 (could not run: e says why). */
int papsim_check_run(const papsim_check_options *o, FILE *out, papsim_err *e);

#endif
