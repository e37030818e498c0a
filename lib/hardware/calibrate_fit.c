#include "hardware/calibrate_fit.h"

#include <math.h>

static int check_points(const double *bytes, const double *seconds, size_t n, const char *what,
                        papsim_err *e)
{
    int distinct = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(seconds[i] > 0) || !isfinite(seconds[i]) || !(bytes[i] >= 0) || !isfinite(bytes[i]))
            return papsim_fail(e, "%s: point %zu (%g bytes, %g s): sizes must be >= 0 and times "
                                  "positive and finite", what, i + 1, bytes[i], seconds[i]);
        distinct |= bytes[i] != bytes[0];
    }
    if (!distinct)
        return papsim_fail(e, "%s: %zu point(s) with fewer than two distinct sizes: alpha and "
                              "beta cannot be separated", what, n);
    return 0;
}

/* Weighted sums of the normal equations, weight 1/t^2: the centre of the
 * relative-error fit. */
typedef struct {
    double w, ws, wss, wt, wst;
} weighted_sums;

static weighted_sums sums_of(const double *m, const double *t, size_t n)
{
    weighted_sums s = {0, 0, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        double w = 1 / (t[i] * t[i]);
        s.w += w;
        s.ws += w * m[i];
        s.wss += w * m[i] * m[i];
        s.wt += w * t[i];
        s.wst += w * m[i] * t[i];
    }
    return s;
}

static double smallest_message_time(const double *m, const double *t, size_t n)
{
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (m[i] < m[best] || (m[i] == m[best] && t[i] < t[best]))
            best = i;
    return t[best];
}

int papsim_hockney_fit_points(const double *bytes, const double *seconds, size_t n,
                              const char *what, papsim_hockney_fit *fit, papsim_err *e)
{
    if (check_points(bytes, seconds, n, what, e) != 0)
        return -1;
    weighted_sums s = sums_of(bytes, seconds, n);
    double det = s.w * s.wss - s.ws * s.ws;
    fit->alpha = (s.wt * s.wss - s.ws * s.wst) / det;
    fit->beta = (s.w * s.wst - s.ws * s.wt) / det;
    fit->alpha_fixed = 0;
    if (!(fit->alpha > 0)) { /* keep the latency physical; refit the slope alone */
        fit->alpha = smallest_message_time(bytes, seconds, n);
        fit->beta = (s.wst - fit->alpha * s.ws) / s.wss;
        fit->alpha_fixed = 1;
    }
    if (!(fit->beta > 0) || !isfinite(fit->beta) || !isfinite(fit->alpha))
        return papsim_fail(e, "%s: the fit gives beta = %g s/byte: the times do not grow with "
                              "the message size (measure larger messages)", what, fit->beta);
    fit->npoints = n;
    fit->max_residual = 0;
    for (size_t i = 0; i < n; i++) {
        double r = fabs(fit->alpha + fit->beta * bytes[i] - seconds[i]) / seconds[i];
        if (r > fit->max_residual)
            fit->max_residual = r;
    }
    return 0;
}
