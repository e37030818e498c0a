/* Arrival-pattern shapes, the seeded generator and pattern files; the
 * formulas and the file format are documented in pattern.h. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#endif
#include "cases/pattern.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/fnv1a.h"
#include "util/papsim_input.h"
#include "util/units.h"

#define TWO_PI 6.283185307179586476925286766559

/* ---- generator: splitmix64 seeding xoshiro256** ---- */

static uint64_t splitmix64_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void papsim_rng_seed(papsim_rng *r, unsigned long long seed)
{
    /* splitmix64 never yields four zero words, the one state xoshiro must
     * avoid, and spreads nearby seeds (1, 2, 3...) over the state. */
    uint64_t x = (uint64_t)seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64_next(&x);
}

uint64_t papsim_rng_next(papsim_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

double papsim_rng_uniform(papsim_rng *r)
{
    /* The top 53 bits fill a double's mantissa exactly. */
    return (double)(papsim_rng_next(r) >> 11) * 0x1.0p-53;
}

/* ---- shapes ---- */

typedef void (*fill_fn)(int np, double s, unsigned long long seed, double *d);

static void fill_no_delay(int np, double s, unsigned long long seed, double *d)
{
    (void)s, (void)seed;
    for (int i = 0; i < np; i++)
        d[i] = 0;
}

static void fill_ascending(int np, double s, unsigned long long seed, double *d)
{
    (void)seed;
    for (int i = 0; i < np; i++)
        d[i] = np == 1 ? 0 : s * ((double)i / (double)(np - 1));
}

static void fill_descending(int np, double s, unsigned long long seed,
                            double *d)
{
    (void)seed;
    for (int i = 0; i < np; i++)
        d[i] = np == 1 ? 0 : s * ((double)(np - 1 - i) / (double)(np - 1));
}

static void fill_first_delayed(int np, double s, unsigned long long seed,
                               double *d)
{
    fill_no_delay(np, s, seed, d);
    d[0] = s;
}

static void fill_last_delayed(int np, double s, unsigned long long seed,
                              double *d)
{
    fill_no_delay(np, s, seed, d);
    d[np - 1] = s;
}

static void fill_random(int np, double s, unsigned long long seed, double *d)
{
    papsim_rng r;
    papsim_rng_seed(&r, seed);
    for (int i = 0; i < np; i++)
        d[i] = s * papsim_rng_uniform(&r);
}

static void fill_half_delayed(int np, double s, unsigned long long seed,
                              double *d)
{
    (void)seed;
    for (int i = 0; i < np; i++)
        d[i] = i >= np / 2 ? s : 0;
}

static void fill_alternating(int np, double s, unsigned long long seed,
                             double *d)
{
    (void)seed;
    for (int i = 0; i < np; i++)
        d[i] = i % 2 == 1 ? s : 0;
}

/* |i - c| / c with c the middle position: 1 at the ends, 0 in the middle. */
static double distance_from_middle(int i, int np)
{
    double c = (np - 1) / 2.0;
    return fabs(i - c) / c;
}

static void fill_v_shape(int np, double s, unsigned long long seed, double *d)
{
    (void)seed;
    for (int i = 0; i < np; i++)
        d[i] = np == 1 ? 0 : s * distance_from_middle(i, np);
}

static void fill_peak(int np, double s, unsigned long long seed, double *d)
{
    (void)seed;
    for (int i = 0; i < np; i++)
        d[i] = np == 1 ? 0 : s * (1 - distance_from_middle(i, np));
}

static void fill_gaussian(int np, double s, unsigned long long seed, double *d)
{
    papsim_rng r;
    papsim_rng_seed(&r, seed);
    for (int i = 0; i < np; i++) {
        double u1 = papsim_rng_uniform(&r), u2 = papsim_rng_uniform(&r);
        /* 1 - u1 lies in (0, 1], so the logarithm is finite. */
        double z = sqrt(-2 * log(1 - u1)) * cos(TWO_PI * u2);
        double v = s / 2 + (s / 6) * z;
        d[i] = v < 0 ? 0 : v > s ? s : v;
    }
}

typedef struct {
    const char *name;
    const char *description;
    fill_fn fill;
} shape_entry;

/* Indexed by papsim_pattern_shape. */
static const shape_entry shapes[] = {
    {"no_delay", "every rank arrives at once (delay 0)", fill_no_delay},
    {"ascending", "rank i waits s*i/(np-1): rank 0 first, the last rank s "
     "late", fill_ascending},
    {"descending", "rank i waits s*(np-1-i)/(np-1): rank 0 is s late",
     fill_descending},
    {"first_delayed", "rank 0 is s late, the others arrive at once",
     fill_first_delayed},
    {"last_delayed", "rank np-1 is s late, the others arrive at once",
     fill_last_delayed},
    {"random", "each rank waits s*u, u uniform in [0,1) from --seed",
     fill_random},
    {"half_delayed", "ranks np/2 .. np-1 are s late", fill_half_delayed},
    {"alternating", "odd ranks are s late", fill_alternating},
    {"v_shape", "the middle rank first, delays grow to s at both ends",
     fill_v_shape},
    {"peak", "both ends first, delays grow to s in the middle", fill_peak},
    {"gaussian", "normal, mean s/2, sd s/6, clipped to [0,s], from --seed",
     fill_gaussian},
};

_Static_assert(sizeof shapes / sizeof shapes[0] == PAPSIM_PATTERN_FILE,
               "one table entry per built-in shape, in enum order");

size_t papsim_pattern_count(void) { return sizeof shapes / sizeof shapes[0]; }

const char *papsim_pattern_shape_name(size_t i)
{
    return i < papsim_pattern_count() ? shapes[i].name : NULL;
}

const char *papsim_pattern_shape_description(size_t i)
{
    return i < papsim_pattern_count() ? shapes[i].description : NULL;
}

static void list_shape_names(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < papsim_pattern_count() && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s, ",
                                 shapes[i].name);
    if (used < len)
        snprintf(buf + used, len - used, "file:PATH");
}

