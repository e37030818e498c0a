/* Clairvoyant schedules: the container (builder, copy flags, per-rank view),
 * input checks and the exact split of arrival times. See clairvoyant.h;
 * the generators are picked in clv_generate.c. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clairvoyant.h"

int papsim_clv_fail(papsim_clv_err *e, int code, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        e->code = code;
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

double papsim_clv_round_time(double alpha, double beta, double gamma,
                             double bytes, int nseg)
{
    return alpha + bytes / nseg * (beta + gamma);
}

int papsim_clv_check_inputs(int nprocs, int nseg, int root,
                            const double *arrival, double round_time,
                            papsim_clv_err *e)
{
    if (nprocs < 1 || nprocs > PAPSIM_CLV_NPROCS_MAX)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "process count %d must be between 1 and %d",
                           nprocs, PAPSIM_CLV_NPROCS_MAX);
    if (nseg < 1 || nseg > PAPSIM_CLV_NSEG_MAX)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "segment count %d must be between 1 and %d",
                           nseg, PAPSIM_CLV_NSEG_MAX);
    if ((long long)nprocs * nseg > PAPSIM_CLV_CELLS_MAX)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "%d processes x %d segments is more than %lld "
                           "cells", nprocs, nseg, PAPSIM_CLV_CELLS_MAX);
    if (root < 0 || root >= nprocs)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "root %d is not a rank of %d processes", root,
                           nprocs);
    if (!(round_time > 0) || !isfinite(round_time))
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round time %.17g must be finite and > 0",
                           round_time);
    if (arrival == NULL)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "no arrival times");
    for (int i = 0; i < nprocs; i++) {
        if (!(arrival[i] >= 0) || !isfinite(arrival[i]))
            return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "arrival time of rank %d (%.17g) must be "
                               "finite and >= 0", i, arrival[i]);
        if (arrival[i] / round_time > 0x1p50)
            return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "arrival time of rank %d (%.17g) is more "
                               "than 2^50 round times (%.17g)", i, arrival[i],
                               round_time);
    }
    return 0;
}

int papsim_clv_split_arrivals(int nprocs, const double *arrival,
                              double round_time, int64_t *q, double *f,
                              papsim_clv_err *e)
{
    if (papsim_clv_check_inputs(nprocs, 1, 0, arrival, round_time, e) != 0)
        return -1;
    for (int i = 0; i < nprocs; i++) {
        /* fmod is exact: a = n d + r with the integer n = trunc(a/d). Then
         * (a - r)/d is within a few ulps of n < 2^50, so rounding gives n. */
        double r = fmod(arrival[i], round_time);
        f[i] = r;
        q[i] = (int64_t)floor((arrival[i] - r) / round_time + 0.5);
    }
    return 0;
}

/* ---- the container --------------------------------------------------- */

void papsim_clv_schedule_free(papsim_clv_schedule *s)
{
    if (s == NULL)
        return;
    free(s->round_id);
    free(s->round_first);
    free(s->transfers);
    memset(s, 0, sizeof *s);
}

int papsim_clv_generate_begin(int nprocs, int nseg, int root, const double *arrival,
                              double round_time, const papsim_clv_options **opt,
                              papsim_clv_schedule *out, papsim_clv_err *e)
{
    static const papsim_clv_options defaults = {0, 0, 0};
    memset(out, 0, sizeof *out);
    if (*opt == NULL)
        *opt = &defaults;
    if (papsim_clv_check_inputs(nprocs, nseg, root, arrival, round_time, e) != 0)
        return -1;
    return papsim_clv_schedule_init(out, nprocs, nseg, root, e);
}

int papsim_clv_schedule_init(papsim_clv_schedule *s, int nprocs, int nseg,
                             int root, papsim_clv_err *e)
{
    memset(s, 0, sizeof *s);
    if (nprocs < 1 || nseg < 1 || root < 0 || root >= nprocs)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "schedule of %d processes, %d segments, root "
                           "%d is not valid", nprocs, nseg, root);
    s->nprocs = nprocs;
    s->nseg = nseg;
    s->root = root;
    s->round_first = malloc(sizeof *s->round_first);
    if (s->round_first == NULL)
        return papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
    s->round_first[0] = 0;
    return 0;
}

