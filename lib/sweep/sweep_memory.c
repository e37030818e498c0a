/* The forecast's memory model and the check before a run (sweep_memory.h). */
#include "sweep/sweep_memory.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep/sweep.h"
#include "util/papsim_error.h"
#include "util/units.h"

/* Shared buffers are mapped in blocks of this size (SMPI's
 * smpi/shared-malloc-blocksize default). */
static const double SHARED_BLOCK = 1024.0 * 1024;
/* smpi/auto-shared-malloc-thresh as papsim sets it for timing-only cases. */
static const double SHARED_THRESH = 65536;

static int is_one_of(const char *name, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(name, *list))
            return 1;
    return 0;
}

/* One buffer of `size` bytes on every rank. */
static void add_buffer(sweep_memory *m, const papsim_case *c, double np, double size)
{
    if (!c->check && size > SHARED_THRESH) {
        m->bytes += size;
        m->mappings += np * ceil(size / SHARED_BLOCK);
    } else {
        m->bytes += np * size;
    }
}

sweep_memory sweep_case_memory(const papsim_case *c)
{
    static const char *const blocks[] = {"allgather", "allgatherv", "gather", "gatherv",
                                         "scatter", "scatterv", NULL};
    static const char *const pairs[] = {"alltoall", "alltoallv", NULL};
    const double np = c->np > 0 ? c->np : 1, bytes = (double)c->bytes;
    sweep_memory m = {SWEEP_MEMORY_BASE + np * SWEEP_MEMORY_PER_RANK,
                      SWEEP_MEMORY_BASE_MAPS + np * SWEEP_MEMORY_RANK_MAPS};
    if (is_one_of(c->collective, pairs)) {
        add_buffer(&m, c, np, np * bytes);
        add_buffer(&m, c, np, np * bytes);
    } else if (is_one_of(c->collective, blocks)) {
        add_buffer(&m, c, np, np * bytes);
        add_buffer(&m, c, np, bytes);
    } else {
        for (int k = 0; k < 3; k++)
            add_buffer(&m, c, np, bytes);
    }
    return m;
}

void sweep_memory_need_init(sweep_memory_need *need, int workers)
{
    const int cap = (int)(sizeof need->largest / sizeof need->largest[0]);
    memset(need, 0, sizeof *need);
    need->keep = workers < 1 ? 1 : workers > cap ? cap : workers;
}

void sweep_memory_need_add(sweep_memory_need *need, const papsim_case *c)
{
    const sweep_memory m = sweep_case_memory(c);
    if (m.mappings > need->mappings)
        need->mappings = m.mappings;
    int i = need->n < need->keep ? need->n++ : need->keep;
    if (i == need->keep && m.bytes <= need->largest[need->keep - 1])
        return;
    if (i == need->keep)
        i--;
    for (; i > 0 && need->largest[i - 1] < m.bytes; i--)
        need->largest[i] = need->largest[i - 1];
    need->largest[i] = m.bytes;
    if (i == 0)
        need->costliest = c;
}

/* MemAvailable of /proc/meminfo in bytes, or -1 if it is not there. The
 * file is read a line at a time, at most 256 lines. */
static double mem_available(void)
{
    char line[256];
    double kib = -1;
    FILE *f = fopen("/proc/meminfo", "r");
    for (int n = 0; f && n < 256 && fgets(line, sizeof line, f); n++)
        if (!strncmp(line, "MemAvailable:", 13)) {
            char *end;
            kib = strtod(line + 13, &end);
            if (end == line + 13 || !(kib >= 0))
                kib = -1;
            break;
        }
    if (f)
        fclose(f);
    return kib < 0 ? -1 : kib * 1024;
}

/* vm.max_map_count, or -1 if it cannot be read. */
static double max_map_count(void)
{
    char line[64];
    double n = -1;
    FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
    if (f && fgets(line, sizeof line, f)) {
        char *end;
        n = strtod(line, &end);
        if (end == line || !(n > 0))
            n = -1;
    }
    if (f)
        fclose(f);
    return n;
}

