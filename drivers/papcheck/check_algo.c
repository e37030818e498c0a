#include "check_algo.h"

#include <stdio.h>
#include <string.h>

#include "papsim_catalog.h"
#include "papsim_plugin.h"
#include "plugin.h"

int pc_plugin_open(const char *const *paths, pc_plugin *p, char *why, size_t len)
{
    p->n = 0;
    for (; paths && paths[p->n]; p->n++)
        if (papsim_plugin_open(paths[p->n], PAPSIM_PLUGIN_BUILD_MPI, why, len) != 0)
            return -1;
    return 0;
}

void pc_plugin_close(pc_plugin *p)
{
    p->n = 0;
}

/* The operations of each collective, in collectives.def's order. */
static const pc_ops *const collective_ops[] = {
#define PAPSIM_COLLECTIVE(name, ...) &pc_ops_##name,
#include "collectives.def"
};

int pc_algo_resolve(const pc_plugin *p, const char *coll, const char *name, pc_algo *a,
                    char *why, size_t len)
{
    (void)p;
    const papsim_catalog_entry *entry = papsim_catalog_find(coll, name);
    memset(a, 0, sizeof *a);
    a->coll = papsim_collective_find(coll);
    if (a->coll)
        a->ops = collective_ops[a->coll - papsim_collective_table];
    if (!entry || !a->ops || papsim_algorithm_lookup(coll, name, &a->fn) != 0) {
        snprintf(why, len, "no algorithm '%s' for %s (papsim list %s)", name, coll, coll);
        return -1;
    }
    a->flags = entry->flags;
    a->knobs = entry->knobs;
    return 0;
}
