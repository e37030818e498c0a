/* Bringing an existing results.csv in line before a sweep resumes it:
 * rows whose case id is keyed by the platform's path (papsim before results
 * format 4) take the id keyed by the platform's content, so they count as
 * done (of one platform named by two paths, the first copy stays); the
 * rows of a case that holds only some of its repetitions (a file cut short
 * by hand or by an older papsim) leave results.csv, so the case runs again
 * whole instead of writing a second row for a repetition; and the rows of
 * a case of the spec computed from other contents than its platform file
 * and pattern file hold now (a file edited since) leave results.csv, so
 * the case runs again and the report never takes an old row for a
 * repetition of the new one.
 *
 * No row is lost: the rows that leave results.csv are first appended to
 * DIR/results-superseded.csv (supersede below), written whole to a
 * temporary file, synced, renamed into place and the directory synced,
 * before results.csv is rewritten the same way (temporary file, sync,
 * rename). A kill before the first rename leaves both files as they were;
 * between the two renames, the rows are in both files (the next run finds
 * them again and appends them once more: results-superseded.csv may hold a
 * row twice, never a row lost); after the second, they are in
 * results-superseded.csv only. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results/results_csv.h"
#include "sweep/sweep.h"
#include "util/papsim_input.h"
#include "util/papsim_output.h"

/* The rows papsim takes out of results.csv are kept in DIR/NAME; one with
 * another header than results.csv's goes on in NAME-2, NAME-3, ... */
#define SUPERSEDED_STEM "results-superseded"
#define SUPERSEDED_MAX 100

/* Puts a file written through util/papsim_output.h in place (synced); on
 * failure path is as it was and the message says what to do. */
static int commit_file(papsim_output *f, papsim_err *e)
{
    if (papsim_output_commit(f, 0, e) == 0)
        return 0;
    size_t n = strlen(e->msg);
    snprintf(e->msg + n, sizeof e->msg - n, " (it is as it was; make room or fix the "
                                            "directory's permissions, then run again)");
    return -1;
}

/* Makes the renames in dir durable: the one into results-superseded.csv
 * must not be undone by a crash that keeps the later one into results.csv.
 * A file system that cannot sync a directory (EINVAL) is left as it is. */
static int sync_dir(const char *dir, papsim_err *e)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return papsim_fail(e, "%s: cannot open to sync: %s", dir, strerror(errno));
    int rc = fsync(fd) != 0 && errno != EINVAL ? -1 : 0;
    int err = errno;
    close(fd);
    return rc ? papsim_fail(e, "%s: cannot sync: %s", dir, strerror(err)) : 0;
}

/* Reads the whole file at path into *text (NUL-terminated, *len bytes).
 * Returns 0, 1 when there is no such file, or -1 with e. */
static int read_whole(const char *path, char **text, size_t *len, papsim_err *e)
{
    *text = NULL;
    *len = 0;
    struct stat st;
    if (lstat(path, &st) != 0 && errno == ENOENT)
        return 1;
    return papsim_input_read(path, &papsim_limits_table, text, len, e);
}

/* 1 if the first line of text (a UTF-8 byte order mark and a '\r' before
 * its newline left out, as every reader does) is header. */
static int has_header(const char *text, size_t len, const char *header)
{
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
        text += 3;
        len -= 3;
    }
    const char *nl = memchr(text, '\n', len);
    size_t n = nl ? (size_t)(nl - text) : len, h = strlen(header);
    if (n > 0 && text[n - 1] == '\r')
        n--;
    return n == h && !memcmp(text, header, h);
}

/* t's header line (its names joined by commas); NULL when out of memory. */
static char *header_of(const papsim_table *t)
{
    size_t len = 1;
    for (int c = 0; c < t->ncols; c++)
        len += strlen(t->names[c]) + 1;
    char *h = malloc(len);
    if (!h)
        return NULL;
    h[0] = '\0';
    for (int c = 0, at = 0; c < t->ncols; c++)
        at += sprintf(h + at, "%s%s", c ? "," : "", t->names[c]);
    return h;
}

