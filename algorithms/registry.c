/* The typed function table of the registry (registry.def): one row per
 * algorithm, its function in the member of its collective
 * (collectives.def), and one lookup per collective. */
#include <string.h>

#include "papsim_algorithms.h"
#include "plugin.h"

static const struct {
    const char *collective, *name;
    papsim_algorithm_fn fn;
} table[] = {
#define PAPSIM_ALG(coll, name, ...) {#coll, #name, {.coll = papsim_##coll##_##name}},
#include "registry.def"
};

/* The row of (collective, name); NULL if none. */
static const papsim_algorithm_fn *find(const char *collective, const char *name)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].collective, collective) == 0 && strcmp(table[i].name, name) == 0)
            return &table[i].fn;
    return NULL;
}

#define PAPSIM_COLLECTIVE(name, ...)                                                           \
    papsim_##name##_fn *papsim_##name##_lookup(const char *algorithm)                          \
    {                                                                                          \
        if (papsim_is_user_algorithm(algorithm))                                               \
            return (papsim_##name##_fn *)papsim_plugin_function(#name, algorithm);             \
        const papsim_algorithm_fn *fn = find(#name, algorithm);                                       \
        return fn ? fn->name : NULL;                                                           \
    }
#include "collectives.def"

int papsim_algorithm_lookup(const char *collective, const char *algorithm,
                            papsim_algorithm_fn *fn)
{
    if (papsim_is_user_algorithm(algorithm)) { /* a loaded user algorithm (plugin.h) */
        papsim_plugin_fn *f = papsim_plugin_function(collective, algorithm);
#define PAPSIM_COLLECTIVE(name, ...)                                                           \
        if (f && strcmp(collective, #name) == 0) {                                             \
            fn->name = (papsim_##name##_fn *)f;                                                  \
            return 0;                                                                          \
        }
#include "collectives.def"
        return -1;
    }
    const papsim_algorithm_fn *found = find(collective, algorithm);
    if (!found)
        return -1;
    *fn = *found;
    return 0;
}
