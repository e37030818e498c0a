/* Bringing an existing results.csv in line before a sweep resumes it:
 * rows whose case id is keyed by the platform's path (papsim before results
 * format 4) take the id keyed by the platform's content, so they count as
 * done; the rows of a case that holds only some of its repetitions (a
 * file cut short by hand or by an older papsim) are dropped, so the case
 * runs again whole instead of writing a second row for a repetition; and
 * the rows of a file-pattern case computed from other delays than the file
 * holds now are dropped, so the case runs again. The file is rewritten
 * through a temporary file and a rename: a kill leaves it as it was before
 * or after, never half done. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/results_csv.h"
#include "sweep/sweep.h"

/* Writes the header and the rows of t that keep[] says, with new_id[r] as
 * case_id where given, to path (through path.tmp). */
static int rewrite(const char *path, const papsim_table *t, const char *keep,
                   char (*new_id)[17], papsim_err *e)
{
    char tmp[4300];
    int id_col = papsim_table_column(t, "case_id");
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return papsim_fail(e, "%s: cannot create: %s", tmp, strerror(errno));
    for (int c = 0; c < t->ncols; c++)
        fprintf(f, "%s%s", c ? "," : "", t->names[c]);
    fputc('\n', f);
    for (size_t r = 0; r < t->nrows; r++) {
        if (!keep[r])
            continue;
        for (int c = 0; c < t->ncols; c++)
            fprintf(f, "%s%s", c ? "," : "",
                    c == id_col && new_id && new_id[r][0] ? new_id[r] : t->rows[r][c]);
        fputc('\n', f);
    }
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        int err = errno;
        unlink(tmp);
        return papsim_fail(e, "%s: cannot rewrite: %s", path, strerror(err));
    }
    return 0;
}

/* The content key of the spec's platform labelled label, or NULL. */
static const char *key_of_label(const sweep_case *cases, int n, const char *label)
{
    for (int i = 0; i < n; i++)
        if (cases[i].c.platform_key[0] && !strcmp(cases[i].c.platform, label))
            return cases[i].c.platform_key;
    return NULL;
}

typedef struct {
    const char *id, *rep;
    size_t row;
} id_rep;

static int compare_id_rep(const void *pa, const void *pb)
{
    const id_rep *a = pa, *b = pb;
    int c = strcmp(a->id, b->id);
    if (!c)
        c = strcmp(a->rep, b->rep);
    return c ? c : (a->row > b->row) - (a->row < b->row);
}

/* Keeps the first row of every (id, rep): two labels of one platform (two
 * path-keyed ids) become one content-keyed case. Returns the rows dropped. */
static int drop_repeats(const papsim_table *t, char *keep, char (*new_id)[17])
{
    int id_col = papsim_table_column(t, "case_id"), rep_col = papsim_table_column(t, "rep");
    id_rep *v = malloc((t->nrows + 1) * sizeof *v);
    int dropped = 0;
    if (!v)
        return -1;
    for (size_t r = 0; r < t->nrows; r++)
        v[r] = (id_rep){new_id[r][0] ? new_id[r] : t->rows[r][id_col], t->rows[r][rep_col], r};
    qsort(v, t->nrows, sizeof *v, compare_id_rep);
    for (size_t i = 1; i < t->nrows; i++)
        if (!strcmp(v[i].id, v[i - 1].id) && !strcmp(v[i].rep, v[i - 1].rep)) {
            keep[v[i].row] = 0;
            dropped++;
        }
    free(v);
    return dropped;
}

