/* The sweep engine's top: papsim run and papsim study call sweep_run_spec
 * (sweep_run.h). */
#include "sweep/sweep_run.h"
#include "smpi/simgrid_compat.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/csv.h"
#include "util/papsim_error.h"
#include "util/papsim_fs.h"
#include "smpi/locate.h"
#include "sweep/sweep_failed.h"
#include "sweep/sweep_lock.h"
#include "sweep/sweep_memory.h"
#include "smpi/versions.h"

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
        if (relative != relative_phase || sc->unsupported)
            continue;
        st->total++;
        if (relative && !sc->id[0]) /* unresolved: counted as not run or failed */
            continue;
        if (is_done(r, sc))
            st->skipped++;
        else if (sc->left_out)
            st->left_out++;
        else
            (*todo)[(*ntodo)++] = sc;
    }
    return 0;
}

/* skew_s = factor x mean no-delay total delay (over the cell's algorithms,
 * or the case's own for -own). A baseline that timed out is left out of the
 * mean. Returns 1 when every baseline the case needs is in r (*skew_s set;
 * *own_timed_out: its own baseline timed out, skew_s 0 when no baseline
 * finished), 0 when one is missing (missing_baseline, if given, gets a 1
 * at the index of each). Prints nothing: the forecast asks too. */
static int relative_skew(const sweep_cases *all, const sweep_case *sc,
                         const sweep_results_index *r, double *skew_s, int *own_timed_out,
                         char *missing_baseline)
{
    double sum = 0;
    int count = 0, missing = 0;
    *own_timed_out = 0;
    for (int j = 0; j < all->n; j++) {
        const sweep_case *nd = &all->v[j];
        if (strcmp(nd->c.pattern, "no_delay") || nd->unsupported || !sweep_in_cell(all, sc, j))
            continue;
        int own = !strcmp(nd->c.algorithm, sc->c.algorithm);
        if (sc->skew.kind == PAPSIM_SKEW_OWN && !own)
            continue;
        double t;
        int timed_out;
        sweep_results_rows_of(r, nd->id, &t, &timed_out);
        if (timed_out)
            *own_timed_out |= own;
        else if (t < 0) {
            missing++;
            if (missing_baseline)
                missing_baseline[j] = 1;
        } else {
            sum += t;
            count++;
        }
    }
    if (missing || (count == 0 && !*own_timed_out))
        return 0;
    *skew_s = count ? sc->skew.value * sum / count : 0;
    return 1;
}

/* One line for the skewed cases left unresolved: how many, and the
 * no-delay cases without a row that they are resolved from (a few named,
 * the others counted). */
static void report_missing_baselines(const sweep_cases *all, const char *missing, int nskewed,
                                     const char *out_dir)
{
    char names[1024];
    size_t len = 0;
    int nmissing = 0, named = 0;
    names[0] = '\0';
    for (int j = 0; j < all->n; j++) {
        if (!missing || !missing[j]) /* missing NULL: out of memory, none named */
            continue;
        nmissing++;
        const papsim_case *c = &all->v[j].c;
        if (named < 6 && len < sizeof names) {
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s/%s np=%d %lldB",
                                    named ? ", " : "", c->collective, c->algorithm, c->np,
                                    c->bytes);
            named++;
        }
    }
    if (nmissing > named && len < sizeof names)
        snprintf(names + len, sizeof names - len, " and %d more", nmissing - named);
    papsim_print_error(PAPSIM_EXIT_FAILED, "papsim run",
                       "%d skewed case(s) not run: the no-delay case(s) their skew is resolved "
                       "from have no row in %s/results.csv (failed or left out; %s/%s says "
                       "why): %s",
                       nskewed, out_dir, out_dir, SWEEP_FAILED_FILE, names);
}

/* Resolves the relative skews from the no-delay rows: a case gets its
 * skew_s and id; one whose own baseline timed out is marked
 * baseline_timed_out (it gets a row, no run). A case whose baseline is
 * missing stays unresolved (empty id); they are reported in one line. */
