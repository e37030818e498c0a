/* Unit tests for case ids (lib/cases/case.c, case_row.c): keyed by the
 * platform's content key when the case has one, by the label before
 * results format 4; a file pattern's content key enters only when set; a
 * results row rebuilds the case that wrote it, so the id of a row of
 * older results can be recomputed exactly. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkstemp */
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases/case.h"
#include "check.h"
#include "platform/platform.h"
#include "util/csv.h"

/* The case of tests/cli/data/old_ids: reduce/binomial on "crossbar.xml",
 * np 4, 8 B, no delay. papsim 0.1.0 (commit 1d4f59c) gave it the id
 * 35993e0d9db3937f; the label id must stay that exactly. */
static void old_case(papsim_case *pc)
{
    papsim_case_defaults(pc);
    pc->np = 4;
    snprintf(pc->platform, sizeof pc->platform, "crossbar.xml");
}

static void test_ids(check_counts *c)
{
    papsim_case a, b;
    char ida[17], idb[17];
    old_case(&a);
    papsim_case_label_id(&a, ida);
    CHECK_STR(c, ida, "35993e0d9db3937f");
    papsim_case_id(&a, idb); /* no key: the label, as before */
    CHECK_STR(c, idb, "35993e0d9db3937f");

    /* Two spellings of one platform: two label ids, one content-keyed id. */
    old_case(&b);
    snprintf(b.platform, sizeof b.platform, "deeper/crossbar.xml");
    papsim_case_label_id(&b, idb);
    CHECK(c, strcmp(ida, idb) != 0, "labels give one id: %s", ida);
    snprintf(a.platform_key, sizeof a.platform_key, "0123456789abcdef");
    snprintf(b.platform_key, sizeof b.platform_key, "0123456789abcdef");
    papsim_case_id(&a, ida);
    papsim_case_id(&b, idb);
    CHECK_STR(c, ida, idb);
    CHECK(c, strcmp(ida, "35993e0d9db3937f") != 0, "the keyed id is the label id");
    papsim_case_label_id(&a, idb); /* the label id ignores the key */
    CHECK_STR(c, idb, "35993e0d9db3937f");
    /* Another content, another id. */
    snprintf(b.platform_key, sizeof b.platform_key, "0123456789abcdee");
    papsim_case_id(&b, idb);
    CHECK(c, strcmp(ida, idb) != 0, "two keys give one id: %s", ida);

    /* The key travels on the case line and is checked. */
    char *argv[] = {"--platform-key", "fedcba9876543210"};
    papsim_err e;
    CHECK(c, papsim_case_parse_args(2, argv, &b, NULL, NULL, &e) == 0, "key: %s", e.msg);
    CHECK_STR(c, b.platform_key, "fedcba9876543210");
    char *bad[] = {"--platform-key", "FEDCBA987654321"};
    CHECK(c, papsim_case_parse_args(2, bad, &b, NULL, NULL, &e) != 0, "a bad key passed");
    CHECK_STR(c, e.msg, "--platform-key 'FEDCBA987654321' is not a content key (16 hex "
                        "digits, 0-9 and a-f, as papsim writes it)");
}

/* The case of rows 2 and 7 of tests/golden/costs.csv (allgather/ring on
 * the default platform, np 4, 4 ranks per node, 8 B, gamma 1e-10). */
static void golden_case(papsim_case *pc, const char *pattern, const char *skew, double skew_s)
{
    papsim_platform platform;
    papsim_err e;
    papsim_case_defaults(pc);
    snprintf(pc->collective, sizeof pc->collective, "allgather");
    snprintf(pc->algorithm, sizeof pc->algorithm, "ring");
    snprintf(pc->platform, sizeof pc->platform, "../../platforms/default.xml");
    pc->np = 4;
    pc->ranks_per_node = 4;
    pc->gamma = 1e-10;
    snprintf(pc->pattern, sizeof pc->pattern, "%s", pattern);
    snprintf(pc->skew, sizeof pc->skew, "%s", skew);
    pc->skew_s = skew_s;
    if (papsim_platform_load("default", &platform, &e) == 0) /* a copy of default.xml */
        memcpy(pc->platform_key, platform.key, sizeof pc->platform_key);
    papsim_platform_free(&platform);
}

/* A file pattern's content key enters the id, only when set; every other
 * case keeps the id it had before pattern keys. */
