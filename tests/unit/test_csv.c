/* Unit tests for lib/util/csv.c: the table reader and the shared
 * results.csv column list. Tables are written to temporary files. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkstemp */
#endif
#include <stdlib.h>
#include <unistd.h>

#include "cases/case.h"
#include "check.h"
#include "util/csv.h"

/* Writes len bytes of text to a fresh temporary file; path receives its name. */
static int write_temp(const char *text, size_t len, char *path, size_t pathlen)
{
    snprintf(path, pathlen, "/tmp/papsim_test_csv_XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return -1;
    }
    size_t put = fwrite(text, 1, len, f);
    return (fclose(f) == 0 && put == len) ? 0 : -1;
}

/* Loads text as a table; returns the load status, the message in e. */
static int load_text(const char *text, size_t len, papsim_table *t, papsim_err *e, char *path,
                     size_t pathlen)
{
    if (write_temp(text, len, path, pathlen) != 0) {
        papsim_fail(e, "cannot write a temporary file");
        return -2;
    }
    int rc = papsim_table_load(path, t, e);
    unlink(path);
    return rc;
}

static void test_results_columns(check_counts *c)
{
    char joined[1024] = "";
    CHECK(c, papsim_results_ncolumns == 25, "ncolumns %d", papsim_results_ncolumns);
    CHECK_STR(c, papsim_results_columns[0], "case_id");
    CHECK_STR(c, papsim_results_columns[papsim_results_ncolumns - 1], "status");
    for (int i = 0; i < papsim_results_ncolumns; i++) {
        if (i)
            strcat(joined, ",");
        strcat(joined, papsim_results_columns[i]);
    }
    CHECK_STR(c, papsim_results_header(), joined);
    CHECK_STR(c, papsim_results_header(),
              "case_id,collective,algorithm,platform,np,mapping,ranks_per_node,pattern,skew,"
              "skew_s,seed,bytes,distribution,datatype,op,root,gamma,params,rep,total_delay_s,"
              "last_delay_s,mean_elapsed_s,max_elapsed_s,deterministic,status");
    CHECK_STR(c, papsim_results_header_of_format(PAPSIM_RESULTS_FORMAT), papsim_results_header());
    CHECK_STR(c, papsim_results_header_of_format(2),
              "case_id,collective,algorithm,platform,np,mapping,ranks_per_node,pattern,skew,"
              "skew_s,seed,bytes,distribution,datatype,op,root,gamma,params,rep,total_delay_s,"
              "last_delay_s,mean_elapsed_s,max_elapsed_s,status");
    CHECK_STR(c, papsim_results_header_of_format(1),
              "case_id,collective,algorithm,platform,np,mapping,ranks_per_node,pattern,skew,"
              "skew_s,seed,bytes,distribution,datatype,op,root,gamma,rep,total_delay_s,last_delay_s,"
              "mean_elapsed_s,max_elapsed_s,status");
    CHECK(c, papsim_results_header_of_format(0) == NULL, "format 0");
    CHECK(c, papsim_results_header_of_format(4) == NULL, "format 4");
    for (int f = 1; f <= PAPSIM_RESULTS_FORMAT; f++)
        CHECK(c, papsim_results_format_of_header(papsim_results_header_of_format(f)) == f,
              "format %d", f);
    CHECK(c, papsim_results_format_of_header("case_id,status") == 0, "not a header");
}

/* The row of c as papsim_case_write_row writes it, without the newline. */
static void row_of(const papsim_case *pc, char *buf, size_t len)
{
    FILE *f = fmemopen(buf, len, "w");
    papsim_metrics m = {1.5, 0.25, 0.5, 0.75};
    papsim_case_write_row(pc, 2, &m, 1, "ok", f);
    fclose(f);
    buf[strcspn(buf, "\n")] = '\0';
}

/* Field n (0-based) of a row, into out. */
static void field_of(const char *row, int n, char *out, size_t len)
{
    for (; n > 0 && row; n--)
        row = strchr(row, ',') ? strchr(row, ',') + 1 : NULL;
    snprintf(out, len, "%.*s", row ? (int)strcspn(row, ",") : 0, row ? row : "");
}

/* params holds the set knobs in key order and nothing else; the case id does
 * not depend on the column; dropping params gives the older row. */
