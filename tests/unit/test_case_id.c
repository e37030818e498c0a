/* Unit tests for case ids (lib/cases/case.c, case_row.c): keyed by the
 * platform's content key when the case has one, by the label before
 * results format 4; a results row rebuilds the case that wrote it, so the
 * id of a row of older results can be recomputed exactly. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkstemp */
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases/case.h"
#include "check.h"
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
    CHECK_STR(c, e.msg, "--platform-key 'FEDCBA987654321' is not 16 hex digits");
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
    return CHECK_SUMMARY(&c);
}
