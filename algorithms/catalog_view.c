/* The catalog as every caller sees it: papsim's own rows (catalog.c) and
 * the user algorithms registered in this process (plugin.c), found alike
 * by name. */
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
