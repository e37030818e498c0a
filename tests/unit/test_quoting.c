/* Unit tests for the text that carries untrusted names to other programs:
 * gnuplot script strings (gnuplot_text.c: single quotes, a quote doubled,
 * control characters as '?'), gnuplot data-file words, and case lines
 * (case.c writes a value with blanks or quotes single-quoted, case_list.c
 * reads it back whole), plus the labels results.csv cannot hold. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* fmemopen, mkstemp */
#endif
#include <stdlib.h>
#include <unistd.h>

#include "cases/case.h"
#include "cases/case_list.h"
#include "check.h"
#include "util/gnuplot_text.h"

/* What papsim_gp_printf (data 0) or papsim_gp_data_printf (data 1) writes
 * for fmt and one string argument, or for fmt and numbers. */
static const char *gp_string(char *buf, size_t len, int data, const char *fmt, const char *s)
{
    FILE *f = fmemopen(buf, len, "w");
    if (!f)
        return "(fmemopen failed)";
    if (data)
        papsim_gp_data_printf(f, fmt, s);
    else
        papsim_gp_printf(f, fmt, s);
    fclose(f);
    return buf;
}

static void test_gnuplot_strings(check_counts *c)
{
    char buf[512];
    CHECK_STR(c, gp_string(buf, sizeof buf, 0, "title %q\n", "binomial"), "title 'binomial'\n");
    CHECK_STR(c, gp_string(buf, sizeof buf, 0, "title %q", "it's `touch PWNED` $(id) \"q\""),
              "title 'it''s `touch PWNED` $(id) \"q\"'");
    CHECK_STR(c, gp_string(buf, sizeof buf, 0, "%q", "a\nset output 'x'\r\t\x7f"),
              "'a?set output ''x''\?\?\?'");
    CHECK_STR(c, gp_string(buf, sizeof buf, 0, "%q", ""), "''");
    CHECK_STR(c, gp_string(buf, sizeof buf, 0, "%q", NULL), "''");
    CHECK_STR(c, gp_string(buf, sizeof buf, 0, "100%% %q", "x"), "100% 'x'");
    CHECK_STR(c, gp_string(buf, sizeof buf, 1, "# block 0: %q\n", "my alg\nx`y`"),
              "# block 0: my_alg?x`y`\n");

    FILE *f = fmemopen(buf, sizeof buf, "w");
    papsim_gp_printf(f, "%d %zu %lld %u '#%06x' %.4f %g|%-5d|%lu", -3, (size_t)7, 1LL << 40,
                     4000000000u, 0xa6ceu, 0.5, 1e-6, 42, 9UL);
    fclose(f);
    CHECK_STR(c, buf, "-3 7 1099511627776 4000000000 '#00a6ce' 0.5000 1e-06|42   |9");
}

/* Writes c as a case line and reads it back through a cases file. */
static int round_trip(const papsim_case *c, papsim_case *back, char *line, size_t len,
                      papsim_err *e)
{
    char path[] = "/tmp/papsim_test_quoting_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f)
        return papsim_fail(e, "cannot write a temporary file");
    papsim_case_write_args(c, f);
    fclose(f);
    f = fopen(path, "r");
    if (!f || !fgets(line, (int)len, f))
        line[0] = '\0';
    if (f)
        fclose(f);
    papsim_case base;
    papsim_case_list list;
    papsim_case_defaults(&base);
    int rc = papsim_case_list_build(&base, path, &list, e);
    unlink(path);
    if (rc == 0 && list.ncases == 1)
        *back = list.cases[0];
    else if (rc == 0)
        rc = papsim_fail(e, "%d cases read back", list.ncases);
    papsim_case_list_free(&list);
    return rc;
}

static void test_case_lines(check_counts *c)
{
    papsim_case k, back;
    papsim_err e = {{0}};
    char line[16384];
    papsim_case_defaults(&k);
    snprintf(k.platform, sizeof k.platform, "plat dir/it's `x` $(y).xml");
    snprintf(k.pattern, sizeof k.pattern, "file:pat dir/p\tq #1.txt");
    k.np = 4;
    CHECK(c, round_trip(&k, &back, line, sizeof line, &e) == 0, "%s", e.msg);
    CHECK_STR(c, back.platform, k.platform);
    CHECK_STR(c, back.pattern, k.pattern);
    CHECK(c, back.np == 4, "np %d", back.np);
    CHECK(c, strstr(line, " --platform 'plat dir/it''s `x` $(y).xml' --np 4 ") != NULL,
          "line: %s", line);
    CHECK(c, strstr(line, " --collective reduce ") == NULL && strncmp(line, "--collective reduce ", 20) == 0,
          "plain values stay unquoted: %s", line);

    /* The same case read from a hand-written line, and malformed quoting. */
    papsim_case base;
    papsim_case_list list;
    papsim_case_defaults(&base);
    char path[] = "/tmp/papsim_test_quoting_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(c, f != NULL, "temporary file");
    if (!f)
        return;
    fputs("--platform 'a b''c' --np 2\n--pattern 'open\n", f);
    fclose(f);
    CHECK(c, papsim_case_list_build(&base, path, &list, &e) != 0, "an open quote must fail");
    CHECK(c, strstr(e.msg, ":2: a quoted value is not closed") != NULL, "message: %s", e.msg);
    papsim_case_list_free(&list);
    f = fopen(path, "w");
    fputs("--platform 'a b'c --np 2\n", f);
    fclose(f);
    CHECK(c, papsim_case_list_build(&base, path, &list, &e) != 0, "text after a quote must fail");
    CHECK(c, strstr(e.msg, ":1: a quoted value must end its word (found 'c'") != NULL,
          "message: %s", e.msg);
    papsim_case_list_free(&list);
    unlink(path);
}

static void test_labels(check_counts *c)
{
    papsim_err e = {{0}};
    CHECK(c, papsim_case_check_label("--platform", "plat dir/`x` $(y) 'q'.xml", &e) == 0, "%s",
          e.msg);
    CHECK(c, papsim_case_check_label("--platform", "a\nb.xml", &e) != 0, "newline accepted");
    CHECK_STR(c, e.msg, "--platform 'a\\x0ab.xml' holds a newline, which results.csv cannot "
                        "record (one case a line, fields never quoted); rename the file");
    CHECK(c, papsim_case_check_label("--pattern", "file:a,b", &e) != 0, "comma accepted");
    CHECK(c, strstr(e.msg, "holds a comma") != NULL, "%s", e.msg);
    CHECK(c, papsim_case_check_label("--pattern", "file:a\"b", &e) != 0, "quote accepted");
    CHECK(c, strstr(e.msg, "holds a double quote") != NULL, "%s", e.msg);
    CHECK(c, papsim_case_check_label("--pattern", "file:a\x01", &e) != 0, "control accepted");
    CHECK(c, strstr(e.msg, "holds the control character 0x01") != NULL, "%s", e.msg);
    CHECK(c, papsim_case_word_is_plain("hostfile-4-sequential-1"), "plain name");
    CHECK(c, !papsim_case_word_is_plain("a b"), "a blank is not plain");
    CHECK(c, !papsim_case_word_is_plain("p*.xml"), "a wildcard is not plain");
    CHECK(c, !papsim_case_word_is_plain(""), "empty is not plain");
}

int main(void)
{
    check_counts c = {0, 0};
    test_gnuplot_strings(&c);
    test_case_lines(&c);
    test_labels(&c);
    return CHECK_SUMMARY(&c);
}
