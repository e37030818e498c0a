/* papsim report DIR|RESULTS.csv: the best algorithm per arrival pattern and
 * message size (Figure 4 of M. Salimi Beni, B. Cosenza, S. Hunold, "MPI
 * collective algorithm selection in the presence of process arrival
 * patterns", IEEE International Conference on Cluster Computing (CLUSTER),
 * 2024); or, with --best TARGET, where TARGET is the best algorithm and by
 * how much (Tables 6-8 and heat maps of W. J. Loch, "Sparbit: a new
 * logarithmic-cost and data locality-aware MPI Allgather algorithm",
 * Master's dissertation, Santa Catarina State University (UDESC),
 * Joinville, Brazil, 2021).
 * Text, Markdown and gnuplot heatmaps; the analysis lives in
 * lib/report/report*.c. */
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
#include "results/results_csv.h"
#include "util/papsim_fs.h"
#include "util/papsim_error.h"
#include "report/report.h"
#include "report/report_best.h"
#include "report/report_relative.h"
#include "report/report_study.h"

typedef struct {
    const char *input;  /* DIR or a .csv file */
    const char *out;    /* NULL: DIR/report, or report/ beside the .csv */
    const char *best;   /* --best TARGET, or NULL */
    const char *relative; /* --relative BASE, or NULL */
    int speedup;          /* --speedup: ratios are T(BASE)/T(alg) */
    int spread;           /* --spread: range and counts of the repetitions per cell */
    int runtimes;         /* --runtimes (or --all): Salimi Beni et al. Figures 5, 8 */
    int robustness;       /* --robustness (or --all): Salimi Beni et al. Figure 6 */
    int figure4;          /* --all: the best-algorithm report too */
    size_t nmetrics;    /* 0: the default of the mode */
    const char *metrics[PAPSIM_BEST_MAX_METRICS];
} report_options;

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
            for (size_t i = 0; i < PAPSIM_BEST_MAX_METRICS; i++)
                o->metrics[o->nmetrics++] = best_default[i];
        else
            o->metrics[o->nmetrics++] = "last_delay_s";
    }
    return 0;
}

/* The input is a table when it names an existing non-directory or ends in
 * ".csv"; otherwise it is a results directory. */
static int resolve_paths(const report_options *o, char *csv, char *outdir, size_t len)
{
    struct stat st;
    size_t n = strlen(o->input);
    int is_file = stat(o->input, &st) == 0 ? !S_ISDIR(st.st_mode)
                                          : n >= 4 && strcmp(o->input + n - 4, ".csv") == 0;
    size_t a, b;
    if (is_file) {
        const char *slash = strrchr(o->input, '/');
        int dirlen = slash ? (int)(slash - o->input) : 0;
        a = (size_t)snprintf(csv, len, "%s", o->input);
        if (o->out)
            b = (size_t)snprintf(outdir, len, "%s", o->out);
        else if (!slash)
            b = (size_t)snprintf(outdir, len, "report");
        else
            b = (size_t)snprintf(outdir, len, "%.*s/report", dirlen, o->input);
    } else {
        a = (size_t)snprintf(csv, len, "%s/results.csv", o->input);
        b = o->out ? (size_t)snprintf(outdir, len, "%s", o->out)
                   : (size_t)snprintf(outdir, len, "%s/report", o->input);
    }
    if (a >= len || b >= len) {
        papsim_cmd_bad_input("report", "%s: path too long", o->input);
        return -1;
    }
    return 0;
}

/* Writes OUT/NAME with writer(report, f); report is a papsim_report or a
 * papsim_best_report, as the writer expects. */
static int write_text_file(const char *out, const char *name, const void *report,
                           int (*writer)(const void *, FILE *), papsim_err *e)
{
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", out, name) >= sizeof path)
        return papsim_fail(e, "%s: path too long", out);
    FILE *f = fopen(path, "w");
    if (!f)
        return papsim_fail(e, "%s: cannot create: %s", path, strerror(errno));
    int bad = writer(report, f);
    if (fclose(f) != 0 || bad)
        return papsim_fail(e, "%s: write error", path);
    printf("wrote %s\n", path);
    return 0;
}

static int report_text(const void *r, FILE *f)
{
    return papsim_report_write_text(r, f);
}

static int report_markdown(const void *r, FILE *f)
{
    return papsim_report_write_markdown(r, f);
}

static int best_text(const void *r, FILE *f)
{
    return papsim_best_write_text(r, f);
}

static int best_markdown(const void *r, FILE *f)
{
    return papsim_best_write_markdown(r, f);
}

static int relative_text(const void *r, FILE *f)
{
    return papsim_rel_write_text(r, f);
}

static int relative_markdown(const void *r, FILE *f)
{
    return papsim_rel_write_markdown(r, f);
}

