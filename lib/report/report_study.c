/* The numbers of the runtime and robustness views (see report_study.h),
 * computed from a report panel's medians; no state of their own. */
#include "report/report_study.h"

#include <math.h>
#include <string.h>

#include "util/units.h"

/* A hair of tolerance so that "exactly 5% slower" or "exactly 25%" counts
 * as within, whatever the last bit of the division. */
#define TOLERANCE 1e-9

double papsim_study_fastest(const papsim_report_panel *p, size_t pattern, size_t size)
{
    double best = NAN;
    for (size_t a = 0; a < p->nalgorithms; a++) {
        double v = papsim_panel_median(p, pattern, size, a);
        if (!isnan(v) && (isnan(best) || v < best))
            best = v;
    }
    return best;
}

int papsim_study_is_good(const papsim_report_panel *p, size_t pattern, size_t size, size_t a)
{
    double v = papsim_panel_median(p, pattern, size, a);
    double best = papsim_study_fastest(p, pattern, size);
    return !isnan(v) && v <= best * (PAPSIM_STUDY_GOOD_FACTOR + TOLERANCE);
}

double papsim_study_score(const papsim_report_panel *p, size_t size, size_t a)
{
    double sum = 0;
    size_t n = 0;
    for (size_t pi = 0; pi < p->npatterns; pi++) {
        double best = papsim_study_fastest(p, pi, size);
        if (isnan(best))
            continue; /* no algorithm ran this pattern at this size */
        double v = papsim_panel_median(p, pi, size, a);
        if (isnan(v) || best == 0)
            return NAN;
        sum += v / best;
        n++;
    }
    return n ? sum / (double)n : NAN;
}

int papsim_study_recommended(const papsim_report_panel *p, size_t size)
{
    int best = -1;
    double best_score = NAN;
    for (size_t a = 0; a < p->nalgorithms; a++) {
        double s = papsim_study_score(p, size, a);
        if (!isnan(s) && (best < 0 || s < best_score)) {
            best = (int)a;
            best_score = s;
        }
    }
    return best;
}

double papsim_study_robustness(const papsim_report_panel *p, size_t pattern, size_t size, size_t a,
                               papsim_robust_class *cls)
{
    *cls = PAPSIM_ROBUST_NONE;
    if (p->no_delay_row < 0)
        return NAN;
    double base = papsim_panel_median(p, (size_t)p->no_delay_row, size, a);
    double v = papsim_panel_median(p, pattern, size, a);
    if (isnan(base) || isnan(v) || base == 0)
        return NAN;
    double x = v / base - 1;
    if (x < -PAPSIM_STUDY_ROBUST_BAND - TOLERANCE)
        *cls = PAPSIM_ROBUST_ABSORBS;
    else if (x > PAPSIM_STUDY_ROBUST_BAND + TOLERANCE)
        *cls = PAPSIM_ROBUST_SUFFERS;
    else
        *cls = PAPSIM_ROBUST_NEUTRAL;
    return x;
}

int papsim_study_skew_is_own(const papsim_report_panel *p)
{
    papsim_skew s;
    return papsim_parse_skew(p->key[PAPSIM_PK_SKEW], &s, NULL) == 0 && s.kind == PAPSIM_SKEW_OWN;
}

int papsim_study_has_robustness(const papsim_report_panel *p)
{
    return p->no_delay_row >= 0 && p->npatterns > 1;
}

int papsim_study_size_shown(const papsim_report_panel *p, size_t size)
{
    int patterned = 0;
    for (size_t pi = 0; pi < p->npatterns; pi++) {
        if ((long)pi == p->no_delay_row)
            continue;
        patterned = 1;
        if (!isnan(papsim_study_fastest(p, pi, size)))
            return 1;
    }
    return !patterned; /* a no_delay-only panel shows its no_delay sizes */
}
