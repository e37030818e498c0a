/* Symbolic replay of a Clairvoyant schedule (papsim_clv_check in
 * clairvoyant.h): structure, per-round port limits, then one pass per
 * segment in which every process's buffer is the set of ranks whose data
 * it holds (a P-bit set) and a "held" flag:
 *   send z->y   z must hold the segment; the message is z's set; z no
 *               longer holds it, its buffer keeps the stale data;
 *   receive     COPY must be set exactly when y does not hold the segment;
 *               a copy overwrites y's buffer, a combine adds the message,
 *               which must be disjoint from it (else a double count);
 *   same round  a process may not send and receive the same segment.
 * At the end the root holds every segment with all P contributions and
 * nobody else holds anything. Rounds are numbered from 0 in messages. */
#include <stdlib.h>
#include <string.h>

#include "clairvoyant.h"

static int check_structure(const papsim_clv_schedule *s, papsim_clv_err *e)
{
    if (s->nprocs < 1 || s->nseg < 1 || s->root < 0 || s->root >= s->nprocs)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "schedule of %d processes, %d segments, root %d "
                           "is not valid", s->nprocs, s->nseg, s->root);
    if (s->nbusy < 0 || s->ntransfers < 0 || s->ntransfers > INT32_MAX ||
        s->nrounds < 0 || (s->nbusy > 0 && (!s->round_id || !s->transfers)) ||
        !s->round_first)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "schedule sizes are not valid (%lld rounds, "
                           "%lld busy, %lld transfers)", (long long)s->nrounds,
                           (long long)s->nbusy, (long long)s->ntransfers);
    if (s->round_first[0] != 0 || s->round_first[s->nbusy] != s->ntransfers)
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round offsets run from %lld to %lld, not from "
                           "0 to %lld transfers", (long long)s->round_first[0],
                           (long long)s->round_first[s->nbusy],
                           (long long)s->ntransfers);
    for (int64_t b = 0; b < s->nbusy; b++) {
        if (s->round_first[b + 1] <= s->round_first[b])
            return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "busy round %lld (round %lld) has no "
                               "transfers", (long long)b,
                               (long long)s->round_id[b]);
        if (s->round_id[b] < 0 || s->round_id[b] >= s->nrounds ||
            (b > 0 && s->round_id[b] <= s->round_id[b - 1]))
            return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round number %lld (busy round %lld) is "
                               "not increasing within 0..%lld",
                               (long long)s->round_id[b], (long long)b,
                               (long long)s->nrounds - 1);
    }
    return 0;
}

/* At most one send and one receive per process and round; valid fields. */
static int check_ports(const papsim_clv_schedule *s, papsim_clv_err *e)
{
    int64_t *last_send = malloc((size_t)s->nprocs * sizeof *last_send);
    int64_t *last_recv = malloc((size_t)s->nprocs * sizeof *last_recv);
    int rc = 0;
    if (!last_send || !last_recv) {
        rc = papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
        goto out;
    }
    for (int p = 0; p < s->nprocs; p++)
        last_send[p] = last_recv[p] = -1;
    for (int64_t b = 0; b < s->nbusy && rc == 0; b++) {
        long long r = (long long)s->round_id[b];
        for (int64_t t = s->round_first[b]; t < s->round_first[b + 1]; t++) {
            const papsim_clv_transfer *x = &s->transfers[t];
            if (x->src < 0 || x->src >= s->nprocs || x->dst < 0 ||
                x->dst >= s->nprocs || x->seg < 0 || x->seg >= s->nseg) {
                rc = papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld: transfer %d->%d:s%d names a "
                                 "rank or segment out of range", r, x->src,
                                 x->dst, x->seg);
                break;
            }
            if (x->src == x->dst) {
                rc = papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld: rank %d sends segment %d to "
                                 "itself", r, x->src, x->seg);
                break;
            }
            if (x->flags & ~PAPSIM_CLV_COPY) {
                rc = papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld: transfer %d->%d:s%d has "
                                 "unknown flags %d", r, x->src, x->dst,
                                 x->seg, x->flags);
                break;
            }
            if (last_send[x->src] == b) {
                rc = papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld: rank %d sends twice", r,
                                 x->src);
                break;
            }
            if (last_recv[x->dst] == b) {
                rc = papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld: rank %d receives twice", r,
                                 x->dst);
                break;
            }
            last_send[x->src] = b;
            last_recv[x->dst] = b;
        }
    }
out:
    free(last_send);
    free(last_recv);
    return rc;
}

