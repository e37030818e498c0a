/* Running sweep cases: smpirun batches in parallel workers, rows appended to
 * results.csv one whole case at a time (see sweep.h). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/csv.h"
#include "smpi/launch.h"
#include "sweep/sweep.h"
#include "sweep/sweep_failed.h"
#include "util/papsim_error.h"
#include "util/papsim_fs.h"
#include "util/papsim_output.h"

static volatile sig_atomic_t interrupted_flag; /* the only way a signal can talk to us */

static void on_signal(int sig)
{
    (void)sig;
    interrupted_flag = 1;
}

int sweep_interrupted(void) { return interrupted_flag != 0; }

void sweep_install_signal_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* A batch: consecutive cases sharing platform, np, placement and SMPI
 * configuration, run by one smpirun. */
typedef struct {
    sweep_case **cases;
    int ncases;
    int next;        /* index of the case whose rows are arriving */
    int rows;        /* rows received for that case */
    char *pending;   /* those rows, appended to results.csv when complete */
    size_t pending_len;
    char line[65536];
    size_t line_len;
    pid_t pid;
    int fd;
    int number;
    char log_path[4200]; /* room for the batch directory and "/smpirun.log" */
    double cost;         /* the forecast of its cases (longest batches run first) */
    double case_started; /* monotonic seconds: when cases[next] began */
    int timed_out;       /* killed because cases[next] passed the time limit */
    char bad_line[96];   /* killed after printing this line, not a row of cases[next] */
} batch;

static double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* 1 if line starts like a results row: 16 hex digits (a case id) and ','. */
static int looks_like_row(const char *line)
{
    for (int i = 0; i < 16; i++)
        if (!isxdigit((unsigned char)line[i]))
            return 0;
    return line[16] == ',';
}

/* Orders cases by what one smpirun command shares: platform, np, placement
 * and the SMPI options of the case (built-in selection, shared buffers). */
static int launch_order(const sweep_case *a, const sweep_case *b)
{
    char ca[256], cb[256];
    int d = sweep_compare_placement(a, b);
    if (!d) {
        papsim_builtin_cfg(&a->c, ca, sizeof ca);
        papsim_builtin_cfg(&b->c, cb, sizeof cb);
        d = strcmp(ca, cb);
    }
    if (!d)
        d = a->c.check - b->c.check;
    return d;
}

static int same_batch(const sweep_case *a, const sweep_case *b) { return launch_order(a, b) == 0; }

typedef struct {
    const sweep_options *o;
    sweep_stats *stats;
    int results_fd;
    const char *results_path;
    papsim_err *err;  /* the error that stops the run (a failed write) */
    int stop;         /* set with err: end every batch, report nothing more */
    time_t started;
    time_t last_progress;
    int done;  /* cases finished (run or failed) in this execution */
    int todo;
    double cost_todo; /* forecast cost of all the cases (sweep_case_cost) */
    double cost_done; /* of those finished: the ETA scales elapsed time by it,
                         since the longest batches run first */
    FILE *case_wall;  /* OUT/work/case_wall.tsv, or NULL if it cannot be written */
} progress;

/* OUT/work/case_wall.tsv: the wall time of every case a run finished, to
 * tell where a sweep's time went (the forecast is only a model). A batch's
 * first case also carries smpirun's start-up and the platform's loading. */
static FILE *open_case_wall_log(const char *out_dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/work/case_wall.tsv", out_dir);
    const int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    FILE *f = fd >= 0 ? fdopen(fd, "a") : NULL;
    if (!f && fd >= 0)
        close(fd);
    if (f && fseek(f, 0, SEEK_END) != 0) { /* where "a" starts is up to the C library */
        fclose(f);
        f = NULL;
    }
    if (!f) {
        papsim_print_note("papsim run", "%s: cannot write (%s); per-case wall times not logged",
                path, strerror(errno));
        return NULL;
    }
    if (ftell(f) == 0)
        fprintf(f, "wall_s\toutcome\tcollective\talgorithm\tnp\tmapping\tbytes\tpattern\t"
                   "skew_s\tbatch\n");
    return f;
}

