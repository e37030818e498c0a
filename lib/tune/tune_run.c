/* papsim tune's one call (tune_run.h). */
#include "tune/tune_run.h"

#include <unistd.h>

#include "report/report.h"
#include "results/results_csv.h"
#include "tune/tune_mpich.h"
#include "util/papsim_output.h"

/* Writes path through a temporary file renamed into place (util/papsim_output.h):
 * Open MPI's rules (version 1 or 2) or MPICH's selection file (defaults set),
 * or with version 0 their summary; returns 0, or -1 with the message in e. */
static int write_file(const char *path, int mode, const papsim_tune_plan *plan, int version,
                      const papsim_csel_node *defaults, const char *source, FILE *f,
                      papsim_err *e)
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
    fprintf(f, "wrote %s\n", path);
    return 0;
}

int papsim_tune_run(const papsim_tune_request *q, FILE *f, papsim_err *e)
{
    const papsim_tune_options *o = &q->options;
    char csv[4096], rules[4096], summary[4200];
    if ((size_t)snprintf(csv, sizeof csv, "%s/results.csv", q->dir) >= sizeof csv ||
        (size_t)snprintf(rules, sizeof rules, "%s%s", q->out ? "" : q->dir,
                         q->out ? q->out
                                : o->mpich ? "/mpich-selection.json" : "/ompi-rules.conf") >=
            sizeof rules) {
        papsim_fail(e, "%s: path too long", q->dir);
        return PAPSIM_EXIT_BAD_INPUT;
    }
    snprintf(summary, sizeof summary, "%s.summary.txt", rules);
    /* The default files in DIR are papsim's own; a named one is the user's. */
    const int mode = q->out && !q->force ? PAPSIM_OUTPUT_NEW : PAPSIM_OUTPUT_REPLACE;
    const char *const inputs[] = {csv, q->mpich_default};
    if (papsim_output_check(rules, "--out", inputs, 2, mode, e) != 0 ||
        papsim_output_check(summary, "--out", inputs, 2, mode, e) != 0)
        return PAPSIM_EXIT_BAD_INPUT;
    papsim_table t = {0};
    papsim_report r = {0};
    papsim_tune_plan plan = {0};
    papsim_csel_node defaults = {0};
    int status = 0;
    if (o->mpich && papsim_csel_read(q->mpich_default, &defaults, e) != 0)
        return PAPSIM_EXIT_BAD_INPUT;
    const papsim_csel_node *def = o->mpich ? &defaults : NULL;
    if (papsim_results_load(csv, &t, NULL, e) != 0) {
        status = PAPSIM_EXIT_BAD_INPUT;
    } else if (t.nrows == 0) {
        papsim_fail(e, "%s: no results (a header without rows)", csv);
        status = PAPSIM_EXIT_BAD_INPUT;
    } else if (papsim_report_build(&t, o->metric, &r, e) != 0 ||
               papsim_tune_plan_build(&r, o, &plan, e) != 0) {
        papsim_fail_prefix(e, "%s: ", csv);
        status = PAPSIM_EXIT_BAD_INPUT;
    } else if (write_file(rules, mode, &plan, q->version, def, csv, f, e) != 0) {
        status = PAPSIM_EXIT_FAILED;
    } else if (write_file(summary, mode, &plan, 0, def, csv, f, e) != 0) {
        unlink(rules); /* the pair or nothing */
        status = PAPSIM_EXIT_FAILED;
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
