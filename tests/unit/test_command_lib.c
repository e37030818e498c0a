/* Unit tests for the library pieces the commands call (they were written
 * inside drivers/papsim/cmd_*.c before): papsim bench's row counter and
 * outcome (lib/sweep/bench_case.c), papsim schedule's option names and
 * round time (lib/cases/schedule_run.c), papsim calibrate's measurement
 * command (lib/hardware/calibrate_run.c), papsim pattern's skew
 * (lib/cases/pattern_print.c) and papsim merge's refusal of an existing
 * output (lib/sweep/sweep_merge.c). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases/pattern_print.h"
#include "cases/schedule_run.h"
#include "check.h"
#include "hardware/calibrate_run.h"
#include "sweep/bench_case.h"
#include "smpi/launch.h"
#include "smpi/simgrid_compat.h"
#include "sweep/sweep_merge.h"

/* The message of e contains want. */
#define CHECK_MSG(c, e, want) \
    CHECK(c, strstr((e).msg, (want)) != NULL, "message '%s' lacks '%s'", (e).msg, (want))

static void test_row_counter(check_counts *c)
{
    /* A row: 16 hex digits and a comma. Chunks cut anywhere, even inside
     * the id; smpirun's own lines do not count. */
    const char *out = "0123456789abcdef,allreduce,ring\n"
                      "smpirun -np 4 ./papbench\n"
                      "0123456789abcdeg,not,hex\n"
                      "0123456789abcdef no comma\n"
                      "fedcba9876543210,bcast,linear\n"
                      "ABCDEF0123456789,upper,case\n";
    for (size_t cut = 0; cut < strlen(out); cut += 7) {
        papsim_row_counter rc = {{0}, 0, 0};
        papsim_row_counter_feed(&rc, out, cut);
        papsim_row_counter_feed(&rc, out + cut, strlen(out) - cut);
        CHECK(c, rc.rows == 3, "cut at %zu: %d rows, want 3", cut, rc.rows);
    }
    papsim_row_counter rc = {{0}, 0, 0};
    papsim_row_counter_feed(&rc, "0123456789abcdef,x", 18); /* no newline yet */
    CHECK(c, rc.rows == 0, "an unfinished line is no row yet: %d", rc.rows);
}

static void test_bench_outcome(check_counts *c, const char *dir)
{
    papsim_err e = {{0}};
    char log[4200], nolog[4200];
    snprintf(nolog, sizeof nolog, "%s/no-such.log", dir);
    snprintf(log, sizeof log, "%s/smpirun.log", dir);
    CHECK(c, papsim_bench_outcome(0, 2, 2, nolog, &e) == 0, "all rows: ok");
    CHECK(c, papsim_bench_outcome(3, 2, 2, nolog, &e) == 3, "smpirun's status");
    CHECK_STR(c, e.msg, "failed: smpirun exited with status 3");
    CHECK(c, papsim_bench_outcome(0, 1, 2, nolog, &e) == PAPSIM_EXIT_FAILED, "a missing row");
    CHECK_STR(c, e.msg, "failed: the simulation ended with 1 of 2 result rows");
    FILE *f = fopen(log, "w");
    CHECK(c, f != NULL, "cannot write %s", log);
    if (!f)
        return;
    fprintf(f, "[0.000000] [smpi/INFO] started\n[1.5] " PAPSIM_SMPI_DEADLOCK_TEXT "\n");
    fclose(f);
    /* A deadlock is exit 1 whatever smpirun's status (4.1 exits 139). */
    CHECK(c, papsim_bench_outcome(139, 0, 2, log, &e) == PAPSIM_EXIT_FAILED, "deadlock");
    CHECK_MSG(c, e, "failed: deadlock: ");
    CHECK_MSG(c, e, "(0 of 2 result rows)");
    CHECK(c, papsim_bench_outcome(0, 2, 2, log, &e) == 0, "every row in: no deadlock");
    /* SMPI's abort when a shared buffer's block cannot be mapped (the
     * message of smpi_shared.cpp, 3.32 and 4.1): the cause and the remedy. */
    f = fopen(log, "w");
    CHECK(c, f != NULL, "cannot write %s", log);
    if (!f)
        return;
    fprintf(f, "[node-23:738:(739) 1024.486167] smpi_shared.cpp:238: [root/CRITICAL] "
               PAPSIM_SMPI_MAP_TEXT " (Cannot allocate memory). Do you perhaps need to "
               "increase the size of the mapped file\nAborted\n");
    fclose(f);
    CHECK(c, papsim_failure_cause(log, 134) == PAPSIM_LOG_MAPPINGS, "mappings: the cause");
    CHECK(c, papsim_failure_cause(log, 134) != PAPSIM_LOG_DEADLOCK, "mappings: no deadlock");
    CHECK(c, papsim_bench_outcome(134, 0, 1, log, &e) == PAPSIM_EXIT_FAILED, "mappings");
    CHECK_MSG(c, e, "failed: out of memory mappings (0 of 1 result rows): ");
    CHECK_MSG(c, e, "(vm.max_map_count is ");
    CHECK_MSG(c, e, "sysctl -w vm.max_map_count=262144");
    CHECK(c, papsim_failure_cause(nolog, 1) == PAPSIM_LOG_UNKNOWN, "no log: unknown");
    /* A simulator killed with SIGKILL (the OOM killer): smpirun's shell
     * exits 137; the message says what most often did it and what to do. */
    CHECK(c, papsim_bench_outcome(137, 0, 1, nolog, &e) == 137, "SIGKILL: smpirun's status");
    CHECK_MSG(c, e, "failed: smpirun exited with status 137: the simulator was killed with "
                    "SIGKILL, most often by the kernel's out-of-memory killer");
    CHECK_MSG(c, e, "--jobs 1");
    CHECK(c, papsim_failure_cause(nolog, 137) == PAPSIM_LOG_KILLED, "exit code 137 is SIGKILL");
    CHECK(c, papsim_failure_cause(nolog, 128 + SIGKILL) == PAPSIM_LOG_KILLED, "the signal itself");
    CHECK(c, papsim_failure_cause(nolog, 134) == PAPSIM_LOG_UNKNOWN, "an abort is not");
    CHECK(c, papsim_failure_cause(nolog, 128 + SIGTERM) == PAPSIM_LOG_UNKNOWN, "SIGTERM is not");
    unlink(log);
}

