/* The measurement run of papsim calibrate and the files it writes
 * (calibrate_run.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hardware/calibrate_run.h"
#include "smpi/locate.h"
#include "smpi/provenance.h"
#include "smpi/versions.h"
#include "util/papsim_fs.h"
#include "util/papsim_output.h"

int papsim_calib_measure_argv(const papsim_calib_launch *l, char np_buf[32], const char **argv)
{
    int n = 0;
    snprintf(np_buf, 32, "%ld", l->np);
    argv[n++] = l->mpiexec;
    argv[n++] = "-np";
    argv[n++] = np_buf;
    if (l->hostfile) {
        argv[n++] = "--hostfile";
        argv[n++] = l->hostfile;
    }
    for (int i = 0; i < l->nextra; i++)
        argv[n++] = l->extra[i];
    argv[n++] = l->papbench_mpi;
    argv[n++] = "--calibrate";
    if (l->iters) {
        argv[n++] = "--iters";
        argv[n++] = l->iters;
    }
    if (l->max_bytes) {
        argv[n++] = "--max-bytes";
        argv[n++] = l->max_bytes;
    }
    argv[n] = NULL;
    return n;
}

int papsim_calib_measure(const papsim_calib_launch *l, const char *csv_path, papsim_err *e)
{
    char np[32];
    const char *argv[PAPSIM_CALIB_MAX_MPIEXEC_ARGS + 16];
    papsim_calib_measure_argv(l, np, argv);
    papsim_output out;
    if (papsim_output_open(&out, csv_path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return PAPSIM_EXIT_BAD_INPUT;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fileno(out.f), STDOUT_FILENO);
        execvp(argv[0], (char *const *)argv);
        papsim_print_error(PAPSIM_EXIT_FAILED, "papsim calibrate", "cannot run '%s': %s",
                           argv[0], strerror(errno));
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        papsim_output_abort(&out);
        papsim_fail(e, "the measurement run '%s -np %s ... %s --calibrate' failed (exit %d)",
                    l->mpiexec, np, l->papbench_mpi,
                    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return PAPSIM_EXIT_FAILED;
    }
    return papsim_output_commit(&out, 0, e) == 0 ? 0 : PAPSIM_EXIT_FAILED;
}

void papsim_calib_record_provenance(const papsim_calib_launch *l, const char *prefix, int argc,
                                    char **argv)
{
    char dir[4096], mpi[512] = "", *words[PAPSIM_CALIB_MAX_MPIEXEC_ARGS + 8];
    papsim_err e = {{0}};
    int n = 0;
    const char *slash = strrchr(prefix, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - prefix) + (slash == prefix) : 1,
             slash ? prefix : ".");
    words[n++] = (char *)l->mpiexec;
    words[n++] = "-np";
    words[n++] = "1";
    if (l->hostfile) {
        words[n++] = "--hostfile";
        words[n++] = (char *)l->hostfile;
    }
    for (int i = 0; i < l->nextra; i++)
        words[n++] = (char *)l->extra[i];
    words[n++] = (char *)l->papbench_mpi;
    words[n++] = "--library-version";
    words[n] = NULL;
    papsim_err why = {{0}};
    if (papsim_run_first_line(words, "/dev/null", mpi, sizeof mpi, &why) != 0 || !mpi[0])
        snprintf(mpi, sizeof mpi, "unknown: '%s -np 1 ... %s --library-version' failed%s%.200s",
                 l->mpiexec, l->papbench_mpi, why.msg[0] ? ": " : "", why.msg);
    char **cmd = calloc((size_t)argc + 2, sizeof *cmd); /* "papsim calibrate ..." */
    if (cmd) {
        cmd[0] = "papsim";
        memcpy(cmd + 1, argv, (size_t)argc * sizeof *cmd);
    }
    papsim_provenance p = {cmd ? argc + 1 : argc, cmd ? cmd : argv, NULL, NULL, 0,
                           "none (a real MPI ran)", mpi, NULL, 0};
    if (papsim_provenance_append(dir, &p, &e) != 0)
        papsim_print_note("papsim calibrate", "warning: no provenance record: %s", e.msg);
    free(cmd);
}

