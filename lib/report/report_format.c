/* Panel keys, times and spreads as every view prints them; see
 * report_format.h. */
#include "report/report_format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const papsim_panel_key_columns[PAPSIM_PK_COUNT] = {
    "collective", "platform", "np",   "mapping",      "ranks_per_node", "datatype",
    "op",         "root",     "gamma", "distribution", "skew",
};

int papsim_panel_key_shown(const char *const *key, int k)
{
    return k != PAPSIM_PK_DISTRIBUTION || strcmp(key[k], PAPSIM_DEFAULT_DISTRIBUTION) != 0;
}

/* The unit papsim_format_seconds shows s in, and the factor to it. */
static double seconds_unit(double s, const char **unit)
{
    if (s == 0 || s >= 1) {
        *unit = "s";
        return 1;
    }
    if (s >= 1e-3) {
        *unit = "ms";
        return 1e3;
    }
    if (s >= 1e-6) {
        *unit = "us";
        return 1e6;
    }
    *unit = "ns";
    return 1e9;
}

void papsim_format_seconds(double s, char *buf, size_t len)
{
    const char *unit;
    double scale = seconds_unit(s, &unit);
    if (isnan(s))
        snprintf(buf, len, "-");
    else if (s == 0)
        snprintf(buf, len, "0 s");
    else
        snprintf(buf, len, "%.4g %s", s * scale, unit);
}

/* Both ends in the median's unit, so "12.35 us [11.9..13.2]" reads as one
 * quantity; a range needs two ok repetitions to say anything. */
void papsim_format_spread(double median, const papsim_rep_spread *s, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    if (s->nok + s->nmissed + s->nother == 0)
        return;
    if (s->nok > 1) {
        const char *unit;
        double scale = seconds_unit(median, &unit);
        used += (size_t)snprintf(buf, len, " [%.4g..%.4g]", s->min * scale, s->max * scale);
    }
    if (used < len)
        used += (size_t)snprintf(buf + used, len - used, " n=%zu", s->nok);
    if (s->nmissed && used < len)
        used += (size_t)snprintf(buf + used, len - used, " +%zu missed", s->nmissed);
    if (s->nother && used < len)
        snprintf(buf + used, len - used, " +%zu not ok", s->nother);
}

void papsim_panel_keys_title(const char *const *key, int nkeys, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%s", key[PAPSIM_PK_COLLECTIVE]);
    for (int k = 1; k < nkeys && n < len; k++) {
        if (!papsim_panel_key_shown(key, k))
            continue;
        n += (size_t)snprintf(buf + n, len - n, ", %s=%s", papsim_panel_key_columns[k], key[k]);
    }
}
