/* Bounded reading of input files: the one way every papsim reader opens
 * what it is given (specs, platforms, pattern files, tables, traces, cases
 * files). A path that is not a regular file (a FIFO, a device, a directory,
 * a socket) is refused at once with its name, before anything is read, so
 * /dev/zero or a FIFO nobody writes to never hangs a command. A file larger
 * than its format's limit is refused from its size alone, and a line longer
 * than the format's line limit is refused when it is reached; reading stops
 * at the limit even if the file grows while it is read. The limits
 * (docs/formats/limits.md) are far above any real input.
 *
 * Every block is allocated and freed in this file or by the caller with
 * free() (no getline or strdup): it is also compiled into papbench. */
#ifndef PAPSIM_INPUT_H
#define PAPSIM_INPUT_H

#include <stddef.h>
#include <stdio.h>

#include "util/papsim_error.h"

#define PAPSIM_KIB ((size_t)1 << 10)
#define PAPSIM_MIB ((size_t)1 << 20)
#define PAPSIM_GIB ((size_t)1 << 30)

/* The limits of one input format. what names it in messages ("spec",
 * "platform"): "spec 'x.ini': ..."; NULL gives "x.ini: ..." (tables). */
typedef struct {
    const char *what;
    size_t max_bytes; /* the file's size */
    size_t max_line;  /* one line, its newline included */
} papsim_input_limits;

/* The limits of papsim's formats (docs/formats/limits.md). */
extern const papsim_input_limits papsim_limits_spec;     /* 16 MiB, lines 1 MiB */
extern const papsim_input_limits papsim_limits_platform; /* 256 MiB, lines 1 MiB */
extern const papsim_input_limits papsim_limits_pattern;  /* 256 MiB, lines 64 KiB */
extern const papsim_input_limits papsim_limits_table;    /* 1 GiB, lines 1 MiB */
extern const papsim_input_limits papsim_limits_trace;    /* 1 GiB, lines 64 KiB */
extern const papsim_input_limits papsim_limits_cases;    /* 64 MiB, lines 64 KiB */
extern const papsim_input_limits papsim_limits_plugin;   /* 256 MiB: a user algorithm's .so */
extern const papsim_input_limits papsim_limits_record;   /* 64 MiB, lines 64 KiB */

/* An input open for reading line by line. */
typedef struct {
    FILE *f;
    const char *path;           /* as given; must outlive the reader */
    papsim_input_limits lim;
    size_t nread;               /* bytes read so far */
    long line;                  /* 1-based number of the last line returned */
    char *buf;
    size_t cap;
} papsim_input;

/* Opens path for reading (never blocking, even on a FIFO), refuses it
 * unless it is a regular file of at most lim->max_bytes, e.g.
 * "spec '/dev/zero': not a regular file (a character device)" or
 * "trace 'big': larger than 1 GiB, the limit of a trace". */
int papsim_input_open(papsim_input *in, const char *path, const papsim_input_limits *lim,
                      papsim_err *e);

/* The next line, its newline kept and a NUL after it: 1 with *line and *len
 * set (the line may hold NUL bytes: compare *len with strlen), 0 at the end
 * of the file, -1 with the message in e for a line longer than the limit
 * ("PATH:LINE: a line longer than 64 KiB, the limit of a trace"), a file
 * that grew past its limit, a read error or no memory. */
int papsim_input_getline(papsim_input *in, char **line, size_t *len, papsim_err *e);

/* Closes the file and frees the line buffer; safe on a zeroed reader. */
void papsim_input_close(papsim_input *in);

/* Reads the whole of path, checked as papsim_input_open does and every
 * line against lim->max_line, into a NUL-terminated buffer the caller frees
 * (*len excludes the NUL). */
int papsim_input_read(const char *path, const papsim_input_limits *lim, char **text, size_t *len,
                      papsim_err *e);

/* The line check of papsim_input_read on text already in memory (the fuzz
 * targets call it with small limits). */
int papsim_input_check_lines(const char *path, const char *text, size_t len,
                             const papsim_input_limits *lim, papsim_err *e);

/* The content key of the file at path, checked as papsim_input_open does:
 * 64-bit FNV-1a (util/fnv1a.h) of its bytes as 16 lowercase hex digits into
 * key. What provenance records and a user algorithm's cases hash. */
int papsim_input_key(const char *path, const papsim_input_limits *lim, char key[17],
                     papsim_err *e);

/* "16 MiB", "64 KiB", "1 GiB" or "N bytes": how the limits are written. */
void papsim_input_size_text(size_t bytes, char *out, size_t cap);

#endif
