/* The name tables of the platform loader (platform_internal.h): the
 * netpoints, links and zones the walk collects (platform.c) and the route
 * checks look up (platform_routes.c); and the growing arrays they and the
 * walk keep. */
#include "platform/platform_internal.h"

#include <stdlib.h>
#include <string.h>

void *papsim_pl_grow(void *v, int n, int *cap, size_t size, int first)
{
    if (n < *cap)
        return v;
    const int ncap = *cap ? 2 * *cap : first;
    void *nv = realloc(v, (size_t)ncap * size);
    if (nv)
        *cap = ncap;
    return nv;
}

/* ---- name tables ----------------------------------------------------- */

/* Appends a copy of name; returns its index or -1. */
int papsim_pl_table_add(name_table *t, const char *name, int zone, int flag,
                         papsim_err *e)
{
    named *nv = papsim_pl_grow(t->v, t->n, &t->cap, sizeof *nv, 64);
    if (!nv)
        return papsim_fail(e, "out of memory");
    t->v = nv;
    char *copy = papsim_pl_dup_string(name);
    if (!copy)
        return papsim_fail(e, "out of memory");
    t->v[t->n] = (named){copy, zone, flag};
    return t->n++;
}

void papsim_pl_table_free(name_table *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->v[i].name);
    free(t->v);
    memset(t, 0, sizeof *t);
}

static int compare_named(const void *a, const void *b)
{
    return strcmp(((const named *)a)->name, ((const named *)b)->name);
}

/* Sorts t by name for papsim_pl_table_find and fails on a name given twice. */
int papsim_pl_table_seal(name_table *t, const char *what, papsim_err *e)
{
    if (t->n > 1)
        qsort(t->v, (size_t)t->n, sizeof *t->v, compare_named);
    for (int i = 1; i < t->n; i++)
        if (strcmp(t->v[i - 1].name, t->v[i].name) == 0)
            return papsim_fail(e, "%s '%s' is defined twice", what,
                               t->v[i].name);
    return 0;
}

/* Finds name in a sealed table. */
const named *papsim_pl_table_find(const name_table *t, const char *name)
{
    named key = {(char *)name, 0, 0};
    if (t->n == 0)
        return NULL;
    return bsearch(&key, t->v, (size_t)t->n, sizeof *t->v, compare_named);
}

/* Finds a zone by name in the (unsorted, small) zone table. */
int papsim_pl_zone_index(const walk_state *w, const char *name)
{
    for (int i = 0; i < w->zones.n; i++)
        if (strcmp(w->zones.v[i].name, name) == 0)
            return i;
    return -1;
}
