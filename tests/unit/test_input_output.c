/* Unit tests for lib/util/papsim_input.c and papsim_output.c: the exact
 * limits (a line of exactly the limit passes, one byte more does not, with
 * and without its newline; the same for the file's size), the messages,
 * the whole-file and line-by-line reads agreeing; an output refused over
 * its input and over an existing file, replaced with REPLACE, nothing left
 * behind when a write is abandoned. Files go to a private temporary
 * directory. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkdtemp */
#endif
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "util/papsim_input.h"
#include "util/papsim_output.h"

static char dir[64];

static const char *put(const char *name, const char *text)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return path;
}

/* Both reads of path under lim: 0 when both accept it, -1 when both refuse
 * it (e gets the whole read's message), 1 when they disagree. */
static int read_both(const char *path, const papsim_input_limits *lim, papsim_err *e)
{
    char *text = NULL, *line;
    size_t len = 0, n;
    papsim_err e2 = {{0}};
    int whole = papsim_input_read(path, lim, &text, &len, e), got = -1;
    papsim_input in;
    if (papsim_input_open(&in, path, lim, &e2) == 0) {
        while ((got = papsim_input_getline(&in, &line, &n, &e2)) == 1)
            continue;
        papsim_input_close(&in);
    }
    free(text);
    return (whole == 0) != (got == 0) ? 1 : whole;
}

static void test_limits(check_counts *c)
{
    const papsim_input_limits lim = {"test file", 12, 4};
    papsim_err e = {{0}};
    CHECK(c, read_both(put("a", "abc\nabc\nabc\n"), &lim, &e) == 0, "lines of 4: %s", e.msg);
    CHECK(c, read_both(put("b", "abc\nabcd\n"), &lim, &e) == -1, "a line of 5");
    CHECK(c, strstr(e.msg, "/b:2: a line longer than 4 bytes, the limit of a test file") != NULL,
          "msg: %s", e.msg);
    CHECK(c, read_both(put("c", "abc\nabcd"), &lim, &e) == 0, "last line of 4, no newline: %s",
          e.msg);
    CHECK(c, read_both(put("d", "abc\nabcde"), &lim, &e) == -1, "last line of 5, no newline");
    CHECK(c, read_both(put("e", "ab\nab\nab\nab\n"), &lim, &e) == 0, "12 bytes: %s", e.msg);
    CHECK(c, read_both(put("f", "ab\nab\nab\nab\na"), &lim, &e) == -1, "13 bytes");
    CHECK(c, strstr(e.msg, "test file '") && strstr(e.msg, "/f': larger than 12 bytes, the "
                                                          "limit of a test file"),
          "msg: %s", e.msg);
    CHECK(c, read_both(put("g", ""), &lim, &e) == 0, "empty: %s", e.msg);
    CHECK(c, read_both(dir, &lim, &e) == -1, "a directory");
    CHECK(c, strstr(e.msg, "': not a regular file (a directory)") != NULL, "msg: %s", e.msg);
    CHECK(c, read_both("/dev/null", &lim, &e) == -1, "a device");
    CHECK_STR(c, e.msg, "test file '/dev/null': not a regular file (a character device)");
    char size[32];
    papsim_input_size_text(16 * PAPSIM_MIB, size, sizeof size);
    CHECK_STR(c, size, "16 MiB");
    papsim_input_size_text(PAPSIM_GIB + 1, size, sizeof size);
    CHECK_STR(c, size, "1073741825 bytes");
}

static void test_output(check_counts *c)
{
    papsim_err e = {{0}};
    papsim_output o;
    char in[128], out[128], link_path[128];
    snprintf(in, sizeof in, "%s", put("in.csv", "data\n"));
    snprintf(out, sizeof out, "%s/out.txt", dir);
    snprintf(link_path, sizeof link_path, "%s/link.txt", dir);
    const char *const inputs[] = {in};
    CHECK(c, papsim_output_check(out, "--out", inputs, 1, PAPSIM_OUTPUT_NEW, &e) == 0,
          "a new file: %s", e.msg);
    CHECK(c, papsim_output_check(in, "--out", inputs, 1, PAPSIM_OUTPUT_REPLACE, &e) == -1,
          "the input itself");
    CHECK(c, symlink(in, link_path) == 0, "symlink");
    CHECK(c, papsim_output_check(link_path, NULL, inputs, 1, PAPSIM_OUTPUT_REPLACE, &e) == -1,
          "a link to the input");
    CHECK(c, strstr(e.msg, "link.txt' is the input '") != NULL, "msg: %s", e.msg);
    /* written, then refused as existing, then replaced */
    CHECK(c, papsim_output_open(&o, out, PAPSIM_OUTPUT_NEW, &e) == 0, "open: %s", e.msg);
    fputs("one\n", o.f);
    CHECK(c, papsim_output_commit(&o, 0, &e) == 0, "commit: %s", e.msg);
    CHECK(c, papsim_output_check(out, "-o", inputs, 1, PAPSIM_OUTPUT_NEW, &e) == -1, "exists");
    CHECK(c, strstr(e.msg, "-o: '") && strstr(e.msg, "out.txt' exists (give --force to replace "
                                                    "it)"),
          "msg: %s", e.msg);
    CHECK(c, papsim_output_open(&o, out, PAPSIM_OUTPUT_NEW, &e) == 0, "open again");
    CHECK(c, papsim_output_commit(&o, 0, &e) == -1, "linked over an existing file");
    CHECK(c, papsim_output_open(&o, out, PAPSIM_OUTPUT_REPLACE, &e) == 0, "open replace");
    fputs("two\n", o.f);
    CHECK(c, papsim_output_commit(&o, 0, &e) == 0, "replace: %s", e.msg);
    char *text = NULL;
    size_t len = 0;
    const papsim_input_limits lim = {NULL, 100, 100};
    CHECK(c, papsim_input_read(out, &lim, &text, &len, &e) == 0 && !strcmp(text, "two\n"),
          "replaced content");
    free(text);
    /* a failed writer and an abandoned write leave the old file and no
     * temporary one */
    CHECK(c, papsim_output_open(&o, out, PAPSIM_OUTPUT_REPLACE, &e) == 0, "open");
    fputs("three\n", o.f);
    CHECK(c, papsim_output_commit(&o, 1, &e) == -1, "a writer's failure");
    CHECK(c, papsim_output_open(&o, out, PAPSIM_OUTPUT_REPLACE, &e) == 0, "open");
    papsim_output_abort(&o);
    CHECK(c, papsim_input_read(out, &lim, &text, &len, &e) == 0 && !strcmp(text, "two\n"),
          "old content kept");
    free(text);
    char tmp[160];
    snprintf(tmp, sizeof tmp, "%s.tmp", out);
    CHECK(c, access(tmp, F_OK) != 0, "no temporary file left");
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    check_counts c = {0, 0};
    snprintf(dir, sizeof dir, "/tmp/papsim_test_io_XXXXXX");
    if (!mkdtemp(dir))
        return 2;
    test_limits(&c);
    test_output(&c);
    const char *names[] = {"a", "b", "c", "d", "e", "f", "g", "in.csv", "out.txt", "link.txt"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
    return CHECK_SUMMARY(&c);
}
