/* papsim tune's one call: from a study's results to Open MPI's rules file
 * (or MPICH's selection file) and its summary. Everything is checked and
 * chosen before a file is written; the files are written under temporary
 * names and renamed, so a failure leaves none, and never over the results
 * they come from (util/papsim_output.h). */
#ifndef PAPSIM_TUNE_RUN_H
#define PAPSIM_TUNE_RUN_H

#include <stdio.h>

#include "tune/tune.h"
#include "util/papsim_error.h"

typedef struct {
    papsim_tune_options options; /* the rule, skew, metric, and whose algorithms */
    const char *dir;             /* the study: dir/results.csv */
    const char *out;             /* the file, or NULL: dir/ompi-rules.conf, with
                                  * options.mpich dir/mpich-selection.json */
    const char *mpich_default;   /* options.mpich: MPICH's own selection file */
    int version;                 /* Open MPI's rules format: 1 (4.1) or 2 (5) */
    int force;                   /* replace an existing out and its summary */
} papsim_tune_request;

/* Writes the file and its summary (out.summary.txt), "wrote PATH" on f for
 * each, and a note on stderr when panels were left out. A named out is the
 * user's, refused when it exists unless force; the default files in dir
 * are papsim's own and rewritten. Returns 0, 2 for bad input (the results,
 * the selection file, the outputs) or 1 when a file could not be written
 * (then neither is left), the message in e. */
int papsim_tune_run(const papsim_tune_request *q, FILE *f, papsim_err *e);

#endif
