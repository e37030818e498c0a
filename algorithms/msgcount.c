/* Message-count estimates per collective and algorithm; see papsim_msgcount.h.
 * p ranks, L = ceil(log2 p), N segments. A table row per algorithm keeps
 * each formula next to its name; the header comments of the algorithm files
 * give the patterns these count. */
#include "papsim_msgcount.h"

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
    (void)c, (void)L;
    return p * (p - 1) + p - 1;
}
static double reduce_clairvoyant(const papsim_msgcount_case *c, double p, double L)
{
    double n = c->segments;
    if (n <= 0 && c->segment_bytes > 0)
        n = segments_of(c->bytes, c->segment_bytes);
    if (n <= 0) /* seed 000's N_opt with CURIE's alpha and beta */
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

/* allreduce */
static double ring_twice(const papsim_msgcount_case *c, double p, double L)
{
    (void)c, (void)L;
    return 2 * p * (p - 1);
}
static double allreduce_segmented_ring(const papsim_msgcount_case *c, double p, double L)
{
    (void)L;
    return p * (p - 1) * (1 + segments_of(c->bytes, (long long)p * seg_or(c, 1 << 20)));
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

/* alltoall */
static double alltoall_bruck(const papsim_msgcount_case *c, double p, double L)
{
    (void)c;
    return p * L;
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

static const struct {
    const char *collective, *name;
    count_fn count;
} formulas[] = {
    {"allgather", "ring", ag_all_blocks},
    {"allgather", "neighbor_exchange", ag_neighbor},
    {"allgather", "recursive_doubling", ag_log_steps},
    {"allgather", "bruck", ag_log_steps},
    {"allgather", "sparbit", ag_all_blocks},
    {"allgather", "builtin", ag_log_steps},
    {"allgatherv", "ring", ag_all_blocks},
    {"allgatherv", "sparbit", ag_all_blocks},
    {"allgatherv", "builtin", ag_all_blocks},
    {"reduce", "binomial", tree_once},
    {"reduce", "linear", tree_once},
    {"reduce", "chain", reduce_chain},
    {"reduce", "pipeline", reduce_chain},
    {"reduce", "binary", reduce_binary},
    {"reduce", "in_order_binary", reduce_in_order_binary},
    {"reduce", "rabenseifner", halving_gather},
    {"reduce", "butterfly", halving_gather},
    {"reduce", "parallel_ring", ring_gather},
    {"reduce", "clairvoyant", reduce_clairvoyant},
    {"reduce", "radix_k", reduce_radix_k},
    {"reduce", "two_tree", reduce_two_tree},
    {"reduce", "builtin", tree_once},
    {"allreduce", "ring", ring_twice},
    {"allreduce", "segmented_ring", allreduce_segmented_ring},
    {"allreduce", "recursive_doubling", ag_log_steps},
    {"allreduce", "rabenseifner", allreduce_rabenseifner},
    {"allreduce", "reduce_bcast", allreduce_reduce_bcast},
    {"allreduce", "slt", ring_twice},
    {"allreduce", "prr", ring_twice},
    {"allreduce", "builtin", allreduce_rabenseifner},
    {"alltoall", "linear", ag_all_blocks},
    {"alltoall", "pairwise", ag_all_blocks},
    {"alltoall", "modified_bruck", alltoall_bruck},
    {"alltoall", "linear_sync", ag_all_blocks},
    {"alltoall", "builtin", ag_all_blocks},
    {"bcast", "linear", tree_once},
    {"bcast", "chain", bcast_pipeline},
    {"bcast", "pipeline", bcast_pipeline},
    {"bcast", "binary", bcast_unsegmented},
    {"bcast", "split_binary", bcast_split_binary},
    {"bcast", "binomial", bcast_unsegmented},
    {"bcast", "knomial", bcast_unsegmented},
    {"bcast", "scatter_allgather", bcast_scatter_allgather},
    {"bcast", "scatter_ring_allgather", bcast_scatter_ring},
    {"bcast", "builtin", tree_once},
};

static count_fn find_formula(const char *collective, const char *name)
{
    for (size_t i = 0; i < sizeof formulas / sizeof formulas[0]; i++)
        if (!strcmp(formulas[i].collective, collective) && !strcmp(formulas[i].name, name))
            return formulas[i].count;
    return NULL;
}

double papsim_msgcount_estimate(const papsim_msgcount_case *c)
{
    if (c->p <= 1)
        return 0;
    count_fn f = strncmp(c->algorithm, "builtin:", 8) ? find_formula(c->collective, c->algorithm)
                                                        : NULL;
    if (!f)
        f = find_formula(c->collective, "builtin");
    if (!f)
        return (double)c->p * (c->p - 1);
    return f(c, c->p, ceil_log2(c->p));
}
