#include "arrival_sorted.h"

#include "../schedule/sorted_ring.h"

int papsim_sorted_ranks(const papsim_params *params, int p, int *order, double *a_sorted)
{
    const double *a = params ? params->arrivals : NULL;
    if (params && params->arrival_source) {
        int rc = params->arrival_source->obtain(params->arrival_source, &a);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    if (papsim_arrival_order(p, a, order) != 0)
        return MPI_ERR_ARG;
    if (a_sorted)
        for (int id = 0; id < p; id++)
            a_sorted[id] = a ? a[order[id]] - a[order[0]] : 0.0;
    return MPI_SUCCESS;
}
