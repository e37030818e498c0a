/* Bounded reading of input files; see papsim_input.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* O_CLOEXEC, getc_unlocked */
#endif
#include "util/papsim_input.h"
#include "util/fnv1a.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const papsim_input_limits papsim_limits_spec = {"spec", 16 * PAPSIM_MIB, PAPSIM_MIB};
const papsim_input_limits papsim_limits_platform = {"platform", 256 * PAPSIM_MIB, PAPSIM_MIB};
const papsim_input_limits papsim_limits_pattern = {"pattern file", 256 * PAPSIM_MIB,
                                                   64 * PAPSIM_KIB};
const papsim_input_limits papsim_limits_table = {NULL, PAPSIM_GIB, PAPSIM_MIB};
const papsim_input_limits papsim_limits_trace = {"trace", PAPSIM_GIB, 64 * PAPSIM_KIB};
const papsim_input_limits papsim_limits_cases = {"cases file", 64 * PAPSIM_MIB,
                                                 64 * PAPSIM_KIB};
const papsim_input_limits papsim_limits_plugin = {"shared object", 256 * PAPSIM_MIB,
                                                  256 * PAPSIM_MIB};
const papsim_input_limits papsim_limits_record = {"provenance record", 64 * PAPSIM_MIB,
                                                  64 * PAPSIM_KIB};

void papsim_input_size_text(size_t bytes, char *out, size_t cap)
{
    static const char *const units[] = {"GiB", "MiB", "KiB"};
    static const size_t scale[] = {PAPSIM_GIB, PAPSIM_MIB, PAPSIM_KIB};
    for (int i = 0; i < 3; i++)
        if (bytes >= scale[i] && bytes % scale[i] == 0) {
            snprintf(out, cap, "%zu %s", bytes / scale[i], units[i]);
            return;
        }
    snprintf(out, cap, "%zu bytes", bytes);
}

/* "spec 'x.ini'" or, for a format without a name, "x.ini". */
static void name_of(const papsim_input_limits *lim, const char *path, char *out, size_t cap)
{
    if (lim->what)
        snprintf(out, cap, "%s '%s'", lim->what, path);
    else
        snprintf(out, cap, "%s", path);
}

static const char *kind_of(mode_t mode)
{
    return S_ISDIR(mode)    ? "a directory"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
                            : "not a file";
}

static int too_big(const papsim_input_limits *lim, const char *path, papsim_err *e)
{
    char name[4200], limit[32];
    name_of(lim, path, name, sizeof name);
    papsim_input_size_text(lim->max_bytes, limit, sizeof limit);
    return papsim_fail(e, "%s: larger than %s, the limit of a%s %s", name, limit,
                       lim->what && strchr("aeiou", lim->what[0]) ? "n" : "",
                       lim->what ? lim->what : "table");
}

static int line_too_long(const papsim_input_limits *lim, const char *path, long line,
                         papsim_err *e)
{
    char limit[32];
    papsim_input_size_text(lim->max_line, limit, sizeof limit);
    return papsim_fail(e, "%s:%ld: a line longer than %s, the limit of a%s %s", path, line, limit,
                       lim->what && strchr("aeiou", lim->what[0]) ? "n" : "",
                       lim->what ? lim->what : "table");
}

/* Opens path without blocking (a FIFO without a writer would block open)
 * and checks what it is and its size; returns the descriptor or -1. */
