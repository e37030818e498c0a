/* A trace's arrivals as a pattern file, for papsim pattern --from-trace
 * (trace.h). */
#include "hardware/trace.h"

#include <stdio.h>
#include <string.h>

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

