/* Unit tests for lib/sweep/sweep_failed.c, DIR/failed.csv: the row a
 * failed attempt appends, the checking reader (header, values, whole rows,
 * a missing file), the lookup of a case's last cause and the count by
 * cause that papsim run prints. Each file is written to a temporary
 * directory; a refused one must give the exact message. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkdtemp */
#endif
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "sweep/sweep_failed.h"

#define HEADER                                                                               \
    "case_id,collective,algorithm,platform,np,mapping,bytes,pattern,skew,cause,exit_status,"  \
    "log,date\n"
#define ROW_DEADLOCK                                                                         \
    "53946d307eb6bd52,bcast,builtin:mvapich2_inter_node,default,4,sequential,64,no_delay,0,"  \
    "deadlock,0,work/batch-1/smpirun.log,2026-11-27T22:54:10Z\n"
#define ROW_KILLED                                                                           \
    "00000000000000aa,alltoall,builtin:basic_linear,default,1024,sequential,32768,no_delay,"  \
    "0,killed by SIGKILL,137,work/batch-0/smpirun.log,2026-11-28T01:02:03Z\n"
#define ROW_KILLED_AGAIN                                                                     \
    "00000000000000aa,alltoall,builtin:basic_linear,default,1024,sequential,32768,no_delay,"  \
    "0,exit status 1,1,work/batch-2/smpirun.log,2026-11-28T02:02:03Z\n"
#define SUFFIX                                                                               \
    " (papsim run's record of failed cases: correct it, or move it away to start a new one)"

typedef struct {
    char dir[64];
    char path[128];
} scratch;

static int write_file(const scratch *s, const char *text)
{
    FILE *f = fopen(s->path, "w");
    if (!f)
        return -1;
    size_t put = fwrite(text, 1, strlen(text), f);
    return fclose(f) != 0 || put != strlen(text) ? -1 : 0;
}

/* Loads text through sweep_failed_load; the message, if any, is in e with
 * the directory cut off ("failed.csv:2: ..."). */
static int load(const scratch *s, const char *text, sweep_failed_index *x, papsim_err *e)
{
    if (write_file(s, text) != 0)
        return -2;
    int rc = sweep_failed_load(s->path, x, e);
    size_t n = strlen(s->dir) + 1;
    if (rc != 0 && strncmp(e->msg, s->path, n) == 0)
        memmove(e->msg, e->msg + n, strlen(e->msg + n) + 1);
    return rc;
}

static void expect_refused(check_counts *c, const scratch *s, const char *what, const char *text,
                           const char *want)
{
    sweep_failed_index x;
    papsim_err e = {{0}};
    char full[1024];
    CHECK(c, load(s, text, &x, &e) == -1, "%s: accepted", what);
    if (want) { /* NULL: csv.c's message, whatever it is, then the hint */
        snprintf(full, sizeof full, "%s%s", want, SUFFIX);
        CHECK_STR(c, e.msg, full);
    } else {
        size_t n = strlen(e.msg), k = strlen(SUFFIX);
        CHECK(c, n > k && !strcmp(e.msg + n - k, SUFFIX), "%s: got '%s'", what, e.msg);
    }
    CHECK(c, x.t.nrows == 0 && x.by_id == NULL, "%s: index not emptied", what);
}

static void test_row(check_counts *c)
{
    papsim_case pc;
    memset(&pc, 0, sizeof pc);
    snprintf(pc.collective, sizeof pc.collective, "bcast");
    snprintf(pc.algorithm, sizeof pc.algorithm, "builtin:mvapich2_inter_node");
    snprintf(pc.platform, sizeof pc.platform, "default");
    snprintf(pc.mapping, sizeof pc.mapping, "sequential");
    snprintf(pc.pattern, sizeof pc.pattern, "no_delay");
    snprintf(pc.skew, sizeof pc.skew, "0");
    pc.np = 4;
    pc.bytes = 64;
    sweep_failure f = {"deadlock", 0, "work/batch-1/smpirun.log"};
    char row[1024];
    /* 2026-11-27T22:54:10Z */
    CHECK(c, sweep_failed_format_row(&pc, "53946d307eb6bd52", &f, (time_t)1795820050, row,
                                     sizeof row) == 0, "format_row failed");
    CHECK_STR(c, row, ROW_DEADLOCK);
    CHECK(c, sweep_failed_format_row(&pc, "53946d307eb6bd52", &f, 0, row, 40) == -1,
          "a row too long for the buffer was accepted");
    sweep_failure comma = {"exit status 1", 1, "a,b/smpirun.log"};
    CHECK(c, sweep_failed_format_row(&pc, "53946d307eb6bd52", &comma, 0, row, sizeof row) == -1,
          "a field with a comma was accepted");
}

