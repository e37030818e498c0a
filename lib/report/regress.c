/* papsim regress's comparison of a new results table with a golden one
 * (regress.h). */
#include "report/regress.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cases/case.h"
#include "plugin.h"
#include "results/results_csv.h"

static const char *const fixed_columns[PAPSIM_RG_COUNT] = {
    "case_id", "rep", "status", "collective", "algorithm", "np", "bytes", "pattern", "skew",
};

static int compare_keys(const void *pa, const void *pb)
{
    const papsim_regress_key *a = pa, *b = pb;
    int c = strcmp(a->case_id, b->case_id);
    return c ? c : strcmp(a->rep, b->rep);
}

/* Sorts the keys for lookups; papsim_results_load has refused a second row
 * of one (case_id, rep) already. */
static int index_rows(papsim_regress_side *s, papsim_err *e)
{
    const papsim_table *t = &s->t;
    s->keys = malloc((t->nrows ? t->nrows : 1) * sizeof *s->keys);
    if (!s->keys)
        return papsim_fail(e, "%s: out of memory for %zu rows", t->path, t->nrows);
    for (size_t r = 0; r < t->nrows; r++)
        s->keys[r] = (papsim_regress_key){t->rows[r][s->col[PAPSIM_RG_CASE_ID]], t->rows[r][s->col[PAPSIM_RG_REP]], r};
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
        s->label_keys[r] = (papsim_regress_key){s->label_id[r], t->rows[r][s->col[PAPSIM_RG_REP]], r};
    }
    qsort(s->label_keys, t->nrows, sizeof *s->label_keys, compare_keys);
    return 0;
}

static int load_side(const char *path, const papsim_regress_options *o, papsim_regress_side *s,
                     papsim_err *e)
{
    if (papsim_results_load(path, &s->t, NULL, e) != 0 ||
        papsim_table_require(&s->t, fixed_columns, PAPSIM_RG_COUNT, s->col, e) != 0 ||
        papsim_table_require(&s->t, o->metrics, o->nmetrics, s->metric_col, e) != 0)
        return -1;
    s->params_col = papsim_table_column(&s->t, "params");
    return index_rows(s, e);
}

static void free_side(papsim_regress_side *s)
{
    free(s->keys);
    free(s->label_id);
    free(s->label_keys);
    papsim_table_free(&s->t);
}

static const papsim_regress_key *find_row(const papsim_regress_side *s, const papsim_regress_key *key)
{
    return bsearch(key, s->keys, s->t.nrows, sizeof *s->keys, compare_keys);
}

/* Row r of `from` in `in`: by its case_id; else, when one of the two rows
 * has an id keyed by the platform's path (papsim before results format 4)
 * and the other by its content, by the path-keyed id of both (*by_label
 * set); else, for a user algorithm (user:NAME), whose id hashes its build,
 * by the path-keyed ids of both: another build of one case is what a gate
 * compares. NULL when none matches. */
static const papsim_regress_key *match_row(const papsim_regress_side *from, size_t r,
                                           const papsim_regress_side *in, int *by_label)
{
    papsim_regress_key key = {from->t.rows[r][from->col[PAPSIM_RG_CASE_ID]],
                              from->t.rows[r][from->col[PAPSIM_RG_REP]], r};
    const papsim_regress_key *hit = find_row(in, &key);
    *by_label = 0;
    if (hit)
        return hit;
    hit = bsearch(&key, in->label_keys, in->t.nrows, sizeof *in->label_keys, compare_keys);
    if (!hit && from->label_id[r][0]) {
        key.case_id = from->label_id[r];
        hit = find_row(in, &key);
    }
    *by_label = hit != NULL;
    if (!hit && from->label_id[r][0] &&
        papsim_is_user_algorithm(from->t.rows[r][from->col[PAPSIM_RG_ALGORITHM]])) {
        key.case_id = from->label_id[r];
        hit = bsearch(&key, in->label_keys, in->t.nrows, sizeof *in->label_keys, compare_keys);
    }
    return hit;
}

/* "allreduce/ring np=16 bytes=1024 pattern=ascending skew=100us rep=0" */
static void describe_row(const papsim_regress_side *s, size_t r, char *buf, size_t len)
{
    char **f = s->t.rows[r];
    const int *c = s->col;
    snprintf(buf, len, "%s/%s np=%s bytes=%s pattern=%s skew=%s rep=%s", f[c[PAPSIM_RG_COLLECTIVE]],
             f[c[PAPSIM_RG_ALGORITHM]], f[c[PAPSIM_RG_NP]], f[c[PAPSIM_RG_BYTES]], f[c[PAPSIM_RG_PATTERN]], f[c[PAPSIM_RG_SKEW]],
             f[c[PAPSIM_RG_REP]]);
}

