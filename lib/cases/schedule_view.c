/* Reading arrival times for a Clairvoyant schedule and the views of a
 * schedule papsim schedule prints (schedule_view.h). */
#include "cases/schedule_view.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cases/pattern.h"
#include "util/units.h"

/* Splits "a:b:c" after the prefix into exactly n fields (copies in buf). */
static int split_fields(const char *s, char *buf, size_t len, char **field,
                        int n)
{
    if (strlen(s) >= len)
        return -1;
    strcpy(buf, s);
    int k = 0;
    char *p = buf;
    for (;;) {
        if (k == n)
            return -1;
        field[k++] = p;
        char *colon = strchr(p, ':');
        if (colon == NULL)
            break;
        *colon = '\0';
        p = colon + 1;
    }
    return k == n ? 0 : -1;
}

int papsim_clv_arrivals_read(const char *spec, int np, double *a, papsim_err *err)
{
    papsim_err e;
    char buf[PAPSIM_PATTERN_PATH_MAX + 64], *fld[3];
    if (spec == NULL || strcmp(spec, "uniform") == 0) {
        for (int i = 0; i < np; i++)
            a[i] = 0;
        return 0;
    }
    if (strncmp(spec, "one-late:", 9) == 0) {
        long rank;
        double delay;
        if (split_fields(spec + 9, buf, sizeof buf, fld, 2) != 0)
            return papsim_fail(err, "arrivals '%s': want one-late:RANK:DELAY", spec);
        if (papsim_parse_long(fld[0], 0, np - 1, "rank", &rank, &e) != 0 ||
            papsim_parse_duration(fld[1], &delay, &e) != 0)
            return papsim_fail(err, "arrivals '%s': %s", spec, e.msg);
        for (int i = 0; i < np; i++)
            a[i] = 0;
        a[rank] = delay;
        return 0;
    }
    if (strncmp(spec, "random:", 7) == 0) {
        unsigned long long seed;
        double max;
        papsim_rng rng;
        if (split_fields(spec + 7, buf, sizeof buf, fld, 2) != 0)
            return papsim_fail(err, "arrivals '%s': want random:SEED:MAX", spec);
        if (papsim_parse_u64(fld[0], "seed", &seed, &e) != 0 ||
            papsim_parse_duration(fld[1], &max, &e) != 0)
            return papsim_fail(err, "arrivals '%s': %s", spec, e.msg);
        papsim_rng_seed(&rng, seed);
        for (int i = 0; i < np; i++)
            a[i] = max * papsim_rng_uniform(&rng);
        return 0;
    }
    if (strncmp(spec, "pattern:", 8) == 0) {
        papsim_pattern p;
        double skew;
        if (split_fields(spec + 8, buf, sizeof buf, fld, 2) != 0)
            return papsim_fail(err, "arrivals '%s': want pattern:SHAPE:SKEW", spec);
        if (strncmp(fld[0], "file", 4) == 0)
            return papsim_fail(err, "arrivals '%s': use file:PATH for files", spec);
        if (papsim_pattern_parse(fld[0], &p, &e) != 0 ||
            papsim_parse_duration(fld[1], &skew, &e) != 0 ||
            papsim_pattern_delays(&p, np, skew, PAPSIM_PATTERN_DEFAULT_SEED, 1,
                                  a, &e) != 0)
            return papsim_fail(err, "arrivals '%s': %s", spec, e.msg);
        return 0;
    }
    if (strncmp(spec, "file:", 5) == 0) {
        papsim_pattern p;
        if (papsim_pattern_parse(spec, &p, &e) != 0 ||
            papsim_pattern_delays(&p, np, 0, PAPSIM_PATTERN_DEFAULT_SEED, 0, a,
                                  &e) != 0)
            return papsim_fail(err, "arrivals '%s': %s", spec, e.msg);
        return 0;
    }
    return papsim_fail(err, "arrivals '%s' is not known (valid: uniform, "
                     "one-late:RANK:DELAY, random:SEED:MAX, pattern:SHAPE:SKEW, "
                     "file:PATH)", spec);
}

unsigned long long papsim_clv_digest(const papsim_clv_schedule *s)
{
    unsigned long long h = 1469598103934665603ULL;
    for (int64_t b = 0; b < s->nbusy; b++)
        for (int64_t t = s->round_first[b]; t < s->round_first[b + 1]; t++) {
            const papsim_clv_transfer *x = &s->transfers[t];
            const long long v[5] = {(long long)s->round_id[b], x->src, x->dst,
                                    x->seg, x->flags};
            for (int i = 0; i < 5; i++)
                for (int k = 0; k < 8; k++) {
                    h ^= (unsigned long long)(v[i] >> (8 * k)) & 0xff;
                    h *= 1099511628211ULL;
                }
        }
    return h ^ (unsigned long long)s->nrounds;
}

