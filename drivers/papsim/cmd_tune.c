/* papsim tune DIR: from a study's results to Open MPI's dynamic rules file
 * (or MPICH's selection file) and a summary against the library's own
 * decision. Parses the options and calls papsim_tune_run (lib/tune). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "plugin.h"
#include "report/report.h"
#include "tune/tune_run.h"

static void print_tune_help(FILE *f)
{
    fprintf(f,
            "usage: papsim tune DIR [--choose RULE] [--skew S] [--format 1|2]\n"
            "                   [--metric M] [--out FILE [--force]] [--plugin FILE]...\n"
            "       papsim tune DIR --mpi mpich --mpich-default JSON [--choose RULE]\n"
            "                   [--skew S] [--metric M] [--out FILE [--force]]\n"
            "\n"
            "Writes Open MPI's tuned dynamic rules file from DIR/results.csv: per\n"
            "collective, communicator size (np) and message size, the algorithm id to\n"
            "use. Only algorithms with an Open MPI counterpart are written (papsim list\n"
            "--format csv, column open_mpi; builtin:ompi_* of SMPI alike; with --format\n"
            "2 also Open MPI 5's sparbit allgather/allgatherv); when the winner has\n"
            "none, a comment says what was given up. A study of gatherv or scatterv\n"
            "is refused (Open MPI's tuned reads no rules for them); alltoallv,\n"
            "barrier, scan and exscan get one rule per np (Open MPI's message size\n"
            "for them does not depend on the count).\n"
            "\n"
            "  --choose RULE  no_delay (default): the best under no_delay;\n"
            "                 pattern:NAME: the best under pattern NAME;\n"
            "                 robust-mean, robust-worst: the lowest mean or worst-case\n"
            "                 ratio to each pattern's best over the study's patterns\n"
            "  --skew S       the skew whose patterned rows are used (needed when the\n"
            "                 study has several and RULE reads patterned rows)\n"
            "  --format 1|2   1 (default): Open MPI 4.1's format; 2: Open MPI 5's\n"
            "                 rule-file-version-2 with its max-requests column\n"
            "  --metric M     last_delay (default), total_delay, mean_elapsed, max_elapsed\n"
            "  --out FILE     the rules file (default DIR/ompi-rules.conf, with --mpi\n"
            "                 mpich DIR/mpich-selection.json); the summary goes to\n"
            "                 FILE.summary.txt. An existing FILE or summary is\n"
            "                 refused unless --force (the default files in DIR are\n"
            "                 papsim's own and rewritten); an input (DIR/results.csv,\n"
            "                 --mpich-default) is always refused, whatever its name\n"
            "  --mpi M        ompi (default): Open MPI's rules file; mpich: MPICH 4.0.2's\n"
            "                 selection file (MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE):\n"
            "                 the default tree of --mpich-default with the study's choices\n"
            "                 in front (papsim list --format csv, column mpich); what was\n"
            "                 given up and the comparison with the default go to the summary\n"
            "  --mpich-default JSON  MPICH 4.0.2's own selection file\n"
            "                 (src/mpi/coll/coll_selection.json of its source), which the\n"
            "                 written file must contain whole: MPICH stops at a collective\n"
            "                 or case its file does not cover\n"
            "  --force        replace an existing --out FILE and its summary\n"
            "  --plugin FILE  a user's algorithm of the study (its .smpi.so or .mpi.so):\n"
            "                 user:NAME gets the Open MPI counterpart it declares; without\n"
            "                 it, or with none declared, a comment says it was given up\n"
            "  --help         this text\n"
            "\n"
            "Use the file with: mpirun --mca coll_tuned_use_dynamic_rules 1 \\\n"
            "  --mca coll_tuned_dynamic_rules_filename FILE ...  (docs/tune.md); the\n"
            "MPICH file with: MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=FILE mpiexec ...\n");
}

static int parse_choose(const char *arg, papsim_tune_options *o)
{
    if (strcmp(arg, "no_delay") == 0)
        o->rule = PAPSIM_TUNE_NO_DELAY;
    else if (strcmp(arg, "robust-mean") == 0)
        o->rule = PAPSIM_TUNE_ROBUST_MEAN;
    else if (strcmp(arg, "robust-worst") == 0)
        o->rule = PAPSIM_TUNE_ROBUST_WORST;
    else if (strncmp(arg, "pattern:", 8) == 0 && arg[8]) {
        o->rule = PAPSIM_TUNE_PATTERN;
        o->pattern = arg + 8;
    } else
        return papsim_cmd_bad_input("tune", "--choose: '%s' is not no_delay, pattern:NAME, "
                                    "robust-mean or robust-worst", arg);
    return 0;
}

int papsim_cmd_tune(int argc, char **argv)
{
    papsim_tune_request q = {.options = {PAPSIM_TUNE_NO_DELAY, NULL, NULL, "last_delay_s", 4, 0},
                             .version = 1};
    papsim_tune_options *o = &q.options;
    const char *mpi = "ompi";
    int opt, format_given = 0;
    static const struct option longopts[] = {
        {"choose", required_argument, NULL, 'c'}, {"skew", required_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'}, {"metric", required_argument, NULL, 'm'},
        {"out", required_argument, NULL, 'o'},    {"help", no_argument, NULL, 'h'},
        {"force", no_argument, NULL, 'F'},        {"plugin", required_argument, NULL, 'p'},
        {"mpi", required_argument, NULL, 'M'},    {"mpich-default", required_argument, NULL, 'D'},
        {NULL, 0, NULL, 0}};
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        if (opt == 'h') {
            print_tune_help(stdout);
            return 0;
        } else if (opt == 'c') {
            if (parse_choose(optarg, o) != 0)
                return 2;
        } else if (opt == 's') {
            o->skew = optarg;
        } else if (opt == 'f') {
            if (strcmp(optarg, "1") != 0 && strcmp(optarg, "2") != 0)
                return papsim_cmd_bad_input("tune", "--format: '%s' is not 1 (Open MPI "
                                            "4.1) or 2 (Open MPI 5)", optarg);
            q.version = optarg[0] - '0';
            o->ompi_major = q.version == 2 ? 5 : 4;
            format_given = 1;
        } else if (opt == 'M') {
            if (strcmp(optarg, "ompi") != 0 && strcmp(optarg, "mpich") != 0)
                return papsim_cmd_bad_input("tune", "--mpi: '%s' is not ompi or mpich", optarg);
            mpi = optarg;
        } else if (opt == 'D') {
            q.mpich_default = optarg;
        } else if (opt == 'm') {
            if (!(o->metric = papsim_report_metric_column(optarg)))
                return papsim_cmd_bad_input("tune", "--metric: '%s' is not last_delay, "
                                            "total_delay, mean_elapsed or max_elapsed", optarg);
        } else if (opt == 'o') {
            q.out = optarg;
        } else if (opt == 'p') { /* a user's algorithm: its declared counterpart */
            char why[1024];
            if (papsim_plugin_register(optarg, NULL, why, sizeof why) != 0)
                return papsim_cmd_bad_input("tune", "--plugin %s", why);
        } else if (opt == 'F') {
            q.force = 1;
        } else {
            return papsim_cmd_bad_option("tune", opt, argv[optind - 1]);
        }
    }
    if (optind != argc - 1)
        return papsim_cmd_bad_input("tune", "expected one results directory (see papsim "
                                    "tune --help)");
    o->mpich = strcmp(mpi, "mpich") == 0;
    if (o->mpich && format_given)
        return papsim_cmd_bad_input("tune", "--format: Open MPI's rules file formats; --mpi "
                                    "mpich writes MPICH 4.0.2's selection file");
    if (o->mpich && !q.mpich_default)
        return papsim_cmd_bad_input("tune", "--mpi mpich needs --mpich-default JSON, MPICH "
                                    "4.0.2's own selection file (the written file keeps every "
                                    "case it does not tune as that file has it)");
    if (!o->mpich && q.mpich_default)
        return papsim_cmd_bad_input("tune", "--mpich-default: only with --mpi mpich");
    q.dir = argv[optind];
    papsim_err e = {{0}};
    const int status = papsim_tune_run(&q, stdout, &e);
    return status ? papsim_cmd_error("tune", status, "%s", e.msg) : 0;
}
