/* Reader for papsim's plain comma-separated tables; see csv.h for the format. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* getline */
#endif
#include "csv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The results.csv columns, listed once: the name array and the header line
 * are both expanded from this list so they cannot drift apart. */
#define PAPSIM_RESULTS_COLUMN_LIST(X)                                                   \
    X(case_id) X(collective) X(algorithm) X(platform) X(np) X(mapping) X(ranks_per_node) \
    X(pattern) X(skew) X(skew_s) X(seed) X(bytes) X(datatype) X(op) X(root) X(gamma)     \
    X(rep) X(total_delay_s) X(last_delay_s) X(mean_elapsed_s) X(max_elapsed_s) X(status)

#define PAPSIM_AS_NAME(name) #name,
#define PAPSIM_AS_HEADER_PART(name) "," #name

const char *const papsim_results_columns[] = {PAPSIM_RESULTS_COLUMN_LIST(PAPSIM_AS_NAME)};
const int papsim_results_ncolumns =
    (int)(sizeof papsim_results_columns / sizeof papsim_results_columns[0]);

const char *papsim_results_header(void)
{
    /* Every part starts with a comma; skip the first one. */
    static const char joined[] = PAPSIM_RESULTS_COLUMN_LIST(PAPSIM_AS_HEADER_PART);
    return joined + 1;
}

/* Strips the line terminator ("\n" or "\r\n") in place; returns the new length. */
static size_t strip_newline(char *line, size_t len)
{
    if (len > 0 && line[len - 1] == '\n')
        line[--len] = '\0';
    if (len > 0 && line[len - 1] == '\r')
        line[--len] = '\0';
    return len;
}

static int count_fields(const char *line)
{
    int n = 1;
    for (const char *p = line; *p; p++)
        n += (*p == ',');
    return n;
}

/* Splits line into ncols fields stored in one allocation: the pointer array
 * first, then a copy of the text with the commas replaced by NULs. One block
 * per row keeps loading fast and freeing trivial. */
static char **split_line(const char *line, size_t len, int ncols)
{
    char **fields = malloc((size_t)ncols * sizeof *fields + len + 1);
    if (!fields)
        return NULL;
    char *text = (char *)(fields + ncols);
    memcpy(text, line, len + 1);
    int c = 0;
    fields[c++] = text;
    for (char *p = text; *p; p++) {
        if (*p == ',') {
            *p = '\0';
            fields[c++] = p + 1;
        }
    }
    return fields;
}

/* Checks one split line; the message names the column so the user can find
 * the bad field without counting commas. */
static int check_fields(const papsim_table *t, char **fields, int ncols, long lineno,
                        papsim_err *e)
{
    for (int c = 0; c < ncols; c++) {
        if (strchr(fields[c], '"')) {
            const char *name = t->names ? t->names[c] : "header";
            return papsim_fail(e, "%s:%ld: field %d (%s) contains a double quote; "
                                  "papsim tables are never quoted", t->path, lineno, c + 1, name);
        }
    }
    return 0;
}

static int check_header(const papsim_table *t, long lineno, papsim_err *e)
{
    for (int c = 0; c < t->ncols; c++) {
        if (t->names[c][0] == '\0')
            return papsim_fail(e, "%s:%ld: header column %d has an empty name", t->path, lineno,
                               c + 1);
        for (int d = 0; d < c; d++)
            if (strcmp(t->names[c], t->names[d]) == 0)
                return papsim_fail(e, "%s:%ld: header names column '%s' twice (columns %d and %d)",
                                   t->path, lineno, t->names[c], d + 1, c + 1);
    }
    return 0;
}

static int append_row(papsim_table *t, char **fields, long lineno, size_t *capacity,
                      papsim_err *e)
{
    if (t->nrows == *capacity) {
        size_t cap = *capacity ? 2 * *capacity : 256;
        char ***rows = realloc(t->rows, cap * sizeof *rows);
        if (!rows)
            return papsim_fail(e, "%s: out of memory after %zu rows", t->path, t->nrows);
        t->rows = rows;
        long *lines = realloc(t->lines, cap * sizeof *lines);
        if (!lines)
            return papsim_fail(e, "%s: out of memory after %zu rows", t->path, t->nrows);
        t->lines = lines;
        *capacity = cap;
    }
    t->rows[t->nrows] = fields;
    t->lines[t->nrows] = lineno;
    t->nrows++;
    return 0;
}

/* Handles one non-comment line: the first one becomes the header. */
static int take_line(papsim_table *t, const char *line, size_t len, long lineno,
                     size_t *capacity, papsim_err *e)
{
    int n = count_fields(line);
    if (t->names && n != t->ncols)
        return papsim_fail(e, "%s:%ld: %d fields, the header has %d", t->path, lineno, n,
                           t->ncols);
    char **fields = split_line(line, len, n);
    if (!fields)
        return papsim_fail(e, "%s:%ld: out of memory", t->path, lineno);
    if (check_fields(t, fields, n, lineno, e) != 0) {
        free(fields);
        return -1;
    }
    if (!t->names) {
        t->names = fields;
        t->ncols = n;
        return check_header(t, lineno, e);
    }
    if (append_row(t, fields, lineno, capacity, e) != 0) {
        free(fields);
        return -1;
    }
    return 0;
}

static int read_lines(FILE *f, papsim_table *t, papsim_err *e)
{
    char *line = NULL;
    size_t bufsize = 0, capacity = 0;
    long lineno = 0;
    ssize_t got;
    int rc = 0;
    errno = 0;
    while (rc == 0 && (got = getline(&line, &bufsize, f)) >= 0) {
        lineno++;
        size_t len = strip_newline(line, (size_t)got);
        if (strlen(line) != len)
            rc = papsim_fail(e, "%s:%ld: contains a NUL byte (not a text table)", t->path,
                             lineno);
        else if (len > 0 && line[0] != '#')
            rc = take_line(t, line, len, lineno, &capacity, e);
    }
    if (rc == 0 && ferror(f))
        rc = papsim_fail(e, "%s:%ld: read error: %s", t->path, lineno + 1, strerror(errno));
    if (rc == 0 && !t->names)
        rc = papsim_fail(e, "%s: empty (no header line)", t->path);
    free(line);
    return rc;
}

int papsim_table_load(const char *path, papsim_table *t, papsim_err *e)
{
    memset(t, 0, sizeof *t);
    t->path = strdup(path);
    if (!t->path)
        return papsim_fail(e, "%s: out of memory", path);
    FILE *f = fopen(path, "r");
    if (!f) {
        papsim_fail(e, "%s: cannot open: %s", path, strerror(errno));
        papsim_table_free(t);
        return -1;
    }
    int rc = read_lines(f, t, e);
    fclose(f);
    if (rc != 0)
        papsim_table_free(t);
    return rc;
}

int papsim_table_column(const papsim_table *t, const char *name)
{
    for (int c = 0; c < t->ncols; c++)
        if (strcmp(t->names[c], name) == 0)
            return c;
    return -1;
}

int papsim_table_require(const papsim_table *t, const char *const *names, int n, int *idx,
                         papsim_err *e)
{
    for (int i = 0; i < n; i++) {
        idx[i] = papsim_table_column(t, names[i]);
        if (idx[i] < 0)
            return papsim_fail(e, "%s: missing column '%s'", t->path ? t->path : "table",
                               names[i]);
    }
    return 0;
}

void papsim_table_free(papsim_table *t)
{
    for (size_t r = 0; r < t->nrows; r++)
        free(t->rows[r]);
    free(t->rows);
    free(t->lines);
    free(t->names);
    free(t->path);
    memset(t, 0, sizeof *t);
}