static void test_params_field(check_counts *c)
{
    papsim_case pc;
    char row[2048], field[256], id[17];
    const int params_col = 17;
    CHECK_STR(c, papsim_results_columns[params_col], "params");
    papsim_case_defaults(&pc);
    row_of(&pc, row, sizeof row);
    field_of(row, params_col, field, sizeof field);
    CHECK_STR(c, field, "");
    field_of(row, params_col + 1, field, sizeof field);
    CHECK_STR(c, field, "2");
    papsim_case_id(&pc, id);
    field_of(row, 0, field, sizeof field);
    CHECK_STR(c, field, id);

    snprintf(pc.knowledge, sizeof pc.knowledge, "oracle");
    pc.segments = 16;
    pc.model_alpha = 2.66e-6;
    pc.in_place = 1;
    pc.segment_bytes = 4096;
    row_of(&pc, row, sizeof row);
    field_of(row, params_col, field, sizeof field);
    CHECK_STR(c, field, "in_place=yes;knowledge=oracle;model_alpha=2.66e-06;segment_bytes=4096;"
                        "segments=16");
    papsim_case_id(&pc, id);
    field_of(row, 0, field, sizeof field);
    CHECK_STR(c, field, id);

    papsim_case_defaults(&pc);
    snprintf(pc.knowledge, sizeof pc.knowledge, "estimated");
    pc.edge = 0.25;
    pc.max_requests = 3;
    pc.knomial_radix = 8;
    pc.schedule_timed = 1;
    pc.model_beta = 4.8179e-10;
    snprintf(pc.radix, sizeof pc.radix, "4x4x8");
    row_of(&pc, row, sizeof row);
    field_of(row, params_col, field, sizeof field);
    CHECK_STR(c, field, "edge=0.25;knomial_radix=8;knowledge=estimated;max_requests=3;"
                        "model_beta=4.8179e-10;radix=4x4x8;schedule_timed=yes");

    /* deterministic (0-based 23) says yes, status follows. */
    field_of(row, 23, field, sizeof field);
    CHECK_STR(c, field, "yes");
    field_of(row, 24, field, sizeof field);
    CHECK_STR(c, field, "ok");

    /* Format 2: without deterministic. */
    char old[2048];
    snprintf(old, sizeof old, "%s", row);
    papsim_results_row_to_format(old, 2);
    field_of(old, params_col, field, sizeof field);
    CHECK(c, strncmp(field, "edge=", 5) == 0, "format 2 params: %s", field);
    field_of(old, 22, field, sizeof field);
    CHECK_STR(c, field, "0.75"); /* max_elapsed_s */
    field_of(old, 23, field, sizeof field);
    CHECK_STR(c, field, "ok");
    int commas = 0;
    for (const char *p = old; *p; p++)
        commas += (*p == ',');
    CHECK(c, commas == papsim_results_ncolumns - 2, "format 2 row has %d commas: %s", commas,
          old);

    /* Format 1: without params and deterministic. */
    snprintf(old, sizeof old, "%s", row);
    papsim_results_row_to_format(old, 1);
    field_of(old, params_col, field, sizeof field);
    CHECK_STR(c, field, "2"); /* rep moved up into params' place */
    field_of(old, 16, field, sizeof field);
    CHECK_STR(c, field, "0"); /* gamma */
    field_of(old, 22, field, sizeof field);
    CHECK_STR(c, field, "ok");
    commas = 0;
    for (const char *p = old; *p; p++)
        commas += (*p == ',');
    CHECK(c, commas == papsim_results_ncolumns - 3, "format 1 row has %d commas: %s", commas,
          old);

    /* The current format: unchanged. */
    snprintf(old, sizeof old, "%s", row);
    papsim_results_row_to_format(old, PAPSIM_RESULTS_FORMAT);
    CHECK_STR(c, old, row);

    /* A real run says no. */
    FILE *f = fmemopen(old, sizeof old, "w");
    papsim_metrics m = {1.5, 0.25, 0.5, 0.75};
    papsim_case_write_row(&pc, 0, &m, 0, "ok", f);
    fclose(f);
    field_of(old, 23, field, sizeof field);
    CHECK_STR(c, field, "no");
}

static void test_basic_load(check_counts *c)
{
    static const char text[] = "# comment before the header\n"
                               "a,b,c\r\n"
                               "1,,x y\n"
                               "\n"
                               "# a comment between rows\n"
                               "2,two,\r\n"
                               "3,three,last"; /* no final newline */
    papsim_table t;
    papsim_err e = {{0}};
    char path[64];
    int rc = load_text(text, sizeof text - 1, &t, &e, path, sizeof path);
    CHECK(c, rc == 0, "load failed: %s", e.msg);
    if (rc != 0)
        return;
    CHECK(c, t.ncols == 3, "ncols %d", t.ncols);
    CHECK(c, t.nrows == 3, "nrows %zu", t.nrows);
    CHECK_STR(c, t.names[2], "c");
    CHECK_STR(c, t.rows[0][1], "");
    CHECK_STR(c, t.rows[0][2], "x y");
    CHECK_STR(c, t.rows[1][1], "two");
    CHECK_STR(c, t.rows[1][2], "");
    CHECK_STR(c, t.rows[2][2], "last");
    CHECK(c, t.lines[0] == 3 && t.lines[1] == 6 && t.lines[2] == 7, "lines %ld %ld %ld",
          t.lines[0], t.lines[1], t.lines[2]);
    CHECK(c, papsim_table_column(&t, "b") == 1, "column b");
    CHECK(c, papsim_table_column(&t, "zz") == -1, "absent column");
    const char *want[] = {"c", "a"};
    int idx[2];
    CHECK(c, papsim_table_require(&t, want, 2, idx, &e) == 0 && idx[0] == 2 && idx[1] == 0,
          "require: %s", e.msg);
    const char *missing[] = {"a", "last_delay_s"};
    CHECK(c, papsim_table_require(&t, missing, 2, idx, &e) == -1, "require of an absent column");
    CHECK(c, strstr(e.msg, path) && strstr(e.msg, "missing column 'last_delay_s'"), "msg: %s",
          e.msg);
    papsim_table_free(&t);
    papsim_table_free(&t); /* a freed table is empty and may be freed again */
    CHECK(c, t.nrows == 0 && t.rows == NULL, "freed table not empty");
}

