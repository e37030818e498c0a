/* papsim run SPEC --out DIR: expand a sweep spec and run it into
 * DIR/results.csv, in parallel smpirun batches, resumable. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "util/csv.h"
#include "util/papsim_fs.h"
#include "sweep/sweep.h"
#include "sweep/sweep_lock.h"
#include "sweep/sweep_slurm.h"
#include "util/units.h"
#include "sweep/locate.h"
#include "sweep/simgrid_compat.h"
#include "sweep/versions.h"


typedef struct {
    const char *spec_path, *out_dir;
    int jobs, quiet, dry_run, help;
    int wait_lock;               /* --wait-lock: wait for a run holding DIR */
    const char *cfg[32];
    int ncfg;
    int shard, nshards;          /* --shard I/N; 0/0 = the whole sweep */
    sweep_cost_model cost;       /* the forecast's costs (--msg-cost ...; eager threshold) */
    unsigned cost_given;         /* which of them the command line set (COST_* bits) */
    double case_timeout;         /* --case-timeout: wall seconds per case; 0 = no limit */
    int slurm;                   /* --slurm: write the job-array script, run nothing */
    sweep_slurm_options so;      /* its #SBATCH settings */
    int argc;                    /* the command line, for the provenance record */
    char **argv;
} run_options;

static void run_usage(FILE *out)
{
    fputs("usage: papsim run SPEC --out DIR [--jobs N] [--cfg=ITEM:VALUE ...] [--dry-run] [--quiet]\n"
          "                [--wait-lock] [--shard I/N] [--case-timeout T] [--msg-cost T]\n"
          "                [--rank-cost T] [--case-cost T] [--scan-cost T]\n"
          "       papsim run SPEC --out DIR --slurm [--shards N] [--partition P] [--time T]\n"
          "                [--cpus-per-task C] [--mem M] [--account A] [--sbatch LINE ...]\n"
          "Expands the sweep spec (.ini) and simulates every case into DIR/results.csv.\n"
          "SPEC may name an installed scenario (salimi-beni-bcast-small: papsim --version\n"
          "shows the data directory); a platform of a spec may name an installed one.\n"
          "  --out DIR        result directory (created, with any missing parent);\n"
          "                   results.csv is appended case by case, so a killed sweep\n"
          "                   resumes where it stopped and a rerun only simulates cases\n"
          "                   that are not there yet; a finished sweep leaves its rows in\n"
          "                   the spec's case order; DIR/work/case_wall.tsv logs each\n"
          "                   case's wall time. A failed write (a full disk) stops the\n"
          "                   run with its cause and leaves results.csv with whole rows\n"
          "                   only: make room and rerun to resume. One run at a time uses\n"
          "                   DIR: it holds DIR/papsim.lock while it runs, and a second\n"
          "                   run on DIR stops, naming the process that holds it.\n"
          "                   DIR/provenance.txt gets a record of each run (papsim's\n"
          "                   version and commit, SimGrid's, hashes of the spec and\n"
          "                   platforms, the command, the date), earlier ones kept\n"
          "  --wait-lock      wait until the run holding DIR ends, then run (instead of\n"
          "                   stopping)\n"
          "  --jobs N         parallel smpirun workers (default: the number of cores)\n"
          "  --cfg=ITEM:VAL   extra SimGrid option for every smpirun\n"
          "  --dry-run        list the cases (and the forecast, on stderr) and exit\n"
          "  --quiet          no forecast and no progress lines\n"
          "  --shard I/N      run only shard I of N (1 <= I <= N): the cases of the spec's\n"
          "                   expansion are dealt round-robin, a cell (block, platform,\n"
          "                   np, placement, size) with relative skews as one unit with\n"
          "                   its no-delay baselines; combine the shards' directories\n"
          "                   with papsim merge\n"
          "  --case-timeout T kill a case that simulates longer than T of wall time (e.g.\n"
          "                   600 or 600s) and record it with status 'timeout'; the\n"
          "                   skewed cases of an algorithm whose no-delay case timed out\n"
          "                   get status 'baseline_timeout' without a run, and a\n"
          "                   relative skew is the mean over the algorithms that finished\n"
          "                   (default: no limit)\n"
          "  --msg-cost T     forecast: wall time per simulated message (default 15us;\n"
          "                   20us on SimGrid 3.34 and later)\n"
          "  --rank-cost T    forecast: wall time per rank of a case (default 0.5ms)\n"
          "  --case-cost T    forecast: wall time per case (default 20ms)\n"
          "  --scan-cost T    forecast: wall time per entry of SimGrid 3.32's list of eager\n"
          "                   sends scanned when one finishes (default 60ns; 0 on SimGrid\n"
          "                   3.34 and later, which have no such list); the list holds\n"
          "                   every eager send in flight, so algorithms with many (linear\n"
          "                   alltoall) cost time quadratic in them\n"
          "  --slurm          write DIR/sweep.sbatch, a Slurm job array with one task per\n"
          "                   shard (DIR/shard-I), print how to submit and merge, run nothing;\n"
          "                   --shards N (default 4), --cpus-per-task C (default 1; each\n"
          "                   task runs C workers) and #SBATCH --partition, --time, --mem,\n"
          "                   --account, or any line with --sbatch '--qos=long'\n"
          "Relative skews ('1.5x') are resolved after the no-delay cases ran: factor x the\n"
          "mean no-delay total delay over the block's algorithms (Salimi Beni et al. 2024,\n"
          "Sec. III-B); '1.5x-own' uses the algorithm's own no-delay time (robustness\n"
          "mode, their Sec. IV-C). The spec keys: docs/formats/spec.md; the papers:\n"
          "README.md, section References.\n",
          out);
}