static void resolve_relative(sweep_cases *all, const sweep_results_index *r, const char *out_dir,
                             sweep_stats *st)
{
    char *missing = calloc((size_t)all->n + 1, 1); /* NULL: not named, still counted */
    int nskewed = 0;
    for (int i = 0; i < all->n; i++) {
        sweep_case *sc = &all->v[i];
        if (sc->skew.kind == PAPSIM_SKEW_ABSOLUTE || sc->unsupported)
            continue;
        double skew_s;
        sc->id[0] = '\0';
        if (!relative_skew(all, sc, r, &skew_s, &sc->baseline_timed_out, missing)) {
            nskewed++;
            st->no_baseline++;
            continue;
        }
        sc->c.skew_s = skew_s;
        papsim_err too_large;
        if (!sc->baseline_timed_out &&
            papsim_check_skew_limit(sc->c.skew, sc->c.skew_s, &too_large) != 0) {
            papsim_print_error(PAPSIM_EXIT_FAILED, "papsim run",
                               "%s/%s np=%d %lldB %s skew %s: case not run: %s",
                              sc->c.collective, sc->c.algorithm, sc->c.np, sc->c.bytes,
                              sc->c.pattern, sc->c.skew, too_large.msg);
            st->failed++;
            continue;
        }
        papsim_case_id(&sc->c, sc->id);
    }
    if (nskewed)
        report_missing_baselines(all, missing, nskewed, out_dir);
    free(missing);
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
        papsim_print_note("papsim run", "%d skewed case(s) not run: their algorithm's no-delay case "
                        "timed out (status baseline_timeout)", written);
    return 0;
}

/* Moves the rows of the phase's cases computed from other contents than
 * their platform and pattern files hold now to results-superseded.csv
 * (sweep_results_drop_stale), reloading r when rows go; r is freed on
 * failure. */
static int drop_stale(const char *dir, const sweep_cases *all, int relative,
                      sweep_results_index *r, papsim_err *e)
{
    int dropped;
    if (sweep_results_drop_stale(dir, all->v, all->n, relative, &dropped, e) != 0) {
        sweep_results_index_free(r);
        return -1;
    }
    if (!dropped)
        return 0;
    sweep_results_index_free(r);
    return sweep_results_index_load(dir, r, e);
}

/* The cases of the phase still to simulate (r, if given, says which
 * results already hold) that DIR/failed.csv has: with --skip-failed they
 * are marked left_out. note gets the line that says so ("" when none). */
static int mark_failed_before(sweep_cases *all, int relative, const sweep_results_index *r,
                              const sweep_failed_index *failed, const sweep_run_options *o,
                              char *note, size_t cap, papsim_err *e)
{
    const char **ids = malloc(((size_t)all->n + 1) * sizeof *ids);
    int nids = 0;
    char causes[1024];
    note[0] = '\0';
    if (!ids)
        return papsim_fail(e, "out of memory");
    for (int i = 0; i < all->n; i++) {
        sweep_case *sc = &all->v[i];
        if ((sc->skew.kind != PAPSIM_SKEW_ABSOLUTE) != relative || sc->unsupported || !sc->id[0] ||
            (r && is_done(r, sc)) || !sweep_failed_cause(failed, sc->id))
            continue;
        ids[nids++] = sc->id;
        sc->left_out = o->skip_failed;
    }
    int n = sweep_failed_summarize(failed, ids, nids, causes, sizeof causes);
    free(ids);
    if (n && o->skip_failed)
        snprintf(note, cap, "%d of these cases failed before (%s); left out (--skip-failed; "
                 "%s/%s)", n, causes, o->out_dir, SWEEP_FAILED_FILE);
    else if (n)
        snprintf(note, cap, "%d of these cases failed before (%s); they run again "
                 "(--skip-failed leaves them out; %s/%s)", n, causes, o->out_dir,
                 SWEEP_FAILED_FILE);
    return 0;
}

/* One progress count over both phases: cases run, the second's forecast. */
typedef struct {
    int done, later;
    double cost_done, cost_later;
    time_t started;
} run_progress;

