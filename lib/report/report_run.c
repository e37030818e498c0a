/* papsim report as one library call; see report_run.h. Every view reads the
 * same checked table and writes its files the same way: NAME.txt and
 * NAME.md through its text writers, then per heatmap STEM.gp and STEM.dat
 * through the heatmap writer, and gnuplot draws STEM.png and STEM.svg. */
#include "report/report_run.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "report/report.h"
#include "report/report_best.h"
#include "report/report_heatmap.h"
#include "report/report_relative.h"
#include "report/report_study.h"
#include "results/results_csv.h"
#include "util/papsim_fs.h"
#include "util/papsim_output.h"

#define WHO "papsim report"

int papsim_report_paths(const papsim_report_request *q, char *csv, char *outdir, size_t len,
                        papsim_err *e)
{
    struct stat st;
    size_t n = strlen(q->input), a, b;
    int is_file = stat(q->input, &st) == 0 ? !S_ISDIR(st.st_mode)
                                          : n >= 4 && strcmp(q->input + n - 4, ".csv") == 0;
    if (is_file) {
        const char *slash = strrchr(q->input, '/');
        int dirlen = slash ? (int)(slash - q->input) : 0;
        a = (size_t)snprintf(csv, len, "%s", q->input);
        if (q->out)
            b = (size_t)snprintf(outdir, len, "%s", q->out);
        else if (!slash)
            b = (size_t)snprintf(outdir, len, "report");
        else
            b = (size_t)snprintf(outdir, len, "%.*s/report", dirlen, q->input);
    } else {
        a = (size_t)snprintf(csv, len, "%s/results.csv", q->input);
        b = q->out ? (size_t)snprintf(outdir, len, "%s", q->out)
                   : (size_t)snprintf(outdir, len, "%s/report", q->input);
    }
    if (a >= len || b >= len)
        return papsim_fail(e, "%s: path too long", q->input);
    return 0;
}

/* Every view writes its text and its Markdown with one function. */
typedef int (*text_writer)(const void *report, FILE *f, int markdown);

static int runtime_file(const void *r, FILE *f, int md) { return papsim_report_write(r, f, md); }
static int best_file(const void *r, FILE *f, int md) { return papsim_best_write(r, f, md); }
static int relative_file(const void *r, FILE *f, int md) { return papsim_rel_write(r, f, md); }
static int runtimes_file(const void *r, FILE *f, int md)
{
    return papsim_study_write_runtimes(r, f, md);
}
static int robustness_file(const void *r, FILE *f, int md)
{
    return papsim_study_write_robustness(r, f, md);
}

/* Writes OUT/STEM.txt, then OUT/STEM.md, with writer(report, f, markdown)
 * and logs each. */
static int write_text_pair(FILE *log, const char *out, const char *stem, const void *report,
                           text_writer writer, papsim_err *e)
{
    char path[4096];
    for (int md = 0; md < 2; md++) {
        if ((size_t)snprintf(path, sizeof path, "%s/%s.%s", out, stem, md ? "md" : "txt") >=
            sizeof path)
            return papsim_fail(e, "%s: path too long", out);
        papsim_output f;
        if (papsim_output_open(&f, path, PAPSIM_OUTPUT_REPLACE, e) != 0 ||
            papsim_output_commit(&f, writer(report, f.f, md), e) != 0)
            return -1;
        fprintf(log, "wrote %s\n", path);
    }
    return 0;
}

/* The heatmaps of one view: scripts are written for every heatmap even when
 * gnuplot is missing, so the images can be drawn later; after "gnuplot not
 * found" no further drawing is tried. */
typedef struct {
    FILE *log;
    const char *out;
    int not_found;
    int failures; /* images not drawn */
} drawing;

/* After a heatmap's script was written (script_rc 0), logs it and draws it;
 * -1 when the script could not be written. */
static int draw(drawing *d, const char *stem, int script_rc, papsim_err *e)
{
    if (script_rc != 0) {
        papsim_print_error(PAPSIM_EXIT_FAILED, WHO, "%s", e->msg);
        return -1;
    }
    fprintf(d->log, "wrote %s/%s.gp\nwrote %s/%s.dat\n", d->out, stem, d->out, stem);
    if (d->not_found) {
        d->failures++;
        return 0;
    }
    if (papsim_heatmap_run_gnuplot(d->out, stem, &d->not_found, e) != 0) {
        papsim_print_error(PAPSIM_EXIT_FAILED, WHO, "%s", e->msg);
        d->failures++;
        return 0;
    }
    fprintf(d->log, "wrote %s/%s.png\nwrote %s/%s.svg\n", d->out, stem, d->out, stem);
    return 0;
}

