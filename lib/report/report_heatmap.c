/* The one heatmap writer and the gnuplot runner of the reports; see
 * report_heatmap.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* fork, pipe2 */
#endif
#include "report/report_heatmap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/gnuplot_text.h"
#include "util/papsim_output.h"

static int join_path(char *buf, size_t len, const char *dir, const char *stem, const char *ext,
                     papsim_err *e)
{
    if ((size_t)snprintf(buf, len, "%s/%s%s", dir, stem, ext) >= len)
        return papsim_fail(e, "%s/%s%s: path too long", dir, stem, ext);
    return 0;
}


/* The comment, the data file, the view's setup, then the PNG and the SVG
 * terminal, each followed by the plot (the SVG by "replot" when it may). */
static void write_script(FILE *f, const papsim_heatmap *h, size_t ncells)
{
    char name[1100];
    snprintf(name, sizeof name, "%s.gp", h->stem);
    h->comment(f, h->ctx, name);
    snprintf(name, sizeof name, "%s.dat", h->stem);
    papsim_gp_printf(f, "data = %q\n", name);
    h->setup(f, h->ctx);
    snprintf(name, sizeof name, "%s.png", h->stem);
    papsim_gp_printf(f, "\nset terminal pngcairo size %d,%d noenhanced font 'Sans,%d'\n"
                        "set output %q\n",
                     h->width, h->height, h->font_size, name);
    h->plot(f, h->ctx, ncells);
    snprintf(name, sizeof name, "%s.svg", h->stem);
    papsim_gp_printf(f, "\nset terminal svg size %d,%d noenhanced font 'Sans,%d' "
                        "background rgb 'white'\nset output %q\n",
                     h->width, h->height, h->font_size, name);
    if (h->replot)
        papsim_gp_printf(f, "replot\n");
    else
        h->plot(f, h->ctx, ncells);
    papsim_gp_printf(f, "unset output\n");
}

int papsim_heatmap_write(const papsim_heatmap *h, const char *dir, papsim_err *e)
{
    char path[4096];
    papsim_output f; /* the report's own files: replaced (util/papsim_output.h) */
    if (join_path(path, sizeof path, dir, h->stem, ".dat", e) != 0 ||
        papsim_output_open(&f, path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return -1;
    size_t ncells = h->data(f.f, h->ctx);
    if (papsim_output_commit(&f, 0, e) != 0 ||
        join_path(path, sizeof path, dir, h->stem, ".gp", e) != 0 ||
        papsim_output_open(&f, path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return -1;
    write_script(f.f, h, ncells);
    return papsim_output_commit(&f, 0, e);
}

void papsim_heatmap_tic(FILE *f, size_t i, const char *label, size_t pos)
{
    papsim_gp_printf(f, i ? ", %q %zu" : "%q %zu", label, pos);
}

/* Child side of the spawn: run the script in dir; if exec fails, send errno
 * back through the close-on-exec pipe so the parent can tell "no gnuplot"
 * from "gnuplot failed". The script goes as "./NAME": a name made of table
 * values could otherwise start with '-' and be taken for an option. */
static void exec_gnuplot(const char *program, const char *dir, const char *script, int errfd)
{
    int err = 0;
    char local[1100];
    snprintf(local, sizeof local, "./%s", script);
    if (chdir(dir) != 0)
        err = errno;
    else {
        execlp(program, program, local, (char *)NULL);
        err = errno;
    }
    if (write(errfd, &err, sizeof err) < 0) {
        /* nothing more to do: the parent sees the exit status */
    }
    _exit(127);
}

static int spawn_gnuplot(const char *program, const char *dir, const char *script,
                         int *not_found, papsim_err *e)
{
    int fds[2], err = 0, status = 0;
    if (pipe2(fds, O_CLOEXEC) != 0)
        return papsim_fail(e, "cannot create a pipe for gnuplot: %s", strerror(errno));
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return papsim_fail(e, "cannot start %s: %s", program, strerror(errno));
    }
    if (pid == 0)
        exec_gnuplot(program, dir, script, fds[1]);
    close(fds[1]);
    ssize_t got = read(fds[0], &err, sizeof err);
    close(fds[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        continue;
    if (got == (ssize_t)sizeof err) {
        *not_found = 1;
        return papsim_fail(e, "cannot run '%s' (%s); install gnuplot or set PAPSIM_GNUPLOT",
                           program, strerror(err));
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return papsim_fail(e, "%s/%s: %s failed (%s %d)", dir, script, program,
                           WIFEXITED(status) ? "exit status" : "signal",
                           WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    return 0;
}

static int check_nonempty(const char *path, papsim_err *e)
{
    struct stat st;
    if (stat(path, &st) != 0 || st.st_size == 0)
        return papsim_fail(e, "%s: gnuplot did not write this image", path);
    return 0;
}

int papsim_heatmap_run_gnuplot(const char *dir, const char *stem, int *not_found,
                               papsim_err *e)
{
    const char *program = getenv("PAPSIM_GNUPLOT");
    char script[1024], path[4096];
    *not_found = 0;
    if (!program || !*program)
        program = "gnuplot";
    if ((size_t)snprintf(script, sizeof script, "%s.gp", stem) >= sizeof script)
        return papsim_fail(e, "%s.gp: name too long", stem);
    if (spawn_gnuplot(program, dir, script, not_found, e) != 0)
        return -1;
    if (join_path(path, sizeof path, dir, stem, ".png", e) != 0 ||
        check_nonempty(path, e) != 0 ||
        join_path(path, sizeof path, dir, stem, ".svg", e) != 0 ||
        check_nonempty(path, e) != 0)
        return -1;
    return 0;
}

