#include "smpi/versions.h"
#include "util/papsim_fs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "smpi/launch.h"

int papsim_run_first_line(char *const argv[], const char *err_path, char *buf, size_t len)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        int fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, STDERR_FILENO);
            close(fd);
        }
        execvp(argv[0], argv);
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    if (len)
        buf[0] = '\0';
    if (f) {
        char line[1024];
        int first = 1;
        while (fgets(line, sizeof line, f)) /* read to the end: no SIGPIPE */
            if (first && line[0] != '\n') {
                size_t k = strcspn(line, "\r\n");
                k = len && k >= len ? len - 1 : k;
                if (len) {
                    memcpy(buf, line, k);
                    buf[k] = '\0';
                }
                first = 0;
            }
        fclose(f);
    } else {
        close(fds[0]);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int papsim_simgrid_version(char *buf, size_t len, papsim_err *e)
{
    char dir[4096], err_path[4200], line[256] = "";
    papsim_launch l = {0};
    papsim_case c;
    int rc = -1;

    if (papsim_make_temp_dir("papsim-version", dir, sizeof dir, e) != 0)
        return -1;
    snprintf(err_path, sizeof err_path, "%s/smpirun.log", dir);
    papsim_case_defaults(&c);
    c.np = 1;
    char hostfile[4400] = "";
    if (papsim_launch_prepare(&l, &c, "default", dir, e) == 0) {
        snprintf(hostfile, sizeof hostfile, "%s/%s", l.workdir, l.hostfile_name);
        char *argv[] = {l.smpirun_path, "-no-privatize", "-platform", l.platform_xml,
                        "-hostfile", hostfile, "-np", "1", l.papbench_path,
                        "--log=root.thres:critical", "--library-version", NULL};
        int status = papsim_run_first_line(argv, err_path, line, sizeof line);
        if (status == 0 && !strncmp(line, "SimGrid ", 8) && line[8])
            rc = snprintf(buf, len, "%s", line + 8) < (int)len ? 0 : -1;
        else
            papsim_fail(e, "'%s ... %s --library-version' exited with %d and printed '%s'",
                        l.smpirun_path, l.papbench_path, status, line);
    }
    unlink(l.platform_xml);
    if (hostfile[0])
        unlink(hostfile);
    unlink(err_path);
    rmdir(dir);
    return rc;
}

void papsim_simgrid_version_or_why(char *buf, size_t len)
{
    papsim_err why = {{0}};
    char version[256];
    if (papsim_simgrid_version(version, sizeof version, &why) == 0)
        snprintf(buf, len, "%s", version);
    else
        snprintf(buf, len, "unknown: %.280s", why.msg);
}