static int images_status(const char *out, int failures)
{
    if (failures)
        papsim_print_error(PAPSIM_EXIT_FAILED, WHO, "images missing; the text reports and "
                                                   "gnuplot scripts in %s were written", out);
    return failures ? 1 : 0;
}

static int run_runtime(const papsim_report_request *q, const papsim_table *t, const char *out,
                       FILE *log)
{
    papsim_report r = {0};
    papsim_err e = {{0}};
    drawing d = {log, out, 0, 0};
    int status = PAPSIM_EXIT_BAD_INPUT;
    if (papsim_report_build(t, q->metrics[0], &r, &e) != 0 || papsim_mkdir_p(out, &e) != 0 ||
        write_text_pair(log, out, "report", &r, runtime_file, &e) != 0) {
        papsim_print_error(status, WHO, "%s", e.msg);
        goto out;
    }
    status = 1;
    for (size_t i = 0; i < r.npanels; i++)
        if (draw(&d, r.panels[i].file_stem, papsim_report_write_plot_script(&r, i, out, &e), &e))
            goto out;
    status = images_status(out, d.failures);
out:
    papsim_report_free(&r);
    return status;
}

static int run_best(const papsim_report_request *q, const papsim_table *t, const char *out,
                    FILE *log)
{
    papsim_best_report r = {0};
    papsim_err e = {{0}};
    drawing d = {log, out, 0, 0};
    char prefix[512];
    int status = PAPSIM_EXIT_BAD_INPUT;
    if (papsim_best_build(t, q->best, q->metrics, q->nmetrics, &r, &e) != 0 ||
        papsim_mkdir_p(out, &e) != 0)
        goto bad;
    papsim_best_file_prefix(&r, prefix, sizeof prefix);
    if (write_text_pair(log, out, prefix, &r, best_file, &e) != 0)
        goto bad;
    status = 1;
    for (size_t g = 0; g < r.ngroups; g++)
        for (size_t v = 0; v < r.groups[g].nviews; v++)
            if (draw(&d, r.groups[g].file_stems[v],
                     papsim_best_write_plot_script(&r, g, v, out, &e), &e) != 0)
                goto out;
    status = images_status(out, d.failures);
    goto out;
bad:
    papsim_print_error(status, WHO, "%s", e.msg);
out:
    papsim_best_free(&r);
    return status;
}

/* The relative report goes to the log (stdout) as well: it is a table to
 * read, not only a file to open. */
static int run_relative(const papsim_report_request *q, const papsim_table *t, const char *out,
                        FILE *log)
{
    papsim_rel_report r = {0};
    papsim_err e = {{0}};
    char prefix[512];
    int status = PAPSIM_EXIT_BAD_INPUT;
    if (papsim_rel_build(t, q->relative, q->metrics[0], q->speedup, &r, &e) != 0 ||
        papsim_mkdir_p(out, &e) != 0)
        goto fail;
    r.spread = q->spread;
    if (papsim_rel_write(&r, log, 0) != 0) {
        papsim_fail(&e, "cannot write to stdout");
        goto fail;
    }
    papsim_rel_file_prefix(&r, prefix, sizeof prefix);
    if (write_text_pair(log, out, prefix, &r, relative_file, &e) != 0)
        goto fail;
    status = 0;
    goto out;
fail:
    papsim_print_error(status, WHO, "%s", e.msg);
out:
    papsim_rel_free(&r);
    return status;
}

/* One heatmap per panel and size of a study view; robustness only where the
 * panel has something to divide by. Returns the images not drawn, or -1. */
static int draw_study_view(FILE *log, const char *out, const papsim_report *r,
                           papsim_study_view v)
{
    papsim_err e = {{0}};
    drawing d = {log, out, 0, 0};
    char stem[1024];
    for (size_t i = 0; i < r->npanels; i++) {
        if (v == PAPSIM_STUDY_ROBUSTNESS && !papsim_study_has_robustness(&r->panels[i]))
            continue;
        for (size_t s = 0; s < r->panels[i].nsizes; s++) {
            if (!papsim_study_size_shown(&r->panels[i], s))
                continue;
            papsim_study_plot_stem(r, i, s, v, stem, sizeof stem);
            if (draw(&d, stem, papsim_study_write_plot_script(r, i, s, v, out, &e), &e) != 0)
                return -1;
        }
    }
    return d.failures;
}

