/* The choice behind `papsim tune` (tune.h): which panel answers for each
 * (collective, np), and which algorithm each measured size gets. */
#include "tune/tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cases/case.h"
#include "papsim_catalog.h"
#include "report/report_study.h"
#include "tune/tune_mpich.h"

double papsim_tune_worst_ratio(const papsim_report_panel *p, size_t size, size_t a)
{
    double worst = NAN;
    for (size_t k = 0; k < p->npatterns; k++) {
        double best = papsim_study_fastest(p, k, size);
        if (isnan(best))
            continue; /* no algorithm has this pattern at this size */
        double t = papsim_panel_median(p, k, size, a);
        if (isnan(t) || best <= 0)
            return NAN;
        if (isnan(worst) || t / best > worst)
            worst = t / best;
    }
    return worst;
}

/* The counterpart of an algorithm label in the library the plan writes
 * for: Open MPI's id (name into name), or 0 for MPICH 4.0.2's
 * MPIR_<Coll>_intra_<name>; -1 when it has none. */
static int counterpart(const papsim_tune_plan *plan, const char *collective, const char *label,
                       char *name, size_t len)
{
    if (plan->opt.mpich)
        return papsim_tune_mpich(collective, label, name, len, NULL);
    return papsim_tune_open_mpi(collective, label, plan->opt.ompi_major, name, len);
}

static const char *library(const papsim_tune_plan *plan)
{
    return plan->opt.mpich ? "MPICH 4.0.2" : plan->opt.ompi_major >= 5 ? "Open MPI 5" : "Open MPI 4.1";
}

static long pattern_index(const papsim_report_panel *p, const char *name)
{
    for (size_t k = 0; k < p->npatterns; k++)
        if (strcmp(p->patterns[k], name) == 0)
            return (long)k;
    return -1;
}

/* The criterion of algorithm a at size s (lower is better), NAN if none. */
static double criterion(const papsim_tune_plan *plan, const papsim_report_panel *p, size_t s, size_t a)
{
    switch (plan->opt.rule) {
    case PAPSIM_TUNE_NO_DELAY:
        return p->no_delay_row < 0 ? NAN : papsim_panel_median(p, (size_t)p->no_delay_row, s, a);
    case PAPSIM_TUNE_PATTERN:
        return papsim_panel_median(p, (size_t)pattern_index(p, plan->opt.pattern), s, a);
    case PAPSIM_TUNE_ROBUST_MEAN:
        return papsim_study_score(p, s, a);
    case PAPSIM_TUNE_ROBUST_WORST:
        return papsim_tune_worst_ratio(p, s, a);
    }
    return NAN;
}

/* Index of the lowest criterion among algorithms (mapped only when
 * mapped_only), skipping skip; -1 if none. */
static int best_of(const papsim_tune_plan *plan, const papsim_tune_group *g, size_t s,
                   int mapped_only, int skip, double *value)
{
    const papsim_report *r = plan->report;
    int best = -1;
    char name[64];
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if ((int)a == skip || !g->panel->present[a])
            continue;
        if (mapped_only && counterpart(plan, g->collective, r->algorithms[a], name, sizeof name) < 0)
            continue;
        double v = criterion(plan, g->panel, s, a);
        if (!isnan(v) && (best < 0 || v < *value)) {
            best = (int)a;
            *value = v;
        }
    }
    return best;
}

/* The knob values a label carries ("chain[segment_bytes=8192;...]"), 0 when
 * it names none. */
static int label_knob(const char *label, const char *key)
{
    const char *b = strchr(label, '[');
    size_t n = strlen(key);
    for (const char *c = b; c && *c; c++)
        if ((c[-1] == '[' || c[-1] == ';') && strncmp(c, key, n) == 0 && c[n] == '=')
            return atoi(c + n + 1);
    return 0;
}

