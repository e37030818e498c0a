/* The files `papsim tune` writes (tune.h): Open MPI's dynamic rules file in
 * its two formats, and the summary against Open MPI 4.1's fixed decision.
 *
 * The rules file grammar, as Open MPI's reader takes it
 * (ompi/mca/coll/tuned/coll_tuned_dynamic_file.c, v4.1 and v5.0): integers
 * separated by white space, a '#' starting a comment to the end of the line;
 * the number of collectives; per collective its id and the number of
 * communicator sizes; per communicator size the size and the number of
 * message-size rules; per rule the message size (the first one 0), the
 * algorithm id, the fan-in/out and the segment size. Version 2 starts with
 * the line "rule-file-version-2" (the very first bytes of the file) and adds
 * a max-requests value, read only when it follows the segment size on the
 * same line; so every rule is one line and its comment goes on the line
 * above. Open MPI 4.1 does not read version 2. */
#include "tune/tune.h"

#include "plugin.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *rule_text(const papsim_tune_options *o, char *buf, size_t len)
{
    switch (o->rule) {
    case PAPSIM_TUNE_NO_DELAY:
        return "the best under no_delay";
    case PAPSIM_TUNE_PATTERN:
        snprintf(buf, len, "the best under pattern %s", o->pattern);
        return buf;
    case PAPSIM_TUNE_ROBUST_MEAN:
        return "the most robust: lowest mean ratio to each pattern's best";
    case PAPSIM_TUNE_ROBUST_WORST:
        return "the most robust: lowest worst-case ratio to each pattern's best";
    }
    return "";
}

static int is_time_rule(const papsim_tune_options *o)
{
    return o->rule == PAPSIM_TUNE_NO_DELAY || o->rule == PAPSIM_TUNE_PATTERN;
}

/* "10 us" for a time rule, "score 1.034" for a robust one. */
static void value_text(const papsim_tune_options *o, double v, char *buf, size_t len)
{
    if (is_time_rule(o))
        papsim_format_seconds(v, buf, len);
    else
        snprintf(buf, len, "score %.3f", v);
}

static void rule_comment(const papsim_tune_plan *plan, const papsim_tune_group *g,
                         const papsim_tune_point *pt, FILE *f)
{
    const papsim_report *r = plan->report;
    const char *under = plan->opt.rule == PAPSIM_TUNE_PATTERN ? plan->opt.pattern : "no_delay";
    char v[48], t[48], n[48];
    value_text(&plan->opt, pt->value, v, sizeof v);
    papsim_format_seconds(pt->time, t, sizeof t);
    fprintf(f, "# %lld B (Open MPI message size %lld, rule from %lld): %s = %s %d: ",
            pt->bytes, pt->msg_size, pt->threshold, r->algorithms[pt->alg], pt->ompi_name,
            pt->ompi_id);
    if (is_time_rule(&plan->opt))
        fprintf(f, "%s under %s", v, under);
    else
        fprintf(f, "%s, %s under no_delay", v, isnan(pt->time) ? "-" : t);
    if (pt->next >= 0) {
        value_text(&plan->opt, pt->next_value, n, sizeof n);
        fprintf(f, "; next: %s %s (%.3fx)", r->algorithms[pt->next], n,
                pt->next_value / pt->value);
    } else {
        fprintf(f, "; no other choice");
    }
    fprintf(f, "; segment size %d (%s)\n", pt->segsize, pt->segsize_source);
    if (pt->winner >= 0) {
        value_text(&plan->opt, pt->winner_value, n, sizeof n);
        const char *w = r->algorithms[pt->winner];
        fprintf(f, "# given up: %s (no Open MPI %s counterpart%s) %s; the choice is %.3fx it\n",
                w, plan->opt.ompi_major >= 5 ? "5" : "4.1",
                papsim_is_user_algorithm(w) && !papsim_plugin_find(g->collective, w)
                    ? "; papsim tune --plugin FILE reads the one its file declares" : "",
                n, pt->value / pt->winner_value);
    }
}

