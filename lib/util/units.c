/* Parsers and formatters for durations, byte counts, bounded numbers and
 * skews; the conventions are documented in units.h. */
#include "util/units.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Exponents beyond this already overflow or underflow any double; clamping
 * keeps the exponent arithmetic itself from overflowing. */
#define EXPONENT_CLAMP 100000L
/* Longest mantissa text accepted; more digits than this cannot matter. */
#define MANTISSA_MAX 400

/* The shape of a decimal number at the start of a string. */
typedef struct {
    size_t len;      /* characters consumed; 0 when there is no number */
    size_t mant_len; /* sign, digits and point, without the exponent */
    long exponent;   /* value of the "e..." part, 0 when absent */
    int negative;
} decimal_text;

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static size_t skip_digits(const char *s, size_t i, int *count)
{
    while (is_digit(s[i])) {
        i++;
        (*count)++;
    }
    return i;
}

/* Scans [+-]digits[.digits][(e|E)[+-]digits] at s. An "e" without digits
 * is not part of the number (it is left for the unit check to refuse).
 * Returns 1 when s starts with a number. */
static int scan_decimal(const char *s, decimal_text *d)
{
    size_t i = 0;
    int ndigits = 0;
    memset(d, 0, sizeof *d);
    if (s[i] == '+' || s[i] == '-')
        d->negative = s[i++] == '-';
    i = skip_digits(s, i, &ndigits);
    if (s[i] == '.')
        i = skip_digits(s, i + 1, &ndigits);
    if (ndigits == 0)
        return 0;
    d->mant_len = d->len = i;
    if (s[i] == 'e' || s[i] == 'E') {
        size_t j = i + 1;
        int exp_negative = 0, exp_digits = 0;
        long exponent = 0;
        if (s[j] == '+' || s[j] == '-')
            exp_negative = s[j++] == '-';
        for (; is_digit(s[j]); j++, exp_digits++)
            if (exponent < EXPONENT_CLAMP)
                exponent = exponent * 10 + (s[j] - '0');
        if (exp_digits > 0) {
            d->exponent = exp_negative ? -exponent : exponent;
            d->len = j;
        }
    }
    return 1;
}

/* Converts the scanned number times 10^shift with a single correctly
 * rounded strtod call, so unit scaling adds no rounding error. */
static int decimal_to_double(const char *s, const decimal_text *d, int shift,
                             double *v)
{
    char buf[MANTISSA_MAX + 32];
    if (d->mant_len > MANTISSA_MAX)
        return -1;
    snprintf(buf, sizeof buf, "%.*se%ld", (int)d->mant_len, s,
             d->exponent + shift);
    *v = strtod(buf, NULL);
    return 0;
}

/* Parses a whole string as a plain decimal number times 10^shift. */
static int decimal_value(const char *s, int shift, double *v)
{
    decimal_text d;
    if (!scan_decimal(s, &d) || s[d.len] != '\0')
        return -1;
    return decimal_to_double(s, &d, shift, v);
}

typedef struct {
    const char *name;
    int shift; /* seconds = value * 10^shift */
} time_unit;

static const time_unit time_units[] = {
    {"", 0}, {"s", 0}, {"ms", -3}, {"us", -6}, {"\xC2\xB5s", -6}, {"ns", -9},
};

static const time_unit *find_time_unit(const char *name)
{
    for (size_t i = 0; i < sizeof time_units / sizeof time_units[0]; i++)
        if (strcmp(time_units[i].name, name) == 0)
            return &time_units[i];
    return NULL;
}

/* The duration parser behind both papsim_parse_duration ("duration ...")
 * and absolute skews ("skew ..."), so messages name what the user wrote. */