int papsim_clv_check(const papsim_clv_schedule *s, papsim_clv_err *e)
{
    if (check_structure(s, e) != 0 || check_ports(s, e) != 0)
        return -1;
    const int P = s->nprocs, N = s->nseg, WP = (P + 63) / 64;
    const int64_t T = s->ntransfers;
    int rc = -1;
    int32_t *busy_of = malloc((size_t)(T ? T : 1) * sizeof *busy_of);
    int32_t *by_seg = malloc((size_t)(T ? T : 1) * sizeof *by_seg);
    int64_t *seg_first = calloc((size_t)N + 1, sizeof *seg_first);
    uint64_t *sets = malloc((size_t)P * WP * sizeof *sets);
    unsigned char *held = malloc((size_t)P);
    int64_t *stamp = malloc((size_t)P * sizeof *stamp);
    if (!busy_of || !by_seg || !seg_first || !sets || !held || !stamp) {
        papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
        goto out;
    }
    /* the transfers of each segment, in round order (a stable bucket sort) */
    for (int64_t b = 0; b < s->nbusy; b++)
        for (int64_t t = s->round_first[b]; t < s->round_first[b + 1]; t++) {
            busy_of[t] = (int32_t)b;
            seg_first[s->transfers[t].seg + 1]++;
        }
    for (int j = 0; j < N; j++)
        seg_first[j + 1] += seg_first[j];
    {
        int64_t *fill = malloc((size_t)N * sizeof *fill);
        if (fill == NULL) {
            papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
            goto out;
        }
        memcpy(fill, seg_first, (size_t)N * sizeof *fill);
        for (int64_t t = 0; t < T; t++)
            by_seg[fill[s->transfers[t].seg]++] = (int32_t)t;
        free(fill);
    }

    for (int j = 0; j < N; j++) {
        memset(sets, 0, (size_t)P * WP * sizeof *sets);
        for (int p = 0; p < P; p++) {
            sets[(size_t)p * WP + (p >> 6)] = UINT64_C(1) << (p & 63);
            held[p] = 1;
            stamp[p] = -1;
        }
        for (int64_t a = seg_first[j]; a < seg_first[j + 1];) {
            const int32_t b = busy_of[by_seg[a]];
            const long long r = (long long)s->round_id[b];
            int64_t z = a;
            while (z < seg_first[j + 1] && busy_of[by_seg[z]] == b)
                z++;
            /* a process may not send and receive segment j in one round */
            for (int64_t u = a; u < z; u++)
                stamp[s->transfers[by_seg[u]].src] = b;
            for (int64_t u = a; u < z; u++) {
                const papsim_clv_transfer *x = &s->transfers[by_seg[u]];
                if (stamp[x->dst] == b) {
                    papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld: rank %d receives and sends "
                                "segment %d in the same round", r, x->dst, j);
                    goto out;
                }
            }
            for (int64_t u = a; u < z; u++) {
                const papsim_clv_transfer *x = &s->transfers[by_seg[u]];
                uint64_t *from = sets + (size_t)x->src * WP;
                uint64_t *to = sets + (size_t)x->dst * WP;
                if (!held[x->src]) {
                    papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld: rank %d sends segment %d, "
                                "which it does not hold (already sent)", r,
                                x->src, j);
                    goto out;
                }
                if (!!(x->flags & PAPSIM_CLV_COPY) != !held[x->dst]) {
                    papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld: %d->%d:s%d is marked %s but "
                                "rank %d %s the segment", r, x->src, x->dst,
                                j, x->flags & PAPSIM_CLV_COPY ? "copy" :
                                "combine", x->dst,
                                held[x->dst] ? "holds" : "has sent");
                    goto out;
                }
                if (x->flags & PAPSIM_CLV_COPY) {
                    memcpy(to, from, (size_t)WP * sizeof *to);
                } else {
                    for (int w = 0; w < WP; w++) {
                        if (to[w] & from[w]) {
                            int q = w * 64;
                            uint64_t both = to[w] & from[w];
                            while (!(both & 1)) {
                                both >>= 1;
                                q++;
                            }
                            papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "round %lld: %d->%d:s%d counts the "
                                        "contribution of rank %d twice", r,
                                        x->src, x->dst, j, q);
                            goto out;
                        }
                        to[w] |= from[w];
                    }
                }
                held[x->src] = 0;
                held[x->dst] = 1;
            }
            a = z;
        }
        if (!held[s->root]) {
            papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "segment %d: the root %d has sent it away and not "
                        "received it back", j, s->root);
            goto out;
        }
        for (int p = 0; p < P; p++) {
            if (p != s->root && held[p]) {
                papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "segment %d: rank %d still holds it at the end "
                            "(it never reaches the root %d)", j, p, s->root);
                goto out;
            }
        }
        const uint64_t *rs = sets + (size_t)s->root * WP;
        for (int p = 0; p < P; p++)
            if (!((rs[p >> 6] >> (p & 63)) & 1)) {
                papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "segment %d: the contribution of rank %d never "
                            "reaches the root %d", j, p, s->root);
                goto out;
            }
    }
    rc = 0;
out:
    free(busy_of);
    free(by_seg);
    free(seg_first);
    free(sets);
    free(held);
    free(stamp);
    return rc;
}
