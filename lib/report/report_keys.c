/* Building blocks every report shares; see report_keys.h. */
#include "report/report_keys.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/units.h"

void *papsim_report_alloc_records(const papsim_table *t, size_t size, papsim_err *e)
{
    if (t->nrows == 0) {
        papsim_fail(e, "%s: no result rows (only a header)", t->path);
        return NULL;
    }
    void *recs = malloc(t->nrows * size);
    if (!recs)
        papsim_fail(e, "%s: out of memory for %zu rows", t->path, t->nrows);
    return recs;
}

/* Numbers compare by value so np=8 comes before np=16, and before any text;
 * text compares by strcmp. Every case is decided the same way whichever side
 * it is on, so the order is total, as qsort requires. */
int papsim_report_compare_natural(const char *a, const char *b)
{
    char *ea, *eb;
    double x = strtod(a, &ea), y = strtod(b, &eb);
    int a_number = *a && *ea == '\0' && isfinite(x), b_number = *b && *eb == '\0' && isfinite(y);
    if (a_number != b_number)
        return a_number ? -1 : 1;
    if (a_number && x != y)
        return x < y ? -1 : 1;
    return strcmp(a, b);
}

int papsim_report_compare_keys(const char *const *a, const char *const *b, int n)
{
    for (int k = 0; k < n; k++) {
        int c = papsim_report_compare_natural(a[k], b[k]);
        if (c)
            return c;
    }
    return 0;
}

/* Skews in order of size: absolute ones first ("50us" before "1ms"), then
 * the relative kinds, each by factor; text papsim cannot parse comes last. */
int papsim_report_compare_skew(const char *a, const char *b)
{
    papsim_skew x, y;
    int a_skew = papsim_parse_skew(a, &x, NULL) == 0, b_skew = papsim_parse_skew(b, &y, NULL) == 0;
    if (a_skew != b_skew)
        return a_skew ? -1 : 1;
    if (!a_skew)
        return strcmp(a, b);
    if (x.kind != y.kind)
        return x.kind < y.kind ? -1 : 1;
    if (x.value != y.value)
        return x.value < y.value ? -1 : 1;
    return strcmp(a, b);
}

int papsim_report_compare_strings(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int papsim_report_compare_long_long(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

int papsim_report_parse_count(const char *s, long long min, long long *out)
{
    char *end;
    errno = 0;
    if (*s < '0' || *s > '9')
        return -1;
    *out = strtoll(s, &end, 10);
    return (errno || *end || *out < min) ? -1 : 0;
}

int papsim_report_parse_seconds(const char *s, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    return (*s == '\0' || *end || errno || !isfinite(*out) || *out < 0) ? -1 : 0;
}

int papsim_report_read_count(const papsim_table *t, size_t row, int col, long long min,
                             long long *out, papsim_err *e)
{
    const char *s = t->rows[row][col];
    if (papsim_report_parse_count(s, min, out) == 0)
        return 0;
    return papsim_fail(e, "%s:%ld: %s: '%s' is not a %s integer", t->path, t->lines[row],
                       t->names[col], s, min > 0 ? "positive" : "non-negative");
}

int papsim_report_read_ok_time(const papsim_table *t, size_t row, int col, double *out,
                               papsim_err *e)
{
    const char *s = t->rows[row][col];
    if (papsim_report_parse_seconds(s, out) == 0)
        return 0;
    return papsim_fail(e, "%s:%ld: %s: '%s' is not a time in seconds (status is ok)", t->path,
                       t->lines[row], t->names[col], s);
}

void papsim_report_metric_label(const char *column, char *out, size_t len)
{
    /* Captions say "last_delay"; the column name carries the unit suffix. */
    snprintf(out, len, "%s", column);
    size_t n = strlen(out);
    if (n > 2 && strcmp(out + n - 2, "_s") == 0)
        out[n - 2] = '\0';
}

size_t papsim_report_run_end(const void *base, size_t n, size_t size, size_t i,
                             int (*cmp)(const void *, const void *))
{
    const char *b = base;
    size_t j = i + 1;
    while (j < n && cmp(b + i * size, b + j * size) == 0)
        j++;
    return j;
}

size_t papsim_report_count_runs(const void *base, size_t n, size_t size,
                                int (*cmp)(const void *, const void *))
{
    size_t runs = 0;
    for (size_t i = 0; i < n; i = papsim_report_run_end(base, n, size, i, cmp))
        runs++;
    return runs;
}

size_t papsim_report_unique_names(const char **names, size_t n)
{
    qsort(names, n, sizeof *names, papsim_report_compare_strings);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || strcmp(names[m - 1], names[i]) != 0)
            names[m++] = names[i];
    return m;
}

const char **papsim_report_distinct_names(const void *recs, size_t n, size_t size,
                                          size_t offset, size_t *count, papsim_err *e)
{
    const char **names = malloc((n ? n : 1) * sizeof *names);
    if (!names) {
        papsim_fail(e, "out of memory for %zu algorithm names", n);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        memcpy(&names[i], (const char *)recs + i * size + offset, sizeof *names);
    *count = papsim_report_unique_names(names, n);
    return names;
}

size_t papsim_report_unique_numbers(long long *v, size_t n)
{
    qsort(v, n, sizeof *v, papsim_report_compare_long_long);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || v[m - 1] != v[i])
            v[m++] = v[i];
    return m;
}

size_t papsim_report_name_index(const char *const *names, size_t n, const char *name)
{
    const char *const *hit = bsearch(&name, names, n, sizeof *names, papsim_report_compare_strings);
    return (size_t)(hit - names); /* every name is in the list by construction */
}

size_t papsim_report_number_index(const long long *v, size_t n, long long x)
{
    const long long *hit = bsearch(&x, v, n, sizeof *v, papsim_report_compare_long_long);
    return (size_t)(hit - v);
}

int papsim_report_fail_no_algorithm(const char *path, const char *name,
                                    const char *const *names, size_t n, papsim_err *e)
{
    char list[768];
    size_t used = 0;
    list[0] = '\0';
    for (size_t i = 0; i < n && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
    return papsim_fail(e, "%s: no row has algorithm '%s' (the table has: %s)", path, name, list);
}

static double value_at(const double *first, size_t i, size_t stride)
{
    return *(const double *)(const void *)((const char *)first + i * stride);
}

double papsim_report_sorted_median(const double *first, size_t n, size_t stride)
{
    if (n == 0)
        return NAN;
    return n % 2 ? value_at(first, n / 2, stride)
                 : 0.5 * (value_at(first, n / 2 - 1, stride) + value_at(first, n / 2, stride));
}
