/* What every report view prints the same way: the panel keys (their
 * columns, order and titles), times in a readable unit, and the spread of
 * the repetitions behind a median. */
#ifndef PAPSIM_REPORT_FORMAT_H
#define PAPSIM_REPORT_FORMAT_H

#include <stddef.h>

#include "report/report_rows.h"

/* The fields that identify a panel, in display order; the last is the skew.
 * The distribution (allgatherv block sizes) may be missing from a table: it
 * is then "uniform", and "uniform" is left out of titles and file names. */
enum {
    PAPSIM_PK_COLLECTIVE,
    PAPSIM_PK_PLATFORM,
    PAPSIM_PK_NP,
    PAPSIM_PK_MAPPING,
    PAPSIM_PK_RANKS_PER_NODE,
    PAPSIM_PK_DATATYPE,
    PAPSIM_PK_OP,
    PAPSIM_PK_ROOT,
    PAPSIM_PK_GAMMA,
    PAPSIM_PK_DISTRIBUTION,
    PAPSIM_PK_SKEW,
    PAPSIM_PK_COUNT
};

/* The distribution of a table without that column (allgatherv block sizes). */
#define PAPSIM_DEFAULT_DISTRIBUTION "uniform"

/* Column name of each panel key, indexed by PAPSIM_PK_*. */
extern const char *const papsim_panel_key_columns[PAPSIM_PK_COUNT];

/* 0 for a key left out of titles and file names (a uniform distribution). */
int papsim_panel_key_shown(const char *const *key, int k);

/* "12.35 us", "1.5 ms", "2 s": 4 significant digits with a readable unit. */
void papsim_format_seconds(double s, char *buf, size_t len);

/* The text `--spread` puts after a median: " [90..110] n=3 +1 missed +1 not
 * ok", the range in the median's unit (papsim_format_seconds) and left out
 * below two ok repetitions, the counts left out when zero (but n); empty
 * when the algorithm has no row there. */
void papsim_format_spread(double median, const papsim_rep_spread *s, char *buf, size_t len);

/* "reduce, platform=..., np=16, ..." of the first nkeys panel keys (the
 * --relative panels stop before the skew). */
void papsim_panel_keys_title(const char *const *key, int nkeys, char *buf, size_t len);

#endif
