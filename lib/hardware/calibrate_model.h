/* The model papsim calibrate builds from measured one-way times
 * (papbench-mpi --calibrate: kind,rank,peer,bytes,iters,min_s,median_s
 * rows and "# host RANK NAME" lines): a Hockney fit per kind (intra-node,
 * inter-node), the placement seen, and the files written from them. */
#ifndef PAPSIM_CALIBRATE_MODEL_H
#define PAPSIM_CALIBRATE_MODEL_H

#include <stdio.h>

#include "hardware/calibrate_fit.h"
#include "util/papsim_error.h"

enum { PAPSIM_CALIB_MAX_POINTS = 64, PAPSIM_CALIB_INTRA = 0, PAPSIM_CALIB_INTER = 1 };

/* What was measured: fitted kinds and the placement seen. */
typedef struct {
    int have[2];
    papsim_hockney_fit fit[2];
    long hosts, max_ranks_per_host;
} papsim_calib_result;

/* Hosts and the most ranks on one host, from the "# host RANK NAME" lines. */
int papsim_calib_count_placement(const char *path, papsim_calib_result *r, papsim_err *e);

/* Fits every kind present in the measurement table on the column
 * statistic (median_s or min_s); errors name path:line. */
int papsim_calib_fit_file(const char *path, const char *statistic, papsim_calib_result *r,
                          papsim_err *e);

/* The fitted numbers as "key = value" lines after a comment naming source. */
void papsim_calib_write_numbers(FILE *f, const papsim_calib_result *r, const char *source,
                                const char *stat);

/* A flat SimGrid cluster of nodes x cores whose links give the fits. */
void papsim_calib_write_platform(FILE *f, const papsim_calib_result *r, long nodes, long cores,
                                 const char *source);

#endif
