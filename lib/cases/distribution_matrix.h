/* Per-pair size distributions for alltoallv: how many elements rank s sends
 * to rank d, m[s][d], from a base size c (elements), extending allgatherv's
 * distributions (distribution.h) to a p x p matrix:
 *   uniform         m[s][d] = c
 *   spike           one pair much larger: m[0][p-1] = p c, every other
 *                   pair c (p = 1: c)
 *   random          m[s][d] uniform in 0..2c (mean c), drawn from the
 *                   matrix seed alone (papsim_matrix_random_entry): the same
 *                   seed gives the same matrix on every rank and machine,
 *                   and the seed is part of the case id
 *   rows-NAME       sender s's row follows allgatherv's distribution NAME
 *                   (broadcast, spike, half, lindec, geometric):
 *                   m[s][d] = counts_NAME[s] for every d
 * Only uniform is symmetric (m[s][d] = m[d][s]), so only uniform can run
 * with MPI_IN_PLACE, where MPI sends and receives recvcounts[d] with d.
 * No MPI here: papbench sizes its buffers from it, the CLI checks specs. */
#ifndef PAPSIM_DISTRIBUTION_MATRIX_H
#define PAPSIM_DISTRIBUTION_MATRIX_H

#include <stddef.h>

#include "util/papsim_error.h"

/* The names, in a fixed order, and a comma-separated list of them. */
extern const char *const papsim_matrices[];
extern const size_t papsim_nmatrices;
void papsim_matrix_names(char *buf, size_t len);

/* 1 if `name` is a matrix distribution; 1 if it is one only alltoallv has
 * (random, rows-*: not an allgatherv distribution name). */
int papsim_matrix_known(const char *name);
int papsim_matrix_only(const char *name);

/* 1 if the named matrix needs a seed (random). */
int papsim_matrix_seeded(const char *name);

/* 1 if the named matrix is symmetric for every p and c (uniform). */
int papsim_matrix_symmetric(const char *name);

/* m[s][d] of random: splitmix64 (Steele, Lea, Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014) of the seed mixed with s
 * and d, reduced modulo 2c+1; depends on (seed, s, d, c) only. */
long long papsim_matrix_random_entry(unsigned long long seed, int s, int d, long long c);

/* Checks that every rank's send row and receive column at p ranks with
 * base c fit an int in total (a bound from the largest entry: p x max);
 * 0, or -1 with a message naming the distribution. */
int papsim_matrix_check(const char *name, int p, long long c, papsim_err *e);

/* Fills row[0..p-1] with m[s][d] over d (what rank s sends) when `column`
 * is 0, or with m[s][d] over s (what rank d receives, s = index) when it is
 * 1, for rank `rank`; -1 with a message on an unknown name or a size that
 * papsim_matrix_check refuses. */
int papsim_matrix_vector(const char *name, int p, long long c, unsigned long long seed, int rank,
                         int column, int *out, papsim_err *e);

#endif
