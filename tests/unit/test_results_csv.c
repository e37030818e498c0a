/* Unit tests for lib/results/results_csv.c, the checking reader every
 * command that reads results.csv uses: the header, the value rules, one row
 * per (case_id, rep), whole rows, the byte order mark. Each table is written
 * to a temporary file; a refused one must give the exact message. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkstemp */
#endif
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "results/results_csv.h"

/* Two ok rows of the current format (rows 2 and 3 of a file with the header). */
#define ROW_A                                                                                \
    "f6963d922bbbbba2,reduce,binomial,default,8,sequential,0,no_delay,0,0,1,8,uniform,"     \
    "double,sum,0,0,,0,6.1e-06,6.1e-06,1.7e-06,6.1e-06,yes,ok"
#define ROW_B                                                                                \
    "538ee8acee425a16,reduce,linear,default,8,sequential,0,no_delay,0,0,1,8,uniform,"       \
    "double,sum,0,0,,0,1.4e-05,1.4e-05,1.7e-06,1.4e-05,yes,ok"
/* A case that was not run: no times. */
#define ROW_UNSUPPORTED                                                                      \
    "00000000000000aa,reduce,ring,default,8,sequential,0,no_delay,0,0,1,8,uniform,"         \
    "double,sum,0,0,,0,,,,,yes,unsupported"

/* Loads text (len bytes) through papsim_results_load; -2 if it cannot be
 * written. The message, if any, is in e with the temporary path cut off. */
static int load(const char *text, size_t len, papsim_table *t, int *format, papsim_err *e)
{
    char tmp_path[64];
    snprintf(tmp_path, sizeof tmp_path, "/tmp/papsim_test_results_XXXXXX");
    int fd = mkstemp(tmp_path);
    if (fd < 0)
        return -2;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return -2;
    }
    size_t put = fwrite(text, 1, len, f);
    if (fclose(f) != 0 || put != len)
        return -2;
    int rc = papsim_results_load(tmp_path, t, format, e);
    unlink(tmp_path);
    size_t n = strlen(tmp_path);
    if (rc != 0 && strncmp(e->msg, tmp_path, n) == 0)
        memmove(e->msg, e->msg + n, strlen(e->msg + n) + 1);
    return rc;
}

static void expect_ok(check_counts *c, const char *what, const char *text, size_t nrows,
                      int want_format)
{
    papsim_table t;
    papsim_err e = {{0}};
    int format = -1;
    int rc = load(text, strlen(text), &t, &format, &e);
    CHECK(c, rc == 0, "%s: %s", what, e.msg);
    if (rc != 0)
        return;
    CHECK(c, t.nrows == nrows, "%s: %zu rows, want %zu", what, t.nrows, nrows);
    CHECK(c, format == want_format, "%s: format %d, want %d", what, format, want_format);
    papsim_table_free(&t);
}

/* want: the message after the file name, e.g. ":2: np: 'x' is ...". */
static void expect_refused(check_counts *c, const char *what, const char *text, size_t len,
                           const char *want)
{
    papsim_table t;
    papsim_err e = {{0}};
    int rc = load(text, len, &t, NULL, &e);
    CHECK(c, rc == -1, "%s: accepted", what);
    CHECK(c, strcmp(e.msg, want) == 0, "%s: got '%s' want '%s'", what, e.msg, want);
    CHECK(c, t.nrows == 0 && t.text == NULL, "%s: table not emptied", what);
}

/* The header of the current format, then the rows given, one per line. */
static void table(char *buf, size_t len, const char *rows)
{
    snprintf(buf, len, "%s\n%s", papsim_results_header(), rows);
}

/* ROW_A with field n (1-based) replaced by value. */
static void row_with(char *buf, size_t len, int n, const char *value)
{
    char row[] = ROW_A;
    char *p = row, *start = row;
    for (int field = 1; field < n; field++)
        start = strchr(start, ',') + 1;
    p = strchr(start, ',');
    snprintf(buf, len, "%.*s%s%s\n", (int)(start - row), row, value, p ? p : "");
}