static int run_phase(sweep_cases *all, int relative, const sweep_run_options *o, int format,
                     const sweep_failed_index *failed, sweep_stats *st, run_progress *pr,
                     papsim_err *e)
{
    sweep_case *cases = all->v;
    const int n = all->n;
    sweep_results_index r;
    sweep_case **todo;
    int ntodo, rc;
    if (sweep_results_index_load(o->out_dir, &r, e) != 0)
        return -1;
    if (relative)
        resolve_relative(all, &r, o->out_dir, st);
    if (relative && drop_stale(o->out_dir, all, 1, &r, e) != 0)
        return -1;
    if (sweep_results_drop_partial(o->out_dir, cases, n, relative, &r, e) != 0) {
        sweep_results_index_free(&r);
        return -1;
    }
    /* The absolute skews' line came with the forecast (run_sweep). */
    char note[1400];
    if (relative && mark_failed_before(all, 1, &r, failed, o, note, sizeof note, e) != 0) {
        sweep_results_index_free(&r);
        return -1;
    }
    if (relative && note[0])
        papsim_print_note("papsim run", "%s", note);
    rc = collect_todo(cases, n, relative, &r, &todo, &ntodo, st);
    sweep_results_index_free(&r);
    if (rc != 0)
        return papsim_fail(e, "out of memory");
    if (relative && write_baseline_timeouts(o->out_dir, todo, &ntodo, format, st, e) != 0) {
        free(todo);
        return -1;
    }
    sweep_options so = {o->out_dir, o->jobs, o->cfg, o->quiet, format, o->case_timeout, &o->cost,
                        pr->done, pr->done + ntodo + (relative ? 0 : pr->later),
                        relative ? 0 : pr->cost_later, pr->cost_done, pr->started};
    rc = sweep_execute(todo, ntodo, &so, st, e);
    pr->done += ntodo;
    for (int i = 0; i < ntodo; i++)
        pr->cost_done += sweep_case_cost(todo[i], &o->cost, NULL);
    free(todo);
    return rc;
}

/* The forecast's view of the results: a case with all its rows; a
 * relative skew whose baselines are all in results by the id it will get
 * (with its own baseline timed out, its baseline_timeout row). */
typedef struct {
    const sweep_results_index *r;
    const sweep_cases *all;
} forecast_view;

/* The case as a run would have it: a relative skew resolved from the
 * no-delay rows of v when they are all in (*resolved 1; *own_timed_out:
 * it gets a baseline_timeout row, no run), else as it is (*resolved 0). */
static sweep_case as_run(const forecast_view *v, const sweep_case *sc, int *resolved,
                         int *own_timed_out)
{
    sweep_case rc = *sc;
    *own_timed_out = 0;
    *resolved = sc->skew.kind == PAPSIM_SKEW_ABSOLUTE ||
                relative_skew(v->all, sc, v->r, &rc.c.skew_s, own_timed_out, NULL);
    if (*resolved && sc->skew.kind != PAPSIM_SKEW_ABSOLUTE)
        papsim_case_id(&rc.c, rc.id);
    return rc;
}

static int forecast_is_done(const void *ctx, const sweep_case *sc)
{
    int resolved, own_timed_out;
    const sweep_case rc = as_run(ctx, sc, &resolved, &own_timed_out);
    return resolved && is_done(((const forecast_view *)ctx)->r, &rc);
}

/* The memory forecast of the cases still to run (view: the results, or NULL
 * for none), then checked against the machine (sweep_memory.h); go_on only
 * warns. */
static int memory_forecast(const sweep_cases *cases, const forecast_view *view,
                           const sweep_run_options *o, int go_on, papsim_err *e)
{
    return sweep_memory_forecast(cases->v, cases->n, view && view->r ? forecast_is_done : NULL,
                                 view, o->jobs, o->quiet, go_on, e);
}

static void print_cases(const sweep_cases *cases, const forecast_view *done)
{
    for (int i = 0; i < cases->n; i++) {
        const sweep_case *sc = &cases->v[i];
        int resolved = sc->skew.kind == PAPSIM_SKEW_ABSOLUTE, own_timed_out = 0;
        const sweep_case rc = done ? as_run(done, sc, &resolved, &own_timed_out) : *sc;
        if (sc->left_out || (done && resolved && is_done(done->r, &rc)))
            continue;
        printf("%s%s ", sc->unsupported ? "# unsupported: " : "",
               !resolved       ? "# skew resolved later: "
               : own_timed_out ? "# not run, its no-delay case timed out: "
                               : "");
        papsim_case_write_args(&rc.c, stdout);
    }
}

/* Records the case order of this run in DIR/case_order.csv (for papsim
 * merge) and, when the sweep ran to its end, rewrites results.csv in that
 * order: the file is then the same whatever --jobs, resuming or sharding
 * did to the order in which cases finished. */
