/* DIR/failed.csv (sweep_failed.h): appended one synced row per failed
 * attempt, read and checked as a whole before a run uses it. */
#include "sweep/sweep_failed.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/fnv1a.h"
#include "util/papsim_fs.h"

const char *const sweep_failed_columns[] = {
    "case_id", "collective", "algorithm", "platform", "np",  "mapping", "bytes",
    "pattern", "skew",       "cause",     "exit_status", "log", "date"};
const int sweep_failed_ncolumns =
    (int)(sizeof sweep_failed_columns / sizeof sweep_failed_columns[0]);

enum { COL_ID, COL_COLLECTIVE, COL_ALGORITHM, COL_PLATFORM, COL_NP, COL_MAPPING, COL_BYTES,
       COL_PATTERN, COL_SKEW, COL_CAUSE, COL_EXIT, COL_LOG, COL_DATE };

/* 1 if the value can be a field of a plain table (csv.h: nothing quoted). */
static int plain_field(const char *v) { return !v[strcspn(v, ",\"\r\n")]; }

int sweep_failed_format_row(const papsim_case *c, const char *id, const sweep_failure *f,
                            time_t when, char *row, size_t cap)
{
    const char *text[] = {id, c->collective, c->algorithm, c->platform, c->mapping, c->pattern,
                          c->skew, f->cause, f->log};
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        if (!plain_field(text[i]))
            return -1;
    struct tm tm;
    char date[32];
    if (!gmtime_r(&when, &tm) || strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        return -1;
    int n = snprintf(row, cap, "%s,%s,%s,%s,%d,%s,%lld,%s,%s,%s,%d,%s,%s\n", id, c->collective,
                     c->algorithm, c->platform, c->np, c->mapping, c->bytes, c->pattern, c->skew,
                     f->cause, f->exit_status, f->log, date);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

int sweep_failed_append(const char *dir, const papsim_case *c, const char *id,
                        const sweep_failure *f, time_t when, papsim_err *e)
{
    char path[4200], row[8192], header[512];
    size_t hlen = 0;
    int fd = -1, rc = -1;
    struct stat st;
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, SWEEP_FAILED_FILE) >= sizeof path)
        return papsim_fail(e, "--out '%s': path too long", dir);
    if (sweep_failed_format_row(c, id, f, when, row, sizeof row) != 0)
        return papsim_fail(e, "%s: the row of case %s cannot be written (too long, or a "
                              "comma or quote in a field)", path, id);
    fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        papsim_fail(e, "%s: cannot open for appending: %s", path, strerror(errno));
        goto out;
    }
    if (fstat(fd, &st) != 0) {
        papsim_fail(e, "%s: %s", path, strerror(errno));
        goto out;
    }
    if (st.st_size == 0) /* new (or left empty by a full disk): the header first */
        for (int i = 0; i < sweep_failed_ncolumns; i++)
            hlen += (size_t)snprintf(header + hlen, sizeof header - hlen, "%s%s",
                                     sweep_failed_columns[i],
                                     i + 1 < sweep_failed_ncolumns ? "," : "\n");
    if (hlen && papsim_append_whole(fd, path, header, hlen, e) != 0)
        goto out;
    if (papsim_append_whole(fd, path, row, strlen(row), e) != 0)
        goto out;
    if (fsync(fd) != 0 && errno != EINVAL) {
        papsim_fail(e, "%s: %s", path, strerror(errno));
        goto out;
    }
    rc = 0;
out:
    if (fd >= 0 && close(fd) != 0 && rc == 0)
        rc = papsim_fail(e, "%s: %s", path, strerror(errno));
    return rc;
}

/* 1 if v is a whole decimal number from lo to hi. */
static int integer_in(const char *v, long long lo, long long hi)
{
    char *end;
    if (!isdigit((unsigned char)v[0]) && v[0] != '-')
        return 0;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    return !*end && !errno && x >= lo && x <= hi;
}

/* 1 if v is YYYY-MM-DDTHH:MM:SSZ. */
static int iso_date(const char *v)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    if (strlen(v) != sizeof shape - 1)
        return 0;
    for (size_t i = 0; shape[i]; i++)
        if (shape[i] == 'd' ? !isdigit((unsigned char)v[i]) : v[i] != shape[i])
            return 0;
    return 1;
}

static int check_header(const papsim_table *t, papsim_err *e)
{
    for (int c = 0; c < sweep_failed_ncolumns; c++) {
        const char *got = c < t->ncols ? t->names[c] : "";
        if (c >= t->ncols || strcmp(got, sweep_failed_columns[c]))
            return papsim_fail(e, "%s:%ld: column %d is '%s', not '%s': not a papsim "
                                  "failed.csv header",
                               t->path, t->header_line, c + 1, got, sweep_failed_columns[c]);
    }
    if (t->ncols > sweep_failed_ncolumns)
        return papsim_fail(e, "%s:%ld: column %d is '%s': a failed.csv has %d columns",
                           t->path, t->header_line, sweep_failed_ncolumns + 1,
                           t->names[sweep_failed_ncolumns], sweep_failed_ncolumns);
    return 0;
}

