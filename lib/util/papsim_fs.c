#include "util/papsim_fs.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int papsim_mkdir_p(const char *dir, papsim_err *e)
{
    char buf[4096];
    struct stat st;
    if ((size_t)snprintf(buf, sizeof buf, "%s", dir) >= sizeof buf)
        return papsim_fail(e, "%s: path too long", dir);
    for (char *p = buf + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char saved = *p;
        *p = '\0';
        if (mkdir(buf, 0777) != 0) {
            if (errno != EEXIST)
                return papsim_fail(e, "%s: cannot create directory: %s", buf, strerror(errno));
            if (stat(buf, &st) == 0 && !S_ISDIR(st.st_mode))
                return papsim_fail(e, "%s: exists and is not a directory", buf);
        }
        *p = saved;
        if (saved == '\0')
            break;
    }
    if (stat(dir, &st) != 0)
        return papsim_fail(e, "%s: cannot create directory: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return papsim_fail(e, "%s: exists and is not a directory", dir);
    return 0;
}

int papsim_mkdir_parents(const char *file, papsim_err *e)
{
    char dir[4096];
    if ((size_t)snprintf(dir, sizeof dir, "%s", file) >= sizeof dir)
        return papsim_fail(e, "%s: path too long", file);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) /* "out.csv" or "/out.csv": nothing to make */
        return 0;
    *slash = '\0';
    return papsim_mkdir_p(dir, e);
}

/* Length of the leading run of path components a and b share ("/a/b" and
 * "/a/bc" share "/a", not "/a/b"). Both are real absolute paths. */
static size_t common_dir_prefix(const char *a, const char *b)
{
    size_t i = 0, last = 0;
    while (a[i] && a[i] == b[i]) {
        if (a[i] == '/')
            last = i;
        i++;
    }
    if ((a[i] == '\0' && (b[i] == '/' || b[i] == '\0')) || (b[i] == '\0' && a[i] == '/'))
        last = i;
    return last;
}

int papsim_path_label(const char *base_dir, const char *spelled, char *out, size_t cap,
                      papsim_err *e)
{
    char full[PATH_MAX + 8], file[PATH_MAX], base[PATH_MAX];
    if (spelled[0] == '/')
        snprintf(full, sizeof full, "%s", spelled);
    else if ((size_t)snprintf(full, sizeof full, "%s/%s", base_dir, spelled) >= sizeof full)
        return papsim_fail(e, "%s: path too long", spelled);
    if (!realpath(full, file))
        return papsim_fail(e, "%s: %s", full, strerror(errno));
    if (!realpath(base_dir, base))
        return papsim_fail(e, "%s: %s", base_dir, strerror(errno));
    size_t common = common_dir_prefix(base, file);
    int inside = base[common] == '\0' || (common == 0 && !strcmp(base, "/"));
    if (spelled[0] == '/' && !inside) {
        if ((size_t)snprintf(out, cap, "%s", file) >= cap)
            return papsim_fail(e, "%s: path too long", file);
        return 0;
    }
    /* One ".." for every component of base after the shared part. */
    size_t n = 0;
    out[0] = '\0';
    for (const char *p = base + common; *p; p++)
        if (*p == '/' && p[1] != '\0') {
            if (n + 3 >= cap)
                return papsim_fail(e, "%s: path too long", file);
            memcpy(out + n, "../", 4);
            n += 3;
        }
    const char *rest = file + common;
    if (*rest == '/')
        rest++;
    if (n + strlen(rest) + 1 > cap)
        return papsim_fail(e, "%s: path too long", file);
    memcpy(out + n, rest, strlen(rest) + 1);
    return 0;
}

int papsim_make_temp_dir(const char *name, char *dir, size_t len, papsim_err *e)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    if ((size_t)snprintf(dir, len, "%s/%s-XXXXXX", tmp, name) >= len)
        return papsim_fail(e, "TMPDIR '%s': path too long", tmp);
    if (!mkdtemp(dir))
        return papsim_fail(e, "cannot create a temporary directory in %s: %s", tmp,
                           strerror(errno));
    return 0;
}

int papsim_append_whole(int fd, const char *path, const char *rows, size_t len, papsim_err *e)
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
