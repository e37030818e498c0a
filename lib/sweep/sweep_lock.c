/* The result directory's lock and own files (see sweep_lock.h). */
#include "sweep/sweep_lock.h"
#include "smpi/provenance.h"
#include "sweep/sweep_failed.h"
#include "util/papsim_error.h"
#include "util/papsim_output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* What the holder wrote: "PID COMMAND...", or a note when it has not yet. */
static void read_holder(int fd, char *out, size_t cap)
{
    ssize_t n = pread(fd, out, cap - 1, 0);
    if (n < 0)
        n = 0;
    out[n] = '\0';
    out[strcspn(out, "\n")] = '\0';
    if (!out[0])
        snprintf(out, cap, "a process that has not yet written its id");
}

/* 1 if fd is the file path names now. */
static int still_named(int fd, const char *path)
{
    struct stat held, named;
    return fstat(fd, &held) == 0 && stat(path, &named) == 0 && held.st_dev == named.st_dev &&
           held.st_ino == named.st_ino;
}

int sweep_lock(const char *dir, int wait, const char *command, papsim_err *e)
{
    char path[4200], holder[1100];
    if ((size_t)snprintf(path, sizeof path, "%s/papsim.lock", dir) >= sizeof path)
        return papsim_fail(e, "--out '%s': path too long", dir);
    int fd, rc, waited = 0;
    for (;;) {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0)
            return papsim_fail(e, "%s: cannot open: %s", path, strerror(errno));
        while ((rc = flock(fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR)
            ;
        if (rc != 0 && errno == EWOULDBLOCK) {
            read_holder(fd, holder, sizeof holder);
            if (!wait) {
                papsim_fail(e, "--out '%s' is in use by another papsim run (process %s); let "
                               "it finish, choose another --out, or pass --wait-lock to wait "
                               "for it",
                            dir, holder);
                close(fd);
                return -1;
            }
            if (!waited)
                papsim_print_note("papsim run", "--out '%s' is in use by another papsim run "
                                                "(process %s); waiting for it to finish "
                                                "(--wait-lock)",
                                  dir, holder);
            waited = 1;
            while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
                ;
        }
        /* The holder removes the file before it lets go (sweep_unlock): a
         * lock on a file that is no longer DIR/papsim.lock is no lock on
         * DIR, so open the path again. */
        if (rc != 0 || still_named(fd, path))
            break;
        close(fd);
    }
    if (rc != 0 && (errno == ENOLCK || errno == EOPNOTSUPP || errno == ENOSYS)) {
        /* A file system without locks (some NFS setups): run, but say so. */
        papsim_print_note("papsim run", "%s: cannot lock (%s); running unlocked: start no other "
                        "run on '%s' until this one ends",
                path, strerror(errno), dir);
        return fd;
    }
    if (rc != 0) {
        papsim_fail(e, "%s: cannot lock: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    /* Who holds it, for the next run's message. */
    int len = snprintf(holder, sizeof holder, "%ld: %s\n", (long)getpid(), command);
    if (len > (int)sizeof holder - 1)
        len = (int)sizeof holder - 1;
    if (ftruncate(fd, 0) != 0 || pwrite(fd, holder, (size_t)len, 0) != len) {
        /* A full disk: the lock still holds; only that message is vaguer. */
    }
    return fd;
}

void sweep_unlock(int fd, const char *dir)
{
    char path[4200];
    if (fd < 0)
        return;
    /* Removed while still held, so that a run waiting on this file finds it
     * gone and opens the path again (sweep_lock); not when the file system
     * has no locks (flock fails): the file may then be another run's. */
    snprintf(path, sizeof path, "%s/papsim.lock", dir);
    if (flock(fd, LOCK_EX | LOCK_NB) == 0 && still_named(fd, path))
        unlink(path);
    close(fd);
}

/* DIR's own regular files: a growing list of paths. */
typedef struct {
    char (*path)[4200];
    int n, cap;
} own_files;

static int add_own(own_files *own, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0; /* nothing there, or not a file: its writer says what is wrong */
    if (own->n == own->cap) {
        const int cap = own->cap ? 2 * own->cap : 16;
        char(*more)[4200] = realloc(own->path, (size_t)cap * sizeof *more);
        if (!more)
            return -1;
        own->path = more;
        own->cap = cap;
    }
    return snprintf(own->path[own->n++], sizeof own->path[0], "%s", path) < 0 ? -1 : 0;
}

/* Every regular file of dir and, depth levels down, of its directories
 * (DIR/work, its batch-N/ and failed/: the batches' scratch files). */
static int add_own_tree(own_files *own, const char *dir, int depth)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int rc = 0;
    if (!d)
        return 0;
    while (rc == 0 && (de = readdir(d)) != NULL) {
        char path[4200];
        struct stat st;
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, de->d_name) >= sizeof path)
            continue;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            rc = depth > 0 ? add_own_tree(own, path, depth - 1) : 0;
        else
            rc = add_own(own, path);
    }
    closedir(d);
    return rc;
}

/* Checks one input against DIR's regular files (the others: their readers
 * say what is wrong with them). */
static int not_own(const own_files *own, const char *input, papsim_err *e)
{
    const char *const inputs[] = {input};
    for (int i = 0; i < own->n; i++)
        if (papsim_output_check(own->path[i], "--out", inputs, 1, PAPSIM_OUTPUT_REPLACE, e) != 0)
            return -1;
    return 0;
}

static int check_inputs(const own_files *own, const sweep_run_options *o,
                        const sweep_cases *cases, papsim_err *e)
{
    if (not_own(own, o->spec_path, e) != 0)
        return -1;
    for (int k = 0; k < cases->n; k++) { /* each file once: cases repeat them in runs */
        const papsim_case *c = &cases->v[k].c;
        const char *platform = cases->v[k].platform_path;
        if (strcmp(platform, "default") != 0 &&
            (k == 0 || strcmp(platform, cases->v[k - 1].platform_path) != 0) &&
            not_own(own, platform, e) != 0)
            return -1;
        if (!strncmp(c->pattern, "file:", 5) &&
            (k == 0 || strcmp(c->pattern, cases->v[k - 1].c.pattern) != 0) &&
            not_own(own, c->pattern + 5, e) != 0)
            return -1;
    }
    return 0;
}

int sweep_check_dir(const sweep_run_options *o, const sweep_cases *cases, papsim_err *e)
{
    const char *dir = o->out_dir;
    static const char *const names[] = {"results.csv", SWEEP_FAILED_FILE, "case_order.csv",
                                        PAPSIM_PROVENANCE_FILE, "results-superseded.csv",
                                        "papsim.lock"};
    own_files own = {NULL, 0, 0};
    char path[4200];
    int rc = 0;
    for (size_t i = 0; dir && rc == 0 && i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        rc = add_own(&own, path);
    }
    if (dir && rc == 0) {
        snprintf(path, sizeof path, "%s/work", dir);
        rc = add_own_tree(&own, path, 1);
    }
    if (rc != 0)
        papsim_fail(e, "--out '%s': out of memory", dir);
    else if (own.n > 0)
        rc = check_inputs(&own, o, cases, e);
    free(own.path);
    return rc;
}