/* Chain fan-outs as the simulated chains used them (registry.def): reduce
 * min(p/2, 32), bcast min(4, p-1), SMPI's reduce ompi_chain p/2; Open MPI
 * reads them from the file. */
static int chain_fanout(const char *collective, const char *label, const char *ompi_name,
                        int np)
{
    if (strcmp(ompi_name, "chain") != 0)
        return 0;
    if (strncmp(label, "builtin:", 8) == 0) /* SMPI's ompi_chain: fan-out p/2 */
        return np / 2 < 1 ? 1 : np / 2;
    int f = strcmp(collective, "reduce") == 0 ? (np / 2 < 32 ? np / 2 : 32)
                                              : (np - 1 < 4 ? np - 1 : 4);
    return f < 1 ? 1 : f;
}

/* Smallest t with t * t >= a * b: the geometric middle of two sizes. */
static long long geometric_middle(long long a, long long b)
{
    long double m = sqrtl((long double)a * (long double)b);
    long long t = (long long)m;
    while ((long double)t * t < (long double)a * b)
        t++;
    while (t > 0 && (long double)(t - 1) * (t - 1) >= (long double)a * b)
        t--;
    return t;
}

/* Point pt of size s with choice alg (an algorithm with a counterpart):
 * everything but the threshold. */
static void set_point(const papsim_tune_plan *plan, const papsim_tune_group *g, size_t s,
                      int alg, papsim_tune_point *pt)
{
    const papsim_report *r = plan->report;
    const papsim_report_panel *p = g->panel;
    double w = NAN, nv = NAN;
    int win = best_of(plan, g, s, 0, -1, &w);
    pt->bytes = p->bytes[s];
    pt->size = s;
    pt->msg_size = plan->opt.mpich
                       ? papsim_tune_mpich_msg_size(g->collective, pt->bytes, g->np)
                       : papsim_tune_msg_size(g->collective, pt->bytes, g->np,
                                              papsim_datatype_size(p->key[PAPSIM_PK_DATATYPE]));
    pt->alg = alg;
    pt->value = criterion(plan, p, s, (size_t)alg);
    pt->ompi_id = counterpart(plan, g->collective, r->algorithms[alg], pt->ompi_name,
                              sizeof pt->ompi_name);
    pt->segsize = papsim_tune_segsize(g->collective, r->algorithms[alg], g->np, pt->bytes,
                                      &pt->segsize_source);
    pt->max_requests = label_knob(r->algorithms[alg], "max_requests");
    pt->faninout = chain_fanout(g->collective, r->algorithms[alg], pt->ompi_name, g->np);
    pt->next = best_of(plan, g, s, 1, alg, &nv);
    pt->next_value = nv;
    pt->winner = win == alg ? -1 : win;
    pt->winner_value = w;
    long nd = plan->opt.rule == PAPSIM_TUNE_PATTERN ? pattern_index(p, plan->opt.pattern)
                                                    : p->no_delay_row;
    pt->time = nd < 0 ? NAN : papsim_panel_median(p, (size_t)nd, s, (size_t)alg);
}

/* A one-rule collective (papsim_tune_one_rule): the algorithm with a
 * counterpart and a criterion at every point whose mean ratio to each
 * point's best choice is lowest (ties to the first by name) becomes every
 * point's choice. */
static int one_choice(papsim_tune_plan *plan, papsim_tune_group *g, papsim_err *e)
{
    const papsim_report *r = plan->report;
    int one = -1;
    char name[64];
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if (!g->panel->present[a] ||
            counterpart(plan, g->collective, r->algorithms[a], name, sizeof name) < 0)
            continue;
        double sum = 0;
        for (size_t k = 0; k < g->npoints && !isnan(sum); k++)
            sum += criterion(plan, g->panel, g->points[k].size, a) / g->points[k].value;
        if (!isnan(sum) && (one < 0 || sum / g->npoints < g->one_rule_score)) {
            one = (int)a;
            g->one_rule_score = sum / g->npoints;
        }
    }
    if (one < 0)
        return papsim_fail(e, "%s np=%d: %s applies one rule to every %s of a "
                           "communicator, and no algorithm with an %s counterpart has a "
                           "result at every measured size", g->collective, g->np,
                           plan->opt.mpich ? "MPICH's selection file" : "Open MPI",
                           g->collective, plan->opt.mpich ? "MPICH 4.0.2" : "Open MPI");
    for (size_t k = 0; k < g->npoints; k++)
        set_point(plan, g, g->points[k].size, one, &g->points[k]);
    return 0;
}

