/* libpaptrace: records when every rank enters and leaves each MPI
 * collective, and writes one trace file at MPI_Finalize (format: see
 * traces/README.md, "paptrace 1").
 *
 * Life cycle (per rank):
 *   MPI_Init / MPI_Init_thread  read PAPTRACE_*, duplicate MPI_COMM_WORLD
 *                               for the tracer's own messages, estimate this
 *                               rank's clock offset to rank 0, name
 *                               MPI_COMM_WORLD, open the output on rank 0
 *   each collective             paptrace_after(): count, sample, record
 *   MPI_Finalize                estimate the offset again (linear drift),
 *                               move the times to rank 0's clock, send the
 *                               records to rank 0, which writes the file
 *
 * Communicators are matched across ranks by an id agreed once per
 * communicator: at its first traced collective, its rank 0 broadcasts
 * (its world rank, how many communicators it named before). The id and
 * the call counters are cached as an MPI attribute. Sequence numbers count
 * every intercepted collective on that communicator, from 0.
 *
 * Clock: under a real MPI each rank ping-pongs 20 times with rank 0 and
 * keeps the exchange with the smallest round trip; its midpoint gives the
 * offset (error at most half that round trip). Under SMPI
 * (PAPTRACE_SMPI) the simulated clock is global and the offset is 0.
 *
 * State: one paptrace_state per rank. With a real MPI a rank is a process,
 * so one static state. Under SMPI without privatization all ranks share
 * this library's globals, so the states are kept in a table indexed by
 * world rank (SMPI runs the ranks one at a time unless parallel contexts
 * are configured, which the tracer does not support). */
#include "paptrace.h"
#include "paptrace_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/papsim_output.h"

enum { TAG_CLOCK = 7101, TAG_RECORDS = 7102, TAG_ERROR = 7103 };
enum { CLOCK_ROUNDS = 20, SEND_CHUNK = 16384, FIRST_CAPACITY = 1024 };
enum { EXIT_BAD_CONFIG = 2 };

/* What each rank tells rank 0 before its records. */
enum { INFO_RECORDS, INFO_DROPPED, INFO_RTT_INIT, INFO_RTT_FINAL, INFO_LEN };

typedef struct {
    int32_t owner, index; /* the agreed communicator id */
    int64_t calls;        /* collectives intercepted on it so far */
    int64_t selected;     /* of those, calls of a traced collective */
} comm_info;

typedef struct {
    int world_rank, world_size;
    paptrace_config cfg;
    MPI_Comm comm;           /* the tracer's duplicate of MPI_COMM_WORLD */
    int keyval;              /* caches a comm_info on each communicator */
    int32_t comms_named;     /* ids this rank handed out as a rank 0 */
    double off_init, t_init; /* offset to rank 0's clock, and when (local) */
    double off_final, t_final;
    double rtt_init, rtt_final; /* best round trips (0 under SMPI) */
    double epoch;            /* rank 0: its clock when tracing started */
    paptrace_record *rec;
    size_t n, cap;
    int64_t dropped;         /* selected calls not kept (buffer bound) */
    papsim_output *file;     /* rank 0 only: the trace, written beside PAPTRACE_OUT */
    FILE *out;               /* rank 0 only: file->f */
} paptrace_state;

/* ---- per-rank state ---- */

#ifdef PAPTRACE_SMPI
static paptrace_state **rank_states; /* [world_size], see the header */
static int live_states;

static paptrace_state *current_state(void)
{
    int rank;
    if (rank_states == NULL)
        return NULL;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank_states[rank];
}

static paptrace_state *new_state(int rank, int size)
{
    if (rank_states == NULL &&
        (rank_states = calloc((size_t)size, sizeof *rank_states)) == NULL)
        return NULL;
    rank_states[rank] = calloc(1, sizeof **rank_states);
    if (rank_states[rank] != NULL)
        live_states++;
    return rank_states[rank];
}

static void drop_state(paptrace_state *s)
{
    rank_states[s->world_rank] = NULL;
    free(s);
    if (--live_states == 0) {
        free(rank_states);
        rank_states = NULL;
    }
}
#else
static paptrace_state *the_state;

static paptrace_state *current_state(void)
{
    return the_state;
}

