/* papsim report DIR|RESULTS.csv: the best algorithm per arrival pattern and
 * message size (Figure 4 of M. Salimi Beni, B. Cosenza, S. Hunold, "MPI
 * collective algorithm selection in the presence of process arrival
 * patterns", IEEE International Conference on Cluster Computing (CLUSTER),
 * 2024); or, with --best TARGET, where TARGET is the best algorithm and by
 * how much (Tables 6-8 and heat maps of W. J. Loch, "Sparbit: a new
 * logarithmic-cost and data locality-aware MPI Allgather algorithm",
 * Master's dissertation, Santa Catarina State University (UDESC),
 * Joinville, Brazil, 2021).
 * This file parses the arguments; lib/report (report_run.h) builds the
 * views and writes their text, Markdown and gnuplot heatmaps. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "report/report.h"
#include "report/report_run.h"

typedef papsim_report_request report_options;

static int add_metrics(report_options *o, const char *list)
{
    char buf[256];
    if ((size_t)snprintf(buf, sizeof buf, "%s", list) >= sizeof buf) {
        papsim_cmd_bad_input("report", "--metric: '%s' is too long", list);
        return 2;
    }
    for (char *save = NULL, *m = strtok_r(buf, ",", &save); m; m = strtok_r(NULL, ",", &save)) {
        const char *column = papsim_report_metric_column(m);
        if (!column) {
            papsim_cmd_bad_input("report", "--metric: '%s' is not one of last_delay, "
                                           "total_delay, mean_elapsed, max_elapsed", m);
            return 2;
        }
        size_t i = 0;
        while (i < o->nmetrics && strcmp(o->metrics[i], column) != 0)
            i++;
        if (i == o->nmetrics) /* four distinct columns at most, so there is room */
            o->metrics[o->nmetrics++] = column;
    }
    if (o->nmetrics == 0) {
        papsim_cmd_bad_input("report", "--metric: '%s' names no metric", list);
        return 2;
    }
    return 0;
}

/* The modes exclude each other; --speedup only qualifies --relative;
 * --runtimes and --robustness may go together (--all is both and more). */
static int check_modes(const report_options *o)
{
    if ((o->best || o->relative) && (o->runtimes || o->robustness)) {
        papsim_cmd_bad_input("report", "--%s and --%s: choose one",
                             o->best ? "best" : "relative",
                             o->figure4 ? "all" : o->runtimes ? "runtimes" : "robustness");
        return -1;
    }
    if (o->best && o->relative) {
        papsim_cmd_bad_input("report", "--best and --relative: choose one");
        return -1;
    }
    if (o->spread && !o->relative && !o->runtimes) {
        papsim_cmd_bad_input("report", "--spread needs --relative BASE, --runtimes or --all");
        return -1;
    }
    if (o->speedup && !o->relative) {
        papsim_cmd_bad_input("report", "--speedup needs --relative BASE");
        return -1;
    }
    if (!o->best && o->nmetrics > 1) {
        papsim_cmd_bad_input("report", "--metric: one metric only without --best");
        return -1;
    }
    return 0;
}

/* Returns 0 to go on, 1 after --help, 2 on a usage error. */
static int parse_report_options(int argc, char **argv, report_options *o)
{
    static const struct option longopts[] = {
        {"metric", required_argument, NULL, 'm'},
        {"out", required_argument, NULL, 'o'},
        {"best", required_argument, NULL, 'b'},
        {"relative", required_argument, NULL, 'r'},
        {"speedup", no_argument, NULL, 's'},
        {"spread", no_argument, NULL, 'S'},
        {"runtimes", no_argument, NULL, 'T'},
        {"robustness", no_argument, NULL, 'R'},
        {"all", no_argument, NULL, 'A'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c, rc;
    optind = 0; /* glibc: full reset, in case getopt ran before */
    opterr = 0; /* our own message names the option */
    while ((c = getopt_long(argc, argv, ":m:o:b:r:sSTRAh", longopts, NULL)) != -1) {
        switch (c) {
        case 'm':
            if ((rc = add_metrics(o, optarg)) != 0)
                return rc;
            break;
        case 'o':
            o->out = optarg;
            break;
        case 'b':
            if (!optarg[0]) {
                papsim_cmd_bad_input("report", "--best: empty algorithm name");
                return 2;
            }
            o->best = optarg;
            break;
        case 'r':
            if (!optarg[0]) {
                papsim_cmd_bad_input("report", "--relative: empty algorithm name");
                return 2;
            }
            o->relative = optarg;
            break;
        case 's':
            o->speedup = 1;
            break;
        case 'S':
            o->spread = 1;
            break;
        case 'T':
            o->runtimes = 1;
            break;
        case 'R':
            o->robustness = 1;
            break;
        case 'A':
            o->runtimes = o->robustness = o->figure4 = 1;
            break;
        case 'h':
            papsim_report_print_help(stdout);
            return 1;
        default:
            return papsim_cmd_bad_option("report", c, argv[optind - 1]);
        }
    }
    if (argc - optind != 1) {
        papsim_cmd_bad_input("report", "expected one results directory or .csv file, got %d "
                                       "arguments (see papsim report --help)", argc - optind);
        return 2;
    }
    o->input = argv[optind];
    if (check_modes(o) != 0)
        return 2;
    if (o->nmetrics == 0) {
        static const char *const best_default[] = {"mean_elapsed_s", "max_elapsed_s",
                                                   "last_delay_s", "total_delay_s"};
        if (o->best)
            for (size_t i = 0; i < PAPSIM_REPORT_MAX_METRICS; i++)
                o->metrics[o->nmetrics++] = best_default[i];
        else
            o->metrics[o->nmetrics++] = "last_delay_s";
    }
    return 0;
}

int papsim_cmd_report(int argc, char **argv)
{
    papsim_report_request q = {0};
    papsim_err e = {{0}};
    char csv[4096], outdir[4096];
    int status = parse_report_options(argc, argv, &q);
    if (status != 0)
        return status == 1 ? 0 : 2;
    if (papsim_report_paths(&q, csv, outdir, sizeof csv, &e) != 0)
        return papsim_cmd_bad_input("report", "%s", e.msg);
    return papsim_report_run(&q, csv, outdir, stdout);
}
