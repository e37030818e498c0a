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
#include "csv.h"
#include "provenance.h"
#include "sweep.h"

static void merge_usage(FILE *out)
{
    fputs("usage: papsim merge OUT SHARD_DIR...\n"
          "Combines the result directories of a sharded sweep (papsim run --shard I/N,\n"
          "or the array tasks of papsim run --slurm) into OUT/results.csv: the rows of\n"
          "every shard in the spec's case order, one copy of each (identical copies\n"
          "are dropped, different ones refused), as a local run of the whole spec writes\n"
          "them. Each SHARD_DIR needs its results.csv and case_order.csv; shards 1..N\n"
          "must all be given, once. OUT/case_order.csv is written too, so papsim run\n"
          "SPEC --out OUT resumes from the merged results; OUT/provenance.txt gets the\n"
          "shards' records. OUT/results.csv must not exist yet.\n",
          out);
}

/* Loads every shard's case order into one and checks that the shards
 * are 1..N of one sweep, each once. */
static int load_orders(char **dirs, int n, sweep_order *all, papsim_err *e)
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

static int load_tables(char **dirs, int n, papsim_table *tables, papsim_err *e)
{
    for (int k = 0; k < n; k++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/results.csv", dirs[k]);
        if (papsim_table_load(path, &tables[k], e) != 0)
            return -1;
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
    int ndirs = argc - 2, status = 2;
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        merge_usage(stdout);
        return 0;
    }
    if (argc < 3) {
        merge_usage(stderr);
        return 2;
    }
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
    if (load_orders(argv + 2, ndirs, &order, &e) != 0 || load_tables(argv + 2, ndirs, tables, &e))
        goto fail;
    if (mkdir(out, 0755) != 0 && errno != EEXIST) {
        papsim_fail(&e, "OUT '%s': cannot create: %s", out, strerror(errno));
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
    fprintf(stderr, "papsim merge: %d shards, %zu rows read -> %s\n", ndirs, rows, path);
    status = 0;
    goto done;
fail:
    fprintf(stderr, "papsim merge: %s\n", e.msg);
done:
    for (int k = 0; tables && k < ndirs; k++)
        papsim_table_free(&tables[k]);
    free(tables);
    sweep_order_free(&order);
    return status;
}