static void test_schedule_options(check_counts *c)
{
    papsim_clv_options o = {0};
    papsim_err e = {{0}};
    int print = PAPSIM_CLV_PRINT_ROUNDS;
    double d = 0;
    CHECK(c, papsim_clv_ready_parse(NULL, &o, &e) == 0 && o.ready == PAPSIM_CLV_READY_LT,
          "NULL keeps lt");
    CHECK(c, papsim_clv_ready_parse("le", &o, &e) == 0 && o.ready == PAPSIM_CLV_READY_LE, "le");
    CHECK(c, papsim_clv_ready_parse("lte", &o, &e) == -1, "lte refused");
    CHECK_STR(c, e.msg, "ready 'lte' is not known (valid: lt, le)");
    CHECK(c, papsim_clv_peers_parse("availability", &o, &e) == 0 &&
                 o.peers == PAPSIM_CLV_PEERS_AVAILABILITY, "availability");
    CHECK(c, papsim_clv_peers_parse("root", &o, &e) == -1, "root refused");
    CHECK_STR(c, e.msg, "peers 'root' is not known (valid: root-first, availability)");
    CHECK(c, papsim_clv_print_parse("ranks", &print, &e) == 0 &&
                 print == PAPSIM_CLV_PRINT_RANKS, "ranks");
    CHECK(c, papsim_clv_print_parse("summary", &print, &e) == 0 &&
                 print == PAPSIM_CLV_PRINT_SUMMARY, "summary");
    CHECK(c, papsim_clv_print_parse("all", &print, &e) == -1, "all refused");
    CHECK_STR(c, e.msg, "print 'all' is not known (valid: rounds, table, ranks, summary)");

    CHECK(c, papsim_clv_round_time_read(NULL, NULL, NULL, NULL, NULL, 4, &d, &e) == 0 && d == 1,
          "default d = 1: %g", d);
    CHECK(c, papsim_clv_round_time_read("2ms", NULL, NULL, NULL, NULL, 4, &d, &e) == 0 &&
                 d == 2e-3, "2ms: %g", d);
    CHECK(c, papsim_clv_round_time_read("0", NULL, NULL, NULL, NULL, 4, &d, &e) == -1, "0");
    CHECK_STR(c, e.msg, "round time '0' must be > 0");
    CHECK(c, papsim_clv_round_time_read("soon", NULL, NULL, NULL, NULL, 4, &d, &e) == -1, "soon");
    CHECK(c, strncmp(e.msg, "round time: ", 12) == 0, "prefixed: '%s'", e.msg);
    /* d = alpha + (M/N)(beta + gamma) = 1e-6 + (1024/4)(1e-9 + 1e-9) */
    CHECK(c, papsim_clv_round_time_read(NULL, "1us", "1e-9", "1e-9", "1KiB", 4, &d, &e) == 0,
          "model: %s", e.msg);
    CHECK_NEAR(c, d, 1e-6 + 256 * 2e-9, 1e-18);
    CHECK(c, papsim_clv_round_time_read("1", "1us", "1e-9", "1e-9", "1KiB", 4, &d, &e) == -1,
          "both");
    CHECK_MSG(c, e, "exclude each other");
    CHECK(c, papsim_clv_round_time_read(NULL, "1us", "1e-9", "1e-9", NULL, 4, &d, &e) == -1,
          "no bytes");
    CHECK_MSG(c, e, "needs all of --alpha, --beta, --gamma and --bytes");
    CHECK(c, papsim_clv_round_time_read(NULL, "0", "0", "0", "8", 4, &d, &e) == -1, "d = 0");
    CHECK_MSG(c, e, "= 0 must be > 0");
}