int sweep_results_migrate_ids(const char *dir, const sweep_case *cases, int n, papsim_err *e)
{
    char path[4200];
    papsim_table t;
    snprintf(path, sizeof path, "%s/results.csv", dir);
    if (papsim_results_load(path, &t, NULL, e) != 0)
        return -1;
    int id_col = papsim_table_column(&t, "case_id"), changed = 0, rc = 0;
    char(*new_id)[17] = calloc(t.nrows + 1, sizeof *new_id);
    char *keep = malloc(t.nrows + 1);
    if (!new_id || !keep) {
        rc = papsim_fail(e, "out of memory reading %s", path);
        goto out;
    }
    memset(keep, 1, t.nrows + 1);
    for (size_t r = 0; r < t.nrows; r++) {
        papsim_case c;
        char id[17];
        if (papsim_case_from_row(&t, r, &c) != 0 || !strncmp(c.pattern, "file:", 5))
            continue; /* a file pattern's content then is unknown: sweep_results_drop_stale */
        const char *key = key_of_label(cases, n, c.platform);
        papsim_case_label_id(&c, id);
        if (!key || strcmp(id, t.rows[r][id_col]) != 0)
            continue; /* keyed by content already, or by a platform the spec does not name */
        memcpy(c.platform_key, key, sizeof c.platform_key);
        papsim_case_id(&c, new_id[r]);
        changed++;
    }
    if (changed) {
        int dropped = drop_repeats(&t, keep, new_id);
        if (dropped < 0) {
            rc = papsim_fail(e, "out of memory reading %s", path);
            goto out;
        }
        rc = rewrite(path, &t, keep, new_id, e);
        if (rc == 0)
            fprintf(stderr, "papsim run: %s: %d row(s) written by an older papsim now carry case "
                            "ids keyed by their platform's content (results format 4)%s\n",
                    path, changed, dropped ? "; rows of one platform named by two paths are "
                                             "kept once" : "");
    }
out:
    free(new_id);
    free(keep);
    papsim_table_free(&t);
    return rc;
}

int sweep_results_drop_cases(const char *dir, const char *const *ids, int nids, papsim_err *e)
{
    char path[4200];
    papsim_table t;
    if (nids == 0)
        return 0;
    snprintf(path, sizeof path, "%s/results.csv", dir);
    if (papsim_results_load(path, &t, NULL, e) != 0)
        return -1;
    int id_col = papsim_table_column(&t, "case_id"), rc;
    char *keep = malloc(t.nrows + 1);
    if (!keep) {
        papsim_table_free(&t);
        return papsim_fail(e, "out of memory reading %s", path);
    }
    for (size_t r = 0; r < t.nrows; r++) {
        keep[r] = 1;
        for (int i = 0; i < nids && keep[r]; i++)
            keep[r] = strcmp(t.rows[r][id_col], ids[i]) != 0;
    }
    rc = rewrite(path, &t, keep, NULL, e);
    free(keep);
    papsim_table_free(&t);
    return rc;
}

/* A case of this phase with some but not all of its repetitions in
 * results.csv (a file cut short by hand, or an older papsim's) runs again
 * whole: its rows go first, so no repetition gets a second row. r is
 * reloaded when rows go. */
int sweep_results_drop_partial(const char *dir, const sweep_case *cases, int n, int relative,
                               sweep_results_index *r, papsim_err *e)
{
    const char **ids = malloc(((size_t)n + 1) * sizeof *ids);
    int nids = 0, rc = 0;
    if (!ids)
        return papsim_fail(e, "out of memory");
    for (int i = 0; i < n; i++) {
        const sweep_case *sc = &cases[i];
        int timed_out, rows;
        if ((sc->skew.kind != PAPSIM_SKEW_ABSOLUTE) != relative || sc->unsupported || !sc->id[0])
            continue;
        rows = sweep_results_rows_of(r, sc->id, NULL, &timed_out);
        if (rows > 0 && rows < sc->c.reps && !timed_out)
            ids[nids++] = sc->id;
    }
    if (nids) {
        fprintf(stderr, "papsim run: %d case(s) hold only some of their repetitions in "
                        "results.csv: their rows are dropped and they run again whole\n", nids);
        sweep_results_index_free(r);
        rc = sweep_results_drop_cases(dir, ids, nids, e);
        if (rc == 0)
            rc = sweep_results_index_load(dir, r, e);
        else
            memset(r, 0, sizeof *r); /* freed above: safe to free again */
    }
    free(ids);
    return rc;
}

