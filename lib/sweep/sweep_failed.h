/* DIR/failed.csv: one row per failed attempt of a case (its smpirun batch
 * crashed, deadlocked, was killed, or printed something that is not the
 * case's row), appended when papsim run reports the failure and never
 * rewritten, so a resumed sweep says which of its cases failed before and
 * why, and --skip-failed leaves them out. A case killed at --case-timeout
 * is not a failure here: it has a results.csv row with status timeout.
 *
 * The file may come from another machine, so it is checked as a whole when
 * read, like results.csv (results_csv.h): the header must be exactly
 * sweep_failed_columns; case_id 16 hex digits; collective, algorithm,
 * pattern and cause not empty; np a positive integer; bytes a non-negative
 * integer; exit_status an integer from 0 to 255; date YYYY-MM-DDTHH:MM:SSZ;
 * every row whole (its fields, its newline); no control character in
 * any field. A file that breaks a rule is
 * refused with FILE:LINE: COLUMN and what is wrong. */
#ifndef PAPSIM_SWEEP_FAILED_H
#define PAPSIM_SWEEP_FAILED_H

#include <stddef.h>
#include <time.h>

#include "cases/case.h"
#include "util/csv.h"
#include "util/papsim_error.h"

#define SWEEP_FAILED_FILE "failed.csv"

/* case_id, collective, algorithm, platform, np, mapping, bytes, pattern,
 * skew, cause, exit_status, log, date. */
extern const char *const sweep_failed_columns[];
extern const int sweep_failed_ncolumns;

/* What went wrong in one attempt. */
typedef struct {
    const char *cause; /* papsim_failure_name ("deadlock", "killed by SIGKILL", ...),
                        * else "exit status N", "signal N" or "unexpected output" */
    int exit_status;   /* smpirun's: its exit status, or 128 + N for signal N */
    const char *log;   /* the batch's log, relative to DIR (work/failed/CASE-DATE.log) */
} sweep_failure;

/* The row (with its newline) of a failed attempt of case c, whose id is id,
 * at time when (written as UTC). Returns -1 when it does not fit in cap or
 * a field holds a comma, a double quote or a line break (a label never
 * does: papsim_case_check_label). */
int sweep_failed_format_row(const papsim_case *c, const char *id, const sweep_failure *f,
                            time_t when, char *row, size_t cap);

/* Appends that row to DIR/failed.csv in one write (the file is created
 * with its header) and syncs it. */
int sweep_failed_append(const char *dir, const papsim_case *c, const char *id,
                        const sweep_failure *f, time_t when, papsim_err *e);

/* The rows of a failed.csv, sorted by case id (then file order). */
typedef struct {
    papsim_table t;
    char ***by_id;
} sweep_failed_index;

/* Reads and checks the file at path into x; a missing file is an empty
 * index. On failure x is empty (safe to free) and e names file and line. */
int sweep_failed_load(const char *path, sweep_failed_index *x, papsim_err *e);
void sweep_failed_free(sweep_failed_index *x);

/* The cause of the case's last row in the file, or NULL without a row. */
const char *sweep_failed_cause(const sweep_failed_index *x, const char *id);

/* How many of ids[0..n) have a row, and in buf those cases counted by the
 * cause of their last row, causes in order of first appearance:
 * "2 killed by SIGKILL, 1 deadlock" ("" when none). */
int sweep_failed_summarize(const sweep_failed_index *x, const char *const *ids, int n,
                           char *buf, size_t cap);

#endif
