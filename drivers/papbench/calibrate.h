/* papbench --calibrate: the measurements behind `papsim calibrate`.
 *
 * Rank 0 learns every rank's processor name, picks as partners the lowest
 * rank on its own node ("intra") and the lowest rank on another node
 * ("inter"), and ping-pongs MPI_BYTE messages with each partner over sizes
 * 1, 4, 16, ... up to --max-bytes (and that size itself). The other ranks
 * wait. For each (partner, size) it prints one CSV row on stdout:
 *
 *   kind,rank,peer,bytes,iters,min_s,median_s
 *
 * min_s and median_s are the smallest and the median of the iters one-way
 * times (round trip / 2, after two untimed round trips). Comment lines
 * "# host RANK NAME" give the placement. A kind with no partner (a single
 * node has no "inter") has no rows. Collectives are fine here: no case is
 * timed, and nothing selects an SMPI builtin. */
#ifndef PAPBENCH_CALIBRATE_H
#define PAPBENCH_CALIBRATE_H

#include "util/papsim_error.h"

/* 1 if the driver options ask for calibration (--calibrate). */
int papbench_is_calibration(char **extra, int nextra);

/* Runs the measurements with the options in extra (--calibrate, --iters N,
 * --max-bytes B). Returns 0, 2 on bad input (message in e), or 1 if an MPI
 * call failed. Every rank must call it. */
int papbench_calibrate(char **extra, int nextra, papsim_err *e);

#endif
