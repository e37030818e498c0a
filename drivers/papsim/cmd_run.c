/* papsim run SPEC --out DIR: expand a sweep spec and run it into
 * DIR/results.csv, in parallel smpirun batches, resumable. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "csv.h"
#include "sweep.h"

typedef struct {
    const char *spec_path, *out_dir;
    int jobs, quiet, dry_run, help;
    const char *cfg[32];
    int ncfg;
} run_options;

static void run_usage(FILE *out)
{
    fputs("usage: papsim run SPEC --out DIR [--jobs N] [--cfg=ITEM:VALUE ...] [--dry-run] [--quiet]\n"
          "Expands the sweep spec (.ini) and simulates every case into DIR/results.csv.\n"
          "  --out DIR        result directory (created); results.csv is appended case by\n"
          "                   case, so a killed sweep resumes where it stopped and a\n"
          "                   rerun only simulates cases that are not there yet\n"
          "  --jobs N         parallel smpirun workers (default: the number of cores)\n"
          "  --cfg=ITEM:VAL   extra SimGrid option for every smpirun\n"
          "  --dry-run        list the cases and exit\n"
          "  --quiet          no progress lines\n"
          "Relative skews ('1.5x') are resolved after the no-delay cases ran: factor x the\n"
          "mean no-delay total delay over the block's algorithms (seed 003); '1.5x-own'\n"
          "uses the algorithm's own no-delay time (robustness mode). See the README for\n"
          "the spec keys.\n",
          out);
}

static int parse_run_args(int argc, char **argv, run_options *o, papsim_err *e)
{
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
        } else if (!strcmp(a, "--dry-run")) {
            o->dry_run = 1;
        } else if ((!strncmp(a, "--cfg=", 6) || !strncmp(a, "--log=", 6)) && o->ncfg < 31) {
            o->cfg[o->ncfg++] = a;
        } else if (a[0] != '-' && !o->spec_path) {
            o->spec_path = a;
        } else {
            return papsim_fail(e, "unknown or incomplete option '%s' (see papsim run --help)", a);
        }
    }
    if (!o->help && !o->spec_path)
        return papsim_fail(e, "no spec file given (usage: papsim run SPEC --out DIR)");
    if (!o->help && !o->out_dir && !o->dry_run)
        return papsim_fail(e, "--out DIR is required");
    return 0;
}

/* Opens DIR/results.csv for resuming: creates it with the header, or checks
 * its header and trims a row cut short by a kill. */
static int prepare_results(const char *dir, papsim_err *e)
{
    char path[4200];
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return papsim_fail(e, "--out '%s': cannot create: %s", dir, strerror(errno));
    snprintf(path, sizeof path, "%s/results.csv", dir);
    FILE *f = fopen(path, "r+");
    if (!f) {
        f = fopen(path, "w");
        if (!f)
            return papsim_fail(e, "%s: cannot create: %s", path, strerror(errno));
        fprintf(f, "%s\n", papsim_results_header());
        return fclose(f) == 0 ? 0 : papsim_fail(e, "%s: write failed", path);
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len = getline(&line, &cap, f);
    int ok = len > 0 && !strncmp(line, papsim_results_header(), strlen(papsim_results_header()));
    free(line);
    fseek(f, 0, SEEK_END);
    long size = ftell(f), keep = size;
    while (keep > 0) { /* find the end of the last complete line */
        fseek(f, keep - 1, SEEK_SET);
        if (fgetc(f) == '\n')
            break;
        keep--;
    }
    fclose(f);
    if (!ok)
        return papsim_fail(e, "%s exists but is not a papsim results file (header differs); "
                              "choose another --out",
                           path);
    if (keep < size) {
        fprintf(stderr, "papsim run: %s: dropping an incomplete last row (%ld bytes)\n", path,
                size - keep);
        if (truncate(path, keep) != 0)
            return papsim_fail(e, "%s: cannot trim: %s", path, strerror(errno));
    }
    return 0;
}

/* Rows already in results.csv, sorted by case id for lookups (a resumed
 * sweep looks up every case, so a scan per case would be quadratic). */
typedef struct {
    papsim_table t;
    int id_col, status_col, total_col;
    char ***by_id; /* the rows of t, sorted by case_id */
} results_index;

static int compare_row_ids(const void *a, const void *b, void *id_col)
{
    const int col = *(const int *)id_col;
    return strcmp((*(char **const *)a)[col], (*(char **const *)b)[col]);
}

static int load_results(const char *dir, results_index *r, papsim_err *e)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    r->by_id = NULL;
    if (papsim_table_load(path, &r->t, e) != 0)
        return -1;
    r->id_col = papsim_table_column(&r->t, "case_id");
    r->status_col = papsim_table_column(&r->t, "status");
    r->total_col = papsim_table_column(&r->t, "total_delay_s");
    r->by_id = malloc((r->t.nrows + 1) * sizeof *r->by_id);
    if (!r->by_id) {
        papsim_table_free(&r->t);
        return papsim_fail(e, "out of memory indexing %s", path);
    }
    memcpy(r->by_id, r->t.rows, r->t.nrows * sizeof *r->by_id);
    qsort_r(r->by_id, r->t.nrows, sizeof *r->by_id, compare_row_ids, &r->id_col);
    return 0;
}

