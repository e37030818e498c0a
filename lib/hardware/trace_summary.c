/* The summary of papsim trace-summary (trace.h): per collective and over
 * all calls, the skew statistics and the ranks most often last. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hardware/trace.h"

enum { TOP_LAST_RANKS = 3 };

/* " 3:48 2:2": the TOP_LAST_RANKS ranks most often last, most first. */
static void print_last_ranks(FILE *out, const papsim_trace_call *calls, size_t n,
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
        fprintf(out, " %d:%ld", best, last_count[best]);
        last_count[best] = 0;
    }
    fputc('\n', out);
}

static int print_row(FILE *out, const char *name, const papsim_trace_call *calls,
                     size_t n, long *scratch, int world_size, papsim_err *e)
{
    papsim_trace_skew_stats s;
    if (papsim_trace_skew_stats_of(calls, n, &s, e) != 0)
        return -1;
    fprintf(out, "%-21s %7zu %13.9f %13.9f %13.9f %13.9f ", name, s.calls, s.min,
            s.median, s.p90, s.max);
    print_last_ranks(out, calls, n, scratch, world_size);
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

int papsim_trace_summary_write(FILE *out, const char *path, papsim_trace *t, papsim_err *e)
{
    papsim_trace_call *all = NULL, *some = NULL;
    size_t n = 0;
    long *scratch = malloc((size_t)t->world_size * sizeof *scratch);
    int rc = 0;
    const char *done = "";
    if (scratch == NULL)
        return papsim_fail(e, "out of memory");
    if (papsim_trace_calls(t, path, NULL, &all, &n, e) != 0) {
        rc = -1;
        goto out;
    }
    fprintf(out, "trace %s: %d ranks (traced: %s), %zu records, %zu calls, every %ld, "
           "clock %s (error <= %.3g s), %lld dropped\n", path, t->world_size,
           t->traced_ranks[0] ? t->traced_ranks : "?", t->n, n, t->every,
           t->clock[0] ? t->clock : "?", t->clock_error_s, t->dropped);
    if (n == 0)
        goto out;
    if ((some = malloc(n * sizeof *some)) == NULL) {
        rc = papsim_fail(e, "out of memory");
        goto out;
    }
    fprintf(out, "%-21s %7s %13s %13s %13s %13s  %s\n", "collective", "calls",
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
        if ((rc = print_row(out, next, some, k, scratch, t->world_size, e)) != 0)
            goto out;
        done = next;
    }
    rc = print_row(out, "all", all, n, scratch, t->world_size, e);
out:
    free(all);
    free(some);
    free(scratch);
    return rc;
}
