/* What a sweep's results were computed from (sweep.h): the provenance
 * record (the platforms of its cases, each once, and its user algorithms'
 * files, handed to smpi/provenance.h with the command line), and the
 * content keys of those files in their cases' ids. */
#include <stdlib.h>
#include <string.h>

#include "plugin.h"
#include "smpi/plugins.h"
#include "smpi/provenance.h"
#include "sweep/sweep.h"
#include "util/papsim_error.h"

int sweep_key_plugins(sweep_cases *cases, papsim_err *e)
{
    /* A file is read again only when the cases switch to another user
     * algorithm. */
    char collective[sizeof cases->v[0].c.collective] = "";
    char algorithm[sizeof cases->v[0].c.algorithm] = "", key[17] = "";
    for (int i = 0; i < cases->n; i++) {
        papsim_case *c = &cases->v[i].c;
        if (!papsim_is_user_algorithm(c->algorithm))
            continue;
        if (strcmp(c->collective, collective) || strcmp(c->algorithm, algorithm)) {
            if (papsim_plugin_key(c, key, e) != 0)
                return -1;
            snprintf(collective, sizeof collective, "%s", c->collective);
            snprintf(algorithm, sizeof algorithm, "%s", c->algorithm);
        }
        memcpy(c->plugin_key, key, sizeof key);
    }
    return 0;
}

int papsim_run_provenance(const char *out_dir, const char *spec_path, const sweep_cases *cases,
                          const char *simgrid, int argc, char **argv, papsim_err *e)
{
    char **words = calloc((size_t)argc + 2, sizeof *words);
    const char **platforms = calloc((size_t)cases->n + 1, sizeof *platforms);
    const char **plugins = calloc(papsim_plugin_count() + 1, sizeof *plugins);
    int n = 0, nplugins = 0, rc = -1;

    if (!words || !platforms || !plugins) {
        papsim_fail(e, "out of memory");
        goto out;
    }
    for (int i = 0; i < cases->n; i++) { /* each platform once, in case order */
        int seen = 0;
        for (int j = 0; j < n && !seen; j++)
            seen = !strcmp(platforms[j], cases->v[i].platform_path);
        if (!seen)
            platforms[n++] = cases->v[i].platform_path;
    }
    while (papsim_plugin_at((size_t)nplugins, &plugins[nplugins]))
        nplugins++;
    words[0] = "papsim";
    for (int i = 0; i < argc; i++)
        words[i + 1] = argv[i];
    papsim_provenance p = {argc + 1, words, spec_path, platforms, n, simgrid, NULL,
                           plugins,  nplugins};
    rc = papsim_provenance_append(out_dir, &p, e);
out:
    free(words);
    free(platforms);
    free(plugins);
    return rc;
}
