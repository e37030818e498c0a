/* The catalog as every caller sees it: papsim's own rows (catalog.c) and
 * the user algorithms registered in this process (plugin.c), found, listed
 * and checked alike by name. */
#include "papsim_catalog.h"

#include <stdio.h>
#include <string.h>

#include "plugin.h"

const papsim_catalog_entry *papsim_catalog_find(const char *collective, const char *name)
{
    return papsim_is_user_algorithm(name) ? papsim_plugin_find(collective, name)
                                          : papsim_catalog_find_own(collective, name);
}

/* Appends ", item" (or item first) to buf without overflowing it. */
static void add_name(char *buf, size_t len, const char *item)
{
    size_t used = strlen(buf);
    if (used < len)
        snprintf(buf + used, len - used, "%s%s", used ? ", " : "", item);
}

void papsim_catalog_names(const char *collective, char *buf, size_t len)
{
    papsim_catalog_own_names(collective, buf, len);
    for (size_t i = 0; papsim_plugin_at(i, NULL); i++)
        if (strcmp(papsim_plugin_at(i, NULL)->collective, collective) == 0)
            add_name(buf, len, papsim_plugin_at(i, NULL)->name);
    if (papsim_collective_has_builtin(collective))
        add_name(buf, len, "builtin:NAME");
}

int papsim_algorithm_check(const char *collective, const char *algorithm, int np,
                           const papsim_catalog_entry **entry, char *why, size_t len)
{
    char names[1024];
    *entry = NULL;
    if (!papsim_collective_known(collective)) {
        papsim_collective_names(names, sizeof names);
        snprintf(why, len, "collective '%s' is unknown (valid: %s)", collective, names);
        return -1;
    }
    if (strncmp(algorithm, "builtin:", 8) == 0) {
        if (!papsim_collective_has_builtin(collective)) {
            papsim_catalog_names(collective, names, sizeof names);
            snprintf(why, len, "'%s': %s has no builtin: algorithm (SMPI has no smpi/%s option: "
                               "its MPI_%s is one fixed linear pattern; valid: %s)",
                     algorithm, collective, collective, papsim_collective_find(collective)->mpi,
                     names);
            return -1;
        }
        if (algorithm[8])
            return 0;
        snprintf(why, len, "algorithm 'builtin:' needs a name (builtin:NAME)");
        return -1;
    }
    *entry = papsim_catalog_find(collective, algorithm);
    if (!*entry) {
        papsim_catalog_names(collective, names, sizeof names);
        snprintf(why, len, "'%s' is not a %s algorithm (valid: %s)", algorithm, collective, names);
        return -1;
    }
    return np > 0 ? papsim_catalog_check_np(*entry, np, why, len) : 0;
}
