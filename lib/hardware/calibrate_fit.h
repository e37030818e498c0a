/* The Hockney fit of `papsim calibrate`: T(m) = alpha + beta m through
 * measured one-way times of m-byte messages.
 *
 * Least squares on the relative error, minimising
 *   sum_i ((alpha + beta m_i - t_i) / t_i)^2,
 * that is weighted least squares with weights 1/t_i^2, solved in closed
 * form (2x2 normal equations). Plain least squares on the times themselves
 * would be decided by the largest messages alone (their residuals are a
 * million times larger) and routinely gives a negative alpha; relative
 * residuals weigh a 1-byte and a 4 MiB message alike. If the fit still
 * gives alpha <= 0, alpha is taken as the smallest message's time and beta
 * refitted with alpha fixed. No MPI here. */
#ifndef PAPSIM_CALIBRATE_FIT_H
#define PAPSIM_CALIBRATE_FIT_H

#include <stddef.h>

#include "util/papsim_error.h"

typedef struct {
    double alpha;        /* seconds */
    double beta;         /* seconds per byte */
    double max_residual; /* largest |alpha + beta m_i - t_i| / t_i */
    size_t npoints;
    int alpha_fixed;     /* 1: the joint fit gave alpha <= 0 (see above) */
} papsim_hockney_fit;

/* Fits n points (bytes[i], seconds[i]). Needs at least two distinct sizes
 * and positive, finite times; fails (message in e naming `what`) otherwise,
 * or when beta comes out non-positive. */
int papsim_hockney_fit_points(const double *bytes, const double *seconds, size_t n,
                              const char *what, papsim_hockney_fit *fit, papsim_err *e);

#endif
