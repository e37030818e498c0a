/* papsim regress NEW.csv GOLDEN.csv: compares two results tables row by row.
 * Simulated time is deterministic, so by default any change in a metric is a
 * regression; --rtol/--atol loosen that for real-hardware or cross-version
 * comparisons. Rows are matched on (case_id, rep): case_id already encodes
 * every key column, so a changed key is a missing case plus a new one. The
 * params column (algorithm knobs) is compared when both tables have it. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases/case.h"
#include "commands.h"
#include "results/results_csv.h"
#include "util/papsim_error.h"
#include "sweep/provenance.h"
#include "report/report.h"

enum { MAX_METRICS = 4 };

typedef struct {
    const char *new_path, *golden_path;
    double rtol, atol;
    int strict;                          /* new cases fail too */
    int allow_missing;                   /* golden cases missing from new pass */
    const char *metrics[MAX_METRICS];    /* column names, e.g. "last_delay_s" */
    int nmetrics;
} regress_options;

/* Columns every compared file needs besides the metrics. */
enum { C_CASE_ID, C_REP, C_STATUS, C_COLLECTIVE, C_ALGORITHM, C_NP, C_BYTES, C_PATTERN,
       C_SKEW, C_COUNT };
static const char *const fixed_columns[C_COUNT] = {
    "case_id", "rep", "status", "collective", "algorithm", "np", "bytes", "pattern", "skew",
};

typedef struct {
    const char *case_id, *rep;
    size_t row;
} row_key;

typedef struct {
    papsim_table t;
    int col[C_COUNT];
    int metric_col[MAX_METRICS];
    int params_col; /* -1 in a table written before the params column */
    row_key *keys; /* sorted by (case_id, rep) for lookups */
    char (*label_id)[17]; /* each row's id keyed by its platform's path, as
                           * papsim wrote ids before results format 4 */
    row_key *label_keys;  /* the rows by (label_id, rep) */
} results_side;

typedef struct {
    size_t compared, changed, missing, added;
    size_t by_label; /* rows matched through a path-keyed id */
} regress_counts;

static void print_regress_help(FILE *f)
{
    fprintf(f,
            "usage: papsim regress NEW.csv GOLDEN.csv [--rtol R] [--atol A]\n"
            "                      [--metrics last_delay_s,...] [--strict] [--allow-missing]\n"
            "\n"
            "Compares two results tables row by row, matching rows on (case_id, rep).\n"
            "A value has changed when |new - golden| > atol + rtol * |golden|; the\n"
            "default (rtol = atol = 0) demands identical values.\n"
            "\n"
            "  --rtol R      relative tolerance (default 0)\n"
            "  --atol A      absolute tolerance in seconds (default 0)\n"
            "  --metrics L   comma-separated list of total_delay_s, last_delay_s,\n"
            "                mean_elapsed_s, max_elapsed_s (the _s may be left out;\n"
            "                default: all four)\n"
            "  --strict      rows of NEW that are not in GOLDEN fail as well\n"
            "  --allow-missing\n"
            "                rows of GOLDEN missing from NEW are listed but do not fail\n"
            "                (NEW covers part of the golden sweep on purpose)\n"
            "  --help        this text\n"
            "\n"
            "Changed values, changed status and rows missing from NEW are failures;\n"
            "rows only in NEW are listed as new cases. A GOLDEN without rows is refused\n"
            "(it would pass any result). Both tables are checked first, as every command\n"
            "reading results.csv checks them: a bad value, a second row of one (case_id,\n"
            "rep) or a cut row is refused with FILE:LINE: COLUMN.\n"
            "When both tables have a provenance.txt beside them (papsim run writes one)\n"
            "naming different SimGrid versions, a note names both.\n"            "Exit status: 0 no change beyond tolerance, 1 changes, 2 bad input.\n");
}

static int parse_tolerance(const char *name, const char *text, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(text, &end);
    if (*text == '\0' || *end || errno || !isfinite(*out) || *out < 0) {
        papsim_cmd_bad_input("regress", "%s: '%s' is not a non-negative number", name, text);
        return -1;
    }
    return 0;
}

static int parse_metric_list(char *list, regress_options *o)
{
    o->nmetrics = 0;
    for (char *save = NULL, *m = strtok_r(list, ",", &save); m; m = strtok_r(NULL, ",", &save)) {
        const char *column = papsim_report_metric_column(m);
        if (!column) {
            papsim_cmd_bad_input("regress", "--metrics: '%s' is not one of total_delay_s, "
                                            "last_delay_s, mean_elapsed_s, max_elapsed_s", m);
            return -1;
        }
        int seen = 0;
        for (int i = 0; i < o->nmetrics; i++)
            seen |= strcmp(o->metrics[i], column) == 0;
        if (!seen)
            o->metrics[o->nmetrics++] = column;
    }
    if (o->nmetrics == 0) {
        papsim_cmd_bad_input("regress", "--metrics: empty list");
        return -1;
    }
    return 0;
}

