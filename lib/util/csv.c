/* Reader for papsim's plain comma-separated tables; see csv.h for the format
 * and why the file is read whole and split in place. */
#include "util/csv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/papsim_input.h"

/* The results.csv columns, listed once: the name array and the header line
 * are both expanded from this list so they cannot drift apart. `params`
 * (the algorithm knobs that are set, "key=value;...") came in format 2,
 * `deterministic` (yes: simulated, a rerun gives the same times; no: a real
 * run) in format 3; tables written before them still load, since every
 * reader looks columns up by name. */
#define PAPSIM_RESULTS_COLUMN_LIST(X)                                                   \
    X(case_id) X(collective) X(algorithm) X(platform) X(np) X(mapping) X(ranks_per_node) \
    X(pattern) X(skew) X(skew_s) X(seed) X(bytes) X(distribution) X(datatype) X(op) X(root) \
    X(gamma) X(params) X(rep) X(total_delay_s) X(last_delay_s) X(mean_elapsed_s)              \
    X(max_elapsed_s) X(deterministic) X(status)

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

/* Format 1, before the params column: the current columns but params and
 * deterministic. */
#define PAPSIM_V1_COLUMN_LIST(X)                                                        \
    X(case_id) X(collective) X(algorithm) X(platform) X(np) X(mapping) X(ranks_per_node) \
    X(pattern) X(skew) X(skew_s) X(seed) X(bytes) X(distribution) X(datatype) X(op) X(root) \
    X(gamma) X(rep) X(total_delay_s) X(last_delay_s) X(mean_elapsed_s) X(max_elapsed_s)    \
    X(status)

/* Format 2, before the deterministic column. */
#define PAPSIM_V2_COLUMN_LIST(X)                                                        \
    X(case_id) X(collective) X(algorithm) X(platform) X(np) X(mapping) X(ranks_per_node) \
    X(pattern) X(skew) X(skew_s) X(seed) X(bytes) X(distribution) X(datatype) X(op) X(root) \
    X(gamma) X(params) X(rep) X(total_delay_s) X(last_delay_s) X(mean_elapsed_s)              \
    X(max_elapsed_s) X(status)

const char *papsim_results_header_of_format(int format)
{
    static const char v1[] = PAPSIM_V1_COLUMN_LIST(PAPSIM_AS_HEADER_PART);
    static const char v2[] = PAPSIM_V2_COLUMN_LIST(PAPSIM_AS_HEADER_PART);
    switch (format) {
    case 1:
        return v1 + 1;
    case 2:
        return v2 + 1;
    case PAPSIM_RESULTS_FORMAT:
        return papsim_results_header();
    default:
        return NULL;
    }
}

int papsim_results_format_of_header(const char *header)
{
    for (int format = 1; format <= PAPSIM_RESULTS_FORMAT; format++)
        if (!strcmp(header, papsim_results_header_of_format(format)))
            return format;
    return 0;
}

/* Removes field n (1-based) of a row, with its comma. */
static void drop_field(char *row, int n)
{
    char *p = row;
    for (int commas = 0; *p && commas < n - 1; p++)
        commas += (*p == ',');
    char *end = strchr(p, ',');
    if (p > row && end)
        memmove(p - 1, end, strlen(end) + 1);
}

void papsim_results_row_to_format(char *row, int format)
{
    if (format >= PAPSIM_RESULTS_FORMAT)
        return;
    drop_field(row, 24); /* deterministic */
    if (format <= 1)
        drop_field(row, 18); /* params */
}

/* Progress of the split: cells grows by whole lines, lines by rows. */
typedef struct {
    size_t ncells, cell_capacity, line_capacity;
} split_state;

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, s, n);
    return copy;
}

static int count_fields(const char *line)
{
    int n = 1;
    for (const char *p = line; *p; p++)
        n += (*p == ',');
    return n;
}

/* Returns array with room for need elements (moved if it had to grow), or
 * NULL when out of memory (array is then unchanged). need is at least 1. */
static void *reserve(void *array, size_t *capacity, size_t need, size_t elem)
{
    if (need <= *capacity)
        return array;
    size_t cap = *capacity ? *capacity : 256;
    while (cap < need)
        cap *= 2;
    void *bigger = realloc(array, cap * elem);
    if (bigger)
        *capacity = cap;
    return bigger;
}

/* The field's column name, or "header" while the header itself is split. */
static const char *column_name(const papsim_table *t, int c)
{
    return t->ncols ? t->cells[c] : "header";
}

/* Splits one line in place at its commas into n new cells, refusing quotes
 * (the message names the column so the user need not count commas). */
