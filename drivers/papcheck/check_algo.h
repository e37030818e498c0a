/* The algorithm a papcheck case calls: papsim's by its registry name, or a
 * user's (user:NAME) from a file loaded with --plugin, with its
 * collective's row and operations. */
#ifndef PAPCHECK_ALGO_H
#define PAPCHECK_ALGO_H

#include <stddef.h>

#include "check_coll.h"

typedef struct {
    const papsim_collective_entry *coll; /* the collective's row */
    const pc_ops *ops;                   /* its operations */
    papsim_algorithm_fn fn;
    unsigned flags;   /* PAPSIM_R_* */
    unsigned knobs;   /* PAPSIM_K_* */
} pc_algo;

/* The user's algorithm files given with --plugin (at most 16), registered
 * and loaded by algorithms/plugin.h (the catalog and the lookups then find
 * their user:NAME algorithms). */
typedef struct {
    int n;
} pc_plugin;

/* Loads the files of paths (NULL-terminated; may be NULL): 0, or -1 and why. */
int pc_plugin_open(const char *const *paths, pc_plugin *p, char *why, size_t len);
void pc_plugin_close(pc_plugin *p);

/* Finds collective/name: 0, or -1 and why. */
int pc_algo_resolve(const pc_plugin *p, const char *collective, const char *name, pc_algo *a,
                    char *why, size_t len);

#endif