static paptrace_state *new_state(int rank, int size)
{
    (void)rank;
    (void)size;
    return the_state = calloc(1, sizeof *the_state);
}

static void drop_state(paptrace_state *s)
{
    free(s);
    the_state = NULL;
}
#endif

/* ---- clock ---- */

/* This rank's offset to rank 0's clock from the ping-pong with the smallest
 * round trip; *when is the local time of that exchange. */
static int estimate_offset(paptrace_state *s, double *offset, double *when,
                           double *rtt)
{
    int rc = MPI_SUCCESS;
    *offset = 0;
    *when = PMPI_Wtime();
    *rtt = 0;
#ifndef PAPTRACE_SMPI
    for (int peer = 1; peer < s->world_size && rc == MPI_SUCCESS; peer++) {
        if (s->world_rank == 0) {
            for (int i = 0; i < CLOCK_ROUNDS && rc == MPI_SUCCESS; i++) {
                double t;
                rc = PMPI_Recv(&t, 1, MPI_DOUBLE, peer, TAG_CLOCK, s->comm,
                               MPI_STATUS_IGNORE);
                t = PMPI_Wtime();
                if (rc == MPI_SUCCESS)
                    rc = PMPI_Send(&t, 1, MPI_DOUBLE, peer, TAG_CLOCK, s->comm);
            }
        } else if (s->world_rank == peer) {
            *rtt = HUGE_VAL;
            for (int i = 0; i < CLOCK_ROUNDS && rc == MPI_SUCCESS; i++) {
                double t0 = PMPI_Wtime(), remote = 0;
                rc = PMPI_Send(&t0, 1, MPI_DOUBLE, 0, TAG_CLOCK, s->comm);
                if (rc == MPI_SUCCESS)
                    rc = PMPI_Recv(&remote, 1, MPI_DOUBLE, 0, TAG_CLOCK,
                                   s->comm, MPI_STATUS_IGNORE);
                double t1 = PMPI_Wtime();
                if (t1 - t0 < *rtt) {
                    *rtt = t1 - t0;
                    *offset = remote - (t0 + t1) / 2;
                    *when = (t0 + t1) / 2;
                }
            }
        }
    }
#else
    (void)s;
#endif
    return rc;
}

/* A local time on rank 0's clock, the offset interpolated linearly between
 * the estimates at MPI_Init and MPI_Finalize (clock drift). */
static double on_rank0_clock(const paptrace_state *s, double t)
{
    double span = s->t_final - s->t_init;
    double drift = span > 0 ? (s->off_final - s->off_init) / span : 0;
    return t + s->off_init + drift * (t - s->t_init);
}

/* ---- communicator ids ---- */

static int free_comm_info(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    free(attr);
    return MPI_SUCCESS;
}

/* The cached info of comm; at the first call on comm, agrees on its id
 * with a broadcast from its rank 0 (every member gets here in the same
 * collective, so the broadcast is matched). NULL when out of memory. */
static comm_info *info_of(paptrace_state *s, MPI_Comm comm)
{
    comm_info *ci = NULL;
    int found = 0, rank, id[2];
    PMPI_Comm_get_attr(comm, s->keyval, &ci, &found);
    if (found)
        return ci;
    PMPI_Comm_rank(comm, &rank);
    id[0] = s->world_rank;
    id[1] = s->comms_named;
    if (PMPI_Bcast(id, 2, MPI_INT, 0, comm) != MPI_SUCCESS)
        return NULL;
    if (rank == 0)
        s->comms_named++;
    if ((ci = calloc(1, sizeof *ci)) == NULL)
        return NULL;
    ci->owner = id[0];
    ci->index = id[1];
    if (PMPI_Comm_set_attr(comm, s->keyval, ci) != MPI_SUCCESS) {
        free(ci);
        return NULL;
    }
    return ci;
}

/* ---- recording ---- */

/* Appends r, growing the buffer geometrically up to max_records; a record
 * that does not fit is counted as dropped. */
static void append(paptrace_state *s, const paptrace_record *r)
{
    if (s->n == s->cap) {
        size_t max = (size_t)s->cfg.max_records;
        size_t cap = s->cap ? 2 * s->cap : FIRST_CAPACITY;
        paptrace_record *grown;
        if (cap > max)
            cap = max;
        if (cap <= s->cap ||
            (grown = realloc(s->rec, cap * sizeof *grown)) == NULL) {
            s->dropped++;
            return;
        }
        s->rec = grown;
        s->cap = cap;
    }
    s->rec[s->n++] = *r;
}

