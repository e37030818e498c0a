/* The one reader of results.csv for every command that reads results
 * (report and its views, regress, merge, compare): a results table moves
 * between machines (Slurm shards, groups sharing results), so it is checked
 * as a whole before any number of it is used, with the same rules whatever
 * the command. A table that breaks a rule is refused with FILE:LINE: COLUMN
 * and what is wrong; nothing is skipped or guessed.
 *
 * The rules:
 *  - the header: every name is a results.csv column (csv.h lists them) and
 *    case_id, rep and status are there. A table with a whole header of
 *    format 1, 2 or 3 is what papsim run writes; a table with fewer columns
 *    (made by hand, or cut with `cut`) still loads, and each command asks
 *    for the columns it needs.
 *  - the values: np a positive integer; ranks_per_node, seed, bytes, root
 *    and rep non-negative integers; skew_s and the four times finite and
 *    non-negative numbers of seconds (a time may be empty only in a row whose
 *    status is not ok); gamma a finite number; deterministic yes or no;
 *    status one of ok, unsupported, check_failed, missed_start, timeout,
 *    baseline_timeout; case_id, collective, algorithm and pattern not empty.
 *  - one row per (case_id, rep): a second one is refused with both lines.
 *  - every row whole: a row with too few or too many fields, or a last row
 *    without its newline (a copy or a write cut short), is refused.
 *  - a UTF-8 byte order mark at the start is skipped (csv.c does it for
 *    every table). */
#ifndef PAPSIM_RESULTS_CSV_H
#define PAPSIM_RESULTS_CSV_H

#include "util/csv.h"

/* Reads and checks the results table at path into t. *format (if format is
 * not NULL) receives 1..PAPSIM_RESULTS_FORMAT when the header is a whole
 * header of that format, 0 for a table with fewer columns. On failure
 * returns -1 with t empty (safe to free) and the message in e. A header
 * without rows is not an error here: the commands say what it means to
 * them. */
int papsim_results_load(const char *path, papsim_table *t, int *format, papsim_err *e);

/* The row statuses papsim writes, for messages: "ok, unsupported, ...". */
const char *papsim_results_statuses(void);

#endif