static int any_robustness(const papsim_report *r)
{
    for (size_t i = 0; i < r->npanels; i++)
        if (papsim_study_has_robustness(&r->panels[i]))
            return 1;
    return 0;
}

static int write_study_texts(const papsim_report_request *q, const papsim_report *r,
                             const char *out, FILE *log, papsim_err *e)
{
    if (q->robustness && !q->figure4 && !any_robustness(r))
        return papsim_fail(e, "%s: --robustness needs no_delay rows and patterned rows of the "
                              "same study (T(pattern)/T(no_delay) - 1); none has both",
                           q->input);
    if (q->runtimes &&
        write_text_pair(log, out, "runtimes", r, runtimes_file, e) != 0)
        return -1;
    if (q->robustness &&
        write_text_pair(log, out, "robustness", r, robustness_file, e) != 0)
        return -1;
    return 0;
}

/* --runtimes, --robustness, --all: Figures 5, 6 and 8 of Salimi Beni et al.
 * from the same panels as the default report (and, with --all, that report
 * too); --spread only changes how cells print. */
static int run_study(const papsim_report_request *q, const papsim_table *t, const char *out,
                     FILE *log)
{
    papsim_report r = {0};
    papsim_err e = {{0}};
    int status = q->figure4 ? run_runtime(q, t, out, log) : 0, failures = 0;
    if (status == PAPSIM_EXIT_BAD_INPUT)
        return status;
    int built = papsim_report_build(t, q->metrics[0], &r, &e);
    r.spread = q->spread; /* a report that failed is empty: setting it is harmless */
    if (built != 0 || papsim_mkdir_p(out, &e) != 0 ||
        write_study_texts(q, &r, out, log, &e) != 0) {
        status = papsim_print_error(PAPSIM_EXIT_BAD_INPUT, WHO, "%s", e.msg);
        goto out;
    }
    if (q->runtimes)
        failures += draw_study_view(log, out, &r, PAPSIM_STUDY_RUNTIMES);
    if (q->robustness)
        failures += draw_study_view(log, out, &r, PAPSIM_STUDY_ROBUSTNESS);
    status = images_status(out, status != 0 || failures != 0);
out:
    papsim_report_free(&r);
    return status;
}

/* 1 if name is of a kind the report writes: .txt, .md, .gp, .dat, .png, .svg. */
static int report_kind(const char *name)
{
    static const char *const ext[] = {".txt", ".md", ".gp", ".dat", ".png", ".svg"};
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof ext / sizeof ext[0]; i++)
        if (strcmp(dot, ext[i]) == 0)
            return 1;
    return 0;
}

/* The report's directory is papsim's: its files are rewritten on every run
 * (util/papsim_output.h). The table it reads must not be one of them, under
 * its own name or another (a hard or symbolic link in the directory). */
static int input_not_in(const char *csv, const char *outdir, papsim_err *e)
{
    struct stat in, st;
    char path[8192];
    DIR *d = opendir(outdir);
    if (!d || stat(csv, &in) != 0) {
        if (d)
            closedir(d);
        return 0; /* no directory yet, or no table: the reader says why */
    }
    int rc = 0;
    for (struct dirent *de; rc == 0 && (de = readdir(d)) != NULL;) {
        snprintf(path, sizeof path, "%s/%s", outdir, de->d_name);
        if (report_kind(de->d_name) && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
            st.st_dev == in.st_dev && st.st_ino == in.st_ino)
            rc = papsim_fail(e, "'%s' is the input '%s' (the same file); papsim never writes "
                             "over an input: give the report another directory (--out)", path,
                             csv);
    }
    closedir(d);
    return rc;
}

int papsim_report_run(const papsim_report_request *q, const char *csv, const char *outdir,
                      FILE *log)
{
    papsim_table t = {0};
    papsim_err e = {{0}};
    if (input_not_in(csv, outdir, &e) != 0)
        return papsim_print_error(PAPSIM_EXIT_BAD_INPUT, WHO, "%s", e.msg);
    if (papsim_results_load(csv, &t, NULL, &e) != 0)
        return papsim_print_error(PAPSIM_EXIT_BAD_INPUT, WHO, "%s", e.msg);
    int status = q->best                       ? run_best(q, &t, outdir, log)
                 : q->relative                 ? run_relative(q, &t, outdir, log)
                 : q->runtimes || q->robustness ? run_study(q, &t, outdir, log)
                                                : run_runtime(q, &t, outdir, log);
    papsim_table_free(&t);
    return status;
}
