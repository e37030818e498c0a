/* papsim: the command line of the toolkit (plain C, no MPI). Each
 * subcommand lives in cmd_<name>.c; this file only dispatches. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "smpi/locate.h"
#include "smpi/provenance.h"
#include "smpi/simgrid_compat.h"
#include "smpi/versions.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} papsim_command;

static const papsim_command commands[] = {
    {"list", papsim_cmd_list, "list the registered algorithms and their restrictions"},
    {"pattern", papsim_cmd_pattern, "print the per-rank delays of an arrival pattern"},
    {"platform", papsim_cmd_platform, "generate a platform XML (flat, fat tree, dragonfly, torus)"},
    {"hostfile", papsim_cmd_hostfile, "write a sequential or cyclic hostfile for a platform"},
    {"bench", papsim_cmd_bench, "simulate one case with smpirun and print its CSV rows"},
    {"check", papsim_cmd_check, "check algorithms against their collective over a grid of cases"},
    {"run", papsim_cmd_run, "run a sweep spec into DIR/results.csv (parallel, resumable)"},
    {"merge", papsim_cmd_merge, "combine the shards of a sweep into one results.csv"},
    {"report", papsim_cmd_report, "best-algorithm tables and heatmaps from DIR/results.csv"},
    {"study", papsim_cmd_study, "Salimi Beni et al. study: run SPEC, then every report (--all)"},
    {"regress", papsim_cmd_regress, "compare results with a golden CSV; non-zero exit on change"},
    {"calibrate", papsim_cmd_calibrate, "measure a real MPI's latency/bandwidth, write a platform"},
    {"compare", papsim_cmd_compare, "simulated against real results: ratios, winners, Kendall tau"},
    {"schedule", papsim_cmd_schedule, "generate and check a Clairvoyant reduce schedule"},
    {"trace-summary", papsim_cmd_trace_summary, "arrival skew per collective in a libpaptrace trace"},
    {"tune", papsim_cmd_tune, "write Open MPI's tuned rules file from DIR/results.csv"},
    {"new", papsim_cmd_new, "write the first file of your own algorithm (user:NAME)"},
};

static void print_usage(FILE *out)
{
    fprintf(out, "usage: papsim COMMAND [OPTIONS]   (papsim COMMAND --help for details)\n\n"
                 "Study MPI collective algorithms under process arrival patterns in\n"
                 "SimGrid/SMPI simulation.\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-13s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\npapsim --version prints papsim's version and commit, the SimGrid version\n"
                 "smpirun runs on (read now) and the one papsim was built with, and where\n"
                 "papsim found papbench and its data.\n");
}

/* papsim --version: papsim's version and commit (built in), then SimGrid's
 * as the library smpirun loads reports it now (versions.h), and where papsim
 * found its driver and data (locate.h). */
static int print_version(void)
{
    char simgrid[256], papbench[4096], data[4096];
    papsim_err e = {{0}};
    printf("papsim %s\ncommit %s\n", papsim_version_string, papsim_commit_string);
    if (papsim_simgrid_version(simgrid, sizeof simgrid, &e) == 0)
        printf("simgrid %s\n", simgrid);
    else
        printf("simgrid unknown (%s)\n", e.msg);
    printf("built-with simgrid %s (supported: %s to %s)\n", papsim_simgrid_build_version(),
           PAPSIM_SIMGRID_OLDEST, PAPSIM_SIMGRID_NEWEST);
    papsim_locate_papbench(papbench, sizeof papbench);
    printf("papbench %s\n", papbench);
    if (papsim_locate_data_dir(data, sizeof data) == 0)
        printf("data %s\n", data);
    else
        printf("data not found (%s)\n", data);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        print_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version"))
        return print_version();
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    char names[512];
    size_t n = 0;
    names[0] = '\0';
    for (size_t i = 0; i < sizeof commands / sizeof commands[0] && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                              commands[i].name);
    return papsim_print_error(PAPSIM_EXIT_BAD_INPUT, "papsim",
                              "unknown command '%s' (valid: %s; see papsim --help)", argv[1],
                              names);
}
