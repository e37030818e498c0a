/* The provenance record of a sweep (sweep.h): the platforms of its cases,
 * each once, handed to smpi/provenance.h with the command line. */
#include <stdlib.h>
#include <string.h>

#include "smpi/provenance.h"
#include "sweep/sweep.h"
#include "util/papsim_error.h"

int papsim_run_provenance(const char *out_dir, const char *spec_path, const sweep_cases *cases,
                          const char *simgrid, int argc, char **argv, papsim_err *e)
{
    char **words = calloc((size_t)argc + 2, sizeof *words);
    const char **platforms = calloc((size_t)cases->n + 1, sizeof *platforms);
    int n = 0, rc = -1;

    if (!words || !platforms) {
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
    words[0] = "papsim";
    for (int i = 0; i < argc; i++)
        words[i + 1] = argv[i];
    papsim_provenance p = {argc + 1, words, spec_path, platforms, n, simgrid, NULL};
    rc = papsim_provenance_append(out_dir, &p, e);
out:
    free(words);
    free(platforms);
    return rc;
}