static void free_results(results_index *r)
{
    free(r->by_id);
    papsim_table_free(&r->t);
}

/* Number of rows of the case, and the mean total delay of its ok rows. */
static int rows_of(const results_index *r, const char *id, double *mean_total)
{
    size_t lo = 0, hi = r->t.nrows; /* first row whose id is >= id */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(r->by_id[mid][r->id_col], id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int n = 0, ok = 0;
    double sum = 0;
    for (size_t i = lo; i < r->t.nrows && !strcmp(r->by_id[i][r->id_col], id); i++, n++)
        if (!strcmp(r->by_id[i][r->status_col], "ok")) {
            sum += strtod(r->by_id[i][r->total_col], NULL);
            ok++;
        }
    if (mean_total)
        *mean_total = ok ? sum / ok : -1;
    return n;
}

static int is_done(const results_index *r, const sweep_case *sc)
{
    return rows_of(r, sc->id, NULL) >= (sc->unsupported ? 1 : sc->c.reps);
}

static int write_unsupported(const char *dir, sweep_case *cases, int n, const results_index *r,
                             sweep_stats *st, papsim_err *e)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    FILE *f = fopen(path, "a");
    if (!f)
        return papsim_fail(e, "%s: cannot append: %s", path, strerror(errno));
    for (int i = 0; i < n; i++)
        if (cases[i].unsupported && cases[i].skew.kind == PAPSIM_SKEW_ABSOLUTE) {
            st->unsupported++;
            if (!is_done(r, &cases[i]))
                papsim_case_write_row(&cases[i].c, 0, NULL, "unsupported", f);
        }
    return fclose(f) == 0 ? 0 : papsim_fail(e, "%s: write failed", path);
}