int papsim_tune_write_rules(const papsim_tune_plan *plan, int version, const char *source,
                            FILE *f)
{
    char buf[256];
    size_t ncoll = 0;
    for (size_t i = 0; i < plan->ngroups; i++)
        ncoll += i == 0 || plan->groups[i].ompi_coll != plan->groups[i - 1].ompi_coll;
    if (version == 2)
        fputs("rule-file-version-2\n", f);
    fprintf(f, "# Open MPI tuned dynamic rules, format %d (%s), written by papsim tune\n"
               "# from %s, metric %s; choice: %s.\n"
               "# Use: mpirun --mca coll_tuned_use_dynamic_rules 1 \\\n"
               "#   --mca coll_tuned_dynamic_rules_filename FILE ...\n"
               "# A rule holds from its message size to the next rule's; between two\n"
               "# measured sizes the threshold is their geometric mean (rounded up).\n"
               "# A communicator takes the rules of the largest size not above its own.\n"
               "# Rule: message size, algorithm id, fan-in/out, segment size%s.\n",
            version, version == 2 ? "Open MPI 5" : "Open MPI 4.1 and later", source,
            plan->report->metric, rule_text(&plan->opt, buf, sizeof buf),
            version == 2 ? ", max requests" : "");
    fprintf(f, "%zu # collectives\n", ncoll);
    for (size_t i = 0; i < plan->ngroups;) {
        const papsim_tune_group *g = &plan->groups[i];
        size_t j = i;
        while (j < plan->ngroups && plan->groups[j].ompi_coll == g->ompi_coll)
            j++;
        fprintf(f, "%d # %s\n%zu # communicator sizes\n", g->ompi_coll, g->collective, j - i);
        for (; i < j; i++) {
            g = &plan->groups[i];
            /* A one-rule collective: its comments say why, then every
             * measured size's comment, then its one rule. */
            fprintf(f, "%d # communicator size\n%zu # rules\n", g->np,
                    g->one_rule ? (size_t)1 : g->npoints);
            if (g->one_rule) {
                fprintf(f, "# Open MPI sizes every %s of a communicator alike%s, so only its "
                           "first rule applies:\n# one choice for the %zu measured size%s",
                        g->collective,
                        g->points[0].msg_size ? " (type size x communicator size, whatever "
                                                "the count)" : "",
                        g->npoints, g->npoints == 1 ? "" : "s");
                if (g->npoints > 1)
                    fprintf(f, ", the lowest mean ratio to each size's best (%.3f)",
                            g->one_rule_score);
                fputc('\n', f);
            }
            for (size_t k = 0; k < g->npoints; k++) {
                const papsim_tune_point *pt = &g->points[k];
                rule_comment(plan, g, pt, f);
                if (g->one_rule && k + 1 < g->npoints)
                    continue;
                if (g->one_rule)
                    pt = &g->points[0];
                fprintf(f, "%lld %d %d %d", pt->threshold, pt->ompi_id, pt->faninout,
                        pt->segsize);
                if (version == 2)
                    fprintf(f, " %d", pt->max_requests);
                fputc('\n', f);
            }
        }
    }
    return ferror(f) ? -1 : 0;
}

/* The study's best-placed algorithm for Open MPI id `id` at size s under
 * pattern k (lowest median), -1 if the study has none. */
static int algorithm_for_id(const papsim_tune_plan *plan, const papsim_tune_group *g, int id,
                            size_t k, size_t s, double *t)
{
    const papsim_report *r = plan->report;
    int best = -1;
    char name[48];
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if (!g->panel->present[a] ||
            papsim_tune_open_mpi(g->collective, r->algorithms[a], 4, name, sizeof name) != id)
            continue;
        double v = papsim_panel_median(g->panel, k, s, a);
        if (!isnan(v) && (best < 0 || v < *t)) {
            best = (int)a;
            *t = v;
        }
    }
    return best;
}

static void summary_point(const papsim_tune_plan *plan, const papsim_tune_group *g,
                          const papsim_tune_point *pt, FILE *f)
{
    const papsim_report *r = plan->report;
    const papsim_report_panel *p = g->panel;
    size_t s = pt->size;
    int fixed = papsim_tune_fixed_41(g->collective, g->np, pt->bytes);
    fprintf(f, "%s np=%d %lld B: tuned %s (Open MPI %d)", g->collective, g->np, pt->bytes,
            r->algorithms[pt->alg], pt->ompi_id);
    if (strcmp(p->key[PAPSIM_PK_OP], "affine") == 0 &&
        (strcmp(g->collective, "reduce") == 0 || strcmp(g->collective, "allreduce") == 0 ||
         strncmp(g->collective, "reduce_scatter", 14) == 0)) {
        fprintf(f, "; Open MPI 4.1's fixed decision for a non-commutative op (affine) is not "
                   "written down in papsim\n");
        return;
    }
    if (fixed < 0) {
        fprintf(f, "; Open MPI 4.1's fixed decision for %s is not written down in papsim\n",
                g->collective);
        return;
    }
    char fname[48];
    const char *mine = papsim_tune_counterpart(g->collective, fixed, fname, sizeof fname);
    const char *note = papsim_tune_fixed_note(g->collective);
    fprintf(f, ", fixed decision Open MPI %s %d (papsim %s%s%s)\n", fname, fixed,
            mine ? mine : "has none", note ? "; " : "", note ? note : "");
    for (size_t k = 0; k < p->npatterns; k++) {
        double tt = papsim_panel_median(p, k, s, (size_t)pt->alg), tf = NAN;
        int a = algorithm_for_id(plan, g, fixed, k, s, &tf);
        char x[48], y[48];
        papsim_format_seconds(tt, x, sizeof x);
        fprintf(f, "  %-14s tuned %s", p->patterns[k], isnan(tt) ? "-" : x);
        if (a < 0) {
            fprintf(f, "; fixed: missing, the study has no ok run of %s under %s\n",
                    mine ? mine : fname, p->patterns[k]);
            continue;
        }
        papsim_format_seconds(tf, y, sizeof y);
        fprintf(f, ", fixed %s %s, fixed/tuned %.3f\n", r->algorithms[a], y, tf / tt);
    }
}

int papsim_tune_write_summary(const papsim_tune_plan *plan, FILE *f)
{
    char buf[256];
    fprintf(f, "What the tuned choice is worth against Open MPI 4.1's fixed decision\n"
               "(ompi_coll_tuned_<collective>_intra_dec_fixed in\n"
               "ompi/mca/coll/tuned/coll_tuned_decision_fixed.c of Open MPI v4.1.4, for a\n"
               "commutative op), median %s per pattern; fixed/tuned above 1: the tuned\n"
               "choice is faster. Choice: %s.\n",
            plan->report->metric, rule_text(&plan->opt, buf, sizeof buf));
    for (size_t i = 0; i < plan->ngroups; i++)
        for (size_t k = 0; k < plan->groups[i].npoints; k++) {
            fputc('\n', f);
            summary_point(plan, &plan->groups[i], &plan->groups[i].points[k], f);
        }
    return ferror(f) ? -1 : 0;
}