static void test_append(check_counts *c, const scratch *s)
{
    papsim_case pc;
    memset(&pc, 0, sizeof pc);
    snprintf(pc.collective, sizeof pc.collective, "bcast");
    snprintf(pc.algorithm, sizeof pc.algorithm, "binomial");
    snprintf(pc.pattern, sizeof pc.pattern, "no_delay");
    pc.np = 2;
    sweep_failure f = {"signal 6", 134, "work/batch-0/smpirun.log"};
    papsim_err e = {{0}};
    unlink(s->path);
    CHECK(c, sweep_failed_append(s->dir, &pc, "0123456789abcdef", &f, 0, &e) == 0, "%s", e.msg);
    CHECK(c, sweep_failed_append(s->dir, &pc, "0123456789abcdef", &f, 60, &e) == 0, "%s", e.msg);
    sweep_failed_index x;
    CHECK(c, sweep_failed_load(s->path, &x, &e) == 0, "%s", e.msg);
    CHECK(c, x.t.nrows == 2, "%zu rows after two appends, want 2 (one header)", x.t.nrows);
    const char *cause = sweep_failed_cause(&x, "0123456789abcdef");
    CHECK_STR(c, cause ? cause : "(none)", "signal 6");
    if (x.t.nrows == 2)
        CHECK_STR(c, x.t.rows[1][12], "1970-01-01T00:01:00Z");
    sweep_failed_free(&x);
}

