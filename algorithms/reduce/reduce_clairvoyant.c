/* Reduce: Clairvoyant, a schedule built from the expected arrival times.
 *
 * Paper:   Marendic, Lemeire, Vucinic, Schelkens, "A novel MPI
 *          reduction algorithm resilient to imbalances in process arrival
 *          times", J. Supercomput. 72 (2016), sections 5.1 and 5.4.3; the
 *          schedule comes from the improved generator of Proficz
 *          & Ocetkiewicz, "Improving Clairvoyant", J. Supercomput. 77 (2021)
 *          (algorithms/schedule/clairvoyant.h; it gives the same schedule as
 *          the corrected Algorithm 1 of Marendic et al.).
 * Pattern: the vector is cut into N segments (the first count mod N one
 *          element longer). From the expected arrival offsets a_i
 *          (params->arrivals, minus their minimum; zeros when NULL: a
 *          balanced pattern) every rank builds the same schedule of rounds
 *          of length d: in each round a rank receives at most one segment,
 *          sends at most one, and then combines the received segment into
 *          its own copy, or copies it over a copy it had already sent away
 *          (PAPSIM_CLV_COPY: only a temporary sink does that). Processes
 *          that arrive together reduce among themselves first; a late one
 *          joins when it comes, so its lateness is absorbed. Ranks execute
 *          their own steps in round order with no synchronisation besides
 *          the messages (an Irecv and an Isend, then a wait for both). The
 *          root ends with every segment fully reduced.
 *
 *            p=4, N=1, balanced (root 0): round 0: 1->0 3->2
 *                                         round 1: 2->0
 *            p=4, N=4, balanced: ceil(log2 p) + N - 1 = 5 rounds, every
 *            rank sends some segments and combines others.
 *
 * Round time: d = alpha + (m/N)(beta + gamma) (Marendic et al. 2016,
 *          section 5.1), with gamma = params->gamma and the network's alpha
 *          and beta from params->model_alpha and model_beta, by default (0)
 *          the values of the CURIE cluster of Marendic et al.'s experiments
 *          (alpha = 2.66 us, beta = 4.8179e-10 s/byte): the algorithm does
 *          not know the platform, and only the ratio a_i / d shapes the
 *          schedule, so d need only be of the right order; set them to the
 *          platform's values when they are far from CURIE's. A balanced
 *          schedule does not depend on d at all.
 * Segments: N = params->segments if > 0; else ceil(m / segment_bytes) if
 *          params->segment_bytes > 0; else the N_opt of Marendic et al. =
 *          sqrt((ceil(log2 p) - 1) m (beta + gamma) / alpha) with the same
 *          alpha and beta, rounded, at least 1. N is then capped at count
 *          (no empty segments) and at the generator's limits.
 * Schedule building: inside the call, on every rank, from bit-identical
 *          inputs. With params->schedule_timed = 0 it is free: under SMPI
 *          (smpi/simulate-computation:no) host computation costs no
 *          simulated time. With schedule_timed = 1 its wall time (building
 *          and extracting this rank's steps, CLOCK_MONOTONIC) is charged
 *          with papsim_charge_seconds, so the simulated time includes it
 *          (not reproducible bit for bit: it is a host measurement). Under
 *          a real MPI building always takes the real time it takes.
 * Cost:    R rounds of d at best, R = ceil(log2 p) + N - 1 for balanced
 *          arrivals (most p); the generation is O(R |G| (N/64) log |G|).
 * Memory:  the schedule (16 bytes per transfer, about p N transfers, on
 *          every rank), this rank's steps (32 bytes per round it takes part
 *          in), one segment of scratch, and a vector of scratch on non-root
 *          ranks. The schedule and the steps are control data in private
 *          memory (plain malloc); only the segments are message data
 *          (papsim_data_malloc, shareable in timing-only runs).
 * Restrictions: commutative ops only (segments are combined in schedule
 *          order, not rank order): PAPSIM_R_COMMUTATIVE, and MPI_ERR_OP
 *          here for a non-commutative op. At most PAPSIM_CLV_NPROCS_MAX
 *          (2^20) ranks: MPI_ERR_SIZE beyond. A non-finite expected arrival:
 *          MPI_ERR_ARG.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "reduce_util.h"
#include "../schedule/clairvoyant.h"

/* The default network of the round-time model: the CURIE cluster of
 * Marendic et al.'s experiments. */
static const double CLV_DEFAULT_ALPHA = 2.66e-6;   /* seconds */
static const double CLV_DEFAULT_BETA = 4.8179e-10; /* seconds per byte */

/* The model's alpha and beta: the knobs when set (> 0), else CURIE's. */
static double model_alpha(const papsim_params *params)
{
    return params && params->model_alpha > 0 ? params->model_alpha : CLV_DEFAULT_ALPHA;
}

static double model_beta(const papsim_params *params)
{
    return params && params->model_beta > 0 ? params->model_beta : CLV_DEFAULT_BETA;
}

static double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The number of segments (see the header): at least 1, at most count. */
static int choose_segments(const papsim_params *params, int count, int p, double bytes)
{
    double n;
    const double gamma = params ? params->gamma : 0.0;
    if (params && params->segments > 0) {
        n = params->segments;
    } else if (params && params->segment_bytes > 0) {
        n = ceil(bytes / (double)params->segment_bytes);
    } else {
        const int logp = papsim_log2_ceil(p);
        n = floor(sqrt((logp > 0 ? logp - 1 : 0) * bytes * (model_beta(params) + gamma) /
                       model_alpha(params)) +
                  0.5);
    }
    if (n > count)
        n = count;
    if (n > PAPSIM_CLV_NSEG_MAX)
        n = PAPSIM_CLV_NSEG_MAX;
    if (n * (double)p > (double)PAPSIM_CLV_CELLS_MAX)
        n = floor((double)PAPSIM_CLV_CELLS_MAX / p);
    return n < 1 ? 1 : (int)n;
}

