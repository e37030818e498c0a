/* Unit tests for lib/cases/spec.c: defaults inherited by sections,
 * comments, value lists with their lines, and errors naming file:line. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cases/spec.h"

/* A fresh directory (mkdtemp) per run holds the spec files, so that their
 * names, and the block named after a file, are known. */
typedef struct {
    char dir[4096];
    int count;
} temp_dir;

/* Writes text to "<dir>/<name>" (name NULL: a numbered "specN.ini"). */
static int write_temp(temp_dir *t, const char *name, const char *text,
                      char *path, size_t len)
{
    FILE *f;
    if (name != NULL)
        snprintf(path, len, "%s/%s", t->dir, name);
    else
        snprintf(path, len, "%s/spec%d.ini", t->dir, ++t->count);
    f = fopen(path, "w");
    if (f == NULL)
        return -1;
    fputs(text, f);
    return fclose(f);
}

/* The values of key in b joined by '|', or "(absent)". */
static const char *values(const papsim_spec_block *b, const char *key,
                          char *buf, size_t len)
{
    const papsim_spec_entry *en = papsim_spec_find(b, key);
    size_t used = 0;
    if (en == NULL)
        return "(absent)";
    buf[0] = '\0';
    for (int i = 0; i < en->nvalues && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "|" : "",
                                 en->values[i].text);
    return buf;
}

static void check_sections(check_counts *c, const papsim_spec *s)
{
    char buf[256];
    const papsim_spec_entry *en;
    CHECK_STR(c, s->blocks[0].name, "small");
    CHECK(c, s->blocks[0].line == 7, "small at line %d", s->blocks[0].line);
    CHECK_STR(c, s->blocks[1].name, "large");
    CHECK_STR(c, values(&s->blocks[0], "collective", buf, sizeof buf),
              "reduce");
    CHECK_STR(c, values(&s->blocks[0], "bytes", buf, sizeof buf),
              "8|1KiB|1MiB");
    CHECK_STR(c, values(&s->blocks[0], "np", buf, sizeof buf), "4|8");
    CHECK_STR(c, values(&s->blocks[0], "ranks_per_node", buf, sizeof buf),
              "4");
    CHECK_STR(c, values(&s->blocks[0], "ranks-per-node", buf, sizeof buf),
              "4");
    CHECK_STR(c, values(&s->blocks[0], "patterns", buf, sizeof buf),
              "(absent)");
    CHECK_STR(c, values(&s->blocks[1], "collective", buf, sizeof buf),
              "reduce");
    CHECK_STR(c, values(&s->blocks[1], "bytes", buf, sizeof buf), "4MiB");
    CHECK_STR(c, values(&s->blocks[1], "np", buf, sizeof buf), "64");
    CHECK_STR(c, values(&s->blocks[1], "patterns", buf, sizeof buf),
              "file:pat#1.txt|ascending");
    en = papsim_spec_find(&s->blocks[0], "bytes");
    CHECK(c, en && en->line == 4 && en->values[2].line == 4 &&
          strcmp(en->key, "bytes") == 0, "bytes line");
    en = papsim_spec_find(&s->blocks[1], "bytes");
    CHECK(c, en && en->line == 11, "overridden bytes at line 11");
    en = papsim_spec_find(&s->blocks[1], "ranks_per_node");
    CHECK(c, en && strcmp(en->key, "ranks_per_node") == 0 && en->line == 5,
          "normalised key keeps its line");
    CHECK(c, s->blocks[0].nentries == 4 && s->blocks[1].nentries == 5,
          "entries %d %d", s->blocks[0].nentries, s->blocks[1].nentries);
}

static void test_sections(check_counts *c, temp_dir *t)
{
    const char *text =
        "# a sweep\n"
        "; another comment style\n"
        "collective = reduce\n"
        "bytes = 8, 1KiB ,1MiB\n"
        "ranks-per-node = 4\n"
        "\n"
        "[small]\n"
        "np = 4,8\n"
        "  [ large ]  \n"
        "np = 64\n"
        "bytes = 4MiB\n"
        "patterns = file:pat#1.txt, ascending\n";
    char path[4200];
    papsim_spec s;
    papsim_err e;
    CHECK(c, write_temp(t, NULL, text, path, sizeof path) == 0, "temp file");
    CHECK(c, papsim_spec_load(path, &s, &e) == 0, "load: %s", e.msg);
    CHECK(c, s.nblocks == 2, "2 blocks, got %d", s.nblocks);
    if (s.nblocks == 2) {
        CHECK_STR(c, s.path, path);
        CHECK_STR(c, s.dir, t->dir);
        check_sections(c, &s);
    }
    papsim_spec_free(&s);
    CHECK(c, s.blocks == NULL && s.nblocks == 0, "freed");
    remove(path);
}

static void test_single_block(check_counts *c, temp_dir *t)
{
    char path[4200], buf[256];
    char *text = malloc(4200);
    papsim_spec s;
    papsim_err e;
    CHECK(c, text != NULL, "malloc");
    if (text == NULL)
        return;
    /* A byte-order mark, CRLF, and a 2000-value line of 4000 characters. */
    strcpy(text, "\xEF\xBB\xBF" "collective = allgather\r\nnp = ");
    for (int i = 0; i < 2000; i++)
        strcat(text, i ? ",1" : "1");
    strcat(text, "\n");
    CHECK(c, write_temp(t, "sweep.v2.ini", text, path, sizeof path) == 0,
          "temp file");
    free(text);
    CHECK(c, papsim_spec_load(path, &s, &e) == 0, "load: %s", e.msg);
    CHECK(c, s.nblocks == 1, "one block");
    if (s.nblocks == 1) {
        CHECK_STR(c, s.blocks[0].name, "sweep.v2");
        CHECK(c, s.blocks[0].line == 0, "whole-file block line 0");
        CHECK_STR(c, values(&s.blocks[0], "collective", buf, sizeof buf),
                  "allgather");
        CHECK(c, papsim_spec_find(&s.blocks[0], "np")->nvalues == 2000,
              "2000 values");
    }
    papsim_spec_free(&s);
    remove(path);

    /* Only comments: still one (empty) block. */
    CHECK(c, write_temp(t, "empty.ini", "# nothing\n", path, sizeof path) == 0,
          "temp file");
    CHECK(c, papsim_spec_load(path, &s, &e) == 0 && s.nblocks == 1 &&
          s.blocks[0].nentries == 0, "comments only");
    papsim_spec_free(&s);
    remove(path);
}