static int parse_duration_as(const char *what, const char *s, double *out,
                             papsim_err *e)
{
    decimal_text d;
    const time_unit *unit;
    double v;
    if (s == NULL || *s == '\0')
        return papsim_fail(e, "%s is empty", what);
    if (!scan_decimal(s, &d))
        return papsim_fail(e, "%s '%s' is not a number with an optional "
                           "unit (ns, us, ms, s)", what, s);
    unit = find_time_unit(s + d.len);
    if (unit == NULL)
        return papsim_fail(e, "%s '%s' has an unknown unit '%s' (use ns, us, "
                           "ms or s)", what, s, s + d.len);
    if (decimal_to_double(s, &d, unit->shift, &v) != 0)
        return papsim_fail(e, "%s '%s' has too many digits", what, s);
    if (v < 0)
        return papsim_fail(e, "%s '%s' is negative", what, s);
    if (!isfinite(v))
        return papsim_fail(e, "%s '%s' is too large", what, s);
    *out = v + 0.0; /* turns "-0" into +0 */
    return 0;
}

int papsim_parse_duration(const char *s, double *seconds, papsim_err *e)
{
    return parse_duration_as("duration", s, seconds, e);
}

int papsim_parse_long(const char *s, long min, long max, const char *what,
                      long *out, papsim_err *e)
{
    decimal_text d;
    long v;
    if (s == NULL || *s == '\0')
        return papsim_fail(e, "%s is empty", what);
    /* Only sign and digits: strtol alone would accept blanks and "0x". */
    if (!scan_decimal(s, &d) || d.len != strlen(s) || strpbrk(s, ".eE"))
        return papsim_fail(e, "%s '%s' is not an integer", what, s);
    errno = 0;
    v = strtol(s, NULL, 10);
    if (errno == ERANGE || v < min || v > max)
        return papsim_fail(e, "%s '%s' must be between %ld and %ld", what, s,
                           min, max);
    *out = v;
    return 0;
}

int papsim_parse_double(const char *s, double min, double max,
                        const char *what, double *out, papsim_err *e)
{
    double v;
    if (s == NULL || *s == '\0')
        return papsim_fail(e, "%s is empty", what);
    if (decimal_value(s, 0, &v) != 0)
        return papsim_fail(e, "%s '%s' is not a number", what, s);
    if (!isfinite(v))
        return papsim_fail(e, "%s '%s' is too large", what, s);
    if (v < min || v > max) {
        if (isinf(max))
            return papsim_fail(e, "%s '%s' must be at least %.15g", what, s,
                               min);
        if (isinf(min))
            return papsim_fail(e, "%s '%s' must be at most %.15g", what, s,
                               max);
        return papsim_fail(e, "%s '%s' must be between %.15g and %.15g", what,
                           s, min, max);
    }
    *out = v + 0.0;
    return 0;
}

int papsim_parse_u64(const char *s, const char *what, unsigned long long *out,
                     papsim_err *e)
{
    unsigned long long v;
    int ndigits = 0;
    if (s == NULL || *s == '\0')
        return papsim_fail(e, "%s is empty", what);
    /* strtoull would accept "-1" and wrap it around. */
    if (skip_digits(s, 0, &ndigits) != strlen(s))
        return papsim_fail(e, "%s '%s' is not a non-negative integer", what,
                           s);
    errno = 0;
    v = strtoull(s, NULL, 10);
    if (errno == ERANGE)
        return papsim_fail(e, "%s '%s' is larger than %llu", what, s,
                           ULLONG_MAX);
    *out = v;
    return 0;
}

/* ---- byte counts ---- */

typedef struct {
    const char *name;
    long long factor;
} byte_unit;

#define KI 1024LL
static const byte_unit byte_units[] = {
    {"", 1},           {"B", 1},
    {"KiB", KI},       {"MiB", KI * KI},  {"GiB", KI * KI * KI},
    {"TiB", KI * KI * KI * KI},
    {"k", KI},         {"K", KI},         {"M", KI * KI},
    {"G", KI * KI * KI},                  {"T", KI * KI * KI * KI},
    {"kB", 1000},      {"KB", 1000},      {"MB", 1000000},
    {"GB", 1000000000}, {"TB", 1000000000000LL},
};

static const byte_unit *find_byte_unit(const char *name)
{
    for (size_t i = 0; i < sizeof byte_units / sizeof byte_units[0]; i++)
        if (strcmp(byte_units[i].name, name) == 0)
            return &byte_units[i];
    return NULL;
}

