/* Shape checks for SimGrid cluster attributes: radicals and the
 * topo_parameters of FAT_TREE, DRAGONFLY and TORUS clusters. Shared by the
 * platform loader and by `papsim platform`, so a generated file and a loaded
 * file obey the same rules. SimGrid 3.32 itself aborts on too few hosts,
 * silently ignores extra ones and segfaults on dragonflies with more groups
 * than routers per chassis; papsim rejects all three up front. */
#include "platform/platform.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Large enough for any study, small enough that a typo such as "0-9999999999"
 * fails at once instead of allocating gigabytes. */
#define MAX_HOSTS (1L << 24)
#define MAX_FIELDS 32

/* Parses [s, s+len) as a decimal integer in [min, max], allowing surrounding
 * blanks (SimGrid tolerates them in radicals). */
static int parse_long_span(const char *s, size_t len, long min, long max,
                           long *v)
{
    char buf[32];
    while (len > 0 && isspace((unsigned char)*s)) { s++; len--; }
    while (len > 0 && isspace((unsigned char)s[len - 1])) len--;
    if (len == 0 || len >= sizeof buf || !isdigit((unsigned char)s[0]))
        return -1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    long x = strtol(buf, &end, 10);
    if (errno != 0 || *end != '\0' || x < min || x > max)
        return -1;
    *v = x;
    return 0;
}

/* Splits s on sep into at most max spans; empty spans are kept so that
 * "4,,4" is caught as a missing value. Returns the span count or -1 when
 * there are more than max. */
static int split_spans(const char *s, char sep, const char **start,
                       size_t *len, int max)
{
    int n = 0;
    for (;;) {
        const char *next = strchr(s, sep);
        size_t l = next ? (size_t)(next - s) : strlen(s);
        if (n == max)
            return -1;
        start[n] = s;
        len[n] = l;
        n++;
        if (!next)
            return n;
        s = next + 1;
    }
}

/* Parses a sep-separated list of positive integers into vals[want]. */
static int parse_positive_list(const char *s, size_t slen, char sep,
                               long *vals, int want)
{
    char buf[256];
    const char *start[MAX_FIELDS];
    size_t len[MAX_FIELDS];
    if (slen >= sizeof buf)
        return -1;
    memcpy(buf, s, slen);
    buf[slen] = '\0';
    if (split_spans(buf, sep, start, len, MAX_FIELDS) != want)
        return -1;
    for (int i = 0; i < want; i++)
        if (parse_long_span(start[i], len[i], 1, MAX_HOSTS, &vals[i]) != 0)
            return -1;
    return 0;
}

/* Multiplies the values, failing past MAX_HOSTS instead of overflowing. */
static int checked_product(const long *vals, int n, long *out)
{
    long p = 1;
    for (int i = 0; i < n; i++) {
        if (vals[i] > MAX_HOSTS / p)
            return -1;
        p *= vals[i];
    }
    *out = p;
    return 0;
}

static int fat_tree_hosts(const char *params, long *nhosts, papsim_err *e)
{
    const char *f[MAX_FIELDS];
    size_t len[MAX_FIELDS];
    long levels, down[MAX_FIELDS], up[MAX_FIELDS], count[MAX_FIELDS];
    static const char *const names[] = {"down-links", "up-links",
                                        "link counts"};
    long *vecs[] = {down, up, count};

    if (split_spans(params, ';', f, len, MAX_FIELDS) != 4)
        return papsim_fail(e, "FAT_TREE topo_parameters '%s': expected 4 "
                           "fields 'levels;down-links;up-links;link-counts'",
                           params);
    if (parse_long_span(f[0], len[0], 1, MAX_FIELDS, &levels) != 0)
        return papsim_fail(e, "FAT_TREE topo_parameters '%s': levels '%.*s' is "
                           "not an integer in 1..%d", params, (int)len[0], f[0],
                           MAX_FIELDS);
    for (int v = 0; v < 3; v++)
        if (parse_positive_list(f[v + 1], len[v + 1], ',', vecs[v],
                                (int)levels) != 0)
            return papsim_fail(e, "FAT_TREE topo_parameters '%s': %s '%.*s' "
                               "must be %ld positive integers (no zeros)",
                               params, names[v], (int)len[v + 1], f[v + 1],
                               levels);
    if (checked_product(down, (int)levels, nhosts) != 0)
        return papsim_fail(e, "FAT_TREE topo_parameters '%s': more than %ld "
                           "hosts", params, MAX_HOSTS);
    return 0;
}

