/* The one reader of results.csv for every command that reads results
 * (report and its views, regress, merge, compare, tune): a results table moves
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
 *  - the values: case_id 16 lowercase hex digits (papsim_case_id);
 *    collective one papsim knows; np an integer from 1 to PAPSIM_NP_MAX;
 *    ranks_per_node, seed, bytes, root and rep non-negative integers, root
 *    below np; skew empty or a skew papsim reads (units.h); skew_s a
 *    finite number of seconds from 0 to PAPSIM_SKEW_MAX_S (4096 s); the
 *    four times finite numbers of seconds from 0 to
 *    PAPSIM_RESULTS_TIME_MAX_S (a time may be empty only in a row whose
 *    status is not ok); gamma a number from 0 to 1; deterministic yes or
 *    no; status one of ok, unsupported, check_failed, missed_start,
 *    timeout, baseline_timeout; algorithm and pattern not empty; no field
 *    holds a control character.
 *  - one row per (case_id, rep): a second one is refused with both lines.
 *  - every row whole: a row with too few or too many fields, or a last row
 *    without its newline (a copy or a write cut short), is refused.
 *  - a UTF-8 byte order mark at the start is skipped (csv.c does it for
 *    every table). */
#ifndef PAPSIM_RESULTS_CSV_H
#define PAPSIM_RESULTS_CSV_H

#include "util/csv.h"

/* The longest time a results row may hold, in seconds (11.6 days). No
 * collective call papsim times lasts that long: simulated, it would move a
 * petabyte over a 10 Gb/s link, and past it the simulated clock (a double
 * of seconds, started at 1024 s) steps by more than 0.1 ns; real, it would
 * be one MPI call of a job running for days. A larger value (1e308) is a
 * corrupted or hand-edited row, and one such time would move a median, a
 * best cell or a tuned rule. */
#define PAPSIM_RESULTS_TIME_MAX_S 1e6

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
