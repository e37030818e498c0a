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

#include "papsim_fs.h"
#include "sweep.h"

int sweep_append_rows(int fd, const char *path, const char *rows, size_t len, papsim_err *e)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return papsim_fail(e, "%s: %s", path, strerror(errno));
    const char *p = rows;
    size_t left = len;
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int err = n < 0 ? errno : ENOSPC;
            /* Back to the size before: the file keeps whole rows only. */
            int trimmed = ftruncate(fd, st.st_size) == 0;
            papsim_fail(e, "%s: %s%s", path, strerror(err),
                        trimmed ? "" : " (and a partial row could not be removed: the next "
                                       "run trims it)");
            return -1;
        }
        p += n;
        left -= (size_t)n;
    }
    return 0;
}

int sweep_open_results(const char *dir, char *path, size_t cap, papsim_err *e)
{
    if ((size_t)snprintf(path, cap, "%s/results.csv", dir) >= cap)
        return papsim_fail(e, "--out '%s': path too long", dir);
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return papsim_fail(e, "%s: cannot open for appending: %s", path, strerror(errno));
    return fd;
}

/* A new results.csv: its header, or no file at all. */
static int create_results(const char *path, int *format, papsim_err *e)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return papsim_fail(e, "%s: cannot create: %s", path, strerror(errno));
    char header[4096];
    int len = snprintf(header, sizeof header, "%s\n", papsim_results_header());
    int rc = sweep_append_rows(fd, path, header, (size_t)len, e);
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
    *format = len > 0 ? papsim_results_format_of_header(line) : 0;
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
        fprintf(stderr, "papsim run: %s: dropping an incomplete last row (%ld bytes)\n", path,
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
        rc = sweep_append_rows(fd, path, row, strlen(row), e);
    }
    if (close(fd) != 0 && rc == 0)
        rc = papsim_fail(e, "%s: %s", path, strerror(errno));
    return rc;
}
