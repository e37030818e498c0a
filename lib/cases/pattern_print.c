/* papsim pattern's output: the list of shapes, the absolute skew it takes,
 * and one "rank<TAB>delay" line per rank (pattern_print.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases/pattern.h"
#include "cases/pattern_print.h"
#include "util/units.h"

void papsim_pattern_list_shapes(FILE *f)
{
    for (size_t i = 0; i < papsim_pattern_count(); i++)
        fprintf(f, "%-14s %s\n", papsim_pattern_shape_name(i),
                papsim_pattern_shape_description(i));
    fprintf(f, "%-14s %s\n", "file:PATH",
            "one delay per line from a file, rescaled to the skew "
            "(--as-recorded: as is)");
}

int papsim_pattern_absolute_skew(const char *text, int as_recorded, double *skew,
                                 papsim_err *e)
{
    papsim_skew s;
    if (as_recorded) {
        if (text != NULL)
            return papsim_fail(e, "%s", "--skew and --as-recorded exclude each "
                               "other: a recorded file keeps its own delays");
        *skew = 0;
        return 0;
    }
    if (text == NULL)
        return papsim_fail(e, "%s", "--skew is required (e.g. --skew 100us)");
    if (papsim_parse_skew(text, &s, e) != 0)
        return -1;
    if (s.kind != PAPSIM_SKEW_ABSOLUTE)
        return papsim_fail(e, "skew '%s' is relative: relative skews are resolved "
                           "by `papsim run` from no-delay runs; give an absolute "
                           "skew here, such as 100us", text);
    *skew = s.value;
    return 0;
}

int papsim_pattern_print(FILE *f, const papsim_pattern *p, long np, double skew,
                         unsigned long long seed, int rescale_file, papsim_err *e)
{
    double *delays = malloc((size_t)np * sizeof *delays);
    int rc = 0;
    if (delays == NULL) {
        papsim_fail(e, "np=%ld: out of memory", np);
        return PAPSIM_EXIT_FAILED;
    }
    if (papsim_pattern_delays(p, (int)np, skew, seed, rescale_file, delays, e) != 0) {
        rc = PAPSIM_EXIT_BAD_INPUT;
    } else {
        for (long i = 0; i < np; i++)
            fprintf(f, "%ld\t%.17g\n", i, delays[i]);
        if (fflush(f) != 0) { /* e.g. a full disk behind a redirect */
            papsim_fail(e, "cannot write the output: %s", strerror(errno));
            rc = PAPSIM_EXIT_FAILED;
        }
    }
    free(delays);
    return rc;
}
