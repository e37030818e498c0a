/* Unit tests for lib/cases/pattern.c: every shape at np = 5 and np = 4
 * with s = 1 ms, the generator against its reference outputs, golden random
 * and gaussian vectors, and pattern files. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cases/pattern.h"

#define S 1e-3
/* Formula shapes are compared with decimal literals; a product and a
 * quotient may round differently from the literal in the last bit, so allow
 * a few ulps (the ulp of 1e-3 is 2.2e-19). */
#define TOL 1e-18

static void check_vector(check_counts *c, const char *what, const double *got,
                         const double *want, int np, double tol)
{
    for (int i = 0; i < np; i++)
        CHECK(c, fabs(got[i] - want[i]) <= tol,
              "%s rank %d: got %.17g want %.17g", what, i, got[i], want[i]);
}

static void check_shape(check_counts *c, const char *name, int np,
                        unsigned long long seed, const double *want,
                        double tol)
{
    papsim_pattern p;
    papsim_err e;
    double got[8];
    char what[64];
    snprintf(what, sizeof what, "%s np=%d seed=%llu", name, np, seed);
    CHECK(c, papsim_pattern_parse(name, &p, &e) == 0, "%s: %s", name, e.msg);
    CHECK(c, papsim_pattern_delays(&p, np, S, seed, 1, got, &e) == 0,
          "%s: %s", what, e.msg);
    check_vector(c, what, got, want, np, tol);
}

static void test_shapes_np5(check_counts *c)
{
    const double zero[] = {0, 0, 0, 0, 0};
    check_shape(c, "no_delay", 5, 1, zero, 0);
    check_shape(c, "ascending", 5, 1,
                (const double[]){0, 2.5e-4, 5e-4, 7.5e-4, 1e-3}, TOL);
    check_shape(c, "descending", 5, 1,
                (const double[]){1e-3, 7.5e-4, 5e-4, 2.5e-4, 0}, TOL);
    check_shape(c, "first_delayed", 5, 1,
                (const double[]){1e-3, 0, 0, 0, 0}, 0);
    check_shape(c, "last_delayed", 5, 1,
                (const double[]){0, 0, 0, 0, 1e-3}, 0);
    check_shape(c, "half_delayed", 5, 1, /* np/2 = 2 */
                (const double[]){0, 0, 1e-3, 1e-3, 1e-3}, 0);
    check_shape(c, "alternating", 5, 1,
                (const double[]){0, 1e-3, 0, 1e-3, 0}, 0);
    check_shape(c, "v_shape", 5, 1,
                (const double[]){1e-3, 5e-4, 0, 5e-4, 1e-3}, TOL);
    check_shape(c, "peak", 5, 1,
                (const double[]){0, 5e-4, 1e-3, 5e-4, 0}, TOL);
}

static void test_shapes_np4(check_counts *c)
{
    check_shape(c, "no_delay", 4, 1, (const double[]){0, 0, 0, 0}, 0);
    check_shape(c, "ascending", 4, 1,
                (const double[]){0, 1e-3 / 3, 2e-3 / 3, 1e-3}, TOL);
    check_shape(c, "descending", 4, 1,
                (const double[]){1e-3, 2e-3 / 3, 1e-3 / 3, 0}, TOL);
    check_shape(c, "first_delayed", 4, 1,
                (const double[]){1e-3, 0, 0, 0}, 0);
    check_shape(c, "last_delayed", 4, 1, (const double[]){0, 0, 0, 1e-3}, 0);
    check_shape(c, "half_delayed", 4, 1,
                (const double[]){0, 0, 1e-3, 1e-3}, 0);
    check_shape(c, "alternating", 4, 1,
                (const double[]){0, 1e-3, 0, 1e-3}, 0);
    /* c = 1.5: the ends are 1.5 from the middle, ranks 1 and 2 are 0.5. */
    check_shape(c, "v_shape", 4, 1,
                (const double[]){1e-3, 1e-3 / 3, 1e-3 / 3, 1e-3}, TOL);
    check_shape(c, "peak", 4, 1,
                (const double[]){0, 2e-3 / 3, 2e-3 / 3, 0}, TOL);
}

