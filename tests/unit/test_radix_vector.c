/* Unit tests for algorithms/schedule/radix_vector.c: radix-k's default
 * vector rule, the parser of --radix and the product check. */
#include <string.h>

#include "check.h"
#include "schedule/radix_vector.h"

/* The default vector of p as text. */
static void check_default(check_counts *c, int p, const char *want)
{
    int k[PAPSIM_RADIX_MAX];
    char text[128];
    papsim_radix_format(k, papsim_radix_default(p, k), text, sizeof text);
    CHECK(c, strcmp(text, want) == 0, "default for p=%d: got '%s' want '%s'", p, text, want);
}

static void test_defaults(check_counts *c)
{
    check_default(c, 128, "4x4x8"); /* the best vector of Marendić et al. 2016, Sec. 5.5.4 */
    check_default(c, 1, "");
    check_default(c, 2, "2");
    check_default(c, 4, "4");
    check_default(c, 8, "8");
    check_default(c, 16, "4x4");
    check_default(c, 32, "4x8");
    check_default(c, 64, "4x4x4");
    check_default(c, 256, "4x4x4x4");
    check_default(c, 512, "4x4x4x8");
    check_default(c, 6, "2x3");
    check_default(c, 12, "4x3");
    check_default(c, 24, "8x3");
    check_default(c, 100, "4x5x5");
    check_default(c, 97, "97");
    check_default(c, 122, "2x61");
    check_default(c, 45, "3x3x5");
    check_default(c, 2147483647, "2147483647"); /* a prime */
    /* Every default multiplies back to p. */
    for (int p = 1; p <= 5000; p++) {
        int k[PAPSIM_RADIX_MAX], n = papsim_radix_default(p, k);
        char why[256];
        CHECK(c, papsim_radix_check_np(k, n, p, why, sizeof why) == 0, "p=%d: %s", p, why);
    }
}

/* text parses to want (canonical form), or fails with a reason holding
 * want_error. */
static void check_parse(check_counts *c, const char *text, const char *want,
                        const char *want_error)
{
    int k[PAPSIM_RADIX_MAX];
    char why[256] = "", out[128] = "";
    const int n = papsim_radix_parse(text, k, why, sizeof why);
    if (want) {
        if (n > 0)
            papsim_radix_format(k, n, out, sizeof out);
        CHECK(c, n > 0 && strcmp(out, want) == 0, "'%s': got '%s' (%s) want '%s'", text, out,
              why, want);
    } else {
        CHECK(c, n < 0 && strstr(why, want_error) != NULL, "'%s' should fail with '%s': %s",
              text, want_error, why);
    }
}

static void test_parse(check_counts *c)
{
    check_parse(c, "4x4x8", "4x4x8", NULL);
    check_parse(c, "4,4,8", "4x4x8", NULL);
    check_parse(c, "2,8x2", "2x8x2", NULL);
    check_parse(c, "16", "16", NULL);
    check_parse(c, "", NULL, "empty");
    check_parse(c, "1x8", NULL, "at least 2");
    check_parse(c, "0", NULL, "at least 2");
    check_parse(c, "-4x2", NULL, "at least 2");
    check_parse(c, "+4x2", NULL, "at least 2");
    check_parse(c, "4xx8", NULL, "at least 2");
    check_parse(c, "x4", NULL, "at least 2");
    check_parse(c, "4x", NULL, "separated by");
    check_parse(c, "4;8", NULL, "separated by");
    check_parse(c, "4 x 8", NULL, "separated by");
    check_parse(c, "four", NULL, "at least 2");
    check_parse(c, "65536x65536", NULL, "more than 2^31 - 1");
    /* 30 twos (2^30) fit; a 31st two makes 2^31, past an int. */
    char twos[128] = "2";
    for (int i = 1; i < 30; i++)
        strcat(twos, "x2");
    check_parse(c, twos, twos, NULL);
    strcat(twos, "x2");
    check_parse(c, twos, NULL, "more than 2^31 - 1");
}

static void test_check_np(check_counts *c)
{
    int k[] = {4, 4, 8};
    char why[256] = "";
    CHECK(c, papsim_radix_check_np(k, 3, 128, why, sizeof why) == 0, "4x4x8 at 128");
    CHECK(c, papsim_radix_check_np(k, 3, 64, why, sizeof why) == -1, "4x4x8 at 64");
    CHECK(c, strstr(why, "radix vector 4x4x8 has product 128, not np=64") != NULL, "%s", why);
    CHECK(c, papsim_radix_check_np(k, 0, 1, why, sizeof why) == 0, "empty vector at np=1");
}

int main(void)
{
    check_counts c = {0, 0};
    test_defaults(&c);
    test_parse(&c);
    test_check_np(&c);
    return CHECK_SUMMARY(&c);
}
