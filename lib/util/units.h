/* Parsers and formatters for the quantities papsim reads from command lines
 * and sweep specs: durations, byte counts, bounded integers and reals, seeds
 * and skews. All are reentrant (no static buffers, no global state) and
 * report failures through papsim_err with the offending text quoted:
 *   "duration '-5ms' is negative", "np '0' must be between 1 and 1048576".
 *
 * Numbers are plain decimal: [+-]digits[.digits][e[+-]digits]. Hexadecimal,
 * "inf", "nan", leading or trailing blanks are rejected, so a typo never
 * becomes a silently different value. The decimal separator is '.' (the C
 * locale; papsim never calls setlocale).
 *
 * Durations: a number followed by one of
 *   (nothing) or "s" = seconds, "ms", "us" (or "µs"), "ns".
 *   "100us" -> 1e-4, "1.5s", "250ns", "0", "1e-6" (bare number = seconds).
 * The unit is applied by shifting the decimal exponent before the single
 * decimal-to-binary conversion, so "100us" is bit-identical to "1e-4" and
 * "0.1us" to "1e-7" (no extra rounding from a multiplication).
 *
 * Byte counts, the convention papsim uses everywhere:
 *   (nothing) or "B"             bytes
 *   "KiB" "MiB" "GiB" "TiB"     binary: 1024, 1024^2, 1024^3, 1024^4
 *   "k" "K" "M" "G" "T"         binary as well, like OSU, IMB and ReproMPI
 *                               message-size options ("4K" = 4096)
 *   "kB" "KB" "MB" "GB" "TB"    decimal: 1000, 1000^2, ... (a unit spelled
 *                               with a trailing "B" but no "i" is SI)
 * A fraction is allowed when the result is a whole number of bytes
 * ("1.5KiB" = 1536), refused otherwise ("1.3KiB", "0.5"). No exponents. */
#ifndef PAPSIM_UNITS_H
#define PAPSIM_UNITS_H
#include <stddef.h>

#include "util/papsim_error.h"

/* A buffer of this size holds any text made by papsim_format_skew or
 * papsim_format_bytes. */
#define PAPSIM_UNITS_TEXT_MAX 64

/* Duration in seconds, >= 0 and finite. */
int papsim_parse_duration(const char *s, double *seconds, papsim_err *e);

/* Byte count, 0 <= bytes <= LLONG_MAX; see the convention above. */
int papsim_parse_bytes(const char *s, long long *bytes, papsim_err *e);

/* Decimal integer in [min, max]; `what` names the quantity in messages. */
int papsim_parse_long(const char *s, long min, long max, const char *what,
                      long *out, papsim_err *e);

/* Decimal real in [min, max]; pass -HUGE_VAL or HUGE_VAL for an open end.
 * Always finite. */
int papsim_parse_double(const char *s, double min, double max,
                        const char *what, double *out, papsim_err *e);

/* Non-negative decimal integer up to 2^64-1 (random seeds). */
int papsim_parse_u64(const char *s, const char *what,
                     unsigned long long *out, papsim_err *e);

/* Maximum process skew of an arrival pattern (M. Salimi Beni, B. Cosenza,
 * S. Hunold, "MPI collective algorithm selection in the presence of process
 * arrival patterns", IEEE International Conference on Cluster Computing
 * (CLUSTER), 2024, Sec. III-B; Sec. IV-C for the per-algorithm skew).
 *   ABSOLUTE  "100us", "0", "1.5ms": value is seconds.
 *   RELATIVE  "1.5x": value is a factor of the mean no-delay runtime over the
 *             algorithms of the sweep (t^a in Salimi Beni et al.); papsim
 *             run resolves it after the no-delay runs.
 *   OWN       "1.5x-own": value is a factor of this algorithm's own no-delay
 *             runtime (robustness mode).
 * value is always finite and >= 0. */
typedef enum {
    PAPSIM_SKEW_ABSOLUTE,
    PAPSIM_SKEW_RELATIVE,
    PAPSIM_SKEW_OWN
} papsim_skew_kind;

typedef struct {
    papsim_skew_kind kind;
    double value;
} papsim_skew;

int papsim_parse_skew(const char *s, papsim_skew *out, papsim_err *e);

/* The largest skew papsim simulates, in seconds. The simulated clock is a
 * double counting seconds, so its step grows with the time it shows: below
 * 8192 s it is at most 2^-40 s (0.9 ps), at 1e9 s 0.12 us, at 1e12 s
 * 0.12 ms. A collective that starts after a skew of that size loses its
 * digits (a 4 us reduce measured 4.05 us after 1e9 s and 0 after 1e12 s,
 * with status ok). The rule: until twice the skew (the last arrival plus a
 * collective as long again) the clock must step by less than 1 ps, a
 * millionth of a microsecond latency; so a skew may be at most 4096 s.
 * papsim_parse_skew refuses larger absolute skews, papsim run larger
 * resolved relative ones. */
#define PAPSIM_SKEW_MAX_S 4096.0

/* Fails, explaining the rule above, when skew_s (seconds) is larger than
 * PAPSIM_SKEW_MAX_S; `text` is the skew as written, for the message. */
int papsim_check_skew_limit(const char *text, double skew_s, papsim_err *e);

/* Canonical text that papsim_parse_skew reads back to the identical value:
 * "0", "100us", "1.5ms", "2s", "1.5x", "0.5x-own". Absolute skews use the
 * largest unit giving a value >= 1 and the fewest digits that round-trip;
 * when no short form round-trips, plain seconds with 17 digits. Truncates
 * to len (PAPSIM_UNITS_TEXT_MAX is always enough). */
void papsim_format_skew(const papsim_skew *s, char *buf, size_t len);

/* "0B", "8B", "1KiB", "3MiB", "2GiB", "1TiB": the largest binary unit that
 * divides the count exactly; otherwise the plain count with "B" ("1536B").
 * Always readable by papsim_parse_bytes. */
void papsim_format_bytes(long long bytes, char *buf, size_t len);

#endif