/* Builds the schedule and this rank's steps (*steps: malloc, the caller frees). */
static int build_steps(const double *arrivals, int p, int nseg, int root, int rank,
                       double round_time, papsim_clv_step **steps, int64_t *nsteps)
{
    papsim_clv_schedule s = {0};
    papsim_clv_err e = {0, ""};
    int rc = MPI_SUCCESS;
    double *a = calloc((size_t)p, sizeof *a);
    if (!a)
        return MPI_ERR_NO_MEM;
    if (arrivals) { /* a_i - min(a): the generator needs a_i >= 0 */
        double lo = arrivals[0];
        for (int i = 0; i < p; i++) {
            if (!isfinite(arrivals[i])) {
                rc = MPI_ERR_ARG; /* the same array on every rank: the same code */
                goto out;
            }
            lo = fmin(lo, arrivals[i]);
        }
        for (int i = 0; i < p; i++)
            a[i] = arrivals[i] - lo;
    }
    if (papsim_clv_generate(PAPSIM_CLV_IMPROVED, p, nseg, root, a, round_time, NULL, &s, &e) != 0) {
        rc = e.code == PAPSIM_CLV_ENOMEM  ? MPI_ERR_NO_MEM
             : e.code == PAPSIM_CLV_EINVAL ? MPI_ERR_ARG
                                           : MPI_ERR_INTERN;
        goto out;
    }
    *nsteps = papsim_clv_rank_steps(&s, rank, NULL, 0);
    *steps = malloc((size_t)(*nsteps > 0 ? *nsteps : 1) * sizeof **steps);
    if (!*steps) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    papsim_clv_rank_steps(&s, rank, *steps, *nsteps);
out:
    papsim_clv_schedule_free(&s);
    free(a);
    return rc;
}

int papsim_reduce_clairvoyant(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                              MPI_Op op, int root, MPI_Comm comm, const papsim_params *params)
{
    int type_size;
    papsim_call c;
    void *tmp_free = NULL, *tmp = NULL, *acc_free = NULL, *acc = NULL;
    papsim_clv_step *steps = NULL;
    int64_t nsteps = 0;

    int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                 PAPSIM_FLAGS_reduce_clairvoyant, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;
    if (p > PAPSIM_CLV_NPROCS_MAX)
        return MPI_ERR_SIZE; /* the schedule generator's limit, the same on every rank */
    MPI_Type_size(datatype, &type_size);

    /* The accumulator is the root's recvbuf; other ranks need their own. */
    rc = papsim_reduce_work_buffer(sendbuf, recvbuf, count, datatype, rank == root, &acc_free,
                                   &acc);
    PAPSIM_CHECK(rc);
    if (p == 1)
        goto out;

    const double bytes = (double)count * type_size;
    const int nseg = choose_segments(params, count, p, bytes);
    const double d = papsim_clv_round_time(model_alpha(params), model_beta(params),
                                           params ? params->gamma : 0.0,
                                           bytes, nseg);
    /* The expected arrivals: completed here when they arrive during the call. */
    const double *arrivals = params ? params->arrivals : NULL;
    if (params && params->arrival_source) {
        rc = params->arrival_source->obtain(params->arrival_source, &arrivals);
        PAPSIM_CHECK(rc);
    }
    const double t0 = monotonic_seconds();
    rc = build_steps(arrivals, p, nseg, root, rank, d, &steps, &nsteps);
    PAPSIM_CHECK(rc);
    if (params && params->schedule_timed)
        papsim_charge_seconds(monotonic_seconds() - t0);

    /* Segment j is block j of nseg (coll_blocks.h); the first is the longest. */
    rc = papsim_scratch_alloc(papsim_block_len(count, nseg, 0), datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);
    for (int64_t k = 0; k < nsteps; k++) {
        const papsim_clv_step *st = &steps[k];
        MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
        int rlen = 0, slen;
        void *mine = NULL;
        if (st->recv_from >= 0) {
            mine = papsim_block_ptr(acc, c.extent, count, nseg, st->recv_seg, &rlen);
            rc = MPI_Irecv(tmp, rlen, datatype, st->recv_from, PAPSIM_TAG_REDUCE, comm, &req[0]);
            PAPSIM_CHECK(rc);
        }
        if (st->send_to >= 0) {
            void *seg = papsim_block_ptr(acc, c.extent, count, nseg, st->send_seg, &slen);
            rc = MPI_Isend(seg, slen, datatype, st->send_to, PAPSIM_TAG_REDUCE, comm, &req[1]);
            PAPSIM_CHECK(rc);
        }
        rc = papsim_waitall(2, req);
        PAPSIM_CHECK(rc);
        if (st->recv_from >= 0) {
            if (st->flags & PAPSIM_CLV_COPY)
                rc = papsim_local_copy(tmp, mine, rlen, datatype);
            else
                rc = papsim_combine(tmp, mine, rlen, datatype, op, params);
            PAPSIM_CHECK(rc);
        }
    }
out:
    free(steps);
    papsim_data_free(tmp_free);
    papsim_data_free(acc_free);
    return rc;
}