static int finish_results(const sweep_run_options *o, const sweep_cases *cases, int ntotal,
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

/* The forecast's constants for the SimGrid that smpirun runs (version: its
 * text, or "unknown: ..."; a dry run: the one papsim was built with),
 * except those the user gave. */
static void cost_for_simgrid(sweep_run_options *o, const char *version)
{
    sweep_cost_model d = o->cost;
    papsim_simgrid_cost_model(version, &d);
    o->cost.msg = o->cost_given & SWEEP_COST_GIVEN_MSG ? o->cost.msg : d.msg;
    o->cost.rank = o->cost_given & SWEEP_COST_GIVEN_RANK ? o->cost.rank : d.rank;
    o->cost.scan = o->cost_given & SWEEP_COST_GIVEN_SCAN ? o->cost.scan : d.scan;
    o->cost.per_case = o->cost_given & SWEEP_COST_GIVEN_CASE ? o->cost.per_case : d.per_case;
    o->cost.waitall = o->cost_given & SWEEP_COST_GIVEN_WAITALL ? o->cost.waitall : d.waitall;
}

/* Runs both phases: absolute skews, then the relative ones they resolve. */
static int run_sweep(sweep_run_options *o, sweep_cases *cases, const sweep_failed_index *failed,
                     sweep_stats *st, papsim_err *e)
{
    sweep_results_index r;
    int format = PAPSIM_RESULTS_FORMAT;
    char simgrid[300], note[1400];
    int dropped;
    /* The migration first: a row an older papsim keyed by the platform's
     * path takes its content-keyed id, so drop_stale keeps it (with the
     * path-keyed id it would look like a row of another content). */
    if (sweep_results_prepare(o->out_dir, &format, e) != 0 ||
        sweep_results_migrate_ids(o->out_dir, cases->v, cases->n, e) != 0 ||
        sweep_results_drop_stale(o->out_dir, cases->v, cases->n, 0, &dropped, e) != 0 ||
        sweep_results_index_load(o->out_dir, &r, e) != 0)
        return -1;
    papsim_simgrid_version_or_why(simgrid, sizeof simgrid);
    cost_for_simgrid(o, simgrid);
    const forecast_view mview = {&r, cases};
    if (memory_forecast(cases, &mview, o, o->ignore_memory, e) != 0) {
        sweep_results_index_free(&r);
        return -1;
    }
    /* DIR/provenance.txt: one record per run, earlier ones kept (versions.h) */
    if (papsim_run_provenance(o->out_dir, o->spec_path, cases, simgrid, o->argc, o->argv, e) != 0) {
        sweep_results_index_free(&r);
        return -1;
    }
    if (mark_failed_before(cases, 0, &r, failed, o, note, sizeof note, e) != 0) {
        sweep_results_index_free(&r);
        return -1;
    }
    const forecast_view view = {&r, cases};
    if (!o->quiet)
        sweep_print_forecast(cases->v, cases->n, forecast_is_done, &view, &o->cost,
                             o->case_timeout, o->jobs);
    if (note[0])
        papsim_print_note("papsim run", "%s", note);
    run_progress pr = {.started = time(NULL)};
    for (int i = 0; i < cases->n; i++) { /* the second phase's cases, as the forecast has them */
        const sweep_case *sc = &cases->v[i];
        if (sc->skew.kind != PAPSIM_SKEW_ABSOLUTE && !sc->unsupported && !sc->left_out &&
            !forecast_is_done(&view, sc)) {
            pr.later++;
            pr.cost_later += sweep_case_cost(sc, &o->cost, NULL);
        }
    }
    int rc = write_unsupported(o->out_dir, cases->v, cases->n, &r, format, st, e);
    sweep_results_index_free(&r);
    if (rc != 0)
        return -1;
    sweep_install_signal_handlers();
    if (run_phase(cases, 0, o, format, failed, st, &pr, e) != 0 ||
        (!sweep_interrupted() && run_phase(cases, 1, o, format, failed, st, &pr, e) != 0))
        return -1;
    return 0;
}

/* "papsim run ARGS...", as the lock file records it for a second run. */
static void join_command(int argc, char **argv, char *out, size_t cap)
{
    size_t n = (size_t)snprintf(out, cap, "papsim run");
    for (int i = 1; i < argc && n < cap; i++)
        n += (size_t)snprintf(out + n, cap - n, " %s", argv[i]);
}

int sweep_run_spec(const sweep_run_options *ro, papsim_err *e)
{
    sweep_run_options opts = *ro, *o = &opts;
    papsim_spec spec = {0};
    sweep_cases cases = {0};
    sweep_stats st = {0};
    sweep_failed_index failed = {0};
    int status = 2, ntotal, rc, lock = -1;
    char command[1024], failed_path[4200], note[1400];

    e->msg[0] = '\0';
    char spec_path[4096]; /* a bare name of no file: an installed scenario (locate.h) */
    snprintf(spec_path, sizeof spec_path, "%s", o->spec_path);
    if (papsim_locate_named(o->spec_path, "scenarios", ".ini", spec_path, sizeof spec_path))
        o->spec_path = spec_path;
    if (papsim_spec_load(o->spec_path, &spec, e) != 0 || sweep_expand(&spec, &cases, e) != 0 ||
        sweep_check_cfg(&cases, o->cfg, o->ncfg, e) != 0 || sweep_check_dir(o, &cases, e) != 0)
        goto done;
    ntotal = cases.n;
    for (int i = 0; i < cases.n; i++)
        cases.v[i].index = i;
    if (o->slurm) {
        o->so.case_timeout = o->case_timeout;
        status = sweep_slurm_write(o->spec_path, o->out_dir, ntotal, o->cfg, o->ncfg, &o->so, e)
                     ? 2 : 0;
        goto done;
    }
    if (o->nshards && sweep_select_shard(&cases, o->shard, o->nshards, e) != 0)
        goto done;
    /* DIR/failed.csv may come from another machine: checked whole before
     * anything runs (a dry run reads it when given --out) */
    snprintf(failed_path, sizeof failed_path, "%s/%s", o->out_dir ? o->out_dir : ".",
             SWEEP_FAILED_FILE);
    if (o->dry_run) {
        /* with --out, what DIR already holds is left out, as a run would
         * (read only: a dry run writes nothing) */
        sweep_results_index r;
        char results_path[4200];
        snprintf(results_path, sizeof results_path, "%s/results.csv", o->out_dir ? o->out_dir : ".");
        int have_results = o->out_dir && access(results_path, F_OK) == 0;
        if (have_results && sweep_results_index_load(o->out_dir, &r, e) != 0)
            goto done;
        const forecast_view view = {have_results ? &r : NULL, &cases};
        if (o->out_dir && (sweep_failed_load(failed_path, &failed, e) != 0 ||
                           mark_failed_before(&cases, 0, view.r, &failed, o, note, sizeof note,
                                              e) != 0)) {
            if (have_results)
                sweep_results_index_free(&r);
            goto done;
        }
        print_cases(&cases, have_results ? &view : NULL);
        /* no smpirun started: the SimGrid papsim was built with */
        cost_for_simgrid(o, papsim_simgrid_build_version());
        sweep_print_forecast(cases.v, cases.n, have_results ? forecast_is_done : NULL, &view,
                             &o->cost, o->case_timeout, o->jobs);
        if (memory_forecast(&cases, have_results ? &view : NULL, o, 1, e) != 0) {
            if (have_results)
                sweep_results_index_free(&r);
            goto done;
        }
        if (have_results)
            sweep_results_index_free(&r);
        if (o->out_dir && note[0])
            papsim_print_note("papsim run", "%s", note);
        status = 0;
        goto done;
    }
    status = 1;
    if (papsim_mkdir_p(o->out_dir, e) != 0) {
        papsim_fail_prefix(e, "--out '%s': ", o->out_dir);
        goto done;
    }
    join_command(o->argc, o->argv, command, sizeof command);
    if ((lock = sweep_lock(o->out_dir, o->wait_lock, command, e)) < 0)
        goto done;
    if (sweep_failed_load(failed_path, &failed, e) != 0) {
        status = 2;
        goto done;
    }
    /* Past a file size limit, a write fails with EFBIG (reported like a
     * full disk) instead of killing papsim. */
    signal(SIGXFSZ, SIG_IGN);
    rc = run_sweep(o, &cases, &failed, &st, e);
    if (rc == 0)
        rc = finish_results(o, &cases, ntotal, !sweep_interrupted(), e);
    if (rc != 0 && !st.not_written)
        goto done;
    sweep_print_summary(o->out_dir, &st);
    if (rc != 0) /* a failed write: its cause, once, after the counts */
        goto done;
    e->msg[0] = '\0';
    if (sweep_interrupted()) {
        papsim_print_note("papsim run", "interrupted; finished cases are kept, rerun to resume");
        status = 130;
    } else {
        /* cases left out: the results are incomplete, as with failed ones */
        status = st.failed || st.no_baseline || st.left_out ? 1 : 0;
    }
done:
    if (e->msg[0] && st.not_written) {
        size_t n = strlen(e->msg);
        snprintf(e->msg + n, sizeof e->msg - n,
                 " (make room, then rerun the same command to resume)");
    }
    sweep_unlock(lock, o->out_dir);
    sweep_failed_free(&failed);
    sweep_cases_free(&cases);
    papsim_spec_free(&spec);
    return status;
}
