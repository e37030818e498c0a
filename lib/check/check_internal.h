/* What the files of lib/check share: the case list of a check. */
#ifndef PAPSIM_CHECK_INTERNAL_H
#define PAPSIM_CHECK_INTERNAL_H

#include "check/check.h"

typedef enum {
    CHECK_PENDING = 0,
    CHECK_PASS,
    CHECK_FAIL,   /* a wrong result, a wrong or missing error class, an overrun */
    CHECK_HANG,   /* no verdict: a deadlock, a crash or the time limit */
    CHECK_SKIP,   /* not applicable (papcheck said why) */
    CHECK_ERROR,  /* papcheck could not run it */
} check_status;

typedef struct {
    int algo;               /* index in options->algos */
    int np;
    int mpi;                /* 1: under the real MPI */
    papsim_check_word w;
    check_status status;
    int refused;            /* passed by returning the restriction's error class */
    char *why;              /* for fail, hang, skip, error (malloc'd) */
} check_case;

typedef struct {
    check_case *v;
    size_t n, cap;
} check_list;

/* Appends the grid of one algorithm at one process count (filtered by the
 * options' axis lists); -1 when out of memory. */
int check_grid_expand(const papsim_check_options *o, int algo, int np, int mpi, check_list *l);
int check_list_add(check_list *l, int algo, int np, int mpi, const papsim_check_word *w);
void check_list_free(check_list *l);

/* Runs every case of l (status and why filled); -1 and e when the runs
 * could not start at all. */
int check_exec(const papsim_check_options *o, check_list *l, papsim_err *e);

/* The coverage table, the failures with their commands, the closing line.
 * Returns the number of failed cases. */
size_t check_print(const papsim_check_options *o, const check_list *l, FILE *out);

#endif