/* Returns 0 to go on, 1 after --help, 2 on a usage error. */
static int parse_regress_options(int argc, char **argv, regress_options *o)
{
    static const struct option longopts[] = {
        {"rtol", required_argument, NULL, 'r'},  {"atol", required_argument, NULL, 'a'},
        {"metrics", required_argument, NULL, 'm'}, {"strict", no_argument, NULL, 's'},
        {"allow-missing", no_argument, NULL, 'M'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    static const char *const all_metrics[MAX_METRICS] = {"total_delay_s", "last_delay_s",
                                                         "mean_elapsed_s", "max_elapsed_s"};
    for (int i = 0; i < MAX_METRICS; i++)
        o->metrics[i] = all_metrics[i];
    o->nmetrics = MAX_METRICS;
    int c;
    optind = 0; /* glibc: full reset, in case getopt ran before */
    opterr = 0; /* our own message names the option */
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if ((c == 'r' && parse_tolerance("--rtol", optarg, &o->rtol) != 0) ||
            (c == 'a' && parse_tolerance("--atol", optarg, &o->atol) != 0) ||
            (c == 'm' && parse_metric_list(optarg, o) != 0))
            return 2;
        if (c == 's')
            o->strict = 1;
        if (c == 'M')
            o->allow_missing = 1;
        if (c == 'h') {
            print_regress_help(stdout);
            return 1;
        }
        if (c == '?' || c == ':')
            return papsim_cmd_bad_option("regress", c, argv[optind - 1]);
    }
    if (argc - optind != 2) {
        papsim_cmd_bad_input("regress", "expected NEW.csv and GOLDEN.csv, got %d arguments "
                                        "(see papsim regress --help)", argc - optind);
        return 2;
    }
    o->new_path = argv[optind];
    o->golden_path = argv[optind + 1];
    return 0;
}

static int compare_keys(const void *pa, const void *pb)
{
    const row_key *a = pa, *b = pb;
    int c = strcmp(a->case_id, b->case_id);
    return c ? c : strcmp(a->rep, b->rep);
}

/* Sorts the keys for lookups; papsim_results_load has refused a second row
 * of one (case_id, rep) already. */
static int index_rows(results_side *s, papsim_err *e)
{
    const papsim_table *t = &s->t;
    s->keys = malloc((t->nrows ? t->nrows : 1) * sizeof *s->keys);
    if (!s->keys)
        return papsim_fail(e, "%s: out of memory for %zu rows", t->path, t->nrows);
    for (size_t r = 0; r < t->nrows; r++)
        s->keys[r] = (row_key){t->rows[r][s->col[C_CASE_ID]], t->rows[r][s->col[C_REP]], r};
    qsort(s->keys, t->nrows, sizeof *s->keys, compare_keys);
    /* The path-keyed id of every row (empty when its fields do not rebuild
     * a case): a golden table from before results format 4 holds those. */
    s->label_id = calloc(t->nrows + 1, sizeof *s->label_id);
    s->label_keys = malloc((t->nrows ? t->nrows : 1) * sizeof *s->label_keys);
    if (!s->label_id || !s->label_keys)
        return papsim_fail(e, "%s: out of memory for %zu rows", t->path, t->nrows);
    for (size_t r = 0; r < t->nrows; r++) {
        papsim_case c;
        if (papsim_case_from_row(t, r, &c) == 0)
            papsim_case_label_id(&c, s->label_id[r]);
        s->label_keys[r] = (row_key){s->label_id[r], t->rows[r][s->col[C_REP]], r};
    }
    qsort(s->label_keys, t->nrows, sizeof *s->label_keys, compare_keys);
    return 0;
}

static int load_side(const char *path, const regress_options *o, results_side *s,
                     papsim_err *e)
{
    if (papsim_results_load(path, &s->t, NULL, e) != 0 ||
        papsim_table_require(&s->t, fixed_columns, C_COUNT, s->col, e) != 0 ||
        papsim_table_require(&s->t, o->metrics, o->nmetrics, s->metric_col, e) != 0)
        return -1;
    s->params_col = papsim_table_column(&s->t, "params");
    return index_rows(s, e);
}

static void free_side(results_side *s)
{
    free(s->keys);
    free(s->label_id);
    free(s->label_keys);
    papsim_table_free(&s->t);
}

static const row_key *find_row(const results_side *s, const row_key *key)
{
    return bsearch(key, s->keys, s->t.nrows, sizeof *s->keys, compare_keys);
}

/* Row r of `from` in `in`: by its case_id; else, when one of the two rows
 * has an id keyed by the platform's path (papsim before results format 4)
 * and the other by its content, by the path-keyed id of both (*by_label
 * set). NULL when neither matches. */
static const row_key *match_row(const results_side *from, size_t r, const results_side *in,
                                int *by_label)
{
    row_key key = {from->t.rows[r][from->col[C_CASE_ID]], from->t.rows[r][from->col[C_REP]], r};
    const row_key *hit = find_row(in, &key);
    *by_label = 0;
    if (hit)
        return hit;
    hit = bsearch(&key, in->label_keys, in->t.nrows, sizeof *in->label_keys, compare_keys);
    if (!hit && from->label_id[r][0]) {
        key.case_id = from->label_id[r];
        hit = find_row(in, &key);
    }
    *by_label = hit != NULL;
    return hit;
}

/* "allreduce/ring np=16 bytes=1024 pattern=ascending skew=100us rep=0" */
static void describe_row(const results_side *s, size_t r, char *buf, size_t len)
{
    char **f = s->t.rows[r];
    const int *c = s->col;
    snprintf(buf, len, "%s/%s np=%s bytes=%s pattern=%s skew=%s rep=%s", f[c[C_COLLECTIVE]],
             f[c[C_ALGORITHM]], f[c[C_NP]], f[c[C_BYTES]], f[c[C_PATTERN]], f[c[C_SKEW]],
             f[c[C_REP]]);
}

/* An empty field (unsupported case) counts as "no value". */
static int parse_value(const results_side *s, size_t r, int col, int *present, double *v,
                       papsim_err *e)
{
    const char *text = s->t.rows[r][col];
    char *end;
    *present = text[0] != '\0';
    *v = 0;
    if (!*present)
        return 0;
    errno = 0;
    *v = strtod(text, &end);
    if (*end || errno == EINVAL)
        return papsim_fail(e, "%s:%ld: %s: '%s' is not a number", s->t.path, s->t.lines[r],
                           s->t.names[col], text);
    return 0;
}

static void print_change(const char *what, const char *metric, const char *golden,
                         const char *new_text, double g, double n)
{
    printf("changed: %s: %s golden %s new %s", what, metric, golden[0] ? golden : "(empty)",
           new_text[0] ? new_text : "(empty)");
    if (golden[0] && new_text[0] && g != 0 && isfinite(g) && isfinite(n))
        printf(" (%+.3g%%)\n", 100.0 * (n - g) / fabs(g));
    else
        printf("\n");
}

/* Compares one metric; returns 1 if it changed beyond tolerance, 0 if not,
 * -1 on an unparsable value. Identical text is always equal. */
static int compare_metric(const regress_options *o, const results_side *nw, size_t nr,
                          const results_side *gd, size_t gr, int m, const char *what,
                          papsim_err *e)
{
    const char *nt = nw->t.rows[nr][nw->metric_col[m]], *gt = gd->t.rows[gr][gd->metric_col[m]];
    int n_has, g_has;
    double n, g;
    if (strcmp(nt, gt) == 0)
        return 0;
    if (parse_value(nw, nr, nw->metric_col[m], &n_has, &n, e) != 0 ||
        parse_value(gd, gr, gd->metric_col[m], &g_has, &g, e) != 0)
        return -1;
    int changed = n_has != g_has || !isfinite(n) || !isfinite(g) ||
                  fabs(n - g) > o->atol + o->rtol * fabs(g);
    if (changed)
        print_change(what, o->metrics[m], gt, nt, g, n);
    return changed;
}

/* Compares a row present in both files; returns 1 if anything changed. */
static int compare_row(const regress_options *o, const results_side *nw, size_t nr,
                       const results_side *gd, size_t gr, papsim_err *e)
{
    char what[1024];
    describe_row(gd, gr, what, sizeof what);
    const char *ns = nw->t.rows[nr][nw->col[C_STATUS]], *gs = gd->t.rows[gr][gd->col[C_STATUS]];
    if (strcmp(ns, gs) != 0) {
        printf("status changed: %s: golden %s, new %s\n", what, gs, ns);
        return 1;
    }
    /* The knobs are compared only when both tables have them: a golden file
     * written before the params column stays a valid golden file. */
    if (nw->params_col >= 0 && gd->params_col >= 0) {
        const char *np = nw->t.rows[nr][nw->params_col], *gp = gd->t.rows[gr][gd->params_col];
        if (strcmp(np, gp) != 0) {
            printf("params changed: %s: golden '%s', new '%s'\n", what, gp, np);
            return 1;
        }
    }
    int changed = 0;
    for (int m = 0; m < o->nmetrics; m++) {
        int c = compare_metric(o, nw, nr, gd, gr, m, what, e);
        if (c < 0)
            return -1;
        changed |= c;
    }
    return changed;
}

/* Golden rows in file order: compared, or missing from new. */
static int compare_golden_rows(const regress_options *o, const results_side *nw,
                               const results_side *gd, regress_counts *n, papsim_err *e)
{
    char what[1024];
    for (size_t gr = 0; gr < gd->t.nrows; gr++) {
        int by_label;
        const row_key *hit = match_row(gd, gr, nw, &by_label);
        if (!hit) {
            describe_row(gd, gr, what, sizeof what);
            printf("missing: %s (case %s, %s:%ld): not in %s\n", what,
                   gd->t.rows[gr][gd->col[C_CASE_ID]], gd->t.path, gd->t.lines[gr], nw->t.path);
            n->missing++;
            continue;
        }
        int c = compare_row(o, nw, hit->row, gd, gr, e);
        if (c < 0)
            return -1;
        n->compared++;
        n->changed += (size_t)c;
        n->by_label += (size_t)by_label;
    }
    return 0;
}

static void list_new_rows(const results_side *nw, const results_side *gd, regress_counts *n)
{
    char what[1024];
    for (size_t nr = 0; nr < nw->t.nrows; nr++) {
        int by_label;
        if (match_row(nw, nr, gd, &by_label))
            continue;
        describe_row(nw, nr, what, sizeof what);
        printf("new case (not in golden): %s (case %s, %s:%ld)\n", what,
               nw->t.rows[nr][nw->col[C_CASE_ID]], nw->t.path, nw->t.lines[nr]);
        n->added++;
    }
}

/* When the tables' provenance files (DIR/provenance.txt beside each CSV)
 * name different SimGrid versions, says so: simulated times may change with
 * the simulator alone. A table without one (a bare CSV) gives no note. */
static void note_simgrid_versions(const regress_options *o)
{
    char nv[512], gv[512];
    if (papsim_provenance_simgrid_of(o->new_path, nv, sizeof nv) == 1 &&
        papsim_provenance_simgrid_of(o->golden_path, gv, sizeof gv) == 1 && strcmp(nv, gv) != 0)
        printf("regress: note: golden %s was simulated with SimGrid %s, %s with SimGrid %s "
               "(provenance.txt beside each); simulated times may differ between SimGrid "
               "versions\n",
               o->golden_path, gv, o->new_path, nv);
}

int papsim_cmd_regress(int argc, char **argv)
{
    regress_options o = {0};
    results_side nw = {0}, gd = {0};
    regress_counts n = {0};
    papsim_err e = {{0}};
    int status = parse_regress_options(argc, argv, &o);
    if (status != 0)
        return status == 1 ? 0 : 2;
    status = 2;
    if (load_side(o.new_path, &o, &nw, &e) != 0 || load_side(o.golden_path, &o, &gd, &e) != 0)
        goto out;
    if (gd.t.nrows == 0) {
        papsim_fail(&e, "%s: the golden table has 0 rows (only a header), so any result "
                        "would pass; make it again from a run you trust",
                    o.golden_path);
        goto out;
    }
    printf("regress: %s against golden %s (rtol %g, atol %g; metrics", o.new_path,
           o.golden_path, o.rtol, o.atol);
    for (int m = 0; m < o.nmetrics; m++)
        printf("%s%s", m ? "," : " ", o.metrics[m]);
    printf(")\n");
    note_simgrid_versions(&o);
    if (compare_golden_rows(&o, &nw, &gd, &n, &e) != 0)
        goto out;
    list_new_rows(&nw, &gd, &n);
    printf("regress: %zu cases compared, %zu changed, %zu missing, %zu new\n", n.compared,
           n.changed, n.missing, n.added);
    if (n.by_label)
        printf("regress: note: %zu rows matched by case ids keyed by the platform's path, as "
               "papsim wrote them before results format 4 (ids now hash the platform's "
               "content); `papsim run` the golden's spec again to write it with today's "
               "ids\n",
               n.by_label);
    if (n.missing)
        printf("regress: %zu of the golden's %zu rows missing from %s%s\n", n.missing,
               gd.t.nrows, o.new_path,
               o.allow_missing ? " (accepted: --allow-missing)"
                               : ": a failure (--allow-missing accepts it)");
    status = (n.changed || (n.missing && !o.allow_missing) || (o.strict && n.added)) ? 1 : 0;
out:
    if (status == 2 && e.msg[0])
        papsim_cmd_bad_input("regress", "%s", e.msg);
    free_side(&nw);
    free_side(&gd);
    return status;
}
