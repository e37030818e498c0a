/* The paptrace reader and analyses (lib/hardware/trace.h) on hand-made
 * traces: exact per-rank mean delays and skew statistics (times chosen as
 * binary fractions, so every sum is exact), the calls of one collective,
 * sub-communicators and rank subsets, and errors that name file and line
 * for a truncated trace, another version and malformed records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "hardware/trace.h"

static char path[64];

static void write_file(const char *text)
{
    FILE *f = fopen(path, "w");
    if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
}

#define HEADER(n)                                                            \
    "paptrace 1\nworld_size 3\ntraced_ranks all\ncollectives all\n"          \
    "every 1\nclock smpi\nclock_error_s 0\ndropped 0\nrecords " #n "\n"      \
    "# comm seq collective comm_size bytes rank arrival_s exit_s\n"

/* Three alltoall calls and one allreduce on the world, one allreduce on a
 * two-rank communicator. Records deliberately out of order. Delays per
 * alltoall call (rank 0, 1, 2): (0, 0.5, 1), (0.25, 0, 0.75), (1, 0.5, 0). */
static const char good[] = HEADER(14)
    "0.0 0 alltoall 3 1024 0 10 12\n"
    "0.0 0 alltoall 3 1024 1 10.5 12\n"
    "0.0 0 alltoall 3 1024 2 11 12\n"
    "0.0 2 alltoall 3 1024 2 20.75 22\n"
    "0.0 2 alltoall 3 1024 1 20 22\n"
    "0.0 2 alltoall 3 1024 0 20.25 22\n"
    "0.0 1 allreduce 3 8 0 15 16\n"
    "0.0 1 allreduce 3 8 1 15 16\n"
    "0.0 1 allreduce 3 8 2 15.125 16\n"
    "0.0 3 alltoall 3 1024 0 31 32\n"
    "0.0 3 alltoall 3 1024 1 30.5 32\n"
    "0.0 3 alltoall 3 1024 2 30 32\n"
    "0.1 0 allreduce 2 4 0 40 41\n"
    "0.1 0 allreduce 2 4 2 40.5 41\n"
    "end 14\n";

static void test_mean_delays(check_counts *c)
{
    papsim_trace t;
    papsim_trace_call *calls;
    size_t n;
    papsim_err e;
    double d[3];
    long cnt[3];
    write_file(good);
    CHECK(c, papsim_trace_read(path, &t, &e) == 0, "%s", e.msg);
    CHECK(c, t.world_size == 3 && t.n == 14, "world %d n %zu", t.world_size, t.n);
    CHECK_STR(c, t.clock, "smpi");

    CHECK(c, papsim_trace_calls(&t, path, "alltoall", &calls, &n, &e) == 0, "%s", e.msg);
    CHECK(c, n == 3, "alltoall calls %zu", n);
    papsim_trace_mean_delays(&t, calls, n, d, cnt);
    /* (0+0.25+1)/3, (0.5+0+0.5)/3, (1+0.75+0)/3 */
    CHECK(c, d[0] == 1.25 / 3 && d[1] == 1.0 / 3 && d[2] == 1.75 / 3,
          "delays %.17g %.17g %.17g", d[0], d[1], d[2]);
    CHECK(c, cnt[0] == 3 && cnt[1] == 3 && cnt[2] == 3, "counts");
    CHECK(c, calls[0].last_rank == 2 && calls[1].last_rank == 2 &&
          calls[2].last_rank == 0, "last ranks %d %d %d", calls[0].last_rank,
          calls[1].last_rank, calls[2].last_rank);

    papsim_trace_skew_stats s;
    CHECK(c, papsim_trace_skew_stats_of(calls, n, &s, &e) == 0, "%s", e.msg);
    CHECK(c, s.calls == 3 && s.min == 0.75 && s.median == 1 && s.p90 == 1 &&
          s.max == 1, "stats %g %g %g %g", s.min, s.median, s.p90, s.max);
    free(calls);

    /* Every collective: rank 1 is not in the 2-rank call, so its mean is
     * over 4 calls; ranks 0 and 2 over 5. Call order: comm, then seq. */
    CHECK(c, papsim_trace_calls(&t, path, NULL, &calls, &n, &e) == 0, "%s", e.msg);
    CHECK(c, n == 5, "calls %zu", n);
    papsim_trace_mean_delays(&t, calls, n, d, cnt);
    CHECK(c, cnt[0] == 5 && cnt[1] == 4 && cnt[2] == 5, "counts %ld %ld %ld",
          cnt[0], cnt[1], cnt[2]);
    CHECK(c, d[0] == 1.25 / 5 && d[1] == 1.0 / 4 && d[2] == 2.375 / 5,
          "delays %.17g %.17g %.17g", d[0], d[1], d[2]);
    CHECK(c, papsim_trace_skew_stats_of(calls, n, &s, &e) == 0, "%s", e.msg);
    /* skews 1, 0.125, 0.75, 1, 0.5 -> sorted 0.125 0.5 0.75 1 1; p90 = 5th */
    CHECK(c, s.min == 0.125 && s.median == 0.75 && s.p90 == 1 && s.max == 1,
          "stats %g %g %g %g", s.min, s.median, s.p90, s.max);
    CHECK(c, calls[1].skew == 0.125 && calls[4].skew == 0.5, "order");
    free(calls);
    papsim_trace_free(&t);
}