static int open_checked(const char *path, const papsim_input_limits *lim, size_t *size,
                        papsim_err *e)
{
    char name[4200];
    struct stat st;
    name_of(lim, path, name, sizeof name);
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return papsim_fail(e, "%s: cannot read: %s", name, strerror(errno));
    if (fstat(fd, &st) != 0) {
        papsim_fail(e, "%s: cannot read: %s", name, strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        papsim_fail(e, "%s: not a regular file (%s)", name, kind_of(st.st_mode));
        close(fd);
        return -1;
    }
    if ((unsigned long long)st.st_size > lim->max_bytes) {
        too_big(lim, path, e);
        close(fd);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    *size = (size_t)st.st_size;
    return fd;
}

int papsim_input_open(papsim_input *in, const char *path, const papsim_input_limits *lim,
                      papsim_err *e)
{
    size_t size;
    memset(in, 0, sizeof *in);
    in->path = path;
    in->lim = *lim;
    int fd = open_checked(path, lim, &size, e);
    if (fd < 0)
        return -1;
    if (!(in->f = fdopen(fd, "r"))) {
        close(fd);
        return papsim_fail(e, "%s: cannot read: %s", path, strerror(errno));
    }
    return 0;
}

int papsim_input_getline(papsim_input *in, char **line, size_t *len, papsim_err *e)
{
    size_t n = 0;
    int c = 0;
    while (c != '\n') {
        if (in->cap - n < 2) {
            size_t grown_cap = in->cap ? 2 * in->cap : 256;
            if (grown_cap > in->lim.max_line + 2)
                grown_cap = in->lim.max_line + 2;
            char *grown = realloc(in->buf, grown_cap);
            if (!grown)
                return papsim_fail(e, "%s:%ld: out of memory", in->path, in->line + 1);
            in->buf = grown;
            in->cap = grown_cap;
        }
        if ((c = getc_unlocked(in->f)) == EOF)
            break;
        if (n == in->lim.max_line)
            return line_too_long(&in->lim, in->path, in->line + 1, e);
        if (++in->nread > in->lim.max_bytes)
            return too_big(&in->lim, in->path, e);
        in->buf[n++] = (char)c;
    }
    if (ferror(in->f))
        return papsim_fail(e, "%s: cannot read: %s", in->path, strerror(errno));
    if (n == 0)
        return 0;
    in->buf[n] = '\0';
    in->line++;
    *line = in->buf;
    *len = n;
    return 1;
}

void papsim_input_close(papsim_input *in)
{
    if (in->f)
        fclose(in->f);
    free(in->buf);
    memset(in, 0, sizeof *in);
}

int papsim_input_check_lines(const char *path, const char *text, size_t len,
                             const papsim_input_limits *lim, papsim_err *e)
{
    long line = 1;
    for (size_t start = 0; start < len; line++) {
        const char *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        if (end - start > lim->max_line)
            return line_too_long(lim, path, line, e);
        start = end;
    }
    return 0;
}

int papsim_input_read(const char *path, const papsim_input_limits *lim, char **text, size_t *len,
                      papsim_err *e)
{
    size_t size, n = 0;
    int fd = open_checked(path, lim, &size, e);
    if (fd < 0)
        return -1;
    /* One byte more than the size tells a file that grew; the limit holds. */
    size_t cap = size < lim->max_bytes ? size + 1 : lim->max_bytes + 1;
    char *buf = malloc(cap + 1);
    if (!buf) {
        close(fd);
        return papsim_fail(e, "%s: out of memory for %zu bytes", path, size);
    }
    for (;;) {
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            papsim_fail(e, "%s: cannot read: %s", path, strerror(errno));
            goto fail;
        }
        if (got == 0)
            break;
        n += (size_t)got;
        if (n == cap && n <= lim->max_bytes) { /* it grows: take more, up to the limit */
            size_t more = cap * 2 < lim->max_bytes + 1 ? cap * 2 : lim->max_bytes + 1;
            char *grown = more > cap ? realloc(buf, more + 1) : NULL;
            if (!grown) {
                if (more > cap)
                    papsim_fail(e, "%s: out of memory after %zu bytes", path, n);
                else
                    too_big(lim, path, e);
                goto fail;
            }
            buf = grown;
            cap = more;
        }
    }
    if (n > lim->max_bytes) {
        too_big(lim, path, e);
        goto fail;
    }
    close(fd);
    buf[n] = '\0';
    if (papsim_input_check_lines(path, buf, n, lim, e) != 0) {
        free(buf);
        return -1;
    }
    *text = buf;
    *len = n;
    return 0;
fail:
    close(fd);
    free(buf);
    return -1;
}

int papsim_input_key(const char *path, const papsim_input_limits *lim, char key[17],
                     papsim_err *e)
{
    unsigned char chunk[65536];
    uint64_t h = PAPSIM_FNV1A64_INIT;
    size_t n, total = 0;
    papsim_input in;
    if (papsim_input_open(&in, path, lim, e) != 0)
        return -1;
    while ((n = fread(chunk, 1, sizeof chunk, in.f)) > 0 && (total += n) <= lim->max_bytes)
        h = papsim_fnv1a64(h, chunk, n);
    int bad = ferror(in.f), grew = total > lim->max_bytes;
    papsim_input_close(&in);
    if (grew)
        return too_big(lim, path, e);
    if (bad)
        return papsim_fail(e, "%s: read error", path);
    snprintf(key, 17, "%016llx", (unsigned long long)h);
    return 0;
}