static int grow(void **p, int64_t *cap, int64_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    int64_t c = *cap < 64 ? 64 : *cap;
    while (c < need)
        c += c / 2;
    void *q = realloc(*p, (size_t)c * elem);
    if (q == NULL)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* Room for one more busy round: round_id grows, and round_first (one
 * entry longer: the end of the last round) with it. */
static int reserve_round(papsim_clv_schedule *s, papsim_clv_err *e)
{
    int64_t capf = s->cap_busy + 1;
    if (grow((void **)&s->round_id, &s->cap_busy, s->nbusy + 1, sizeof *s->round_id) != 0)
        return papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
    if (s->cap_busy + 1 > capf) {
        int64_t *f = realloc(s->round_first, (size_t)(s->cap_busy + 1) * sizeof *f);
        if (f == NULL)
            return papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
        s->round_first = f;
    }
    return 0;
}

int papsim_clv_schedule_add(papsim_clv_schedule *s, int64_t round, int src,
                            int dst, int seg, papsim_clv_err *e)
{
    if (round < 0 || (s->nbusy > 0 && round < s->round_id[s->nbusy - 1]))
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "transfer %d->%d:s%d: round %lld is before "
                           "round %lld", src, dst, seg, (long long)round,
                           (long long)(s->nbusy ? s->round_id[s->nbusy - 1] : 0));
    if (s->ntransfers >= INT32_MAX)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "more than %d transfers", INT32_MAX);
    if (s->nbusy == 0 || round != s->round_id[s->nbusy - 1]) {
        if (reserve_round(s, e) != 0)
            return -1;
        s->round_id[s->nbusy] = round;
        s->nbusy++;
    }
    if (grow((void **)&s->transfers, &s->cap_transfers, s->ntransfers + 1,
             sizeof *s->transfers) != 0)
        return papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
    papsim_clv_transfer *t = &s->transfers[s->ntransfers++];
    t->src = src;
    t->dst = dst;
    t->seg = seg;
    t->flags = 0;
    s->round_first[s->nbusy] = s->ntransfers;
    return 0;
}

int papsim_clv_schedule_add_round(papsim_clv_schedule *s, int64_t round,
                                  const papsim_clv_transfer *t, int n,
                                  papsim_clv_err *e)
{
    const uint32_t np = (uint32_t)s->nprocs, ns = (uint32_t)s->nseg;
    uint32_t bad = 0;
    if (n <= 0)
        return 0;
    if (round < 0 || (s->nbusy > 0 && round <= s->round_id[s->nbusy - 1]))
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld is not after round %lld",
                           (long long)round,
                           (long long)(s->nbusy ? s->round_id[s->nbusy - 1] : -1));
    if (s->ntransfers > INT32_MAX - n)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "more than %d transfers", INT32_MAX);
    /* the ranges now, while the round is in the cache (a negative value
       is a large unsigned one); finish then checks only what add added */
    for (int i = 0; i < n; i++)
        bad |= ((uint32_t)t[i].src >= np) | ((uint32_t)t[i].dst >= np) |
               ((uint32_t)t[i].seg >= ns);
    if (bad)
        for (int i = 0; i < n; i++)
            if (((uint32_t)t[i].src >= np) | ((uint32_t)t[i].dst >= np) |
                ((uint32_t)t[i].seg >= ns))
                return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "transfer %d->%d:s%d is out of range",
                                   t[i].src, t[i].dst, t[i].seg);
    if (reserve_round(s, e) != 0)
        return -1;
    if (t != s->transfers + s->ntransfers) { /* not written in place */
        if (grow((void **)&s->transfers, &s->cap_transfers, s->ntransfers + n,
                 sizeof *s->transfers) != 0)
            return papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
        memcpy(&s->transfers[s->ntransfers], t, (size_t)n * sizeof *t);
    }
    if (s->nchecked == s->ntransfers)
        s->nchecked += n;
    s->round_id[s->nbusy++] = round;
    s->ntransfers += n;
    s->round_first[s->nbusy] = s->ntransfers;
    return 0;
}

papsim_clv_transfer *papsim_clv_schedule_room(papsim_clv_schedule *s, int n,
                                              papsim_clv_err *e)
{
    if (grow((void **)&s->transfers, &s->cap_transfers, s->ntransfers + n,
             sizeof *s->transfers) != 0) {
        papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
        return NULL;
    }
    return s->transfers + s->ntransfers;
}

/* COPY flags: the receiver's slot is E (sent away, not received since) at
 * the start of the round. Sends are applied after the round's flags are
 * read, receives last, as in papsim_clv_check. */
static int set_copy_flags(papsim_clv_schedule *s, papsim_clv_err *e)
{
    int64_t cells = (int64_t)s->nprocs * s->nseg;
    uint64_t *sent = calloc((size_t)((cells + 63) / 64), sizeof *sent);
    if (sent == NULL)
        return papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
    for (int64_t b = 0; b < s->nbusy; b++) {
        int64_t lo = s->round_first[b], hi = s->round_first[b + 1];
        for (int64_t t = lo; t < hi; t++) {
            papsim_clv_transfer *x = &s->transfers[t];
            int64_t c = (int64_t)x->dst * s->nseg + x->seg;
            x->flags = (sent[c >> 6] >> (c & 63)) & 1 ? PAPSIM_CLV_COPY : 0;
        }
        for (int64_t t = lo; t < hi; t++) {
            int64_t c = (int64_t)s->transfers[t].src * s->nseg +
                        s->transfers[t].seg;
            sent[c >> 6] |= UINT64_C(1) << (c & 63);
        }
        for (int64_t t = lo; t < hi; t++) {
            int64_t c = (int64_t)s->transfers[t].dst * s->nseg +
                        s->transfers[t].seg;
            sent[c >> 6] &= ~(UINT64_C(1) << (c & 63));
        }
    }
    free(sent);
    return 0;
}

