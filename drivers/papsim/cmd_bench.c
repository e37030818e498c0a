/* papsim bench: one case in simulation. Checks the inputs, writes the
 * platform and hostfile, runs smpirun + papbench and prints the CSV rows. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cases/case.h"
#include "commands.h"
#include "util/csv.h"
#include "sweep/launch.h"
#include "util/papsim_fs.h"
#include "sweep/smpi_algos.h"
#include "sweep/locate.h"
#include "papsim_catalog.h"
#include "util/remove_tree.h"
#include "cases/pattern.h"
#include "util/units.h"
#include "util/papsim_error.h"

typedef struct {
    int dry_run, keep, help;
    const char *per_rank;
    const char *cfg[32];
    int ncfg;
} bench_options;

static void bench_usage(FILE *out)
{
    fputs("usage: papsim bench [CASE OPTIONS] [--np N] [--platform FILE|default]\n"
          "                    [--mapping sequential|cyclic] [--ranks-per-node C]\n"
          "                    [--cfg=ITEM:VALUE ...] [--per-rank FILE] [--dry-run] [--keep]\n"
          "Simulates one case with smpirun and prints its results.csv rows (with header).\n"
          "Case options are papbench's (papbench --help): --collective, --algorithm,\n"
          "--bytes, --distribution, --datatype, --op, --root, --in-place, --pattern, --skew (absolute),\n"
          "--seed, --matrix-seed, --reps, --gamma, --segment-bytes, --segments, --max-requests,\n"
          "--knowledge, --model-alpha, --model-beta, --knomial-radix, --radix, --check.\n"
          "  --np N               number of ranks (required)\n"
          "  --platform P         platform XML, or 'default' (the embedded 64-rank cluster),\n"
          "                       or the name of an installed one (fat-tree-256: papsim\n"
          "                       --version shows the data directory)\n"
          "  --mapping M          sequential: fill a node's cores first; cyclic: round-robin\n"
          "  --ranks-per-node C   ranks per node (default: the platform's cores per host)\n"
          "  --cfg=ITEM:VALUE     extra SimGrid option (e.g. --cfg=network/model:CM02)\n"
          "  --per-rank FILE      also write per-rank delay, arrival and exit times\n"
          "  --dry-run            print the smpirun command instead of running it\n"
          "  --keep               keep the working directory (platform, hostfile)\n",
          out);
}

static int parse_bench_extra(char **extra, int n, bench_options *o, papsim_err *e)
{
    for (int i = 0; i < n; i++) {
        const char *a = extra[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            o->help = 1;
        else if (!strcmp(a, "--dry-run"))
            o->dry_run = 1;
        else if (!strcmp(a, "--keep"))
            o->keep = 1;
        else if (!strcmp(a, "--per-rank") && i + 1 < n)
            o->per_rank = extra[++i];
        else if (!strcmp(a, "--per-rank"))
            return papsim_fail(e, "missing value for option '%s' (see papsim bench --help)", a);
        else if ((!strncmp(a, "--cfg=", 6) || !strncmp(a, "--log=", 6)) && o->ncfg < 31)
            o->cfg[o->ncfg++] = a;
        else
            return papsim_fail(e, "unknown option '%s' (see papsim bench --help)", a);
    }
    o->cfg[o->ncfg] = NULL;
    return 0;
}

/* Checks what can be checked before simulating: values, algorithm name and
 * its restrictions. */
static int check_case(const papsim_case *c, papsim_err *e)
{
    papsim_skew skew;
    if (c->np <= 0)
        return papsim_fail(e, "--np is required (the number of simulated ranks)");
    if (papsim_case_validate(c, e) != 0)
        return -1;
    if (papsim_pattern_check_file(c->pattern, c->np, e) != 0)
        return papsim_fail_prefix(e, "--pattern: ");
    if (papsim_parse_skew(c->skew, &skew, e) == 0 && skew.kind != PAPSIM_SKEW_ABSOLUTE)
        return papsim_fail(e, "--skew '%s' is relative: papsim run resolves relative skews from "
                              "no-delay runs; papsim bench takes an absolute skew such as 100us",
                           c->skew);
    const papsim_catalog_entry *entry;
    char why[1200];
    if (papsim_algorithm_check(c->collective, c->algorithm, c->np, &entry, why, sizeof why) != 0)
        return papsim_fail(e, "%s", why);
    if (!strncmp(c->algorithm, "builtin:", 8)) {
        papsim_smpi_algos smpi = {0};
        int rc = papsim_smpi_algo_check(&smpi, c->collective, c->algorithm + 8, e);
        papsim_smpi_algos_free(&smpi);
        if (rc != 0)
            return papsim_fail_prefix(e, "--algorithm: ");
    }
    return papsim_case_check_restrictions(c, entry ? entry->flags : 0, e);
}

/* Set by SIGINT/SIGTERM: the one piece of process state a signal handler
 * may touch. */
static volatile sig_atomic_t bench_stop_signal;

static void on_stop_signal(int sig) { bench_stop_signal = sig; }

/* Counts the results rows in output that arrives in arbitrary chunks: a row
 * starts with a 16-hex-digit case id and a comma (smpirun also prints its
 * command line on stdout when the simulation crashes). */
