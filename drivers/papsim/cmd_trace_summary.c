/* papsim trace-summary TRACE: how skewed the arrivals of a libpaptrace trace
 * are. Per collective and over all calls: the number of calls and the
 * minimum, median, 90th percentile and maximum of the per-call skew (last
 * arrival - first arrival; definitions in lib/hardware/trace.h), then the
 * ranks that most often arrived last. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "hardware/trace.h"

#define EXIT_BAD_INPUT 2
enum { TOP_LAST_RANKS = 3 };

static const char usage[] =
    "usage: papsim trace-summary TRACE\n"
    "\n"
    "Summarises a libpaptrace arrival trace (traces/README.md): per\n"
    "collective and for all calls, the number of calls and the min, median,\n"
    "p90 (nearest rank) and max of the per-call skew, the last arrival minus\n"
    "the first, in seconds; and which ranks were most often last (lowest\n"
    "rank on ties), as rank:calls.\n";

#define bad_input(...) papsim_cmd_bad_input("trace-summary", __VA_ARGS__)

/* " 3:48 2:2": the TOP_LAST_RANKS ranks most often last, most first. */
static void print_last_ranks(const papsim_trace_call *calls, size_t n,
                             long *last_count, int world_size)
{
    memset(last_count, 0, (size_t)world_size * sizeof *last_count);
    for (size_t i = 0; i < n; i++)
        last_count[calls[i].last_rank]++;
    for (int k = 0; k < TOP_LAST_RANKS; k++) {
        int best = -1;
        for (int r = 0; r < world_size; r++)
            if (last_count[r] > 0 && (best < 0 || last_count[r] > last_count[best]))
                best = r;
        if (best < 0)
            break;
        printf(" %d:%ld", best, last_count[best]);
        last_count[best] = 0;
    }
    putchar('\n');
}

static int print_row(const char *name, const papsim_trace_call *calls,
                     size_t n, long *scratch, int world_size)
{
    papsim_trace_skew_stats s;
    papsim_err e;
    if (papsim_trace_skew_stats_of(calls, n, &s, &e) != 0)
        return bad_input("%s", e.msg);
    printf("%-21s %7zu %13.9f %13.9f %13.9f %13.9f ", name, s.calls, s.min,
           s.median, s.p90, s.max);
    print_last_ranks(calls, n, scratch, world_size);
    return 0;
}

/* The calls of one collective, copied out of the list of all calls. */
static size_t select_collective(const papsim_trace *t,
                                const papsim_trace_call *all, size_t n,
                                const char *name, papsim_trace_call *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t->rec[all[i].first].collective, name))
            out[k++] = all[i];
    return k;
}

/* One row per collective in name order, then the "all" row. */
static int print_summary(const char *path, papsim_trace *t)
{
    papsim_trace_call *all = NULL, *some = NULL;
    size_t n = 0;
    long *scratch = malloc((size_t)t->world_size * sizeof *scratch);
    papsim_err e;
    int rc = 0;
    const char *done = "";
    if (scratch == NULL)
        return bad_input("out of memory");
    if (papsim_trace_calls(t, path, NULL, &all, &n, &e) != 0) {
        rc = bad_input("%s", e.msg);
        goto out;
    }
    printf("trace %s: %d ranks (traced: %s), %zu records, %zu calls, every %ld, "
           "clock %s (error <= %.3g s), %lld dropped\n", path, t->world_size,
           t->traced_ranks[0] ? t->traced_ranks : "?", t->n, n, t->every,
           t->clock[0] ? t->clock : "?", t->clock_error_s, t->dropped);
    if (n == 0)
        goto out;
    if ((some = malloc(n * sizeof *some)) == NULL) {
        rc = bad_input("out of memory");
        goto out;
    }
    printf("%-21s %7s %13s %13s %13s %13s  %s\n", "collective", "calls",
           "min_skew_s", "median_skew_s", "p90_skew_s", "max_skew_s",
           "most_often_last");
    for (;;) { /* the next collective name after `done`, in strcmp order */
        const char *next = NULL;
        for (size_t i = 0; i < n; i++) {
            const char *c = t->rec[all[i].first].collective;
            if (strcmp(c, done) > 0 && (next == NULL || strcmp(c, next) < 0))
                next = c;
        }
        if (next == NULL)
            break;
        size_t k = select_collective(t, all, n, next, some);
        if ((rc = print_row(next, some, k, scratch, t->world_size)) != 0)
            goto out;
        done = next;
    }
    rc = print_row("all", all, n, scratch, t->world_size);
out:
    free(all);
    free(some);
    free(scratch);
    return rc;
}

int papsim_cmd_trace_summary(int argc, char **argv)
{
    papsim_trace t;
    papsim_err e;
    int rc;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(usage, stdout);
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            return papsim_cmd_bad_option("trace-summary", '?', argv[i]);
    if (argc != 2)
        return bad_input("expected one trace file (see papsim trace-summary "
                         "--help)");
    if (papsim_trace_read(argv[1], &t, &e) != 0)
        return bad_input("%s", e.msg);
    rc = print_summary(argv[1], &t);
    if (fflush(stdout) != 0) {
        rc = papsim_cmd_failed("trace-summary", "cannot write the output: %s",
                               strerror(errno));
    }
    papsim_trace_free(&t);
    return rc;
}