int papsim_clv_schedule_reserve(papsim_clv_schedule *s, int64_t ntransfers,
                                papsim_clv_err *e)
{
    if (grow((void **)&s->transfers, &s->cap_transfers, ntransfers,
             sizeof *s->transfers) != 0)
        return papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
    return 0;
}

/* Checks the transfers and the round count and sets nrounds. */
static int finish_rounds(papsim_clv_schedule *s, int64_t nrounds, papsim_clv_err *e)
{
    const uint32_t np = (uint32_t)s->nprocs, ns = (uint32_t)s->nseg;
    for (int64_t t = s->nchecked; t < s->ntransfers; t++) {
        const papsim_clv_transfer *x = &s->transfers[t];
        /* one branch: a negative value is a large unsigned one */
        if (((uint32_t)x->src >= np) | ((uint32_t)x->dst >= np) |
            ((uint32_t)x->seg >= ns))
            return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "transfer %d->%d:s%d is out of range",
                               x->src, x->dst, x->seg);
    }
    if (s->nbusy > 0 && nrounds <= s->round_id[s->nbusy - 1])
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "%lld rounds end before round %lld",
                           (long long)nrounds,
                           (long long)s->round_id[s->nbusy - 1]);
    s->nrounds = nrounds;
    return 0;
}

int papsim_clv_schedule_finish(papsim_clv_schedule *s, int64_t nrounds,
                               papsim_clv_err *e)
{
    if (finish_rounds(s, nrounds, e) != 0)
        return -1;
    return set_copy_flags(s, e);
}

int papsim_clv_schedule_finish_flagged(papsim_clv_schedule *s, int64_t nrounds,
                                       papsim_clv_err *e)
{
    return finish_rounds(s, nrounds, e);
}

int papsim_clv_schedule_copy(papsim_clv_schedule *dst,
                             const papsim_clv_schedule *src, papsim_clv_err *e)
{
    *dst = *src;
    dst->round_id = malloc((size_t)(src->nbusy ? src->nbusy : 1) *
                           sizeof *dst->round_id);
    dst->round_first = malloc((size_t)(src->nbusy + 1) *
                              sizeof *dst->round_first);
    dst->transfers = malloc((size_t)(src->ntransfers ? src->ntransfers : 1) *
                            sizeof *dst->transfers);
    if (dst->round_id == NULL || dst->round_first == NULL ||
        dst->transfers == NULL) {
        papsim_clv_schedule_free(dst);
        return papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
    }
    if (src->nbusy)
        memcpy(dst->round_id, src->round_id,
               (size_t)src->nbusy * sizeof *dst->round_id);
    memcpy(dst->round_first, src->round_first,
           (size_t)(src->nbusy + 1) * sizeof *dst->round_first);
    if (src->ntransfers)
        memcpy(dst->transfers, src->transfers,
               (size_t)src->ntransfers * sizeof *dst->transfers);
    dst->cap_busy = src->nbusy;
    dst->cap_transfers = src->ntransfers;
    return 0;
}

int papsim_clv_schedule_equal(const papsim_clv_schedule *a,
                              const papsim_clv_schedule *b)
{
    if (a->nprocs != b->nprocs || a->nseg != b->nseg || a->root != b->root ||
        a->nrounds != b->nrounds || a->nbusy != b->nbusy ||
        a->ntransfers != b->ntransfers)
        return 0;
    for (int64_t i = 0; i < a->nbusy; i++)
        if (a->round_id[i] != b->round_id[i] ||
            a->round_first[i + 1] != b->round_first[i + 1])
            return 0;
    for (int64_t t = 0; t < a->ntransfers; t++) {
        const papsim_clv_transfer *x = &a->transfers[t], *y = &b->transfers[t];
        if (x->src != y->src || x->dst != y->dst || x->seg != y->seg ||
            x->flags != y->flags)
            return 0;
    }
    return 1;
}

int64_t papsim_clv_rank_steps(const papsim_clv_schedule *s, int rank,
                              papsim_clv_step *out, int64_t cap)
{
    int64_t n = 0;
    for (int64_t b = 0; b < s->nbusy; b++) {
        papsim_clv_step st = {s->round_id[b], -1, -1, -1, -1, 0};
        int any = 0;
        for (int64_t t = s->round_first[b]; t < s->round_first[b + 1]; t++) {
            const papsim_clv_transfer *x = &s->transfers[t];
            if (x->dst == rank) {
                st.recv_from = x->src;
                st.recv_seg = x->seg;
                st.flags = x->flags;
                any = 1;
            }
            if (x->src == rank) {
                st.send_to = x->dst;
                st.send_seg = x->seg;
                any = 1;
            }
        }
        if (any) {
            if (n < cap && out != NULL)
                out[n] = st;
            n++;
        }
    }
    return n;
}