static void test_load(check_counts *c, const scratch *s)
{
    sweep_failed_index x;
    papsim_err e = {{0}};
    unlink(s->path);
    CHECK(c, sweep_failed_load(s->path, &x, &e) == 0, "a missing file: %s", e.msg);
    CHECK(c, x.t.nrows == 0 && !sweep_failed_cause(&x, "53946d307eb6bd52"),
          "a missing file is not empty");
    sweep_failed_free(&x);

    CHECK(c, load(s, HEADER ROW_DEADLOCK ROW_KILLED ROW_KILLED_AGAIN, &x, &e) == 0, "%s", e.msg);
    const char *cause = sweep_failed_cause(&x, "53946d307eb6bd52");
    CHECK_STR(c, cause ? cause : "(none)", "deadlock");
    cause = sweep_failed_cause(&x, "00000000000000aa"); /* the last row counts */
    CHECK_STR(c, cause ? cause : "(none)", "exit status 1");
    CHECK(c, !sweep_failed_cause(&x, "00000000000000ab"), "a case without a row has a cause");
    const char *ids[] = {"53946d307eb6bd52", "00000000000000aa", "1111111111111111",
                         "00000000000000aa"};
    char buf[256];
    CHECK(c, sweep_failed_summarize(&x, ids, 4, buf, sizeof buf) == 3, "summarize count");
    CHECK_STR(c, buf, "1 deadlock, 2 exit status 1");
    CHECK(c, sweep_failed_summarize(&x, ids + 2, 1, buf, sizeof buf) == 0, "none failed");
    CHECK_STR(c, buf, "");
    sweep_failed_free(&x);

    CHECK(c, load(s, "\xEF\xBB\xBF" HEADER, &x, &e) == 0, "header only, BOM: %s", e.msg);
    sweep_failed_free(&x);

    /* Each file refused, and the message (NULL: csv.c's own, then the hint). */
    static const struct {
        const char *what, *text, *want;
    } refused[] = {
        {"wrong header",
         "case_id,collective,algorithm,platform,np,mapping,bytes,pattern,skew,reason,"
         "exit_status,log,date\n" ROW_DEADLOCK,
         "failed.csv:1: column 10 is 'reason', not 'cause': not a papsim failed.csv "
         "header"},
        {"results.csv header", "case_id,rep,status\n",
         "failed.csv:1: column 2 is 'rep', not 'collective': not a papsim failed.csv "
         "header"},
        {"extra column",
         "case_id,collective,algorithm,platform,np,mapping,bytes,pattern,skew,cause,"
         "exit_status,log,date,x\n",
         "failed.csv:1: column 14 is 'x': a failed.csv has 13 columns"},
        {"too few fields",
                   HEADER ROW_DEADLOCK "53946d307eb6bd52,bcast,x,default,4,sequential,64,"
         "no_delay,0,deadlock,0,2026-11-27T22:54:10Z\n",
         "failed.csv:3: 12 fields, the header has 13"},
        {"bad id",
                   HEADER "53946D307EB6BD52,bcast,x,default,4,sequential,64,no_delay,0,deadlock,"
         "0,l,2026-11-27T22:54:10Z\n",
         "failed.csv:2: case_id: '53946D307EB6BD52' is not a case id (16 hex digits)"},
        {"bad np",
                   HEADER "53946d307eb6bd52,bcast,x,default,0,sequential,64,no_delay,0,deadlock,"
         "0,l,2026-11-27T22:54:10Z\n",
         "failed.csv:2: np: '0' is not a positive integer"},
        {"bad bytes",
                   HEADER "53946d307eb6bd52,bcast,x,default,4,sequential,-1,no_delay,0,deadlock,"
         "0,l,2026-11-27T22:54:10Z\n",
         "failed.csv:2: bytes: '-1' is not a non-negative integer"},
        {"empty cause",
                   HEADER "53946d307eb6bd52,bcast,x,default,4,sequential,64,no_delay,0,,"
         "0,l,2026-11-27T22:54:10Z\n",
         "failed.csv:2: cause: empty"},
        {"bad exit status",
                   HEADER "53946d307eb6bd52,bcast,x,default,4,sequential,64,no_delay,0,deadlock,"
         "256,l,2026-11-27T22:54:10Z\n",
         "failed.csv:2: exit_status: '256' is not an exit status (0 to 255)"},
        {"bad date",
                   HEADER "53946d307eb6bd52,bcast,x,default,4,sequential,64,no_delay,0,deadlock,"
         "0,l,2026-11-27 22:54:10\n",
         "failed.csv:2: date: '2026-11-27 22:54:10' is not a UTC date "
         "YYYY-MM-DDTHH:MM:SSZ"},
        {"no final newline",
                   HEADER "53946d307eb6bd52,bcast,x,default,4,sequential,64,no_delay,0,deadlock,"
         "0,l,2026-11-27T22:54:10Z",
         "failed.csv:2: the last row has no newline at its end, so it may have been "
         "cut short (a copy or a write that stopped)"},
        {"control character",
                   HEADER "53946d307eb6bd52,bcast,x,default,4,sequential,64,no_delay,0,"
         "dead\x1b[2Jlock,0,l,2026-11-27T22:54:10Z\n",
         "failed.csv:2: cause: the control character 0x1b"},
        {"quoted field",
                   HEADER "53946d307eb6bd52,bcast,\"x\",default,4,sequential,64,no_delay,0,"
         "deadlock,0,l,2026-11-27T22:54:10Z\n",
                   NULL},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        expect_refused(c, s, refused[i].what, refused[i].text, refused[i].want);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    check_counts c = {0, 0};
    scratch s;
    snprintf(s.dir, sizeof s.dir, "/tmp/papsim_test_failed_XXXXXX");
    if (!mkdtemp(s.dir)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(s.path, sizeof s.path, "%s/%s", s.dir, SWEEP_FAILED_FILE);
    test_row(&c);
    test_append(&c, &s);
    test_load(&c, &s);
    unlink(s.path);
    rmdir(s.dir);
    return CHECK_SUMMARY(&c);
}
