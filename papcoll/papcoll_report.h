/* libpapcoll's report (PAPCOLL_REPORT; its columns in docs/papcoll.md). Its
 * file is checked at MPI_Init, so that a report that could not be written
 * is known before the application runs; at MPI_Finalize rank 0 writes it
 * to a temporary file in the same directory, renamed into place, so that
 * it is whole or absent. Messages start with the variable's name;
 * libpapcoll prints them after "papcoll: ". No MPI call here. */
#ifndef PAPCOLL_REPORT_H
#define PAPCOLL_REPORT_H

#include <stddef.h>

#include "papcoll.h"

/* PATH can be written: its directory exists and takes a new file (one is
 * created and removed), and PATH, if it exists, is a regular file (not a
 * link: the report replaces PATH itself).
 * Returns 0, or -1 with a message naming PATH in err. */
int papcoll_report_check(const char *path, char *err, size_t err_len);

/* The report of cfg's rules: one row per (collective, rule) that saw a
 * call, from the counters summed (sum) and maximised (max) over the
 * world_size ranks, into cfg->report. Returns 0, or -1 with a message in
 * err (no file then, or the previous one left as it was). */
int papcoll_report_write(const papcoll_config *cfg, int world_size, papcoll_counters sum,
                         papcoll_counters max, char *err, size_t err_len);

#endif
