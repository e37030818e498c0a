/* papsim-schedule's comparisons: this rank's PMPI trace as a schedule,
 * compared message by message with the expected one (expected.c), the
 * Sparbit properties on top (sparbit_props.c), and recvbuf against the
 * reference image. Every mismatch is a check() failure (report.h). */
#ifndef PAPSIM_SCHEDULE_COMPARE_H
#define PAPSIM_SCHEDULE_COMPARE_H

#include "expected.h"

/* Compares this rank's trace with the expected schedule of coll/algo and
 * the extra properties of the algorithm (bcast: allgatherv Sparbit with
 * only rank 0 holding data, whose messages must be a binomial broadcast). */
void check_schedule(const char *coll, const char *algo, const sched_layout *L,
                    const char *recvbuf, long long span, const char *label, int bcast);

/* Checks recvbuf against the reference image, byte for byte. */
void check_data(const char *recvbuf, const char *ref, long long span, const char *label);

#endif
