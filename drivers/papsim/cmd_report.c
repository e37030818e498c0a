/* papsim report DIR: the best algorithm per arrival pattern and message size
 * (seed 003, Figure 4) from DIR/results.csv, as text, Markdown and gnuplot
 * heatmaps. The analysis lives in drivers/common/report*.c. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "csv.h"
#include "papsim_error.h"
#include "report.h"

typedef struct {
    const char *dir;
    const char *metric_column;
    const char *out; /* NULL: DIR/report */
} report_options;

static void print_report_help(FILE *f)
{
    fprintf(f,
            "usage: papsim report DIR [--metric M] [--out OUTDIR]\n"
            "\n"
            "Reads DIR/results.csv and shows, per panel (collective, platform, np, mapping,\n"
            "ranks_per_node, datatype, op, root, gamma, skew), the best algorithm for every\n"
            "arrival pattern and message size: the lowest median of the metric over the\n"
            "ok repetitions. Each cell also gives the winner's value divided by the value\n"
            "of A0 under the same pattern, A0 being the no_delay winner at that size.\n"
            "\n"
            "  --metric M    last_delay (default), total_delay, mean_elapsed, max_elapsed\n"
            "  --out OUTDIR  where to write (default DIR/report; created if needed)\n"
            "  --help        this text\n"
            "\n"
            "Writes OUTDIR/report.txt, OUTDIR/report.md and per panel STEM.png, STEM.svg\n"
            "and the gnuplot script STEM.gp with its data STEM.dat. gnuplot is taken from\n"
            "$PAPSIM_GNUPLOT or PATH.\n"
            "Exit status: 0 ok, 1 images could not be drawn (text written), 2 bad input.\n");
}

/* Returns 0 to go on, 1 after --help, 2 on a usage error. */
static int parse_report_options(int argc, char **argv, report_options *o)
{
    static const struct option longopts[] = {
        {"metric", required_argument, NULL, 'm'},
        {"out", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;
    o->metric_column = "last_delay_s";
    optind = 0; /* glibc: full reset, in case getopt ran before */
    while ((c = getopt_long(argc, argv, "m:o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'm':
            o->metric_column = papsim_report_metric_column(optarg);
            if (!o->metric_column) {
                fprintf(stderr, "papsim report: --metric: '%s' is not one of last_delay, "
                                "total_delay, mean_elapsed, max_elapsed\n", optarg);
                return 2;
            }
            break;
        case 'o':
            o->out = optarg;
            break;
        case 'h':
            print_report_help(stdout);
            return 1;
        default:
            fprintf(stderr, "papsim report: see 'papsim report --help'\n");
            return 2;
        }
    }
    if (argc - optind != 1) {
        fprintf(stderr, "papsim report: expected one results directory, got %d arguments; "
                        "see 'papsim report --help'\n", argc - optind);
        return 2;
    }
    o->dir = argv[optind];
    return 0;
}

/* mkdir -p: the output folder may be nested and may already exist. */
static int make_directories(const char *path, papsim_err *e)
{
    char buf[4096];
    if ((size_t)snprintf(buf, sizeof buf, "%s", path) >= sizeof buf)
        return papsim_fail(e, "%s: path too long", path);
    for (char *p = buf + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char saved = *p;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return papsim_fail(e, "%s: cannot create directory: %s", buf, strerror(errno));
        *p = saved;
        if (saved == '\0')
            break;
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return papsim_fail(e, "%s: exists and is not a directory", path);
    return 0;
}

static int write_text_file(const char *path, const papsim_report *r,
                           int (*writer)(const papsim_report *, FILE *), papsim_err *e)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return papsim_fail(e, "%s: cannot create: %s", path, strerror(errno));
    int bad = writer(r, f);
    if (fclose(f) != 0 || bad)
        return papsim_fail(e, "%s: write error", path);
    printf("wrote %s\n", path);
    return 0;
}

static int write_text_reports(const char *out, const papsim_report *r, papsim_err *e)
{
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/report.txt", out) >= sizeof path)
        return papsim_fail(e, "%s: path too long", out);
    if (write_text_file(path, r, papsim_report_write_text, e) != 0)
        return -1;
    if ((size_t)snprintf(path, sizeof path, "%s/report.md", out) >= sizeof path)
        return papsim_fail(e, "%s: path too long", out);
    return write_text_file(path, r, papsim_report_write_markdown, e);
}

/* Scripts are written for every panel even when gnuplot is missing, so the
 * images can be drawn later; after "gnuplot not found" we stop trying. */
static int draw_panels(const char *out, const papsim_report *r)
{
    papsim_err e = {{0}};
    int failures = 0, not_found = 0;
    for (size_t i = 0; i < r->npanels; i++) {
        const char *stem = r->panels[i].file_stem;
        if (papsim_report_write_plot_script(r, i, out, &e) != 0) {
            fprintf(stderr, "papsim report: %s\n", e.msg);
            return 1;
        }
        printf("wrote %s/%s.gp\nwrote %s/%s.dat\n", out, stem, out, stem);
        if (not_found)
            continue;
        if (papsim_report_run_gnuplot(r, i, out, &not_found, &e) != 0) {
            fprintf(stderr, "papsim report: %s\n", e.msg);
            failures++;
            continue;
        }
        printf("wrote %s/%s.png\nwrote %s/%s.svg\n", out, stem, out, stem);
    }
    if (not_found || failures)
        fprintf(stderr, "papsim report: images missing; the text reports and gnuplot scripts "
                        "in %s were written\n", out);
    return (not_found || failures) ? 1 : 0;
}

int papsim_cmd_report(int argc, char **argv)
{
    report_options o = {0};
    papsim_table t = {0};
    papsim_report r = {0};
    papsim_err e = {{0}};
    char csv[4096], outdir[4096];
    int status = parse_report_options(argc, argv, &o);
    if (status != 0)
        return status == 1 ? 0 : 2;
    status = 2;
    int nout = o.out ? snprintf(outdir, sizeof outdir, "%s", o.out)
                     : snprintf(outdir, sizeof outdir, "%s/report", o.dir);
    if ((size_t)snprintf(csv, sizeof csv, "%s/results.csv", o.dir) >= sizeof csv ||
        (size_t)nout >= sizeof outdir) {
        fprintf(stderr, "papsim report: %s: path too long\n", o.dir);
        goto out;
    }
    if (papsim_table_load(csv, &t, &e) != 0 ||
        papsim_report_build(&t, o.metric_column, &r, &e) != 0 ||
        make_directories(outdir, &e) != 0 || write_text_reports(outdir, &r, &e) != 0) {
        fprintf(stderr, "papsim report: %s\n", e.msg);
        goto out;
    }
    status = draw_panels(outdir, &r);
out:
    papsim_report_free(&r);
    papsim_table_free(&t);
    return status;
}
