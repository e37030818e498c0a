/* Message-count estimates per collective and algorithm (papsim_msgcount.h):
 * the model of the algorithm's registry row, a user algorithm's declared
 * one, or SMPI's builtin ones (msgcount_models.c). */
#include "papsim_msgcount.h"

#include "msgcount_model.h"
#include "papsim_catalog.h"

#include <math.h>
#include <string.h>

/* The algorithm's model: its registry row's (a user's algorithm that declares
 * none: its collective's builtin one, the default), or for builtin:NAME its row
 * above or its collective's builtin one (NULL: an unknown algorithm). */
static const struct papsim_msgcount_model *model_of(const papsim_msgcount_case *c)
{
    if (strncmp(c->algorithm, "builtin:", 8) != 0) {
        const papsim_catalog_entry *entry = papsim_catalog_find(c->collective, c->algorithm);
        if (entry && !entry->msgcount) /* a user's algorithm that declares none */
            return papsim_msgcount_builtin_model(c->collective, "builtin");
        return entry ? entry->msgcount : NULL;
    }
    const struct papsim_msgcount_model *model = papsim_msgcount_builtin_model(c->collective, c->algorithm);
    return model ? model : papsim_msgcount_builtin_model(c->collective, "builtin");
}

double papsim_msgcount_estimate(const papsim_msgcount_case *c)
{
    if (c->p <= 1)
        return 0;
    const struct papsim_msgcount_model *model = model_of(c);
    if (!model)
        return (double)c->p * (c->p - 1);
    return model->count(c, c->p, papsim_msgcount_ceil_log2(c->p));
}

/* Share of the messages below the eager threshold. */
static double eager_share(const papsim_msgcount_case *c, payload_kind kind, double messages,
                          long long thresh)
{
    double p = c->p, L = papsim_msgcount_ceil_log2(c->p), bytes = (double)c->bytes;
    switch (kind) {
    case PAYLOAD_SEGMENT:
        return bytes / fmax(1, messages / (p - 1)) < thresh;
    case PAYLOAD_SLICE:
        return bytes / p < thresh;
    case PAYLOAD_HALVING: { /* steps k = 1..L carry bytes / 2^k */
        if (L <= 0 || bytes < thresh)
            return 1;
        double big = floor(log2(bytes / (double)thresh)); /* steps still >= thresh */
        return fmax(0, fmin(1, (L - big) / L));
    }
    case PAYLOAD_WHOLE:
    default:
        return bytes < thresh;
    }
}

double papsim_msgcount_eager_scan(const papsim_msgcount_case *c, long long eager_thresh)
{
    if (c->p <= 1 || eager_thresh <= 0)
        return 0;
    const struct papsim_msgcount_model *model = model_of(c);
    double messages = papsim_msgcount_estimate(c);
    if (!model)
        return 0;
    double eager = messages * eager_share(c, model->payload, messages, eager_thresh);
    /* A list entry costs a cache miss when the sends in flight were posted
     * at different times, and far less when one rank posted them in a burst
     * (their nodes lie side by side): 1/8 for linear patterns and Sparbit's
     * steps, 1/2 for trees whose leaves post bursts of segments (fitted to
     * the runs in the README, "Where the time of the PAP selection studies
     * goes"). */
    double p = c->p, in_flight, weight = 1;
    switch (model->flight) {
    case FLIGHT_ALL:
        in_flight = eager;
        weight = 1.0 / 8;
        break;
    case FLIGHT_HALF_P:
        in_flight = p * p / 2;
        weight = 1.0 / 8;
        break;
    case FLIGHT_LEAVES:
        in_flight = p / 2 * (messages / (p - 1));
        weight = 1.0 / 2;
        break;
    case FLIGHT_CHAIN_END:
        in_flight = messages / (p - 1) + p;
        weight = 1.0 / 2;
        break;
    case FLIGHT_ONE: /* at most one per rank, fewer in a tree's later rounds */
    default:
        in_flight = fmin(p, messages / fmax(1, papsim_msgcount_ceil_log2(c->p)));
        break;
    }
    return weight * eager * fmin(eager, in_flight);
}

double papsim_msgcount_waitall_visits(const papsim_msgcount_case *c)
{
    /* smpi_coll's alltoall-basic-linear.cpp and alltoallv-ompi-basic-linear.cpp
     * (SimGrid 3.32 and 4.1): an irecv and an isend per peer, one
     * Request::waitall on all of them. */
    static const char *const all_peers[][2] = {{"alltoall", "builtin:basic_linear"},
                                               {"alltoallv", "builtin:ompi_basic_linear"}};
    for (size_t i = 0; i < sizeof all_peers / sizeof all_peers[0]; i++)
        if (c->p > 1 && !strcmp(c->collective, all_peers[i][0]) &&
            !strcmp(c->algorithm, all_peers[i][1])) {
            double n = 2.0 * (c->p - 1);
            return c->p * n * (n + 1) / 2;
        }
    return 0;
}
