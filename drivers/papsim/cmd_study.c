/* papsim study SPEC --out DIR: the study of M. Salimi Beni, B. Cosenza,
 * S. Hunold, "MPI collective algorithm selection in the presence of process
 * arrival patterns", IEEE International Conference on Cluster Computing
 * (CLUSTER), 2024, in one command. It is
 * `papsim run SPEC --out DIR` (no-delay cases first, then the relative
 * skews 0.5x/1x/1.5x or the robustness skew 1.5x-own resolved from them,
 * then every pattern), followed by `papsim report DIR --all` into
 * DIR/report: the best-algorithm table (Figure 4), the runtimes with the
 * robustness scores and recommendations (Figures 5 and 8) and the
 * robustness (Figure 6). It calls the sweep engine (sweep_run_spec) with
 * papsim run's arguments and then the report library (papsim_report_run)
 * with the --all request, so both keep one definition and their own
 * errors; a rerun resumes the sweep and redraws the reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "report/report.h"
#include "report/report_run.h"
#include "sweep/sweep_run.h"
#include "util/papsim_error.h"

#define MAX_ARGS 64

static void study_usage(FILE *out)
{
    fputs("usage: papsim study SPEC --out DIR [--jobs N] [--cfg=ITEM:VALUE ...] [--metric M]\n"
          "                    [--quiet] [--case-timeout T]\n"
          "Salimi Beni et al.'s study in one command: papsim run SPEC --out DIR, then\n"
          "papsim report DIR --all --out DIR/report. The spec names the collective, the\n"
          "algorithms, sizes, platform and np, the patterns (no_delay among them) and the\n"
          "skews: factors of the mean no-delay time of the block's algorithms (0.5x, 1x,\n"
          "1.5x) and/or the robustness mode 1.5x-own (each algorithm's own no-delay time).\n"
          "The reports: report.txt/.md (best algorithm per pattern and size, Figure 4),\n"
          "runtimes.txt/.md (Figures 5 and 8: runtimes, 5% marks, robustness score and the\n"
          "recommended algorithm per size), robustness.txt/.md (Figure 6), each with images.\n"
          "Full reference of the paper: README.md, section References.\n"
          "  --out DIR     result directory: DIR/results.csv and DIR/report/\n"
          "  --metric M    the reports' metric (default last_delay, the paper's)\n"
          "  --jobs, --cfg, --quiet, --case-timeout  as for papsim run\n"
          "Exit status: 0 ok; 1 some cases failed or images are missing (the rest is\n"
          "written); 2 bad input; 130 interrupted (rerun to resume).\n",
          out);
}

typedef struct {
    const char *out, *metric;
    int help;
    int nrun;
    char *run[MAX_ARGS + 1]; /* "run" and papsim run's arguments, for its parser */
} study_args;

/* Everything but --metric goes to papsim run, which checks it; --out is
 * also kept for the report. */
static int split_args(int argc, char **argv, study_args *s)
{
    s->run[s->nrun++] = "run";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            s->help = 1;
            continue;
        }
        if (!strcmp(a, "--metric")) {
            if (!next)
                return papsim_cmd_bad_option("study", ':', a);
            s->metric = argv[++i];
            if (!papsim_report_metric_column(s->metric))
                return papsim_cmd_bad_input("study", "--metric: '%s' is not one of last_delay, "
                                            "total_delay, mean_elapsed, max_elapsed", s->metric);
            continue;
        }
        if (!strcmp(a, "--dry-run"))
            return papsim_cmd_bad_input("study", "--dry-run: use papsim run SPEC --dry-run");
        if (!strcmp(a, "--out") && next)
            s->out = next;
        if (s->nrun == MAX_ARGS)
            return papsim_cmd_bad_input("study", "more than %d arguments", MAX_ARGS - 1);
        s->run[s->nrun++] = argv[i];
    }
    s->run[s->nrun] = NULL;
    return 0;
}

/* The reports of papsim report DIR --all --out DIR/report [--metric M],
 * asked of the report library directly. */
static int run_reports(const study_args *s)
{
    char report_dir[4200], csv[4096], outdir[4096];
    papsim_err e = {{0}};
    if ((size_t)snprintf(report_dir, sizeof report_dir, "%s/report", s->out) >= sizeof report_dir)
        return papsim_cmd_bad_input("study", "--out '%s': path too long", s->out);
    papsim_report_request q = {.input = s->out, .out = report_dir, .runtimes = 1,
                               .robustness = 1, .figure4 = 1, .nmetrics = 1};
    q.metrics[0] = s->metric ? papsim_report_metric_column(s->metric) : "last_delay_s";
    if (papsim_report_paths(&q, csv, outdir, sizeof csv, &e) != 0)
        return papsim_cmd_bad_input("report", "%s", e.msg);
    papsim_print_note("papsim study", "step 2 of 2: reports into %s", outdir);
    return papsim_report_run(&q, csv, outdir, stdout);
}

int papsim_cmd_study(int argc, char **argv)
{
    study_args s = {0};
    if (split_args(argc, argv, &s) != 0)
        return 2;
    if (s.help) {
        study_usage(stdout);
        return 0;
    }
    papsim_err e = {{0}};
    sweep_run_options ro;
    int help;
    /* papsim run's arguments, parsed as papsim run parses them; its
     * messages name papsim study */
    s.run[0] = "study";
    int bad = papsim_run_parse_args(s.nrun, s.run, &ro, &help, &e);
    s.run[0] = "run";
    if (bad)
        return papsim_cmd_bad_input("study", "%s", e.msg);
    if (!s.out)
        return papsim_cmd_bad_input("study", "--out DIR is required (usage: papsim study SPEC "
                                    "--out DIR)");
    papsim_print_note("papsim study", "step 1 of 2: papsim run into %s", s.out);
    ro.argc = s.nrun; /* recorded as the papsim run it is */
    ro.argv = s.run;
    int run = sweep_run_spec(&ro, &e);
    if (e.msg[0])
        papsim_cmd_error("run", run, "%s", e.msg);
    if (run != 0 && run != 1) /* bad input or interrupted: nothing to report yet */
        return run;
    int report = run_reports(&s);
    if (report == 2)
        return 2;
    return run || report ? 1 : 0;
}
