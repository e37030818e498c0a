/* The one panel structure of every report view (report_rows.h has the
 * pipeline that fills it): a panel is the rows that share the view's panel
 * keys, laid out along the axes the view draws (algorithms, patterns,
 * message sizes, process counts, mappings) with the view's cells.
 *
 *   view                    keys          axes filled                  cells
 *   runtime (report.h), runtimes and robustness (report_study.h)
 *                           PAPSIM_PK_*   patterns x sizes x            median, spread,
 *                                         algorithms (the report's)     cells, a0
 *   --best (report_best.h)  PAPSIM_BK_*   mappings (+ united) x          views
 *                                         sizes x np
 *   --relative              PAPSIM_PK_*   rows (pattern, size, skew)    rows[].cells
 *   (report_relative.h)     but skew      x algorithms (BASE first)
 *
 * A view fills the axes it draws and leaves the others empty (0 and NULL,
 * as calloc gives them); its builder frees what it filled. */
#ifndef PAPSIM_REPORT_PANEL_H
#define PAPSIM_REPORT_PANEL_H

#include <stddef.h>

#include "report/report_rows.h"

/* ---- the cells of the runtime view ---- */

typedef struct {
    int winner;   /* index into papsim_report.algorithms; -1: no ok row at all */
    double value; /* the winner's median metric in seconds (NAN if no winner) */
    double ratio; /* value / A0's median under this pattern; NAN when A0 has no
                     ok row here (or a zero time): then the text shows value */
} papsim_cell;

/* ---- the cells of the --best view: one heatmap per mapping ---- */

typedef struct {
    int best;            /* algorithm index; -1: no algorithm has a result here */
    int second;          /* -1: the best is the only algorithm with a result */
    double best_value;   /* T (or record) of best and second, seconds; NAN if none */
    double second_value;
    double reduction;    /* 1 - best/second when best is the target and second
                            exists, else NAN */
    int mapping;         /* mapping index of the best record (united: where the
                            record comes from) */
} papsim_best_cell;

typedef struct {
    long mapping;            /* index into the group's mappings; -1 = united */
    size_t ncells;           /* cells with at least one result */
    size_t *wins;            /* wins[a]: cells algorithm a is best in */
    size_t nreduction;       /* target-best cells with a second best */
    double mean, median, highest; /* of the reductions (fractions); NAN if none */
    papsim_best_cell *cells; /* [s * nnp + n] for bytes[s], np[n] */
} papsim_best_view;

/* ---- the cells of the --relative view: one row per (pattern, size, skew) ---- */

/* Why a cell has no value. */
typedef enum {
    PAPSIM_REL_OK,      /* value holds the median */
    PAPSIM_REL_NOT_RUN, /* the algorithm has no row in this (pattern, size, skew) */
    PAPSIM_REL_NOT_OK   /* rows, none ok: status names the first one's status */
} papsim_rel_state;

typedef struct {
    papsim_rel_state state;
    const char *status; /* PAPSIM_REL_NOT_OK: e.g. "unsupported" (borrowed) */
    double value;       /* median metric in seconds; NAN unless ok */
    double ratio;       /* NAN when this value or BASE's is missing (or zero) */
    papsim_rep_spread spread; /* the repetitions behind value, for --spread */
} papsim_rel_cell;

typedef struct {
    const char *pattern;
    long long bytes;
    const char *skew; /* the spec text, e.g. "0", "100us", "1.5x" */
    double skew_s;    /* resolved skew in seconds; NAN if it differs by algorithm */
    papsim_rel_cell *cells; /* [a] for the panel's algorithms[a] */
} papsim_rel_row;

/* ---- the panel ---- */

typedef struct {
    /* The view's panel keys, borrowed from the table ("" where a column is
     * missing), indexed by the view's key enum (PAPSIM_PK_* or
     * PAPSIM_BK_*); the --relative view leaves out the skew. */
    const char *key[PAPSIM_ROW_MAX_KEYS];

    /* The axes. */
    size_t nalgorithms;      /* the algorithms the cells index: the report's
                                (runtime: algorithms NULL) or the panel's own */
    const char **algorithms; /* --relative: BASE first, then by name */
    unsigned char *present;  /* present[a]: a has rows (--best: an ok row) here */
    size_t npatterns;
    const char **patterns;   /* sorted by name, no_delay last when present */
    long no_delay_row;       /* index of the no_delay pattern, -1 if absent */
    size_t nsizes;
    long long *bytes;        /* ascending */
    size_t nnp;
    long long *np;           /* ascending */
    size_t nmappings;
    const char **mappings;   /* sorted by name */

    /* The runtime view's cells. */
    double *median;            /* [p][s][a] at (p * nsizes + s) * nalgorithms + a;
                                  NAN where the algorithm has no ok row */
    papsim_rep_spread *spread; /* [p][s][a] as median; all zero without rows */
    papsim_cell *cells;        /* [p][s] at p * nsizes + s */
    int *a0;                   /* a0[s]: no_delay winner at size s, -1 if none */

    /* The --best view's heatmaps. */
    size_t nviews;           /* nmappings, plus 1 for united when nmappings > 1 */
    papsim_best_view *views; /* [m * nviews + v], united last */

    /* The --relative view's rows. */
    size_t nrows;
    papsim_rel_row *rows;    /* by pattern (no_delay first), size, absolute skew */

    /* Plot file stems (sanitised): the panel's, or one per --best heatmap. */
    char *file_stem;
    char **file_stems;       /* [v] */
} papsim_report_panel;

#endif