/* --shard I/N: 1 <= I <= N. */
static int parse_shard(const char *text, run_options *o, papsim_err *e)
{
    char *slash, *end;
    long i = strtol(text, &slash, 10), n = 0;
    if (slash != text && *slash == '/')
        n = strtol(slash + 1, &end, 10);
    if (slash == text || *slash != '/' || end == slash + 1 || *end || n < 1 || n > 100000 ||
        i < 1 || i > n)
        return papsim_fail(e, "--shard '%s' must be I/N with 1 <= I <= N <= 100000 (e.g. 2/8)",
                           text);
    o->shard = (int)i;
    o->nshards = (int)n;
    return 0;
}

/* The options of papsim run that take a value (the next argument). */
static int takes_value(const char *a)
{
    static const char *const with_value[] = {"--out", "--jobs", "--shard", "--msg-cost",
                                             "--rank-cost", "--case-cost", "--scan-cost",
                                             "--case-timeout"};
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
        if (!strcmp(a, with_value[i]))
            return 1;
    return sweep_slurm_is_option(a);
}

enum { COST_MSG = 1, COST_RANK = 2, COST_SCAN = 4, COST_CASE = 8 };

/* The forecast's constants for the SimGrid that smpirun runs (version: its
 * text, or "unknown: ..."; --dry-run: the one papsim was built with),
 * except those given on the command line. */
static void cost_for_simgrid(run_options *o, const char *version)
{
    sweep_cost_model d = o->cost;
    papsim_simgrid_cost_model(version, &d);
    o->cost.msg = o->cost_given & COST_MSG ? o->cost.msg : d.msg;
    o->cost.rank = o->cost_given & COST_RANK ? o->cost.rank : d.rank;
    o->cost.scan = o->cost_given & COST_SCAN ? o->cost.scan : d.scan;
    o->cost.per_case = o->cost_given & COST_CASE ? o->cost.per_case : d.per_case;
}

