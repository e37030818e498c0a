/* Unit tests for lib/util/units.c: durations, byte counts, bounded
 * numbers, seeds, skews and their canonical text. */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "util/units.h"

/* The message of a failing call contains want. */
#define CHECK_ERROR(c, call, e, want)                                        \
    do {                                                                     \
        (e).msg[0] = '\0';                                                   \
        CHECK(c, (call) == -1, "%s should fail", #call);                     \
        CHECK(c, strstr((e).msg, (want)) != NULL, "message '%s' lacks '%s'", \
              (e).msg, (want));                                              \
    } while (0)

static double duration(const char *s)
{
    double v = -1;
    papsim_err e;
    return papsim_parse_duration(s, &v, &e) == 0 ? v : -1;
}

static long long bytes(const char *s)
{
    long long v = -1;
    papsim_err e;
    return papsim_parse_bytes(s, &v, &e) == 0 ? v : -1;
}

static void test_durations(check_counts *c)
{
    papsim_err e;
    double v;
    /* Units shift the decimal exponent: the results are bit-identical to
     * the literal in seconds, so == is the right comparison. */
    CHECK(c, duration("100us") == 1e-4, "100us");
    CHECK(c, duration("2ms") == 2e-3, "2ms");
    CHECK(c, duration("1.5s") == 1.5, "1.5s");
    CHECK(c, duration("250ns") == 250e-9, "250ns");
    CHECK(c, duration("0.1us") == 1e-7, "0.1us");
    CHECK(c, duration("3\xC2\xB5s") == 3e-6, "3 micro-sign s");
    CHECK(c, duration("0") == 0, "0");
    CHECK(c, duration("1e-6") == 1e-6, "1e-6");
    CHECK(c, duration("1e3ms") == 1.0, "1e3ms");
    CHECK(c, duration("+5") == 5.0, "+5");
    CHECK(c, duration(".5s") == 0.5, ".5s");
    CHECK(c, duration("-0") == 0 && !signbit(duration("-0")), "-0 is +0");

    CHECK_ERROR(c, papsim_parse_duration("-5ms", &v, &e), e,
                "duration '-5ms' is negative");
    CHECK_ERROR(c, papsim_parse_duration("", &v, &e), e, "duration is empty");
    CHECK_ERROR(c, papsim_parse_duration(NULL, &v, &e), e, "empty");
    CHECK_ERROR(c, papsim_parse_duration("nan", &v, &e), e, "not a number");
    CHECK_ERROR(c, papsim_parse_duration("inf", &v, &e), e, "not a number");
    CHECK_ERROR(c, papsim_parse_duration("1e999", &v, &e), e, "too large");
    CHECK_ERROR(c, papsim_parse_duration("5mss", &v, &e), e,
                "unknown unit 'mss'");
    CHECK_ERROR(c, papsim_parse_duration("5 ms", &v, &e), e, "unknown unit");
    CHECK_ERROR(c, papsim_parse_duration(" 5", &v, &e), e, "not a number");
    CHECK_ERROR(c, papsim_parse_duration("5h", &v, &e), e, "unknown unit");
    CHECK_ERROR(c, papsim_parse_duration("0x10", &v, &e), e, "unknown unit");
    CHECK_ERROR(c, papsim_parse_duration("5e", &v, &e), e,
                "unknown unit 'e'");
}

static void test_bytes(check_counts *c)
{
    papsim_err e;
    long long v;
    CHECK(c, bytes("8") == 8, "8");
    CHECK(c, bytes("0") == 0, "0");
    CHECK(c, bytes("8B") == 8, "8B");
    CHECK(c, bytes("4KiB") == 4096, "4KiB");
    CHECK(c, bytes("1MiB") == 1048576, "1MiB");
    CHECK(c, bytes("2GiB") == 2147483648LL, "2GiB");
    CHECK(c, bytes("1TiB") == 1099511627776LL, "1TiB");
    CHECK(c, bytes("1k") == 1024 && bytes("1K") == 1024, "k/K binary");
    CHECK(c, bytes("3M") == 3145728 && bytes("1G") == 1073741824, "M/G");
    CHECK(c, bytes("1kB") == 1000 && bytes("1KB") == 1000, "kB/KB decimal");
    CHECK(c, bytes("2MB") == 2000000 && bytes("1GB") == 1000000000, "MB/GB");
    CHECK(c, bytes("1.5KiB") == 1536, "1.5KiB");
    CHECK(c, bytes("0.5MiB") == 524288, "0.5MiB");
    CHECK(c, bytes("2.50KiB") == 2560, "trailing zeros");
    CHECK(c, bytes("1.000") == 1, "1.000");
    CHECK(c, bytes("-0") == 0, "-0");
    CHECK(c, bytes("9223372036854775807") == LLONG_MAX, "LLONG_MAX");

    CHECK_ERROR(c, papsim_parse_bytes("-5", &v, &e), e,
                "bytes '-5' is negative");
    CHECK_ERROR(c, papsim_parse_bytes("0.5", &v, &e), e,
                "not a whole number");
    CHECK_ERROR(c, papsim_parse_bytes("1.3KiB", &v, &e), e,
                "not a whole number");
    CHECK_ERROR(c, papsim_parse_bytes("9223372036854775808", &v, &e), e,
                "too large");
    CHECK_ERROR(c, papsim_parse_bytes("99999999999999999999999", &v, &e), e,
                "too large");
    CHECK_ERROR(c, papsim_parse_bytes("8388608TiB", &v, &e), e, "too large");
    CHECK_ERROR(c, papsim_parse_bytes("4kb", &v, &e), e,
                "unknown unit 'kb'");
    CHECK_ERROR(c, papsim_parse_bytes("1e3", &v, &e), e, "unknown unit 'e3'");
    CHECK_ERROR(c, papsim_parse_bytes("abc", &v, &e), e, "not a number");
    CHECK_ERROR(c, papsim_parse_bytes("", &v, &e), e, "bytes is empty");
    CHECK_ERROR(c, papsim_parse_bytes("4KiB ", &v, &e), e, "unknown unit");
}

static void test_format_bytes(check_counts *c)
{
    static const struct { long long n; const char *text; } cases[] = {
        {0, "0B"}, {8, "8B"}, {1024, "1KiB"}, {1536, "1536B"},
        {3145728, "3MiB"}, {2147483648LL, "2GiB"}, {1000, "1000B"},
        {1099511627776LL, "1TiB"}, {5LL << 40, "5TiB"}, {2049 * 1024, "2049KiB"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[PAPSIM_UNITS_TEXT_MAX];
        papsim_format_bytes(cases[i].n, buf, sizeof buf);
        CHECK_STR(c, buf, cases[i].text);
        CHECK(c, bytes(buf) == cases[i].n, "'%s' reads back", buf);
    }
}

static void test_numbers(check_counts *c)
{
    papsim_err e;
    long l = 0;
    double d = 0;
    unsigned long long u = 0;
    CHECK(c, papsim_parse_long("16", 1, 1048576, "np", &l, &e) == 0 && l == 16,
          "np 16");
    CHECK(c, papsim_parse_long("-3", -5, 5, "x", &l, &e) == 0 && l == -3, "-3");
    CHECK_ERROR(c, papsim_parse_long("0", 1, 1048576, "np", &l, &e), e,
                "np '0' must be between 1 and 1048576");
    CHECK_ERROR(c, papsim_parse_long("99999999999999999999", 1, 10, "np", &l,
                                     &e), e, "must be between 1 and 10");
    CHECK_ERROR(c, papsim_parse_long("4x", 1, 10, "np", &l, &e), e,
                "np '4x' is not an integer");
    CHECK_ERROR(c, papsim_parse_long("1e3", 1, 10000, "np", &l, &e), e,
                "not an integer");
    CHECK_ERROR(c, papsim_parse_long("2.0", 1, 10, "np", &l, &e), e,
                "not an integer");
    CHECK_ERROR(c, papsim_parse_long(" 4", 1, 10, "np", &l, &e), e,
                "not an integer");
    CHECK_ERROR(c, papsim_parse_long("", 1, 10, "reps", &l, &e), e,
                "reps is empty");

    CHECK(c, papsim_parse_double("2.5e-10", 0, HUGE_VAL, "gamma", &d, &e) == 0
          && d == 2.5e-10, "gamma");
    CHECK_ERROR(c, papsim_parse_double("-1", 0, HUGE_VAL, "gamma", &d, &e), e,
                "gamma '-1' must be at least 0");
    CHECK_ERROR(c, papsim_parse_double("2", 0, 1, "f", &d, &e), e,
                "f '2' must be between 0 and 1");
    CHECK_ERROR(c, papsim_parse_double("2", -HUGE_VAL, 1, "f", &d, &e), e,
                "f '2' must be at most 1");
    CHECK_ERROR(c, papsim_parse_double("nan", 0, 1, "f", &d, &e), e,
                "f 'nan' is not a number");
    CHECK_ERROR(c, papsim_parse_double("1e400", 0, HUGE_VAL, "f", &d, &e), e,
                "too large");
    CHECK_ERROR(c, papsim_parse_double("1.5.", 0, 9, "f", &d, &e), e,
                "not a number");

    CHECK(c, papsim_parse_u64("18446744073709551615", "seed", &u, &e) == 0 &&
          u == ULLONG_MAX, "max seed");
    CHECK_ERROR(c, papsim_parse_u64("-1", "seed", &u, &e), e,
                "seed '-1' is not a non-negative integer");
    CHECK_ERROR(c, papsim_parse_u64("18446744073709551616", "seed", &u, &e),
                e, "larger than");
}

static void test_skews(check_counts *c)
{
    papsim_err e;
    papsim_skew s;
    CHECK(c, papsim_parse_skew("100us", &s, &e) == 0 &&
          s.kind == PAPSIM_SKEW_ABSOLUTE && s.value == 1e-4, "100us");
    CHECK(c, papsim_parse_skew("1.5x", &s, &e) == 0 &&
          s.kind == PAPSIM_SKEW_RELATIVE && s.value == 1.5, "1.5x");
    CHECK(c, papsim_parse_skew("0.5x-own", &s, &e) == 0 &&
          s.kind == PAPSIM_SKEW_OWN && s.value == 0.5, "0.5x-own");
    CHECK(c, papsim_parse_skew("0", &s, &e) == 0 &&
          s.kind == PAPSIM_SKEW_ABSOLUTE && s.value == 0, "0");
    CHECK_ERROR(c, papsim_parse_skew("-5ms", &s, &e), e,
                "skew '-5ms' is negative");
    CHECK_ERROR(c, papsim_parse_skew("-1.5x", &s, &e), e,
                "skew '-1.5x' is negative");
    CHECK_ERROR(c, papsim_parse_skew("fast", &s, &e), e,
                "neither a duration");
    CHECK_ERROR(c, papsim_parse_skew("1.5xown", &s, &e), e, "unknown unit");
    CHECK_ERROR(c, papsim_parse_skew("", &s, &e), e, "skew is empty");
}

static void check_skew_text(check_counts *c, const char *in, const char *want)
{
    papsim_skew s, back;
    papsim_err e;
    char buf[PAPSIM_UNITS_TEXT_MAX];
    CHECK(c, papsim_parse_skew(in, &s, &e) == 0, "%s: %s", in, e.msg);
    papsim_format_skew(&s, buf, sizeof buf);
    CHECK_STR(c, buf, want);
    CHECK(c, papsim_parse_skew(buf, &back, &e) == 0 && back.kind == s.kind &&
          back.value == s.value, "'%s' reads back as '%s'", buf, in);
}

static void test_format_skew(check_counts *c)
{
    char buf[PAPSIM_UNITS_TEXT_MAX];
    check_skew_text(c, "100us", "100us");
    check_skew_text(c, "1e-4", "100us");
    check_skew_text(c, "0.0015", "1.5ms");
    check_skew_text(c, "2", "2s");
    check_skew_text(c, "250ns", "250ns");
    check_skew_text(c, "0.5ns", "0.5ns");
    check_skew_text(c, "1e-15", "1e-15s");
    check_skew_text(c, "4096", "4096s");
    {
        papsim_skew huge = {PAPSIM_SKEW_ABSOLUTE, 1e22};
        papsim_err e;
        papsim_format_skew(&huge, buf, sizeof buf);
        CHECK_STR(c, buf, "1e+22s");
        /* The clock would step by 4e6 s there: refused (PAPSIM_SKEW_MAX_S). */
        CHECK(c, papsim_parse_skew("1e22", &huge, &e) != 0 && strstr(e.msg, "too large") &&
                     strstr(e.msg, "at most 4096 s"), "1e22: %s", e.msg);
        CHECK(c, papsim_parse_skew("4096.001", &huge, &e) != 0, "4096.001 accepted");
    }
    check_skew_text(c, "0", "0");
    check_skew_text(c, "0.1234567890123us", "123.4567890123ns");
    check_skew_text(c, "1.5x", "1.5x");
    check_skew_text(c, "100x", "100x");
    check_skew_text(c, "0.5x-own", "0.5x-own");
    /* Values that came from arithmetic, not from text, round-trip too. */
    for (int i = 1; i < 2000; i += 7) {
        papsim_skew s = {PAPSIM_SKEW_ABSOLUTE, i * 1.1e-7 / 3}, back;
        papsim_err e;
        papsim_format_skew(&s, buf, sizeof buf);
        CHECK(c, papsim_parse_skew(buf, &back, &e) == 0 &&
              back.value == s.value, "%.17g -> '%s' does not read back",
              s.value, buf);
    }
    {
        papsim_skew s = {PAPSIM_SKEW_ABSOLUTE, 1e-4};
        papsim_format_skew(&s, buf, 3); /* truncates, stays terminated */
        CHECK_STR(c, buf, "10");
    }
}

int main(void)
{
    check_counts c = {0, 0};
    test_durations(&c);
    test_bytes(&c);
    test_format_bytes(&c);
    test_numbers(&c);
    test_skews(&c);
    test_format_skew(&c);
    return CHECK_SUMMARY(&c);
}
