/* A helper program run with a time limit, its output captured
 * (run_capture.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#endif
#include "smpi/run_capture.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define OUTPUT_MAX (1 << 20)
/* Far above a probe's half second on a loaded machine. */
#define PROBE_TIMEOUT_S 120.0
#define PROBE_TIMEOUT_ENV "PAPSIM_PROBE_TIMEOUT"

double papsim_probe_timeout(void)
{
    const char *v = getenv(PROBE_TIMEOUT_ENV);
    char *end;
    double t = v ? strtod(v, &end) : 0;
    return v && *v && !*end && t > 0 && t < 1e6 ? t : PROBE_TIMEOUT_S;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Reads fd to its end into *buf (at most OUTPUT_MAX bytes kept; past it, or
 * out of memory, reads on and keeps nothing) until the deadline. Returns 0
 * at the end of the output, 1 when the deadline passed first. */
static int read_until(int fd, char **buf, size_t *len, size_t *cap, double deadline)
{
    int full = 0;
    for (;;) {
        if (!full && *cap - *len < 2) {
            char *grown = *cap < OUTPUT_MAX ? realloc(*buf, *cap * 2) : NULL;
            if (grown) {
                *buf = grown;
                *cap *= 2;
            } else {
                full = 1;
            }
        }
        const double left = deadline - now_s();
        struct pollfd pfd = {fd, POLLIN, 0};
        if (left <= 0)
            return 1;
        const int ready = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0)
            continue; /* the deadline is checked above */
        char sink[4096];
        const int keep = !full;
        ssize_t got = keep ? read(fd, *buf + *len, *cap - *len - 1) : read(fd, sink, sizeof sink);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return 0;
        if (keep)
            *len += (size_t)got;
    }
}

int papsim_run_capture(char *const argv[], const char *cwd, const char *err_path,
                       const char *what, char **out, int *exit_status, papsim_err *e)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    int fds[2], status;
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    pid_t pid;
    *out = NULL;
    if (!buf)
        return papsim_fail(e, "out of memory");
    if (pipe(fds) != 0) {
        free(buf);
        return papsim_fail(e, "pipe: %s", strerror(errno));
    }
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
    if (err_path)
        posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, err_path,
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
    else
        posix_spawn_file_actions_adddup2(&fa, fds[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    if (cwd)
        posix_spawn_file_actions_addchdir_np(&fa, cwd); /* what the options write lands there */
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0); /* a group of its own, killed whole */
    int err = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(fds[1]);
    if (err != 0) {
        close(fds[0]);
        free(buf);
        return papsim_fail(e, "cannot start '%s': %s", argv[0], strerror(err));
    }
    const double limit = papsim_probe_timeout();
    const int late = read_until(fds[0], &buf, &len, &cap, now_s() + limit);
    if (late)
        kill(-pid, SIGKILL);
    close(fds[0]);
    buf[len] = '\0';
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (late) {
        free(buf);
        return papsim_fail(e, "%s ('%s') did not end within %g s: killed with its process "
                           "group", what, argv[0], limit);
    }
    *exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    *out = buf;
    return 0;
}