/* Loading text must fail with a message containing "<path>:<line>: " +
 * want. The spec must be left empty. */
static void check_load_error(check_counts *c, temp_dir *t, const char *text,
                             int line, const char *want)
{
    char path[4200], full[4600];
    papsim_spec s;
    papsim_err e = {{0}};
    int rc;
    CHECK(c, write_temp(t, NULL, text, path, sizeof path) == 0, "temp file");
    rc = papsim_spec_load(path, &s, &e);
    snprintf(full, sizeof full, "%s:%d: %s", path, line, want);
    CHECK(c, rc == -1 && strstr(e.msg, full) != NULL,
          "rc %d, message '%s' lacks '%s'", rc, e.msg, full);
    CHECK(c, s.blocks == NULL && s.path == NULL, "empty after failure");
    remove(path);
}

static void test_errors(check_counts *c, temp_dir *t)
{
    papsim_spec s;
    papsim_err e;
    check_load_error(c, t, "np = 4\nflavour = vanilla\n", 2,
                     "unknown key 'flavour' (valid keys: collective, "
                     "algorithms, bytes, np, platforms, mappings, "
                     "ranks_per_node, patterns, skews, seed, reps, datatype, "
                     "op, root, gamma, in_place, segment_bytes, check, distributions, "
                     "knowledge, schedule_timed, segments, model_alpha, model_beta, "
                     "max_requests, knomial_radix, radix, edge, matrix_seed, plugins)");
    check_load_error(c, t, "# c\nnp 4\n", 2,
                     "expected 'key = value' or '[section]', got 'np 4'");
    check_load_error(c, t, "np = 4\n[a]\nbytes = 8\nbytes = 16\n", 4,
                     "duplicate key 'bytes' (first set at line 3)");
    check_load_error(c, t, "np = 4\nnp = 8\n[a]\n", 2,
                     "duplicate key 'np' (first set at line 1)");
    check_load_error(c, t, "segment_bytes = 1\nsegment-bytes = 2\n", 2,
                     "duplicate key 'segment_bytes'");
    check_load_error(c, t, "\n\nnp =   \n", 3, "np: empty value");
    check_load_error(c, t, "np = 4,,8\n", 1, "np: empty value in the list");
    check_load_error(c, t, "np = 4,\n", 1, "np: empty value in the list");
    check_load_error(c, t, " = 4\n", 1, "missing key before '='");
    check_load_error(c, t, "[a]\nnp=1\n[a]\n", 3,
                     "section [a] is already defined at line 1");
    check_load_error(c, t, "[]\n", 1, "empty section name");
    check_load_error(c, t, "[a b]\n", 1, "section name 'a b' may only use");
    check_load_error(c, t, "[a\n", 1,
                     "section header '[a' does not end with ']'");
    check_load_error(c, t, "NP = 4\n", 1, "unknown key 'NP'");
    { /* a NUL byte would cut its line short without a word: refused */
        static const char nul_text[] = "np = 4\nbytes = 8\0, 16\n";
        char path[4200], want[4300];
        snprintf(path, sizeof path, "%s/nul.ini", t->dir);
        FILE *f = fopen(path, "w");
        CHECK(c, f != NULL && fwrite(nul_text, 1, sizeof nul_text - 1, f) == sizeof nul_text - 1 &&
                     fclose(f) == 0,
              "write %s", path);
        snprintf(want, sizeof want, "%s:2: a NUL byte: not a text file", path);
        CHECK(c, papsim_spec_load(path, &s, &e) == -1 && strstr(e.msg, want) != NULL,
              "NUL byte: '%s'", e.msg);
        CHECK(c, s.blocks == NULL, "empty after the NUL byte");
        remove(path);
    }
    CHECK(c, papsim_spec_load("/nonexistent/papsim/x.ini", &s, &e) == -1 &&
          strstr(e.msg, "spec '/nonexistent/papsim/x.ini': cannot read: No "
                 "such file"), "unreadable: %s", e.msg);
    CHECK(c, s.blocks == NULL, "empty after failure");
}

static void test_keys(check_counts *c)
{
    CHECK(c, papsim_spec_key_count() == 30, "30 keys");
    CHECK_STR(c, papsim_spec_key_name(0), "collective");
    CHECK_STR(c, papsim_spec_key_name(28), "matrix_seed");
    CHECK_STR(c, papsim_spec_key_name(29), "plugins");
    CHECK(c, papsim_spec_key_name(30) == NULL, "past the end");
}

int main(void)
{
    check_counts c = {0, 0};
    temp_dir t = {.count = 0};
    const char *tmp = getenv("TMPDIR");
    snprintf(t.dir, sizeof t.dir, "%s/papsim_spec_XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(t.dir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    test_sections(&c, &t);
    test_single_block(&c, &t);
    test_errors(&c, &t);
    test_keys(&c);
    rmdir(t.dir);
    return CHECK_SUMMARY(&c);
}