static int check_row(const papsim_table *t, size_t r, papsim_err *e)
{
    char *const *v = t->rows[r];
    const long line = t->lines[r];
    /* Fields are printed (the cause in the resume's line): no control
     * character from another machine's file reaches the terminal. */
    for (int c = 0; c < sweep_failed_ncolumns; c++)
        for (const unsigned char *q = (const unsigned char *)v[c]; *q; q++)
            if (*q < 0x20 || *q == 0x7f)
                return papsim_fail(e, "%s:%ld: %s: the control character 0x%02x", t->path, line,
                                   sweep_failed_columns[c], *q);
    const char *id = v[COL_ID];
    if (!papsim_is_key16(id))
        return papsim_fail(e, "%s:%ld: case_id: '%s' is not a case id (16 hex digits)",
                           t->path, line, id);
    static const int required[] = {COL_COLLECTIVE, COL_ALGORITHM, COL_PATTERN, COL_CAUSE};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!v[required[i]][0])
            return papsim_fail(e, "%s:%ld: %s: empty", t->path, line,
                               sweep_failed_columns[required[i]]);
    if (!integer_in(v[COL_NP], 1, 1LL << 30))
        return papsim_fail(e, "%s:%ld: np: '%s' is not a positive integer", t->path, line,
                           v[COL_NP]);
    if (!integer_in(v[COL_BYTES], 0, (long long)(~0ULL >> 1)))
        return papsim_fail(e, "%s:%ld: bytes: '%s' is not a non-negative integer", t->path,
                           line, v[COL_BYTES]);
    if (!integer_in(v[COL_EXIT], 0, 255))
        return papsim_fail(e, "%s:%ld: exit_status: '%s' is not an exit status (0 to 255)",
                           t->path, line, v[COL_EXIT]);
    if (!iso_date(v[COL_DATE]))
        return papsim_fail(e, "%s:%ld: date: '%s' is not a UTC date YYYY-MM-DDTHH:MM:SSZ",
                           t->path, line, v[COL_DATE]);
    return 0;
}

/* By case id, then file order (rows[] point into one array in file order). */
static int by_id_then_line(const void *pa, const void *pb)
{
    char **const a = *(char **const *)pa, **const b = *(char **const *)pb;
    int d = strcmp(a[COL_ID], b[COL_ID]);
    return d ? d : (a < b ? -1 : a > b);
}

int sweep_failed_load(const char *path, sweep_failed_index *x, papsim_err *e)
{
    struct stat st;
    int rc = -1;
    memset(x, 0, sizeof *x);
    if (stat(path, &st) != 0 && errno == ENOENT)
        return 0; /* no failure recorded yet */
    if (papsim_table_load(path, &x->t, e) != 0 || check_header(&x->t, e) != 0)
        goto out;
    for (size_t r = 0; r < x->t.nrows; r++)
        if (check_row(&x->t, r, e) != 0)
            goto out;
    if (x->t.unterminated_line) {
        papsim_fail(e, "%s:%ld: the last row has no newline at its end, so it may have been "
                       "cut short (a copy or a write that stopped)",
                    path, x->t.unterminated_line);
        goto out;
    }
    x->by_id = malloc((x->t.nrows + 1) * sizeof *x->by_id);
    if (!x->by_id) {
        papsim_fail(e, "%s: out of memory for %zu rows", path, x->t.nrows);
        goto out;
    }
    memcpy(x->by_id, x->t.rows, x->t.nrows * sizeof *x->by_id);
    qsort(x->by_id, x->t.nrows, sizeof *x->by_id, by_id_then_line);
    rc = 0;
out:
    if (rc != 0) {
        sweep_failed_free(x);
        size_t len = strlen(e->msg);
        snprintf(e->msg + len, sizeof e->msg - len,
                 " (papsim run's record of failed cases: correct it, or move it away to start "
                 "a new one)");
    }
    return rc;
}

void sweep_failed_free(sweep_failed_index *x)
{
    free(x->by_id);
    x->by_id = NULL;
    papsim_table_free(&x->t);
}

const char *sweep_failed_cause(const sweep_failed_index *x, const char *id)
{
    size_t lo = 0, hi = x->by_id ? x->t.nrows : 0; /* first row whose id is > id */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(x->by_id[mid][COL_ID], id) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && !strcmp(x->by_id[lo - 1][COL_ID], id) ? x->by_id[lo - 1][COL_CAUSE] : NULL;
}

int sweep_failed_summarize(const sweep_failed_index *x, const char *const *ids, int n,
                           char *buf, size_t cap)
{
    const char *causes[16];
    int counts[16], ncauses = 0, total = 0, other = 0;
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        const char *cause = sweep_failed_cause(x, ids[i]);
        if (!cause)
            continue;
        total++;
        int k = 0;
        while (k < ncauses && strcmp(causes[k], cause))
            k++;
        if (k == ncauses && ncauses == 16) {
            other++; /* more kinds than a line can name */
            continue;
        }
        if (k == ncauses) {
            causes[ncauses] = cause;
            counts[ncauses++] = 0;
        }
        counts[k]++;
    }
    if (cap)
        buf[0] = '\0';
    for (int k = 0; k < ncauses && len < cap; k++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%d %s", k ? ", " : "", counts[k],
                                causes[k]);
    if (other && len < cap)
        snprintf(buf + len, cap - len, ", %d other causes", other);
    return total;
}
