/* Message-count estimates per collective and algorithm; see papsim_msgcount.h.
 * p ranks, L = ceil(log2 p), N segments. Each registry row names its model
 * (registry.def's msgcount field); the header comments of the algorithm files
 * give the patterns these count. */
#include "papsim_msgcount.h"

#include "papsim_catalog.h"

#include <math.h>
#include <string.h>

static double ceil_log2(int p)
{
    int l = 0;
    while ((1LL << l) < p)
        l++;
    return l;
}

/* Segments of bytes in pieces of seg bytes, at least 1. */
static double segments_of(long long bytes, long long seg)
{
    if (seg <= 0 || bytes <= seg)
        return 1;
    return ceil((double)bytes / (double)seg);
}

/* A user's segment_bytes, or the algorithm's default. */
static long long seg_or(const papsim_msgcount_case *c, long long fallback)
{
    return c->segment_bytes > 0 ? c->segment_bytes : fallback;
}

typedef double (*count_fn)(const papsim_msgcount_case *c, double p, double L);

/* How many of its sends one rank has in flight at once: what sets the
 * length of SimGrid 3.32's list of detached sends (see
 * papsim_msgcount_eager_scan). */
typedef enum {
    FLIGHT_ONE,    /* at most one: rounds of exchanges, trees, rings */
    FLIGHT_HALF_P, /* about p/2: Sparbit's last steps */
    FLIGHT_ALL,    /* all of them, posted at once: linear patterns */
    FLIGHT_LEAVES, /* segmented trees whose p/2 leaves send every segment at
                      once (blocking eager sends return at once) */
    FLIGHT_CHAIN_END, /* a segmented chain: its end sends every segment */
} flight_kind;

/* The size of one message, against the eager threshold. */
typedef enum {
    PAYLOAD_WHOLE,   /* the case's bytes (a block, or an unsegmented vector) */
    PAYLOAD_SEGMENT, /* bytes over the segments per edge */
    PAYLOAD_SLICE,   /* bytes / p (ring and scatter phases) */
    PAYLOAD_HALVING, /* bytes / 2 .. bytes / p over log2 p steps */
} payload_kind;

/* allgather and allgatherv: p(p-1) for one message per block and step,
 * p L for log-step exchanges. */
static double ag_all_blocks(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return p * (p - 1);
}
static double ag_log_steps(const papsim_msgcount_case *c, double p, double L)
{
    (void)c;
    return p * L;
}
static double ag_neighbor(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return p * (p / 2);
}

/* reduce */
static double tree_once(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return p - 1;
}
static double reduce_chain(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return (p - 1) * segments_of(c->bytes, seg_or(c, 65536));
}
static double reduce_binary(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return (p - 1) * segments_of(c->bytes, seg_or(c, 32768));
}
static double reduce_in_order_binary(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return p * segments_of(c->bytes, seg_or(c, 0));
}
static double halving_gather(const papsim_msgcount_case *c, double p, double L)
{
    (void)c;
    return p * L + p - 1 + p; /* reduce-scatter, gather, folded extra ranks */
}
static double ring_gather(const papsim_msgcount_case *c, double p, double L)
{
    (void)L; /* no empty block travels (count < p) */
    return (p - 1) * fmin(p, (double)c->bytes) + p - 1;
}
static double reduce_clairvoyant(const papsim_msgcount_case *c, double p, double L)
{
    double n = c->segments;
    if (n <= 0 && c->segment_bytes > 0)
        n = segments_of(c->bytes, c->segment_bytes);
    if (n <= 0) /* N_opt of Marendic et al. 2016 (sec. 5.1), CURIE's alpha and beta */
        n = floor(sqrt((L > 0 ? L - 1 : 0) * (double)c->bytes * 4.8179e-10 / 2.66e-6) + 0.5);
    return (p - 1) * (n < 1 ? 1 : n);
}
static double reduce_radix_k(const papsim_msgcount_case *c, double p, double L)
{
    (void)c; /* about log4(p) groups of 4: 3 sends each, then the gathers */
    return p * 3 * ceil(L / 2) + p - 1;
}
static double reduce_two_tree(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return 2 * (p - 1) * segments_of(c->bytes / 2, seg_or(c, 32768));
}

