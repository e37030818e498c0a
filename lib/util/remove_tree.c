/* Recursive removal with openat/unlinkat: every directory is opened with
 * O_NOFOLLOW relative to its parent's descriptor, so a symbolic link (even
 * one swapped in while we work) is never entered. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* O_DIRECTORY, O_NOFOLLOW, fdopendir */
#endif
#include "util/remove_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Deepest directory nesting followed; papsim's own directories are 2 deep. */
#define REMOVE_TREE_MAX_DEPTH 64

/* Empties the directory open as fd (which this function closes). */
static int empty_dir(int fd, int depth)
{
    int rc = 0, saved = 0;
    DIR *d = fdopendir(fd);
    if (!d) {
        saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        const char *name = ent->d_name;
        if (!strcmp(name, ".") || !strcmp(name, ".."))
            continue;
        if (unlinkat(dirfd(d), name, 0) == 0)
            continue;
        if (errno != EISDIR && errno != EPERM) { /* Linux says EISDIR, POSIX allows EPERM */
            rc = -1, saved = errno;
            continue;
        }
        int sub = -1;
        if (depth >= REMOVE_TREE_MAX_DEPTH)
            errno = ELOOP;
        else
            sub = openat(dirfd(d), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub < 0 || empty_dir(sub, depth + 1) != 0 ||
            unlinkat(dirfd(d), name, AT_REMOVEDIR) != 0)
            rc = -1, saved = errno;
    }
    closedir(d);
    if (rc != 0)
        errno = saved;
    return rc;
}

int papsim_remove_tree(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOTDIR || errno == ELOOP ? unlink(dir) : -1;
    if (empty_dir(fd, 0) != 0)
        return -1;
    return rmdir(dir);
}
