/* The rules of a case's --distribution and --matrix-seed: allgatherv's
 * distributions (distribution.h) for allgatherv and reduce_scatter, the
 * per-pair matrices (distribution_matrix.h) for alltoallv, the matrix seed
 * with random only, MPI_IN_PLACE with a symmetric matrix only. No MPI. */
#ifndef PAPSIM_ALLTOALLV_RULES_H
#define PAPSIM_ALLTOALLV_RULES_H

#include "cases/case.h"

/* 0 if the case's distribution and matrix seed are valid for its
 * collective (and, when np is known, its matrix fits int buffers), else -1
 * with a message naming the option (--distribution, --matrix-seed,
 * --in-place). */
int papsim_case_check_distribution(const papsim_case *c, papsim_err *e);

/* 0 if name is a distribution of some collective (a block-size one or an
 * alltoallv matrix), else -1 with the message of an unknown --distribution. */
int papsim_distribution_check_name(const char *name, papsim_err *e);

#endif
