/* Private to report.c and report_panel.c: the sorted per-row record of the
 * runtime report and the panel filling step. Not part of the public
 * interface; what other reports share is in report_keys.h and
 * report_names.h. */
#ifndef PAPSIM_REPORT_PANEL_H
#define PAPSIM_REPORT_PANEL_H

#include "report/report.h"

typedef struct {
    const char *key[PAPSIM_PK_COUNT];
    const char *pattern;
    const char *algorithm;
    long long bytes;
    int no_delay; /* pattern is no_delay: shared by every skew of the study */
    int ok;
    int missed;   /* status missed_start (real MPI), for --spread's counts */
    double value; /* the metric in seconds; NAN unless ok */
} papsim_report_record;

/* Fills the zeroed panel p from the study's no_delay records nd[0..nnd) and
 * the patterned records of one skew pat[0..npat); both runs are sorted by
 * pattern, size, algorithm, ok first, value. Either run may be empty. */
int papsim_report_fill_panel(const papsim_report *r, papsim_panel *p,
                             const papsim_report_record *nd, size_t nnd,
                             const papsim_report_record *pat, size_t npat, papsim_err *e);

/* Gives every panel a unique, file-system-safe file_stem made of its keys. */
int papsim_report_assign_file_stems(papsim_report *r, papsim_err *e);

#endif
