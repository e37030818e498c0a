/* papsim regress NEW.csv GOLDEN.csv: compares two results tables row by row.
 * Simulated time is deterministic, so by default any change in a metric is a
 * regression; --rtol/--atol loosen that for real-hardware or cross-version
 * comparisons. Rows are matched on (case_id, rep): case_id already encodes
 * every key column, so a changed key is a missing case plus a new one. The
 * params column (algorithm knobs) is compared when both tables have it. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "results/results_csv.h"
#include "util/papsim_error.h"
#include "smpi/provenance.h"
#include "report/report.h"
#include "report/regress.h"

typedef papsim_regress_options regress_options;

static void print_regress_help(FILE *f)
{
    fprintf(f,
            "usage: papsim regress NEW.csv GOLDEN.csv [--rtol R] [--atol A]\n"
            "                      [--metrics last_delay_s,...] [--strict] [--allow-missing]\n"
            "\n"
            "Compares two results tables row by row, matching rows on (case_id, rep).\n"
            "A value has changed when |new - golden| > atol + rtol * |golden|; the\n"
            "default (rtol = atol = 0) demands identical values.\n"
            "\n"
            "  --rtol R      relative tolerance (default 0)\n"
            "  --atol A      absolute tolerance in seconds (default 0)\n"
            "  --metrics L   comma-separated list of total_delay_s, last_delay_s,\n"
            "                mean_elapsed_s, max_elapsed_s (the _s may be left out;\n"
            "                default: all four)\n"
            "  --strict      rows of NEW that are not in GOLDEN fail as well\n"
            "  --allow-missing\n"
            "                rows of GOLDEN missing from NEW are listed but do not fail\n"
            "                (NEW covers part of the golden sweep on purpose)\n"
            "  --help        this text\n"
            "\n"
            "Changed values, changed status and rows missing from NEW are failures;\n"
            "rows only in NEW are listed as new cases. A GOLDEN without rows is refused\n"
            "(it would pass any result). Both tables are checked first, as every command\n"
            "reading results.csv checks them: a bad value, a second row of one (case_id,\n"
            "rep) or a cut row is refused with FILE:LINE: COLUMN.\n"
            "When both tables have a provenance.txt beside them (papsim run writes one)\n"
            "naming different SimGrid versions, a note names both.\n"            "Exit status: 0 no change beyond tolerance, 1 changes, 2 bad input.\n");
}

static int parse_tolerance(const char *name, const char *text, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(text, &end);
    if (*text == '\0' || *end || errno || !isfinite(*out) || *out < 0) {
        papsim_cmd_bad_input("regress", "%s: '%s' is not a non-negative number", name, text);
        return -1;
    }
    return 0;
}

static int parse_metric_list(char *list, regress_options *o)
{
    o->nmetrics = 0;
    for (char *save = NULL, *m = strtok_r(list, ",", &save); m; m = strtok_r(NULL, ",", &save)) {
        const char *column = papsim_report_metric_column(m);
        if (!column) {
            papsim_cmd_bad_input("regress", "--metrics: '%s' is not one of total_delay_s, "
                                            "last_delay_s, mean_elapsed_s, max_elapsed_s", m);
            return -1;
        }
        int seen = 0;
        for (int i = 0; i < o->nmetrics; i++)
            seen |= strcmp(o->metrics[i], column) == 0;
        if (!seen)
            o->metrics[o->nmetrics++] = column;
    }
    if (o->nmetrics == 0) {
        papsim_cmd_bad_input("regress", "--metrics: empty list");
        return -1;
    }
    return 0;
}

/* Returns 0 to go on, 1 after --help, 2 on a usage error. */
static int parse_regress_options(int argc, char **argv, regress_options *o)
{
    static const struct option longopts[] = {
        {"rtol", required_argument, NULL, 'r'},  {"atol", required_argument, NULL, 'a'},
        {"metrics", required_argument, NULL, 'm'}, {"strict", no_argument, NULL, 's'},
        {"allow-missing", no_argument, NULL, 'M'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    static const char *const all_metrics[PAPSIM_REGRESS_MAX_METRICS] = {"total_delay_s", "last_delay_s",
                                                         "mean_elapsed_s", "max_elapsed_s"};
    for (int i = 0; i < PAPSIM_REGRESS_MAX_METRICS; i++)
        o->metrics[i] = all_metrics[i];
    o->nmetrics = PAPSIM_REGRESS_MAX_METRICS;
    int c;
    optind = 0; /* glibc: full reset, in case getopt ran before */
    opterr = 0; /* our own message names the option */
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if ((c == 'r' && parse_tolerance("--rtol", optarg, &o->rtol) != 0) ||
            (c == 'a' && parse_tolerance("--atol", optarg, &o->atol) != 0) ||
            (c == 'm' && parse_metric_list(optarg, o) != 0))
            return 2;
        if (c == 's')
            o->strict = 1;
        if (c == 'M')
            o->allow_missing = 1;
        if (c == 'h') {
            print_regress_help(stdout);
            return 1;
        }
        if (c == '?' || c == ':')
            return papsim_cmd_bad_option("regress", c, argv[optind - 1]);
    }
    if (argc - optind != 2) {
        papsim_cmd_bad_input("regress", "expected NEW.csv and GOLDEN.csv, got %d arguments "
                                        "(see papsim regress --help)", argc - optind);
        return 2;
    }
    o->new_path = argv[optind];
    o->golden_path = argv[optind + 1];
    return 0;
}

/* When the tables' provenance files (DIR/provenance.txt beside each CSV)
 * name different SimGrid versions, says so: simulated times may change with
 * the simulator alone. A table without one (a bare CSV) gives no note. */
static void note_simgrid_versions(const regress_options *o)
{
    char nv[512], gv[512];
    if (papsim_provenance_simgrid_of(o->new_path, nv, sizeof nv) == 1 &&
        papsim_provenance_simgrid_of(o->golden_path, gv, sizeof gv) == 1 && strcmp(nv, gv) != 0)
        printf("regress: note: golden %s was simulated with SimGrid %s, %s with SimGrid %s "
               "(provenance.txt beside each); simulated times may differ between SimGrid "
               "versions\n",
               o->golden_path, gv, o->new_path, nv);
}

int papsim_cmd_regress(int argc, char **argv)
{
    regress_options o = {0};
    papsim_regress r = {0};
    papsim_regress_counts n = {0};
    papsim_err e = {{0}};
    int status = parse_regress_options(argc, argv, &o);
    if (status != 0)
        return status == 1 ? 0 : 2;
    status = 2;
    o.out = stdout;
    if (papsim_regress_load(&o, &r, &e) != 0)
        goto out;
    printf("regress: %s against golden %s (rtol %g, atol %g; metrics", o.new_path,
           o.golden_path, o.rtol, o.atol);
    for (int m = 0; m < o.nmetrics; m++)
        printf("%s%s", m ? "," : " ", o.metrics[m]);
    printf(")\n");
    note_simgrid_versions(&o);
    if (papsim_regress_compare(&o, &r, &n, &e) != 0)
        goto out;
    printf("regress: %zu cases compared, %zu changed, %zu missing, %zu new\n", n.compared,
           n.changed, n.missing, n.added);
    if (n.by_label)
        printf("regress: note: %zu rows matched by case ids keyed by the platform's path, as "
               "papsim wrote them before results format 4 (ids now hash the platform's "
               "content); `papsim run` the golden's spec again to write it with the "
               "current ids\n",
               n.by_label);
    if (n.missing)
        printf("regress: %zu of the golden's %zu rows missing from %s%s\n", n.missing,
               r.gd.t.nrows, o.new_path,
               o.allow_missing ? " (accepted: --allow-missing)"
                               : ": a failure (--allow-missing accepts it)");
    status = (n.changed || (n.missing && !o.allow_missing) || (o.strict && n.added)) ? 1 : 0;
out:
    if (status == 2 && e.msg[0])
        papsim_cmd_bad_input("regress", "%s", e.msg);
    papsim_regress_free(&r);
    return status;
}