typedef struct {
    char head[17]; /* the first characters of the current line */
    int len;
    int rows;
} row_counter;

static void count_rows(row_counter *rc, const char *buf, size_t n)
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

/* Copies a file (smpirun's log) to stderr. */
static void replay_log(const char *path)
{
    char buf[65536];
    size_t n;
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, stderr);
    fclose(f);
}

/* The case's outcome once smpirun has ended. A deadlock, which SimGrid
 * reports in its log, is exit 1 whatever smpirun's status (3.32 exits 0
 * after it, 4.1 with 139: simgrid_compat.h); else smpirun's exit status, or
 * 1 if it exited normally without a row for every repetition. Returns the
 * exit status of papsim bench. */
static int bench_outcome(int smpirun_status, int rows, int reps, const char *log_path)
{
    if (rows < reps && papsim_log_reports_deadlock(log_path))
        return papsim_cmd_failed("bench",
                                 "failed: deadlock: SimGrid found every unfinished rank waiting "
                                 "for a message that is never sent (%d of %d result rows)",
                                 rows, reps);
    if (smpirun_status != 0)
        return papsim_cmd_error("bench", smpirun_status,
                                "failed: smpirun exited with status %d", smpirun_status);
    if (rows >= reps)
        return 0;
    return papsim_cmd_failed("bench", "failed: the simulation ended with %d of %d result rows",
                             rows, reps);
}

/* Copies the child's output to stdout, counting its result rows, and
 * returns its exit status. An interrupt (Ctrl-C, or `timeout` sending
 * SIGTERM) stops smpirun's whole process group: the simulator must not
 * outlive papsim bench. */
static int relay_output(pid_t pid, int fd, row_counter *counter)
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
            fwrite(buf, 1, (size_t)n, stdout);
            count_rows(counter, buf, (size_t)n);
        }
    }
    close(fd);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int papsim_cmd_bench(int argc, char **argv)
{
    papsim_case c;
    papsim_err e = {{0}};
    papsim_launch l;
    bench_options o = {0};
    char **extra = calloc((size_t)argc + 1, sizeof(char *));
    char workdir[4096] = "";
    int nextra = 0, status = 2, made_dir = 0;

    papsim_case_defaults(&c);
    if (!extra || papsim_case_parse_args(argc - 1, argv + 1, &c, extra, &nextra, &e) != 0 ||
        parse_bench_extra(extra, nextra, &o, &e) != 0)
        goto fail;
    if (o.help) {
        bench_usage(stdout);
        status = 0;
        goto done;
    }
    if (check_case(&c, &e) != 0)
        goto fail;
    {   /* --cfg=smpi/<collective>:NAME checked like builtin:NAME */
        papsim_smpi_algos smpi = {0};
        const char *builtin[1] = {c.collective};
        int bad = papsim_smpi_cfg_check(&smpi, o.cfg, o.ncfg, builtin,
                                        !strncmp(c.algorithm, "builtin:", 8), &e);
        papsim_smpi_algos_free(&smpi);
        if (bad)
            goto fail;
    }
    if (papsim_make_temp_dir("papsim-bench", workdir, sizeof workdir, &e) != 0)
        goto fail;
    made_dir = 1;
    papsim_locate_named(c.platform, "platforms", ".xml", c.platform, sizeof c.platform);
    if (papsim_launch_prepare(&l, &c, c.platform, workdir, &e) != 0)
        goto fail;
    /* The case id hashes the platform's content (case.h), as papsim run's. */
    memcpy(c.platform_key, l.platform_key, sizeof c.platform_key);
    l.extra_cfg = o.cfg;
    if (papsim_launch_set_case(&l, &c, &e) != 0 ||
        (o.per_rank && papsim_launch_set_per_rank(&l, o.per_rank, &e) != 0))
        goto fail;
    if (o.dry_run) {
        papsim_launch_print(&l, stdout);
        o.keep = 1;
        status = 0;
        goto done;
    }
    /* SimGrid's messages go to a log first: the deadlock line decides the
     * outcome (bench_outcome); the log is copied to stderr afterwards. */
    int fd;
    char log_path[sizeof workdir + 16];
    row_counter counter = {{0}, 0, 0};
    snprintf(log_path, sizeof log_path, "%s/smpirun.log", workdir);
    pid_t pid = papsim_launch_start(&l, &fd, log_path, &e);
    if (pid < 0)
        goto fail;
    printf("%s\n", papsim_results_header());
    fflush(stdout);
    status = relay_output(pid, fd, &counter);
    fflush(stdout);
    replay_log(log_path);
    status = bench_outcome(status, counter.rows, c.reps, log_path);
    goto done;
fail:
    papsim_cmd_error("bench", status, "%s", e.msg);
done:
    if (made_dir && !o.keep) {
        if (papsim_remove_tree(workdir) != 0)
            papsim_print_note("papsim bench", "could not remove %s: %s", workdir, strerror(errno));
    } else if (made_dir) {
        papsim_print_note("papsim bench", "working directory kept: %s", workdir);
    }
    free(extra);
    return status;
}
