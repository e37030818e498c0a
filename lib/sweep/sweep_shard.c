/* Cells and shards of a sweep: which cases resolve relative skews together
 * (a cell), and how `papsim run --shard I/N` cuts the expansion so that a
 * cell with relative skews stays in one shard. */
#include <stdlib.h>
#include <string.h>

#include "sweep/sweep.h"

int sweep_compare_placement(const sweep_case *a, const sweep_case *b)
{
    int d = strcmp(a->platform_path, b->platform_path);
    if (!d)
        d = a->c.np - b->c.np;
    if (!d)
        d = strcmp(a->c.mapping, b->c.mapping);
    if (!d)
        d = a->c.ranks_per_node - b->c.ranks_per_node;
    return d;
}

int sweep_same_cell(const sweep_case *a, const sweep_case *b)
{
    return a->block == b->block && sweep_compare_placement(a, b) == 0 &&
           a->c.bytes == b->c.bytes;
}

/* Orders case indices by cell (sweep_same_cell's keys), then by index. */
static int compare_cells(const void *pa, const void *pb, void *ctx)
{
    const sweep_case *v = ctx, *a = &v[*(const int *)pa], *b = &v[*(const int *)pb];
    int d = a->block - b->block;
    if (!d)
        d = sweep_compare_placement(a, b);
    if (!d)
        d = (a->c.bytes > b->c.bytes) - (a->c.bytes < b->c.bytes);
    return d ? d : *(const int *)pa - *(const int *)pb;
}

/* unit[i]: the index of the first case of i's cell when that cell has a
 * relative skew (its cases resolve against its no-delay baselines, so they
 * must run in one shard), else i itself. */
static int shard_units(const sweep_cases *cases, int *unit, papsim_err *e)
{
    int *order = malloc(((size_t)cases->n + 1) * sizeof *order);
    if (!order)
        return papsim_fail(e, "out of memory");
    for (int i = 0; i < cases->n; i++)
        order[i] = unit[i] = i;
    qsort_r(order, (size_t)cases->n, sizeof *order, compare_cells, cases->v);
    for (int i = 0; i < cases->n;) {
        int j = i, relative = 0;
        for (; j < cases->n && sweep_same_cell(&cases->v[order[i]], &cases->v[order[j]]); j++)
            relative |= cases->v[order[j]].skew.kind != PAPSIM_SKEW_ABSOLUTE;
        for (int k = i; relative && k < j; k++)
            unit[order[k]] = order[i]; /* order is by index within a cell */
        i = j;
    }
    free(order);
    return 0;
}

/* Keeps the cases of shard I of N. The spec's expansion is cut into units,
 * a case each, except that a cell with relative skews is one unit; unit u
 * (numbered in expansion order) belongs to shard u mod N + 1. */
int sweep_select_shard(sweep_cases *cases, int shard, int nshards, papsim_err *e)
{
    int *unit = malloc(((size_t)cases->n + 1) * sizeof *unit);
    int *number = malloc(((size_t)cases->n + 1) * sizeof *number);
    if (!unit || !number || shard_units(cases, unit, e) != 0) {
        free(unit);
        free(number);
        return e->msg[0] ? -1 : papsim_fail(e, "out of memory");
    }
    int units = 0, kept = 0;
    for (int i = 0; i < cases->n; i++) /* a unit's first case comes first */
        number[i] = unit[i] == i ? units++ : number[unit[i]];
    for (int i = 0; i < cases->n; i++)
        if (number[i] % nshards == shard - 1)
            cases->v[kept++] = cases->v[i];
    cases->n = kept;
    free(unit);
    free(number);
    return 0;
}

