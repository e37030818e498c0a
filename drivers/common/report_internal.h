/* Private to report.c and report_panel.c: the sorted per-row record and the
 * panel filling step. Not part of papsim's public interface. */
#ifndef PAPSIM_REPORT_INTERNAL_H
#define PAPSIM_REPORT_INTERNAL_H

#include "report.h"

typedef struct {
    const char *key[PAPSIM_PK_COUNT];
    const char *pattern;
    const char *algorithm;
    long long bytes;
    int no_delay; /* pattern is no_delay: shared by every skew of the study */
    int ok;
    double value; /* the metric in seconds; NAN unless ok */
} papsim_report_record;

/* Index of name in r->algorithms (sorted); name must be there. */
size_t papsim_report_algorithm_index(const papsim_report *r, const char *name);

/* Fills the zeroed panel p from the study's no_delay records nd[0..nnd) and
 * the patterned records of one skew pat[0..npat); both runs are sorted by
 * pattern, size, algorithm, ok first, value. Either run may be empty. */
int papsim_report_fill_panel(const papsim_report *r, papsim_panel *p,
                             const papsim_report_record *nd, size_t nnd,
                             const papsim_report_record *pat, size_t npat, papsim_err *e);

/* Gives every panel a unique, file-system-safe file_stem made of its keys. */
int papsim_report_assign_file_stems(papsim_report *r, papsim_err *e);

#endif
