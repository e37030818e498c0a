/* Building blocks every report shares (the runtime report, --best,
 * --relative, runtimes and robustness): the order of key values, numbers read
 * from results.csv, sorted name and size lists, and medians. Nothing here
 * knows about panels or output formats. */
#ifndef PAPSIM_REPORT_KEYS_H
#define PAPSIM_REPORT_KEYS_H

#include <stddef.h>

#include "util/csv.h"
#include "util/papsim_error.h"

/* Allocates n records of size bytes each for the rows of t; NULL with a
 * message when the table has no rows or memory runs out. */
void *papsim_report_alloc_records(const papsim_table *t, size_t size, papsim_err *e);

/* Total order for key text: numbers by value first, then text by strcmp. */
int papsim_report_compare_natural(const char *a, const char *b);

/* The natural order over keys a[0..n) and b[0..n), first difference decides. */
int papsim_report_compare_keys(const char *const *a, const char *const *b, int n);

/* Skews by size: absolute, then relative kinds by factor, then other text. */
int papsim_report_compare_skew(const char *a, const char *b);

/* qsort comparators for arrays of C strings and of long long. */
int papsim_report_compare_strings(const void *a, const void *b);
int papsim_report_compare_long_long(const void *a, const void *b);

/* A count of at least min (digits only) and a non-negative finite time in
 * seconds; 0 on success, -1 on anything else. */
int papsim_report_parse_count(const char *s, long long min, long long *out);
int papsim_report_parse_seconds(const char *s, double *out);

/* Field (row, col) of t read as a count of at least min (0 or 1), or as
 * the metric of an ok row; a bad one fails with "FILE:LINE: COLUMN: 'text'
 * is not ...". 0 or -1. */
int papsim_report_read_count(const papsim_table *t, size_t row, int col, long long min,
                             long long *out, papsim_err *e);
int papsim_report_read_ok_time(const papsim_table *t, size_t row, int col, double *out,
                               papsim_err *e);

/* A metric column for captions: "last_delay_s" gives "last_delay". */
void papsim_report_metric_label(const char *column, char *out, size_t len);

/* Grouping sorted records: base[0..n) of size bytes each, sorted so that
 * the records one comparator calls equal (0) stand together. run_end gives
 * the end of the run that starts at i; count_runs how many runs there are. */
size_t papsim_report_run_end(const void *base, size_t n, size_t size, size_t i,
                             int (*cmp)(const void *, const void *));
size_t papsim_report_count_runs(const void *base, size_t n, size_t size,
                                int (*cmp)(const void *, const void *));

/* The distinct values, sorted, of one name field of n records of size
 * bytes each, the field at offset (offsetof); NULL with a message when
 * memory runs out. The caller frees the array, not the names. */
const char **papsim_report_distinct_names(const void *recs, size_t n, size_t size,
                                          size_t offset, size_t *count, papsim_err *e);

/* Sorts names[0..n) and drops repeats in place; returns how many remain. */
size_t papsim_report_unique_names(const char **names, size_t n);

/* Sorts v[0..n) and drops repeats in place; returns how many remain. */
size_t papsim_report_unique_numbers(long long *v, size_t n);

/* Index of name in the sorted names[0..n); name must be there. */
size_t papsim_report_name_index(const char *const *names, size_t n, const char *name);

/* Index of x in the sorted v[0..n); x must be there. */
size_t papsim_report_number_index(const long long *v, size_t n, long long x);

/* Fails with "PATH: no row has algorithm 'NAME' (the table has: a, b, c)",
 * names[0..n) sorted and unique, so a misspelt name is easy to correct;
 * returns -1. */
int papsim_report_fail_no_algorithm(const char *path, const char *name,
                                    const char *const *names, size_t n, papsim_err *e);

/* The median of n ascending values, the i-th at (const char *)first + i *
 * stride (so a field of sorted records can be read in place); NAN if n is 0. */
double papsim_report_sorted_median(const double *first, size_t n, size_t stride);

#endif
