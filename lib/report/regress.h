/* papsim regress on two results tables: rows matched on (case_id, rep)
 * (or, for a table written before results format 4, on the ids keyed by the
 * platform's path that both rows rebuild),
 * every golden row compared with its new row (status, params, metrics
 * within rtol/atol) or listed as missing, new rows listed. The policy
 * (which counts fail) is the command's. */
#ifndef PAPSIM_REGRESS_H
#define PAPSIM_REGRESS_H

#include <stddef.h>
#include <stdio.h>

#include "util/csv.h"
#include "util/papsim_error.h"

enum { PAPSIM_REGRESS_MAX_METRICS = 4 };

typedef struct {
    const char *new_path, *golden_path;
    double rtol, atol;
    int strict;                          /* new cases fail too */
    int allow_missing;                   /* golden cases missing from new pass */
    const char *metrics[PAPSIM_REGRESS_MAX_METRICS];    /* column names, e.g. "last_delay_s" */
    int nmetrics;
    FILE *out;                           /* where the changes are listed */
} papsim_regress_options;

/* Columns every compared file needs besides the metrics. */
enum { PAPSIM_RG_CASE_ID, PAPSIM_RG_REP, PAPSIM_RG_STATUS, PAPSIM_RG_COLLECTIVE, PAPSIM_RG_ALGORITHM, PAPSIM_RG_NP, PAPSIM_RG_BYTES, PAPSIM_RG_PATTERN,
       PAPSIM_RG_SKEW, PAPSIM_RG_COUNT };

typedef struct {
    const char *case_id, *rep;
    size_t row;
} papsim_regress_key;

typedef struct {
    papsim_table t;
    int col[PAPSIM_RG_COUNT];
    int metric_col[PAPSIM_REGRESS_MAX_METRICS];
    int params_col; /* -1 in a table written before the params column */
    papsim_regress_key *keys; /* sorted by (case_id, rep) for lookups */
    char (*label_id)[17]; /* each row's id keyed by its platform's path, as
                           * papsim wrote ids before results format 4 */
    papsim_regress_key *label_keys; /* the rows by (label_id, rep) */
} papsim_regress_side;

typedef struct {
    size_t compared, changed, missing, added;
    size_t by_label; /* rows matched through a path-keyed id */
} papsim_regress_counts;

typedef struct {
    papsim_regress_side nw, gd;
} papsim_regress;

/* Loads both tables through the checking results reader (errors name
 * FILE:LINE: COLUMN) and refuses a golden table without rows. */
int papsim_regress_load(const papsim_regress_options *o, papsim_regress *r, papsim_err *e);
/* Lists every change, missing and new row on o->out and counts them; -1
 * (e) on an unparsable value. */
int papsim_regress_compare(const papsim_regress_options *o, const papsim_regress *r,
                           papsim_regress_counts *n, papsim_err *e);
void papsim_regress_free(papsim_regress *r);

#endif
