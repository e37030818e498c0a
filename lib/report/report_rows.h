/* The panel model every report view is built on (the runtime report,
 * --best, --relative, runtimes and robustness):
 *
 *  1. rows: papsim_rows_read reads every row of a checked results table
 *     into one record type, with the view's grouping keys (the panel keys)
 *     and the fields and metrics it asks for, checked the same way for every
 *     view (errors name FILE:LINE: COLUMN);
 *  2. order: the view sorts the rows so that its panels, then its cells (the
 *     x and y values of a table or heatmap), then the repetitions of one
 *     algorithm in a cell stand together, the ok ones first in ascending
 *     value (papsim_rows_compare_reps ends every view's comparator);
 *  3. repetitions: papsim_reps_summarise turns the repetitions of one cell
 *     and algorithm into what a cell shows: the median, the means, and the
 *     spread (min..max and the counts by status);
 *  4. labels: papsim_rows_label_variants names knob variants of an
 *     algorithm "name[params]" where they would otherwise pool.
 *
 * The views (report.c, report_best.c, report_relative.c, report_study.c)
 * lay the summaries out in the one panel structure, papsim_report_panel
 * (report_panel.h), each filling the axes and cells it draws; the shared
 * writers (report_grid.h for text and Markdown tables, report_heatmap.h for
 * gnuplot) print them. */
#ifndef PAPSIM_REPORT_ROWS_H
#define PAPSIM_REPORT_ROWS_H

#include <stddef.h>

#include "util/csv.h"
#include "util/papsim_error.h"

/* The pattern every panel is compared against. */
#define PAPSIM_NO_DELAY "no_delay"

#define PAPSIM_ROW_MAX_KEYS 11
#define PAPSIM_ROW_MAX_METRICS 4

/* Fields a view may read besides its keys and metrics. */
typedef enum {
    PAPSIM_FIELD_PATTERN,
    PAPSIM_FIELD_ALGORITHM,
    PAPSIM_FIELD_MAPPING,
    PAPSIM_FIELD_NP,
    PAPSIM_FIELD_BYTES,
    PAPSIM_FIELD_SKEW,
    PAPSIM_FIELD_STATUS,
    PAPSIM_FIELD_COUNT
} papsim_row_field;

typedef struct {
    const char *key[PAPSIM_ROW_MAX_KEYS]; /* the view's keys, borrowed from the table */
    const char *pattern, *algorithm, *mapping, *skew, *status; /* "" when not read */
    long long np, bytes;  /* 0 when not read */
    double skew_s;        /* the absolute skew in seconds; NAN unless read and known */
    int own;              /* the skew is "Fx-own": its absolute value differs by algorithm */
    int no_delay;         /* the pattern is no_delay */
    int ok, missed;       /* status ok; status missed_start (real MPI) */
    double value[PAPSIM_ROW_MAX_METRICS]; /* the metrics in seconds; NAN unless ok */
} papsim_row;

typedef struct {
    int nkeys;
    const char *const *key_columns; /* [nkeys], in the view's order */
    const char *const *key_default; /* [k]: the value when column k is missing; NULL: required */
    size_t nfields;
    const papsim_row_field *fields; /* required, checked in this order */
    size_t nmetrics;
    const char *const *metrics;     /* columns, required after the fields */
    int skew_s;                     /* read the optional skew_s column (with the skew) */
} papsim_row_spec;

/* Reads every row of t as the spec says into a new array (free it); NULL
 * with a message: a missing column ("PATH: missing column 'x'"), a table
 * without rows, an empty algorithm or mapping, a bad count, an ok row
 * without a time, a bad skew_s, each with FILE:LINE. */
papsim_row *papsim_rows_read(const papsim_table *t, const papsim_row_spec *s, papsim_err *e);

/* The tail of every view's sort: ok rows before the others, then ascending
 * value[0]; so the repetitions of a cell come ok first and in order. */
int papsim_rows_compare_reps(const papsim_row *a, const papsim_row *b);

/* The repetitions behind one median, for `--spread`: real runs are noisy, so
 * a reader needs the range and how many repetitions were usable. The range
 * is min..max, not an interquartile range: with the 5-20 repetitions a real
 * run has, quartiles rest on one or two values each, while min..max hides
 * nothing. */
typedef struct {
    size_t nok;      /* ok repetitions, those the median is taken over */
    size_t nmissed;  /* missed_start repetitions (real MPI: a rank arrived late) */
    size_t nother;   /* other statuses: check_failed, unsupported */
    double min, max; /* over the ok repetitions; meaningless while nok is 0 */
} papsim_rep_spread;

/* Counts one repetition into s; ok ones must come in ascending value. */
void papsim_spread_add(papsim_rep_spread *s, int ok, int missed, double value);

/* What the repetitions of one algorithm in one cell give. */
typedef struct {
    size_t nok;
    double median;                       /* of value[0] over the ok rows; NAN if none */
    double mean[PAPSIM_ROW_MAX_METRICS]; /* per metric over the ok rows; NAN if none */
    papsim_rep_spread spread;            /* of value[0] */
    const char *status;                  /* the first row's status */
} papsim_reps;

/* Summarises run[0..n), sorted as papsim_rows_compare_reps says, for the
 * first nmetrics metrics. */
void papsim_reps_summarise(const papsim_row *run, size_t n, size_t nmetrics, papsim_reps *out);

/* Knob variants of one algorithm would pool into one name: where the same
 * algorithm has more than one params value among rows equal in every key,
 * the pattern and the size, those rows are named "name[params]"; everywhere
 * else the name stays plain, so `--relative NAME` still finds its base.
 * rows[i] is table row i (before sorting); *labels receives the text the
 * names point to (free it). A table without a params column keeps its
 * names. */
int papsim_rows_label_variants(const papsim_table *t, const papsim_row_spec *s,
                               papsim_row *rows, char **labels, papsim_err *e);

#endif