int papsim_pattern_parse(const char *spec, papsim_pattern *out, papsim_err *e)
{
    char valid[512];
    if (spec == NULL || *spec == '\0')
        return papsim_fail(e, "pattern is empty");
    memset(out, 0, sizeof *out);
    if (strncmp(spec, "file:", 5) == 0) {
        const char *path = spec + 5;
        if (*path == '\0')
            return papsim_fail(e, "pattern 'file:' has no path");
        if (strlen(path) >= sizeof out->path)
            return papsim_fail(e, "pattern file path is longer than %d "
                               "characters", PAPSIM_PATTERN_PATH_MAX - 1);
        out->shape = PAPSIM_PATTERN_FILE;
        memcpy(out->path, path, strlen(path) + 1);
        snprintf(out->name, sizeof out->name, "file:%s", path);
        return 0;
    }
    for (size_t i = 0; i < papsim_pattern_count(); i++) {
        if (strcmp(spec, shapes[i].name) == 0) {
            out->shape = (int)i;
            snprintf(out->name, sizeof out->name, "%s", shapes[i].name);
            return 0;
        }
    }
    list_shape_names(valid, sizeof valid);
    return papsim_fail(e, "unknown pattern '%s' (valid: %s)", spec, valid);
}

const char *papsim_pattern_name(const papsim_pattern *p)
{
    if (p->shape >= 0 && (size_t)p->shape < papsim_pattern_count())
        return shapes[p->shape].name;
    return p->name;
}

/* ---- pattern files ---- */

/* Parses one non-blank line: "DELAY" or "RANK DELAY" (rank == index). */
static int parse_file_line(char *line, long index, double *delay,
                           papsim_err *e)
{
    const char *blanks = " \t\r\n\v\f";
    char *save = NULL;
    char *first = strtok_r(line, blanks, &save);
    char *second = strtok_r(NULL, blanks, &save);
    long rank;
    if (strtok_r(NULL, blanks, &save) != NULL)
        return papsim_fail(e, "expected a delay or 'rank delay', got more "
                           "than two fields");
    if (second == NULL)
        return papsim_parse_duration(first, delay, e);
    if (papsim_parse_long(first, 0, LONG_MAX, "rank", &rank, e) != 0)
        return -1;
    if (rank != index)
        return papsim_fail(e, "rank %ld is out of order (expected %ld)", rank,
                           index);
    return papsim_parse_duration(second, delay, e);
}

/* Reads the delays of a pattern file into delays[0..np); the file must hold
 * exactly np of them. np < 0: every line checked, any count, none kept. */
static int read_pattern_file(const char *path, int np, double *delays,
                             papsim_err *e)
{
    papsim_input in;
    char *line = NULL;
    size_t len;
    long count = 0, lineno = 0;
    int rc = -1, got;
    if (papsim_input_open(&in, path, &papsim_limits_pattern, e) != 0)
        return -1;
    while ((got = papsim_input_getline(&in, &line, &len, e)) == 1) {
        double delay;
        char *hash = strchr(line, '#');
        lineno++;
        if (strlen(line) != len) {
            papsim_fail(e, "%s:%ld: a NUL byte: not a text file", path, lineno);
            goto out;
        }
        if (hash != NULL)
            *hash = '\0';
        if (line[strspn(line, " \t\r\n\v\f")] == '\0')
            continue;
        if (parse_file_line(line, count, &delay, e) != 0) {
            papsim_fail_prefix(e, "%s:%ld: ", path, lineno);
            goto out;
        }
        if (count < np)
            delays[count] = delay;
        count++;
    }
    if (got < 0)
        goto out;
    if (np >= 0 && count != np) {
        papsim_fail(e, "pattern file '%s' has %ld delays but np is %d", path,
                    count, np);
        goto out;
    }
    rc = 0;
out:
    papsim_input_close(&in);
    return rc;
}

