/* DIR/results.csv as papsim run keeps it: created with its header or
 * checked and trimmed for resuming, and appended one whole row (or case) at
 * a time, so a failed write never leaves a partial row behind. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results/results_csv.h"
#include "sweep/sweep.h"
#include "util/papsim_error.h"
#include "util/papsim_fs.h"
#include "util/papsim_input.h"

int sweep_open_results(const char *dir, char *path, size_t cap, papsim_err *e)
{
    if ((size_t)snprintf(path, cap, "%s/results.csv", dir) >= cap)
        return papsim_fail(e, "--out '%s': path too long", dir);
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return papsim_fail(e, "%s: cannot open for appending: %s", path, strerror(errno));
    return fd;
}

void sweep_status_row(const papsim_case *c, const char *status, int format, char *row,
                      size_t cap)
{
    FILE *mem = fmemopen(row, cap, "w");
    row[0] = '\0';
    if (!mem)
        return;
    papsim_case_write_row(c, 0, NULL, 1, status, mem); /* a sweep simulates */
    fclose(mem);
    papsim_results_row_to_format(row, format);
}

int sweep_status_is_timeout(const char *status)
{
    return !strcmp(status, SWEEP_STATUS_TIMEOUT) || !strcmp(status, SWEEP_STATUS_BASELINE_TIMEOUT);
}

/* A new results.csv: its header, or no file at all. */
static int create_results(const char *path, int *format, papsim_err *e)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return papsim_fail(e, "%s: cannot create: %s", path, strerror(errno));
    char header[4096];
    int len = snprintf(header, sizeof header, "%s\n", papsim_results_header());
    int rc = papsim_append_whole(fd, path, header, (size_t)len, e);
    if (close(fd) != 0 && rc == 0)
        rc = papsim_fail(e, "%s: %s", path, strerror(errno));
    if (rc != 0)
        unlink(path);
    *format = PAPSIM_RESULTS_FORMAT;
    return rc;
}

int sweep_results_prepare(const char *dir, int *format, papsim_err *e)
{
    char path[4200];
    if (papsim_mkdir_p(dir, e) != 0)
        return papsim_fail_prefix(e, "--out '%s': ", dir);
    snprintf(path, sizeof path, "%s/results.csv", dir);
    papsim_input in; /* a FIFO, a device or a huge file is refused before it is opened */
    struct stat st;
    if (lstat(path, &st) == 0) {
        if (papsim_input_open(&in, path, &papsim_limits_table, e) != 0)
            return -1;
        papsim_input_close(&in);
    }
    FILE *f = fopen(path, "r+");
    if (!f && errno == ENOENT)
        return create_results(path, format, e);
    if (!f)
        return papsim_fail(e, "%s: cannot open: %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    ssize_t len = getline(&line, &cap, f);
    if (len > 0 && line[len - 1] == '\n')
        line[--len] = '\0';
    if (len > 0 && line[len - 1] == '\r')
        line[--len] = '\0';
    const char *head = line; /* a UTF-8 byte order mark is skipped, as by every reader */
    if (len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0)
        head += 3;
    *format = len > 0 ? papsim_results_format_of_header(head) : 0;
    int ok = *format != 0;
    free(line);
    fseek(f, 0, SEEK_END);
    long size = ftell(f), keep = size;
    while (keep > 0) { /* find the end of the last complete line */
        fseek(f, keep - 1, SEEK_SET);
        if (fgetc(f) == '\n')
            break;
        keep--;
    }
    fclose(f);
    if (!ok)
        return papsim_fail(e, "%s exists but is not a papsim results file (header differs); "
                              "choose another --out",
                           path);
    if (keep < size) { /* a row cut short by a kill, or by an older papsim */
        papsim_print_note("papsim run", "%s: dropping an incomplete last row (%ld bytes)", path,
                size - keep);
        if (truncate(path, keep) != 0)
            return papsim_fail(e, "%s: cannot trim: %s", path, strerror(errno));
    }
    return 0;
}

int sweep_append_status_rows(const char *dir, const sweep_case *const *cases, int n,
                             const char *status, int format, papsim_err *e)
{
    char path[4200], row[8192];
    int fd = sweep_open_results(dir, path, sizeof path, e), rc = 0;
    if (fd < 0)
        return -1;
    for (int i = 0; i < n && rc == 0; i++) {
        sweep_status_row(&cases[i]->c, status, format, row, sizeof row);
        rc = papsim_append_whole(fd, path, row, strlen(row), e);
    }
    if (close(fd) != 0 && rc == 0)
        rc = papsim_fail(e, "%s: %s", path, strerror(errno));
    return rc;
}

static int compare_row_ids(const void *a, const void *b, void *id_col)
{
    const int col = *(const int *)id_col;
    return strcmp((*(char **const *)a)[col], (*(char **const *)b)[col]);
}

int sweep_results_index_load(const char *dir, sweep_results_index *r, papsim_err *e)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    r->by_id = NULL;
    /* The checking reader (results_csv.h): a resumed run stands on these
     * rows, so a row it cannot trust is refused here as everywhere else. */
    if (papsim_results_load(path, &r->t, NULL, e) != 0)
        return -1;
    r->id_col = papsim_table_column(&r->t, "case_id");
    r->status_col = papsim_table_column(&r->t, "status");
    r->total_col = papsim_table_column(&r->t, "total_delay_s");
    r->by_id = malloc((r->t.nrows + 1) * sizeof *r->by_id);
    if (!r->by_id) {
        papsim_table_free(&r->t);
        return papsim_fail(e, "out of memory indexing %s", path);
    }
    memcpy(r->by_id, r->t.rows, r->t.nrows * sizeof *r->by_id);
    qsort_r(r->by_id, r->t.nrows, sizeof *r->by_id, compare_row_ids, &r->id_col);
    return 0;
}

