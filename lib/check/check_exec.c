/* Runs the cases of papsim check: one batch of papcheck per algorithm,
 * process count and MPI (a cases file, one smpirun or mpirun), up to
 * options->jobs batches at once. papcheck prints "start I" before case I
 * and its verdict after; a case that starts and gets no verdict hung
 * (SimGrid's deadlock detection ends the run, the time limit kills it) or
 * crashed, and the batch starts again after it. */
#include "check/check_internal.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cases/case.h"
#include "smpi/launch.h"
#include "smpi/locate.h"
#include "plugin.h"
#include "util/remove_tree.h"
#include "util/papsim_fs.h"

typedef struct {
    size_t *idx;      /* the global case of each line of its cases file */
    int n;
    int np, mpi, algo;
    pid_t pid;
    int fd;
    int current;      /* the line started and without a verdict, or -1 */
    double started;
    int killed;       /* by the time limit */
    char line[4096];
    size_t used;
    int id;
} batch;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void set_why(check_case *c, check_status s, const char *why)
{
    c->status = s;
    free(c->why);
    c->why = why ? strdup(why) : NULL;
}

/* What one line of papcheck's output says. */
static void take_line(batch *b, check_list *l, const char *line)
{
    int i = -1, n = 0;
    char word[16] = "";
    if (sscanf(line, "%15s %d %n", word, &i, &n) < 2 || i < 0 || i >= b->n) {
        if (!strcmp(word, "done"))
            b->current = -1;
        return;
    }
    check_case *c = &l->v[b->idx[i]];
    const char *rest = line + n;
    if (!strcmp(word, "start")) {
        b->current = i;
        b->started = now_s();
        return;
    }
    b->current = -1;
    if (!strcmp(word, "pass")) {
        set_why(c, CHECK_PASS, NULL);
        c->refused = strstr(rest, "refused") != NULL;
    } else if (!strcmp(word, "fail")) {
        set_why(c, CHECK_FAIL, rest);
    } else if (!strcmp(word, "skip")) {
        set_why(c, CHECK_SKIP, rest);
    } else {
        set_why(c, CHECK_ERROR, rest);
    }
}

static int write_cases(const papsim_check_options *o, const check_list *l, const batch *b,
                       const char *path, papsim_err *e)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return papsim_fail(e, "cannot write %s: %s", path, strerror(errno));
    for (int i = 0; i < b->n; i++) {
        const check_case *c = &l->v[b->idx[i]];
        char word[256];
        papsim_check_word_format(&c->w, word, sizeof word);
        fprintf(f, "%s %s %s\n", o->algos[c->algo].collective, o->algos[c->algo].name, word);
    }
    if (fclose(f) != 0)
        return papsim_fail(e, "cannot write %s", path);
    return 0;
}

/* The real-MPI build of a user's algorithm: NAME.mpi.so beside NAME.smpi.so
 * (papsim_add_algorithm builds both), else the file as given. */
static void mpi_build_of(const char *path, char *buf, size_t len)
{
    const size_t n = strlen(path), k = strlen(".smpi.so");
    snprintf(buf, len, "%s", path);
    if (n > k && !strcmp(path + n - k, ".smpi.so") && n + 1 < len) {
        snprintf(buf + n - k, len - (n - k), ".mpi.so");
        if (access(buf, R_OK) != 0)
            snprintf(buf, len, "%s", path);
    }
}

/* The real MPI: mpirun --oversubscribe [--allow-run-as-root] -np N
 * papcheck-mpi [--plugin F]... --cases FILE, without a shell. */