static int parse_run_args(int argc, char **argv, run_options *o, papsim_err *e)
{
    const sweep_cost_model defaults = SWEEP_COST_MODEL_DEFAULT;
    o->cost = defaults;
    sweep_slurm_defaults(&o->so);
    o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (o->jobs < 1)
        o->jobs = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            o->help = 1;
        } else if (!strcmp(a, "--out") && next) {
            o->out_dir = argv[++i];
        } else if (!strcmp(a, "--jobs") && next) {
            char *end;
            long j = strtol(argv[++i], &end, 10);
            if (*end || j < 1 || j > 64)
                return papsim_fail(e, "--jobs '%s' must be a whole number from 1 to 64", next);
            o->jobs = (int)j;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = 1;
        } else if (!strcmp(a, "--wait-lock")) {
            o->wait_lock = 1;
        } else if (!strcmp(a, "--dry-run")) {
            o->dry_run = 1;
        } else if ((!strncmp(a, "--cfg=", 6) || !strncmp(a, "--log=", 6)) && o->ncfg < 31) {
            o->cfg[o->ncfg++] = a;
        } else if (!strcmp(a, "--shard") && next) {
            if (parse_shard(argv[++i], o, e) != 0)
                return -1;
        } else if ((!strcmp(a, "--msg-cost") || !strcmp(a, "--rank-cost") ||
                    !strcmp(a, "--case-cost") || !strcmp(a, "--scan-cost")) && next) {
            double *cost = a[2] == 'm'   ? &o->cost.msg
                           : a[2] == 'r' ? &o->cost.rank
                           : a[3] == 'c' ? &o->cost.scan
                                         : &o->cost.per_case;
            o->cost_given |= a[2] == 'm' ? COST_MSG : a[2] == 'r' ? COST_RANK
                             : a[3] == 'c' ? COST_SCAN : COST_CASE;
            if (papsim_parse_duration(argv[++i], cost, e) != 0)
                return papsim_fail_prefix(e, "%s: ", a);
        } else if (!strcmp(a, "--case-timeout") && next) {
            if (papsim_parse_duration(argv[++i], &o->case_timeout, e) != 0)
                return papsim_fail_prefix(e, "--case-timeout: ");
            if (o->case_timeout <= 0)
                return papsim_fail(e, "--case-timeout '%s' must be a positive time (e.g. 600s)",
                                   next);
        } else if (!strcmp(a, "--slurm")) {
            o->slurm = 1;
        } else if (next && sweep_slurm_is_option(a)) {
            if (sweep_slurm_option(a, argv[++i], &o->so, e) != 0)
                return -1;
        } else if (a[0] != '-' && !o->spec_path) {
            o->spec_path = a;
        } else if (a[0] != '-') {
            return papsim_fail(e, "unexpected argument '%s': the spec is '%s' (one spec per run)",
                               a, o->spec_path);
        } else if (!next && takes_value(a)) {
            return papsim_fail(e, "missing value for option '%s' (see papsim %s --help)", a,
                               argv[0]);
        } else {
            return papsim_fail(e, "unknown option '%s' (see papsim %s --help)", a, argv[0]);
        }
    }
    o->cost.eager_thresh = sweep_eager_threshold(o->cfg, o->ncfg, o->cost.eager_thresh);
    if (!o->help && !o->spec_path)
        return papsim_fail(e, "no spec file given (usage: papsim run SPEC --out DIR)");
    if (!o->help && !o->out_dir && !o->dry_run)
        return papsim_fail(e, "--out DIR is required");
    if (o->slurm && o->nshards)
        return papsim_fail(e, "--slurm writes one array task per shard: give --shards N, "
                              "not --shard I/N");
    if (o->slurm && o->dry_run)
        return papsim_fail(e, "--slurm and --dry-run do not go together (--slurm runs nothing)");
    return 0;
}

static int is_done(const sweep_results_index *r, const sweep_case *sc)
{
    int timed_out;
    int n = sweep_results_rows_of(r, sc->id, NULL, &timed_out);
    return timed_out || n >= (sc->unsupported ? 1 : sc->c.reps);
}

static int write_unsupported(const char *dir, sweep_case *cases, int n,
                             const sweep_results_index *r,
                             int format, sweep_stats *st, papsim_err *e)
{
    const sweep_case **rows = malloc(((size_t)n + 1) * sizeof *rows);
    int nrows = 0;
    if (!rows)
        return papsim_fail(e, "out of memory");
    for (int i = 0; i < n; i++)
        if (cases[i].unsupported && cases[i].skew.kind == PAPSIM_SKEW_ABSOLUTE) {
            st->unsupported++;
            if (!is_done(r, &cases[i]))
                rows[nrows++] = &cases[i];
        }
    int rc = sweep_append_status_rows(dir, rows, nrows, "unsupported", format, e);
    free(rows);
    if (rc != 0)
        st->not_written++;
    return rc;
}

/* The cases of this phase that still need a run. */
static int collect_todo(sweep_case *cases, int n, int relative_phase,
                        const sweep_results_index *r,
                        sweep_case ***todo, int *ntodo, sweep_stats *st)
{
    *todo = calloc((size_t)n + 1, sizeof **todo);
    *ntodo = 0;
    if (!*todo)
        return -1;
    for (int i = 0; i < n; i++) {
        sweep_case *sc = &cases[i];
        int relative = sc->skew.kind != PAPSIM_SKEW_ABSOLUTE;
        if (relative != relative_phase || sc->unsupported || (relative && !sc->id[0]))
            continue;
        st->total++;
        if (is_done(r, sc))
            st->skipped++;
        else
            (*todo)[(*ntodo)++] = sc;
    }
    return 0;
}

