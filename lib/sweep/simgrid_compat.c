/* Where papsim differs per SimGrid version (simgrid_compat.h). */
#include "sweep/simgrid_compat.h"

#include <ctype.h>
#include <stdlib.h>

/* Wall time per message on SimGrid 3.34 and later: the fit to SimGrid 4.1's
 * measured single cases (linear alltoall np 256 and 1024, pairwise np 1024,
 * ompi_binomial 16 KiB np 1024, Sparbit np 512: docs/simgrid-versions.md)
 * that minimises the squared log ratio forecast/measured; all within 2.4x. */
#define NO_SCAN_MSG_COST 20e-6

/* Wall time per request SMPI's MPI_Waitall visits on SimGrid 3.34 and
 * later: fitted to SMPI's basic_linear alltoall at np 1024 on SimGrid 4.1
 * (docs/running.md, Forecast), a tenth of 3.32's. Measured on 3.32 and 4.1
 * only: the versions between take 4.1's from 3.34 on. */
#define NO_SCAN_WAITALL_COST 140e-9

#ifndef PAPSIM_SIMGRID_BUILD_VERSION
#define PAPSIM_SIMGRID_BUILD_VERSION "unknown"
#endif

long papsim_simgrid_version_number(const char *text)
{
    char *end;
    if (!text || !isdigit((unsigned char)text[0]))
        return -1;
    long major = strtol(text, &end, 10), minor, patch = 0;
    if (end[0] != '.' || !isdigit((unsigned char)end[1]))
        return -1;
    minor = strtol(end + 1, &end, 10);
    if (end[0] == '.' && isdigit((unsigned char)end[1]))
        patch = strtol(end + 1, &end, 10);
    if (major > 99 || minor > 99 || patch > 99)
        return -1;
    return 10000 * major + 100 * minor + patch;
}

const char *papsim_simgrid_build_version(void)
{
    return PAPSIM_SIMGRID_BUILD_VERSION;
}

int papsim_simgrid_scans_eager_sends(const char *version)
{
    long v = papsim_simgrid_version_number(version);
    if (v < 0)
        v = papsim_simgrid_version_number(papsim_simgrid_build_version());
    return v < 0 || v < papsim_simgrid_version_number(PAPSIM_SIMGRID_NO_EAGER_SCAN);
}

void papsim_simgrid_cost_model(const char *version, sweep_cost_model *m)
{
    const sweep_cost_model d = SWEEP_COST_MODEL_DEFAULT;
    long long eager = m->eager_thresh;
    *m = d;
    m->eager_thresh = eager;
    if (!papsim_simgrid_scans_eager_sends(version)) {
        m->scan = 0;
        m->msg = NO_SCAN_MSG_COST;
        m->waitall = NO_SCAN_WAITALL_COST;
    }
}
