#include "smpi/launch.h"
#include "smpi/simgrid_compat.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases/collective_rules.h"
#include "platform/hostfile.h"
#include "smpi/locate.h"
#include "smpi/plugins.h"
#include "platform/platform.h"
#include "util/papsim_error.h"

const char *const papsim_smpi_base_options[] = {
    "--cfg=smpi/simulate-computation:no",
    "--cfg=smpi/wtime:0",
    "--cfg=smpi/host-speed:1Gf",
    "--log=root.thres:warning",
    "--log=smpi_config.thres:error",
    "--log=smpi_coll.thres:error",
    NULL,
};

void papsim_builtin_cfg(const papsim_case *c, char *buf, size_t len)
{
    if (strncmp(c->algorithm, "builtin:", 8) == 0 && papsim_smpi_selectable(c->collective))
        snprintf(buf, len, "--cfg=smpi/%s:%s", papsim_smpi_collective(c->collective),
                 c->algorithm + 8);
    else if (len)
        buf[0] = '\0';
}

void papsim_memory_cfg(const papsim_case *c, char *buf, size_t len)
{
    if (!c->check)
        snprintf(buf, len, "--cfg=smpi/auto-shared-malloc-thresh:65536");
    else if (len)
        buf[0] = '\0';
}

int papsim_launch_prepare(papsim_launch *l, const papsim_case *c, const char *platform_path,
                          const char *workdir, papsim_err *e)
{
    papsim_platform platform;
    papsim_mapping mapping;
    int rc = -1;

    memset(l, 0, sizeof *l);
    papsim_locate_smpirun(l->smpirun_path, sizeof l->smpirun_path);
    papsim_locate_papbench(l->papbench_path, sizeof l->papbench_path);
    l->smpirun = l->smpirun_path;
    l->papbench = l->papbench_path;
    l->np = c->np;
    papsim_builtin_cfg(c, l->builtin_cfg, sizeof l->builtin_cfg);
    papsim_memory_cfg(c, l->memory_cfg, sizeof l->memory_cfg);
    if ((size_t)snprintf(l->workdir, sizeof l->workdir, "%s", workdir) >= sizeof l->workdir)
        return papsim_fail(e, "%s: path too long", workdir);
    if (access(l->papbench, R_OK) != 0)
        return papsim_fail(e, "papbench '%s' not found (build papsim first, or set PAPSIM_PAPBENCH)",
                           l->papbench);
    if (papsim_mapping_parse(c->mapping, &mapping, e) != 0)
        return -1;
    if (papsim_platform_load(platform_path, &platform, e) != 0)
        return -1;
    memcpy(l->platform_key, platform.key, sizeof l->platform_key);
    if (!strcmp(platform_path, "default")) {
        snprintf(l->platform_xml, sizeof l->platform_xml, "%s/default-platform.xml", workdir);
        if (papsim_platform_write_default(l->platform_xml, e) != 0)
            goto out;
    } else {
        snprintf(l->platform_xml, sizeof l->platform_xml, "%s", platform_path);
    }
    /* The mapping was checked above: the name is plain. */
    snprintf(l->hostfile_name, sizeof l->hostfile_name, "hostfile-%d-%s-%d", c->np, c->mapping,
             c->ranks_per_node);
    char hostfile[sizeof l->workdir + sizeof l->hostfile_name + 1];
    snprintf(hostfile, sizeof hostfile, "%s/%s", workdir, l->hostfile_name);
    rc = papsim_hostfile_write(&platform, mapping, c->np, c->ranks_per_node, hostfile, e);
out:
    papsim_platform_free(&platform);
    return rc;
}

int papsim_launch_set_case(papsim_launch *l, const papsim_case *c, papsim_err *e)
{
    char line[16384];
    FILE *f = fmemopen(line, sizeof line, "w");
    if (!f)
        return papsim_fail(e, "out of memory");
    papsim_case_write_args(c, f);
    fclose(f);
    line[sizeof line - 1] = '\0';
    if (!strchr(line, '\'')) { /* every value plain: the words go on the command line */
        l->single = c;
        return 0;
    }
    char path[sizeof l->workdir + 16];
    snprintf(path, sizeof path, "%s/case.txt", l->workdir);
    if (!(f = fopen(path, "w")))
        return papsim_fail(e, "cannot write %s: %s", path, strerror(errno));
    fputs(line, f);
    if (fclose(f) != 0)
        return papsim_fail(e, "cannot write %s", path);
    l->cases_name = "case.txt";
    return 0;
}

void papsim_launch_set_per_rank(papsim_launch *l)
{
    l->per_rank_name = "per-rank.csv";
}

/* Splits the case's long options into words (every value is plain here:
 * papsim_launch_set_case checked). */