/* SMPI 3.32's own Open MPI reduce algorithms choose their segment size
 * from p and the message size (src/smpi/colls/reduce/reduce-ompi.cpp);
 * their leaves send every segment with a blocking send, eager below 64 KiB. */
static double smpi_ompi_binomial(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    double m = (double)c->bytes;
    int segmented = !((p < 8 && m < 20480) || m < 2048) && p > 0.6016 / 1024 * m + 1.3496;
    return (p - 1) * segments_of(c->bytes, segmented ? 1024 : 0);
}
static double smpi_ompi_pipeline(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    double m = (double)c->bytes;
    long long seg = p > 0.0410 / 1024 * m + 9.7128 ? 1024 : p > 0.0033 / 1024 * m + 1.6761 ? 32768 : 65536;
    return (p - 1) * segments_of(c->bytes, seg);
}
static double smpi_ompi_binary(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return (p - 1) * segments_of(c->bytes, 32768);
}
static double smpi_ompi_chain(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return (p - 1) * segments_of(c->bytes, 65536);
}

/* allreduce */
/* SMPI 3.32's lr (and ompi_ring_segmented below p x 1 MiB): a ring over p
 * blocks, or redbcast when there are fewer elements than ranks (bytes bound
 * the element count from above). */
static double smpi_lr(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return (double)c->bytes < p ? 2 * (p - 1) : 2 * p * (p - 1);
}
static double ring_twice(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return 2 * p * (p - 1);
}
/* papsim's ring sends no empty block: with fewer elements than ranks only
 * min(p, count) blocks travel, each p-1 times per phase (bytes bound the
 * element count from above). */
static double allreduce_ring(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return 2 * (p - 1) * fmin(p, (double)c->bytes);
}
static double allreduce_segmented_ring(const papsim_msgcount_case *c, double p, double L)
{
    (void)L; /* F phases of the reduce-scatter, then the ring's allgather;
                empty pieces and blocks send nothing */
    double phases = segments_of(c->bytes, (long long)p * seg_or(c, 1 << 20));
    return (p - 1) * fmin(p, (double)c->bytes) * (1 + phases);
}
static double allreduce_rabenseifner(const papsim_msgcount_case *c, double p, double L)
{
    (void)c;
    return 2 * p * L + 2 * p;
}
static double allreduce_reduce_bcast(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return 2 * (p - 1);
}

/* bcast: segmented trees send every segment over every edge. */
static double bcast_segmented(const papsim_msgcount_case *c, double p, double fallback_seg)
{
    return (p - 1) * segments_of(c->bytes, seg_or(c, (long long)fallback_seg));
}
static double bcast_pipeline(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return bcast_segmented(c, p, 65536);
}
static double bcast_unsegmented(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return bcast_segmented(c, p, 0);
}
static double bcast_split_binary(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return bcast_segmented(c, p, 8192) + p / 2;
}
static double bcast_scatter_allgather(const papsim_msgcount_case *c, double p, double L)
{
    (void)c;
    return p - 1 + p * L;
}
static double bcast_scatter_ring(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return p - 1 + p * (p - 1);
}

/* barrier: linear and tree, p-1 messages in and p-1 out; the double ring
 * passes its token twice round p ranks */
static double barrier_linear(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return 2 * (p - 1);
}
static double barrier_double_ring(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return 2 * p;
}

/* reduce_scatter recursive halving: p floor(log2 p) swaps, the extra ranks
 * fold in and are served back (2 per extra rank) */
static double reduce_scatter_halving(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    const double q = exp2(floor(log2(p)));
    return q * log2(q) + 2 * (p - q);
}

/* gather linear_sync: per non-root rank an empty request, the first segment
 * and the rest (sent even when empty) */
static double gather_sync(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return 3 * (p - 1);
}

/* The models the registry rows name (registry.def's msgcount field):
 * papsim_msgcount_model_<name>, a count, the sends one rank has in flight
 * and the size of one message. */
struct papsim_msgcount_model {
    count_fn count;
    flight_kind flight;
    payload_kind payload;
};

#define MODEL(name, count, flight, payload)                                                     \
    const struct papsim_msgcount_model papsim_msgcount_model_##name = {count, flight, payload};