/* A file-pattern case of the spec found by its label id: the id of its
 * fields with the platform's label and the pattern's path (no keys). */
typedef struct {
    char label_id[17];
    const char *id;
} labelled_case;

static int compare_labelled(const void *pa, const void *pb)
{
    return strcmp(((const labelled_case *)pa)->label_id, ((const labelled_case *)pb)->label_id);
}

/* The cases of this phase with a keyed file pattern and an id, sorted by
 * label id; NULL when out of memory. */
static labelled_case *file_cases(const sweep_case *cases, int n, int relative, int *count)
{
    labelled_case *v = malloc(((size_t)n + 1) * sizeof *v);
    *count = 0;
    if (!v)
        return NULL;
    for (int i = 0; i < n; i++) {
        const sweep_case *sc = &cases[i];
        if ((sc->skew.kind != PAPSIM_SKEW_ABSOLUTE) != relative || !sc->id[0] ||
            !sc->c.pattern_key[0])
            continue;
        papsim_case_label_id(&sc->c, v[*count].label_id);
        v[(*count)++].id = sc->id;
    }
    qsort(v, (size_t)*count, sizeof *v, compare_labelled);
    return v;
}

/* Clears keep[r] for every row of t that one of the cases v would write,
 * by its fields, under another id: its delays were not the ones the
 * pattern file holds now. Returns the rows cleared; *first gets the
 * pattern of the first. */
static int mark_stale(const papsim_table *t, const labelled_case *v, int nv, char *keep,
                      const char **first)
{
    int id_col = papsim_table_column(t, "case_id"), pat_col = papsim_table_column(t, "pattern");
    int marked = 0;
    for (size_t r = 0; r < t->nrows && pat_col >= 0; r++) {
        papsim_case c;
        labelled_case want;
        if (strncmp(t->rows[r][pat_col], "file:", 5) || papsim_case_from_row(t, r, &c) != 0)
            continue;
        papsim_case_label_id(&c, want.label_id);
        const labelled_case *hit = bsearch(&want, v, (size_t)nv, sizeof *v, compare_labelled);
        if (!hit || !strcmp(hit->id, t->rows[r][id_col]))
            continue;
        keep[r] = 0;
        if (!marked++)
            *first = t->rows[r][pat_col];
    }
    return marked;
}

/* Drops the rows of v's cases whose id is not the case's: rows of another
 * content of the pattern file (an older papsim's ids hash no pattern key,
 * so they count as another content: it cannot be told). */
static int drop_stale_rows(const char *path, const labelled_case *v, int nv, int *dropped,
                           papsim_err *e)
{
    papsim_table t;
    const char *first = "";
    int rc = 0;
    if (papsim_results_load(path, &t, NULL, e) != 0)
        return -1;
    char *keep = malloc(t.nrows + 1);
    if (!keep) {
        papsim_table_free(&t);
        return papsim_fail(e, "out of memory reading %s", path);
    }
    memset(keep, 1, t.nrows + 1);
    *dropped = mark_stale(&t, v, nv, keep, &first);
    if (*dropped)
        rc = rewrite(path, &t, keep, NULL, e);
    if (*dropped && rc == 0)
        fprintf(stderr, "papsim run: %s: %d row(s) of file-pattern cases were not computed from "
                        "the delays their pattern file holds now (%s was edited since, or a "
                        "papsim before pattern keys wrote them): they are dropped and their cases "
                        "run again\n",
                path, *dropped, first);
    free(keep);
    papsim_table_free(&t);
    return rc;
}

int sweep_results_drop_stale(const char *dir, const sweep_case *cases, int n, int relative,
                             int *dropped, papsim_err *e)
{
    char path[4200];
    int nv, rc = 0;
    labelled_case *v = file_cases(cases, n, relative, &nv);
    *dropped = 0;
    if (!v)
        return papsim_fail(e, "out of memory");
    snprintf(path, sizeof path, "%s/results.csv", dir);
    if (nv)
        rc = drop_stale_rows(path, v, nv, dropped, e);
    free(v);
    return rc;
}
