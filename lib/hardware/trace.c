/* Reading libpaptrace's "paptrace 1" trace files; the format is in
 * traces/README.md and the model in trace.h. */
#include "hardware/trace.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/papsim_input.h"

typedef struct {
    const char *path;
    papsim_input in;
    long line;
    char *text; /* the current line, in the reader's buffer */
} trace_reader;

/* The next line that is neither blank nor a '#' comment, without its
 * newline; 0 at end of file, -1 on an overlong line or a read error. */
static int next_line(trace_reader *r, papsim_err *e)
{
    size_t len;
    int got;
    while ((got = papsim_input_getline(&r->in, &r->text, &len, e)) == 1) {
        r->line++;
        if (strlen(r->text) != len)
            return papsim_fail(e, "%s:%ld: a NUL byte: not a text file", r->path, r->line);
        while (len > 0 && isspace((unsigned char)r->text[len - 1]))
            r->text[--len] = '\0';
        const char *p = r->text + strspn(r->text, " \t");
        if (*p != '\0' && *p != '#')
            return 1;
    }
    return got;
}

static int read_version(trace_reader *r, papsim_err *e)
{
    char name[16] = "";
    int version, used = 0;
    int rc = next_line(r, e);
    if (rc < 0)
        return -1;
    if (rc == 0)
        return papsim_fail(e, "%s: empty file, not a paptrace trace", r->path);
    if (sscanf(r->text, "%15s %d%n", name, &version, &used) != 2 ||
        strcmp(name, "paptrace") != 0 || r->text[used] != '\0')
        return papsim_fail(e, "%s:%ld: not a paptrace trace (expected "
                           "'paptrace %d', got '%.60s')", r->path, r->line,
                           PAPSIM_TRACE_VERSION, r->text);
    if (version != PAPSIM_TRACE_VERSION)
        return papsim_fail(e, "%s:%ld: paptrace format version %d is not "
                           "supported (this papsim reads version %d)",
                           r->path, r->line, version, PAPSIM_TRACE_VERSION);
    return 0;
}

/* "KEY VALUE" with a value that is a whole number >= min. */
static int header_number(const trace_reader *r, const char *key,
                         const char *value, long long min, long long *out,
                         papsim_err *e)
{
    char *end;
    errno = 0;
    long long v = strtoll(value, &end, 10);
    if (errno != 0 || end == value || *end != '\0' || v < min)
        return papsim_fail(e, "%s:%ld: %s: '%s' is not a whole number >= %lld",
                           r->path, r->line, key, value, min);
    *out = v;
    return 0;
}

static void copy_text(char *dst, size_t len, const char *src)
{
    snprintf(dst, len, "%s", src);
}

/* Header lines up to and including "records N"; *records gets N. */
static int read_header(trace_reader *r, papsim_trace *t, long long *records,
                       papsim_err *e)
{
    long long v = 0;
    t->world_size = 0;
    for (;;) {
        int rc = next_line(r, e);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return papsim_fail(e, "%s:%ld: truncated: the header ends before "
                               "its 'records' line", r->path, r->line);
        char *value = r->text + strcspn(r->text, " ");
        if (*value != '\0')
            *value++ = '\0';
        const char *key = r->text;
        if (!strcmp(key, "records")) {
            if (header_number(r, key, value, 0, records, e) != 0)
                return -1;
            break;
        } else if (!strcmp(key, "world_size")) {
            if (header_number(r, key, value, 1, &v, e) != 0)
                return -1;
            if (v > 1048576)
                return papsim_fail(e, "%s:%ld: world_size %lld is too large",
                                   r->path, r->line, v);
            t->world_size = (int)v;
        } else if (!strcmp(key, "every")) {
            if (header_number(r, key, value, 1, &v, e) != 0)
                return -1;
            t->every = (long)v;
        } else if (!strcmp(key, "dropped")) {
            if (header_number(r, key, value, 0, &t->dropped, e) != 0)
                return -1;
        } else if (!strcmp(key, "clock_error_s")) {
            char *end;
            t->clock_error_s = strtod(value, &end);
            if (end == value || *end != '\0' || !(t->clock_error_s >= 0))
                return papsim_fail(e, "%s:%ld: clock_error_s: '%s' is not a "
                                   "duration in seconds", r->path, r->line,
                                   value);
        } else if (!strcmp(key, "clock")) {
            copy_text(t->clock, sizeof t->clock, value);
        } else if (!strcmp(key, "traced_ranks")) {
            copy_text(t->traced_ranks, sizeof t->traced_ranks, value);
        } else if (!strcmp(key, "collectives")) {
            copy_text(t->collectives, sizeof t->collectives, value);
        } else {
            return papsim_fail(e, "%s:%ld: unknown header key '%s'", r->path,
                               r->line, key);
        }
    }
    if (t->world_size == 0)
        return papsim_fail(e, "%s:%ld: the header has no world_size line",
                           r->path, r->line);
    return 0;
}

