/* Running the Clairvoyant reduce schedule generator for papsim schedule
 * (schedule_run.h). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cases/schedule_run.h"
#include "cases/schedule_view.h"
#include "util/units.h"

int papsim_clv_ready_parse(const char *s, papsim_clv_options *o, papsim_err *e)
{
    if (s == NULL)
        return 0;
    if (strcmp(s, "lt") == 0)
        o->ready = PAPSIM_CLV_READY_LT;
    else if (strcmp(s, "le") == 0)
        o->ready = PAPSIM_CLV_READY_LE;
    else
        return papsim_fail(e, "ready '%s' is not known (valid: lt, le)", s);
    return 0;
}

int papsim_clv_peers_parse(const char *s, papsim_clv_options *o, papsim_err *e)
{
    if (s == NULL)
        return 0;
    if (strcmp(s, "root-first") == 0)
        o->peers = PAPSIM_CLV_PEERS_ROOT_FIRST;
    else if (strcmp(s, "availability") == 0)
        o->peers = PAPSIM_CLV_PEERS_AVAILABILITY;
    else
        return papsim_fail(e, "peers '%s' is not known (valid: root-first, availability)", s);
    return 0;
}

int papsim_clv_print_parse(const char *s, int *print, papsim_err *e)
{
    static const char *const names[] = {"rounds", "table", "ranks", "summary"};
    if (s == NULL)
        return 0;
    for (int i = 0; i < 4; i++)
        if (strcmp(s, names[i]) == 0) {
            *print = i;
            return 0;
        }
    return papsim_fail(e, "print '%s' is not known (valid: rounds, table, ranks, summary)", s);
}

int papsim_clv_round_time_read(const char *round_time, const char *alpha_s, const char *beta_s,
                               const char *gamma_s, const char *bytes_s, int nseg, double *d,
                               papsim_err *e)
{
    if (alpha_s || beta_s || gamma_s || bytes_s) {
        double alpha, beta, gamma;
        long long bytes;
        if (round_time)
            return papsim_fail(e, "%s", "--round-time and --alpha/--beta/--gamma/"
                               "--bytes exclude each other");
        if (!alpha_s || !beta_s || !gamma_s || !bytes_s)
            return papsim_fail(e, "%s", "the round-time model needs all of "
                               "--alpha, --beta, --gamma and --bytes");
        if (papsim_parse_duration(alpha_s, &alpha, e) != 0 ||
            papsim_parse_double(beta_s, 0, HUGE_VAL, "beta", &beta, e) != 0 ||
            papsim_parse_double(gamma_s, 0, HUGE_VAL, "gamma", &gamma, e) != 0 ||
            papsim_parse_bytes(bytes_s, &bytes, e) != 0)
            return -1;
        *d = papsim_clv_round_time(alpha, beta, gamma, (double)bytes, nseg);
        if (!(*d > 0))
            return papsim_fail(e, "round time alpha + (bytes/segments)(beta + gamma) "
                               "= %.17g must be > 0", *d);
        return 0;
    }
    *d = 1;
    if (round_time == NULL)
        return 0;
    if (papsim_parse_duration(round_time, d, e) != 0)
        return papsim_fail_prefix(e, "round time: ");
    if (!(*d > 0))
        return papsim_fail(e, "round time '%s' must be > 0", round_time);
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* User + system CPU seconds of this process. */
static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
           ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

int papsim_clv_generate_timed(int generator, int np, int nseg, int root,
                              const double *arrival, double round_time,
                              const papsim_clv_options *opt, long repeat,
                              papsim_clv_schedule *s, papsim_clv_timing *t,
                              papsim_clv_err *ce)
{
    double cpu0 = cpu_s();
    t->repeat = repeat;
    t->wall_sum_s = 0;
    t->wall_min_s = HUGE_VAL;
    for (long k = 0; k < repeat; k++) {
        double t0, dt;
        papsim_clv_schedule_free(s);
        t0 = now_s();
        if (papsim_clv_generate(generator, np, nseg, root, arrival, round_time, opt, s,
                                ce) != 0)
            return -1;
        dt = now_s() - t0;
        t->wall_sum_s += dt;
        if (dt < t->wall_min_s)
            t->wall_min_s = dt;
    }
    t->cpu_s = cpu_s() - cpu0;
    return 0;
}

