/* libpaptrace: the PAPTRACE_* environment variables (MPI-free). Every
 * problem names the variable, its value and what is wrong, because the
 * tracer stops the run rather than trace something else than was asked. */
#include "paptrace.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const collective_names[PAPTRACE_NCOLLECTIVES] = {
#define PAPSIM_COLLECTIVE(name, ...) #name,
#include "collectives.def"
};

const char *paptrace_collective_name(int c)
{
    return c >= 0 && c < PAPTRACE_NCOLLECTIVES ? collective_names[c] : "?";
}

__attribute__((format(printf, 3, 4)))
static int fail(char *err, int err_len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, (size_t)err_len, fmt, ap);
    va_end(ap);
    return -1;
}

/* Strict decimal integer in [min, max]: no sign games, no trailing text. */
static int parse_long(const char *s, long min, long max, long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

/* "0,3-5": marks the listed world ranks and writes the list back. */
static int read_ranks(paptrace_config *cfg, const char *text, int world_size,
                      char *err, int err_len)
{
    char item[64];
    const char *p = text;
    if (*text == '\0')
        return fail(err, err_len, "PAPTRACE_RANKS is empty (give ranks such "
                    "as 0,3-5, or unset it to trace every rank)");
    while (*p != '\0') {
        size_t n = strcspn(p, ",");
        long lo, hi;
        if (n == 0 || n >= sizeof item)
            return fail(err, err_len, "PAPTRACE_RANKS='%s': empty or overlong "
                        "item (expected a list such as 0,3-5)", text);
        memcpy(item, p, n);
        item[n] = '\0';
        char *dash = strchr(item, '-');
        if (dash != NULL)
            *dash = '\0';
        if (parse_long(item, 0, INT_MAX, &lo) != 0 ||
            parse_long(dash ? dash + 1 : item, 0, INT_MAX, &hi) != 0 || hi < lo)
            return fail(err, err_len, "PAPTRACE_RANKS='%s': '%.*s' is not a "
                        "rank or a range lo-hi", text, (int)n, p);
        if (hi >= world_size)
            return fail(err, err_len, "PAPTRACE_RANKS='%s': rank %ld is out of "
                        "range (the run has %d ranks)", text, hi, world_size);
        for (long r = lo; r <= hi; r++)
            cfg->rank_traced[r] = 1;
        p += n;
        if (*p == ',' && *++p == '\0')
            return fail(err, err_len, "PAPTRACE_RANKS='%s': trailing comma",
                        text);
    }
    snprintf(cfg->ranks_text, sizeof cfg->ranks_text, "%s", text);
    return 0;
}

static int collective_by_name(const char *name, size_t len)
{
    for (int c = 0; c < PAPTRACE_NCOLLECTIVES; c++)
        if (strlen(collective_names[c]) == len &&
            strncmp(collective_names[c], name, len) == 0)
            return c;
    return -1;
}

static int read_collectives(paptrace_config *cfg, const char *text,
                            char *err, int err_len)
{
    const char *p = text;
    cfg->collective_mask = 0;
    do {
        size_t n = strcspn(p, ",");
        int c = collective_by_name(p, n);
        if (c < 0) {
            char valid[512] = "";
            for (int k = 0; k < PAPTRACE_NCOLLECTIVES; k++) {
                strcat(valid, collective_names[k]);
                if (k + 1 < PAPTRACE_NCOLLECTIVES)
                    strcat(valid, ", ");
            }
            return fail(err, err_len, "PAPTRACE_COLLECTIVES='%s': unknown "
                        "collective '%.*s' (valid: %s)", text, (int)n, p,
                        valid);
        }
        cfg->collective_mask |= 1u << c;
        p += n;
    } while (*p++ == ',');
    snprintf(cfg->collectives_text, sizeof cfg->collectives_text, "%s", text);
    return 0;
}

int paptrace_config_read(paptrace_config *cfg, int world_size,
                         char *(*getenv_fn)(const char *name),
                         char *err, int err_len)
{
    const char *out = getenv_fn("PAPTRACE_OUT");
    const char *every = getenv_fn("PAPTRACE_EVERY");
    const char *max = getenv_fn("PAPTRACE_MAX_RECORDS");
    const char *ranks = getenv_fn("PAPTRACE_RANKS");
    const char *colls = getenv_fn("PAPTRACE_COLLECTIVES");
    const char *force = getenv_fn("PAPTRACE_FORCE");
    memset(cfg, 0, sizeof *cfg);
    cfg->every = 1;
    cfg->max_records = PAPTRACE_DEFAULT_MAX_RECORDS;
    cfg->collective_mask = (1u << PAPTRACE_NCOLLECTIVES) - 1;
    strcpy(cfg->ranks_text, "all");
    strcpy(cfg->collectives_text, "all");
    cfg->rank_traced = malloc(world_size > 0 ? (size_t)world_size : 1);
    if (cfg->rank_traced == NULL)
        return fail(err, err_len, "out of memory for %d ranks", world_size);
    memset(cfg->rank_traced, ranks == NULL, world_size > 0 ? (size_t)world_size : 1);

    if (out == NULL)
        out = PAPTRACE_DEFAULT_OUT;
    if (*out == '\0' || strlen(out) >= sizeof cfg->out)
        return fail(err, err_len, "PAPTRACE_OUT is empty or longer than %zu "
                    "characters", sizeof cfg->out - 1);
    strcpy(cfg->out, out);
    if (force != NULL && strcmp(force, "0") != 0 && strcmp(force, "1") != 0)
        return fail(err, err_len, "PAPTRACE_FORCE='%s': expected 1 (replace an existing "
                    "PAPTRACE_OUT) or 0", force);
    cfg->force = force != NULL && !strcmp(force, "1");
    if (every != NULL && parse_long(every, 1, LONG_MAX, &cfg->every) != 0)
        return fail(err, err_len, "PAPTRACE_EVERY='%s' is not a positive "
                    "integer (1 traces every call, k every k-th)", every);
    if (max != NULL && parse_long(max, 1, LONG_MAX / (long)sizeof(paptrace_record),
                                  &cfg->max_records) != 0)
        return fail(err, err_len, "PAPTRACE_MAX_RECORDS='%s' is not a positive "
                    "integer", max);
    if (ranks != NULL && read_ranks(cfg, ranks, world_size, err, err_len) != 0)
        return -1;
    if (colls != NULL && read_collectives(cfg, colls, err, err_len) != 0)
        return -1;
    return 0;
}

void paptrace_config_free(paptrace_config *cfg)
{
    free(cfg->rank_traced);
    cfg->rank_traced = NULL;
}
