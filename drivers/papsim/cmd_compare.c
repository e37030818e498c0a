/* papsim compare SIM REAL: the same spec run in simulation and under a real
 * MPI, side by side per cell, with winners and Kendall's tau-b. The
 * analysis is lib/hardware/compare*.c. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "hardware/compare.h"
#include "results/results_csv.h"
#include "report/report.h"

static void print_compare_help(FILE *f)
{
    fprintf(f,
        "usage: papsim compare SIM_DIR|SIM.csv REAL_DIR|REAL.csv [--metric M]\n"
        "\n"
        "Puts the simulated and the real results of the same spec side by side. A cell\n"
        "is a case but the algorithm: collective, np, mapping, ranks_per_node, pattern,\n"
        "skew (as written, so \"1.5x\" matches on both sides), seed, bytes, distribution,\n"
        "datatype, op, root, params; platform, gamma and skew_s may differ. For every\n"
        "algorithm of a cell it prints, per side, the median of the metric over the ok\n"
        "repetitions with [min..max] and their count (and how many rows were not ok,\n"
        "e.g. missed_start), and real/sim. Over the algorithms present on both sides: the\n"
        "winner of each side (lowest median; a tie goes to the name first in\n"
        "alphabetical order), and Kendall's tau-b of the two orders,\n"
        "  tau_b = (C - D) / sqrt((n0 - n1)(n0 - n2)),\n"
        "C and D the concordant and discordant pairs, n0 the pairs, n1 and n2 the pairs\n"
        "tied in simulation and on the real side (\"-\" when a factor is 0). The summary\n"
        "counts the cells with the same winner and gives tau-b over all cells from the\n"
        "pooled counts (pairs are formed within a cell only), and the mean per-cell tau.\n"
        "\n"
        "  --metric M   last_delay (default), total_delay, mean_elapsed, max_elapsed\n"
        "Exit status: 0 ok, 2 bad input (no common cell, missing columns, bad numbers).\n");
}

/* DIR -> DIR/results.csv; anything else is taken as the table itself. */
static void table_path(const char *arg, char *buf, size_t len)
{
    struct stat st;
    if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(buf, len, "%s/results.csv", arg);
    else
        snprintf(buf, len, "%s", arg);
}

int papsim_cmd_compare(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"metric", required_argument, NULL, 'm'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *metric = "last_delay_s";
    char paths[2][4096];
    papsim_table tables[2] = {{0}};
    papsim_compare cmp = {0};
    papsim_err e = {{0}};
    int c, status = 2;
    optind = 0;
    opterr = 0; /* our own message names the option */
    while ((c = getopt_long(argc, argv, ":m:h", longopts, NULL)) != -1) {
        if (c == 'h') {
            print_compare_help(stdout);
            return 0;
        }
        if (c != 'm' || !(metric = papsim_report_metric_column(optarg))) {
            if (c == 'm')
                papsim_cmd_bad_input("compare", "--metric: '%s' is not one of last_delay, "
                                                "total_delay, mean_elapsed, max_elapsed", optarg);
            else
                return papsim_cmd_bad_option("compare", c, argv[optind - 1]);
            return 2;
        }
    }
    if (argc - optind != 2) {
        papsim_cmd_bad_input("compare", "expected SIM and REAL (directories or .csv files), got "
                                        "%d arguments (see papsim compare --help)", argc - optind);
        return 2;
    }
    for (int s = 0; s < 2; s++) {
        table_path(argv[optind + s], paths[s], sizeof paths[s]);
        if (papsim_results_load(paths[s], &tables[s], NULL, &e) != 0)
            goto out;
    }
    if (papsim_compare_build(&tables[0], &tables[1], metric, &cmp, &e) != 0)
        goto out;
    status = papsim_compare_write_text(&cmp, stdout) == 0 ? 0 : 2;
    papsim_compare_free(&cmp);
out:
    if (status != 0 && e.msg[0])
        papsim_cmd_bad_input("compare", "%s", e.msg);
    papsim_table_free(&tables[0]);
    papsim_table_free(&tables[1]);
    return status;
}
