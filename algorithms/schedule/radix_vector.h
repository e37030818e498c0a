/* Radix vectors of the radix-k reduce (algorithms/reduce/reduce_radix_k.c): the
 * group sizes k_1..k_r of its rounds, with k_1 k_2 .. k_r = p. MPI-free, so
 * papsim (which has no MPI), papbench and the algorithm share one parser,
 * one default and one product check.
 *
 * Text form: the factors separated by 'x' or ',' ("4x4x8" or "4,4,8"; spec
 * files need the 'x' form, where a comma separates values). The canonical
 * form written back (case files, case ids) uses 'x'. */
#ifndef PAPSIM_RADIX_VECTOR_H
#define PAPSIM_RADIX_VECTOR_H

#include "../coll_private_malloc.h" /* private control data, also under smpicc */

#include <stddef.h>

/* Most factors in a vector: every factor is at least 2 and p < 2^31. */
#define PAPSIM_RADIX_MAX 31

/* Parses text into k[0..n-1] (k holds PAPSIM_RADIX_MAX ints) and returns n,
 * or -1 with a reason in why: an empty vector, a factor below 2 or not a
 * number, too many factors, a product above 2^31 - 1. */
int papsim_radix_parse(const char *text, int *k, char *why, size_t len);

/* The default vector for p ranks, into k; returns its length (0 for p = 1).
 * Rule: p = 2^a q with q odd. The a twos are grouped in fours, a left-over
 * two joins the last four as an eight (a lone 2 when a = 1), then q's prime
 * factors follow in increasing order. 128 -> 4x4x8 (the best vector of Marendic et al. 2016,
 * Sec. 5.5.4), 64 -> 4x4x4, 32 -> 4x8, 16 -> 4x4, 8 -> 8, 2 -> 2, 12 -> 4x3,
 * 24 -> 8x3, 6 -> 2x3, 100 -> 4x5x5, a prime p -> p (one direct-send round). */
int papsim_radix_default(int p, int *k);

/* Writes k as "4x4x8" ("" for n = 0) into buf. */
void papsim_radix_format(const int *k, int n, char *buf, size_t len);

/* 0 if the product of k is p, else -1 and a reason naming the vector, its
 * product and p. */
int papsim_radix_check_np(const int *k, int n, int p, char *why, size_t len);

#endif