void paptrace_after(int collective, MPI_Comm comm, double t_in, double t_out,
                    int64_t bytes, int rc)
{
    paptrace_state *s = current_state();
    comm_info *ci;
    int inter = 0, size;
    if (s == NULL || rc != MPI_SUCCESS || comm == MPI_COMM_NULL)
        return;
    PMPI_Comm_test_inter(comm, &inter);
    if (inter) /* not traced: documented in traces/README.md */
        return;
    if ((ci = info_of(s, comm)) == NULL) {
        s->dropped++;
        return;
    }
    int64_t seq = ci->calls++;
    if (!(s->cfg.collective_mask & (1u << collective)))
        return;
    if (ci->selected++ % s->cfg.every != 0 ||
        !s->cfg.rank_traced[s->world_rank])
        return;
    PMPI_Comm_size(comm, &size);
    paptrace_record r = {
        .arrival = t_in, .exit = t_out, .seq = seq, .bytes = bytes,
        .comm_owner = ci->owner, .comm_index = ci->index,
        .comm_size = size, .collective = collective,
    };
    append(s, &r);
}

/* ---- start ---- */

/* Stops the run when the configuration or the output is wrong: the lowest
 * failing rank prints its message and aborts with exit code 2; the others
 * wait for the abort, so the message is printed once. Under SMPI, whose
 * MPI_Abort ends only the calling rank (the others would wait for ever and
 * SimGrid 3.32 ends such a run with status 0), every rank finalizes and
 * exits with 2 instead. Returns 0 when every rank is fine. */
static int stop_on_error(paptrace_state *s, const char *err)
{
    int mine = err[0] ? s->world_rank : INT_MAX, first = INT_MAX;
    PMPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, s->comm);
    if (first == INT_MAX)
        return 0;
    if (first == s->world_rank) {
        fprintf(stderr, "paptrace: %s\n", err);
        fflush(stderr);
#ifndef PAPTRACE_SMPI
        PMPI_Abort(MPI_COMM_WORLD, EXIT_BAD_CONFIG);
#endif
    }
#ifdef PAPTRACE_SMPI
    if (s->file)
        papsim_output_abort(s->file);
    PMPI_Barrier(s->comm);
    PMPI_Finalize();
    exit(EXIT_BAD_CONFIG);
#else
    int never;
    PMPI_Recv(&never, 1, MPI_INT, first, TAG_ERROR, s->comm, MPI_STATUS_IGNORE);
    return -1;
#endif
}

/* An existing trace (its first line the format's name) is the tracer's own
 * file: a new run replaces it without PAPTRACE_FORCE. */
static int is_own_trace(const char *path)
{
    char head[sizeof PAPTRACE_FORMAT_NAME + 1] = "";
    struct stat st;
    FILE *f;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || !(f = fopen(path, "r")))
        return 0;
    const size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    return !strcmp(head, PAPTRACE_FORMAT_NAME " ");
}

/* Rank 0: PAPTRACE_OUT is checked as papsim's outputs are
 * (util/papsim_output.h): never the traced program (its executable, or the
 * shared object this tracer is linked into under SMPI), never something
 * that is not a regular file, an existing file only when it is a trace or
 * with PAPTRACE_FORCE=1; written to PATH.tmp, renamed into place at
 * MPI_Finalize once complete. */
static void open_output(paptrace_state *s, char *err, size_t err_len)
{
    Dl_info self;
    const char *inputs[2] = {"/proc/self/exe", NULL};
    papsim_err e = {{0}};
    if (dladdr((void *)open_output, &self) != 0)
        inputs[1] = self.dli_fname;
    const int mode = s->cfg.force || is_own_trace(s->cfg.out) ? PAPSIM_OUTPUT_REPLACE
                                                               : PAPSIM_OUTPUT_NEW;
    if (!(s->file = calloc(1, sizeof *s->file)))
        snprintf(err, err_len, "out of memory");
    else if (papsim_output_check_as(s->cfg.out, "PAPTRACE_OUT", inputs, 2, mode,
                                    "set PAPTRACE_FORCE=1 to replace it", &e) != 0 ||
             papsim_output_open(s->file, s->cfg.out, mode, &e) != 0)
        snprintf(err, err_len, "%s", e.msg);
    else
        s->out = s->file->f;
}