/* What the machine has: the variable when it is set (checked), else `read`. */
static int machine_figure(const char *var, int is_size, double (*read)(void), double *out,
                          papsim_err *e)
{
    const char *text = getenv(var);
    if (!text) {
        *out = read();
        return 0;
    }
    if (is_size) {
        long long b;
        if (papsim_parse_bytes(text, &b, e) != 0) {
            papsim_fail_prefix(e, "%s: ", var);
            return -1;
        }
        *out = (double)b;
        return 0;
    }
    long n;
    if (papsim_parse_long(text, 1, 1L << 40, var, &n, e) != 0)
        return -1;
    *out = (double)n;
    return 0;
}

static double gib(double bytes) { return bytes / (1024.0 * 1024 * 1024); }

/* A power of two at least 5/4 of `mappings` (room for the model's error). */
static double map_count_advice(double mappings)
{
    double n = 65536;
    while (n < 1.25 * mappings)
        n *= 2;
    return n;
}

int sweep_memory_check(const sweep_memory_need *need, int go_on, const char *who, papsim_err *e)
{
    double avail, maps;
    char why[1024] = "";
    if (need->n == 0)
        return 0;
    if (machine_figure(SWEEP_MEMORY_ENV_AVAILABLE, 1, mem_available, &avail, e) != 0 ||
        machine_figure(SWEEP_MEMORY_ENV_MAP_COUNT, 0, max_map_count, &maps, e) != 0)
        return -1;
    double total = 0;
    for (int i = 0; i < need->n; i++)
        total += need->largest[i];
    const papsim_case *c = need->costliest;
    const char *source = getenv(SWEEP_MEMORY_ENV_AVAILABLE) ? SWEEP_MEMORY_ENV_AVAILABLE
                                                            : "MemAvailable in /proc/meminfo";
    if (avail >= 0 && total > avail) {
        char workers[96] = "";
        if (need->n > 1)
            snprintf(workers, sizeof workers, " (%.1f GiB with %d workers side by side)",
                     gib(total), need->n);
        snprintf(why, sizeof why,
                 "forecast: %s/%s np=%d needs about %.1f GiB of memory%s, %.1f GiB more than "
                 "the %.1f GiB available (%s)%s",
                 c->collective, c->algorithm, c->np, gib(need->largest[0]), workers,
                 gib(total - avail), gib(avail), source,
                 need->n > 1 ? ": fewer workers (--jobs), fewer ranks or a larger machine"
                             : ": fewer ranks or a larger machine");
    } else if (maps >= 0 && need->mappings > maps) {
        snprintf(why, sizeof why,
                 "forecast: the largest case needs about %.0f memory mappings (two per rank: "
                 "its stack and a guard page; one per rank and 1 MiB of each shared buffer), "
                 "more than vm.max_map_count allows (%.0f%s), and SimGrid would abort; raise it "
                 "as root: 'sysctl -w vm.max_map_count=%.0f'",
                 need->mappings, maps,
                 getenv(SWEEP_MEMORY_ENV_MAP_COUNT) ? ", " SWEEP_MEMORY_ENV_MAP_COUNT : "",
                 map_count_advice(need->mappings));
    }
    if (!why[0])
        return 0;
    if (go_on) {
        papsim_print_note(who, "warning: %s", why);
        return 0;
    }
    return papsim_fail(e, "%s; --ignore-memory runs it anyway", why);
}

int sweep_memory_forecast(const sweep_case *v, int n,
                          int (*done)(const void *ctx, const sweep_case *sc), const void *ctx,
                          int jobs, int quiet, int go_on, papsim_err *e)
{
    sweep_memory_need need;
    sweep_memory_need_init(&need, jobs);
    for (int i = 0; i < n; i++) {
        const sweep_case *sc = &v[i];
        if (!sc->unsupported && !sc->left_out && !(done && done(ctx, sc)))
            sweep_memory_need_add(&need, &sc->c);
    }
    if (!quiet && need.costliest) {
        double total = 0;
        for (int i = 0; i < need.n; i++)
            total += need.largest[i];
        char side[96] = "";
        if (need.n > 1)
            snprintf(side, sizeof side, ", %.2f GiB for the %d largest side by side (one per worker)",
                     total / (1024.0 * 1024 * 1024), need.n);
        papsim_print_note("papsim run",
                          "forecast: memory: about %.2f GiB for the largest case (%s/%s np=%d)%s",
                          need.largest[0] / (1024.0 * 1024 * 1024), need.costliest->collective,
                          need.costliest->algorithm, need.costliest->np, side);
    }
    return sweep_memory_check(&need, go_on, "papsim run", e);
}