/* skew_s = factor x mean no-delay total delay (over the cell's algorithms,
 * or the case's own for -own). A baseline that timed out is left out of the
 * mean; a case whose own baseline timed out is marked baseline_timed_out (it
 * gets a row, no run; skew_s 0 when no baseline finished). A case whose
 * baseline is missing stays unresolved (empty id) and is reported. */
static void resolve_relative(sweep_case *cases, int n, const sweep_results_index *r,
                             sweep_stats *st)
{
    for (int i = 0; i < n; i++) {
        sweep_case *sc = &cases[i];
        if (sc->skew.kind == PAPSIM_SKEW_ABSOLUTE || sc->unsupported)
            continue;
        double sum = 0;
        int count = 0, missing = 0;
        sc->baseline_timed_out = 0;
        for (int j = 0; j < n; j++) {
            const sweep_case *nd = &cases[j];
            if (strcmp(nd->c.pattern, "no_delay") || nd->unsupported || !sweep_same_cell(sc, nd))
                continue;
            int own = !strcmp(nd->c.algorithm, sc->c.algorithm);
            if (sc->skew.kind == PAPSIM_SKEW_OWN && !own)
                continue;
            double t;
            int timed_out;
            sweep_results_rows_of(r, nd->id, &t, &timed_out);
            if (timed_out)
                sc->baseline_timed_out |= own;
            else if (t < 0)
                missing++;
            else {
                sum += t;
                count++;
            }
        }
        sc->id[0] = '\0';
        if (sc->baseline_timed_out && !missing) {
            sc->c.skew_s = count ? sc->skew.value * sum / count : 0;
            papsim_case_id(&sc->c, sc->id);
            continue;
        }
        if (count == 0 || missing) {
            papsim_cmd_failed("run", "%s/%s np=%d %lldB %s skew %s: no-delay baseline missing, "
                              "case not run",
                              sc->c.collective, sc->c.algorithm, sc->c.np, sc->c.bytes,
                              sc->c.pattern, sc->c.skew);
            st->no_baseline++;
            continue;
        }
        sc->c.skew_s = sc->skew.value * sum / count;
        papsim_err too_large;
        if (papsim_check_skew_limit(sc->c.skew, sc->c.skew_s, &too_large) != 0) {
            papsim_cmd_failed("run", "%s/%s np=%d %lldB %s skew %s: case not run: %s",
                              sc->c.collective, sc->c.algorithm, sc->c.np, sc->c.bytes,
                              sc->c.pattern, sc->c.skew, too_large.msg);
            st->failed++;
            continue;
        }
        papsim_case_id(&sc->c, sc->id);
    }
}

/* Skewed cases whose own no-delay case timed out are not run: they get a
 * "baseline_timeout" row and leave the to-do list. */
static int write_baseline_timeouts(const char *dir, sweep_case **todo, int *ntodo, int format,
                                   sweep_stats *st, papsim_err *e)
{
    const sweep_case **rows = malloc(((size_t)*ntodo + 1) * sizeof *rows);
    int kept = 0, written = 0;
    if (!rows)
        return papsim_fail(e, "out of memory");
    for (int i = 0; i < *ntodo; i++) {
        if (todo[i]->baseline_timed_out)
            rows[written++] = todo[i];
        else
            todo[kept++] = todo[i];
    }
    *ntodo = kept;
    int rc = sweep_append_status_rows(dir, rows, written, SWEEP_STATUS_BASELINE_TIMEOUT, format,
                                      e);
    free(rows);
    if (rc != 0) {
        st->not_written++;
        return -1;
    }
    st->not_run += written;
    if (written)
        fprintf(stderr, "papsim run: %d skewed case(s) not run: their algorithm's no-delay case "
                        "timed out (status baseline_timeout)\n", written);
    return 0;
}