static int dragonfly_hosts(const char *params, long *nhosts, papsim_err *e)
{
    static const char *const names[] = {"groups,blue-links",
                                        "chassis,black-links",
                                        "routers,green-links"};
    const char *f[MAX_FIELDS];
    size_t len[MAX_FIELDS];
    long pair[3][2], size[4];

    if (split_spans(params, ';', f, len, MAX_FIELDS) != 4)
        return papsim_fail(e, "DRAGONFLY topo_parameters '%s': expected 4 "
                           "fields 'G,g;C,c;R,r;N'", params);
    for (int i = 0; i < 3; i++) {
        if (parse_positive_list(f[i], len[i], ',', pair[i], 2) != 0)
            return papsim_fail(e, "DRAGONFLY topo_parameters '%s': field %d "
                               "'%.*s' must be two positive integers (%s)",
                               params, i + 1, (int)len[i], f[i], names[i]);
        size[i] = pair[i][0];
    }
    if (parse_long_span(f[3], len[3], 1, MAX_HOSTS, &size[3]) != 0)
        return papsim_fail(e, "DRAGONFLY topo_parameters '%s': nodes per "
                           "router '%.*s' must be a positive integer", params,
                           (int)len[3], f[3]);
    /* Routes to another group take the green link indexed by the target
     * group, and that table has one entry per router of a chassis. */
    if (size[0] > size[2])
        return papsim_fail(e, "DRAGONFLY topo_parameters '%s': %ld groups but "
                           "%ld routers per chassis; SimGrid 3.32 needs groups "
                           "<= routers per chassis", params, size[0], size[2]);
    if (checked_product(size, 4, nhosts) != 0)
        return papsim_fail(e, "DRAGONFLY topo_parameters '%s': more than %ld "
                           "hosts", params, MAX_HOSTS);
    return 0;
}

static int torus_hosts(const char *params, long *nhosts, papsim_err *e)
{
    const char *f[MAX_FIELDS];
    size_t len[MAX_FIELDS];
    long dims[MAX_FIELDS];
    int n = split_spans(params, ',', f, len, MAX_FIELDS);

    if (n < 1 || parse_positive_list(params, strlen(params), ',', dims, n) != 0)
        return papsim_fail(e, "TORUS topo_parameters '%s': expected positive "
                           "dimensions such as '4,4,4'", params);
    if (checked_product(dims, n, nhosts) != 0)
        return papsim_fail(e, "TORUS topo_parameters '%s': more than %ld hosts",
                           params, MAX_HOSTS);
    return 0;
}

int papsim_topology_hosts(const char *topology, const char *params,
                          long *nhosts, papsim_err *e)
{
    *nhosts = 0;
    if (strcmp(topology, "FLAT") == 0)
        return 0;
    if (strcmp(topology, "FAT_TREE") == 0)
        return fat_tree_hosts(params, nhosts, e);
    if (strcmp(topology, "DRAGONFLY") == 0)
        return dragonfly_hosts(params, nhosts, e);
    if (strcmp(topology, "TORUS") == 0)
        return torus_hosts(params, nhosts, e);
    return papsim_fail(e, "unknown topology '%s' (expected FLAT, FAT_TREE, "
                       "DRAGONFLY or TORUS)", topology);
}

/* Parses one radical part "A" or "A-B" into [*lo, *hi]. */
static int parse_radical_part(const char *s, size_t len, long *lo, long *hi)
{
    const char *dash = memchr(s, '-', len);
    if (!dash) {
        if (parse_long_span(s, len, 0, INT_MAX, lo) != 0)
            return -1;
        *hi = *lo;
        return 0;
    }
    size_t left = (size_t)(dash - s);
    if (parse_long_span(s, left, 0, INT_MAX, lo) != 0 ||
        parse_long_span(dash + 1, len - left - 1, 0, INT_MAX, hi) != 0)
        return -1;
    return 0;
}

int papsim_radical_expand(const char *radical, long **values, long *count,
                          papsim_err *e)
{
    const char *part[MAX_FIELDS * 8];
    size_t len[MAX_FIELDS * 8];
    long lo[MAX_FIELDS * 8], hi[MAX_FIELDS * 8], total = 0;
    int nparts = split_spans(radical, ',', part, len, MAX_FIELDS * 8);

    *values = NULL;
    *count = 0;
    if (nparts < 0)
        return papsim_fail(e, "radical '%s': more than %d comma-separated "
                           "parts", radical, MAX_FIELDS * 8);
    for (int i = 0; i < nparts; i++) {
        if (parse_radical_part(part[i], len[i], &lo[i], &hi[i]) != 0)
            return papsim_fail(e, "radical '%s': '%.*s' is neither a number "
                               "nor a range A-B (parts are separated by ',')",
                               radical, (int)len[i], part[i]);
        if (hi[i] < lo[i])
            return papsim_fail(e, "radical '%s': range '%.*s' runs backwards",
                               radical, (int)len[i], part[i]);
        total += hi[i] - lo[i] + 1;
        if (total > MAX_HOSTS)
            return papsim_fail(e, "radical '%s': more than %ld hosts", radical,
                               MAX_HOSTS);
    }
    long *v = malloc((size_t)total * sizeof *v);
    if (!v)
        return papsim_fail(e, "radical '%s': out of memory", radical);
    long k = 0;
    for (int i = 0; i < nparts; i++)
        for (long x = lo[i]; x <= hi[i]; x++)
            v[k++] = x;
    *values = v;
    *count = total;
    return 0;
}
