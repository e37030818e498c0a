#include "cases/distribution.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const papsim_distributions[] = {"uniform", "broadcast", "spike",
                                            "half",    "lindec",    "geometric"};
const size_t papsim_ndistributions = sizeof papsim_distributions / sizeof papsim_distributions[0];

int papsim_distribution_known(const char *name)
{
    for (size_t i = 0; i < papsim_ndistributions; i++)
        if (!strcmp(papsim_distributions[i], name))
            return 1;
    return 0;
}

void papsim_distribution_names(char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < papsim_ndistributions && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                                 papsim_distributions[i]);
}

/* The count of rank i under `name`, before the int range check. */
static long long block_count(const char *name, int p, long long c, int i)
{
    if (p == 1 || !strcmp(name, "uniform"))
        return c;
    if (!strcmp(name, "broadcast"))
        return i == 0 ? c : 0;
    if (!strcmp(name, "spike"))
        return i == 0 ? (long long)p * c : (long long)p * c / (p - 1);
    if (!strcmp(name, "half"))
        return i % 2 == 0 ? 2 * c : 0;
    if (!strcmp(name, "lindec"))
        return 2 * c * (long long)(p - 1 - i) / (p - 1);
    /* geometric */
    return (long long)floor((double)p * (double)c / ((i + 1.5) * log((double)p)));
}

int papsim_distribution_counts(const char *name, int p, long long c, int *counts, int *displs,
                               papsim_err *e)
{
    char names[128];
    if (!papsim_distribution_known(name)) {
        papsim_distribution_names(names, sizeof names);
        return papsim_fail(e, "distribution '%s' is unknown (valid: %s)", name, names);
    }
    if (p < 1 || c < 0)
        return papsim_fail(e, "distribution '%s' needs p >= 1 and a size >= 0 (p=%d, c=%lld)",
                           name, p, c);
    long long total = 0;
    for (int i = 0; i < p; i++) {
        long long n = block_count(name, p, c, i);
        if (n > INT_MAX || total + n > INT_MAX)
            return papsim_fail(e,
                               "distribution '%s' at p=%d with %lld-element blocks needs more "
                               "than 2^31-1 elements in total",
                               name, p, c);
        counts[i] = (int)n;
        if (displs)
            displs[i] = (int)total;
        total += n;
    }
    return 0;
}