static int run_phase(sweep_case *cases, int n, int relative, const run_options *o,
                     int format, sweep_stats *st, papsim_err *e)
{
    sweep_results_index r;
    sweep_case **todo;
    int ntodo, rc;
    if (sweep_results_index_load(o->out_dir, &r, e) != 0)
        return -1;
    if (relative)
        resolve_relative(cases, n, &r, st);
    rc = collect_todo(cases, n, relative, &r, &todo, &ntodo, st);
    sweep_results_index_free(&r);
    if (rc != 0)
        return papsim_fail(e, "out of memory");
    if (relative && write_baseline_timeouts(o->out_dir, todo, &ntodo, format, st, e) != 0) {
        free(todo);
        return -1;
    }
    sweep_options so = {o->out_dir, o->jobs, o->cfg, o->quiet, format, o->case_timeout, &o->cost};
    rc = sweep_execute(todo, ntodo, &so, st, e);
    free(todo);
    return rc;
}

static void print_cases(const sweep_cases *cases)
{
    for (int i = 0; i < cases->n; i++) {
        const sweep_case *sc = &cases->v[i];
        printf("%s%s ", sc->unsupported ? "# unsupported: " : "",
               sc->skew.kind != PAPSIM_SKEW_ABSOLUTE ? "# skew resolved later: " : "");
        papsim_case_write_args(&sc->c, stdout);
    }
}

/* The forecast's view of the results: a case with all its rows. */
static int forecast_is_done(const void *results, const sweep_case *sc)
{
    return is_done(results, sc);
}

/* Records the case order of this run in DIR/case_order.csv (for papsim
 * merge) and, when the sweep ran to its end, rewrites results.csv in that
 * order: the file is then the same whatever --jobs, resuming or sharding
 * did to the order in which cases finished. */
static int finish_results(const run_options *o, const sweep_cases *cases, int ntotal,
                          int sort_rows, papsim_err *e)
{
    sweep_order order = {0};
    papsim_table t;
    char path[4200];
    int rc = -1;
    order.shard = o->nshards ? o->shard : 1;
    order.nshards = o->nshards ? o->nshards : 1;
    order.ncases = ntotal;
    if (sweep_order_from_cases(cases->v, cases->n, &order, e) != 0)
        goto out;
    sweep_order_finish(&order);
    if (sweep_order_save(o->out_dir, &order, e) != 0)
        goto out;
    rc = 0;
    if (!sort_rows)
        goto out;
    snprintf(path, sizeof path, "%s/results.csv", o->out_dir);
    if (papsim_table_load(path, &t, e) != 0) {
        rc = -1;
        goto out;
    }
    rc = sweep_write_sorted(path, &t, 1, &order, e);
    papsim_table_free(&t);
out:
    sweep_order_free(&order);
    return rc;
}

/* Runs both phases: absolute skews, then the relative ones they resolve. */
static int run_sweep(run_options *o, sweep_cases *cases, sweep_stats *st, papsim_err *e)
{
    sweep_results_index r;
    int format = PAPSIM_RESULTS_FORMAT;
    char simgrid[300];
    if (sweep_results_prepare(o->out_dir, &format, e) != 0 || sweep_results_index_load(o->out_dir, &r, e) != 0)
        return -1;
    papsim_simgrid_version_or_why(simgrid, sizeof simgrid);
    cost_for_simgrid(o, simgrid);
    /* DIR/provenance.txt: one record per run, earlier ones kept (versions.h) */
    if (papsim_run_provenance(o->out_dir, o->spec_path, cases, simgrid, o->argc, o->argv, e) != 0) {
        sweep_results_index_free(&r);
        return -1;
    }
    if (!o->quiet)
        sweep_print_forecast(cases->v, cases->n, forecast_is_done, &r, &o->cost, o->case_timeout,
                             o->jobs);
    int rc = write_unsupported(o->out_dir, cases->v, cases->n, &r, format, st, e);
    sweep_results_index_free(&r);
    if (rc != 0)
        return -1;
    sweep_install_signal_handlers();
    if (run_phase(cases->v, cases->n, 0, o, format, st, e) != 0 ||
        (!sweep_interrupted() && run_phase(cases->v, cases->n, 1, o, format, st, e) != 0))
        return -1;
    return 0;
}

int papsim_run_check_args(int argc, char **argv, papsim_err *e)
{
    run_options o = {0};
    return parse_run_args(argc, argv, &o, e);
}