static void test_pattern_key(check_counts *c)
{
    papsim_case a, b;
    char ida[17], idb[17];
    papsim_err e;
    /* Ids recorded before pattern keys (tests/golden/costs.csv, written on
     * main at commit 2d6c242): a non-file case keeps its id. */
    golden_case(&a, "no_delay", "0", 0);
    papsim_case_id(&a, ida);
    CHECK_STR(c, ida, "ce5cac1c4bb7eb1d");
    golden_case(&a, "ascending", "50us", 5.0000000000000002e-05);
    papsim_case_id(&a, ida);
    CHECK_STR(c, ida, "2e15ccbbb5c602ed");

    /* A file pattern: the key changes the id, another key another id. */
    golden_case(&a, "file:p.txt", "50us", 5.0000000000000002e-05);
    golden_case(&b, "file:p.txt", "50us", 5.0000000000000002e-05);
    papsim_case_id(&a, ida);
    snprintf(b.pattern_key, sizeof b.pattern_key, "0123456789abcdef");
    papsim_case_id(&b, idb);
    CHECK(c, strcmp(ida, idb) != 0, "the pattern key left the id as it was: %s", ida);
    papsim_case_label_id(&b, idb);
    papsim_case_label_id(&a, ida);
    CHECK_STR(c, idb, ida); /* the label id ignores it */
    papsim_case_id(&b, ida);
    snprintf(b.pattern_key, sizeof b.pattern_key, "0123456789abcdee");
    papsim_case_id(&b, idb);
    CHECK(c, strcmp(ida, idb) != 0, "two pattern keys give one id: %s", ida);

    /* On the case line after --pattern, and only when set. */
    char line[8192];
    FILE *f = fmemopen(line, sizeof line, "w");
    papsim_case_write_args(&b, f);
    fclose(f);
    CHECK(c, strstr(line, " --pattern file:p.txt --pattern-key 0123456789abcdee ") != NULL,
          "case line: %s", line);
    golden_case(&a, "ascending", "50us", 5.0000000000000002e-05);
    f = fmemopen(line, sizeof line, "w");
    papsim_case_write_args(&a, f);
    fclose(f);
    CHECK(c, strstr(line, "--pattern-key") == NULL, "a key on a shape's line: %s", line);

    /* Parsed as untrusted input: exactly 16 lowercase hex digits. */
    char *good[] = {"--pattern", "file:p.txt", "--pattern-key", "fedcba9876543210"};
    CHECK(c, papsim_case_parse_args(4, good, &a, NULL, NULL, &e) == 0, "key: %s", e.msg);
    CHECK_STR(c, a.pattern_key, "fedcba9876543210");
    CHECK(c, papsim_case_validate(&a, &e) == 0, "a keyed file pattern: %s", e.msg);
    const char *bad[] = {"FEDCBA9876543210", "fedcba987654321", "fedcba98765432100",
                         "fedcba987654321g", "", " fedcba987654321", "fedcba9876543210\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char want[128], *argv[] = {"--pattern-key", (char *)bad[i]};
        snprintf(want, sizeof want, "--pattern-key '%s' is not a content key (16 hex digits, "
                 "0-9 and a-f, as papsim writes it)", bad[i]);
        CHECK(c, papsim_case_parse_args(2, argv, &a, NULL, NULL, &e) != 0, "'%s' passed", bad[i]);
        CHECK_STR(c, e.msg, want);
    }
    CHECK_STR(c, a.pattern_key, "fedcba9876543210"); /* a refused key changes nothing */
    char *shape[] = {"--pattern", "ascending"};
    papsim_case_parse_args(2, shape, &a, NULL, NULL, &e);
    CHECK(c, papsim_case_validate(&a, &e) != 0, "a key on a shape passed");
    CHECK_STR(c, e.msg, "--pattern-key fedcba9876543210 applies to file:PATH patterns only "
                        "(pattern is ascending)");
}

/* Writes header + the row of pc (rep 1) to a file, loads it, rebuilds the
 * case and returns its label id in id ("" if it did not rebuild). */
static void round_trip(check_counts *c, const papsim_case *pc, int format, char id[17])
{
    char path[64] = "/tmp/papsim_test_case_id_XXXXXX", row[4096];
    papsim_metrics m = {1.5, 0.25, 0.5, 0.75};
    papsim_table t;
    papsim_err e;
    papsim_case back;
    FILE *f = fmemopen(row, sizeof row, "w");
    papsim_case_write_row(pc, 1, &m, 1, "ok", f);
    fclose(f);
    papsim_results_row_to_format(row, format);
    int fd = mkstemp(path);
    f = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(c, f != NULL, "temporary file");
    if (!f)
        return;
    fprintf(f, "%s\n%s", papsim_results_header_of_format(format), row);
    fclose(f);
    id[0] = '\0';
    CHECK(c, papsim_table_load(path, &t, &e) == 0, "load: %s", e.msg);
    unlink(path);
    if (papsim_case_from_row(&t, 0, &back) == 0)
        papsim_case_label_id(&back, id);
    papsim_table_free(&t);
}

static void test_from_row(check_counts *c)
{
    papsim_case pc;
    char want[17], got[17];
    old_case(&pc);
    for (int format = 1; format <= PAPSIM_RESULTS_FORMAT; format++) {
        round_trip(c, &pc, format, got);
        CHECK_STR(c, got, "35993e0d9db3937f");
    }
    /* Every knob and an odd skew come back exactly. */
    snprintf(pc.collective, sizeof pc.collective, "allgatherv");
    snprintf(pc.algorithm, sizeof pc.algorithm, "ring");
    snprintf(pc.distribution, sizeof pc.distribution, "increasing");
    snprintf(pc.pattern, sizeof pc.pattern, "random");
    snprintf(pc.skew, sizeof pc.skew, "1.5x");
    pc.skew_s = 1.0 / 3.0 * 1e-5;
    pc.seed = 7;
    pc.gamma = 1e-10;
    pc.ranks_per_node = 2;
    snprintf(pc.knowledge, sizeof pc.knowledge, "estimated");
    pc.edge = 0.3;
    pc.in_place = 1;
    pc.segments = 9;
    pc.segment_bytes = 4096;
    pc.model_alpha = 2.66e-6;
    pc.model_beta = 1.0 / 3.0 * 1e-9;
    pc.schedule_timed = 1;
    pc.max_requests = 5;
    pc.knomial_radix = 3;
    snprintf(pc.platform_key, sizeof pc.platform_key, "0123456789abcdef"); /* not in a row */
    papsim_case_label_id(&pc, want);
    round_trip(c, &pc, PAPSIM_RESULTS_FORMAT, got);
    CHECK_STR(c, got, want);
    /* Without params (format 1) the knobs are lost: another id, which is
     * how a row whose knobs cannot be rebuilt is told apart. */
    round_trip(c, &pc, 1, got);
    CHECK(c, strcmp(got, want) != 0, "format 1 rebuilt the knobs: %s", got);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    check_counts c = {0, 0};
    test_ids(&c);
    test_from_row(&c);
    test_pattern_key(&c);
    return CHECK_SUMMARY(&c);
}
