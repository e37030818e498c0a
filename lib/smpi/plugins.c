#include "smpi/plugins.h"

#include <stdlib.h>
#include <string.h>

#include "plugin.h"
#include "util/papsim_input.h"

int papsim_plugin_add(const char *path, papsim_err *e)
{
    char why[sizeof e->msg - 8];
    for (const char *s = path; *s; s++)
        if (*s == ' ' || *s == '\'' || *s == '"' || *s == '\\' || (unsigned char)*s < 0x20 ||
            *s == 0x7f)
            return papsim_fail(e, "%s: smpirun splits papbench's arguments at blanks and "
                                  "quotes: move or link the file to a path without them",
                               path);
    if (papsim_plugin_register(path, "SMPI", why, sizeof why) != 0)
        return papsim_fail(e, "%s", why);
    return 0;
}

int papsim_plugin_words(char **words, int max)
{
    const char *path;
    int n = 0;
    for (size_t i = 0; papsim_plugin_at(i, &path) && n + 2 <= max; i++) {
        words[n++] = "--plugin";
        words[n++] = (char *)path;
    }
    return n;
}

int papsim_plugin_key(const papsim_case *c, char key[17], papsim_err *e)
{
    key[0] = '\0';
    if (!papsim_is_user_algorithm(c->algorithm))
        return 0;
    const char *path = papsim_plugin_path(c->collective, c->algorithm);
    if (!path)
        return papsim_fail(e, "%s %s: no --plugin file declares it", c->collective, c->algorithm);
    return papsim_input_key(path, &papsim_limits_plugin, key, e);
}