/* "papsim run ARGS...", as the lock file records it for a second run. */
static void join_command(int argc, char **argv, char *out, size_t cap)
{
    size_t n = (size_t)snprintf(out, cap, "papsim run");
    for (int i = 1; i < argc && n < cap; i++)
        n += (size_t)snprintf(out + n, cap - n, " %s", argv[i]);
}

/* The closing count; each case is counted once, under what happened to it. */
static void print_summary(const run_options *o, const sweep_stats *st)
{
    fprintf(stderr,
            "papsim run: %d cases: %d simulated, %d already in results, %d unsupported, "
            "%d timed out, %d failed",
            st->total + st->unsupported, st->run, st->skipped, st->unsupported,
            st->timed_out + st->not_run, st->failed);
    if (st->no_baseline)
        fprintf(stderr, ", %d not run (no-delay baseline missing)", st->no_baseline);
    if (st->not_written)
        fprintf(stderr, ", %d not written (write error: run stopped)", st->not_written);
    fprintf(stderr, " -> %s/results.csv\n", o->out_dir);
}

int papsim_cmd_run(int argc, char **argv)
{
    run_options o = {0};
    papsim_err e = {{0}};
    papsim_spec spec = {0};
    sweep_cases cases = {0};
    sweep_stats st = {0};
    int status = 2, ntotal, rc, lock = -1;
    char command[1024];

    if (parse_run_args(argc, argv, &o, &e) != 0)
        goto fail;
    if (o.help) {
        run_usage(stdout);
        return 0;
    }
    char spec_path[4096]; /* a bare name of no file: an installed scenario (locate.h) */
    snprintf(spec_path, sizeof spec_path, "%s", o.spec_path);
    if (papsim_locate_named(o.spec_path, "scenarios", ".ini", spec_path, sizeof spec_path))
        o.spec_path = spec_path;
    if (papsim_spec_load(o.spec_path, &spec, &e) != 0 || sweep_expand(&spec, &cases, &e) != 0)
        goto fail;
    ntotal = cases.n;
    for (int i = 0; i < cases.n; i++)
        cases.v[i].index = i;
    if (o.slurm) {
        o.so.case_timeout = o.case_timeout;
        status = sweep_slurm_write(o.spec_path, o.out_dir, ntotal, o.cfg, o.ncfg, &o.so, &e) ? 2 : 0;
        if (status)
            goto fail;
        goto done;
    }
    if (o.nshards && sweep_select_shard(&cases, o.shard, o.nshards, &e) != 0)
        goto fail;
    if (o.dry_run) {
        print_cases(&cases);
        /* no smpirun started: the SimGrid papsim was built with */
        cost_for_simgrid(&o, papsim_simgrid_build_version());
        sweep_print_forecast(cases.v, cases.n, NULL, NULL, &o.cost, o.case_timeout, o.jobs);
        status = 0;
        goto done;
    }
    status = 1;
    if (papsim_mkdir_p(o.out_dir, &e) != 0) {
        papsim_fail_prefix(&e, "--out '%s': ", o.out_dir);
        goto fail;
    }
    join_command(argc, argv, command, sizeof command);
    if ((lock = sweep_lock(o.out_dir, o.wait_lock, command, &e)) < 0)
        goto fail;
    /* Past a file size limit, a write fails with EFBIG (reported like a
     * full disk) instead of killing papsim. */
    signal(SIGXFSZ, SIG_IGN);
    o.argc = argc;
    o.argv = argv;
    rc = run_sweep(&o, &cases, &st, &e);
    if (rc == 0)
        rc = finish_results(&o, &cases, ntotal, !sweep_interrupted(), &e);
    if (rc != 0 && !st.not_written)
        goto fail;
    print_summary(&o, &st);
    if (rc != 0) /* a failed write: its cause, once, after the counts */
        goto fail;
    if (sweep_interrupted()) {
        fprintf(stderr, "papsim run: interrupted; finished cases are kept, rerun to resume\n");
        status = 130;
    } else {
        status = st.failed || st.no_baseline ? 1 : 0;
    }
    goto done;
fail:
    papsim_cmd_error("run", status, "%s%s", e.msg,
                     st.not_written ? " (make room, then rerun the same command to resume)" : "");
done:
    sweep_unlock(lock);
    sweep_cases_free(&cases);
    papsim_spec_free(&spec);
    return status;
}
