/* Where papsim differs per SimGrid version (simgrid_compat.h). */
#include "smpi/simgrid_compat.h"

#include <ctype.h>
#include <stdlib.h>

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