/* Scales delays so that the largest becomes s; a ratio first, as for the
 * built-in shapes, so that no delay exceeds s. */
static void rescale_to_max(int np, double s, double *d)
{
    double max = 0;
    for (int i = 0; i < np; i++)
        if (d[i] > max)
            max = d[i];
    for (int i = 0; i < np; i++)
        d[i] = max > 0 ? s * (d[i] / max) : 0;
}

/* The content key of delays[0..np) as read from a file (pattern.h): each
 * delay's binary64 bits, least significant byte first, so every machine
 * gives one key. */
static void delays_key(const double *delays, int np, char key[17])
{
    uint64_t h = PAPSIM_FNV1A64_INIT;
    for (int i = 0; i < np; i++) {
        uint64_t bits;
        unsigned char bytes[8];
        memcpy(&bits, &delays[i], sizeof bits);
        for (int k = 0; k < 8; k++)
            bytes[k] = (unsigned char)(bits >> (8 * k));
        h = papsim_fnv1a64(h, bytes, sizeof bytes);
    }
    snprintf(key, PAPSIM_PATTERN_KEY_LEN + 1, "%016llx", (unsigned long long)h);
}

/* Reads a file pattern's delays; with a key given, they must have it. */
static int read_keyed_file(const papsim_pattern *p, int np, const char *key,
                           double *delays, papsim_err *e)
{
    char got[PAPSIM_PATTERN_KEY_LEN + 1];
    if (read_pattern_file(p->path, np, delays, e) != 0)
        return -1;
    if (key == NULL || key[0] == '\0')
        return 0;
    delays_key(delays, np, got);
    if (strcmp(got, key) == 0)
        return 0;
    return papsim_fail(e, "pattern file '%s' changed after its case was keyed: "
                       "its delays now have key %s, the case was keyed %s "
                       "(--pattern-key), so it is not run. Leave pattern files "
                       "alone while papsim runs their cases, then run papsim "
                       "again: it keys the new content and simulates that",
                       p->path, got, key);
}

int papsim_pattern_delays_keyed(const papsim_pattern *p, int np, double skew_s,
                                unsigned long long seed, int rescale_file,
                                const char *key, double *delays, papsim_err *e)
{
    if (np < 1 || np > PAPSIM_NP_MAX)
        return papsim_fail(e, "np %d must be between 1 and %d", np,
                           PAPSIM_NP_MAX);
    if (!(skew_s >= 0) || !isfinite(skew_s))
        return papsim_fail(e, "skew %.17g must be finite and >= 0", skew_s);
    if (p->shape == PAPSIM_PATTERN_FILE) {
        if (read_keyed_file(p, np, key, delays, e) != 0)
            return -1;
        if (rescale_file)
            rescale_to_max(np, skew_s, delays);
        return 0;
    }
    if (key != NULL && key[0] != '\0')
        return papsim_fail(e, "a pattern key (--pattern-key %s) applies to "
                           "file:PATH patterns only, not to '%s'", key,
                           papsim_pattern_name(p));
    if (p->shape < 0 || (size_t)p->shape >= papsim_pattern_count())
        return papsim_fail(e, "pattern shape %d is not valid", p->shape);
    shapes[p->shape].fill(np, skew_s, seed, delays);
    return 0;
}

int papsim_pattern_delays(const papsim_pattern *p, int np, double skew_s,
                          unsigned long long seed, int rescale_file,
                          double *delays, papsim_err *e)
{
    return papsim_pattern_delays_keyed(p, np, skew_s, seed, rescale_file, NULL,
                                       delays, e);
}

int papsim_pattern_file_check(const char *text, papsim_err *e)
{
    papsim_pattern pattern;
    if (papsim_pattern_parse(text, &pattern, e) != 0)
        return -1;
    return pattern.shape == PAPSIM_PATTERN_FILE ? read_pattern_file(pattern.path, -1, NULL, e) : 0;
}

int papsim_pattern_file_key(const char *text, int np, char key[17],
                            papsim_err *e)
{
    papsim_pattern pattern;
    key[0] = '\0';
    if (papsim_pattern_parse(text, &pattern, e) != 0)
        return -1;
    if (pattern.shape != PAPSIM_PATTERN_FILE)
        return 0;
    if (np < 1 || np > PAPSIM_NP_MAX)
        return papsim_fail(e, "np %d must be between 1 and %d", np, PAPSIM_NP_MAX);
    double *delays = malloc((size_t)np * sizeof *delays);
    if (delays == NULL)
        return papsim_fail(e, "out of memory");
    int rc = read_pattern_file(pattern.path, np, delays, e);
    if (rc == 0)
        delays_key(delays, np, key);
    free(delays);
    return rc;
}
