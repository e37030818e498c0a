/* The Clairvoyant generators by name and number: papsim_clv_generate runs
 * the original (clv_original.c) or the improved one (clv_improved.c), both
 * built on the schedule container of clv_schedule.c. See clairvoyant.h. */
#include <string.h>

#include "clairvoyant.h"

static const char *const generator_names[] = {"original", "improved"};

const char *papsim_clv_generator_name(int generator)
{
    if (generator < 0 || generator > PAPSIM_CLV_IMPROVED)
        return NULL;
    return generator_names[generator];
}

int papsim_clv_generator_parse(const char *s, int *generator, papsim_clv_err *e)
{
    for (int g = 0; g <= PAPSIM_CLV_IMPROVED; g++)
        if (s != NULL && strcmp(s, generator_names[g]) == 0) {
            *generator = g;
            return 0;
        }
    return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "generator '%s' is not known (valid: original, "
                       "improved)", s ? s : "");
}

int papsim_clv_generate(int generator, int nprocs, int nseg, int root,
                        const double *arrival, double round_time,
                        const papsim_clv_options *opt,
                        papsim_clv_schedule *out, papsim_clv_err *e)
{
    switch (generator) {
    case PAPSIM_CLV_ORIGINAL:
        return papsim_clv_generate_original(nprocs, nseg, root, arrival,
                                            round_time, opt, out, e);
    case PAPSIM_CLV_IMPROVED:
        return papsim_clv_generate_improved(nprocs, nseg, root, arrival,
                                            round_time, opt, out, e);
    default:
        memset(out, 0, sizeof *out);
        return papsim_clv_fail(e, PAPSIM_CLV_EINVAL, "generator %d is not known (valid: original, "
                           "improved)", generator);
    }
}