/* Runs gnuplot on OUT/STEM.gp unless it was found missing before; returns 0
 * when the images were drawn. */
static int draw_stem(const char *out, const char *stem, int *not_found)
{
    papsim_err e = {{0}};
    if (*not_found)
        return -1;
    if (papsim_report_run_gnuplot_stem(out, stem, not_found, &e) != 0) {
        papsim_cmd_failed("report", "%s", e.msg);
        return -1;
    }
    printf("wrote %s/%s.png\nwrote %s/%s.svg\n", out, stem, out, stem);
    return 0;
}

static int images_status(const char *out, int failures)
{
    if (failures)
        papsim_cmd_failed("report", "images missing; the text reports and gnuplot scripts "
                                    "in %s were written", out);
    return failures ? 1 : 0;
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
            papsim_cmd_failed("report", "%s", e.msg);
            return 1;
        }
        printf("wrote %s/%s.gp\nwrote %s/%s.dat\n", out, stem, out, stem);
        failures += draw_stem(out, stem, &not_found) != 0;
    }
    return images_status(out, failures);
}

static int draw_best(const char *out, const papsim_best_report *r)
{
    papsim_err e = {{0}};
    int failures = 0, not_found = 0;
    for (size_t g = 0; g < r->ngroups; g++)
        for (size_t v = 0; v < r->groups[g].nviews; v++) {
            const char *stem = r->groups[g].file_stems[v];
            if (papsim_best_write_plot_script(r, g, v, out, &e) != 0) {
                papsim_cmd_failed("report", "%s", e.msg);
                return 1;
            }
            printf("wrote %s/%s.gp\nwrote %s/%s.dat\n", out, stem, out, stem);
            failures += draw_stem(out, stem, &not_found) != 0;
        }
    return images_status(out, failures);
}

static int run_patterns(const report_options *o, const papsim_table *t, const char *outdir)
{
    papsim_report r = {0};
    papsim_err e = {{0}};
    int status = 2;
    if (papsim_report_build(t, o->metrics[0], &r, &e) != 0 ||
        papsim_mkdir_p(outdir, &e) != 0 ||
        write_text_file(outdir, "report.txt", &r, report_text, &e) != 0 ||
        write_text_file(outdir, "report.md", &r, report_markdown, &e) != 0) {
        papsim_cmd_bad_input("report", "%s", e.msg);
        goto out;
    }
    status = draw_panels(outdir, &r);
out:
    papsim_report_free(&r);
    return status;
}

static int run_best(const report_options *o, const papsim_table *t, const char *outdir)
{
    papsim_best_report r = {0};
    papsim_err e = {{0}};
    char prefix[512], name[600];
    int status = 2;
    if (papsim_best_build(t, o->best, o->metrics, o->nmetrics, &r, &e) != 0 ||
        papsim_mkdir_p(outdir, &e) != 0) {
        papsim_cmd_bad_input("report", "%s", e.msg);
        goto out;
    }
    papsim_best_file_prefix(&r, prefix, sizeof prefix);
    snprintf(name, sizeof name, "%s.txt", prefix);
    if (write_text_file(outdir, name, &r, best_text, &e) == 0) {
        snprintf(name, sizeof name, "%s.md", prefix);
        if (write_text_file(outdir, name, &r, best_markdown, &e) == 0)
            status = 0;
    }
    if (status != 0) {
        papsim_cmd_bad_input("report", "%s", e.msg);
        goto out;
    }
    status = draw_best(outdir, &r);
out:
    papsim_best_free(&r);
    return status;
}

/* The relative report goes to stdout as well: it is a table to read, not
 * only a file to open. */
static int run_relative(const report_options *o, const papsim_table *t, const char *outdir)
{
    papsim_rel_report r = {0};
    papsim_err e = {{0}};
    char prefix[512], name[600];
    int status = 2;
    if (papsim_rel_build(t, o->relative, o->metrics[0], o->speedup, &r, &e) != 0 ||
        papsim_mkdir_p(outdir, &e) != 0)
        goto fail;
    r.spread = o->spread;
    if (papsim_rel_write_text(&r, stdout) != 0) {
        papsim_fail(&e, "cannot write to stdout");
        goto fail;
    }
    papsim_rel_file_prefix(&r, prefix, sizeof prefix);
    snprintf(name, sizeof name, "%s.txt", prefix);
    if (write_text_file(outdir, name, &r, relative_text, &e) != 0)
        goto fail;
    snprintf(name, sizeof name, "%s.md", prefix);
    if (write_text_file(outdir, name, &r, relative_markdown, &e) != 0)
        goto fail;
    status = 0;
    goto out;
fail:
    papsim_cmd_bad_input("report", "%s", e.msg);
out:
    papsim_rel_free(&r);
    return status;
}

static int runtimes_text(const void *r, FILE *f)
{
    return papsim_study_write_runtimes_text(r, f);
}