/* read must fail with a message containing want. */
static void expect_error(check_counts *c, const char *text, const char *want)
{
    papsim_trace t;
    papsim_err e = {{0}};
    write_file(text);
    int rc = papsim_trace_read(path, &t, &e);
    if (rc == 0) {
        papsim_trace_call *calls = NULL;
        size_t n;
        rc = papsim_trace_calls(&t, path, NULL, &calls, &n, &e);
        free(calls);
        papsim_trace_free(&t);
    }
    CHECK(c, rc != 0 && strstr(e.msg, want) != NULL, "want '%s' in '%s'", want,
          e.msg);
}

static void test_errors(check_counts *c)
{
    char want[160], cut[sizeof good];
    /* Cut after the 9th record (line 19 of the file). */
    const char *p = good;
    for (int line = 0; line < 19; line++)
        p = strchr(p, '\n') + 1;
    memcpy(cut, good, (size_t)(p - good));
    cut[p - good] = '\0';
    snprintf(want, sizeof want, "%s:19: truncated: the trace ends after 9 of "
             "14 records", path);
    expect_error(c, cut, want);
    snprintf(want, sizeof want, "%s:1: paptrace format version 2 is not "
             "supported (this papsim reads version 1)", path);
    expect_error(c, "paptrace 2\nworld_size 3\n", want);
    snprintf(want, sizeof want, "%s:1: not a paptrace trace", path);
    expect_error(c, "rank,delay\n0,1\n", want);
    snprintf(want, sizeof want, "%s:2: truncated: the header ends", path);
    expect_error(c, "paptrace 1\nworld_size 3\n", want);
    snprintf(want, sizeof want, "%s:11: rank 3 is outside the world of 3", path);
    expect_error(c, HEADER(1) "0.0 0 barrier 3 0 3 1 2\nend 1\n", want);
    snprintf(want, sizeof want, "%s:11: exit time before arrival", path);
    expect_error(c, HEADER(1) "0.0 0 barrier 3 0 1 2 1\nend 1\n", want);
    snprintf(want, sizeof want, "%s:11: expected 'comm seq collective", path);
    expect_error(c, HEADER(1) "0.0 0 barrier 3 0 1 2\nend 1\n", want);
    snprintf(want, sizeof want, "%s:12: rank 1 appears twice in call 0.0 seq 0",
             path);
    expect_error(c, HEADER(2) "0.0 0 barrier 3 0 1 1 2\n0.0 0 barrier 3 0 1 1 2\n"
                 "end 2\n", want);
    snprintf(want, sizeof want, "%s:12: call 0.0 seq 0 is bcast of 3 ranks here "
             "but barrier", path);
    expect_error(c, HEADER(2) "0.0 0 barrier 3 0 0 1 2\n0.0 0 bcast 3 0 1 1 2\n"
                 "end 2\n", want);
    snprintf(want, sizeof want, "%s:12: truncated or corrupt: 1 records read, "
             "header says 1, end line says 2", path);
    expect_error(c, HEADER(1) "0.0 0 barrier 3 0 0 1 2\nend 2\n", want);
    snprintf(want, sizeof want, "%s:3: unknown header key 'colour'", path);
    expect_error(c, "paptrace 1\nworld_size 3\ncolour red\n", want);
    expect_error(c, "", "empty file");
}

int main(void)
{
    check_counts c = {0, 0};
    strcpy(path, "/tmp/papsim-test-trace-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0) {
        perror("mkstemp");
        return 1;
    }
    close(fd);
    test_mean_delays(&c);
    test_errors(&c);
    unlink(path);
    return CHECK_SUMMARY(&c);
}