static void test_good_tables(check_counts *c)
{
    char text[4096], h[1024];
    table(text, sizeof text, ROW_A "\n" ROW_B "\n" ROW_UNSUPPORTED "\n");
    expect_ok(c, "the current format", text, 3, PAPSIM_RESULTS_FORMAT);
    table(text, sizeof text, "");
    expect_ok(c, "a header only", text, 0, PAPSIM_RESULTS_FORMAT);
    for (int f = 1; f < PAPSIM_RESULTS_FORMAT; f++) {
        char row[] = ROW_A;
        papsim_results_row_to_format(row, f);
        snprintf(text, sizeof text, "%s\n%s\n", papsim_results_header_of_format(f), row);
        expect_ok(c, "an older format", text, 1, f);
    }
    /* A hand-made table with some of the columns, comments, CRLF. */
    expect_ok(c, "fewer columns",
              "# made by hand\r\ncase_id,rep,status,np\r\n00000000000000aa,0,ok,4\r\n", 1, 0);
    /* A UTF-8 byte order mark is skipped: the first column is case_id. */
    snprintf(h, sizeof h, "\xEF\xBB\xBF%s\n%s\n", papsim_results_header(), ROW_A);
    expect_ok(c, "byte order mark", h, 1, PAPSIM_RESULTS_FORMAT);
    /* One case, two repetitions; the largest seed papsim can write. */
    char r1[1024];
    row_with(r1, sizeof r1, 19, "1");
    table(text, sizeof text, ROW_A "\n");
    strcat(text, r1);
    expect_ok(c, "two repetitions", text, 2, PAPSIM_RESULTS_FORMAT);
    row_with(r1, sizeof r1, 11, "18446744073709551615");
    table(text, sizeof text, r1);
    expect_ok(c, "largest seed", text, 1, PAPSIM_RESULTS_FORMAT);
    /* The bounds themselves: the largest skew, the longest time, the last rank as root, an
     * empty skew (a hand-made table). */
    static const struct {
        int field;
        const char *value;
    } bounds[] = {{10, "4096"}, {21, "1e6"}, {16, "7"}, {5, "1048576"}, {9, ""}, {17, "1"}};
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        row_with(r1, sizeof r1, bounds[i].field, bounds[i].value);
        table(text, sizeof text, r1);
        expect_ok(c, bounds[i].value, text, 1, PAPSIM_RESULTS_FORMAT);
    }
    /* A row that is not ok may have times (a missed start) or none. */
    row_with(r1, sizeof r1, 25, "missed_start");
    table(text, sizeof text, r1);
    expect_ok(c, "missed_start with times", text, 1, PAPSIM_RESULTS_FORMAT);
}

/* Field n of ROW_A set to value must be refused with want. */
static void expect_bad_field(check_counts *c, int n, const char *value, const char *want)
{
    char text[4096], row[1024];
    row_with(row, sizeof row, n, value);
    table(text, sizeof text, row);
    expect_refused(c, value, text, strlen(text), want);
}

static void test_values(check_counts *c)
{
    expect_bad_field(c, 5, "abc", ":2: np: 'abc' is not a process count from 1 to 1048576");
    expect_bad_field(c, 5, "0", ":2: np: '0' is not a process count from 1 to 1048576");
    expect_bad_field(c, 5, "-8", ":2: np: '-8' is not a process count from 1 to 1048576");
    expect_bad_field(c, 5, "8.0", ":2: np: '8.0' is not a process count from 1 to 1048576");
    expect_bad_field(c, 5, "99999999999", ":2: np: '99999999999' is not a process count from 1 to 1048576");
    expect_bad_field(c, 7, "-1", ":2: ranks_per_node: '-1' is not a non-negative integer");
    expect_bad_field(c, 11, "18446744073709551616",
                     ":2: seed: '18446744073709551616' is not a non-negative integer");
    expect_bad_field(c, 12, " 8", ":2: bytes: ' 8' is not a non-negative integer");
    expect_bad_field(c, 16, "first", ":2: root: 'first' is not a non-negative integer");
    expect_bad_field(c, 19, "", ":2: rep: '' is not a non-negative integer");
    expect_bad_field(c, 10, "", ":2: skew_s: '' is not a time in seconds");
    expect_bad_field(c, 10, "-1e-6", ":2: skew_s: '-1e-6' is a negative time");
    expect_bad_field(c, 20, "soon", ":2: total_delay_s: 'soon' is not a time in seconds");
    expect_bad_field(c, 21, "-7.6e-05", ":2: last_delay_s: '-7.6e-05' is a negative time");
    expect_bad_field(c, 22, "nan", ":2: mean_elapsed_s: 'nan' is not a finite time");
    expect_bad_field(c, 23, "inf", ":2: max_elapsed_s: 'inf' is not a finite time");
    expect_bad_field(c, 23, "1e-5s", ":2: max_elapsed_s: '1e-5s' is not a time in seconds");
    expect_bad_field(c, 20, "",
                     ":2: total_delay_s: '' is not a time; a row with status ok has every time");
    expect_bad_field(c, 17, "inf", ":2: gamma: 'inf' is not a number from 0 to 1 (seconds per byte)");
    expect_bad_field(c, 17, "-1e-9", ":2: gamma: '-1e-9' is not a number from 0 to 1 (seconds per byte)");
    expect_bad_field(c, 24, "maybe", ":2: deterministic: 'maybe' is neither yes nor no");
    expect_bad_field(c, 25, "OK",
                     ":2: status: 'OK' is not a status papsim writes (ok, unsupported, "
                     "check_failed, missed_start, timeout, baseline_timeout)");
    expect_bad_field(c, 25, "", ":2: status: '' is not a status papsim writes (ok, unsupported, "
                                "check_failed, missed_start, timeout, baseline_timeout)");
    /* Each column against its form and range, whatever the command reads it: a case id
     * as papsim makes them, 16 lowercase hex digits. */
    static const char *const bad_ids[] = {"", "zzzz", "F6963D922BBBBBA2", "f6963d922bbbbba2a"};
    for (size_t i = 0; i < sizeof bad_ids / sizeof bad_ids[0]; i++) {
        char want[200];
        snprintf(want, sizeof want, ":2: case_id: '%s' is not a case id (16 hex digits, 0-9 and "
                                    "a-f, as papsim writes it)",
                 bad_ids[i]);
        expect_bad_field(c, 1, bad_ids[i], want);
    }
    expect_bad_field(c, 2, "reduse", ":2: collective: 'reduse' is not a collective papsim knows "
                                     "(allgather, allgatherv, reduce, allreduce, alltoall, bcast, "
                                     "barrier, reduce_scatter, reduce_scatter_block, alltoallv, "
                                     "scan, exscan, gather, scatter, gatherv, scatterv)");
    expect_bad_field(c, 5, "1048577", ":2: np: '1048577' is not a process count from 1 to 1048576");
    expect_bad_field(c, 16, "8", ":2: root: 8 is not a rank of np 8 (0 to 7)");
    expect_bad_field(c, 9, "3parsec", ":2: skew: skew '3parsec' has an unknown unit 'parsec' "
                                      "(use ns, us, ms or s)");
    expect_bad_field(c, 10, "4097", ":2: skew_s: '4097' is more than 4096 s, the largest skew "
                                    "papsim simulates");
    expect_bad_field(c, 21, "1e308", ":2: last_delay_s: '1e308' is more than 1e+06 s, longer than "
                                     "any collective call (results_csv.h)");
    expect_bad_field(c, 22, "1000000.5", ":2: mean_elapsed_s: '1000000.5' is more than 1e+06 s, "
                                         "longer than any collective call (results_csv.h)");
    expect_bad_field(c, 3, "bin\x1b[2Jomial", ":2: algorithm: the control character 0x1b");
    expect_bad_field(c, 4, "plat\tform", ":2: platform: the control character 0x09");
    expect_bad_field(c, 3, "", ":2: algorithm: empty");
    expect_bad_field(c, 8, "", ":2: pattern: empty");
}