/* Appends the rows of t that keep[] leaves out, exactly as they were, to
 * DIR/results-superseded.csv: created with t's header when absent, added
 * to when its header is t's; a file with another header (results.csv of
 * another format was there before) is left alone and the rows go on to
 * results-superseded-2.csv, -3, ... The file is rewritten whole through
 * a temporary file, synced and renamed, so it is always either the old file
 * or the new one. where gets the file's path. */
static int supersede(const char *dir, const papsim_table *t, const char *keep, char *where,
                     size_t cap, papsim_err *e)
{
    char *header = header_of(t), *old = NULL;
    papsim_output f;
    size_t len = 0;
    int found = -1;
    if (!header)
        return papsim_fail(e, "out of memory superseding rows of %s", t->path);
    for (int k = 1; k <= SUPERSEDED_MAX && found < 0; k++) {
        if (k == 1)
            snprintf(where, cap, "%s/%s.csv", dir, SUPERSEDED_STEM);
        else
            snprintf(where, cap, "%s/%s-%d.csv", dir, SUPERSEDED_STEM, k);
        found = read_whole(where, &old, &len, e);
        if (found < 0) {
            free(header);
            return -1;
        }
        if (found == 0 && !has_header(old, len, header)) {
            free(old);
            old = NULL;
            found = -1;
        }
    }
    if (found < 0) {
        free(header);
        return papsim_fail(e, "%s/%s*.csv: %d files of superseded rows, none with the header "
                              "of %s; move them out of %s, then run again (nothing was changed)",
                           dir, SUPERSEDED_STEM, SUPERSEDED_MAX, t->path, dir);
    }
    if (papsim_output_open(&f, where, PAPSIM_OUTPUT_REPLACE, e) != 0) {
        free(header);
        free(old);
        return -1;
    }
    if (old) { /* as it is, with a last line ended if someone cut it */
        fwrite(old, 1, len, f.f);
        if (len > 0 && old[len - 1] != '\n')
            fputc('\n', f.f);
    } else {
        fprintf(f.f, "%s\n", header);
    }
    free(header);
    free(old);
    for (size_t r = 0; r < t->nrows; r++)
        if (!keep[r])
            papsim_table_put_row(f.f, t->rows[r], t->ncols);
    if (commit_file(&f, e) != 0)
        return -1;
    return sync_dir(dir, e);
}

/* Writes the header and the rows of t (read from DIR/results.csv) that
 * keep[] says, with new_id[r] as case_id where given, to t->path through
 * a temporary file and a rename. The rows left out go to
 * results-superseded.csv first (supersede); moved_to gets its path, or ""
 * when no row is left out. */
static int rewrite(const char *dir, const papsim_table *t, const char *keep,
                   char (*new_id)[17], char *moved_to, size_t cap, papsim_err *e)
{
    papsim_output f;
    int id_col = papsim_table_column(t, "case_id"), out = 0;
    moved_to[0] = '\0';
    for (size_t r = 0; r < t->nrows; r++)
        out += !keep[r];
    if (out && supersede(dir, t, keep, moved_to, cap, e) != 0)
        return -1;
    if (papsim_output_open(&f, t->path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return -1;
    papsim_table_put_row(f.f, t->names, t->ncols);
    for (size_t r = 0; r < t->nrows; r++) {
        if (!keep[r])
            continue;
        for (int c = 0; c < t->ncols; c++)
            fprintf(f.f, "%s%s", c ? "," : "",
                    c == id_col && new_id && new_id[r][0] ? new_id[r] : t->rows[r][c]);
        fputc('\n', f.f);
    }
    return commit_file(&f, e);
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
    char path[4200], moved_to[4300];
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
        rc = rewrite(dir, &t, keep, new_id, moved_to, sizeof moved_to, e);
        if (rc == 0)
            fprintf(stderr, "papsim run: %s: %d row(s) written by an older papsim now carry case "
                            "ids keyed by their platform's content (results format 4)%s%s\n",
                    path, changed,
                    dropped ? "; rows of one platform named by two paths are kept once, the "
                              "second copies moved to " : "",
                    moved_to);
    }
out:
    free(new_id);
    free(keep);
    papsim_table_free(&t);
    return rc;
}

int sweep_results_drop_cases(const char *dir, const char *const *ids, int nids,
                             char *moved_to, size_t cap, int *moved, papsim_err *e)
{
    char path[4200];
    papsim_table t;
    moved_to[0] = '\0';
    *moved = 0;
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
        *moved += !keep[r];
    }
    rc = rewrite(dir, &t, keep, NULL, moved_to, cap, e);
    free(keep);
    papsim_table_free(&t);
    return rc;
}