static int fill_group(papsim_tune_plan *plan, papsim_tune_group *g, papsim_err *e)
{
    const papsim_report *r = plan->report;
    const papsim_report_panel *p = g->panel;
    g->points = calloc(p->nsizes ? p->nsizes : 1, sizeof *g->points);
    if (!g->points)
        return papsim_fail(e, "out of memory");
    g->one_rule = plan->opt.mpich ? papsim_tune_mpich_msg_key(g->collective) == NULL
                                  : papsim_tune_one_rule(g->collective);
    for (size_t s = 0; s < p->nsizes; s++) {
        papsim_tune_point *pt = &g->points[g->npoints];
        double v = NAN, w = NAN;
        int alg = best_of(plan, g, s, 1, -1, &v);
        int win = best_of(plan, g, s, 0, -1, &w);
        if (win < 0)
            continue; /* no result at this size under the rule: no rule */
        if (alg < 0)
            return papsim_fail(e, "%s np=%d %lld B: no algorithm with an %s "
                               "counterpart has a result (best: %s); papsim list --format "
                               "csv shows the counterparts (column %s)",
                               g->collective, g->np, p->bytes[s], library(plan),
                               r->algorithms[win], plan->opt.mpich ? "mpich" : "open_mpi");
        set_point(plan, g, s, alg, pt);
        /* One rule: it holds from 0, whatever size Open MPI looks up. */
        pt->threshold = g->npoints == 0 || g->one_rule
                            ? 0
                            : geometric_middle(pt[-1].msg_size, pt->msg_size);
        g->npoints++;
    }
    if (g->npoints == 0)
        return papsim_fail(e, "%s np=%d: no result under the choice rule at any size",
                           g->collective, g->np);
    return g->one_rule ? one_choice(plan, g, e) : 0;
}

static int group_cmp(const void *a, const void *b)
{
    const papsim_tune_group *x = a, *y = b;
    if (x->ompi_coll != y->ompi_coll)
        return x->ompi_coll < y->ompi_coll ? -1 : 1;
    return (x->np > y->np) - (x->np < y->np);
}

/* Finds or adds the group of panel p; refuses a second study of it, and
 * a collective papsim tune cannot write rules for (papsim_tune_collective):
 * a rules file that leaves out a collective of the study would not say
 * so. A panel of uneven blocks whose size Open MPI's rules compare
 * differently (papsim_tune_uniform_only) is left out: *skipped gets why,
 * the first time, so that the other distributions of the study still give
 * their rules. */