static unsigned long long gcd_ull(unsigned long long a, unsigned long long b)
{
    while (b != 0) {
        unsigned long long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* The digits "ddd.fff" of a byte count, split into whole and fraction. */
typedef struct {
    unsigned long long whole;
    unsigned long long frac;  /* fraction digits without trailing zeros */
    unsigned long long scale; /* 10^(number of those digits) */
    int too_big, too_precise;
} byte_digits;

static void read_byte_digits(const char *s, size_t len, byte_digits *b)
{
    size_t i = (s[0] == '+' || s[0] == '-') ? 1 : 0, last = 0;
    memset(b, 0, sizeof *b);
    b->scale = 1;
    for (; i < len && is_digit(s[i]); i++) {
        unsigned digit = (unsigned)(s[i] - '0');
        if (b->whole > (ULLONG_MAX - digit) / 10)
            b->too_big = 1;
        else
            b->whole = b->whole * 10 + digit;
    }
    if (i < len && s[i] == '.') {
        i++;
        for (size_t j = i; j < len; j++) /* last non-zero fraction digit */
            if (s[j] != '0')
                last = j + 1;
        for (; i < last; i++) {
            if (b->scale > ULLONG_MAX / 100) { /* keeps 10*scale in range */
                b->too_precise = 1;
                return;
            }
            b->frac = b->frac * 10 + (unsigned)(s[i] - '0');
            b->scale *= 10;
        }
    }
}

/* whole * factor + frac * factor / scale, exactly; -1 when it is not a
 * whole number, -2 when it exceeds LLONG_MAX. */
static int combine_bytes(const byte_digits *b, long long factor,
                         long long *out)
{
    unsigned long long f = (unsigned long long)factor, num = b->frac;
    unsigned long long den = b->scale, g, part, total;
    g = gcd_ull(num, den);
    num /= g, den /= g;
    g = gcd_ull(f, den);
    den /= g;
    if (den != 1)
        return -1;
    if (num > (unsigned long long)LLONG_MAX / (f / g))
        return -2;
    part = num * (f / g);
    if (b->whole > (unsigned long long)LLONG_MAX / f)
        return -2;
    total = b->whole * f;
    if (total > (unsigned long long)LLONG_MAX - part)
        return -2;
    *out = (long long)(total + part);
    return 0;
}

int papsim_parse_bytes(const char *s, long long *bytes, papsim_err *e)
{
    decimal_text d;
    const byte_unit *unit;
    byte_digits b;
    long long v = 0;
    int rc;
    if (s == NULL || *s == '\0')
        return papsim_fail(e, "bytes is empty");
    if (!scan_decimal(s, &d))
        return papsim_fail(e, "bytes '%s' is not a number with an optional "
                           "unit (B, KiB, MiB, GiB, k, M, G, kB, MB, GB)", s);
    /* No exponents: "1e3" reads as 1 with the unknown unit "e3". */
    unit = find_byte_unit(s + d.mant_len);
    if (unit == NULL)
        return papsim_fail(e, "bytes '%s' has an unknown unit '%s' (use B, "
                           "KiB, MiB, GiB, TiB, k, K, M, G, T, kB, KB, MB, "
                           "GB, TB)", s, s + d.mant_len);
    read_byte_digits(s, d.mant_len, &b);
    if (d.negative && (b.whole != 0 || b.frac != 0))
        return papsim_fail(e, "bytes '%s' is negative", s);
    if (b.too_big)
        return papsim_fail(e, "bytes '%s' is too large", s);
    if (b.too_precise)
        return papsim_fail(e, "bytes '%s' has too many decimal digits", s);
    rc = combine_bytes(&b, unit->factor, &v);
    if (rc == -1)
        return papsim_fail(e, "bytes '%s' is not a whole number of bytes", s);
    if (rc == -2)
        return papsim_fail(e, "bytes '%s' is too large", s);
    *bytes = v;
    return 0;
}

void papsim_format_bytes(long long bytes, char *buf, size_t len)
{
    static const char *const names[] = {"TiB", "GiB", "MiB", "KiB"};
    for (int k = 0; k < 4 && bytes != 0; k++) {
        long long unit = 1LL << (10 * (4 - k));
        if (bytes % unit == 0) {
            snprintf(buf, len, "%lld%s", bytes / unit, names[k]);
            return;
        }
    }
    snprintf(buf, len, "%lldB", bytes);
}

/* ---- skews ---- */

int papsim_check_skew_limit(const char *text, double skew_s, papsim_err *e)
{
    if (skew_s <= PAPSIM_SKEW_MAX_S)
        return 0;
    double end = 2 * skew_s; /* HUGE_VAL for the largest doubles: no step then */
    return papsim_fail(e, "skew '%s' is too large: a skew may be at most %g s, so that the "
                          "simulated clock (seconds in a double) steps by less than 1 ps until "
                          "twice the skew; at %g s it steps by %.2g s and the collective's "
                          "times lose their digits",
                       text, PAPSIM_SKEW_MAX_S, end,
                       isfinite(end) ? nextafter(end, INFINITY) - end : HUGE_VAL);
}

int papsim_parse_skew(const char *s, papsim_skew *out, papsim_err *e)
{
    decimal_text d;
    const char *rest;
    double v;
    if (s == NULL || *s == '\0')
        return papsim_fail(e, "skew is empty");
    if (scan_decimal(s, &d)) {
        rest = s + d.len;
        if (strcmp(rest, "x") == 0 || strcmp(rest, "x-own") == 0) {
            if (decimal_to_double(s, &d, 0, &v) != 0)
                return papsim_fail(e, "skew '%s' has too many digits", s);
            if (v < 0)
                return papsim_fail(e, "skew '%s' is negative", s);
            if (!isfinite(v))
                return papsim_fail(e, "skew '%s' is too large", s);
            out->kind = rest[1] == '\0' ? PAPSIM_SKEW_RELATIVE
                                        : PAPSIM_SKEW_OWN;
            out->value = v + 0.0;
            return 0;
        }
    } else {
        return papsim_fail(e, "skew '%s' is neither a duration (100us, 2ms, "
                           "1.5s) nor a factor (1.5x, 1.5x-own)", s);
    }
    if (parse_duration_as("skew", s, &v, e) != 0 || papsim_check_skew_limit(s, v, e) != 0)
        return -1;
    out->kind = PAPSIM_SKEW_ABSOLUTE;
    out->value = v;
    return 0;
}

/* Writes the shortest "%.*g" text of `scaled` that reads back (times
 * 10^shift) as exactly v, followed by suffix. Returns 0 when none fits. */
static int format_round_trip(double v, double scaled, int shift,
                             const char *suffix, int allow_exponent,
                             char *buf, size_t len)
{
    char num[40];
    for (int p = 1; p <= 17; p++) {
        double back;
        snprintf(num, sizeof num, "%.*g", p, scaled);
        if (!allow_exponent && strpbrk(num, "eE"))
            continue;
        if (decimal_value(num, shift, &back) == 0 && back == v) {
            snprintf(buf, len, "%s%s", num, suffix);
            return 1;
        }
    }
    return 0;
}

static void format_seconds(double v, char *buf, size_t len)
{
    static const struct { double min, scale; int shift; const char *name; }
        units[] = {{1, 1, 0, "s"}, {1e-3, 1e3, -3, "ms"},
                   {1e-6, 1e6, -6, "us"}, {0, 1e9, -9, "ns"}};
    if (v == 0) {
        snprintf(buf, len, "0");
        return;
    }
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (v >= units[i].min) {
            if (format_round_trip(v, v * units[i].scale, units[i].shift,
                                  units[i].name, 0, buf, len))
                return;
            break;
        }
    }
    if (!format_round_trip(v, v, 0, "s", 1, buf, len))
        snprintf(buf, len, "%.17gs", v);
}

void papsim_format_skew(const papsim_skew *s, char *buf, size_t len)
{
    const char *suffix;
    if (len == 0)
        return;
    if (s->kind == PAPSIM_SKEW_ABSOLUTE) {
        format_seconds(s->value, buf, len);
        return;
    }
    suffix = s->kind == PAPSIM_SKEW_RELATIVE ? "x" : "x-own";
    if (!format_round_trip(s->value, s->value, 0, suffix, 0, buf, len) &&
        !format_round_trip(s->value, s->value, 0, suffix, 1, buf, len))
        snprintf(buf, len, "%.17g%s", s->value, suffix);
}