/* A case of this phase with some but not all of its repetitions in
 * results.csv (a file cut short by hand, or an older papsim's) runs again
 * whole: its rows go first (to results-superseded.csv), so no repetition
 * gets a second row. r is reloaded when rows go. */
int sweep_results_drop_partial(const char *dir, const sweep_case *cases, int n, int relative,
                               sweep_results_index *r, papsim_err *e)
{
    const char **ids = malloc(((size_t)n + 1) * sizeof *ids);
    char moved_to[4300];
    int nids = 0, rc = 0, moved;
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
        sweep_results_index_free(r);
        rc = sweep_results_drop_cases(dir, ids, nids, moved_to, sizeof moved_to, &moved, e);
        if (rc == 0) {
            fprintf(stderr, "papsim run: %s/results.csv: %d case(s) held only some of their "
                            "repetitions: their %d row(s) are moved to %s and the cases run "
                            "again whole\n",
                    dir, nids, moved, moved_to);
            rc = sweep_results_index_load(dir, r, e);
        } else {
            memset(r, 0, sizeof *r); /* freed above: safe to free again */
        }
    }
    free(ids);
    return rc;
}

/* A case of the spec found by its match id (match_id): the row of another
 * content of its files has the case's fields, so this id, but another
 * case id. */
typedef struct {
    char match_id[17];
    const char *id;
} labelled_case;

static int compare_labelled(const void *pa, const void *pb)
{
    return strcmp(((const labelled_case *)pa)->match_id, ((const labelled_case *)pb)->match_id);
}

/* The id of c's fields with no content key (the platform by its label, a
 * file pattern by its path: papsim_case_label_id) and, for a relative
 * skew ("1.5x"), without its resolution: skew_s follows the no-delay
 * baseline, which an edited platform changes too, while the report takes
 * the rows of one skew text for one case. */
static void match_id(const papsim_case *c, char id[17])
{
    papsim_skew skew;
    if (papsim_parse_skew(c->skew, &skew, NULL) != 0 || skew.kind == PAPSIM_SKEW_ABSOLUTE) {
        papsim_case_label_id(c, id);
        return;
    }
    papsim_case k = *c;
    k.skew_s = 0;
    papsim_case_label_id(&k, id);
}

/* The cases of this phase whose id is keyed by content (a platform file,
 * a file pattern, a user algorithm's shared object) and known, sorted by
 * match id; NULL when out of memory. */
static labelled_case *keyed_cases(const sweep_case *cases, int n, int relative, int *count)
{
    labelled_case *v = malloc(((size_t)n + 1) * sizeof *v);
    *count = 0;
    if (!v)
        return NULL;
    for (int i = 0; i < n; i++) {
        const sweep_case *sc = &cases[i];
        if ((sc->skew.kind != PAPSIM_SKEW_ABSOLUTE) != relative || !sc->id[0] ||
            !(sc->c.platform_key[0] || sc->c.pattern_key[0] || sc->c.plugin_key[0]))
            continue;
        match_id(&sc->c, v[*count].match_id);
        v[(*count)++].id = sc->id;
    }
    qsort(v, (size_t)*count, sizeof *v, compare_labelled);
    return v;
}

