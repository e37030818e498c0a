/* Calls, per-rank mean delays and skew statistics of a paptrace trace
 * (definitions in trace.h). */
#include "hardware/trace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Communicator ids "owner.index" compare numerically, so that 10.0 sorts
 * after 2.0 and the calls come out in a stable, readable order. */
static int compare_comm(const char *a, const char *b)
{
    char *end_a, *end_b;
    long a0 = strtol(a, &end_a, 10), b0 = strtol(b, &end_b, 10);
    if (a0 != b0)
        return a0 < b0 ? -1 : 1;
    if (*end_a == '.' && *end_b == '.') {
        long a1 = strtol(end_a + 1, NULL, 10), b1 = strtol(end_b + 1, NULL, 10);
        if (a1 != b1)
            return a1 < b1 ? -1 : 1;
    }
    return strcmp(a, b);
}

static int compare_records(const void *pa, const void *pb)
{
    const papsim_trace_record *a = pa, *b = pb;
    int c = compare_comm(a->comm, b->comm);
    if (c != 0)
        return c;
    if (a->seq != b->seq)
        return a->seq < b->seq ? -1 : 1;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return (a->line > b->line) - (a->line < b->line);
}

static int same_call(const papsim_trace_record *a, const papsim_trace_record *b)
{
    return a->seq == b->seq && strcmp(a->comm, b->comm) == 0;
}

/* Checks that the records of one call agree, and fills its skew and last
 * rank. */
static int describe_call(const papsim_trace *t, const char *path,
                         papsim_trace_call *c, papsim_err *e)
{
    const papsim_trace_record *r = t->rec + c->first;
    double first = r[0].arrival, last = r[0].arrival;
    c->last_rank = r[0].rank;
    for (size_t i = 1; i < c->count; i++) {
        if (r[i].rank == r[i - 1].rank)
            return papsim_fail(e, "%s:%ld: rank %d appears twice in call %s "
                               "seq %lld (also line %ld)", path, r[i].line,
                               r[i].rank, r[i].comm, r[i].seq, r[i - 1].line);
        if (strcmp(r[i].collective, r[0].collective) != 0 ||
            r[i].comm_size != r[0].comm_size)
            return papsim_fail(e, "%s:%ld: call %s seq %lld is %s of %d "
                               "ranks here but %s of %d at line %ld", path,
                               r[i].line, r[i].comm, r[i].seq,
                               r[i].collective, r[i].comm_size,
                               r[0].collective, r[0].comm_size, r[0].line);
        if (r[i].arrival < first)
            first = r[i].arrival;
        if (r[i].arrival > last) { /* ranks ascend: ties keep the lowest */
            last = r[i].arrival;
            c->last_rank = r[i].rank;
        }
    }
    if (c->count > (size_t)r[0].comm_size)
        return papsim_fail(e, "%s:%ld: call %s seq %lld has %zu records for a "
                           "communicator of %d ranks", path, r[0].line,
                           r[0].comm, r[0].seq, c->count, r[0].comm_size);
    c->skew = last - first;
    return 0;
}

int papsim_trace_calls(papsim_trace *t, const char *path,
                       const char *collective, papsim_trace_call **calls,
                       size_t *ncalls, papsim_err *e)
{
    papsim_trace_call *list = NULL;
    size_t n = 0;
    *calls = NULL;
    *ncalls = 0;
    if (t->n == 0)
        return 0;
    qsort(t->rec, t->n, sizeof *t->rec, compare_records);
    if ((list = malloc(t->n * sizeof *list)) == NULL)
        return papsim_fail(e, "%s: out of memory for %zu calls", path, t->n);
    for (size_t i = 0; i < t->n;) {
        papsim_trace_call c = {.first = i, .count = 1};
        while (i + c.count < t->n && same_call(&t->rec[i], &t->rec[i + c.count]))
            c.count++;
        if (describe_call(t, path, &c, e) != 0) {
            free(list);
            return -1;
        }
        if (collective == NULL || strcmp(t->rec[i].collective, collective) == 0)
            list[n++] = c;
        i += c.count;
    }
    *calls = list;
    *ncalls = n;
    return 0;
}

void papsim_trace_mean_delays(const papsim_trace *t,
                              const papsim_trace_call *calls, size_t ncalls,
                              double *delay, long *count)
{
    for (int r = 0; r < t->world_size; r++) {
        delay[r] = 0;
        count[r] = 0;
    }
    for (size_t c = 0; c < ncalls; c++) {
        const papsim_trace_record *rec = t->rec + calls[c].first;
        double first = rec[0].arrival;
        for (size_t i = 1; i < calls[c].count; i++)
            first = rec[i].arrival < first ? rec[i].arrival : first;
        for (size_t i = 0; i < calls[c].count; i++) {
            delay[rec[i].rank] += rec[i].arrival - first;
            count[rec[i].rank]++;
        }
    }
    for (int r = 0; r < t->world_size; r++)
        if (count[r] > 0)
            delay[r] /= (double)count[r];
}

static int compare_doubles(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

int papsim_trace_skew_stats_of(const papsim_trace_call *calls, size_t n,
                               papsim_trace_skew_stats *out, papsim_err *e)
{
    double *s;
    if (n == 0)
        return papsim_fail(e, "no calls to summarise");
    if ((s = malloc(n * sizeof *s)) == NULL)
        return papsim_fail(e, "out of memory for %zu skews", n);
    for (size_t i = 0; i < n; i++)
        s[i] = calls[i].skew;
    qsort(s, n, sizeof *s, compare_doubles);
    out->calls = n;
    out->min = s[0];
    out->max = s[n - 1];
    out->median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    size_t rank90 = (size_t)ceil(0.9 * (double)n); /* 1-based nearest rank */
    out->p90 = s[rank90 - 1];
    free(s);
    return 0;
}
