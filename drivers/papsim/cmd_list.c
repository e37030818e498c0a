/* papsim list: one line per registered algorithm, or with --collectives one
 * per collective, as a text table, CSV or a Markdown table
 * (docs/algorithms.md holds both Markdown outputs). Parses the options and
 * calls lib/report's listing (report/report_catalog.h). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "papsim_catalog.h"
#include "plugin.h"
#include "report/report_catalog.h"
#include "util/units.h"

static void list_usage(void)
{
    printf("usage: papsim list [COLLECTIVE] [--np N] [--format text|csv|md] [--plugin FILE]...\n"
           "       papsim list --collectives [--format text|csv|md]\n"
           "One line per algorithm: collective, name, restrictions, description\n"
           "(--np N: only the algorithms whose process-count restrictions N meets)\n"
           "(pattern and alpha/beta/gamma cost; p ranks, m bytes). Any collective\n"
           "also takes builtin:NAME, the MPI library's own algorithm NAME (under\n"
           "SMPI: smpirun --cfg=smpi/<collective>:help lists them).\n"
           "--format: text (default, aligned columns), csv (a header line\n"
           "collective,algorithm,restrictions,knobs,msgcount,open_mpi,mpich,description,\n"
           "then one row per algorithm, quoted as RFC 4180; knobs: the spec keys the\n"
           "algorithm reads, msgcount: its message-count model, open_mpi and mpich:\n"
           "the matching algorithm of those libraries, empty if none is recorded) or\n"
           "md (the same columns as a Markdown table; docs/algorithms.md holds\n"
           "`papsim list --format md`).\n"
           "--plugin FILE: also a user's algorithm (papsim new), listed as user:NAME\n"
           "with msgcount 'default' when it declares no model; repeatable.\n"
           "--collectives: one line per collective instead (the collectives\n"
           "registry): its MPI function, signature, papbench family, traits (rooted,\n"
           "op, v-form, one buffer, no data, strict knobs, no builtin), SMPI's option,\n"
           "Open MPI's collective id and what its bytes are.\n");
}

int papsim_cmd_list(int argc, char **argv)
{
    int collectives = 0;
    const char *only = NULL;
    long np = 0;
    papsim_list_format format = PAPSIM_LIST_TEXT;
    for (int i = 1; i < argc; i++) {
        if ((!strcmp(argv[i], "--np") || !strcmp(argv[i], "--format")) && i + 1 == argc)
            return papsim_cmd_bad_option("list", ':', argv[i]);
        if (!strcmp(argv[i], "--np")) {
            papsim_err e = {{0}};
            if (papsim_parse_long(argv[++i], 1, 1 << 24, "--np", &np, &e))
                return papsim_cmd_bad_input("list", "%s", e.msg);
            continue;
        }
        if (!strcmp(argv[i], "--plugin")) { /* a user's algorithm, either MPI's build */
            char why[1024];
            if (papsim_plugin_register(i + 1 < argc ? argv[++i] : "", NULL, why, sizeof why))
                return papsim_cmd_bad_input("list", "--plugin %s", why);
            continue;
        }
        if (!strcmp(argv[i], "--format") || !strncmp(argv[i], "--format=", 9)) {
            const char *f = argv[i][8] == '=' ? argv[i] + 9 : (i + 1 < argc ? argv[++i] : "");
            if (!strcmp(f, "text"))
                format = PAPSIM_LIST_TEXT;
            else if (!strcmp(f, "csv"))
                format = PAPSIM_LIST_CSV;
            else if (!strcmp(f, "md"))
                format = PAPSIM_LIST_MD;
            else
                return papsim_cmd_bad_input(
                    "list", "--format: '%s' is not a format (valid: text, csv, md)", f);
            continue;
        }
        if (!strcmp(argv[i], "--collectives")) {
            collectives = 1;
            continue;
        }
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            list_usage();
            return 0;
        }
        if (argv[i][0] == '-')
            return papsim_cmd_bad_option("list", '?', argv[i]);
        if (!papsim_collective_known(argv[i])) {
            char names[256];
            papsim_collective_names(names, sizeof names);
            return papsim_cmd_bad_input("list", "unknown collective '%s' (valid: %s)", argv[i],
                                        names);
        }
        only = argv[i];
    }
    if (collectives) {
        if (only || np > 0)
            return papsim_cmd_bad_input("list", "--collectives takes no COLLECTIVE and no --np");
        papsim_report_collective_list(stdout, format);
        return 0;
    }
    papsim_report_algorithm_list(stdout, format, only, (int)np);
    return 0;
}
