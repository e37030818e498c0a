/* Unit tests for algorithms/msgcount.c: the message counts and the
 * eager-list scan estimate behind papsim run's forecast, on the cases the
 * docs/performance.md measured (Bruck at np 16384, linear alltoall at np 256,
 * Rabenseifner at np 16384, SMPI's ompi_binomial reduce at np 1024). */
#include "check.h"
#include "papsim_msgcount.h"

static double messages(const char *coll, const char *algo, int p, long long bytes)
{
    papsim_msgcount_case c = {coll, algo, p, bytes, 0, 0};
    return papsim_msgcount_estimate(&c);
}

static double scan(const char *coll, const char *algo, int p, long long bytes, long long thresh)
{
    papsim_msgcount_case c = {coll, algo, p, bytes, 0, 0};
    return papsim_msgcount_eager_scan(&c, thresh);
}

int main(void)
{
    check_counts c = {0, 0};
    /* Bruck allgather, 8 B blocks: p L messages, p in flight (one per rank). */
    CHECK_NEAR(&c, messages("allgather", "bruck", 16384, 8), 16384.0 * 14, 0);
    CHECK_NEAR(&c, scan("allgather", "bruck", 16384, 8, 65536), 16384.0 * 14 * 16384, 0);
    /* Rendezvous sends (threshold 0) have no eager list. */
    CHECK_NEAR(&c, scan("allgather", "bruck", 16384, 8, 0), 0, 0);
    /* Blocks of 64 KiB and more are not eager. */
    CHECK_NEAR(&c, scan("allgather", "bruck", 1024, 65536, 65536), 0, 0);

    /* Sparbit: p(p-1) messages, up to p/2 per rank in flight, posted per
     * step in a burst (1/8). */
    CHECK_NEAR(&c, scan("allgather", "sparbit", 512, 8, 65536),
               512.0 * 511 * (512.0 * 512 / 2) / 8, 0);
    /* A binomial tree: p-1 messages over log2 p rounds in flight. */
    CHECK_NEAR(&c, scan("reduce", "binomial", 1024, 8, 65536), 1023.0 * (1023.0 / 10), 1e-6);

    /* Linear alltoall posts all p(p-1) at once: entries side by side, 1/8. */
    CHECK_NEAR(&c, messages("alltoall", "linear", 256, 2), 65280, 0);
    CHECK_NEAR(&c, scan("alltoall", "linear", 256, 2, 65536), 65280.0 * 65280 / 8, 0);
    /* SMPI's basic_linear alike; its pair is one per rank. */
    CHECK_NEAR(&c, scan("alltoall", "builtin:basic_linear", 256, 2, 65536),
               65280.0 * 65280 / 8, 0);
    CHECK_NEAR(&c, scan("alltoall", "builtin:pair", 256, 2, 65536), 65280.0 * 256, 0);

    /* Rabenseifner allreduce, 1 MiB at np 16384: 2pL + 2p messages, steps
     * 5..14 of 14 below 64 KiB. */
    double m = 2.0 * 16384 * 14 + 2.0 * 16384;
    CHECK_NEAR(&c, messages("allreduce", "rabenseifner", 16384, 1 << 20), m, 0);
    CHECK_NEAR(&c, scan("allreduce", "rabenseifner", 16384, 1 << 20, 65536),
               m * 10 / 14 * 16384, 1e-3);

    /* papsim's ring allreduce sends no empty block: 2 B at np 1024 is two
     * blocks, each p-1 times per phase. */
    CHECK_NEAR(&c, messages("allreduce", "ring", 1024, 2), 2.0 * 1023 * 2, 0);
    CHECK_NEAR(&c, messages("allreduce", "ring", 8, 1024), 2.0 * 7 * 8, 0);
    /* SMPI's lr: a ring over p blocks, redbcast below p elements. */
    CHECK_NEAR(&c, messages("allreduce", "builtin:lr", 1024, 1024), 2.0 * 1024 * 1023, 0);
    CHECK_NEAR(&c, messages("allreduce", "builtin:lr", 1024, 2), 2.0 * 1023, 0);
    /* parallel_ring reduce alike, plus its gather's p-1. */
    CHECK_NEAR(&c, messages("reduce", "parallel_ring", 1024, 2), 1023.0 * 2 + 1023, 0);

    /* SMPI 3.32's ompi_binomial reduce: 1 KiB segments once p > 0.6016/1024
     * x bytes + 1.3496 (617.4 at 1 MiB), leaves sending all at once. */
    CHECK_NEAR(&c, messages("reduce", "builtin:ompi_binomial", 1024, 1 << 20), 1023.0 * 1024, 0);
    CHECK_NEAR(&c, scan("reduce", "builtin:ompi_binomial", 1024, 1 << 20, 65536),
               0.5 * (1023.0 * 1024) * (512.0 * 1024), 1e-3);
    CHECK_NEAR(&c, messages("reduce", "builtin:ompi_binomial", 128, 1 << 20), 127, 0);
    CHECK_NEAR(&c, scan("reduce", "builtin:ompi_binomial", 128, 1 << 20, 65536), 0, 0);
    /* Below 2 KiB it does not segment. */
    CHECK_NEAR(&c, messages("reduce", "builtin:ompi_binomial", 1024, 1024), 1023, 0);
    /* Other built-ins get their collective's typical figure. */
    CHECK_NEAR(&c, messages("reduce", "builtin:NTSL", 1024, 1024), 1023, 0);
    /* A collective without a row: p(p-1) messages, no scan estimate. */
    CHECK_NEAR(&c, messages("alltoallw", "linear", 8, 8), 56, 0);
    CHECK_NEAR(&c, scan("alltoallw", "linear", 8, 8, 65536), 0, 0);
    /* Gather and scatter: p-1 messages; linear_sync a request, a first
     * segment and the rest per rank; the v forms' built-in is linear. */
    CHECK_NEAR(&c, messages("gather", "linear", 8, 8), 7, 0);
    CHECK_NEAR(&c, messages("scatter", "binomial", 16, 8), 15, 0);
    CHECK_NEAR(&c, messages("gather", "linear_sync", 8, 65536), 21, 0);
    CHECK_NEAR(&c, messages("gatherv", "builtin:default", 8, 8), 7, 0);
    CHECK_NEAR(&c, messages("reduce", "binomial", 1, 8), 0, 0);
    /* SMPI's MPI_Waitall visits every pending request per completion: its
     * basic_linear alltoall (and ompi_basic_linear alltoallv) waits on 2(p-1)
     * requests per rank at once, n(n+1)/2 visits each; papsim's linear waits
     * request by request and SMPI's pair has no such call. */
    papsim_msgcount_case bl = {"alltoall", "builtin:basic_linear", 1024, 2, 0, 0};
    CHECK_NEAR(&c, papsim_msgcount_waitall_visits(&bl), 1024.0 * 2046 * 2047 / 2, 0);
    papsim_msgcount_case blv = {"alltoallv", "builtin:ompi_basic_linear", 4, 8, 0, 0};
    CHECK_NEAR(&c, papsim_msgcount_waitall_visits(&blv), 4.0 * 6 * 7 / 2, 0);
    papsim_msgcount_case own = {"alltoall", "linear", 1024, 2, 0, 0};
    CHECK_NEAR(&c, papsim_msgcount_waitall_visits(&own), 0, 0);
    papsim_msgcount_case pair = {"alltoall", "builtin:pair", 1024, 2, 0, 0};
    CHECK_NEAR(&c, papsim_msgcount_waitall_visits(&pair), 0, 0);
    papsim_msgcount_case one = {"alltoall", "builtin:basic_linear", 1, 2, 0, 0};
    CHECK_NEAR(&c, papsim_msgcount_waitall_visits(&one), 0, 0);
    return CHECK_SUMMARY(&c);
}