int papsim_calib_write_outputs(const char *prefix, const papsim_calib_result *r, long nodes,
                               long cores, const char *csv_path, const char *stat, FILE *out,
                               papsim_err *e)
{
    char path[4096];
    if (!r->have[PAPSIM_CALIB_INTER])
        papsim_print_note("papsim calibrate", "warning: no rank on another node, so no "
                          "inter-node measurement; the model uses the intra-node figures "
                          "across nodes too");
    papsim_output f;
    snprintf(path, sizeof path, "%s.txt", prefix);
    if (papsim_output_open(&f, path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return -1;
    papsim_calib_write_numbers(f.f, r, csv_path, stat);
    fprintf(f.f, "nodes = %ld\ncores = %ld\n", nodes, cores);
    if (papsim_output_commit(&f, 0, e) != 0)
        return -1;
    papsim_calib_write_numbers(out, r, csv_path, stat);
    fprintf(out, "nodes = %ld\ncores = %ld\nwrote %s\n", nodes, cores, path);
    snprintf(path, sizeof path, "%s.xml", prefix);
    if (papsim_output_open(&f, path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return -1;
    papsim_calib_write_platform(f.f, r, nodes, cores, csv_path);
    if (papsim_output_commit(&f, 0, e) != 0)
        return -1;
    fprintf(out, "wrote %s\n", path);
    return 0;
}

static const char *env_or(const char *name, const char *fallback)
{
    const char *v = getenv(name);
    return v && *v ? v : fallback;
}

int papsim_calibrate_run(papsim_calib_request *q, int argc, char **argv, FILE *out,
                         papsim_err *e)
{
    papsim_calib_result r;
    char csv_path[4096], why[sizeof e->msg];
    int status;
    memset(&r, 0, sizeof r);
    /* The MPI's launcher and driver unless given: Open MPI's, or MPICH's twins
     * (cmake/mpich.cmake); $PAPBENCH_MPI(CH), else beside papsim (locate.h). */
    const char *driver = q->mpich ? "papbench-mpich" : "papbench-mpi";
    char papbench_mpi[4096];
    if (!q->l.mpiexec)
        q->l.mpiexec = q->mpich ? env_or("MPIEXEC_MPICH", "mpiexec.mpich")
                                : env_or("MPIEXEC", "mpiexec");
    if (q->mpich)
        papsim_locate_papbench_mpich(papbench_mpi, sizeof papbench_mpi);
    else
        papsim_locate_papbench_mpi(papbench_mpi, sizeof papbench_mpi);
    q->l.papbench_mpi = q->l.papbench_mpi ? q->l.papbench_mpi : papbench_mpi;
    const char *const inputs[] = {q->from, q->l.hostfile};
    const char *const suffixes[] = {".txt", ".xml", ".csv"};
    for (int i = 0; i < (q->from ? 2 : 3); i++) { /* --from writes no PREFIX.csv */
        char path[4200];
        snprintf(path, sizeof path, "%s%s", q->out, suffixes[i]);
        if (papsim_output_check(path, "--out", inputs, 2,
                                q->force ? PAPSIM_OUTPUT_REPLACE : PAPSIM_OUTPUT_NEW, e) != 0)
            return 2;
    }
    if (papsim_mkdir_parents(q->out, e) != 0) { /* PREFIX.csv, .txt and .xml */
        snprintf(why, sizeof why, "%s", e->msg);
        papsim_fail(e, "--out: %s", why);
        return 2;
    }
    if (q->from) {
        snprintf(csv_path, sizeof csv_path, "%s", q->from);
    } else {
        if ((size_t)snprintf(csv_path, sizeof csv_path, "%s.csv", q->out) >= sizeof csv_path) {
            papsim_fail(e, "--out '%s': path too long", q->out);
            return 2;
        }
        if (access(q->l.papbench_mpi, X_OK) != 0) {
            papsim_fail(e, "%s '%s' not found (build papsim%s, or pass --papbench-mpi)",
                        driver, q->l.papbench_mpi,
                        q->mpich ? " with MPICH installed: cmake -DPAPSIM_MPICH=ON" : "");
            return 2;
        }
        if ((status = papsim_calib_measure(&q->l, csv_path, e)) != 0)
            return status;
        fprintf(out, "wrote %s\n", csv_path);
        papsim_calib_record_provenance(&q->l, q->out, argc, argv);
    }
    const char *stat = q->statistic ? q->statistic : "median_s";
    if (papsim_calib_count_placement(csv_path, &r, e) != 0 ||
        papsim_calib_fit_file(csv_path, stat, &r, e) != 0)
        return 2;
    long nodes = q->nodes ? q->nodes : r.hosts > 0 ? r.hosts : 1;
    long cores = q->cores ? q->cores : r.max_ranks_per_host > 0 ? r.max_ranks_per_host : 1;
    if (papsim_calib_write_outputs(q->out, &r, nodes, cores, csv_path, stat, out, e) != 0)
        return 2;
    return 0;
}