static int valid_name(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s; s++)
        if (!islower((unsigned char)*s) && *s != '_' && *s != '.' &&
            !isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* "comm seq collective comm_size bytes rank arrival_s exit_s". */
static int parse_record(const trace_reader *r, int world_size,
                        papsim_trace_record *rec, papsim_err *e)
{
    int used = 0;
    if (sscanf(r->text, "%31s %lld %31s %d %lld %d %lf %lf %n", rec->comm,
               &rec->seq, rec->collective, &rec->comm_size, &rec->bytes,
               &rec->rank, &rec->arrival, &rec->exit, &used) != 8 ||
        r->text[used] != '\0')
        return papsim_fail(e, "%s:%ld: expected 'comm seq collective "
                           "comm_size bytes rank arrival_s exit_s', got "
                           "'%.80s'", r->path, r->line, r->text);
    rec->line = r->line;
    if (!valid_name(rec->comm) || !valid_name(rec->collective))
        return papsim_fail(e, "%s:%ld: bad communicator or collective name",
                           r->path, r->line);
    if (rec->seq < 0 || rec->bytes < 0 || rec->comm_size < 1 ||
        rec->comm_size > world_size)
        return papsim_fail(e, "%s:%ld: seq, bytes or comm_size out of range",
                           r->path, r->line);
    if (rec->rank < 0 || rec->rank >= world_size)
        return papsim_fail(e, "%s:%ld: rank %d is outside the world of %d "
                           "ranks", r->path, r->line, rec->rank, world_size);
    if (!isfinite(rec->arrival) || !isfinite(rec->exit) ||
        rec->exit < rec->arrival)
        return papsim_fail(e, "%s:%ld: exit time before arrival time",
                           r->path, r->line);
    return 0;
}

/* The records, then "end N" with N equal to the announced count. */
static int read_records(trace_reader *r, papsim_trace *t, long long records,
                        papsim_err *e)
{
    long long end_count = 0;
    for (;;) {
        int rc = next_line(r, e);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return papsim_fail(e, "%s:%ld: truncated: the trace ends after %zu "
                               "of %lld records, without its 'end' line",
                               r->path, r->line, t->n, records);
        if (!strncmp(r->text, "end ", 4))
            break;
        if ((long long)t->n == records)
            return papsim_fail(e, "%s:%ld: more records than the %lld the "
                               "header announces", r->path, r->line, records);
        if (parse_record(r, t->world_size, &t->rec[t->n], e) != 0)
            return -1;
        t->n++;
    }
    if (header_number(r, "end", r->text + 4, 0, &end_count, e) != 0)
        return -1;
    if (end_count != records || (long long)t->n != records)
        return papsim_fail(e, "%s:%ld: truncated or corrupt: %zu records "
                           "read, header says %lld, end line says %lld",
                           r->path, r->line, t->n, records, end_count);
    if (next_line(r, e) != 0)
        return papsim_fail(e, "%s:%ld: text after the 'end' line", r->path,
                           r->line);
    return 0;
}

int papsim_trace_read(const char *path, papsim_trace *t, papsim_err *e)
{
    trace_reader r = {.path = path, .line = 0};
    long long records = 0;
    int rc = -1;
    memset(t, 0, sizeof *t);
    t->every = 1;
    if (papsim_input_open(&r.in, path, &papsim_limits_trace, e) != 0)
        return -1;
    if (read_version(&r, e) != 0 || read_header(&r, t, &records, e) != 0)
        goto out;
    if (records > 0 &&
        (t->rec = malloc((size_t)records * sizeof *t->rec)) == NULL) {
        papsim_fail(e, "%s: out of memory for %lld records", path, records);
        goto out;
    }
    rc = read_records(&r, t, records, e);
out:
    papsim_input_close(&r.in);
    if (rc != 0)
        papsim_trace_free(t);
    return rc;
}

void papsim_trace_free(papsim_trace *t)
{
    free(t->rec);
    t->rec = NULL;
    t->n = 0;
}