static void show_progress(progress *p, const sweep_case *last, int force)
{
    time_t now = time(NULL);
    if (p->o->quiet || (!force && now == p->last_progress))
        return;
    p->last_progress = now;
    double elapsed = difftime(now, p->started);
    double left = p->cost_todo + p->o->cost_later - p->cost_done;
    double rate_cost = p->o->cost_before + p->cost_done;
    double eta = rate_cost > 0 ? elapsed * left / rate_cost : 0;
    if (eta < 0)
        eta = 0;
    /* the run's count, over its phases */
    const int done = p->o->done_before + p->done;
    const int todo = p->o->total > done ? p->o->total : p->o->done_before + p->todo;
    papsim_print_note("papsim run", "[%d/%d] %3.0f%%  elapsed %.0fs  eta %.0fs  %s/%s np=%d %lldB %s",
            done, todo, 100.0 * done / (todo ? todo : 1), elapsed, eta,
            last->c.collective, last->c.algorithm, last->c.np, last->c.bytes, last->c.pattern);
}

/* Counts a finished case for the progress line and logs its wall time;
 * outcome: simulated (its rows arrived), timeout or failed. */
static void case_finished(progress *p, const batch *b, const char *outcome)
{
    const sweep_case *sc = b->cases[b->next];
    p->done++;
    p->cost_done += sweep_case_cost(sc, p->o->cost, NULL);
    if (p->case_wall) {
        const papsim_case *c = &sc->c;
        fprintf(p->case_wall, "%.3f\t%s\t%s\t%s\t%d\t%s\t%lld\t%s\t%.17g\t%d\n",
                monotonic_seconds() - b->case_started, outcome, c->collective, c->algorithm,
                c->np, c->mapping, c->bytes, c->pattern, c->skew_s, b->number);
        fflush(p->case_wall);
    }
    show_progress(p, sc, 0);
}

/* Handles one complete output line of a batch. */
static int take_line(batch *b, char *line, progress *p, papsim_err *e)
{
    /* smpirun itself prints its command line on stdout when the simulation
     * crashes; that is not a row (the exit status reports the failure). */
    if (!looks_like_row(line) || b->bad_line[0])
        return 0;
    if (b->next >= b->ncases || strncmp(line, b->cases[b->next]->id, 16) != 0) {
        /* Not the case it should be running: the batch is stopped, and
         * finish_batch reports it as the failure of that case. */
        snprintf(b->bad_line, sizeof b->bad_line, "%.80s", line);
        kill(-b->pid, SIGKILL);
        return 0;
    }
    papsim_results_row_to_format(line, p->o->format); /* an older file keeps its format */
    size_t len = strlen(line);
    char *grown = realloc(b->pending, b->pending_len + len + 2);
    if (!grown)
        return papsim_fail(e, "out of memory");
    b->pending = grown;
    memcpy(b->pending + b->pending_len, line, len);
    b->pending_len += len;
    b->pending[b->pending_len++] = '\n';
    if (++b->rows < b->cases[b->next]->c.reps)
        return 0;
    if (papsim_append_whole(p->results_fd, p->results_path, b->pending, b->pending_len, e) != 0) {
        p->stats->not_written++;
        return -1;
    }
    p->stats->run++;
    case_finished(p, b, "simulated");
    b->pending_len = 0;
    b->rows = 0;
    b->next++;
    b->case_started = monotonic_seconds();
    return 0;
}

/* Reads what the batch printed; returns 1 at end of output. */
static int drain(batch *b, progress *p, papsim_err *e)
{
    ssize_t n = read(b->fd, b->line + b->line_len, sizeof b->line - b->line_len - 1);
    if (n < 0 && errno == EINTR)
        return 0;
    if (n <= 0)
        return 1;
    b->line_len += (size_t)n;
    b->line[b->line_len] = '\0';
    char *start = b->line, *nl;
    while ((nl = strchr(start, '\n'))) {
        *nl = '\0';
        if (take_line(b, start, p, e) != 0)
            return -1;
        start = nl + 1;
    }
    b->line_len = strlen(start);
    memmove(b->line, start, b->line_len + 1);
    return 0;
}

