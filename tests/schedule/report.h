/* papsim-schedule's report: every check counted, the failure lines of
 * this rank kept (at most REPORT_CAP bytes) and printed by rank 0 in rank
 * order at each flush_reports(). */
#ifndef PAPSIM_SCHEDULE_REPORT_H
#define PAPSIM_SCHEDULE_REPORT_H

#define MAX_REPORT 4 /* mismatch lines per rank and check */

/* This process's rank and the world size, for the failure lines. */
void report_init(int rank, int np);
/* Counts one check; a failed one keeps "FAIL np=N rank R LABEL: TEXT". */
void check(int ok, const char *label, const char *fmt, ...);
/* Counts one passed check. */
void check_pass(void);
/* Collective: rank 0 prints every rank's failure lines, in rank order. */
void flush_reports(void);
int report_passed(void);
int report_failed(void);

#endif