static int split_fields(papsim_table *t, split_state *s, char *line, int n, long lineno,
                        papsim_err *e)
{
    char **cells = reserve(t->cells, &s->cell_capacity, s->ncells + (size_t)n, sizeof *cells);
    if (!cells)
        return papsim_fail(e, "%s:%ld: out of memory", t->path, lineno);
    t->cells = cells;
    char **cell = t->cells + s->ncells;
    int c = 0;
    cell[c++] = line;
    for (char *p = line; *p; p++)
        if (*p == ',') {
            *p = '\0';
            cell[c++] = p + 1;
        }
    for (c = 0; c < n; c++)
        if (strchr(cell[c], '"'))
            return papsim_fail(e, "%s:%ld: field %d (%s) contains a double quote; "
                                  "papsim tables are never quoted",
                               t->path, lineno, c + 1, column_name(t, c));
    s->ncells += (size_t)n;
    return 0;
}

static int check_header(const papsim_table *t, long lineno, papsim_err *e)
{
    for (int c = 0; c < t->ncols; c++) {
        if (t->cells[c][0] == '\0')
            return papsim_fail(e, "%s:%ld: header column %d has an empty name", t->path, lineno,
                               c + 1);
        for (int d = 0; d < c; d++)
            if (strcmp(t->cells[c], t->cells[d]) == 0)
                return papsim_fail(e, "%s:%ld: header names column '%s' twice (columns %d and %d)",
                                   t->path, lineno, t->cells[c], d + 1, c + 1);
    }
    return 0;
}

/* One non-comment line: the first one is the header, the others rows. */
static int take_line(papsim_table *t, split_state *s, char *line, long lineno, papsim_err *e)
{
    int n = count_fields(line);
    if (t->ncols && n != t->ncols)
        return papsim_fail(e, "%s:%ld: %d fields, the header has %d", t->path, lineno, n,
                           t->ncols);
    if (split_fields(t, s, line, n, lineno, e) != 0)
        return -1;
    if (!t->ncols) {
        t->ncols = n;
        t->header_line = lineno;
        return check_header(t, lineno, e);
    }
    long *lines = reserve(t->lines, &s->line_capacity, t->nrows + 1, sizeof *lines);
    if (!lines)
        return papsim_fail(e, "%s:%ld: out of memory", t->path, lineno);
    t->lines = lines;
    t->lines[t->nrows++] = lineno;
    return 0;
}

/* Cuts the text into lines, in place; a NUL inside a line means the file is
 * not text (a strlen-based split would silently drop the rest of it). */
static int split_lines(papsim_table *t, size_t len, papsim_err *e)
{
    split_state s = {0, 0, 0};
    char *p = t->text, *end = t->text + len;
    if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3; /* a UTF-8 byte order mark */
    for (long lineno = 1; p < end; lineno++) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *stop = nl ? nl : end;
        if (memchr(p, '\0', (size_t)(stop - p)))
            return papsim_fail(e, "%s:%ld: contains a NUL byte (not a text table)", t->path,
                               lineno);
        *stop = '\0';
        if (stop > p && stop[-1] == '\r')
            stop[-1] = '\0';
        if (p[0] != '\0' && p[0] != '#') {
            if (take_line(t, &s, p, lineno, e) != 0)
                return -1;
            t->unterminated_line = nl ? 0 : lineno;
        }
        p = stop + 1;
    }
    if (!t->ncols)
        return papsim_fail(e, "%s: empty (no header line)", t->path);
    return 0;
}

/* rows[r] can only point into cells once cells has stopped moving. */
static int index_rows(papsim_table *t, papsim_err *e)
{
    t->names = t->cells;
    t->rows = malloc((t->nrows ? t->nrows : 1) * sizeof *t->rows);
    if (!t->rows)
        return papsim_fail(e, "%s: out of memory for %zu rows", t->path, t->nrows);
    for (size_t r = 0; r < t->nrows; r++)
        t->rows[r] = t->cells + (r + 1) * (size_t)t->ncols;
    return 0;
}

int papsim_table_load(const char *path, papsim_table *t, papsim_err *e)
{
    size_t len = 0;
    int rc = -1;
    memset(t, 0, sizeof *t);
    if (!(t->path = copy_string(path))) {
        papsim_fail(e, "%s: out of memory", path);
        goto out;
    }
    if (papsim_input_read(path, &papsim_limits_table, &t->text, &len, e) != 0 ||
        split_lines(t, len, e) != 0 ||
        index_rows(t, e) != 0)
        goto out;
    rc = 0;
out:
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
    free(t->rows);
    free(t->lines);
    free(t->cells);
    free(t->text);
    free(t->path);
    memset(t, 0, sizeof *t);
}

void papsim_table_put_row(FILE *f, char *const *fields, int n)
{
    for (int c = 0; c < n; c++)
        fprintf(f, "%s%s", c ? "," : "", fields[c]);
    fputc('\n', f);
}