static void start_tracing(void)
{
    char err[1024] = "";
    int rank, size;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    paptrace_state *s = new_state(rank, size);
    if (s == NULL) {
        fprintf(stderr, "paptrace: rank %d: out of memory; not tracing\n", rank);
        return;
    }
    s->world_rank = rank;
    s->world_size = size;
    PMPI_Comm_dup(MPI_COMM_WORLD, &s->comm);
    PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_comm_info, &s->keyval,
                            NULL);
    if (paptrace_config_read(&s->cfg, size, getenv, err, sizeof err) == 0 && rank == 0)
        open_output(s, err, sizeof err);
    if (stop_on_error(s, err) != 0)
        return;
    estimate_offset(s, &s->off_init, &s->t_init, &s->rtt_init);
    info_of(s, MPI_COMM_WORLD); /* so that MPI_COMM_WORLD is always 0.0 */
    s->epoch = PMPI_Wtime();
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    if (rc == MPI_SUCCESS)
        start_tracing();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    if (rc == MPI_SUCCESS)
        start_tracing();
    return rc;
}

/* ---- finish ---- */

static int write_record(FILE *f, const paptrace_record *r, int rank,
                        double epoch)
{
    return fprintf(f, "%d.%d %lld %s %d %lld %d %.9f %.9f\n", r->comm_owner,
                   r->comm_index, (long long)r->seq,
                   paptrace_collective_name(r->collective), r->comm_size,
                   (long long)r->bytes, rank, r->arrival - epoch,
                   r->exit - epoch);
}

static void write_header(const paptrace_state *s, const double *info)
{
    double records = 0, dropped = 0, rtt = 0;
    for (int r = 0; r < s->world_size; r++) {
        const double *i = info + (size_t)r * INFO_LEN;
        records += i[INFO_RECORDS];
        dropped += i[INFO_DROPPED];
        rtt = i[INFO_RTT_INIT] > rtt ? i[INFO_RTT_INIT] : rtt;
        rtt = i[INFO_RTT_FINAL] > rtt ? i[INFO_RTT_FINAL] : rtt;
    }
    fprintf(s->out, "%s %d\n", PAPTRACE_FORMAT_NAME, PAPTRACE_FORMAT_VERSION);
    fprintf(s->out, "world_size %d\n", s->world_size);
    fprintf(s->out, "traced_ranks %s\n", s->cfg.ranks_text);
    fprintf(s->out, "collectives %s\n", s->cfg.collectives_text);
    fprintf(s->out, "every %ld\n", s->cfg.every);
#ifdef PAPTRACE_SMPI
    fprintf(s->out, "clock smpi\n");
#else
    fprintf(s->out, "clock pingpong\n");
#endif
    fprintf(s->out, "clock_error_s %.9f\n", rtt / 2);
    fprintf(s->out, "dropped %.0f\n", dropped);
    fprintf(s->out, "records %.0f\n", records);
    fprintf(s->out, "# comm seq collective comm_size bytes rank arrival_s exit_s\n");
}

/* Rank 0 writes its own records, then each other rank's as they arrive,
 * SEND_CHUNK at a time, so it never holds more than its own and one chunk.
 * Returns the number of records written, or -1 on a failed receive. */
static long long collect_and_write(paptrace_state *s, const double *info,
                                   paptrace_record *chunk)
{
    long long written = 0;
    for (size_t i = 0; i < s->n; i++, written++)
        write_record(s->out, &s->rec[i], 0, s->epoch);
    for (int r = 1; r < s->world_size; r++) {
        size_t left = (size_t)info[(size_t)r * INFO_LEN + INFO_RECORDS];
        while (left > 0) {
            int n = left < SEND_CHUNK ? (int)left : SEND_CHUNK;
            if (PMPI_Recv(chunk, n * (int)sizeof *chunk, MPI_BYTE, r,
                          TAG_RECORDS, s->comm, MPI_STATUS_IGNORE) != MPI_SUCCESS)
                return -1;
            for (int i = 0; i < n; i++, written++)
                write_record(s->out, &chunk[i], r, s->epoch);
            left -= (size_t)n;
        }
    }
    return written;
}

