#include "cases/collective_rules.h"

#include <string.h>

#include "papsim_catalog.h"

static int check_knobs(const papsim_case *c, papsim_err *e);

int papsim_collective_has_distribution(const char *collective)
{
    return papsim_collective_has(collective, PAPSIM_C_VFORM);
}

int papsim_case_check_collective(const papsim_case *c, papsim_err *e)
{
    const papsim_collective_entry *coll = papsim_collective_find(c->collective);
    const unsigned traits = coll ? coll->traits : 0;
    if (strcmp(c->distribution, "uniform") && !(traits & PAPSIM_C_VFORM)) {
        char names[512];
        papsim_collective_names_with(PAPSIM_C_VFORM, names, sizeof names);
        return papsim_fail(e, "--distribution %s applies to %s only (collective is %s)",
                           c->distribution, names, c->collective);
    }
    if (c->in_place && (traits & PAPSIM_C_ONE_BUFFER))
        return papsim_fail(e, "--in-place does not apply to %s (MPI_%s has one buffer)",
                           coll->name, coll->mpi);
    if (traits & PAPSIM_C_NO_DATA) {
        if (c->in_place)
            return papsim_fail(e, "--in-place does not apply to %s (it has no buffer)",
                               coll->name);
        if (c->bytes != 0)
            return papsim_fail(e, "--bytes %lld: %s moves no data (give 0 bytes)", c->bytes,
                               coll->name);
    }
    if (traits & PAPSIM_C_STRICT_KNOBS)
        return check_knobs(c, e);
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
    const papsim_collective_entry *coll = papsim_collective_find(collective);
    return coll && coll->smpi[0] ? coll->smpi : collective;
}

/* A collective with PAPSIM_C_STRICT_KNOBS (barrier, the reduce_scatter
 * family, alltoallv, scan, the rooted data movers) refuses a knob its
 * algorithm does not read (the older collectives accept and ignore one, as
 * they always have): a knob set for nothing is a number papsim could not
 * stand behind. */
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

int papsim_smpi_selectable(const char *collective)
{
    const papsim_collective_entry *coll = papsim_collective_find(collective);
    return coll && coll->smpi[0];
}
