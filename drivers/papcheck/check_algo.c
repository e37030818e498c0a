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

static pc_fn lookup(const char *coll, const char *name)
{
#define LOOK(c)                                                                                 \
    if (!strcmp(coll, #c))                                                                      \
        return (pc_fn)papsim_##c##_lookup(name);
    LOOK(allgather)
    LOOK(allgatherv)
    LOOK(reduce)
    LOOK(allreduce)
    LOOK(alltoall)
    LOOK(alltoallv)
    LOOK(bcast)
    LOOK(barrier)
    LOOK(reduce_scatter)
    LOOK(reduce_scatter_block)
    LOOK(scan)
    LOOK(exscan)
    LOOK(gather)
    LOOK(scatter)
    LOOK(gatherv)
    LOOK(scatterv)
#undef LOOK
    return NULL;
}

int pc_algo_resolve(const pc_plugin *p, const char *coll, const char *name, pc_algo *a,
                    char *why, size_t len)
{
    (void)p;
    const papsim_catalog_entry *entry = papsim_catalog_find(coll, name);
    memset(a, 0, sizeof *a);
    if (!entry || !(a->fn = lookup(coll, name))) {
        snprintf(why, len, "no algorithm '%s' for %s (papsim list %s)", name, coll, coll);
        return -1;
    }
    a->flags = entry->flags;
    a->knobs = entry->knobs;
    return 0;
}