static int send_records(const paptrace_state *s)
{
    int rc = MPI_SUCCESS;
    for (size_t i = 0; i < s->n && rc == MPI_SUCCESS; i += SEND_CHUNK) {
        size_t n = s->n - i < SEND_CHUNK ? s->n - i : SEND_CHUNK;
        rc = PMPI_Send(s->rec + i, (int)(n * sizeof *s->rec), MPI_BYTE, 0,
                       TAG_RECORDS, s->comm);
    }
    return rc;
}

/* Rank 0's part: header, records, the closing "end" line (its absence
 * tells a reader that the file was cut), then the dropped-records warning. */
static void write_trace(paptrace_state *s, const double *info)
{
    paptrace_record *chunk = malloc(SEND_CHUNK * sizeof *chunk);
    long long written = -1;
    double dropped = 0;
    if (chunk != NULL) {
        write_header(s, info);
        written = collect_and_write(s, info, chunk);
        if (written >= 0)
            fprintf(s->out, "end %lld\n", written);
    }
    free(chunk);
    papsim_err e = {{0}};
    if (chunk == NULL || written < 0) /* an existing file stays as it was */
        fprintf(stderr, "paptrace: '%s' not written: %s\n", s->cfg.out,
                chunk == NULL ? "out of memory" : "a rank's records were lost");
    else if (papsim_output_commit(s->file, 0, &e) != 0)
        fprintf(stderr, "paptrace: %s\n", e.msg);
    papsim_output_abort(s->file);
    s->out = NULL;
    for (int r = 0; r < s->world_size; r++)
        dropped += info[(size_t)r * INFO_LEN + INFO_DROPPED];
    if (dropped > 0)
        fprintf(stderr, "paptrace: %.0f selected calls were not recorded "
                "(PAPTRACE_MAX_RECORDS=%ld per rank); raise it or sample "
                "with PAPTRACE_EVERY\n", dropped, s->cfg.max_records);
}

static void finish_tracing(paptrace_state *s)
{
    double mine[INFO_LEN], *info = NULL;
    estimate_offset(s, &s->off_final, &s->t_final, &s->rtt_final);
    for (size_t i = 0; i < s->n; i++) {
        s->rec[i].arrival = on_rank0_clock(s, s->rec[i].arrival);
        s->rec[i].exit = on_rank0_clock(s, s->rec[i].exit);
    }
    mine[INFO_RECORDS] = (double)s->n;
    mine[INFO_DROPPED] = (double)s->dropped;
    mine[INFO_RTT_INIT] = s->rtt_init;
    mine[INFO_RTT_FINAL] = s->rtt_final;
    if (s->world_rank == 0 &&
        (info = malloc((size_t)s->world_size * INFO_LEN * sizeof *info)) == NULL) {
        fprintf(stderr, "paptrace: out of memory while writing '%s'\n",
                s->cfg.out);
        PMPI_Abort(MPI_COMM_WORLD, 1);
    }
    PMPI_Gather(mine, INFO_LEN, MPI_DOUBLE, info, INFO_LEN, MPI_DOUBLE, 0,
                s->comm);
    if (s->world_rank == 0)
        write_trace(s, info);
    else
        send_records(s);
    free(info);
}

/* Frees the cached info of a communicator that outlives the tracer.
 * Deleting an absent attribute may be an error, hence the check. */
static void forget(MPI_Comm comm, int keyval)
{
    comm_info *ci;
    int found = 0;
    PMPI_Comm_get_attr(comm, keyval, &ci, &found);
    if (found)
        PMPI_Comm_delete_attr(comm, keyval);
}

static void release(paptrace_state *s)
{
    forget(MPI_COMM_WORLD, s->keyval);
    forget(MPI_COMM_SELF, s->keyval);
    PMPI_Comm_free_keyval(&s->keyval);
    PMPI_Comm_free(&s->comm);
    paptrace_config_free(&s->cfg);
    if (s->file)
        papsim_output_abort(s->file);
    free(s->file);
    free(s->rec);
    drop_state(s);
}

int MPI_Finalize(void)
{
    paptrace_state *s = current_state();
    if (s != NULL) {
        finish_tracing(s);
        release(s);
    }
    return PMPI_Finalize();
}
