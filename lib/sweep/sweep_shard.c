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

/* The cell's keys but the block. */
static int same_cell_keys(const sweep_case *a, const sweep_case *b)
{
    return sweep_compare_placement(a, b) == 0 && a->c.bytes == b->c.bytes;
}

int sweep_same_cell(const sweep_case *a, const sweep_case *b)
{
    return a->block == b->block && same_cell_keys(a, b);
}

int sweep_in_cell(const sweep_cases *cases, const sweep_case *sc, int j)
{
    const sweep_case *x = &cases->v[j];
    if (sweep_same_cell(sc, x))
        return 1;
    if (!same_cell_keys(sc, x))
        return 0;
    for (int k = 0; k < cases->nalias; k++)
        if (cases->alias[k].of == j && cases->alias[k].block == sc->block)
            return 1;
    return 0;
}

static int unit_root(int *unit, int i)
{
    while (unit[i] != i)
        i = unit[i] = unit[unit[i]];
    return i;
}

/* Joins the units of two cases; the lower index stays the root, so a
 * unit's root is its first case in expansion order. */
static void unit_join(int *unit, int a, int b)
{
    a = unit_root(unit, a);
    b = unit_root(unit, b);
    if (a < b)
        unit[b] = a;
    else if (b < a)
        unit[a] = b;
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
    /* A no-delay case shared with another block's cell (an alias) runs in
     * the shard of both cells. */
    for (int k = 0; k < cases->nalias; k++) {
        const sweep_alias *a = &cases->alias[k];
        for (int i = 0; i < cases->n; i++)
            if (cases->v[i].block == a->block && cases->v[i].skew.kind != PAPSIM_SKEW_ABSOLUTE &&
                same_cell_keys(&cases->v[i], &cases->v[a->of])) {
                unit_join(unit, i, a->of);
                break;
            }
    }
    for (int i = 0; i < cases->n; i++)
        unit[i] = unit_root(unit, i);
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
    for (int i = 0; i < cases->n; i++) { /* unit[] becomes the new index, or -1 */
        unit[i] = -1;
        if (number[i] % nshards == shard - 1) {
            unit[i] = kept;
            cases->v[kept++] = cases->v[i];
        }
    }
    cases->n = kept;
    int nalias = 0;
    for (int k = 0; k < cases->nalias; k++)
        if (unit[cases->alias[k].of] >= 0) {
            cases->alias[nalias] = cases->alias[k];
            cases->alias[nalias++].of = unit[cases->alias[k].of];
        }
    cases->nalias = nalias;
    free(unit);
    free(number);
    return 0;
}

