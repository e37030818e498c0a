#include "cases/distribution_matrix.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases/distribution.h"

const char *const papsim_matrices[] = {"uniform",   "spike",     "random",      "rows-broadcast",
                                       "rows-spike", "rows-half", "rows-lindec", "rows-geometric"};
const size_t papsim_nmatrices = sizeof papsim_matrices / sizeof papsim_matrices[0];

void papsim_matrix_names(char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < papsim_nmatrices && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                                 papsim_matrices[i]);
}

int papsim_matrix_known(const char *name)
{
    for (size_t i = 0; i < papsim_nmatrices; i++)
        if (!strcmp(papsim_matrices[i], name))
            return 1;
    return 0;
}

int papsim_matrix_only(const char *name)
{
    return papsim_matrix_known(name) && !papsim_distribution_known(name);
}

int papsim_matrix_seeded(const char *name) { return !strcmp(name, "random"); }

int papsim_matrix_symmetric(const char *name) { return !strcmp(name, "uniform"); }

/* The splitmix64 finaliser: a bijection of 64-bit words that spreads every
 * input bit over the output. */
static unsigned long long mix64(unsigned long long z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

long long papsim_matrix_random_entry(unsigned long long seed, int s, int d, long long c)
{
    if (c <= 0)
        return 0;
    const unsigned long long pair = ((unsigned long long)(unsigned)s << 32) | (unsigned)d;
    const unsigned long long z = mix64(seed + 0x9e3779b97f4a7c15ULL * (mix64(pair) + 1));
    return (long long)(z % (unsigned long long)(2 * c + 1));
}

/* The largest entry of the matrix, for the size bound. */
static long long largest_entry(const char *name, int p, long long c)
{
    if (!strcmp(name, "uniform") || p == 1)
        return c;
    if (!strcmp(name, "spike"))
        return (long long)p * c;
    if (!strcmp(name, "random"))
        return 2 * c;
    /* rows-NAME: the largest of allgatherv's counts (spike: p c). */
    return !strcmp(name, "rows-broadcast") ? c
           : !strcmp(name, "rows-half")    ? 2 * c
           : !strcmp(name, "rows-lindec")  ? 2 * c
           : !strcmp(name, "rows-spike")   ? (long long)p * c
                                           : (long long)((double)p * c / (1.5 * log((double)p)));
}

int papsim_matrix_check(const char *name, int p, long long c, papsim_err *e)
{
    char names[160];
    if (!papsim_matrix_known(name)) {
        papsim_matrix_names(names, sizeof names);
        return papsim_fail(e, "distribution '%s' is not an alltoallv matrix (valid: %s)", name,
                           names);
    }
    if (p < 1 || c < 0)
        return papsim_fail(e, "distribution '%s' needs p >= 1 and a size >= 0 (p=%d, c=%lld)",
                           name, p, c);
    const long long largest = largest_entry(name, p, c);
    if (largest > INT_MAX || largest * p > INT_MAX)
        return papsim_fail(e,
                           "distribution '%s' at p=%d with %lld-element blocks can put more "
                           "than 2^31-1 elements in one rank's buffer",
                           name, p, c);
    return 0;
}

int papsim_matrix_vector(const char *name, int p, long long c, unsigned long long seed, int rank,
                         int column, int *out, papsim_err *e)
{
    if (papsim_matrix_check(name, p, c, e) != 0)
        return -1;
    if (!strncmp(name, "rows-", 5)) {
        int *counts = malloc((size_t)p * sizeof *counts);
        if (!counts)
            return papsim_fail(e, "out of memory for the matrix row at p=%d", p);
        int rc = papsim_distribution_counts(name + 5, p, c, counts, NULL, e);
        for (int i = 0; i < p && rc == 0; i++) /* row s is counts[s] everywhere */
            out[i] = column ? counts[i] : counts[rank];
        free(counts);
        return rc;
    }
    for (int i = 0; i < p; i++) {
        const int s = column ? i : rank, d = column ? rank : i;
        long long m = c;
        if (!strcmp(name, "spike") && p > 1 && s == 0 && d == p - 1)
            m = (long long)p * c;
        else if (!strcmp(name, "random"))
            m = papsim_matrix_random_entry(seed, s, d, c);
        out[i] = (int)m;
    }
    return 0;
}