static int runtimes_markdown(const void *r, FILE *f)
{
    return papsim_study_write_runtimes_markdown(r, f);
}

static int robustness_text(const void *r, FILE *f)
{
    return papsim_study_write_robustness_text(r, f);
}

static int robustness_markdown(const void *r, FILE *f)
{
    return papsim_study_write_robustness_markdown(r, f);
}

/* One heatmap per panel and size of a view; robustness only where the
 * panel has something to divide by. */
static int draw_study_view(const char *out, const papsim_report *r, papsim_study_view v)
{
    papsim_err e = {{0}};
    int failures = 0, not_found = 0;
    char stem[1024];
    for (size_t i = 0; i < r->npanels; i++) {
        if (v == PAPSIM_STUDY_ROBUSTNESS && !papsim_study_has_robustness(&r->panels[i]))
            continue;
        for (size_t s = 0; s < r->panels[i].nsizes; s++) {
            if (!papsim_study_size_shown(&r->panels[i], s))
                continue;
            papsim_study_plot_stem(r, i, s, v, stem, sizeof stem);
            if (papsim_study_write_plot_script(r, i, s, v, out, &e) != 0) {
                papsim_cmd_failed("report", "%s", e.msg);
                return -1;
            }
            printf("wrote %s/%s.gp\nwrote %s/%s.dat\n", out, stem, out, stem);
            failures += draw_stem(out, stem, &not_found) != 0;
        }
    }
    return failures;
}

static int any_robustness(const papsim_report *r)
{
    for (size_t i = 0; i < r->npanels; i++)
        if (papsim_study_has_robustness(&r->panels[i]))
            return 1;
    return 0;
}

static int write_study_texts(const report_options *o, const papsim_report *r, const char *outdir,
                             papsim_err *e)
{
    if (o->robustness && !o->figure4 && !any_robustness(r))
        return papsim_fail(e, "%s: --robustness needs no_delay rows and patterned rows of the "
                              "same study (T(pattern)/T(no_delay) - 1); none has both",
                           o->input);
    if (o->runtimes && (write_text_file(outdir, "runtimes.txt", r, runtimes_text, e) != 0 ||
                        write_text_file(outdir, "runtimes.md", r, runtimes_markdown, e) != 0))
        return -1;
    if (o->robustness &&
        (write_text_file(outdir, "robustness.txt", r, robustness_text, e) != 0 ||
         write_text_file(outdir, "robustness.md", r, robustness_markdown, e) != 0))
        return -1;
    return 0;
}

/* The panels of the study views; --spread only changes how cells print. */
static int build_study_report(const report_options *o, const papsim_table *t, papsim_report *r,
                              papsim_err *e)
{
    if (papsim_report_build(t, o->metrics[0], r, e) != 0)
        return -1;
    r->spread = o->spread;
    return 0;
}

/* --runtimes, --robustness, --all: Figures 5, 6 and 8 of Salimi Beni et al.
 * from the same panels as the default report (and, with --all, that report too). */
static int run_study_views(const report_options *o, const papsim_table *t, const char *outdir)
{
    papsim_report r = {0};
    papsim_err e = {{0}};
    int status = o->figure4 ? run_patterns(o, t, outdir) : 0, failures = 0;
    if (status == 2)
        return 2;
    if (build_study_report(o, t, &r, &e) != 0 || papsim_mkdir_p(outdir, &e) != 0 ||
        write_study_texts(o, &r, outdir, &e) != 0) {
        papsim_cmd_bad_input("report", "%s", e.msg);
        status = 2;
        goto out;
    }
    if (o->runtimes)
        failures += draw_study_view(outdir, &r, PAPSIM_STUDY_RUNTIMES);
    if (o->robustness)
        failures += draw_study_view(outdir, &r, PAPSIM_STUDY_ROBUSTNESS);
    status = images_status(outdir, status != 0 || failures != 0);
out:
    papsim_report_free(&r);
    return status;
}

int papsim_cmd_report(int argc, char **argv)
{
    report_options o = {0};
    papsim_table t = {0};
    papsim_err e = {{0}};
    char csv[4096], outdir[4096];
    int status = parse_report_options(argc, argv, &o);
    if (status != 0)
        return status == 1 ? 0 : 2;
    if (resolve_paths(&o, csv, outdir, sizeof csv) != 0)
        return 2;
    if (papsim_results_load(csv, &t, NULL, &e) != 0) {
        papsim_cmd_bad_input("report", "%s", e.msg);
        return 2;
    }
    status = o.best                       ? run_best(&o, &t, outdir)
             : o.relative                 ? run_relative(&o, &t, outdir)
             : o.runtimes || o.robustness ? run_study_views(&o, &t, outdir)
                                          : run_patterns(&o, &t, outdir);
    papsim_table_free(&t);
    return status;
}
