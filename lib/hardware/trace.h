/* Arrival traces written by libpaptrace (traces/README.md, format
 * "paptrace 1"): reading them, grouping their records into calls, and the
 * two analyses papsim offers (MPI-free).
 *
 * A call is one collective invocation: the records sharing a communicator
 * id and a sequence number, one per traced rank. Its skew is the last
 * arrival minus the first; a rank's delay in it is its arrival minus the
 * first. Only traced ranks count (PAPTRACE_RANKS): with a subset, "first"
 * means the first of the traced ranks.
 *
 * The FT-scenario pattern of M. Salimi Beni, B. Cosenza, S. Hunold, "MPI
 * collective algorithm selection in the presence of process arrival
 * patterns", IEEE International Conference on Cluster Computing (CLUSTER),
 * 2024, Sec. V-A and Figure 1: for each rank,
 * the mean of its delay over the selected calls it took part in. */
#ifndef PAPSIM_TRACE_H
#define PAPSIM_TRACE_H
#include <stddef.h>
#include <stdio.h>

#include "util/papsim_error.h"

#define PAPSIM_TRACE_VERSION 1
#define PAPSIM_TRACE_NAME_MAX 32

typedef struct {
    char comm[PAPSIM_TRACE_NAME_MAX];       /* "0.0" = MPI_COMM_WORLD */
    char collective[PAPSIM_TRACE_NAME_MAX]; /* "alltoall" */
    long long seq, bytes;
    int comm_size, rank;
    double arrival, exit;
    long line;                              /* where it was read */
} papsim_trace_record;

typedef struct {
    int world_size;
    long every;
    long long dropped;
    double clock_error_s;
    char clock[PAPSIM_TRACE_NAME_MAX];
    char traced_ranks[256], collectives[256];
    papsim_trace_record *rec;
    size_t n;
} papsim_trace;

/* Reads a whole trace. Errors name the file and line: another format
 * version, a missing header key, a malformed record, or a file cut short
 * (no closing "end" line, or fewer records than announced). */
int papsim_trace_read(const char *path, papsim_trace *t, papsim_err *e);
void papsim_trace_free(papsim_trace *t);

typedef struct {
    size_t first, count;   /* its records: t->rec[first .. first+count) */
    double skew;           /* last arrival - first arrival */
    int last_rank;         /* the rank that arrived last (lowest on ties) */
} papsim_trace_call;

/* Sorts t's records by (communicator, sequence, rank) and lists the calls
 * of `collective` (NULL: every collective) in that order. Fails (naming
 * file:line) when a call holds the same rank twice or records that
 * disagree on the collective or the communicator size. *calls is malloc'd;
 * free it. */
int papsim_trace_calls(papsim_trace *t, const char *path,
                       const char *collective, papsim_trace_call **calls,
                       size_t *ncalls, papsim_err *e);

/* delay[r] = mean over the calls rank r took part in of its delay;
 * count[r] = how many such calls (0: the rank took part in none, and
 * delay[r] is 0). Both arrays have t->world_size entries. */
void papsim_trace_mean_delays(const papsim_trace *t,
                              const papsim_trace_call *calls, size_t ncalls,
                              double *delay, long *count);

/* Statistics of the skews of n calls (n >= 1): the median averages the two
 * middle values for even n; p90 is the nearest-rank value, the
 * ceil(0.9 n)-th smallest. */
typedef struct {
    size_t calls;
    double min, median, p90, max;
} papsim_trace_skew_stats;

int papsim_trace_skew_stats_of(const papsim_trace_call *calls, size_t n,
                               papsim_trace_skew_stats *out, papsim_err *e);

/* The pattern file of the mean delays (papsim_trace_mean_delays) of
 * ncalls calls of collective (NULL: all) in the trace at trace_path. Ranks
 * 0..k-1 all present: papsim pattern's own "rank<TAB>delay" lines.
 * Otherwise (a PAPTRACE_RANKS subset, or ranks outside every selected call)
 * the traced ranks only, in world-rank order, each line naming its world
 * rank in a comment. */
void papsim_trace_write_pattern(FILE *f, const char *trace_path, const char *collective,
                                const papsim_trace *t, size_t ncalls, const double *delay,
                                const long *count);

/* papsim pattern --from-trace: reads the trace at trace_path, averages the
 * delays of the calls of collective (NULL: all) and writes the pattern file
 * (papsim_trace_write_pattern) to out_path (its folders made; NULL: stdout).
 * Returns 0, or PAPSIM_EXIT_BAD_INPUT (an unreadable trace, no such calls)
 * or PAPSIM_EXIT_FAILED (out of memory, a failed write) with e. */
int papsim_trace_pattern_file(const char *trace_path, const char *collective,
                              const char *out_path, papsim_err *e);

/* Writes papsim trace-summary's table for the trace at path (read into
 * t): a header line, one row per collective in name order and an "all"
 * row, each with the calls, the min, median, p90 and max skew and the
 * ranks most often last (rank:calls, most first, at most three). Returns
 * 0, or -1 with e (trace_summary.c). */
int papsim_trace_summary_write(FILE *out, const char *path, papsim_trace *t, papsim_err *e);

/* Names the collectives a trace has ("allreduce, bcast"), for the "no
 * calls of C" message; cut short to fit len. */
void papsim_trace_list_collectives(const papsim_trace *t, char *buf, size_t len);

#endif
