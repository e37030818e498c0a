#include "smpi/versions.h"
#include "util/papsim_fs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smpi/launch.h"
#include "smpi/run_capture.h"

/* Copies the first non-empty line of text into buf (at most len bytes). */
static void first_line(const char *text, char *buf, size_t len)
{
    if (!len)
        return;
    buf[0] = '\0';
    text += strspn(text, "\r\n");
    size_t k = strcspn(text, "\r\n");
    k = k >= len ? len - 1 : k;
    memcpy(buf, text, k);
    buf[k] = '\0';
}

int papsim_run_first_line(char *const argv[], const char *err_path, char *buf, size_t len,
                          papsim_err *e)
{
    char *out = NULL;
    int status;
    if (len)
        buf[0] = '\0';
    if (papsim_run_capture(argv, NULL, err_path, "one run with --library-version", &out, &status, e) != 0)
        return -1;
    first_line(out, buf, len);
    free(out);
    return status;
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
        int status = papsim_run_first_line(argv, err_path, line, sizeof line, e);
        if (status < 0)
            ; /* e names the reason: no start, or the time limit */
        else if (status == 0 && !strncmp(line, "SimGrid ", 8) && line[8])
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