/* Every block once per rank and step, or one message per block: p(p-1). */
MODEL(all_blocks, ag_all_blocks, FLIGHT_ONE, PAYLOAD_WHOLE)
MODEL(sparbit, ag_all_blocks, FLIGHT_HALF_P, PAYLOAD_WHOLE)
MODEL(linear_blocks, ag_all_blocks, FLIGHT_ALL, PAYLOAD_WHOLE)
MODEL(neighbor_exchange, ag_neighbor, FLIGHT_ONE, PAYLOAD_WHOLE)
/* One exchange per rank and log step: p L. */
MODEL(log_steps, ag_log_steps, FLIGHT_ONE, PAYLOAD_WHOLE)
/* A tree or a linear pattern that sends the whole vector once per edge. */
MODEL(tree, tree_once, FLIGHT_ONE, PAYLOAD_WHOLE)
MODEL(linear, tree_once, FLIGHT_ALL, PAYLOAD_WHOLE)
/* reduce */
MODEL(reduce_chain, reduce_chain, FLIGHT_ONE, PAYLOAD_SEGMENT)
MODEL(reduce_binary, reduce_binary, FLIGHT_ONE, PAYLOAD_SEGMENT)
MODEL(in_order_binary, reduce_in_order_binary, FLIGHT_ONE, PAYLOAD_SEGMENT)
MODEL(halving_gather, halving_gather, FLIGHT_ONE, PAYLOAD_HALVING)
MODEL(ring_gather, ring_gather, FLIGHT_ONE, PAYLOAD_SLICE)
MODEL(clairvoyant, reduce_clairvoyant, FLIGHT_ONE, PAYLOAD_SEGMENT)
MODEL(radix_k, reduce_radix_k, FLIGHT_ONE, PAYLOAD_HALVING)
MODEL(two_tree, reduce_two_tree, FLIGHT_ONE, PAYLOAD_SEGMENT)
/* allreduce */
MODEL(allreduce_ring, allreduce_ring, FLIGHT_ONE, PAYLOAD_SLICE)
MODEL(segmented_ring, allreduce_segmented_ring, FLIGHT_ONE, PAYLOAD_SEGMENT)
MODEL(allreduce_rabenseifner, allreduce_rabenseifner, FLIGHT_ONE, PAYLOAD_HALVING)
MODEL(reduce_bcast, allreduce_reduce_bcast, FLIGHT_ONE, PAYLOAD_WHOLE)
MODEL(ring_twice, ring_twice, FLIGHT_ONE, PAYLOAD_SLICE)
/* bcast */
MODEL(bcast_pipeline, bcast_pipeline, FLIGHT_ONE, PAYLOAD_SEGMENT)
MODEL(bcast_tree, bcast_unsegmented, FLIGHT_ONE, PAYLOAD_WHOLE)
MODEL(split_binary, bcast_split_binary, FLIGHT_ONE, PAYLOAD_SEGMENT)
MODEL(scatter_allgather, bcast_scatter_allgather, FLIGHT_ONE, PAYLOAD_SLICE)
MODEL(scatter_ring, bcast_scatter_ring, FLIGHT_ONE, PAYLOAD_SLICE)
/* barrier (empty messages) and reduce_scatter */
MODEL(barrier_linear, barrier_linear, FLIGHT_ALL, PAYLOAD_WHOLE)
MODEL(double_ring, barrier_double_ring, FLIGHT_ONE, PAYLOAD_WHOLE)
MODEL(barrier_log_steps, ag_log_steps, FLIGHT_ONE, PAYLOAD_WHOLE)
MODEL(barrier_tree, barrier_linear, FLIGHT_ONE, PAYLOAD_WHOLE)
MODEL(rs_halving, reduce_scatter_halving, FLIGHT_ONE, PAYLOAD_HALVING)
/* gather linear_sync: a request, a first segment and the rest per rank */
MODEL(gather_sync, gather_sync, FLIGHT_ONE, PAYLOAD_SEGMENT)
/* SMPI's built-ins (not in the registry) whose count stands out. */
static const struct papsim_msgcount_model smpi_binomial = {smpi_ompi_binomial, FLIGHT_LEAVES,
                                                           PAYLOAD_SEGMENT};
static const struct papsim_msgcount_model smpi_pipeline = {smpi_ompi_pipeline, FLIGHT_CHAIN_END,
                                                           PAYLOAD_SEGMENT};
static const struct papsim_msgcount_model smpi_binary = {smpi_ompi_binary, FLIGHT_LEAVES,
                                                         PAYLOAD_SEGMENT};