static void test_rows(check_counts *c)
{
    char text[4096], row[1024];
    /* A second row of one (case_id, rep), whatever its status; "00" is rep 0. */
    table(text, sizeof text, ROW_A "\n" ROW_B "\n" ROW_B "\n");
    expect_refused(c, "identical rows", text, strlen(text),
                   ":4: second row for case_id 538ee8acee425a16 rep 0 (first at line 3); a "
                   "results table has one row per case and repetition");
    row_with(row, sizeof row, 19, "00");
    snprintf(text, sizeof text, "%s\n# a comment\n%s\n\n%s", papsim_results_header(), ROW_A,
             row);
    expect_refused(c, "rep 00", text, strlen(text),
                   ":5: second row for case_id f6963d922bbbbba2 rep 00 (first at line 3); a "
                   "results table has one row per case and repetition");
    /* Half rows: a field short, a field too many, no newline at the end. */
    table(text, sizeof text, ROW_A "\n" ROW_B "\n");
    text[strlen(text) - 4] = '\0'; /* ",ok\n" -> the row ends after "yes" */
    strcat(text, "\n");
    expect_refused(c, "a field short", text, strlen(text), ":3: 24 fields, the header has 25");
    table(text, sizeof text, ROW_A ",x\n");
    expect_refused(c, "a field too many", text, strlen(text), ":2: 26 fields, the header has 25");
    table(text, sizeof text, ROW_A "\n" ROW_B);
    expect_refused(c, "no final newline", text, strlen(text),
                   ":3: the last row has no newline at its end, so it may have been cut "
                   "short; copy the file again (or let papsim run --out DIR resume: it drops "
                   "such a row)");
    /* A header without its newline is no half row. */
    expect_ok(c, "header without newline", papsim_results_header(), 0, PAPSIM_RESULTS_FORMAT);
}

static void test_header(check_counts *c)
{
    const char *nostatus = "case_id,rep,np\nx,0,4\n";
    expect_refused(c, "no status", nostatus, strlen(nostatus),
                   ":1: missing column 'status'; every results table needs case_id, rep and "
                   "status");
    const char *norep = "# comment\ncase_id,status\nx,ok\n";
    expect_refused(c, "no rep", norep, strlen(norep),
                   ":2: missing column 'rep'; every results table needs case_id, rep and status");
    const char *unknown = "case_id,rep,status,procs\nx,0,ok,4\n";
    expect_refused(c, "unknown column", unknown, strlen(unknown),
                   ":1: column 4 is 'procs', not a results.csv column (misspelt, or not a "
                   "results table?)");
    /* Every column papsim writes has a rule (else the header is refused). */
    char text[4096];
    table(text, sizeof text, ROW_A "\n");
    expect_ok(c, "every column has a rule", text, 1, PAPSIM_RESULTS_FORMAT);
    CHECK_STR(c, papsim_results_statuses(),
              "ok, unsupported, check_failed, missed_start, timeout, baseline_timeout");
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    check_counts c = {0, 0};
    test_good_tables(&c);
    test_values(&c);
    test_rows(&c);
    test_header(&c);
    return CHECK_SUMMARY(&c);
}
