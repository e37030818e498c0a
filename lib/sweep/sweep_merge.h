/* Merging the result directories of a sharded sweep (papsim merge): every
 * shard's results.csv, read through the checking reader (lib/results), and
 * its case_order.csv (sweep.h) give OUT/results.csv in the spec's case
 * order, OUT/case_order.csv (so papsim run resumes from it) and
 * OUT/provenance.txt with the shards' records. */
#ifndef PAPSIM_SWEEP_MERGE_H
#define PAPSIM_SWEEP_MERGE_H

#include <stddef.h>

#include "util/papsim_error.h"

typedef struct {
    size_t rows; /* rows read from all the shards */
    int missing; /* cases a shard's case order lists and its results lack */
} sweep_merge_stats;

/* Merges dirs[0..n) into out. Shards 1..N of one sweep must each be given
 * once, with results.csv files of one format that papsim run wrote, and
 * out/results.csv must not exist. Missing cases are named on stderr (the
 * first five per shard) and refused unless allow_missing. Returns 0, or -1
 * with a message in e; nothing is written to out before every check
 * passed. */
int sweep_merge(const char *out, char **dirs, int n, int allow_missing,
                sweep_merge_stats *st, papsim_err *e);

#endif
