/* papsim merge's library side: the shards of one sweep (papsim run --shard
 * I/N, or the array tasks of --slurm) combined into the results.csv a local
 * run of the whole spec writes, in the spec's case order (sweep_merge.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "results/results_csv.h"
#include "smpi/provenance.h"
#include "sweep/sweep.h"
#include "sweep/sweep_merge.h"
#include "util/papsim_error.h"
#include "util/papsim_fs.h"

static int compare_ids(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Counts the cases of a shard's case order that its results table has no
 * row of, and names them on stderr (the first few). */
static int count_missing(const char *dir, const sweep_order *o, const papsim_table *t,
                         int *missing, papsim_err *e)
{
    int id_col = papsim_table_column(t, "case_id"), n = 0;
    const char **ids = malloc((t->nrows ? t->nrows : 1) * sizeof *ids);
    if (!ids)
        return papsim_fail(e, "%s: out of memory for %zu rows", t->path, t->nrows);
    for (size_t r = 0; r < t->nrows; r++)
        ids[r] = t->rows[r][id_col];
    qsort(ids, t->nrows, sizeof *ids, compare_ids);
    for (int i = 0; i < o->n; i++) {
        const char *id = o->v[i].id;
        if (bsearch(&id, ids, t->nrows, sizeof *ids, compare_ids))
            continue;
        if (n++ < 5)
            papsim_print_note("papsim merge", "%s: case %s (case %d of the spec) has no row in %s",
                    dir, id, o->v[i].index + 1, t->path);
    }
    if (n > 5)
        papsim_print_note("papsim merge", "%s: ... %d cases in all", dir, n);
    free(ids);
    *missing += n;
    return 0;
}

/* Loads every shard's case order into one and checks that the shards
 * are 1..N of one sweep, each once; *missing counts the cases a shard's
 * order lists and its results lack. */
static int load_orders(char **dirs, int n, const papsim_table *tables, sweep_order *all,
                       int *missing, papsim_err *e)
{
    unsigned char *seen = NULL;
    int rc = -1;
    for (int k = 0; k < n; k++) {
        sweep_order o = {0};
        if (sweep_order_load(dirs[k], &o, e) != 0) {
            sweep_order_free(&o);
            goto out;
        }
        if (k == 0) {
            all->nshards = o.nshards;
            all->ncases = o.ncases;
            seen = calloc((size_t)o.nshards + 1, 1);
            if (!seen) {
                sweep_order_free(&o);
                papsim_fail(e, "out of memory");
                goto out;
            }
        }
        int bad = o.nshards != all->nshards || o.ncases != all->ncases;
        if (bad || seen[o.shard]) {
            papsim_fail(e, "%s: shard %d/%d of %d cases %s", dirs[k], o.shard, o.nshards,
                        o.ncases, bad ? "belongs to another sweep than the first directory's"
                                      : "is given twice");
            sweep_order_free(&o);
            goto out;
        }
        seen[o.shard] = 1;
        if (count_missing(dirs[k], &o, &tables[k], missing, e) != 0) {
            sweep_order_free(&o);
            goto out;
        }
        for (int i = 0; i < o.n; i++)
            if (sweep_order_add(all, o.v[i].id, o.v[i].index, e) != 0) {
                sweep_order_free(&o);
                goto out;
            }
        sweep_order_free(&o);
    }
    for (int s = 1; s <= all->nshards; s++)
        if (!seen[s]) {
            papsim_fail(e, "shard %d of %d is missing (%d of %d directories given)", s,
                        all->nshards, n, all->nshards);
            goto out;
        }
    sweep_order_finish(all);
    rc = 0;
out:
    free(seen);
    return rc;
}

/* Reads every shard's results.csv through the checking reader; the merged
 * table must be one papsim run can resume, so a header of fewer columns
 * (made by hand) is refused here. */
static int load_tables(char **dirs, int n, papsim_table *tables, papsim_err *e)
{
    int first = 0;
    for (int k = 0; k < n; k++) {
        char path[4200];
        int format = 0;
        snprintf(path, sizeof path, "%s/results.csv", dirs[k]);
        if (papsim_results_load(path, &tables[k], &format, e) != 0)
            return -1;
        if (format == 0)
            return papsim_fail(e, "%s:%ld: the header is not one papsim run writes (%s); "
                                  "merge only the results of papsim run",
                               path, tables[k].header_line, papsim_results_header());
        if (k == 0)
            first = format;
        else if (format != first)
            return papsim_fail(e, "%s:%ld: results format %d, %s has format %d (written by "
                                  "another papsim version?); merge shards of one run",
                               path, tables[k].header_line, format, tables[0].path, first);
    }
    return 0;
}

int sweep_merge(const char *out, char **dirs, int ndirs, int allow_missing,
                sweep_merge_stats *st, papsim_err *e)
{
    sweep_order order = {0};
    papsim_table *tables = NULL;
    char path[4200];
    struct stat sb;
    int rc = -1;
    st->rows = 0;
    st->missing = 0;
    snprintf(path, sizeof path, "%s/results.csv", out);
    if (stat(path, &sb) == 0)
        return papsim_fail(e, "%s exists; remove it or choose another OUT", path);
    tables = calloc((size_t)ndirs, sizeof *tables);
    if (!tables)
        return papsim_fail(e, "out of memory");
    if (load_tables(dirs, ndirs, tables, e) != 0 ||
        load_orders(dirs, ndirs, tables, &order, &st->missing, e) != 0)
        goto out;
    if (st->missing && !allow_missing) {
        papsim_fail(e, "%d case%s of the shards' case lists %s no row in their results.csv "
                       "(named above), so nothing was merged; run those shards again "
                       "(papsim run SPEC --shard I/N --out SHARD_DIR runs only what is "
                       "missing), or pass --allow-missing to merge without them",
                    st->missing, st->missing == 1 ? "" : "s", st->missing == 1 ? "has" : "have");
        goto out;
    }
    if (papsim_mkdir_p(out, e) != 0) {
        papsim_fail_prefix(e, "OUT: ");
        goto out;
    }
    if (sweep_write_sorted(path, tables, ndirs, &order, e) != 0)
        goto out;
    order.shard = order.nshards = 1;
    if (sweep_order_save(out, &order, e) != 0)
        goto out;
    for (int k = 0; k < ndirs; k++) /* the shards' provenance records, in order */
        if (papsim_provenance_copy_records(out, dirs[k], e) != 0)
            goto out;
    for (int k = 0; k < ndirs; k++)
        st->rows += tables[k].nrows;
    rc = 0;
out:
    for (int k = 0; tables && k < ndirs; k++)
        papsim_table_free(&tables[k]);
    free(tables);
    sweep_order_free(&order);
    return rc;
}