void sweep_results_index_free(sweep_results_index *r)
{
    free(r->by_id);
    papsim_table_free(&r->t);
}

/* Number of rows of the case, the mean total delay of its ok rows (-1 if
 * none) and whether it was recorded as timed out (if timed_out is given). */
int sweep_results_rows_of(const sweep_results_index *r, const char *id, double *mean_total, int *timed_out)
{
    size_t lo = 0, hi = r->t.nrows; /* first row whose id is >= id */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(r->by_id[mid][r->id_col], id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int n = 0, ok = 0, timeout = 0;
    double sum = 0;
    for (size_t i = lo; i < r->t.nrows && !strcmp(r->by_id[i][r->id_col], id); i++, n++) {
        const char *status = r->by_id[i][r->status_col];
        if (!strcmp(status, "ok")) {
            sum += strtod(r->by_id[i][r->total_col], NULL);
            ok++;
        }
        timeout |= sweep_status_is_timeout(status);
    }
    if (mean_total)
        *mean_total = ok ? sum / ok : -1;
    if (timed_out)
        *timed_out = timeout;
    return n;
}

/* The closing count; each case is counted once, under what happened to it. */
void sweep_print_summary(const char *out_dir, const sweep_stats *st)
{
    char baseline[64] = "", unwritten[64] = "", left_out[64] = "";
    if (st->no_baseline)
        snprintf(baseline, sizeof baseline, ", %d not run (no-delay baseline missing)",
                 st->no_baseline);
    if (st->left_out)
        snprintf(left_out, sizeof left_out, ", %d left out (failed before)", st->left_out);
    if (st->not_written)
        snprintf(unwritten, sizeof unwritten, ", %d not written (write error: run stopped)",
                 st->not_written);
    papsim_print_note("papsim run",
                      "%d cases: %d simulated, %d already in results, %d unsupported, "
                      "%d timed out, %d failed%s%s%s -> %s/results.csv",
                      st->total + st->unsupported, st->run, st->skipped, st->unsupported,
                      st->timed_out + st->not_run, st->failed, baseline, left_out, unwritten,
                      out_dir);
}
