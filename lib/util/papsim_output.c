/* Writing output files without losing anything; see papsim_output.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* O_CLOEXEC */
#endif
#include "util/papsim_output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int papsim_output_check(const char *path, const char *option, const char *const *inputs,
                        int ninputs, int mode, papsim_err *e)
{
    return papsim_output_check_as(path, option, inputs, ninputs, mode, "give --force to "
                                  "replace it", e);
}

int papsim_output_check_as(const char *path, const char *option, const char *const *inputs,
                           int ninputs, int mode, const char *force_hint, papsim_err *e)
{
    struct stat out, link, in;
    const char *sep = option ? ": " : "";
    option = option ? option : "";
    if (lstat(path, &link) != 0)
        return 0; /* nothing there yet */
    if (stat(path, &out) == 0) {
        for (int i = 0; i < ninputs; i++)
            if (inputs[i] && stat(inputs[i], &in) == 0 && in.st_dev == out.st_dev &&
                in.st_ino == out.st_ino)
                return papsim_fail(e, "%s%s'%s' is the input '%s' (the same file); papsim "
                                   "never writes over an input", option, sep, path, inputs[i]);
        if (!S_ISREG(out.st_mode))
            return papsim_fail(e, "%s%s'%s' exists and is not a regular file", option, sep,
                               path);
    }
    if (mode != PAPSIM_OUTPUT_REPLACE)
        return papsim_fail(e, "%s%s'%s' exists (%s)", option, sep, path, force_hint);
    return 0;
}

int papsim_output_open(papsim_output *o, const char *path, int mode, papsim_err *e)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    o->mode = mode;
    if ((size_t)snprintf(o->tmp, sizeof o->tmp, "%s.tmp", path) >= sizeof o->tmp)
        return papsim_fail(e, "%s: path too long", path);
    for (int attempt = 0; attempt < 10; attempt++) {
        /* a leftover of an interrupted run goes; a link there is removed,
         * never written through */
        if (unlink(o->tmp) != 0 && errno != ENOENT)
            return papsim_fail(e, "%s: cannot remove: %s", o->tmp, strerror(errno));
        int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0)
            return papsim_fail(e, "%s: cannot create: %s", o->tmp, strerror(errno));
        if (!(o->f = fdopen(fd, "w"))) {
            close(fd);
            unlink(o->tmp);
            return papsim_fail(e, "%s: cannot create: %s", o->tmp, strerror(errno));
        }
        return 0;
    }
    return papsim_fail(e, "%s: cannot create a temporary file beside it", path);
}

int papsim_output_commit(papsim_output *o, int bad, papsim_err *e)
{
    int err = 0;
    if (!o->f)
        return papsim_fail(e, "%s: not open", o->path);
    errno = 0;
    if (fflush(o->f) != 0 || ferror(o->f) || (fsync(fileno(o->f)) != 0 && errno != EINVAL))
        err = errno ? errno : EIO; /* EINVAL: a file system that cannot sync */
    if (fclose(o->f) != 0 && !err)
        err = errno;
    o->f = NULL;
    if (!err && !bad) {
        if (o->mode == PAPSIM_OUTPUT_REPLACE) {
            if (rename(o->tmp, o->path) != 0)
                err = errno;
        } else if (link(o->tmp, o->path) != 0) {
            /* a file system without hard links: check again, then rename */
            struct stat st;
            err = errno;
            if (err != EEXIST && lstat(o->path, &st) != 0 && rename(o->tmp, o->path) == 0)
                err = 0;
        }
    }
    unlink(o->tmp);
    if (err == EEXIST)
        return papsim_fail(e, "'%s' appeared while it was written (give --force to replace "
                           "it)", o->path);
    if (err)
        return papsim_fail(e, "%s: cannot write: %s", o->path, strerror(err));
    if (bad)
        return papsim_fail(e, "%s: write error", o->path);
    return 0;
}

void papsim_output_abort(papsim_output *o)
{
    if (o->f) {
        fclose(o->f);
        o->f = NULL;
        unlink(o->tmp);
    }
}