static int case_words(const papsim_case *c, char *text, size_t len, char **words, int max)
{
    FILE *f = fmemopen(text, len, "w");
    if (!f)
        return -1;
    papsim_case_write_args(c, f);
    fclose(f);
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(text, " \n", &save); t && n < max; t = strtok_r(NULL, " \n", &save))
        words[n++] = t;
    return n;
}

/* Paths inside the working directory, as smpirun gets them: dir is how the
 * working directory is named (its path when plain, else /proc/self/fd/N). */
typedef struct {
    char hostfile[4400];
    char cases[4400];
    char per_rank[4400];
} dir_paths;

static void make_paths(const papsim_launch *l, const char *dir, dir_paths *p)
{
    snprintf(p->hostfile, sizeof p->hostfile, "%s/%s", dir, l->hostfile_name);
    p->cases[0] = p->per_rank[0] = '\0';
    if (l->cases_name)
        snprintf(p->cases, sizeof p->cases, "%s/%s", dir, l->cases_name);
    if (l->per_rank_name)
        snprintf(p->per_rank, sizeof p->per_rank, "%s/%s", dir, l->per_rank_name);
}

/* The full argv; text is scratch space for the case's words. */
static int build_argv(const papsim_launch *l, const dir_paths *paths, char **argv, int max,
                      char *text, size_t len, char np_text[32])
{
    int n = 0;
    snprintf(np_text, 32, "%d", l->np);
    const char *fixed[] = {l->smpirun, "-no-privatize", "-platform", l->platform_xml,
                           "-hostfile", paths->hostfile, "-np", np_text, l->papbench};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        argv[n++] = (char *)fixed[i];
    for (int i = 0; papsim_smpi_base_options[i]; i++)
        argv[n++] = (char *)papsim_smpi_base_options[i];
    if (l->builtin_cfg[0])
        argv[n++] = (char *)l->builtin_cfg;
    if (l->memory_cfg[0])
        argv[n++] = (char *)l->memory_cfg;
    for (int i = 0; l->extra_cfg && l->extra_cfg[i] && n < max - 40; i++)
        argv[n++] = (char *)l->extra_cfg[i];
    argv[n++] = "--no-header";
    n += papsim_plugin_words(argv + n, max - n - 100);
    if (l->per_rank_name) {
        argv[n++] = "--per-rank";
        argv[n++] = (char *)paths->per_rank;
    }
    if (l->cases_name) {
        argv[n++] = "--cases";
        argv[n++] = (char *)paths->cases;
    } else if (l->single) {
        int k = case_words(l->single, text, len, argv + n, max - n - 1);
        if (k < 0)
            return -1;
        n += k;
    }
    argv[n] = NULL;
    return n;
}

void papsim_put_shell_word(FILE *out, const char *s)
{
    if (papsim_case_word_is_plain(s)) {
        fputs(s, out);
        return;
    }
    fputc('\'', out);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", out);
        else
            fputc(*s, out);
    fputc('\'', out);
}

void papsim_launch_print(const papsim_launch *l, FILE *out)
{
    char *argv[300], text[16384], np_text[32];
    dir_paths paths;
    make_paths(l, l->workdir, &paths);
    int n = build_argv(l, &paths, argv, 300, text, sizeof text, np_text);
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(' ', out);
        papsim_put_shell_word(out, argv[i]);
    }
    fputc('\n', out);
}

/* smpirun is a shell script: it splits its hostfile option and the
 * program's arguments at blanks and expands wildcards in them. A working
 * directory whose path is not plain is therefore handed over open, as
 * descriptor N, and named /proc/self/fd/N: smpirun, and the simulator it
 * starts, inherit the descriptor, and the name holds nothing to split. */
