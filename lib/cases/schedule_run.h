/* Running the Clairvoyant reduce schedule generator for papsim schedule
 * (algorithms/schedule/clairvoyant.h): the option names, a timed
 * generation, and the header, summary and timing lines it prints. The
 * views of the schedule itself are in schedule_view.h. */
#ifndef PAPSIM_SCHEDULE_RUN_H
#define PAPSIM_SCHEDULE_RUN_H

#include <stdio.h>

#include "schedule/clairvoyant.h"
#include "util/papsim_error.h"

/* What papsim schedule --print shows. */
enum { PAPSIM_CLV_PRINT_ROUNDS, PAPSIM_CLV_PRINT_TABLE, PAPSIM_CLV_PRINT_RANKS,
       PAPSIM_CLV_PRINT_SUMMARY };

/* "lt"/"le" into o->ready, "root-first"/"availability" into o->peers, and
 * "rounds"/"table"/"ranks"/"summary" into *print. A NULL text keeps the
 * value. Each returns 0, or -1 with a message naming the text and the
 * valid names. */
int papsim_clv_ready_parse(const char *s, papsim_clv_options *o, papsim_err *e);
int papsim_clv_peers_parse(const char *s, papsim_clv_options *o, papsim_err *e);
int papsim_clv_print_parse(const char *s, int *print, papsim_err *e);

/* The round duration d of papsim schedule: round_time (a duration, default
 * 1 when every text is NULL), or the model d = alpha + (bytes/nseg)(beta +
 * gamma) of Marendic et al. 2016, Sec. 5.1 (papsim_clv_round_time), which
 * needs all four of alpha (a duration), beta and gamma (seconds per byte)
 * and bytes, and excludes round_time. d must come out > 0. Returns 0, or
 * -1 with a message naming the option. */
int papsim_clv_round_time_read(const char *round_time, const char *alpha, const char *beta,
                               const char *gamma, const char *bytes, int nseg, double *d,
                               papsim_err *e);

/* Wall and CPU time of repeat generations (the CPU time is the process's
 * user + system time over the loop, from getrusage). */
typedef struct {
    long repeat;
    double wall_sum_s, wall_min_s, cpu_s;
} papsim_clv_timing;

/* Generates the schedule repeat times (each replacing the previous one in
 * *s) and times it. Returns 0, or -1 with the generator's message in ce. */
int papsim_clv_generate_timed(int generator, int np, int nseg, int root,
                              const double *arrival, double round_time,
                              const papsim_clv_options *opt, long repeat,
                              papsim_clv_schedule *s, papsim_clv_timing *t,
                              papsim_clv_err *ce);

/* "# clairvoyant schedule: generator=G np=P segments=N root=R ready=lt
 * peers=root-first round_time=D". */
void papsim_clv_print_header(FILE *f, int generator, int np, int nseg, int root,
                             const papsim_clv_options *opt, double round_time);

/* "rounds=R busy_rounds=B transfers=T skipped_rounds=S digest=H". */
void papsim_clv_print_summary(FILE *f, const papsim_clv_schedule *s);

/* "time_s=... time_min_s=... cpu_s=... repeat=K peak_rss_kib=...
 * state_bytes=... schedule_bytes=..." (means over the repeats). */
void papsim_clv_print_timing(FILE *f, const papsim_clv_schedule *s,
                             const papsim_clv_timing *t);

/* One papsim schedule request, its options already parsed. */
typedef struct {
    int np, nseg, root;
    int generator;           /* PAPSIM_CLV_ORIGINAL, PAPSIM_CLV_IMPROVED */
    int print;               /* PAPSIM_CLV_PRINT_* */
    int check, time;         /* --check, --time */
    long repeat;             /* generations timed (--repeat) */
    double round_time;       /* d (papsim_clv_round_time_read) */
    papsim_clv_options opt;  /* --ready, --peers, --max-rounds */
    const char *arrivals;    /* --arrivals (papsim_clv_arrivals_read), or NULL */
} papsim_clv_request;

/* Reads the arrivals, generates the schedule (timed), prints it on out as
 * q->print asks with its summary, the timing and the check's verdict.
 * Returns 0; 2 for bad input (arrivals, or inputs the generator refuses);
 * 1 when the generation, the check or the output failed; e holds the
 * message of a non-zero status. */
int papsim_clv_run(const papsim_clv_request *q, FILE *out, papsim_err *e);

#endif