/* Clears keep[r] for every row of t that one of the cases v would write,
 * by its fields, under another id: it was computed from other contents of
 * the case's platform or pattern file or by another build of its user
 * algorithm (or from another no-delay baseline, for a relative skew).
 * Returns the rows cleared; first[] gets the first one's platform, pattern
 * and algorithm columns. */
static int mark_stale(const papsim_table *t, const labelled_case *v, int nv, char *keep,
                      const char *first[3])
{
    int id_col = papsim_table_column(t, "case_id"), pat_col = papsim_table_column(t, "pattern");
    int plat_col = papsim_table_column(t, "platform");
    int alg_col = papsim_table_column(t, "algorithm");
    int marked = 0;
    for (size_t r = 0; r < t->nrows && pat_col >= 0 && plat_col >= 0 && alg_col >= 0; r++) {
        papsim_case c;
        labelled_case want;
        if (papsim_case_from_row(t, r, &c) != 0)
            continue; /* not a row papsim could have written for a case: kept */
        match_id(&c, want.match_id);
        const labelled_case *hit = bsearch(&want, v, (size_t)nv, sizeof *v, compare_labelled);
        if (!hit || !strcmp(hit->id, t->rows[r][id_col]))
            continue;
        keep[r] = 0;
        if (!marked++) {
            first[0] = t->rows[r][plat_col];
            first[1] = t->rows[r][pat_col];
            first[2] = t->rows[r][alg_col];
        }
    }
    return marked;
}

/* Moves the rows of v's cases whose id is not the case's to
 * results-superseded.csv: rows of another content of the platform or
 * pattern file or of another build of a user algorithm (an older papsim's
 * ids hash no pattern key and no plugin key, so its rows of file patterns
 * and user algorithms count as another content: it cannot be told). */
static int drop_stale_rows(const char *dir, const char *path, const labelled_case *v, int nv,
                           int *dropped, papsim_err *e)
{
    papsim_table t;
    const char *first[3] = {"", "", ""};
    char moved_to[4300];
    int rc = 0;
    if (papsim_results_load(path, &t, NULL, e) != 0)
        return -1;
    char *keep = malloc(t.nrows + 1);
    if (!keep) {
        papsim_table_free(&t);
        return papsim_fail(e, "out of memory reading %s", path);
    }
    memset(keep, 1, t.nrows + 1);
    *dropped = mark_stale(&t, v, nv, keep, first);
    if (*dropped)
        rc = rewrite(dir, &t, keep, NULL, moved_to, sizeof moved_to, e);
    if (*dropped && rc == 0)
        fprintf(stderr, "papsim run: %s: %d row(s) of the spec's cases no longer match their "
                        "case (a platform or pattern file edited since, a user algorithm's "
                        "shared object rebuilt since, another no-delay baseline for a relative "
                        "skew, or rows of a papsim before pattern keys or plugin keys; the first: "
                        "platform %s, pattern %s, algorithm %s): moved to %s, their cases run "
                        "again\n",
                path, *dropped, first[0], first[1], first[2], moved_to);
    free(keep);
    papsim_table_free(&t);
    return rc;
}

int sweep_results_drop_stale(const char *dir, const sweep_case *cases, int n, int relative,
                             int *dropped, papsim_err *e)
{
    char path[4200];
    int nv, rc = 0;
    labelled_case *v = keyed_cases(cases, n, relative, &nv);
    *dropped = 0;
    if (!v)
        return papsim_fail(e, "out of memory");
    snprintf(path, sizeof path, "%s/results.csv", dir);
    if (nv)
        rc = drop_stale_rows(dir, path, v, nv, dropped, e);
    free(v);
    return rc;
}