pid_t papsim_launch_start(const papsim_launch *l, int *out_fd, const char *err_path,
                          papsim_err *e)
{
    char *argv[300], text[16384], np_text[32], dir[64];
    const char *dir_name = l->workdir;
    dir_paths paths;
    int fds[2], dir_fd = -1;
    if (!papsim_case_word_is_plain(l->workdir)) {
        dir_fd = open(l->workdir, O_RDONLY | O_DIRECTORY); /* inherited: no O_CLOEXEC */
        if (dir_fd < 0)
            return papsim_fail(e, "%s: cannot open: %s", l->workdir, strerror(errno));
        snprintf(dir, sizeof dir, "/proc/self/fd/%d", dir_fd);
        dir_name = dir;
    }
    make_paths(l, dir_name, &paths);
    if (build_argv(l, &paths, argv, 300, text, sizeof text, np_text) < 0 || pipe(fds) != 0) {
        if (dir_fd >= 0)
            close(dir_fd);
        return papsim_fail(e, "cannot set up the smpirun command: %s", strerror(errno));
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        if (dir_fd >= 0)
            close(dir_fd);
        return papsim_fail(e, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        if (err_path) { /* a new file: never written through a link left there */
            unlink(err_path);
            int fd = open(err_path, O_WRONLY | O_CREAT | O_EXCL, 0644);
            if (fd >= 0) {
                dup2(fd, STDERR_FILENO);
                close(fd);
            }
        }
        setpgid(0, 0); /* one group per batch, so an interrupt can stop it whole */
        signal(SIGXFSZ, SIG_DFL); /* papsim run ignores it; smpirun gets the usual one */
        execvp(argv[0], argv);
        papsim_print_note("papsim", "cannot start '%s': %s", argv[0], strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    if (dir_fd >= 0)
        close(dir_fd);
    *out_fd = fds[0];
    return pid;
}


papsim_log_cause papsim_failure_cause(const char *log_path, int exit_code)
{
    char line[4096];
    papsim_log_cause cause = PAPSIM_LOG_UNKNOWN;
    FILE *f = log_path ? fopen(log_path, "r") : NULL;
    while (f && cause != PAPSIM_LOG_DEADLOCK && fgets(line, sizeof line, f)) {
        if (strstr(line, PAPSIM_SMPI_DEADLOCK_TEXT))
            cause = PAPSIM_LOG_DEADLOCK;
        else if (strstr(line, PAPSIM_SMPI_MAP_TEXT))
            cause = PAPSIM_LOG_MAPPINGS;
    }
    if (f)
        fclose(f);
    if (cause == PAPSIM_LOG_UNKNOWN && exit_code == 128 + SIGKILL)
        cause = PAPSIM_LOG_KILLED;
    return cause;
}

const char *papsim_failure_name(papsim_log_cause cause)
{
    switch (cause) {
    case PAPSIM_LOG_DEADLOCK:
        return "deadlock";
    case PAPSIM_LOG_MAPPINGS:
        return "out of memory mappings";
    case PAPSIM_LOG_KILLED:
        return "killed by SIGKILL";
    case PAPSIM_LOG_UNKNOWN:
    default:
        return NULL;
    }
}

void papsim_failure_advice(papsim_log_cause cause, char *buf, size_t len)
{
    char now[32] = "unknown";
    FILE *f;
    switch (cause) {
    case PAPSIM_LOG_MAPPINGS:
        f = fopen("/proc/sys/vm/max_map_count", "r");
        if (f) {
            if (!fgets(now, sizeof now, f))
                snprintf(now, sizeof now, "unknown");
            now[strcspn(now, "\n")] = '\0';
            fclose(f);
        }
        snprintf(buf, len,
                 "SimGrid maps every 1 MiB block of every rank's buffers above 64 KiB "
                 "separately, and this case needs more mappings than the kernel allows one "
                 "process (vm.max_map_count is %s); raise the limit as root, e.g. "
                 "'sysctl -w vm.max_map_count=262144' (more for np above 4096), and run again "
                 "(a resumed papsim run simulates just the cases that failed)",
                 now);
        return;
    case PAPSIM_LOG_KILLED:
        snprintf(buf, len, "%s",
                 "the simulator was killed with SIGKILL, most often by the kernel's "
                 "out-of-memory killer ('dmesg | grep -i oom' says so when allowed): SMPI "
                 "copies every eager message (below 64 KiB) while it is in flight, so an "
                 "alltoall that posts all its sends at once holds about p(p-1) x bytes, 32 GiB "
                 "at np 1024 and 32 KiB; run such cases with --jobs 1 (two large simulations "
                 "side by side add up), on a machine with more memory or swap space (each "
                 "copy is written once and read once, so it pages at disk speed), or leave "
                 "them out (--skip-failed)");
        return;
    default:
        if (len > 0)
            buf[0] = '\0';
    }
}

void papsim_log_print_tail(const char *log_path, int nlines, FILE *out)
{
    enum { WINDOW = 65536 }; /* the last lines of a log are short */
    static const char missing[] = "(could not show the log)";
    char *buf = malloc(WINDOW + 1);
    FILE *f = log_path ? fopen(log_path, "rb") : NULL;
    if (!buf || !f) {
        fprintf(out, "papsim: %s\n", missing);
        goto out;
    }
    long start = 0;
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        start = size > WINDOW ? size - WINDOW : 0;
    }
    if (fseek(f, start, SEEK_SET) != 0) {
        fprintf(out, "papsim: %s\n", missing);
        goto out;
    }
    size_t n = fread(buf, 1, WINDOW, f);
    buf[n] = '\0';
    /* Walk back over nlines line ends (a last line without one counts too). */
    size_t from = n;
    int seen = 0;
    if (from > 0 && buf[from - 1] == '\n')
        from--;
    while (from > 0 && seen < nlines) {
        from--;
        if (buf[from] == '\n' && ++seen == nlines) {
            from++;
            break;
        }
    }
    fwrite(buf + from, 1, n - from, out);
    if (n > from && buf[n - 1] != '\n')
        fputc('\n', out);
out:
    if (f)
        fclose(f);
    free(buf);
}
