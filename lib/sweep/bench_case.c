/* One case simulated on its own, for papsim bench (bench_case.h). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cases/pattern.h"
#include "papsim_catalog.h"
#include "sweep/bench_case.h"
#include "sweep/sweep_memory.h"
#include "smpi/launch.h"
#include "smpi/locate.h"
#include "smpi/plugins.h"
#include "smpi/smpi_algos.h"
#include "util/csv.h"
#include "util/papsim_fs.h"
#include "util/papsim_output.h"
#include "util/remove_tree.h"
#include "util/units.h"

/* Puts the content key papsim bench computed (key) into the case's field
 * dst, as papsim run does (bench_case.h), unless the user gave another
 * (--OPT): what says whose key it is ("the delays of --pattern P have"). */
static int take_key(char dst[17], const char key[17], const char *opt, const char *what,
                    papsim_err *e)
{
    if (dst[0] && strcmp(dst, key) != 0)
        return papsim_fail(e, "--%s %s: %s key %s; leave --%s out (papsim bench keys the file "
                              "itself)",
                           opt, dst, what, key, opt);
    memcpy(dst, key, 17);
    return 0;
}

/* A file pattern's and a user algorithm's content keys; the files are read
 * here once, which also checks them. */
static int key_files(papsim_case *c, papsim_err *e)
{
    char key[17], what[4300];
    if (papsim_pattern_file_key(c->pattern, c->np, key, e) != 0)
        return papsim_fail_prefix(e, "--pattern: ");
    snprintf(what, sizeof what, "the delays of --pattern %s have", c->pattern);
    if (take_key(c->pattern_key, key, "pattern-key", what, e) != 0)
        return -1;
    if (papsim_plugin_key(c, key, e) != 0)
        return -1;
    snprintf(what, sizeof what, "the file of %s has", c->algorithm);
    return take_key(c->plugin_key, key, "plugin-key", what, e);
}

int papsim_bench_check_case(papsim_case *c, papsim_err *e)
{
    papsim_skew skew;
    if (c->np <= 0)
        return papsim_fail(e, "--np is required (the number of simulated ranks)");
    if (papsim_case_validate(c, e) != 0)
        return -1;
    if (papsim_parse_skew(c->skew, &skew, e) == 0 && skew.kind != PAPSIM_SKEW_ABSOLUTE)
        return papsim_fail(e, "--skew '%s' is relative: papsim run resolves relative skews from "
                              "no-delay runs; papsim bench takes an absolute skew such as 100us",
                           c->skew);
    const papsim_catalog_entry *entry;
    char why[1200];
    if (papsim_algorithm_check(c->collective, c->algorithm, c->np, &entry, why, sizeof why) != 0)
        return papsim_fail(e, "%s", why);
    if (key_files(c, e) != 0)
        return -1;
    if (!strncmp(c->algorithm, "builtin:", 8)) {
        papsim_smpi_algos smpi = {0};
        int rc = papsim_smpi_algo_check(&smpi, c->collective, c->algorithm + 8, e);
        papsim_smpi_algos_free(&smpi);
        if (rc != 0)
            return papsim_fail_prefix(e, "--algorithm: ");
    }
    return papsim_case_check_restrictions(c, entry ? entry->flags : 0, e);
}

void papsim_row_counter_feed(papsim_row_counter *rc, const char *buf, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (buf[i] != '\n') {
            if (rc->len < (int)sizeof rc->head)
                rc->head[rc->len++] = buf[i];
            continue;
        }
        int row = rc->len == (int)sizeof rc->head && rc->head[16] == ',';
        for (int k = 0; row && k < 16; k++)
            row = isxdigit((unsigned char)rc->head[k]) != 0;
        rc->rows += row;
        rc->len = 0;
    }
}

/* Set by SIGINT/SIGTERM: the one piece of process state a signal handler
 * may touch. */
static volatile sig_atomic_t bench_stop_signal;

static void on_stop_signal(int sig) { bench_stop_signal = sig; }