/* The cases of this phase that still need a run. */
static int collect_todo(sweep_case *cases, int n, int relative_phase, const results_index *r,
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

static int same_cell(const sweep_case *a, const sweep_case *b)
{
    return a->block == b->block && !strcmp(a->platform_path, b->platform_path) &&
           a->c.np == b->c.np && !strcmp(a->c.mapping, b->c.mapping) &&
           a->c.ranks_per_node == b->c.ranks_per_node && a->c.bytes == b->c.bytes;
}

/* skew_s = factor x mean no-delay total delay (over the cell's algorithms,
 * or the case's own for -own). A case whose baseline is missing stays
 * unresolved (empty id) and is reported. */
static void resolve_relative(sweep_case *cases, int n, const results_index *r, sweep_stats *st)
{
    for (int i = 0; i < n; i++) {
        sweep_case *sc = &cases[i];
        if (sc->skew.kind == PAPSIM_SKEW_ABSOLUTE || sc->unsupported)
            continue;
        double sum = 0;
        int count = 0, missing = 0;
        for (int j = 0; j < n; j++) {
            const sweep_case *nd = &cases[j];
            if (strcmp(nd->c.pattern, "no_delay") || nd->unsupported || !same_cell(sc, nd))
                continue;
            if (sc->skew.kind == PAPSIM_SKEW_OWN && strcmp(nd->c.algorithm, sc->c.algorithm))
                continue;
            double t;
            rows_of(r, nd->id, &t);
            if (t < 0)
                missing++;
            else {
                sum += t;
                count++;
            }
        }
        sc->id[0] = '\0';
        if (count == 0 || missing) {
            fprintf(stderr, "papsim run: %s/%s np=%d %lldB %s skew %s: no-delay baseline "
                            "missing, case not run\n",
                    sc->c.collective, sc->c.algorithm, sc->c.np, sc->c.bytes, sc->c.pattern,
                    sc->c.skew);
            st->failed++;
            continue;
        }
        sc->c.skew_s = sc->skew.value * sum / count;
        papsim_case_id(&sc->c, sc->id);
    }
}

static int run_phase(sweep_case *cases, int n, int relative, const run_options *o,
                     sweep_stats *st, papsim_err *e)
{
    results_index r;
    sweep_case **todo;
    int ntodo, rc;
    if (load_results(o->out_dir, &r, e) != 0)
        return -1;
    if (relative)
        resolve_relative(cases, n, &r, st);
    rc = collect_todo(cases, n, relative, &r, &todo, &ntodo, st);
    free_results(&r);
    if (rc != 0)
        return papsim_fail(e, "out of memory");
    sweep_options so = {o->out_dir, o->jobs, o->cfg, o->quiet};
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

int papsim_cmd_run(int argc, char **argv)
{
    run_options o = {0};
    papsim_err e = {{0}};
    papsim_spec spec = {0};
    sweep_cases cases = {0};
    sweep_stats st = {0};
    results_index r;
    int status = 2;

    if (parse_run_args(argc, argv, &o, &e) != 0)
        goto fail;
    if (o.help) {
        run_usage(stdout);
        return 0;
    }
    if (papsim_spec_load(o.spec_path, &spec, &e) != 0 || sweep_expand(&spec, &cases, &e) != 0)
        goto fail;
    if (o.dry_run) {
        print_cases(&cases);
        status = 0;
        goto done;
    }
    if (prepare_results(o.out_dir, &e) != 0 || load_results(o.out_dir, &r, &e) != 0)
        goto fail;
    status = write_unsupported(o.out_dir, cases.v, cases.n, &r, &st, &e);
    free_results(&r);
    if (status != 0)
        goto fail;
    sweep_install_signal_handlers();
    status = 1;
    if (run_phase(cases.v, cases.n, 0, &o, &st, &e) != 0 ||
        (!sweep_interrupted() && run_phase(cases.v, cases.n, 1, &o, &st, &e) != 0))
        goto fail;
    fprintf(stderr,
            "papsim run: %d cases: %d simulated, %d already in results, %d unsupported, "
            "%d failed -> %s/results.csv\n",
            st.total + st.unsupported, st.run, st.skipped, st.unsupported, st.failed, o.out_dir);
    if (sweep_interrupted()) {
        fprintf(stderr, "papsim run: interrupted; finished cases are kept, rerun to resume\n");
        status = 130;
    } else {
        status = st.failed ? 1 : 0;
    }
    goto done;
fail:
    fprintf(stderr, "papsim run: %s\n", e.msg);
done:
    sweep_cases_free(&cases);
    papsim_spec_free(&spec);
    return status;
}