static int start_batch(batch *b, const sweep_options *o, papsim_err *e)
{
    char dir[4096], cases_path[4200];
    papsim_launch l;
    snprintf(dir, sizeof dir, "%s/work/batch-%d", o->out_dir, b->number);
    snprintf(cases_path, sizeof cases_path, "%s/cases.txt", dir);
    snprintf(b->log_path, sizeof b->log_path, "%s/smpirun.log", dir);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return papsim_fail(e, "cannot create %s: %s", dir, strerror(errno));
    papsim_output f; /* papsim's own file (sweep_check_dir), replaced whole */
    if (papsim_output_open(&f, cases_path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return -1;
    for (int i = 0; i < b->ncases; i++)
        papsim_case_write_args(&b->cases[i]->c, f.f);
    if (papsim_output_commit(&f, 0, e) != 0)
        return -1;
    if (papsim_launch_prepare(&l, &b->cases[0]->c, b->cases[0]->platform_path, dir, e) != 0)
        return -1;
    l.cases_name = "cases.txt";
    l.extra_cfg = o->extra_cfg;
    b->pid = papsim_launch_start(&l, &b->fd, b->log_path, e);
    b->case_started = monotonic_seconds();
    b->timed_out = 0;
    b->bad_line[0] = '\0';
    return b->pid < 0 ? -1 : 0;
}

/* The batch was killed at the time limit of its current case: that case
 * gets a "timeout" row (so a rerun does not spend the limit on it again, and
 * the reports show the cell as missing), and the cases after it run in a
 * new batch. */
static int record_timeout(batch *b, progress *p, int missing)
{
    const papsim_case *c = &b->cases[b->next]->c;
    char row[8192];
    sweep_status_row(c, SWEEP_STATUS_TIMEOUT, p->o->format, row, sizeof row);
    if (papsim_append_whole(p->results_fd, p->results_path, row, strlen(row), p->err) != 0) {
        p->stats->not_written++;
        p->stop = 1;
        return 0;
    }
    papsim_print_note("papsim run", "case %s/%s np=%d %s %lldB %s passed --case-timeout %gs: "
                    "killed, recorded with status timeout",
            c->collective, c->algorithm, c->np, c->mapping, c->bytes, c->pattern,
            p->o->case_timeout);
    p->stats->timed_out++;
    case_finished(p, b, SWEEP_STATUS_TIMEOUT);
    return missing - 1;
}

/* Kills a batch whose current case has run longer than the limit. */
static void enforce_case_timeout(batch *b, const sweep_options *o)
{
    if (o->case_timeout <= 0 || b->timed_out || b->bad_line[0])
        return;
    if (monotonic_seconds() - b->case_started < o->case_timeout)
        return;
    b->timed_out = 1;
    kill(-b->pid, SIGKILL); /* the whole group: smpirun and the simulator */
}

/* Moves a failed batch's log to a name of its own, DIR/work/failed/CASE-
 * DATE.log (DATE from now): the next run numbers its batches from 0 again
 * and would overwrite it. log gets its path relative to DIR, the new one,
 * or work/batch-N/smpirun.log if it could not move; b->log_path follows. */
static void keep_failed_log(batch *b, const char *out_dir, time_t now, char *log, size_t cap)
{
    char stamp[32], kept[96], kept_path[sizeof b->log_path], failed_dir[sizeof b->log_path];
    struct tm tm;
    const char *id = b->cases[b->next]->id[0] ? b->cases[b->next]->id : "case";
    snprintf(log, cap, "work/batch-%d/smpirun.log", b->number);
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    snprintf(failed_dir, sizeof failed_dir, "%s/work/failed", out_dir);
    if (mkdir(failed_dir, 0755) != 0 && errno != EEXIST)
        return;
    /* A name not yet taken (the run holds DIR's lock): the same case may
     * fail twice within a second, in two quick runs. */
    for (int k = 1; k <= 100; k++) {
        if (k == 1)
            snprintf(kept, sizeof kept, "work/failed/%s-%s.log", id, stamp);
        else
            snprintf(kept, sizeof kept, "work/failed/%s-%s-%d.log", id, stamp, k);
        const int len = snprintf(kept_path, sizeof kept_path, "%s/%s", out_dir, kept);
        if (len <= 0 || (size_t)len >= sizeof kept_path)
            return;
        if (access(kept_path, F_OK) == 0)
            continue;
        if (rename(b->log_path, kept_path) == 0) {
            memcpy(b->log_path, kept_path, (size_t)len + 1);
            snprintf(log, cap, "%s", kept);
        }
        return;
    }
}

/* Waits for a finished batch. When it stopped early, the case it was
 * running failed (the simulator crashed, papbench refused it, or it printed
 * something that is not that case's row): that case is counted as failed,
 * with its cause, recorded in DIR/failed.csv, and the number of cases
 * after it is returned, for the caller to run again in a new batch. A
 * batch ended because the run stops (an interrupt, a failed write) is not
 * a failure and says nothing. */
static int finish_batch(batch *b, progress *p)
{
    int status = 0;
    close(b->fd);
    while (waitpid(b->pid, &status, 0) < 0 && errno == EINTR)
        ;
    int missing = b->ncases - b->next;
    free(b->pending);
    b->pending = NULL;
    if (missing == 0 || sweep_interrupted() || p->stop)
        return 0;
    const papsim_case *c = &b->cases[b->next]->c;
    if (b->timed_out && !b->bad_line[0])
        return record_timeout(b, p, missing);
    /* SimGrid 3.32 ends a deadlocked simulation with exit status 0, 4.1
     * with 139 (simgrid_compat.h): its log line is what tells, first. */
    char why[160], plain[32];
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    const papsim_log_cause cause =
        b->bad_line[0] ? PAPSIM_LOG_UNKNOWN : papsim_failure_cause(b->log_path, code);
    const char *name = papsim_failure_name(cause);
    if (WIFEXITED(status))
        snprintf(plain, sizeof plain, "exit status %d", WEXITSTATUS(status));
    else
        snprintf(plain, sizeof plain, "signal %d", WTERMSIG(status));
    if (b->bad_line[0])
        snprintf(why, sizeof why, "unexpected output line '%s'", b->bad_line);
    else if (cause == PAPSIM_LOG_KILLED)
        snprintf(why, sizeof why, "%s, exit status %d", name, code);
    else
        snprintf(why, sizeof why, "%s", name ? name : plain);
    const time_t now = time(NULL);
    char log[96];
    keep_failed_log(b, p->o->out_dir, now, log, sizeof log);
    papsim_print_note("papsim run", "batch %d failed (%s) in case %s/%s np=%d %s %lldB %s; log: %s",
            b->number, why, c->collective, c->algorithm, c->np, c->mapping, c->bytes, c->pattern,
            b->log_path);
    papsim_log_print_tail(b->log_path, 5, stderr);
    char advice[512];
    papsim_failure_advice(cause, advice, sizeof advice);
    if (advice[0])
        papsim_print_note("papsim run", "%s", advice);
    /* DIR/failed.csv keeps it for the next runs (sweep_failed.h); a row
     * that cannot be written stops the run, as one of results.csv does. */
    sweep_failure f = {b->bad_line[0] ? "unexpected output" : name ? name : plain, code, log};
    if (sweep_failed_append(p->o->out_dir, c, b->cases[b->next]->id, &f, now,
                            p->err) != 0) {
        p->stats->not_written++;
        p->stop = 1;
        return 0;
    }
    p->stats->failed++;
    case_finished(p, b, "failed");
    if (missing > 1)
        papsim_print_note("papsim run", "running the %d case(s) after it in a new batch",
                missing - 1);
    return missing - 1;
}

static int batch_order(const void *pa, const void *pb)
{
    const sweep_case *a = *(sweep_case *const *)pa, *b = *(sweep_case *const *)pb;
    int d = launch_order(a, b);
    return d ? d : (a < b ? -1 : a > b);
}

/* Longest first: a long batch started last would leave the other workers
 * idle at the end of the phase (results.csv is put in spec order anyway). */
static int longest_first(const void *pa, const void *pb)
{
    const batch *a = pa, *b = pb;
    if (a->cost != b->cost)
        return a->cost > b->cost ? -1 : 1;
    return a->number - b->number;
}

/* Cuts the work into batches small enough to keep every worker busy: at
 * most a quarter of a worker's share of the cases, and, with several
 * workers, of the forecast cost, so that the cases of one dear algorithm
 * do not end up in one batch that a single worker runs alone for hours
 * after the others are done. */
static int make_batches(sweep_case **todo, int n, const sweep_options *o, batch **out,
                        int *nbatches)
{
    qsort(todo, (size_t)n, sizeof *todo, batch_order);
    int chunk = n / (o->jobs * 4) + 1;
    if (chunk > 64)
        chunk = 64;
    batch *v = calloc(2 * (size_t)n + 1, sizeof *v); /* room for reruns */
    double *cost = malloc(((size_t)n + 1) * sizeof *cost);
    if (!v || !cost) {
        free(v);
        free(cost);
        return -1;
    }
    double total = 0;
    for (int k = 0; k < n; k++)
        total += cost[k] = sweep_case_cost(todo[k], o->cost, NULL);
    const double cost_cap = o->jobs > 1 ? total / (o->jobs * 4) : total;
    int nb = 0;
    for (int i = 0; i < n;) {
        int j = i + 1;
        double c = cost[i];
        while (j < n && j - i < chunk && same_batch(todo[i], todo[j]) && c + cost[j] <= cost_cap)
            c += cost[j++];
        v[nb].cases = todo + i;
        v[nb].ncases = j - i;
        v[nb].number = nb;
        v[nb].cost = c;
        nb++;
        i = j;
    }
    free(cost);
    if (o->jobs > 1) {
        qsort(v, (size_t)nb, sizeof *v, longest_first);
        for (int b = 0; b < nb; b++)
            v[b].number = b;
    }
    *out = v;
    *nbatches = nb;
    return 0;
}

/* batches has room for 2n: a failed batch's remainder becomes a new one.
 * An error that stops the run (a failed write, a batch that cannot start)
 * ends every running batch quietly: the error alone is reported. */
static int run_batches(batch *batches, int nbatches, progress *p, papsim_err *e)
{
    batch *running[64];
    int nrunning = 0, next = 0, rc = 0;
    const int jobs = p->o->jobs < 64 ? p->o->jobs : 64;
    while ((next < nbatches || nrunning > 0) && rc == 0) {
        while (nrunning < jobs && next < nbatches && !sweep_interrupted() && rc == 0) {
            if (start_batch(&batches[next], p->o, e) != 0)
                rc = -1;
            else
                running[nrunning++] = &batches[next++];
        }
        if (rc != 0)
            break;
        if (sweep_interrupted()) {
            for (int i = 0; i < nrunning; i++)
                kill(-running[i]->pid, SIGTERM);
            next = nbatches;
        }
        struct pollfd fds[64];
        for (int i = 0; i < nrunning; i++)
            fds[i] = (struct pollfd){.fd = running[i]->fd, .events = POLLIN};
        if (poll(fds, (nfds_t)nrunning, 1000) < 0 && errno != EINTR) {
            rc = papsim_fail(e, "poll: %s", strerror(errno));
            break;
        }
        for (int i = 0; i < nrunning && rc == 0; i++) {
            enforce_case_timeout(running[i], p->o);
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            int end = drain(running[i], p, e);
            if (end < 0) {
                rc = -1; /* this batch is ended with the others, below */
                break;
            }
            if (end == 0)
                continue;
            batch *done = running[i];
            int rest = finish_batch(done, p);
            if (p->stop) /* its timeout row could not be written: p->err says why */
                rc = -1;
            if (rest > 0) {
                batch *again = &batches[nbatches];
                again->cases = done->cases + done->next + 1;
                again->ncases = rest;
                again->number = nbatches++;
            }
            running[i] = running[--nrunning];
            fds[i] = fds[nrunning];
            i--;
        }
    }
    if (rc != 0)
        p->stop = 1;
    for (int i = 0; i < nrunning; i++) /* only after an error */
        kill(-running[i]->pid, SIGTERM);
    for (int i = 0; i < nrunning; i++)
        finish_batch(running[i], p);
    return rc;
}

int sweep_execute(sweep_case **todo, int n, const sweep_options *o, sweep_stats *stats,
                  papsim_err *e)
{
    char path[4200];
    batch *batches = NULL;
    int nbatches = 0;
    if (n == 0)
        return 0;
    progress p = {.o = o, .stats = stats, .results_path = path, .err = e,
                  .started = o->started ? o->started : time(NULL), .todo = n};
    p.results_fd = sweep_open_results(o->out_dir, path, sizeof path, e);
    if (p.results_fd < 0)
        return -1;
    char work[4200]; /* the batches' directories and the wall-time log */
    snprintf(work, sizeof work, "%s/work", o->out_dir);
    if (mkdir(work, 0755) != 0 && errno != EEXIST) {
        close(p.results_fd);
        return papsim_fail(e, "cannot create %s: %s", work, strerror(errno));
    }
    if (make_batches(todo, n, o, &batches, &nbatches) != 0) {
        close(p.results_fd);
        return papsim_fail(e, "out of memory");
    }
    for (int b = 0; b < nbatches; b++)
        p.cost_todo += batches[b].cost;
    p.case_wall = open_case_wall_log(o->out_dir);
    if (!o->quiet)
        papsim_print_note("papsim run", "%d cases in %d smpirun batches, %d worker(s)", n, nbatches,
                o->jobs);
    int rc = run_batches(batches, nbatches, &p, e);
    if (rc == 0 && n > 0 && !o->quiet && p.done > 0)
        show_progress(&p, todo[n - 1], 1);
    free(batches);
    if (p.case_wall)
        fclose(p.case_wall);
    if (fsync(p.results_fd) != 0 && errno != EINVAL && rc == 0)
        rc = papsim_fail(e, "%s: %s", path, strerror(errno));
    close(p.results_fd);
    return rc;
}
