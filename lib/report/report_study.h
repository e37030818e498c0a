/* The runtime and robustness views of M. Salimi Beni, B. Cosenza, S. Hunold,
 * "MPI collective algorithm selection in the presence of process arrival
 * patterns", IEEE International Conference on Cluster Computing (CLUSTER),
 * 2024 (Figures 5, 6 and 8), built on the panels of `papsim report`
 * (report.h): `papsim report --runtimes` and `--robustness`.
 *
 * Every number comes from a panel's medians T(pattern, size, algorithm)
 * (report.h: the median of the metric over the ok repetitions):
 * - Runtimes (Figure 5): per panel and size, T for every algorithm under
 *   every pattern; an algorithm is "good" (marked) when T <= 1.05 x the
 *   fastest T in that row: "the fastest or at most 5% slower".
 * - Robustness score (Figure 8's last row): the mean over the panel's
 *   patterns (no_delay included) of T(alg)/T(fastest in the row). It is
 *   defined only for an algorithm with a result under every pattern that
 *   has one at that size. The recommended algorithm per size is the one
 *   with the lowest score (ties: the first by name), which need not be the
 *   fastest at no_delay.
 * - Robustness (Figure 6): T(pattern)/T(no_delay) - 1 per algorithm and
 *   pattern; below -0.25 the algorithm absorbs the skew (green), above
 *   +0.25 it suffers from it (red), in between it is unaffected (grey).
 *   Salimi Beni et al. give each algorithm a skew scaled to its own no-delay
 *   time ("1.5x-own"); with a shared skew the report still computes it and
 *   says so. */
#ifndef PAPSIM_REPORT_STUDY_H
#define PAPSIM_REPORT_STUDY_H

#include <stddef.h>
#include <stdio.h>

#include "util/papsim_error.h"
#include "report/report.h"

#define PAPSIM_STUDY_GOOD_FACTOR 1.05 /* within 5% of the fastest */
#define PAPSIM_STUDY_ROBUST_BAND 0.25 /* |T/T0 - 1| beyond this is significant */

typedef enum {
    PAPSIM_ROBUST_NONE,    /* no value: a median is missing or T0 is zero */
    PAPSIM_ROBUST_ABSORBS, /* below -0.25: green */
    PAPSIM_ROBUST_NEUTRAL, /* within 25%: grey */
    PAPSIM_ROBUST_SUFFERS  /* above +0.25: red */
} papsim_robust_class;

/* The lowest median among the panel's algorithms in (pattern, size); NAN if
 * none has one. */
double papsim_study_fastest(const papsim_report_panel *p, size_t pattern, size_t size);

/* 1 when algorithm a has a median there within 5% of the fastest. */
int papsim_study_is_good(const papsim_report_panel *p, size_t pattern, size_t size, size_t a);

/* Mean of T(a)/T(fastest) over the patterns with a result at this size;
 * NAN when a lacks one of them (or the fastest is a zero time). */
double papsim_study_score(const papsim_report_panel *p, size_t size, size_t a);

/* The algorithm with the lowest score at this size, -1 if none has one. */
int papsim_study_recommended(const papsim_report_panel *p, size_t size);

/* T(pattern)/T(no_delay) - 1 for algorithm a (NAN when undefined) and its
 * class. */
double papsim_study_robustness(const papsim_report_panel *p, size_t pattern, size_t size, size_t a,
                               papsim_robust_class *cls);

/* 1 when the panel's skew is per algorithm ("1.5x-own"), as the
 * robustness study of Salimi Beni et al. (Sec. IV-C) wants. */
int papsim_study_skew_is_own(const papsim_report_panel *p);

/* 1 when the panel has at least one no_delay row with a patterned row
 * beside it, i.e. something to compute robustness from. */
int papsim_study_has_robustness(const papsim_report_panel *p);

/* 0 for a size at which the panel has patterned rows elsewhere but none here:
 * a "1.5x-own" run at fewer sizes than the no_delay rows it shares. */
int papsim_study_size_shown(const papsim_report_panel *p, size_t size);

/* runtimes.txt / runtimes.md and robustness.txt / robustness.md; 0, or -1
 * on a write error. */
int papsim_study_write_runtimes(const papsim_report *r, FILE *f, int markdown);
int papsim_study_write_robustness(const papsim_report *r, FILE *f, int markdown);

/* The views drawn as images: one heatmap per panel and size. */
typedef enum { PAPSIM_STUDY_RUNTIMES, PAPSIM_STUDY_ROBUSTNESS } papsim_study_view;

/* STEM of panel i, size s in a view: "<panel stem>_runtimes_2B". */
void papsim_study_plot_stem(const papsim_report *r, size_t i, size_t s, papsim_study_view v,
                            char *buf, size_t len);

/* Writes DIR/STEM.dat and DIR/STEM.gp for panel i, size s. */
int papsim_study_write_plot_script(const papsim_report *r, size_t i, size_t s,
                                   papsim_study_view v, const char *dir, papsim_err *e);

#endif
