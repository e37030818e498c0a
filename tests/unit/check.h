/* Minimal assertion helpers for papsim's unit tests (no framework needed).
 * Each test binary ends with CHECK_SUMMARY(), which prints the plain
 * "N passed, N failed" line and returns non-zero on any failure. */
#ifndef PAPSIM_TEST_CHECK_H
#define PAPSIM_TEST_CHECK_H
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct { int passed, failed; } check_counts;

#define CHECK(counts, cond, ...)                                             \
    do {                                                                     \
        if (cond) {                                                          \
            (counts)->passed++;                                              \
        } else {                                                             \
            (counts)->failed++;                                              \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, \
                    #cond);                                                  \
            fprintf(stderr, __VA_ARGS__);                                    \
            fputc('\n', stderr);                                             \
        }                                                                    \
    } while (0)

#define CHECK_NEAR(counts, got, want, tol)                                   \
    CHECK(counts, fabs((double)(got) - (double)(want)) <= (tol),             \
          "got %.17g want %.17g", (double)(got), (double)(want))

#define CHECK_STR(counts, got, want)                                         \
    CHECK(counts, strcmp((got), (want)) == 0, "got '%s' want '%s'", (got), (want))

#define CHECK_SUMMARY(counts)                                                \
    (printf("%d passed, %d failed\n", (counts)->passed, (counts)->failed),   \
     (counts)->failed == 0 ? 0 : 1)

#endif