/* An empty field (unsupported case) counts as "no value". */
static int parse_value(const papsim_regress_side *s, size_t r, int col, int *present, double *v,
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

static void print_change(FILE *out, const char *what, const char *metric, const char *golden,
                         const char *new_text, double g, double n)
{
    fprintf(out, "changed: %s: %s golden %s new %s", what, metric, golden[0] ? golden : "(empty)",
           new_text[0] ? new_text : "(empty)");
    if (golden[0] && new_text[0] && g != 0 && isfinite(g) && isfinite(n))
        fprintf(out, " (%+.3g%%)\n", 100.0 * (n - g) / fabs(g));
    else
        fputc('\n', out);
}

/* Compares one metric; returns 1 if it changed beyond tolerance, 0 if not,
 * -1 on an unparsable value. Identical text is always equal. */
static int compare_metric(const papsim_regress_options *o, const papsim_regress_side *nw, size_t nr,
                          const papsim_regress_side *gd, size_t gr, int m, const char *what,
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
        print_change(o->out, what, o->metrics[m], gt, nt, g, n);
    return changed;
}

/* Compares a row present in both files; returns 1 if anything changed. */
static int compare_row(const papsim_regress_options *o, const papsim_regress_side *nw, size_t nr,
                       const papsim_regress_side *gd, size_t gr, papsim_err *e)
{
    char what[1024];
    describe_row(gd, gr, what, sizeof what);
    const char *ns = nw->t.rows[nr][nw->col[PAPSIM_RG_STATUS]], *gs = gd->t.rows[gr][gd->col[PAPSIM_RG_STATUS]];
    if (strcmp(ns, gs) != 0) {
        fprintf(o->out, "status changed: %s: golden %s, new %s\n", what, gs, ns);
        return 1;
    }
    /* The knobs are compared only when both tables have them: a golden file
     * written before the params column stays a valid golden file. */
    if (nw->params_col >= 0 && gd->params_col >= 0) {
        const char *np = nw->t.rows[nr][nw->params_col], *gp = gd->t.rows[gr][gd->params_col];
        if (strcmp(np, gp) != 0) {
            fprintf(o->out, "params changed: %s: golden '%s', new '%s'\n", what, gp, np);
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
static int compare_golden_rows(const papsim_regress_options *o, const papsim_regress_side *nw,
                               const papsim_regress_side *gd, papsim_regress_counts *n, papsim_err *e)
{
    char what[1024];
    for (size_t gr = 0; gr < gd->t.nrows; gr++) {
        int by_label;
        const papsim_regress_key *hit = match_row(gd, gr, nw, &by_label);
        if (!hit) {
            describe_row(gd, gr, what, sizeof what);
            fprintf(o->out, "missing: %s (case %s, %s:%ld): not in %s\n", what,
                    gd->t.rows[gr][gd->col[PAPSIM_RG_CASE_ID]], gd->t.path, gd->t.lines[gr],
                    nw->t.path);
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

static void list_new_rows(FILE *out, const papsim_regress_side *nw, const papsim_regress_side *gd, papsim_regress_counts *n)
{
    char what[1024];
    for (size_t nr = 0; nr < nw->t.nrows; nr++) {
        int by_label;
        if (match_row(nw, nr, gd, &by_label))
            continue;
        describe_row(nw, nr, what, sizeof what);
        fprintf(out, "new case (not in golden): %s (case %s, %s:%ld)\n", what,
                nw->t.rows[nr][nw->col[PAPSIM_RG_CASE_ID]], nw->t.path, nw->t.lines[nr]);
        n->added++;
    }
}

int papsim_regress_load(const papsim_regress_options *o, papsim_regress *r, papsim_err *e)
{
    if (load_side(o->new_path, o, &r->nw, e) != 0 || load_side(o->golden_path, o, &r->gd, e) != 0)
        return -1;
    if (r->gd.t.nrows == 0)
        return papsim_fail(e, "%s: the golden table has 0 rows (only a header), so any result "
                              "would pass; make it again from a run you trust",
                           o->golden_path);
    return 0;
}

int papsim_regress_compare(const papsim_regress_options *o, const papsim_regress *r,
                           papsim_regress_counts *n, papsim_err *e)
{
    if (compare_golden_rows(o, &r->nw, &r->gd, n, e) != 0)
        return -1;
    list_new_rows(o->out, &r->nw, &r->gd, n);
    return 0;
}

void papsim_regress_free(papsim_regress *r)
{
    free_side(&r->nw);
    free_side(&r->gd);
}