static const struct papsim_msgcount_model smpi_chain = {smpi_ompi_chain, FLIGHT_LEAVES,
                                                        PAYLOAD_SEGMENT};
static const struct papsim_msgcount_model smpi_lr_model = {smpi_lr, FLIGHT_ONE, PAYLOAD_SLICE};

/* builtin:NAME, the MPI library's own algorithm: a row for the SMPI
 * algorithms named here, else its collective's typical figure ("builtin").
 * Registered algorithms take their model from the registry. */
static const struct {
    const char *collective, *name;
    const struct papsim_msgcount_model *model;
} builtins[] = {
    {"allgather", "builtin", &papsim_msgcount_model_log_steps},
    {"allgatherv", "builtin", &papsim_msgcount_model_all_blocks},
    {"reduce", "builtin:ompi_binomial", &smpi_binomial},
    {"reduce", "builtin:ompi_pipeline", &smpi_pipeline},
    {"reduce", "builtin:ompi_binary", &smpi_binary},
    {"reduce", "builtin:ompi_chain", &smpi_chain},
    {"reduce", "builtin", &papsim_msgcount_model_tree},
    {"allreduce", "builtin:lr", &smpi_lr_model},
    {"allreduce", "builtin:ompi_ring_segmented", &smpi_lr_model},
    {"allreduce", "builtin", &papsim_msgcount_model_allreduce_rabenseifner},
    {"alltoall", "builtin:basic_linear", &papsim_msgcount_model_linear_blocks},
    {"alltoall", "builtin:mvapich2_scatter_dest", &papsim_msgcount_model_linear_blocks},
    {"alltoall", "builtin:bruck", &papsim_msgcount_model_log_steps},
    {"alltoall", "builtin", &papsim_msgcount_model_all_blocks},
    {"bcast", "builtin", &papsim_msgcount_model_tree},
    {"barrier", "builtin", &papsim_msgcount_model_barrier_log_steps},
    {"reduce_scatter", "builtin", &papsim_msgcount_model_all_blocks},
    {"reduce_scatter_block", "builtin", &papsim_msgcount_model_all_blocks},
    {"alltoallv", "builtin:ompi_basic_linear", &papsim_msgcount_model_linear_blocks},
    {"alltoallv", "builtin", &papsim_msgcount_model_all_blocks},
    {"gather", "builtin", &papsim_msgcount_model_tree},
    {"scatter", "builtin", &papsim_msgcount_model_tree},
    {"gatherv", "builtin", &papsim_msgcount_model_linear},
    {"scatterv", "builtin", &papsim_msgcount_model_linear},
};

static const struct papsim_msgcount_model *find_builtin(const char *collective, const char *name)
{
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (!strcmp(builtins[i].collective, collective) && !strcmp(builtins[i].name, name))
            return builtins[i].model;
    return NULL;
}

/* The algorithm's model: its registry row's (a user's algorithm that declares
 * none: its collective's builtin one, the default), or for builtin:NAME its row
 * above or its collective's builtin one (NULL: an unknown algorithm). */
static const struct papsim_msgcount_model *model_of(const papsim_msgcount_case *c)
{
    if (strncmp(c->algorithm, "builtin:", 8) != 0) {
        const papsim_catalog_entry *entry = papsim_catalog_find(c->collective, c->algorithm);
        if (entry && !entry->msgcount) /* a user's algorithm that declares none */
            return find_builtin(c->collective, "builtin");
        return entry ? entry->msgcount : NULL;
    }
    const struct papsim_msgcount_model *model = find_builtin(c->collective, c->algorithm);
    return model ? model : find_builtin(c->collective, "builtin");
}

double papsim_msgcount_estimate(const papsim_msgcount_case *c)
{
    if (c->p <= 1)
        return 0;
    const struct papsim_msgcount_model *model = model_of(c);
    if (!model)
        return (double)c->p * (c->p - 1);
    return model->count(c, c->p, ceil_log2(c->p));
}

/* Share of the messages below the eager threshold. */
static double eager_share(const papsim_msgcount_case *c, payload_kind kind, double messages,
                          long long thresh)
{
    double p = c->p, L = ceil_log2(c->p), bytes = (double)c->bytes;
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
        in_flight = fmin(p, messages / fmax(1, ceil_log2(c->p)));
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