void papsim_clv_print_header(FILE *f, int generator, int np, int nseg, int root,
                             const papsim_clv_options *opt, double round_time)
{
    fprintf(f, "# clairvoyant schedule: generator=%s np=%d segments=%d "
               "root=%d ready=%s peers=%s round_time=%.17g\n",
            papsim_clv_generator_name(generator), np, nseg, root,
            opt->ready == PAPSIM_CLV_READY_LE ? "le" : "lt",
            opt->peers == PAPSIM_CLV_PEERS_AVAILABILITY ? "availability" : "root-first",
            round_time);
}

void papsim_clv_print_summary(FILE *f, const papsim_clv_schedule *s)
{
    fprintf(f, "rounds=%lld busy_rounds=%lld transfers=%lld skipped_rounds=%lld "
               "digest=%016llx\n", (long long)s->nrounds, (long long)s->nbusy,
            (long long)s->ntransfers, (long long)s->stats.skipped_rounds,
            papsim_clv_digest(s));
}

void papsim_clv_print_timing(FILE *f, const papsim_clv_schedule *s,
                             const papsim_clv_timing *t)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(f, "time_s=%.6f time_min_s=%.6f cpu_s=%.6f repeat=%ld "
               "peak_rss_kib=%ld state_bytes=%zu schedule_bytes=%zu\n",
            t->wall_sum_s / t->repeat, t->wall_min_s, t->cpu_s / t->repeat, t->repeat,
            (long)ru.ru_maxrss, s->stats.state_bytes,
            (size_t)s->ntransfers * sizeof *s->transfers +
                (size_t)s->nbusy * 2 * sizeof(int64_t));
}

int papsim_clv_run(const papsim_clv_request *q, FILE *out, papsim_err *e)
{
    papsim_clv_err ce = {0, ""}; /* the schedule code's own errors */
    papsim_clv_schedule s = {0};
    papsim_clv_timing t;
    int rc = 0;
    double *a = malloc((size_t)q->np * sizeof *a);

    if (a == NULL) {
        papsim_fail(e, "np=%d: out of memory", q->np);
        return 1;
    }
    if (papsim_clv_arrivals_read(q->arrivals, q->np, a, e) != 0) {
        rc = 2;
        goto out;
    }
    /* inputs the generator refuses (e.g. a/d > 2^50) are bad input too */
    if (papsim_clv_check_inputs(q->np, q->nseg, q->root, a, q->round_time, &ce) != 0) {
        rc = 2;
        papsim_fail(e, "%s", ce.msg);
        goto out;
    }
    if (papsim_clv_generate_timed(q->generator, q->np, q->nseg, q->root, a, q->round_time,
                                  &q->opt, q->repeat, &s, &t, &ce) != 0) {
        rc = 1;
        papsim_fail(e, "%s", ce.msg);
        goto out;
    }
    if (q->print != PAPSIM_CLV_PRINT_SUMMARY)
        papsim_clv_print_header(out, q->generator, q->np, q->nseg, q->root, &q->opt,
                                q->round_time);
    if (q->print == PAPSIM_CLV_PRINT_ROUNDS)
        papsim_clv_print_rounds(&s, out);
    else if ((q->print == PAPSIM_CLV_PRINT_TABLE && papsim_clv_print_table(&s, out, e) != 0) ||
             (q->print == PAPSIM_CLV_PRINT_RANKS && papsim_clv_print_ranks(&s, out, e) != 0)) {
        rc = 1;
        goto out;
    }
    papsim_clv_print_summary(out, &s);
    if (q->time)
        papsim_clv_print_timing(out, &s, &t);
    if (q->check) {
        if (papsim_clv_check(&s, &ce) != 0) {
            rc = 1;
            papsim_fail(e, "--check: check failed: %s", ce.msg);
            goto out;
        }
        fprintf(out, "check=ok\n");
    }
    if (fflush(out) != 0) {
        rc = 1;
        papsim_fail(e, "cannot write the output: %s", strerror(errno));
    }
out:
    papsim_clv_schedule_free(&s);
    free(a);
    return rc;
}
