/* libpapcoll's report: its file checked at MPI_Init, written whole at
 * MPI_Finalize (papcoll_report.h). */
#include "papcoll_report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* PATH's directory ("." for a bare name) into dir. */
static void directory_of(const char *path, char *dir, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, len, ".");
    else if (slash == path)
        snprintf(dir, len, "/");
    else
        snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

/* A temporary file in PATH's directory, named after PATH, opened for
 * writing with the mode a new file gets; -1 with errno set. */
static int make_temporary(const char *path, char *tmp, size_t len)
{
    char dir[PAPCOLL_VALUE_MAX + 1];
    const char *slash = strrchr(path, '/');
    directory_of(path, dir, sizeof dir);
    if ((size_t)snprintf(tmp, len, "%s/.%s.papcoll-XXXXXX", dir, slash ? slash + 1 : path) >= len) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd >= 0) {
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    return fd;
}

int papcoll_report_check(const char *path, char *err, size_t err_len)
{
    char dir[PAPCOLL_VALUE_MAX + 1], tmp[PAPCOLL_VALUE_MAX + 64];
    struct stat st;
    directory_of(path, dir, sizeof dir);
    if (stat(dir, &st) != 0) {
        snprintf(err, err_len, "PAPCOLL_REPORT: cannot write '%s': directory '%s': %s", path, dir,
                 errno == ENOENT ? "does not exist" : strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, err_len, "PAPCOLL_REPORT: cannot write '%s': '%s' is not a directory",
                 path, dir);
        return -1;
    }
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, err_len, "PAPCOLL_REPORT: cannot write '%s': it exists and is not a "
                 "regular file", path);
        return -1;
    }
    int fd = make_temporary(path, tmp, sizeof tmp);
    if (fd < 0) {
        snprintf(err, err_len, "PAPCOLL_REPORT: cannot write '%s': cannot create a file in "
                 "'%s': %s", path, dir, strerror(errno));
        return -1;
    }
    close(fd);
    unlink(tmp);
    return 0;
}

/* A new temporary file beside PATH, its name in tmp[0..tmp_len); NULL with
 * a message in err. */
static FILE *report_open(const char *path, char *tmp, size_t tmp_len, char *err, size_t err_len)
{
    int fd = make_temporary(path, tmp, tmp_len);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (!f) {
        snprintf(err, err_len, "PAPCOLL_REPORT: cannot write '%s': %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
    }
    return f;
}

/* Closes f and renames tmp to PATH, unless PATH has become something else
 * than a regular file since MPI_Init (a device is never replaced); on any
 * failure removes tmp. Returns 0, or -1 with a message in err. */
static int report_close(FILE *f, const char *tmp, const char *path, char *err, size_t err_len)
{
    struct stat st;
    const int failed = ferror(f);
    errno = 0;
    if (fclose(f) != 0 || failed) {
        snprintf(err, err_len, "PAPCOLL_REPORT: cannot write '%s': %s", path,
                 errno ? strerror(errno) : "write error");
    } else if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, err_len, "PAPCOLL_REPORT: cannot write '%s': it exists and is not a "
                 "regular file", path);
    } else if (rename(tmp, path) != 0) {
        snprintf(err, err_len, "PAPCOLL_REPORT: cannot write '%s': %s", path, strerror(errno));
    } else {
        return 0;
    }
    unlink(tmp);
    return -1;
}

static const char *const reason_names[PAPCOLL_NREASONS] = {
    "intercommunicator", "np", "non-commutative op", "radix",
};

int papcoll_report_write(const papcoll_config *cfg, int world_size, papcoll_counters sum,
                         papcoll_counters max, char *err, size_t err_len)
{
    char tmp[PAPCOLL_VALUE_MAX + 64];
    FILE *f = report_open(cfg->report, tmp, sizeof tmp, err, err_len);
    if (!f)
        return -1;
    fprintf(f, "# papcoll report: %d ranks; sums over the ranks (rank_calls: calls "
               "times the ranks that made them)\n", world_size);
    fprintf(f, "collective,rule,algorithm,rank_calls,bytes,fallthroughs,fallthrough_reasons,"
               "time_inside_s,time_per_call_s,predicted_calls,order_changes,"
               "prediction_error_mean_s,prediction_error_max_s\n");
    for (int c = 0; c < PAPCOLL_NCOLLECTIVES; c++)
        for (int i = 0; i <= PAPCOLL_MAX_RULES; i++) {
            const double *v = sum[c][i];
            if (v[PAPCOLL_C_CALLS] == 0 || (i < PAPCOLL_MAX_RULES && i >= cfg->nrules[c]))
                continue;
            const papcoll_rule *r = i < PAPCOLL_MAX_RULES ? &cfg->rules[c][i] : NULL;
            double ft = 0;
            char reasons[256] = "";
            for (int k = 0; k < PAPCOLL_NREASONS; k++)
                if (v[PAPCOLL_C_FT + k] > 0) {
                    ft += v[PAPCOLL_C_FT + k];
                    snprintf(reasons + strlen(reasons), sizeof reasons - strlen(reasons),
                             "%s%s:%.0f", reasons[0] ? ";" : "", reason_names[k],
                             v[PAPCOLL_C_FT + k]);
                }
            double pred = v[PAPCOLL_C_PRED];
            fprintf(f, "%s,%s,%s,%.0f,%.0f,%.0f,%s,%.9g,%.9g,%.0f,%.0f,%.9g,%.9g\n",
                    papcoll_collective_name(c), r ? r->text : "(no rule)",
                    r && r->algorithm ? r->algorithm->name : "mpi", v[PAPCOLL_C_CALLS],
                    v[PAPCOLL_C_BYTES], ft, reasons[0] ? reasons : "-", v[PAPCOLL_C_TIME],
                    v[PAPCOLL_C_TIME] / v[PAPCOLL_C_CALLS], pred, v[PAPCOLL_C_PRED_CHANGES],
                    pred > 0 ? v[PAPCOLL_C_PRED_ERR] / pred : 0,
                    max[c][i][PAPCOLL_C_PRED_ERR_MAX]);
        }
    return report_close(f, tmp, cfg->report, err, err_len);
}
