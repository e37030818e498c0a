/* papsim merge OUT SHARD_DIR...: combines the directories of a sharded
 * sweep (papsim run --shard I/N, or the array tasks of --slurm) into
 * OUT/results.csv, the file a local run of the whole spec writes: the same
 * rows in the spec's case order. Every shard 1..N must be there once. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "results/results_csv.h"
#include "util/papsim_fs.h"
#include "sweep/provenance.h"
#include "sweep/sweep.h"
#include "util/papsim_error.h"

static void merge_usage(FILE *out)
{
    fputs("usage: papsim merge [--allow-missing] OUT SHARD_DIR...\n"
          "Combines the result directories of a sharded sweep (papsim run --shard I/N,\n"
          "or the array tasks of papsim run --slurm) into OUT/results.csv: the rows of\n"
          "every shard in the spec's case order, one copy of each (identical copies\n"
          "are dropped, different ones refused), as a local run of the whole spec writes\n"
          "them. Each SHARD_DIR needs its results.csv and case_order.csv; shards 1..N\n"
          "must all be given, once. OUT/case_order.csv is written too, so papsim run\n"
          "SPEC --out OUT resumes from the merged results; OUT/provenance.txt gets the\n"
          "shards' records. OUT/results.csv must not exist yet.\n"
          "\n"
          "Every results.csv is checked first, as every command reading results checks\n"
          "it (values, one row per case_id and rep, whole rows), and must have a whole\n"
          "header of papsim run. A case that a shard's case_order.csv lists and its\n"
          "results.csv lacks (its batch failed, or the run was stopped) is named, and\n"
          "the merge is refused: run that shard again (papsim run SPEC --shard I/N\n"
          "--out SHARD_DIR runs only what is missing), then merge.\n"
          "\n"
          "  --allow-missing  merge without the missing cases, saying how many\n"
          "Exit status: 0 merged, 2 bad input or missing cases (nothing written).\n",
          out);
}

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

int papsim_cmd_merge(int argc, char **argv)
{
    papsim_err e = {{0}};
    sweep_order order = {0};
    papsim_table *tables = NULL;
    char path[4200];
    struct stat st;
    int allow_missing = 0, missing = 0, status = 2;
    /* Options may stand anywhere; the other arguments keep their order. */
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            merge_usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--allow-missing")) {
            allow_missing = 1;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] == '-')
            return papsim_cmd_bad_option("merge", '?', argv[i]);
        argv[kept++] = argv[i];
    }
    argc = kept;
    if (argc < 3)
        return papsim_cmd_bad_input("merge", "expected OUT and one or more SHARD_DIR, got %d "
                                    "argument%s (see papsim merge --help)",
                                    argc - 1, argc == 2 ? "" : "s");
    int ndirs = argc - 2;
    const char *out = argv[1];
    snprintf(path, sizeof path, "%s/results.csv", out);
    if (stat(path, &st) == 0) {
        papsim_fail(&e, "%s exists; remove it or choose another OUT", path);
        goto fail;
    }
    tables = calloc((size_t)ndirs, sizeof *tables);
    if (!tables) {
        papsim_fail(&e, "out of memory");
        goto fail;
    }
    if (load_tables(argv + 2, ndirs, tables, &e) != 0 ||
        load_orders(argv + 2, ndirs, tables, &order, &missing, &e) != 0)
        goto fail;
    if (missing && !allow_missing) {
        papsim_fail(&e, "%d case%s of the shards' case lists %s no row in their results.csv "
                        "(named above), so nothing was merged; run those shards again "
                        "(papsim run SPEC --shard I/N --out SHARD_DIR runs only what is "
                        "missing), or pass --allow-missing to merge without them",
                    missing, missing == 1 ? "" : "s", missing == 1 ? "has" : "have");
        goto fail;
    }
    if (papsim_mkdir_p(out, &e) != 0) {
        papsim_fail_prefix(&e, "OUT: ");
        goto fail;
    }
    if (sweep_write_sorted(path, tables, ndirs, &order, &e) != 0)
        goto fail;
    order.shard = order.nshards = 1;
    if (sweep_order_save(out, &order, &e) != 0)
        goto fail;
    for (int k = 0; k < ndirs; k++) /* the shards' provenance records, in order */
        if (papsim_provenance_copy_records(out, argv[2 + k], &e) != 0)
            goto fail;
    size_t rows = 0;
    for (int k = 0; k < ndirs; k++)
        rows += tables[k].nrows;
    papsim_print_note("papsim merge", "%d shards, %zu rows read -> %s", ndirs, rows, path);
    if (missing)
        papsim_print_note("papsim merge", "merged without %d missing case%s (--allow-missing)",
                missing, missing == 1 ? "" : "s");
    status = 0;
    goto done;
fail:
    papsim_cmd_bad_input("merge", "%s", e.msg);
done:
    for (int k = 0; tables && k < ndirs; k++)
        papsim_table_free(&tables[k]);
    free(tables);
    sweep_order_free(&order);
    return status;
}
