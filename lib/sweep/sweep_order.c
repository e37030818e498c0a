/* The order of results.csv and the case-order file that carries it between
 * a sharded run and papsim merge (see sweep.h). Sorting by the spec's
 * expansion makes a finished sweep's results.csv one deterministic file,
 * whatever --jobs, batching, resuming or sharding did to the write order. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sweep/sweep.h"
#include "util/papsim_input.h"
#include "util/papsim_output.h"

int sweep_order_add(sweep_order *o, const char *id, int index, papsim_err *e)
{
    if (o->n == o->cap) {
        int cap = o->cap ? 2 * o->cap : 1024;
        sweep_order_entry *v = realloc(o->v, (size_t)cap * sizeof *v);
        if (!v)
            return papsim_fail(e, "out of memory for the case order (%d cases)", cap);
        o->v = v;
        o->cap = cap;
    }
    snprintf(o->v[o->n].id, sizeof o->v[o->n].id, "%s", id);
    o->v[o->n++].index = index;
    return 0;
}

int sweep_order_from_cases(const sweep_case *cases, int n, sweep_order *o, papsim_err *e)
{
    for (int i = 0; i < n; i++)
        if (cases[i].id[0] && sweep_order_add(o, cases[i].id, cases[i].index, e) != 0)
            return -1;
    return 0;
}

static int compare_entries(const void *pa, const void *pb)
{
    const sweep_order_entry *a = pa, *b = pb;
    int c = strcmp(a->id, b->id);
    return c ? c : (a->index > b->index) - (a->index < b->index);
}

void sweep_order_finish(sweep_order *o)
{
    qsort(o->v, (size_t)o->n, sizeof *o->v, compare_entries);
    int kept = 0;
    for (int i = 0; i < o->n; i++)
        if (kept == 0 || strcmp(o->v[kept - 1].id, o->v[i].id) != 0)
            o->v[kept++] = o->v[i];
    o->n = kept;
}

void sweep_order_free(sweep_order *o)
{
    free(o->v);
    memset(o, 0, sizeof *o);
}

/* The index of id, or INT_MAX when the case is not in the order. */
static int order_index(const sweep_order *o, const char *id)
{
    int lo = 0, hi = o->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2, c = strcmp(o->v[mid].id, id);
        if (c == 0)
            return o->v[mid].index;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return INT_MAX;
}

