#include "cases/collective_rules.h"

#include <string.h>

int papsim_collective_has_distribution(const char *collective)
{
    return !strcmp(collective, "allgatherv") || !strcmp(collective, "reduce_scatter");
}

int papsim_case_check_collective(const papsim_case *c, papsim_err *e)
{
    if (strcmp(c->distribution, "uniform") && !papsim_collective_has_distribution(c->collective))
        return papsim_fail(e, "--distribution %s applies to allgatherv and reduce_scatter only "
                              "(collective is %s)",
                           c->distribution, c->collective);
    if (c->in_place && !strcmp(c->collective, "bcast"))
        return papsim_fail(e, "--in-place does not apply to bcast (MPI_Bcast has one buffer)");
    if (!strcmp(c->collective, "barrier")) {
        if (c->in_place)
            return papsim_fail(e, "--in-place does not apply to barrier (it has no buffer)");
        if (c->bytes != 0)
            return papsim_fail(e, "--bytes %lld: barrier moves no data (give 0 bytes)",
                               c->bytes);
    }
    return 0;
}

int papsim_barrier_times_ok(const double *arrive, const double *exit_t, int np, double tolerance)
{
    if (np <= 0)
        return 1;
    double last_in = arrive[0], first_out = exit_t[0];
    for (int r = 1; r < np; r++) {
        last_in = arrive[r] > last_in ? arrive[r] : last_in;
        first_out = exit_t[r] < first_out ? exit_t[r] : first_out;
    }
    return first_out >= last_in - tolerance;
}

const char *papsim_smpi_collective(const char *collective)
{
    return !strcmp(collective, "reduce_scatter_block") ? "reduce_scatter" : collective;
}