static void test_np1(check_counts *c)
{
    /* A lone rank: the spread-based shapes give 0, the "rank r is late"
     * shapes still delay rank 0 (it is both first and last, and >= np/2). */
    static const struct { const char *name; double want; } cases[] = {
        {"no_delay", 0}, {"ascending", 0}, {"descending", 0},
        {"first_delayed", S}, {"last_delayed", S}, {"half_delayed", S},
        {"alternating", 0}, {"v_shape", 0}, {"peak", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_shape(c, cases[i].name, 1, 1, &cases[i].want, 0);
}

static void test_generator(check_counts *c)
{
    /* Reference outputs of xoshiro256** from the state {1, 2, 3, 4}, and
     * the first splitmix64 output for seed 0. */
    papsim_rng r = {{1, 2, 3, 4}};
    CHECK(c, papsim_rng_next(&r) == 11520ULL, "xoshiro 1st");
    CHECK(c, papsim_rng_next(&r) == 0ULL, "xoshiro 2nd");
    CHECK(c, papsim_rng_next(&r) == 1509978240ULL, "xoshiro 3rd");
    CHECK(c, papsim_rng_next(&r) == 1215971899390074240ULL, "xoshiro 4th");
    papsim_rng_seed(&r, 0);
    CHECK(c, r.s[0] == 0xe220a8397b1dcdafULL, "splitmix64(0) = %llx",
          (unsigned long long)r.s[0]);
    CHECK(c, r.s[1] == 0x6e789e6aa1b965f4ULL, "splitmix64(0) 2nd");
}

static void test_seeded_shapes(check_counts *c)
{
    /* Golden vectors: the uniform stream is exact integer arithmetic and one
     * exact conversion, so random must match bit for bit. gaussian goes
     * through libm's log and cos; allow 1e-15 (1e-12 relative). */
    const double random1[] = {0.00070292183315885052, 0.00052043661993885697,
                              0.00057410570001972252, 0.00039132860204190448,
                              0.00069717841655996145};
    const double random2[] = {0.00010217911323039464, 0.00072551728851515595,
                              0.00018396244547340835, 0.00074785222947068564,
                              0.00068614973308891124};
    const double gauss1[] = {0.00024246286047661762, 0.0003310587267119343,
                             0.00065971619101595595, 0.0004530317038410782,
                             0.0001826442277290943};
    const double gauss2[] = {0.00048814320004783633, 0.00049856589299409574,
                             0.00052231160913408586, 0.00054648241614980563,
                             0.00049872797404748256};
    check_shape(c, "random", 5, 1, random1, 0);
    check_shape(c, "random", 5, 2, random2, 0);
    check_shape(c, "random", 4, 1, random1, 0); /* drawn in rank order */
    check_shape(c, "gaussian", 5, 1, gauss1, 1e-15);
    check_shape(c, "gaussian", 5, 2, gauss2, 1e-15);
    check_shape(c, "gaussian", 4, 2, gauss2, 1e-15);
}

static void test_seeded_ranges(check_counts *c)
{
    enum { N = 4096 };
    static const char *const names[] = {"random", "gaussian"};
    double *d = malloc(N * sizeof *d);
    papsim_pattern p;
    papsim_err e;
    CHECK(c, d != NULL, "malloc");
    if (d == NULL)
        return;
    for (int k = 0; k < 2; k++) {
        double sum = 0;
        int outside = 0, at_ends = 0;
        papsim_pattern_parse(names[k], &p, &e);
        papsim_pattern_delays(&p, N, S, 12345, 1, d, &e);
        for (int i = 0; i < N; i++) {
            outside += d[i] < 0 || d[i] > S;
            at_ends += d[i] == 0 || d[i] == S;
            sum += d[i];
        }
        CHECK(c, outside == 0, "%s: %d delays outside [0,s]", names[k],
              outside);
        CHECK_NEAR(c, sum / N, S / 2, S / 50);
        /* Clipping at 3 sd touches about 0.27 % of the ranks. */
        CHECK(c, at_ends < N / 50, "%s: %d delays at 0 or s", names[k],
              at_ends);
    }
    free(d);
}

static void test_parse_errors(check_counts *c)
{
    papsim_pattern p;
    papsim_err e;
    double d[4];
    CHECK(c, papsim_pattern_parse("zigzag", &p, &e) == -1, "zigzag");
    CHECK(c, strstr(e.msg, "unknown pattern 'zigzag'") &&
          strstr(e.msg, "no_delay") && strstr(e.msg, "gaussian") &&
          strstr(e.msg, "file:PATH"), "message: %s", e.msg);
    CHECK(c, papsim_pattern_parse("file:", &p, &e) == -1, "file: no path");
    CHECK(c, papsim_pattern_parse("", &p, &e) == -1, "empty");
    CHECK(c, papsim_pattern_parse("Ascending", &p, &e) == -1, "case");
    papsim_pattern_parse("ascending", &p, &e);
    CHECK_STR(c, papsim_pattern_name(&p), "ascending");
    CHECK(c, papsim_pattern_delays(&p, 0, S, 1, 1, d, &e) == -1 &&
          strstr(e.msg, "np 0 must be between 1 and 1048576"), "%s", e.msg);
    CHECK(c, papsim_pattern_delays(&p, 4, -1e-3, 1, 1, d, &e) == -1 &&
          strstr(e.msg, "skew"), "negative skew: %s", e.msg);
    CHECK(c, papsim_pattern_delays(&p, 4, NAN, 1, 1, d, &e) == -1,
          "NaN skew");
    CHECK(c, papsim_pattern_count() == 11, "11 built-in shapes");
    CHECK_STR(c, papsim_pattern_shape_name(0), "no_delay");
    CHECK(c, papsim_pattern_shape_name(11) == NULL, "past the end");
    for (size_t i = 0; i < papsim_pattern_count(); i++) {
        CHECK(c, papsim_pattern_parse(papsim_pattern_shape_name(i), &p, &e)
              == 0 && (size_t)p.shape == i, "shape %zu parses", i);
        CHECK(c, strlen(papsim_pattern_shape_description(i)) > 10,
              "description %zu", i);
    }
}

/* Writes text to a fresh temporary file; its path goes to path. */
static int write_temp(const char *text, char *path, size_t len)
{
    const char *dir = getenv("TMPDIR");
    int fd;
    FILE *f;
    snprintf(path, len, "%s/papsim_pattern_XXXXXX", dir && *dir ? dir : "/tmp");
    fd = mkstemp(path);
    if (fd < 0)
        return -1;
    f = fdopen(fd, "w");
    if (f == NULL) {
        close(fd);
        return -1;
    }
    fputs(text, f);
    return fclose(f);
}

/* Loads file pattern text for np ranks; returns the call's result. */
static int file_delays(const char *text, int np, double s, int rescale,
                       double *d, papsim_err *e, char *path, size_t len)
{
    papsim_pattern p;
    char spec[PAPSIM_PATTERN_PATH_MAX + 8];
    if (write_temp(text, path, len) != 0)
        return -2;
    snprintf(spec, sizeof spec, "file:%s", path);
    if (papsim_pattern_parse(spec, &p, e) != 0)
        return -2;
    return papsim_pattern_delays(&p, np, s, 1, rescale, d, e);
}

static void test_files(check_counts *c)
{
    const char *shape = "# recorded skews\n0\n1us\n\n  2e-6   # rank 2\n4us\n";
    char path[4096], spec[4200], *long_line;
    papsim_pattern p;
    papsim_err e;
    double d[8];
    int rc;

    rc = file_delays(shape, 4, S, 1, d, &e, path, sizeof path);
    CHECK(c, rc == 0, "rescaled: %s", e.msg);
    check_vector(c, "rescaled", d, (const double[]){0, 2.5e-4, 5e-4, 1e-3}, 4,
                 0);
    snprintf(spec, sizeof spec, "file:%s", path);
    papsim_pattern_parse(spec, &p, &e);
    CHECK_STR(c, papsim_pattern_name(&p), spec);
    CHECK_STR(c, p.path, path);
    CHECK(c, papsim_pattern_delays(&p, 4, 0, 1, 0, d, &e) == 0, "as-is");
    check_vector(c, "as recorded", d, (const double[]){0, 1e-6, 2e-6, 4e-6},
                 4, 0);
    CHECK(c, papsim_pattern_delays(&p, 4, 0, 1, 1, d, &e) == 0, "s = 0");
    check_vector(c, "rescaled to 0", d, (const double[]){0, 0, 0, 0}, 4, 0);
    CHECK(c, papsim_pattern_delays(&p, 5, S, 1, 1, d, &e) == -1 &&
          strstr(e.msg, path) && strstr(e.msg, "has 4 delays but np is 5"),
          "too few: %s", e.msg);
    CHECK(c, papsim_pattern_delays(&p, 3, S, 1, 1, d, &e) == -1 &&
          strstr(e.msg, "has 4 delays but np is 3"), "too many: %s", e.msg);
    remove(path);

    rc = file_delays("0\t1e-6\n1\t3e-6\n", 2, 0, 0, d, &e, path, sizeof path);
    CHECK(c, rc == 0 && d[0] == 1e-6 && d[1] == 3e-6, "rank column: %s",
          e.msg);
    remove(path);

    rc = file_delays("0\n0\n", 2, S, 1, d, &e, path, sizeof path);
    CHECK(c, rc == 0 && d[0] == 0 && d[1] == 0, "all-zero file stays 0");
    remove(path);

    long_line = malloc(5000);
    if (long_line != NULL) {
        memset(long_line, ' ', 4990);
        strcpy(long_line + 4990, "7us\n1us");
        rc = file_delays(long_line, 2, 0, 0, d, &e, path, sizeof path);
        CHECK(c, rc == 0 && d[0] == 7e-6 && d[1] == 1e-6,
              "long line, no final newline: %s", e.msg);
        remove(path);
        free(long_line);
    }
}

static void check_file_error(check_counts *c, const char *text, int np,
                             const char *want_after_path)
{
    char path[4096], want[4200];
    papsim_err e = {{0}};
    double d[8];
    int rc = file_delays(text, np, S, 1, d, &e, path, sizeof path);
    snprintf(want, sizeof want, "%s%s", path, want_after_path);
    CHECK(c, rc == -1 && strstr(e.msg, want) != NULL,
          "rc %d, message '%s' lacks '%s'", rc, e.msg, want);
    remove(path);
}

static void test_file_errors(check_counts *c)
{
    papsim_pattern p;
    papsim_err e;
    double d[4];
    check_file_error(c, "1us\nabc\n", 2, ":2: duration 'abc' is not");
    check_file_error(c, "# c\n-1us\n", 1, ":2: duration '-1us' is negative");
    check_file_error(c, "1 1e-6\n", 1, ":1: rank 1 is out of order "
                     "(expected 0)");
    check_file_error(c, "0 1 2\n", 1, ":1: expected a delay or 'rank delay'");
    check_file_error(c, "1us\n5furlongs\n", 2, ":2: duration '5furlongs' has "
                     "an unknown unit");
    check_file_error(c, "1\n2\n3\n", 2, "' has 3 delays but np is 2");
    /* A NUL byte (a binary file) is refused with its line, also at the start
       of a line (found by tests/fuzz/fuzz_pattern: it read before the buffer). */
    for (int at = 0; at < 2; at++) {
        char path[4096], spec[4200];
        FILE *f;
        int ok = write_temp("1us\n", path, sizeof path) == 0 && (f = fopen(path, "a")) != NULL;
        if (ok) {
            fwrite(at ? "2\0us\n" : "\0.2us\n", 1, 6, f);
            fclose(f);
            snprintf(spec, sizeof spec, "file:%s", path);
            papsim_pattern_parse(spec, &p, &e);
        }
        CHECK(c, ok && papsim_pattern_delays(&p, 2, S, 1, 1, d, &e) == -1 &&
              strstr(e.msg, ":2: a NUL byte: not a text file"), "NUL byte: %s", e.msg);
        remove(path);
    }
    papsim_pattern_parse("file:/nonexistent/papsim/p.txt", &p, &e);
    CHECK(c, papsim_pattern_delays(&p, 4, S, 1, 1, d, &e) == -1 &&
          strstr(e.msg, "pattern file '/nonexistent/papsim/p.txt': cannot "
                 "read: No such file"), "missing file: %s", e.msg);
}

/* The content key of a pattern file written with text, for np ranks
 * ("" on failure); path gets the file's name (removed afterwards). */
static void key_of_text(const char *text, int np, char key[17])
{
    char path[4096], spec[4200];
    papsim_err e;
    key[0] = '\0';
    if (write_temp(text, path, sizeof path) != 0)
        return;
    snprintf(spec, sizeof spec, "file:%s", path);
    if (papsim_pattern_file_key(spec, np, key, &e) != 0)
        key[0] = '\0';
    remove(path);
}

/* The content key hashes the delays as read: comments, blanks, rank
 * prefixes and spellings of one value leave it; a value, the count or the
 * order change it. The key of one content is pinned: every machine must
 * give it. */
static void test_file_keys(check_counts *c)
{
    char k1[17], k2[17];
    papsim_err e;
    key_of_text("0\n1us\n2us\n3us\n", 4, k1);
    CHECK_STR(c, k1, "6793f488e4d5ae40");
    key_of_text("# the same delays\n0 0\n1\t1e-6\n\n2   2000ns  # rank 2\n3 0.000003", 4, k2);
    CHECK_STR(c, k2, k1);
    key_of_text("0\n1us\n2us\n4us\n", 4, k2);
    CHECK(c, k2[0] && strcmp(k1, k2) != 0, "another delay, the same key %s", k2);
    key_of_text("0\n2us\n1us\n3us\n", 4, k2);
    CHECK(c, k2[0] && strcmp(k1, k2) != 0, "another order, the same key %s", k2);
    key_of_text("0\n1us\n2us\n3us\n0\n", 5, k2);
    CHECK(c, k2[0] && strcmp(k1, k2) != 0, "one delay more, the same key %s", k2);
    key_of_text("0\n1us\n2us\n3us\n", 5, k2);
    CHECK_STR(c, k2, ""); /* 4 delays for np 5: refused, no key */
    CHECK(c, papsim_pattern_file_key("ascending", 4, k2, &e) == 0 && !k2[0],
          "a shape has no key: '%s'", k2);
}

/* papsim_pattern_delays_keyed: the delays of a file whose key is the
 * case's; another key fails naming the file and both keys; a key on a
 * shape fails. */
static void test_keyed_delays(check_counts *c)
{
    char path[4096], spec[4200], key[17], want[4400];
    papsim_pattern p;
    papsim_err e;
    double d[4];
    if (write_temp("0\n1us\n2us\n4us\n", path, sizeof path) != 0) {
        CHECK(c, 0, "temporary file");
        return;
    }
    snprintf(spec, sizeof spec, "file:%s", path);
    papsim_pattern_parse(spec, &p, &e);
    CHECK(c, papsim_pattern_file_key(spec, 4, key, &e) == 0, "key: %s", e.msg);
    CHECK(c, papsim_pattern_delays_keyed(&p, 4, S, 1, 1, key, d, &e) == 0, "keyed: %s", e.msg);
    check_vector(c, "keyed, rescaled", d, (const double[]){0, 2.5e-4, 5e-4, 1e-3}, 4, 0);
    CHECK(c, papsim_pattern_delays_keyed(&p, 4, S, 1, 1, "", d, &e) == 0, "no key: %s", e.msg);
    FILE *f = fopen(path, "w"); /* edited after keying */
    if (f) {
        fputs("0\n1us\n2us\n3us\n", f);
        fclose(f);
    }
    snprintf(want, sizeof want, "pattern file '%s' changed after its case was keyed: its "
             "delays now have key 6793f488e4d5ae40, the case was keyed %s", path, key);
    CHECK(c, papsim_pattern_delays_keyed(&p, 4, S, 1, 1, key, d, &e) == -1 &&
          strstr(e.msg, want) == e.msg, "edited: %s", e.msg);
    remove(path);
    papsim_pattern_parse("ascending", &p, &e);
    CHECK(c, papsim_pattern_delays_keyed(&p, 4, S, 1, 1, key, d, &e) == -1 &&
          strstr(e.msg, "applies to file:PATH patterns only"), "a key on a shape: %s", e.msg);
}

int main(void)
{
    check_counts c = {0, 0};
    test_shapes_np5(&c);
    test_shapes_np4(&c);
    test_np1(&c);
    test_generator(&c);
    test_seeded_shapes(&c);
    test_seeded_ranges(&c);
    test_parse_errors(&c);
    test_files(&c);
    test_file_errors(&c);
    test_file_keys(&c);
    test_keyed_delays(&c);
    return CHECK_SUMMARY(&c);
}
