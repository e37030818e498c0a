/* The typed function tables of the registry (see registry.def): one table
 * per collective, so every entry has its collective's exact signature. */
#include <string.h>

#include "papsim_algorithms.h"
#include "plugin.h"

#define DEFINE_LOOKUP(coll)                                                     \
    papsim_##coll##_fn *papsim_##coll##_lookup(const char *name)                \
    {                                                                           \
        if (papsim_is_user_algorithm(name))                                     \
            return (papsim_##coll##_fn *)papsim_plugin_function(#coll, name);  \
        for (size_t i = 0; i < sizeof coll##_table / sizeof coll##_table[0]; i++) \
            if (strcmp(coll##_table[i].name, name) == 0)                        \
                return coll##_table[i].fn;                                      \
        return NULL;                                                            \
    }

static const struct {
    const char *name;
    papsim_allgather_fn *fn;
} allgather_table[] = {
#define PAPSIM_ALLGATHER(name, ...) {#name, papsim_allgather_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_allgatherv_fn *fn;
} allgatherv_table[] = {
#define PAPSIM_ALLGATHERV(name, ...) {#name, papsim_allgatherv_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_reduce_fn *fn;
} reduce_table[] = {
#define PAPSIM_REDUCE(name, ...) {#name, papsim_reduce_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_allreduce_fn *fn;
} allreduce_table[] = {
#define PAPSIM_ALLREDUCE(name, ...) {#name, papsim_allreduce_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_alltoall_fn *fn;
} alltoall_table[] = {
#define PAPSIM_ALLTOALL(name, ...) {#name, papsim_alltoall_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_bcast_fn *fn;
} bcast_table[] = {
#define PAPSIM_BCAST(name, ...) {#name, papsim_bcast_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_barrier_fn *fn;
} barrier_table[] = {
#define PAPSIM_BARRIER(name, ...) {#name, papsim_barrier_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_reduce_scatter_fn *fn;
} reduce_scatter_table[] = {
#define PAPSIM_REDUCE_SCATTER(name, ...) {#name, papsim_reduce_scatter_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_reduce_scatter_block_fn *fn;
} reduce_scatter_block_table[] = {
#define PAPSIM_REDUCE_SCATTER_BLOCK(name, ...) {#name, papsim_reduce_scatter_block_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_alltoallv_fn *fn;
} alltoallv_table[] = {
#define PAPSIM_ALLTOALLV(name, ...) {#name, papsim_alltoallv_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_gather_fn *fn;
} gather_table[] = {
#define PAPSIM_GATHER(name, ...) {#name, papsim_gather_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_scan_fn *fn;
} scan_table[] = {
#define PAPSIM_SCAN(name, ...) {#name, papsim_scan_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_scatter_fn *fn;
} scatter_table[] = {
#define PAPSIM_SCATTER(name, ...) {#name, papsim_scatter_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_exscan_fn *fn;
} exscan_table[] = {
#define PAPSIM_EXSCAN(name, ...) {#name, papsim_exscan_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_gatherv_fn *fn;
} gatherv_table[] = {
#define PAPSIM_GATHERV(name, ...) {#name, papsim_gatherv_##name},
#include "registry.def"
};

static const struct {
    const char *name;
    papsim_scatterv_fn *fn;
} scatterv_table[] = {
#define PAPSIM_SCATTERV(name, ...) {#name, papsim_scatterv_##name},
#include "registry.def"
};

DEFINE_LOOKUP(allgather)
DEFINE_LOOKUP(allgatherv)
DEFINE_LOOKUP(reduce)
DEFINE_LOOKUP(allreduce)
DEFINE_LOOKUP(alltoall)
DEFINE_LOOKUP(bcast)
DEFINE_LOOKUP(barrier)
DEFINE_LOOKUP(reduce_scatter)
DEFINE_LOOKUP(reduce_scatter_block)
DEFINE_LOOKUP(alltoallv)
DEFINE_LOOKUP(scan)
DEFINE_LOOKUP(exscan)
DEFINE_LOOKUP(gather)
DEFINE_LOOKUP(scatter)
DEFINE_LOOKUP(gatherv)
DEFINE_LOOKUP(scatterv)