void papsim_clv_print_rounds(const papsim_clv_schedule *s, FILE *f)
{
    for (int64_t b = 0; b < s->nbusy; b++) {
        fprintf(f, "round %lld:", (long long)s->round_id[b]);
        for (int64_t t = s->round_first[b]; t < s->round_first[b + 1]; t++) {
            const papsim_clv_transfer *x = &s->transfers[t];
            fprintf(f, " %d->%d:s%d%s", x->src, x->dst, x->seg,
                   x->flags & PAPSIM_CLV_COPY ? "*" : "");
        }
        fputc('\n', f);
    }
}

int papsim_clv_print_table(const papsim_clv_schedule *s, FILE *f, papsim_err *e)
{
    const int P = s->nprocs;
    int64_t B = s->nbusy;
    char (*in)[32] = NULL, (*outq)[32] = NULL;
    if (B > 0 && (uint64_t)P * (uint64_t)B > (UINT64_C(1) << 26))
        return papsim_fail(e, "--print table: the table would have more than "
                                 "2^26 cells; use --print rounds or ranks");
    in = calloc((size_t)P * (B ? B : 1), sizeof *in);
    outq = calloc((size_t)P * (B ? B : 1), sizeof *outq);
    if (!in || !outq) {
        free(in);
        free(outq);
        return papsim_fail(e, "out of memory");
    }
    for (int64_t b = 0; b < B; b++)
        for (int64_t t = s->round_first[b]; t < s->round_first[b + 1]; t++) {
            const papsim_clv_transfer *x = &s->transfers[t];
            snprintf(in[(size_t)x->dst * B + b], 32, "(%d,%d)%s", x->src,
                     x->seg, x->flags & PAPSIM_CLV_COPY ? "*" : "");
            snprintf(outq[(size_t)x->src * B + b], 32, "(%d,%d)", x->dst,
                     x->seg);
        }
    fprintf(f, "%-6s %-5s", "rank", "queue");
    for (int64_t b = 0; b < B; b++) {
        char h[32];
        snprintf(h, sizeof h, "r%lld", (long long)s->round_id[b]);
        fprintf(f, " %-*s", b + 1 < B ? 11 : 0, h);
    }
    fputc('\n', f);
    for (int p = 0; p < P; p++)
        for (int q = 0; q < 2; q++) {
            fprintf(f, "%-6d %-5s", p, q ? "O" : "I");
            for (int64_t b = 0; b < B; b++) {
                const char *c = (q ? outq : in)[(size_t)p * B + b];
                fprintf(f, " %-*s", b + 1 < B ? 11 : 0, c[0] ? c : "-");
            }
            fputc('\n', f);
        }
    free(in);
    free(outq);
    return 0;
}

int papsim_clv_print_ranks(const papsim_clv_schedule *s, FILE *f, papsim_err *e)
{
    const int P = s->nprocs;
    int64_t *first = calloc((size_t)P + 1, sizeof *first), *fill = NULL;
    int32_t *ev = malloc((size_t)(2 * s->ntransfers + 1) * sizeof *ev);
    int32_t *busy = malloc((size_t)(s->ntransfers + 1) * sizeof *busy);
    int rc = -1;
    if (!first || !ev || !busy || !(fill = malloc((size_t)P * sizeof *fill))) {
        papsim_fail(e, "out of memory");
        goto out;
    }
    for (int64_t b = 0; b < s->nbusy; b++)
        for (int64_t t = s->round_first[b]; t < s->round_first[b + 1]; t++) {
            busy[t] = (int32_t)b;
            first[s->transfers[t].src + 1]++;
            first[s->transfers[t].dst + 1]++;
        }
    for (int p = 0; p < P; p++)
        first[p + 1] += first[p];
    memcpy(fill, first, (size_t)P * sizeof *fill);
    for (int64_t t = 0; t < s->ntransfers; t++) {
        ev[fill[s->transfers[t].dst]++] = (int32_t)t;
        ev[fill[s->transfers[t].src]++] = (int32_t)t;
    }
    for (int p = 0; p < P; p++) {
        fprintf(f, "rank %d:%s\n", p, first[p] == first[p + 1] ?
               (p == s->root ? " (root, holds everything)" : " (nothing)") : "");
        for (int64_t i = first[p]; i < first[p + 1];) {
            int32_t b = busy[ev[i]];
            char recv[64] = "", send[64] = "";
            for (; i < first[p + 1] && busy[ev[i]] == b; i++) {
                const papsim_clv_transfer *x = &s->transfers[ev[i]];
                if (x->dst == p)
                    snprintf(recv, sizeof recv, "recv s%d from %d (%s)", x->seg,
                             x->src, x->flags & PAPSIM_CLV_COPY ? "copy" :
                             "combine");
                else
                    snprintf(send, sizeof send, "send s%d to %d", x->seg,
                             x->dst);
            }
            fprintf(f, "  round %lld: %s%s%s\n", (long long)s->round_id[b], recv,
                   recv[0] && send[0] ? ", " : "", send);
        }
    }
    rc = 0;
out:
    free(first);
    free(fill);
    free(ev);
    free(busy);
    return rc;
}

