#include "cases/collective_rules.h"

#include <string.h>

#include "papsim_catalog.h"

static int check_knobs(const papsim_case *c, papsim_err *e);

int papsim_collective_has_distribution(const char *collective)
{
    return !strcmp(collective, "allgatherv") || !strcmp(collective, "reduce_scatter") ||
           !strcmp(collective, "alltoallv") || papsim_collective_is_gs_vector(collective);
}

int papsim_case_check_collective(const papsim_case *c, papsim_err *e)
{
    if (strcmp(c->distribution, "uniform") && !papsim_collective_has_distribution(c->collective))
        return papsim_fail(e,
                           "--distribution %s applies to allgatherv, reduce_scatter, alltoallv, "
                           "gatherv and scatterv only (collective is %s)",
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
    if (!strcmp(c->collective, "barrier") || !strncmp(c->collective, "reduce_scatter", 14) ||
        !strcmp(c->collective, "alltoallv") || papsim_collective_is_scan(c->collective) ||
        papsim_collective_is_gs(c->collective))
        return check_knobs(c, e);
    return 0;
}

int papsim_collective_is_scan(const char *collective)
{
    return !strcmp(collective, "scan") || !strcmp(collective, "exscan");
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

/* Barrier and the reduce_scatter family refuse a knob their algorithm does
 * not read (the older collectives accept and ignore one, as they always
 * have): a knob set for nothing is a number papsim could not stand behind. */
static int check_knobs(const papsim_case *c, papsim_err *e)
{
    const papsim_catalog_entry *entry = papsim_catalog_find(c->collective, c->algorithm);
    if (!entry && strncmp(c->algorithm, "builtin:", 8) != 0)
        return 0; /* not (yet) one of the collective's: its name is checked elsewhere */
    const unsigned knobs = entry ? entry->knobs : 0;
    static const struct {
        unsigned bit;
        const char *option;
    } knob_options[] = {
        {PAPSIM_K_SEGMENT_BYTES, "--segment-bytes"}, {PAPSIM_K_SEGMENTS, "--segments"},
        {PAPSIM_K_MAX_REQUESTS, "--max-requests"},   {PAPSIM_K_KNOMIAL_RADIX, "--knomial-radix"},
        {PAPSIM_K_RADIX, "--radix"},                 {PAPSIM_K_KNOWLEDGE, "--knowledge"},
    };
    const int set[] = {c->segment_bytes != 0, c->segments != 0, c->max_requests != 0,
                       c->knomial_radix != 0, c->radix[0] != '\0', strcmp(c->knowledge, "none")};
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++)
        if (set[i] && !(knobs & knob_options[i].bit))
            return papsim_fail(e, "%s does not apply to %s/%s (it reads no such knob)",
                               knob_options[i].option, c->collective, c->algorithm);
    return 0;
}

int papsim_collective_is_gs(const char *collective)
{
    return !strcmp(collective, "gather") || !strcmp(collective, "scatter") ||
           papsim_collective_is_gs_vector(collective);
}

int papsim_collective_is_gs_vector(const char *collective)
{
    return !strcmp(collective, "gatherv") || !strcmp(collective, "scatterv");
}

int papsim_smpi_selectable(const char *collective)
{
    return !papsim_collective_is_gs_vector(collective);
}