int sweep_order_save(const char *dir, const sweep_order *o, papsim_err *e)
{
    char path[4200];
    papsim_output f; /* DIR's own file (util/papsim_output.h) */
    snprintf(path, sizeof path, "%s/case_order.csv", dir);
    if (papsim_output_open(&f, path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return -1;
    fprintf(f.f, "# papsim case order: shard %d/%d, %d cases\nindex,case_id\n", o->shard,
            o->nshards, o->ncases);
    for (int i = 0; i < o->n; i++)
        fprintf(f.f, "%d,%s\n", o->v[i].index, o->v[i].id);
    return papsim_output_commit(&f, 0, e);
}

int sweep_order_load(const char *dir, sweep_order *o, papsim_err *e)
{
    char path[4200], first[256] = "";
    papsim_table t;
    int col[2], rc = -1;
    static const char *const names[2] = {"index", "case_id"};
    snprintf(path, sizeof path, "%s/case_order.csv", dir);
    papsim_input in;
    char *line;
    size_t len;
    if (papsim_input_open(&in, path, &papsim_limits_table, e) != 0)
        return papsim_fail_prefix(e, "not the output of papsim run: ");
    int got = papsim_input_getline(&in, &line, &len, e);
    if (got == 1)
        snprintf(first, sizeof first, "%s", line);
    papsim_input_close(&in);
    if (got < 0)
        return -1;
    if (got == 0 || sscanf(first, "# papsim case order: shard %d/%d, %d cases", &o->shard,
                       &o->nshards, &o->ncases) != 3)
        return papsim_fail(e, "%s:1: not a papsim case order (first line '%.60s')", path, first);
    if (papsim_table_load(path, &t, e) != 0)
        return -1;
    if (papsim_table_require(&t, names, 2, col, e) != 0)
        goto out;
    for (size_t r = 0; r < t.nrows; r++) {
        char *end;
        long index = strtol(t.rows[r][col[0]], &end, 10);
        if (*end || index < 0 || index >= o->ncases || strlen(t.rows[r][col[1]]) != 16) {
            papsim_fail(e, "%s:%ld: bad row '%s,%s'", path, t.lines[r], t.rows[r][col[0]],
                        t.rows[r][col[1]]);
            goto out;
        }
        if (sweep_order_add(o, t.rows[r][col[1]], (int)index, e) != 0)
            goto out;
    }
    rc = 0;
out:
    papsim_table_free(&t);
    return rc;
}

/* One row of one table, with its sort key. */
typedef struct {
    int index, table;
    long rep;
    size_t row;
} row_ref;

static int compare_refs(const void *pa, const void *pb)
{
    const row_ref *a = pa, *b = pb;
    if (a->index != b->index)
        return a->index < b->index ? -1 : 1;
    if (a->index == INT_MAX) /* unknown cases: input order */
        return a->table != b->table ? a->table - b->table : (a->row > b->row) - (a->row < b->row);
    if (a->rep != b->rep)
        return a->rep < b->rep ? -1 : 1;
    return a->table != b->table ? a->table - b->table : (a->row > b->row) - (a->row < b->row);
}

static int same_columns(const papsim_table *a, const papsim_table *b)
{
    if (a->ncols != b->ncols)
        return 0;
    for (int c = 0; c < a->ncols; c++)
        if (strcmp(a->names[c], b->names[c]) != 0)
            return 0;
    return 1;
}

static int rows_equal(const papsim_table *ta, size_t ra, const papsim_table *tb, size_t rb)
{
    for (int c = 0; c < ta->ncols; c++)
        if (strcmp(ta->rows[ra][c], tb->rows[rb][c]) != 0)
            return 0;
    return 1;
}

/* Collects every row with its key; a duplicate (case_id, rep) is dropped
 * when equal to the first and refused when not. */
static int collect_refs(const papsim_table *tables, int n, const sweep_order *o, int id_col,
                        int rep_col, row_ref **out, size_t *nout, papsim_err *e)
{
    size_t total = 0, kept = 0;
    for (int k = 0; k < n; k++)
        total += tables[k].nrows;
    row_ref *refs = malloc((total ? total : 1) * sizeof *refs);
    if (!refs)
        return papsim_fail(e, "out of memory for %zu rows", total);
    for (int k = 0; k < n; k++)
        for (size_t r = 0; r < tables[k].nrows; r++)
            refs[kept++] = (row_ref){order_index(o, tables[k].rows[r][id_col]), k,
                                     strtol(tables[k].rows[r][rep_col], NULL, 10), r};
    qsort(refs, kept, sizeof *refs, compare_refs);
    size_t w = 0;
    for (size_t i = 0; i < kept; i++) {
        const row_ref *a = w ? &refs[w - 1] : NULL, *b = &refs[i];
        const papsim_table *ta = a ? &tables[a->table] : NULL, *tb = &tables[b->table];
        if (a && a->rep == b->rep &&
            !strcmp(ta->rows[a->row][id_col], tb->rows[b->row][id_col])) {
            if (rows_equal(ta, a->row, tb, b->row))
                continue;
            papsim_fail(e, "case %s rep %ld differs between %s:%ld and %s:%ld",
                        tb->rows[b->row][id_col], b->rep, ta->path, ta->lines[a->row], tb->path,
                        tb->lines[b->row]);
            free(refs);
            return -1;
        }
        refs[w++] = *b;
    }
    *out = refs;
    *nout = w;
    return 0;
}

int sweep_write_sorted(const char *out_path, const papsim_table *tables, int n,
                       const sweep_order *o, papsim_err *e)
{
    papsim_output f;
    row_ref *refs = NULL;
    size_t nrefs = 0;
    int id_col = papsim_table_column(&tables[0], "case_id");
    int rep_col = papsim_table_column(&tables[0], "rep");
    if (id_col < 0 || rep_col < 0)
        return papsim_fail(e, "%s: not a results table (no case_id or rep column)", tables[0].path);
    for (int k = 1; k < n; k++)
        if (!same_columns(&tables[0], &tables[k]))
            return papsim_fail(e, "%s: columns differ from %s's (written by another papsim "
                                  "version?)",
                               tables[k].path, tables[0].path);
    if (collect_refs(tables, n, o, id_col, rep_col, &refs, &nrefs, e) != 0)
        return -1;
    if (papsim_output_open(&f, out_path, PAPSIM_OUTPUT_REPLACE, e) != 0) {
        free(refs);
        return -1;
    }
    papsim_table_put_row(f.f, tables[0].names, tables[0].ncols);
    for (size_t i = 0; i < nrefs; i++)
        papsim_table_put_row(f.f, tables[refs[i].table].rows[refs[i].row], tables[0].ncols);
    free(refs);
    return papsim_output_commit(&f, 0, e);
}
