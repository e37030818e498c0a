/* papsim list: one line per registered algorithm. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "papsim_catalog.h"
#include "units.h"

int papsim_cmd_list(int argc, char **argv)
{
    const char *only = NULL;
    long np = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--np")) {
            papsim_err e = {{0}};
            if (papsim_parse_long(i + 1 < argc ? argv[++i] : "", 1, 1 << 24, "--np", &np, &e)) {
                fprintf(stderr, "papsim list: %s\n", e.msg);
                return 2;
            }
            continue;
        }
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: papsim list [COLLECTIVE] [--np N]\n"
                   "One line per algorithm: collective, name, restrictions, description\n"
                   "(--np N: only the algorithms whose process-count restrictions N meets)\n"
                   "(pattern and alpha/beta/gamma cost; p ranks, m bytes). Any collective\n"
                   "also takes builtin:NAME, the MPI library's own algorithm NAME (under\n"
                   "SMPI: smpirun --cfg=smpi/<collective>:help lists them).\n");
            return 0;
        }
        if (argv[i][0] == '-') {
            fprintf(stderr, "papsim list: unknown option '%s' (see papsim list --help)\n",
                    argv[i]);
            return 2;
        }
        if (!papsim_collective_known(argv[i])) {
            char names[256];
            papsim_collective_names(names, sizeof names);
            fprintf(stderr, "papsim list: unknown collective '%s' (valid: %s)\n", argv[i], names);
            return 2;
        }
        only = argv[i];
    }
    printf("%-10s %-18s %-28s %s\n", "collective", "algorithm", "restrictions", "description");
    for (size_t i = 0; i < papsim_catalog_size; i++) {
        const papsim_catalog_entry *a = &papsim_catalog[i];
        char flags[128];
        char why[256];
        if (only && strcmp(only, a->collective))
            continue;
        if (np > 0 && papsim_catalog_check_np(a, (int)np, why, sizeof why) != 0)
            continue;
        papsim_catalog_flags_text(a->flags, flags, sizeof flags);
        printf("%-10s %-18s %-28s %s\n", a->collective, a->name, flags, a->description);
    }
    return 0;
}
