/* papsim tune DIR: from a study's results to Open MPI's dynamic rules file
 * and a summary against Open MPI 4.1's fixed decision (lib/tune/tune.h).
 * Everything is checked and chosen before a file is written; the files are
 * written under temporary names and renamed, so a failure leaves none, and
 * never over the results they come from (util/papsim_output.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "plugin.h"
#include "report/report.h"
#include "results/results_csv.h"
#include "tune/tune.h"
#include "util/papsim_output.h"
#include "tune/tune_mpich.h"

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

/* Writes path through a temporary file renamed into place (util/papsim_output.h):
 * Open MPI's rules (version 1 or 2) or MPICH's selection file (defaults set),
 * or with version 0 their summary; returns 0, or -1 with the message in e. */
static int write_file(const char *path, int mode, const papsim_tune_plan *plan, int version,
                      const papsim_csel_node *defaults, const char *source, papsim_err *e)
{
    papsim_output out;
    if (papsim_output_open(&out, path, mode, e) != 0)
        return -1;
    int bad = defaults ? version ? papsim_tune_write_mpich(plan, defaults, NULL, source, out.f)
                                 : papsim_tune_write_mpich_summary(plan, defaults, out.f)
              : version ? papsim_tune_write_rules(plan, version, source, out.f)
                        : papsim_tune_write_summary(plan, out.f);
    if (papsim_output_commit(&out, bad, e) != 0)
        return -1;
    printf("wrote %s\n", path);
    return 0;
}

int papsim_cmd_tune(int argc, char **argv)
{
    papsim_tune_options o = {PAPSIM_TUNE_NO_DELAY, NULL, NULL, "last_delay_s", 4, 0};
    const char *out = NULL, *mpich_default = NULL, *mpi = "ompi";
    int version = 1, opt, status = 0, format_given = 0, force = 0;
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
            if (parse_choose(optarg, &o) != 0)
                return 2;
        } else if (opt == 's') {
            o.skew = optarg;
        } else if (opt == 'f') {
            if (strcmp(optarg, "1") != 0 && strcmp(optarg, "2") != 0)
                return papsim_cmd_bad_input("tune", "--format: '%s' is not 1 (Open MPI "
                                            "4.1) or 2 (Open MPI 5)", optarg);
            version = optarg[0] - '0';
            o.ompi_major = version == 2 ? 5 : 4;
            format_given = 1;
        } else if (opt == 'M') {
            if (strcmp(optarg, "ompi") != 0 && strcmp(optarg, "mpich") != 0)
                return papsim_cmd_bad_input("tune", "--mpi: '%s' is not ompi or mpich", optarg);
            mpi = optarg;
        } else if (opt == 'D') {
            mpich_default = optarg;
        } else if (opt == 'm') {
            if (!(o.metric = papsim_report_metric_column(optarg)))
                return papsim_cmd_bad_input("tune", "--metric: '%s' is not last_delay, "
                                            "total_delay, mean_elapsed or max_elapsed", optarg);
        } else if (opt == 'o') {
            out = optarg;
        } else if (opt == 'p') { /* a user's algorithm: its declared counterpart */
            char why[1024];
            if (papsim_plugin_register(optarg, NULL, why, sizeof why) != 0)
                return papsim_cmd_bad_input("tune", "--plugin %s", why);
        } else if (opt == 'F') {
            force = 1;
        } else {
            return papsim_cmd_bad_option("tune", opt, argv[optind - 1]);
        }
    }
    if (optind != argc - 1)
        return papsim_cmd_bad_input("tune", "expected one results directory (see papsim "
                                    "tune --help)");
    o.mpich = strcmp(mpi, "mpich") == 0;
    if (o.mpich && format_given)
        return papsim_cmd_bad_input("tune", "--format: Open MPI's rules file formats; --mpi "
                                    "mpich writes MPICH 4.0.2's selection file");
    if (o.mpich && !mpich_default)
        return papsim_cmd_bad_input("tune", "--mpi mpich needs --mpich-default JSON, MPICH "
                                    "4.0.2's own selection file (the written file keeps every "
                                    "case it does not tune as that file has it)");
    if (!o.mpich && mpich_default)
        return papsim_cmd_bad_input("tune", "--mpich-default: only with --mpi mpich");
    const char *dir = argv[optind];
    char csv[4096], rules[4096], summary[4200];
    if ((size_t)snprintf(csv, sizeof csv, "%s/results.csv", dir) >= sizeof csv ||
        (size_t)snprintf(rules, sizeof rules, "%s%s", out ? "" : dir,
                         out ? out : o.mpich ? "/mpich-selection.json" : "/ompi-rules.conf") >=
            sizeof rules)
        return papsim_cmd_bad_input("tune", "%s: path too long", dir);
    snprintf(summary, sizeof summary, "%s.summary.txt", rules);
    /* The default files in DIR are papsim's own; a named one is the user's. */
    const int mode = out && !force ? PAPSIM_OUTPUT_NEW : PAPSIM_OUTPUT_REPLACE;
    papsim_table t = {0};
    papsim_report r = {0};
    papsim_tune_plan plan = {0};
    papsim_csel_node defaults = {0};
    papsim_err e = {{0}};
    const char *const inputs[] = {csv, mpich_default};
    if (papsim_output_check(rules, "--out", inputs, 2, mode, &e) != 0 ||
        papsim_output_check(summary, "--out", inputs, 2, mode, &e) != 0)
        return papsim_cmd_bad_input("tune", "%s", e.msg);
    if (o.mpich && papsim_csel_read(mpich_default, &defaults, &e) != 0)
        return papsim_cmd_bad_input("tune", "%s", e.msg);
    const papsim_csel_node *def = o.mpich ? &defaults : NULL;
    if (papsim_results_load(csv, &t, NULL, &e) != 0) {
        papsim_csel_free(&defaults);
        return papsim_cmd_bad_input("tune", "%s", e.msg);
    }
    if (t.nrows == 0) {
        status = papsim_cmd_bad_input("tune", "%s: no results (a header without rows)", csv);
    } else if (papsim_report_build(&t, o.metric, &r, &e) != 0 ||
               papsim_tune_plan_build(&r, &o, &plan, &e) != 0) {
        status = papsim_cmd_bad_input("tune", "%s: %s", csv, e.msg);
    } else if (write_file(rules, mode, &plan, version, def, csv, &e) != 0) {
        status = papsim_cmd_failed("tune", "%s", e.msg);
    } else if (write_file(summary, mode, &plan, 0, def, csv, &e) != 0) {
        unlink(rules); /* the pair or nothing */
        status = papsim_cmd_failed("tune", "%s", e.msg);
    } else if (plan.nskipped) {
        papsim_print_note("papsim tune", "%s: %zu panel(s) left out, no rule written for them; "
                          "the first: %s", csv, plan.nskipped, plan.skipped);
    }
    papsim_tune_plan_free(&plan);
    papsim_csel_free(&defaults);
    if (r.panels)
        papsim_report_free(&r);
    papsim_table_free(&t);
    return status;
}