int papsim_bench_relay(pid_t pid, int fd, FILE *out, papsim_row_counter *counter)
{
    char buf[65536];
    ssize_t n;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal; /* no SA_RESTART: read returns EINTR */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    while ((n = read(fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR)) {
        if (bench_stop_signal) {
            kill(-pid, SIGTERM);
            break;
        }
        if (n > 0) {
            fwrite(buf, 1, (size_t)n, out);
            papsim_row_counter_feed(counter, buf, (size_t)n);
        }
    }
    close(fd);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void papsim_copy_file(const char *path, FILE *out)
{
    char buf[65536];
    size_t n;
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, out);
    fclose(f);
}

int papsim_bench_outcome(int smpirun_status, int rows, int reps, const char *log_path,
                         papsim_err *e)
{
    const papsim_log_cause cause =
        rows < reps ? papsim_failure_cause(log_path, smpirun_status) : PAPSIM_LOG_UNKNOWN;
    char advice[512];
    papsim_failure_advice(cause, advice, sizeof advice);
    if (cause == PAPSIM_LOG_DEADLOCK) {
        papsim_fail(e, "failed: deadlock: SimGrid found every unfinished rank waiting for a "
                       "message that is never sent (%d of %d result rows)", rows, reps);
        return PAPSIM_EXIT_FAILED;
    }
    if (cause == PAPSIM_LOG_MAPPINGS) {
        papsim_fail(e, "failed: out of memory mappings (%d of %d result rows): %s", rows, reps,
                    advice);
        return PAPSIM_EXIT_FAILED;
    }
    if (cause == PAPSIM_LOG_KILLED) {
        papsim_fail(e, "failed: smpirun exited with status %d: %s", smpirun_status, advice);
        return smpirun_status;
    }
    if (smpirun_status != 0) {
        papsim_fail(e, "failed: smpirun exited with status %d", smpirun_status);
        return smpirun_status;
    }
    if (rows >= reps)
        return 0;
    papsim_fail(e, "failed: the simulation ended with %d of %d result rows", rows, reps);
    return PAPSIM_EXIT_FAILED;
}

int papsim_bench_run(papsim_case *c, const papsim_bench_request *q, char *workdir,
                     size_t len, FILE *out, papsim_err *e)
{
    papsim_launch l;
    papsim_output per_rank = {0};
    int status = 2;

    workdir[0] = '\0';
    if (papsim_bench_check_case(c, e) != 0)
        return status;
    if (!q->dry_run) { /* the memory forecast: refused before anything runs */
        sweep_memory_need need;
        sweep_memory_need_init(&need, 1);
        sweep_memory_need_add(&need, c);
        if (sweep_memory_check(&need, q->ignore_memory, "papsim bench", e) != 0)
            return status;
    }
    if (q->per_rank) { /* written beside FILE, put in place when the case is done */
        const char *const inputs[] = {c->platform, strncmp(c->pattern, "file:", 5) ? NULL
                                                                                  : c->pattern + 5};
        const int mode = q->force ? PAPSIM_OUTPUT_REPLACE : PAPSIM_OUTPUT_NEW;
        if (papsim_output_check(q->per_rank, "--per-rank", inputs, 2, mode, e) != 0)
            return status;
        if (!q->dry_run && (papsim_mkdir_parents(q->per_rank, e) != 0 ||
                            papsim_output_open(&per_rank, q->per_rank, mode, e) != 0))
            return 1;
    }
    {   /* --cfg=smpi/<collective>:NAME checked like builtin:NAME */
        papsim_smpi_algos smpi = {0};
        const char *builtin[1] = {c->collective};
        int bad = papsim_smpi_cfg_check(&smpi, q->cfg, q->ncfg, builtin,
                                        !strncmp(c->algorithm, "builtin:", 8), e);
        papsim_smpi_algos_free(&smpi);
        if (bad)
            goto done;
    }
    if (papsim_make_temp_dir("papsim-bench", workdir, len, e) != 0) {
        workdir[0] = '\0';
        goto done;
    }
    papsim_locate_named(c->platform, "platforms", ".xml", c->platform, sizeof c->platform);
    if (papsim_launch_prepare(&l, c, c->platform, workdir, e) != 0)
        goto done;
    /* The case id hashes the platform's content (case.h), as papsim run's. */
    memcpy(c->platform_key, l.platform_key, sizeof c->platform_key);
    l.extra_cfg = q->cfg;
    if (papsim_launch_set_case(&l, c, e) != 0 ||
        (q->per_rank && papsim_launch_set_per_rank(&l, per_rank.f ? per_rank.tmp : q->per_rank,
                                                   e) != 0))
        goto done;
    if (q->dry_run) {
        papsim_launch_print(&l, out);
        status = 0;
        goto done;
    }
    /* SimGrid's messages go to a log first: the deadlock line decides the
     * outcome (bench_outcome); the log is copied to stderr afterwards. */
    int fd;
    char log_path[4096 + 16];
    papsim_row_counter counter = {{0}, 0, 0};
    snprintf(log_path, sizeof log_path, "%s/smpirun.log", workdir);
    pid_t pid = papsim_launch_start(&l, &fd, log_path, e);
    if (pid < 0)
        goto done;
    fprintf(out, "%s\n", papsim_results_header());
    fflush(out);
    status = papsim_bench_relay(pid, fd, out, &counter);
    fflush(out);
    papsim_copy_file(log_path, stderr);
    status = papsim_bench_outcome(status, counter.rows, c->reps, log_path, e);
    if (status == 0 && per_rank.f && papsim_output_commit(&per_rank, 0, e) != 0)
        status = 1;
done:
    papsim_output_abort(&per_rank);
    return status;
}

void papsim_bench_clean(const char *workdir, int keep)
{
    if (!workdir[0])
        return;
    if (!keep) {
        if (papsim_remove_tree(workdir) != 0)
            papsim_print_note("papsim bench", "could not remove %s: %s", workdir, strerror(errno));
    } else {
        papsim_print_note("papsim bench", "working directory kept: %s", workdir);
    }
}
