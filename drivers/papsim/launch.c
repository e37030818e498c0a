#include "launch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hostfile.h"
#include "locate.h"
#include "platform.h"

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
    if (strncmp(c->algorithm, "builtin:", 8) == 0)
        snprintf(buf, len, "--cfg=smpi/%s:%s", c->collective, c->algorithm + 8);
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
    if (access(l->papbench, R_OK) != 0)
        return papsim_fail(e, "papbench '%s' not found (build papsim first, or set PAPSIM_PAPBENCH)",
                           l->papbench);
    if (papsim_mapping_parse(c->mapping, &mapping, e) != 0)
        return -1;
    if (papsim_platform_load(platform_path, &platform, e) != 0)
        return -1;
    if (!strcmp(platform_path, "default")) {
        snprintf(l->platform_xml, sizeof l->platform_xml, "%s/default-platform.xml", workdir);
        if (papsim_platform_write_default(l->platform_xml, e) != 0)
            goto out;
    } else {
        snprintf(l->platform_xml, sizeof l->platform_xml, "%s", platform_path);
    }
    snprintf(l->hostfile, sizeof l->hostfile, "%s/hostfile-%d-%s-%d", workdir, c->np, c->mapping,
             c->ranks_per_node);
    rc = papsim_hostfile_write(&platform, mapping, c->np, c->ranks_per_node, l->hostfile, e);
out:
    papsim_platform_free(&platform);
    return rc;
}

/* Splits the case's long options into words (the cases-file line format). */
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

/* The full argv; text is scratch space for the case's words. */
static int build_argv(const papsim_launch *l, char **argv, int max, char *text, size_t len,
                      char np_text[32])
{
    int n = 0;
    snprintf(np_text, 32, "%d", l->np);
    const char *fixed[] = {l->smpirun, "-no-privatize", "-platform", l->platform_xml,
                           "-hostfile", l->hostfile, "-np", np_text, l->papbench};
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
    if (l->per_rank_path) {
        argv[n++] = "--per-rank";
        argv[n++] = (char *)l->per_rank_path;
    }
    if (l->cases_path) {
        argv[n++] = "--cases";
        argv[n++] = (char *)l->cases_path;
    } else {
        int k = case_words(l->single, text, len, argv + n, max - n - 1);
        if (k < 0)
            return -1;
        n += k;
    }
    argv[n] = NULL;
    return n;
}

void papsim_launch_print(const papsim_launch *l, FILE *out)
{
    char *argv[160], text[16384], np_text[32];
    int n = build_argv(l, argv, 160, text, sizeof text, np_text);
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%s", i ? " " : "", argv[i]);
    fputc('\n', out);
}

pid_t papsim_launch_start(const papsim_launch *l, int *out_fd, const char *err_path,
                          papsim_err *e)
{
    char *argv[160], text[16384], np_text[32];
    int fds[2];
    if (build_argv(l, argv, 160, text, sizeof text, np_text) < 0)
        return papsim_fail(e, "cannot build the smpirun command");
    if (pipe(fds) != 0)
        return papsim_fail(e, "pipe: %s", strerror(errno));
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return papsim_fail(e, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        if (err_path) {
            int fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd >= 0) {
                dup2(fd, STDERR_FILENO);
                close(fd);
            }
        }
        setpgid(0, 0); /* one group per batch, so an interrupt can stop it whole */
        execvp(argv[0], argv);
        fprintf(stderr, "papsim: cannot start '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    *out_fd = fds[0];
    return pid;
}

int papsim_log_reports_deadlock(const char *log_path)
{
    char line[4096];
    int found = 0;
    FILE *f = log_path ? fopen(log_path, "r") : NULL;
    if (!f)
        return 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, PAPSIM_SMPI_DEADLOCK_TEXT) != NULL;
    fclose(f);
    return found;
}
