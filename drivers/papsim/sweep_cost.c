/* The forecast's cost model of one sweep case (see sweep.h): what papsim run
 * prints before a sweep and what orders its batches, longest first. */
#include "papsim_msgcount.h"
#include "sweep.h"

double sweep_case_cost(const sweep_case *sc, const sweep_cost_model *m, double *messages)
{
    papsim_msgcount_case mc = {sc->c.collective, sc->c.algorithm, sc->c.np, sc->c.bytes,
                               sc->c.segment_bytes, sc->c.segments};
    /* the harness adds its start agreement and result gathering: 2(p-1) */
    double sent = sc->c.reps * (papsim_msgcount_estimate(&mc) + 2.0 * (sc->c.np - 1));
    double scanned = sc->c.reps * papsim_msgcount_eager_scan(&mc, m->eager_thresh);
    if (messages)
        *messages = sent;
    return sent * m->msg + scanned * m->scan + sc->c.np * m->rank + m->per_case;
}