static int add_panel(papsim_tune_plan *plan, const papsim_report_panel *p, papsim_err *e,
                     papsim_err *skipped)
{
    const char *const *k = p->key;
    const char *collective = k[PAPSIM_PK_COLLECTIVE];
    int np = atoi(k[PAPSIM_PK_NP]);
    char why[400];
    int coll = plan->opt.mpich ? papsim_tune_mpich_collective(collective, why, sizeof why)
                               : papsim_tune_collective(collective, plan->opt.ompi_major, why,
                                                        sizeof why);
    if (coll < 0)
        return papsim_fail(e, "%s; tune a results directory without %s", why, collective);
    const char *compared = papsim_tune_uniform_only(collective);
    if (compared && strcmp(k[PAPSIM_PK_DISTRIBUTION], "uniform") != 0) {
        if (!skipped->msg[0])
            papsim_fail(skipped, "%s np=%d, distribution %s: Open MPI's rules compare %s, "
                        "which papsim tune takes from the bytes column only for the uniform "
                        "distribution", collective, np, k[PAPSIM_PK_DISTRIBUTION], compared);
        plan->nskipped++;
        return 0;
    }
    if (plan->opt.skew && strcmp(k[PAPSIM_PK_SKEW], plan->opt.skew) != 0 &&
        p->npatterns > (p->no_delay_row >= 0 ? 1u : 0u))
        return 0; /* a panel of another skew */
    for (size_t i = 0; i < plan->ngroups; i++) {
        papsim_tune_group *g = &plan->groups[i];
        if (strcmp(g->collective, collective) != 0 || g->np != np)
            continue;
        for (int j = 0; j < PAPSIM_PK_COUNT; j++)
            if (strcmp(g->panel->key[j], k[j]) != 0) {
                if (j == PAPSIM_PK_SKEW && plan->opt.rule == PAPSIM_TUNE_NO_DELAY)
                    return 0; /* every skew shares the no_delay rows */
                return papsim_fail(e, "%s np=%d: two studies differ in %s ('%s', '%s'); "
                                   "%s", g->collective, np, papsim_panel_key_columns[j],
                                   g->panel->key[j], k[j],
                                   j == PAPSIM_PK_SKEW ? "choose one with --skew"
                                                       : "tune one study at a time");
            }
    }
    papsim_tune_group *n = realloc(plan->groups, (plan->ngroups + 1) * sizeof *n);
    if (!n)
        return papsim_fail(e, "out of memory");
    plan->groups = n;
    n[plan->ngroups++] = (papsim_tune_group){collective, np, coll, p, 0, NULL, 0, NAN};
    return 0;
}

int papsim_tune_plan_build(const papsim_report *r, const papsim_tune_options *opt,
                           papsim_tune_plan *plan, papsim_err *e)
{
    memset(plan, 0, sizeof *plan);
    plan->report = r;
    plan->opt = *opt;
    papsim_err skipped = {""};
    for (size_t i = 0; i < r->npanels; i++)
        if (add_panel(plan, &r->panels[i], e, &skipped) != 0)
            goto fail;
    if (plan->ngroups == 0 && skipped.msg[0]) {
        papsim_fail(e, "%s", skipped.msg); /* nothing left to tune: say why */
        goto fail;
    }
    if (plan->ngroups == 0) {
        papsim_fail(e, "--skew: no study has skew '%s'", opt->skew ? opt->skew : "");
        goto fail;
    }
    if (plan->nskipped)
        snprintf(plan->skipped, sizeof plan->skipped, "%s", skipped.msg);
    qsort(plan->groups, plan->ngroups, sizeof *plan->groups, group_cmp);
    for (size_t i = 0; i < plan->ngroups; i++) {
        papsim_tune_group *g = &plan->groups[i];
        if (opt->rule == PAPSIM_TUNE_PATTERN && pattern_index(g->panel, opt->pattern) < 0) {
            papsim_fail(e, "--choose pattern:%s: the study %s np=%d has no pattern '%s'",
                        opt->pattern, g->collective, g->np, opt->pattern);
            goto fail;
        }
        if (opt->rule == PAPSIM_TUNE_NO_DELAY && g->panel->no_delay_row < 0) {
            papsim_fail(e, "--choose no_delay: the study %s np=%d has no no_delay rows",
                        g->collective, g->np);
            goto fail;
        }
        if (fill_group(plan, g, e) != 0)
            goto fail;
    }
    return 0;
fail:
    papsim_tune_plan_free(plan);
    return -1;
}

void papsim_tune_plan_free(papsim_tune_plan *plan)
{
    for (size_t i = 0; i < plan->ngroups; i++)
        free(plan->groups[i].points);
    free(plan->groups);
    plan->groups = NULL;
    plan->ngroups = 0;
}
