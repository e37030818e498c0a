/* The message-count models, one per pattern: p ranks, L = ceil(log2 p), N
 * segments. Each registry row names its model (registry.def's msgcount
 * field); the header comments of the algorithm files give the patterns
 * these count. SMPI's own algorithms (builtin:NAME) have theirs at the end.
 * The estimates that use them are in msgcount.c. */
#include "msgcount_model.h"

#include <math.h>
#include <string.h>

double papsim_msgcount_ceil_log2(int p)
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

const struct papsim_msgcount_model *papsim_msgcount_builtin_model(const char *collective,
                                                                  const char *name)
{
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (!strcmp(builtins[i].collective, collective) && !strcmp(builtins[i].name, name))
            return builtins[i].model;
    return NULL;
}