static void test_calibrate_argv(check_counts *c)
{
    papsim_calib_launch l = {.np = 4, .hostfile = "hosts", .iters = "10",
                             .mpiexec = "mpiexec", .papbench_mpi = "/x/papbench-mpi",
                             .nextra = 1, .extra = {"--oversubscribe"}};
    const char *argv[PAPSIM_CALIB_MAX_MPIEXEC_ARGS + 16];
    char np[32], joined[512] = "";
    int n = papsim_calib_measure_argv(&l, np, argv);
    for (int i = 0; i < n; i++)
        snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s", i ? " " : "",
                 argv[i]);
    CHECK(c, n == 10 && argv[n] == NULL, "%d words", n);
    CHECK_STR(c, joined, "mpiexec -np 4 --hostfile hosts --oversubscribe /x/papbench-mpi "
                         "--calibrate --iters 10");
    l.hostfile = NULL;
    l.iters = NULL;
    l.max_bytes = "1MiB";
    l.nextra = 0;
    n = papsim_calib_measure_argv(&l, np, argv);
    joined[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s", i ? " " : "",
                 argv[i]);
    CHECK_STR(c, joined, "mpiexec -np 4 /x/papbench-mpi --calibrate --max-bytes 1MiB");
}

static void test_pattern_skew(check_counts *c)
{
    papsim_err e = {{0}};
    double s = -1;
    CHECK(c, papsim_pattern_absolute_skew("100us", 0, &s, &e) == 0 && s == 1e-4, "100us: %g", s);
    CHECK(c, papsim_pattern_absolute_skew("1.5x", 0, &s, &e) == -1, "relative refused");
    CHECK_MSG(c, e, "skew '1.5x' is relative");
    CHECK(c, papsim_pattern_absolute_skew(NULL, 0, &s, &e) == -1, "missing");
    CHECK_STR(c, e.msg, "--skew is required (e.g. --skew 100us)");
    CHECK(c, papsim_pattern_absolute_skew(NULL, 1, &s, &e) == 0 && s == 0, "as recorded");
    CHECK(c, papsim_pattern_absolute_skew("1ms", 1, &s, &e) == -1, "as recorded with a skew");
    CHECK_MSG(c, e, "--skew and --as-recorded exclude each other");
}

static void test_merge_refuses(check_counts *c, const char *dir)
{
    papsim_err e = {{0}};
    sweep_merge_stats st;
    char path[4200], *shards[1];
    char shard[4200];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    FILE *f = fopen(path, "w");
    CHECK(c, f != NULL, "cannot write %s", path);
    if (f)
        fclose(f);
    snprintf(shard, sizeof shard, "%s/shard1", dir);
    shards[0] = shard;
    CHECK(c, sweep_merge(dir, shards, 1, 0, &st, &e) == -1, "existing output refused");
    CHECK_MSG(c, e, "/results.csv exists; remove it or choose another OUT");
    unlink(path);
    /* A shard without its results.csv: named, and nothing written. */
    CHECK(c, sweep_merge(dir, shards, 1, 0, &st, &e) == -1, "missing shard results");
    CHECK_MSG(c, e, "shard1/results.csv");
    CHECK(c, access(path, F_OK) != 0, "nothing written to %s", path);
}

int main(void)
{
    check_counts c = {0, 0};
    char dir[] = "/tmp/papsim-unit-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    test_row_counter(&c);
    test_bench_outcome(&c, dir);
    test_schedule_options(&c);
    test_calibrate_argv(&c);
    test_pattern_skew(&c);
    test_merge_refuses(&c, dir);
    rmdir(dir);
    return CHECK_SUMMARY(&c);
}
