/* A trace's arrivals as a pattern file, for papsim pattern --from-trace
 * (trace.h). */
#include "hardware/trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/papsim_fs.h"
#include "util/papsim_output.h"

void papsim_trace_write_pattern(FILE *f, const char *trace_path, const char *collective,
                                const papsim_trace *t, size_t ncalls, const double *delay,
                                const long *count)
{
    int present = 0, contiguous = 1;
    for (int r = 0; r < t->world_size; r++) {
        if (count[r] > 0)
            contiguous &= present++ == r;
    }
    fprintf(f, "# papsim pattern --from-trace %s, collective %s: %zu calls; "
            "per rank, the mean of (arrival - first arrival of the call), "
            "seconds\n", trace_path, collective ? collective : "all",
            ncalls);
    if (!contiguous)
        fprintf(f, "# %d of %d world ranks, renumbered 0..%d in this file\n",
                present, t->world_size, present - 1);
    for (int r = 0; r < t->world_size; r++) {
        if (count[r] == 0)
            continue;
        if (contiguous)
            fprintf(f, "%d\t%.17g\n", r, delay[r]);
        else
            fprintf(f, "%.17g\t# world rank %d\n", delay[r], r);
    }
}

void papsim_trace_list_collectives(const papsim_trace *t, char *buf, size_t len)
{
    buf[0] = '\0';
    for (size_t i = 0; i < t->n; i++) {
        const char *c = t->rec[i].collective;
        size_t used = strlen(buf), n = strlen(c);
        const char *hit = strstr(buf, c);
        if (hit != NULL && (hit == buf || hit[-1] == ' ') &&
            (hit[n] == ',' || hit[n] == '\0'))
            continue;
        if (used + n + 3 < len)
            snprintf(buf + used, len - used, "%s%s", used ? ", " : "", c);
    }
}


int papsim_trace_pattern_file(const char *trace_path, const char *collective,
                              const char *out_path, papsim_err *e)
{
    papsim_trace t;
    papsim_trace_call *calls = NULL;
    size_t ncalls = 0;
    double *delay = NULL;
    long *count = NULL;
    int rc = PAPSIM_EXIT_BAD_INPUT;
    FILE *f = stdout;
    papsim_output out = {0};
    if (papsim_trace_read(trace_path, &t, e) != 0)
        return rc;
    if (papsim_trace_calls(&t, trace_path, collective, &calls, &ncalls, e) != 0)
        goto out;
    if (ncalls == 0) {
        char have[512];
        papsim_trace_list_collectives(&t, have, sizeof have);
        papsim_fail(e, "trace '%s' has no calls of %s (it has: %s)", trace_path,
                    collective ? collective : "any collective", have[0] ? have : "none");
        goto out;
    }
    rc = PAPSIM_EXIT_FAILED;
    delay = malloc((size_t)t.world_size * sizeof *delay);
    count = malloc((size_t)t.world_size * sizeof *count);
    if (delay == NULL || count == NULL) {
        papsim_fail(e, "out of memory");
        goto out;
    }
    papsim_trace_mean_delays(&t, calls, ncalls, delay, count);
    if (out_path && papsim_mkdir_parents(out_path, e) != 0) {
        papsim_fail_prefix(e, "-o: ");
        goto out;
    }
    if (out_path && papsim_output_open(&out, out_path, PAPSIM_OUTPUT_REPLACE, e) != 0) {
        papsim_fail_prefix(e, "-o: ");
        goto out;
    }
    if (out_path)
        f = out.f;
    papsim_trace_write_pattern(f, trace_path, collective, &t, ncalls, delay, count);
    if (out_path ? papsim_output_commit(&out, 0, e) != 0 : ferror(f) | fflush(f)) {
        papsim_fail(e, "cannot write '%s'", out_path ? out_path : "standard output");
        goto out;
    }
    rc = 0;
out:
    free(delay);
    free(count);
    free(calls);
    papsim_trace_free(&t);
    return rc;
}
