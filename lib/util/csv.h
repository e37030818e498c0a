/* A small reader for papsim's comma-separated tables (results.csv and
 * friends), and the one definition of the results.csv columns that writers
 * (`papsim run`, `papsim bench`) and readers (`report`, `regress`) share.
 *
 * The format is deliberately plain: the first non-comment line is the header,
 * every other non-blank line has exactly as many fields as the header, lines
 * starting with '#' are comments, nothing is ever quoted. A field containing
 * a double quote is an error, so a file written by a spreadsheet (which quotes
 * fields) is refused instead of being misread. A table is read through
 * util/papsim_input.h: at most 1 GiB, lines of at most 1 MiB; a trailing
 * '\r' (CRLF files) is ignored, and so is a UTF-8 byte order mark
 * at the start of the file (some editors write one): every reader skips it.
 *
 * The whole file is read into one buffer and split in place, so a table needs
 * a few allocations whatever its size, and every block is allocated and freed
 * by this file (no getline or strdup), so that a program whose malloc and
 * free are macros (smpicc's without SMPI_NO_OVERRIDE_MALLOC) may link it. */
#ifndef PAPSIM_CSV_H
#define PAPSIM_CSV_H

#include <stddef.h>
#include <stdio.h>

#include "util/papsim_error.h"

typedef struct {
    char *path;     /* the file that was read, for messages ("path:line: ...") */
    char *text;     /* the whole file; every field points into it */
    char **cells;   /* rows[r] == cells + (r + 1) * ncols (the header comes first) */
    int ncols;      /* number of header names = fields in every row */
    char **names;   /* names[c]: header name of column c */
    size_t nrows;   /* data rows (comments and blank lines excluded) */
    char ***rows;   /* rows[r][c]: field c of row r, NUL-terminated */
    long *lines;    /* lines[r]: 1-based line number of row r in path */
    long header_line;      /* 1-based line number of the header */
    long unterminated_line; /* the last row (or header) when it lacks its final
                             * newline, so may have been cut short; else 0 */
} papsim_table;

/* Reads path into t (which need not be initialised). On failure returns -1,
 * leaves t empty (safe to free) and names the file and line in e, e.g.
 * "out/results.csv:7: 21 fields, the header has 22". A file without a header
 * line is an error; a header without rows is not (nrows = 0). */
int papsim_table_load(const char *path, papsim_table *t, papsim_err *e);

/* Index of the column called name, or -1 if the header has no such column. */
int papsim_table_column(const papsim_table *t, const char *name);

/* Looks up n column names into idx[0..n-1]; fails with
 * "PATH: missing column 'NAME'" for the first one that is absent. */
int papsim_table_require(const papsim_table *t, const char *const *names, int n, int *idx,
                         papsim_err *e);

/* Frees everything t owns and leaves it empty. Safe on an empty table. */
void papsim_table_free(papsim_table *t);

/* Writes one row of a loaded table (or its names) back as a line: the
 * fields joined by commas, as they were in the file (papsim tables are
 * never quoted: the reader refuses quotes and splits at every comma). */
void papsim_table_put_row(FILE *f, char *const *fields, int n);

/* The results.csv columns in order: case_id, collective, ..., status. */
extern const char *const papsim_results_columns[];
extern const int papsim_results_ncolumns;

/* The results.csv header line, the columns joined by commas, no newline. */
const char *papsim_results_header(void);

/* results.csv formats: 1 without params, 2 without deterministic, 3 today.
 * Readers find columns by name, so every format loads everywhere; papsim
 * run keeps appending to an older file in its own format. */
#define PAPSIM_RESULTS_FORMAT 3

/* The header line of a format (1..PAPSIM_RESULTS_FORMAT), NULL for others. */
const char *papsim_results_header_of_format(int format);

/* The format whose header line this is, or 0. */
int papsim_results_format_of_header(const char *header);

/* Rewrites one row of today's format in place as a row of an older format
 * (drops deterministic, and params for format 1); today's format: as is. */
void papsim_results_row_to_format(char *row, int format);

#endif