static pid_t start_mpi(const batch *b, const char *cases,
                       const char *log, int *out_fd, papsim_err *e)
{
    char papcheck[4096], np[16], plugins[PAPSIM_CHECK_MAX_PLUGINS][4096];
    const char *mpirun = getenv("PAPSIM_MPIRUN");
    const char *argv[64 + 2 * PAPSIM_CHECK_MAX_PLUGINS];
    int n = 0, fds[2];
    papsim_locate_papcheck_mpi(papcheck, sizeof papcheck);
    snprintf(np, sizeof np, "%d", b->np);
    argv[n++] = mpirun && *mpirun ? mpirun : "mpirun";
    argv[n++] = "--oversubscribe";
    if (geteuid() == 0)
        argv[n++] = "--allow-run-as-root";
    argv[n++] = "-np";
    argv[n++] = np;
    argv[n++] = papcheck;
    for (size_t i = 0; i < papsim_plugin_count() && i < PAPSIM_CHECK_MAX_PLUGINS; i++) {
        const char *path = NULL;
        papsim_plugin_at(i, &path);
        mpi_build_of(path, plugins[i], sizeof plugins[i]);
        argv[n++] = "--plugin";
        argv[n++] = plugins[i];
    }
    argv[n++] = "--cases";
    argv[n++] = cases;
    argv[n] = NULL;
    if (pipe(fds) != 0)
        return papsim_fail(e, "pipe: %s", strerror(errno));
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return papsim_fail(e, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        FILE *f = freopen(log, "w", stderr);
        (void)f;
        setpgid(0, 0);
        execvp(argv[0], (char *const *)argv);
        fprintf(stderr, "cannot start '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    *out_fd = fds[0];
    return pid;
}

typedef struct {
    const papsim_check_options *o;
    check_list *l;
    char dir[4096];
    papsim_launch *launch; /* per np (index np), prepared on first use */
    int *prepared;
    int next_id;
} runner;

static int start(runner *r, batch *b, papsim_err *e)
{
    char cases[4400], log[4400], name[64], dir[4200];
    b->id = r->next_id++;
    /* A directory per np: its platform copy and hostfile are written once,
     * never while another run reads them. */
    snprintf(dir, sizeof dir, "%s/np%d", r->dir, b->np);
    if (papsim_mkdir_p(dir, e) != 0)
        return -1;
    snprintf(name, sizeof name, "cases-%d.txt", b->id);
    snprintf(cases, sizeof cases, "%s/%s", dir, name);
    snprintf(log, sizeof log, "%s/log-%d.txt", dir, b->id);
    if (write_cases(r->o, r->l, b, cases, e) != 0)
        return -1;
    b->current = -1;
    b->used = 0;
    b->killed = 0;
    if (b->mpi) {
        b->pid = start_mpi(b, cases, log, &b->fd, e);
        return b->pid < 0 ? -1 : 0;
    }
    papsim_launch *l = &r->launch[b->np];
    if (!r->prepared[b->np]) {
        papsim_case c;
        papsim_case_defaults(&c);
        c.np = b->np;
        c.check = 1; /* private buffers: no shared pages (launch.h, papsim_memory_cfg) */
        if (papsim_launch_prepare(l, &c, r->o->platform, dir, e) != 0)
            return -1;
        papsim_locate_papcheck(l->papbench_path, sizeof l->papbench_path);
        if (access(l->papbench_path, R_OK) != 0)
            return papsim_fail(e, "papcheck '%s' not found (build papsim first, or set "
                               "PAPSIM_PAPCHECK)", l->papbench_path);
        l->papbench = l->papbench_path;
        r->prepared[b->np] = 1;
    }
    papsim_launch one = *l;
    one.smpirun = one.smpirun_path;
    one.papbench = one.papbench_path;
    one.cases_name = name;
    b->pid = papsim_launch_start(&one, &b->fd, log, e);
    return b->pid < 0 ? -1 : 0;
}

/* After the batch's output ended: a case without a verdict hung or
 * crashed; the rest of the batch is returned in *rest (n = 0: none). */
static void finish(runner *r, batch *b, batch *rest)
{
    int status = 0;
    char log[4400], why[1024];
    waitpid(b->pid, &status, 0);
    close(b->fd);
    snprintf(log, sizeof log, "%s/np%d/log-%d.txt", r->dir, b->np, b->id);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    rest->n = 0;
    int first_left = -1;
    for (int i = 0; i < b->n; i++)
        if (r->l->v[b->idx[i]].status == CHECK_PENDING) {
            first_left = i;
            break;
        }
    if (first_left < 0)
        return;
    if (b->current >= 0) {
        const papsim_log_cause cause = papsim_failure_cause(log, code);
        if (b->killed)
            snprintf(why, sizeof why, "no verdict within %g s: a hang (killed)",
                     r->o->case_timeout);
        else if (cause == PAPSIM_LOG_DEADLOCK)
            snprintf(why, sizeof why, "a hang: SimGrid found every rank blocked (deadlock)");
        else
            snprintf(why, sizeof why, "the run ended during the call (exit code %d)", code);
        set_why(&r->l->v[b->idx[b->current]], CHECK_HANG, why);
        *rest = *b;
        rest->idx = b->idx + b->current + 1;
        rest->n = b->n - b->current - 1;
        return;
    }
    /* Ended between cases: nothing more will run in this batch. */
    FILE *f = fopen(log, "r");
    char first[512] = "";
    while (f && fgets(first, sizeof first, f))
        if (strstr(first, "papcheck") || strstr(first, "rror"))
            break;
    if (f)
        fclose(f);
    first[strcspn(first, "\n")] = '\0';
    snprintf(why, sizeof why, "papcheck stopped before this case (exit code %d)%s%s", code,
             first[0] ? ": " : "", first);
    for (int i = first_left; i < b->n; i++)
        if (r->l->v[b->idx[i]].status == CHECK_PENDING)
            set_why(&r->l->v[b->idx[i]], CHECK_ERROR, why);
}

static void read_batch(runner *r, batch *b, int *ended)
{
    ssize_t got = read(b->fd, b->line + b->used, sizeof b->line - 1 - b->used);
    if (got <= 0) {
        *ended = got == 0 || errno != EINTR;
        return;
    }
    b->used += (size_t)got;
    b->line[b->used] = '\0';
    char *p = b->line, *nl;
    while ((nl = strchr(p, '\n'))) {
        *nl = '\0';
        take_line(b, r->l, p);
        p = nl + 1;
    }
    b->used = strlen(p);
    memmove(b->line, p, b->used + 1);
    if (b->used == sizeof b->line - 1)
        b->used = 0; /* a line longer than any papcheck prints */
}

int check_exec(const papsim_check_options *o, check_list *l, papsim_err *e)
{
    runner r = {.o = o, .l = l};
    batch *queue = NULL, running[64];
    size_t nqueue = 0, head = 0, cap = 0;
    int nrunning = 0, rc = 0, jobs = o->jobs < 1 ? 1 : o->jobs > 64 ? 64 : o->jobs;
    if (papsim_make_temp_dir("papsim-check", r.dir, sizeof r.dir, e) != 0)
        return -1;
    r.launch = calloc(PAPSIM_CHECK_MAX_NP + 1, sizeof *r.launch);
    r.prepared = calloc(PAPSIM_CHECK_MAX_NP + 1, sizeof *r.prepared);
    /* One batch per run of cases of one algorithm, np and MPI. */
    for (size_t i = 0; r.launch && r.prepared && i < l->n;) {
        size_t j = i;
        while (j < l->n && l->v[j].algo == l->v[i].algo && l->v[j].np == l->v[i].np &&
               l->v[j].mpi == l->v[i].mpi)
            j++;
        if (nqueue == cap) {
            cap = cap ? 2 * cap : 64;
            batch *q = realloc(queue, cap * sizeof *q);
            if (!q)
                break;
            queue = q;
        }
        size_t *idx = malloc((j - i) * sizeof *idx);
        if (!idx)
            break;
        for (size_t k = i; k < j; k++)
            idx[k - i] = k;
        queue[nqueue++] = (batch){.idx = idx, .n = (int)(j - i), .np = l->v[i].np,
                                  .mpi = l->v[i].mpi, .algo = l->v[i].algo};
        i = j;
    }
    if (!r.launch || !r.prepared) {
        rc = papsim_fail(e, "out of memory");
        goto out;
    }
    while (rc == 0 && (head < nqueue || nrunning > 0)) {
        while (rc == 0 && nrunning < jobs && head < nqueue) {
            running[nrunning] = queue[head++];
            if (start(&r, &running[nrunning], e) != 0)
                rc = -1;
            else
                nrunning++;
        }
        struct pollfd fds[64];
        for (int i = 0; i < nrunning; i++)
            fds[i] = (struct pollfd){.fd = running[i].fd, .events = POLLIN};
        if (poll(fds, (nfds_t)nrunning, 500) < 0 && errno != EINTR) {
            rc = papsim_fail(e, "poll: %s", strerror(errno));
            break;
        }
        for (int i = 0; i < nrunning; i++) {
            batch *b = &running[i];
            int ended = 0;
            if (fds[i].revents & (POLLIN | POLLHUP | POLLERR))
                read_batch(&r, b, &ended);
            if (!ended && b->current >= 0 && !b->killed &&
                now_s() - b->started > o->case_timeout) {
                kill(-b->pid, SIGKILL); /* smpirun and the simulation, or mpirun and ranks */
                b->killed = 1;
            }
            if (!ended)
                continue;
            batch rest;
            finish(&r, b, &rest);
            if (rest.n > 0 && start(&r, &rest, e) == 0) {
                *b = rest;
                fds[i].fd = -1;
                continue;
            }
            running[i] = running[--nrunning];
            fds[i] = fds[nrunning];
            i--;
        }
    }
    for (int i = 0; i < nrunning; i++) {
        kill(-running[i].pid, SIGKILL);
        waitpid(running[i].pid, NULL, 0);
        close(running[i].fd);
    }
out:
    for (size_t i = 0; i < nqueue; i++)
        free(queue[i].idx);
    free(queue);
    free(r.launch);
    free(r.prepared);
    papsim_remove_tree(r.dir);
    return rc;
}