static void test_long_line(check_counts *c)
{
    size_t n = 300000;
    char *text = malloc(n + 64);
    CHECK(c, text != NULL, "malloc");
    if (!text)
        return;
    strcpy(text, "name,value\nlong,");
    size_t len = strlen(text);
    memset(text + len, 'v', n);
    len += n;
    text[len++] = '\n';
    papsim_table t;
    papsim_err e = {{0}};
    char path[64];
    int rc = load_text(text, len, &t, &e, path, sizeof path);
    CHECK(c, rc == 0, "long line: %s", e.msg);
    if (rc == 0) {
        CHECK(c, strlen(t.rows[0][1]) == n, "field length %zu", strlen(t.rows[0][1]));
        papsim_table_free(&t);
    }
    free(text);
}

/* Loads text that must fail and checks that the message contains want
 * (after the temporary file's name). */
static void expect_load_error(check_counts *c, const char *text, size_t len, const char *want)
{
    papsim_table t;
    papsim_err e = {{0}};
    char path[64], full[160];
    int rc = load_text(text, len, &t, &e, path, sizeof path);
    CHECK(c, rc == -1, "loaded although bad: '%s'", text);
    snprintf(full, sizeof full, "%s%s", path, want);
    CHECK(c, strstr(e.msg, full) != NULL, "message '%s' lacks '%s'", e.msg, full);
    CHECK(c, t.nrows == 0 && t.names == NULL, "failed load left data behind");
    papsim_table_free(&t);
}

static void test_errors(check_counts *c)
{
    expect_load_error(c, "a,b,c\n1,2,3\n1,2\n", 16, ":3: 2 fields, the header has 3");
    expect_load_error(c, "a,b\n1,2,3\n", 10, ":2: 3 fields, the header has 2");
    expect_load_error(c, "a,b\n1,\"x\"\n", 10, ":2: field 2 (b) contains a double quote");
    expect_load_error(c, "\"a\",b\n", 6, ":1: field 1 (header) contains a double quote");
    expect_load_error(c, "", 0, ": empty (no header line)");
    expect_load_error(c, "# only a comment\n\n", 18, ": empty (no header line)");
    expect_load_error(c, "a,b,a\n", 6, ":1: header names column 'a' twice");
    expect_load_error(c, "a,,c\n", 5, ":1: header column 2 has an empty name");
    expect_load_error(c, "a,b\n1,\0\n", 8, ":2: contains a NUL byte");

    papsim_table t;
    papsim_err e = {{0}};
    CHECK(c, papsim_table_load("/nonexistent/results.csv", &t, &e) == -1, "missing file");
    CHECK(c, strstr(e.msg, "/nonexistent/results.csv: cannot read") != NULL, "msg: %s", e.msg);
    papsim_table_free(&t);
}

static void test_header_only(check_counts *c)
{
    papsim_table t;
    papsim_err e = {{0}};
    char path[64];
    const char *h = papsim_results_header();
    char text[1024];
    snprintf(text, sizeof text, "%s\n", h);
    int rc = load_text(text, strlen(text), &t, &e, path, sizeof path);
    CHECK(c, rc == 0, "header only: %s", e.msg);
    if (rc == 0) {
        CHECK(c, t.nrows == 0 && t.ncols == papsim_results_ncolumns, "rows %zu cols %d", t.nrows,
              t.ncols);
        CHECK(c, papsim_table_column(&t, "status") == papsim_results_ncolumns - 1, "status col");
        papsim_table_free(&t);
    }
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    check_counts c = {0, 0};
    test_results_columns(&c);
    test_params_field(&c);
    test_basic_load(&c);
    test_long_line(&c);
    test_errors(&c);
    test_header_only(&c);
    return CHECK_SUMMARY(&c);
}
