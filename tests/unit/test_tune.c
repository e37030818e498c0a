/* Unit tests for lib/tune: the registry's Open MPI counterparts parse,
 * builtin:ompi_* and Open MPI 5's sparbit map, message sizes, segment sizes,
 * and Open MPI 4.1's fixed decision as papsim wrote it down (for scan and
 * exscan, what runs without rules).
 *
 * The fixed decision's expected values were not read from the source that
 * the table was written from: they are what Open MPI 4.1.4 (Debian) ran,
 * recorded with tests/mpi/ompi_algorithm_probe.so, papbench-mpi
 * builtin:default, datatype char, op sum (allgatherv: the uniform
 * distribution), without a rules file, on both sides of each threshold of
 * the bands below (cli.tune repeats a few of them live); the same for
 * gather, scatter, alltoallv, barrier, reduce_scatter and
 * reduce_scatter_block (the probe records their algorithms too). scan and
 * exscan: tuned has no fixed decision; what Open MPI 4.1.4 ran without a
 * rules file (its basic component, the base linear function of tuned's id
 * 1), recorded with the probe around tests/mpi/ompi_scan_agree.c's
 * MPI_Scan and MPI_Exscan (double, 1 and 131072 elements; papbench has no
 * builtin scan), as ompi/mca/coll/basic/coll_basic_scan.c and
 * coll_basic_exscan.c of v4.1.4 say. */
#include <string.h>

#include "check.h"
#include "papsim_catalog.h"
#include "tune/tune.h"

static const struct {
    const char *collective;
    int np;
    long long bytes;
    int alg; /* Open MPI 4.1 tuned id */
} measured[] = {
    {"allreduce", 2, 7, 4},       {"allreduce", 2, 8, 3},       {"allreduce", 2, 4095, 3},
    {"allreduce", 2, 4096, 4},    {"allreduce", 2, 8191, 4},    {"allreduce", 2, 8192, 3},
    {"allreduce", 2, 16383, 3},   {"allreduce", 2, 16384, 4},   {"allreduce", 2, 65535, 4},
    {"allreduce", 2, 65536, 5},   {"allreduce", 2, 262143, 5},  {"allreduce", 2, 262144, 6},
    {"allreduce", 4, 15, 4},      {"allreduce", 4, 16, 3},      {"allreduce", 4, 8191, 3},
    {"allreduce", 4, 8192, 6},
    {"reduce", 4, 4095, 4},       {"reduce", 4, 4096, 2},       {"reduce", 4, 65535, 2},
    {"reduce", 4, 65536, 5},      {"reduce", 4, 262143, 5},     {"reduce", 4, 262144, 1},
    {"reduce", 4, 524287, 1},     {"reduce", 4, 524288, 5},     {"reduce", 4, 1048575, 5},
    {"reduce", 4, 1048576, 1},
    {"reduce", 2, 7, 7},          {"reduce", 2, 8, 4},          {"reduce", 2, 15, 4},
    {"reduce", 2, 16, 3},         {"reduce", 2, 31, 3},         {"reduce", 2, 32, 1},
    {"reduce", 2, 262143, 1},     {"reduce", 2, 262144, 3},
    {"bcast", 4, 63, 5},          {"bcast", 4, 64, 6},          {"bcast", 4, 127, 6},
    {"bcast", 4, 128, 5},         {"bcast", 4, 2047, 5},        {"bcast", 4, 2048, 6},
    {"bcast", 4, 8191, 6},        {"bcast", 4, 8192, 1},        {"bcast", 4, 1048575, 1},
    {"bcast", 4, 1048576, 2},
    {"alltoall", 4, 8191, 4},     {"alltoall", 4, 8192, 1},     {"alltoall", 4, 16383, 1},
    {"alltoall", 4, 16384, 4},    {"alltoall", 4, 65535, 4},    {"alltoall", 4, 65536, 1},
    {"alltoall", 4, 524287, 1},   {"alltoall", 4, 524288, 2},   {"alltoall", 4, 1048575, 2},
    {"alltoall", 4, 1048576, 1},
    {"alltoall", 2, 1, 2},        {"alltoall", 2, 2, 5},        {"alltoall", 2, 3, 5},
    {"alltoall", 2, 4, 2},        {"alltoall", 2, 15, 2},       {"alltoall", 2, 16, 5},
    {"allgather", 4, 8, 3},       {"allgather", 4, 1048576, 3}, {"allgather", 2, 8, 6},
    {"allgatherv", 4, 255, 1},    {"allgatherv", 4, 256, 4},    {"allgatherv", 4, 4095, 4},
    {"allgatherv", 4, 4096, 3},   {"allgatherv", 4, 8191, 3},   {"allgatherv", 4, 8192, 4},
    {"allgatherv", 4, 16383, 4},  {"allgatherv", 4, 16384, 2},  {"allgatherv", 4, 262143, 2},
    {"allgatherv", 4, 262144, 4},
    /* reduce_scatter: bytes is the block of each rank (uniform), Open MPI
     * compares their sum; barrier: bytes 0; alltoallv: the uniform matrix. */
    {"gather", 4, 1023, 2}, {"gather", 4, 1024, 1}, {"gather", 4, 8191, 1},
    {"gather", 4, 8192, 2}, {"gather", 4, 32767, 2}, {"gather", 4, 32768, 1},
    {"gather", 4, 262143, 1}, {"gather", 4, 262144, 3}, {"gather", 2, 1, 3},
    {"gather", 2, 2, 1}, {"gather", 2, 3, 1}, {"gather", 2, 4, 2},
    {"gather", 2, 32767, 2}, {"gather", 2, 32768, 1}, {"gather", 2, 65535, 1},
    {"gather", 2, 65536, 2}, {"gather", 2, 131071, 2}, {"gather", 2, 131072, 3},
    {"gather", 8, 8, 2}, {"gather", 8, 1048576, 2}, {"scatter", 4, 2047, 2},
    {"scatter", 4, 2048, 1}, {"scatter", 4, 4095, 1}, {"scatter", 4, 4096, 2},
    {"scatter", 4, 8191, 2}, {"scatter", 4, 8192, 1}, {"scatter", 4, 32767, 1},
    {"scatter", 4, 32768, 3}, {"scatter", 4, 1048575, 3}, {"scatter", 4, 1048576, 1},
    {"scatter", 2, 1, 3}, {"scatter", 2, 2, 1}, {"scatter", 2, 131071, 1},
    {"scatter", 2, 131072, 3}, {"scatter", 2, 262143, 3}, {"scatter", 2, 262144, 1},
    {"scatter", 8, 16383, 2}, {"scatter", 8, 16384, 3}, {"scatter", 8, 1048575, 3},
    {"scatter", 8, 1048576, 1}, {"alltoallv", 2, 8, 2}, {"alltoallv", 3, 8, 2},
    {"alltoallv", 4, 8, 1}, {"alltoallv", 4, 1048576, 1}, {"alltoallv", 8, 8, 1},
    {"barrier", 2, 0, 3}, {"barrier", 3, 0, 3}, {"barrier", 4, 0, 1},
    {"barrier", 7, 0, 1}, {"barrier", 8, 0, 3}, {"reduce_scatter", 4, 1, 1},
    {"reduce_scatter", 4, 2, 2}, {"reduce_scatter", 4, 65535, 2}, {"reduce_scatter", 4, 65536, 3},
    {"reduce_scatter", 2, 32767, 3}, {"reduce_scatter", 2, 32768, 4}, {"reduce_scatter", 2, 65535, 4},
    {"reduce_scatter", 2, 65536, 3}, {"reduce_scatter_block", 4, 7, 3}, {"reduce_scatter_block", 4, 8, 2},
    {"reduce_scatter_block", 4, 31, 2}, {"reduce_scatter_block", 4, 32, 4}, {"reduce_scatter_block", 4, 255, 4},
    {"reduce_scatter_block", 4, 256, 3}, {"reduce_scatter_block", 4, 8191, 3}, {"reduce_scatter_block", 4, 8192, 4},
    {"reduce_scatter_block", 4, 16383, 4}, {"reduce_scatter_block", 4, 16384, 3}, {"reduce_scatter_block", 4, 1048575, 3},
    {"reduce_scatter_block", 4, 1048576, 1}, {"reduce_scatter_block", 2, 3, 2}, {"reduce_scatter_block", 2, 4, 4},
    {"reduce_scatter_block", 2, 7, 4}, {"reduce_scatter_block", 2, 8, 3}, {"reduce_scatter_block", 2, 15, 3},
    {"reduce_scatter_block", 2, 16, 4}, {"reduce_scatter_block", 2, 127, 4}, {"reduce_scatter_block", 2, 128, 3},
    {"reduce_scatter_block", 2, 255, 3}, {"reduce_scatter_block", 2, 256, 4}, {"reduce_scatter_block", 2, 4095, 4},
    {"reduce_scatter_block", 2, 4096, 3}, {"reduce_scatter_block", 2, 8191, 3}, {"reduce_scatter_block", 2, 8192, 4},
    {"reduce_scatter_block", 2, 131071, 4}, {"reduce_scatter_block", 2, 131072, 1},
    {"scan", 2, 8, 1}, {"scan", 2, 1048576, 1}, {"scan", 3, 8, 1}, {"scan", 3, 1048576, 1},
    {"scan", 4, 8, 1}, {"scan", 4, 1048576, 1}, {"scan", 5, 8, 1}, {"scan", 5, 1048576, 1},
    {"scan", 8, 8, 1}, {"scan", 8, 1048576, 1}, {"exscan", 2, 8, 1}, {"exscan", 2, 1048576, 1},
    {"exscan", 3, 8, 1}, {"exscan", 3, 1048576, 1}, {"exscan", 4, 8, 1},
    {"exscan", 4, 1048576, 1}, {"exscan", 5, 8, 1}, {"exscan", 5, 1048576, 1},
    {"exscan", 8, 8, 1}, {"exscan", 8, 1048576, 1},
};

int main(void)
{
    check_counts c = {0, 0};
    char name[48];
    const char *source;

    /* Every registry counterpart parses, and an empty one is none. */
    size_t with = 0;
    for (size_t i = 0; i < papsim_catalog_size; i++) {
        const papsim_catalog_entry *e = &papsim_catalog[i];
        int id = papsim_catalog_open_mpi(e, name, sizeof name);
        if (e->open_mpi[0]) {
            with++;
            CHECK(&c, id >= 1 && name[0], "%s %s: '%s'", e->collective, e->name, e->open_mpi);
        } else {
            CHECK(&c, id == -1, "%s %s: empty gives %d", e->collective, e->name, id);
        }
    }
    CHECK(&c, with == 48, "%zu rows with a counterpart", with);
    CHECK(&c, papsim_tune_open_mpi("reduce", "in_order_binary", 4, name, sizeof name) == 6,
          "in_order_binary");
    CHECK_STR(&c, name, "in-order_binary");
    CHECK(&c, papsim_tune_open_mpi("reduce", "chain[segment_bytes=8192]", 4, name,
                                   sizeof name) == 2, "a labelled variant");
    CHECK(&c, papsim_tune_open_mpi("reduce", "builtin:ompi_chain", 4, name, sizeof name) == 2,
          "builtin:ompi_chain");
    CHECK(&c, papsim_tune_open_mpi("allreduce", "builtin:ompi_chain", 4, name, sizeof name) == -1,
          "builtin:ompi_chain is a reduce");
    CHECK(&c, papsim_tune_open_mpi("allreduce", "builtin:ompi", 4, name, sizeof name) == -1,
          "SMPI's ompi is a decision, not an algorithm");
    CHECK(&c, papsim_tune_open_mpi("allgather", "sparbit", 4, name, sizeof name) == -1,
          "no sparbit in 4.1");
    CHECK(&c, papsim_tune_open_mpi("allgather", "sparbit", 5, name, sizeof name) == 7,
          "sparbit allgather in 5");
    CHECK(&c, papsim_tune_open_mpi("allgatherv", "sparbit", 5, name, sizeof name) == 6,
          "sparbit allgatherv in 5");
    CHECK(&c, papsim_tune_open_mpi("allreduce", "slt", 5, name, sizeof name) == -1, "slt");
    /* COLLTYPE_T of Open MPI 4.1.4; gatherv: tuned reads no rules for it. */
    static const struct {
        const char *collective;
        int id;
    } ids[] = {{"reduce", 11},        {"bcast", 7},         {"scan", 14},
               {"gather", 9},         {"scatter", 15},      {"alltoallv", 4},
               {"barrier", 6},        {"reduce_scatter", 12}, {"reduce_scatter_block", 13},
               {"gatherv", -1}};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        CHECK(&c, papsim_open_mpi_collective_id(ids[i].collective) == ids[i].id, "%s id",
              ids[i].collective);

    /* Which collectives tune writes rules for, and why not. */
    char why[400];
    CHECK(&c, papsim_tune_collective("gather", 4, why, sizeof why) == 9, "gather");
    CHECK(&c, papsim_tune_collective("alltoallv", 5, why, sizeof why) == 4, "alltoallv");
    CHECK(&c, papsim_tune_collective("gatherv", 4, why, sizeof why) == -1, "gatherv");
    CHECK_STR(&c, why, "gatherv: Open MPI's tuned component has no gatherv algorithm to "
              "choose and reads no gatherv rules (another component runs it), so a rules "
              "file cannot select one");
    /* scan and exscan: ids 1 and 2 of coll_tuned_(ex)scan_decision.c. */
    CHECK(&c, papsim_tune_collective("exscan", 4, why, sizeof why) == 8, "exscan");
    CHECK(&c, papsim_tune_collective("scan", 5, why, sizeof why) == 14, "scan");
    CHECK(&c, papsim_tune_open_mpi("scan", "linear", 4, name, sizeof name) == 1, "scan linear");
    CHECK_STR(&c, name, "linear");
    CHECK(&c, papsim_tune_open_mpi("exscan", "recursive_doubling", 4, name, sizeof name) == 2,
          "exscan recursive_doubling");
    CHECK_STR(&c, name, "recursive_doubling");
    CHECK(&c, papsim_tune_one_rule("alltoallv") && papsim_tune_one_rule("barrier") &&
              papsim_tune_one_rule("scan") && papsim_tune_one_rule("exscan") &&
              !papsim_tune_one_rule("gather"), "one-rule collectives");
    CHECK(&c, papsim_tune_uniform_only("reduce_scatter") && papsim_tune_uniform_only("allgatherv") &&
              !papsim_tune_uniform_only("alltoallv"), "uniform-only collectives");

    CHECK(&c, papsim_tune_msg_size("allgather", 8, 16, 1) == 128, "allgather size");
    CHECK(&c, papsim_tune_msg_size("alltoall", 8, 16, 1) == 128, "alltoall size");
    CHECK(&c, papsim_tune_msg_size("allreduce", 8, 16, 1) == 8, "allreduce size");
    CHECK(&c, papsim_tune_msg_size("gather", 8, 16, 1) == 128, "gather size");
    CHECK(&c, papsim_tune_msg_size("scatter", 8, 16, 1) == 128, "scatter size");
    CHECK(&c, papsim_tune_msg_size("reduce_scatter", 8, 16, 1) == 128, "reduce_scatter size");
    CHECK(&c, papsim_tune_msg_size("reduce_scatter_block", 8, 16, 1) == 128, "rsb size");
    CHECK(&c, papsim_tune_msg_size("alltoallv", 8, 16, 1) == 0, "alltoallv: no size");
    /* scan, exscan: type size x communicator size, whatever the count
     * (coll_tuned_decision_dynamic.c of v4.1.4). */
    CHECK(&c, papsim_tune_msg_size("scan", 65536, 16, 8) == 128, "scan size");
    CHECK(&c, papsim_tune_msg_size("exscan", 8, 5, 1) == 5, "exscan size");
    CHECK(&c, papsim_tune_segsize("gather", "linear_sync", 4, 92160, &source) == 1024, "sync");
    CHECK(&c, papsim_tune_segsize("gather", "linear_sync", 4, 92161, &source) == 32768, "sync");

    CHECK(&c, papsim_tune_segsize("reduce", "chain", 4, 8, &source) == 65536, "chain");
    CHECK(&c, papsim_tune_segsize("reduce", "chain[segment_bytes=8192]", 4, 8, &source) == 8192,
          "labelled");
    CHECK(&c, papsim_tune_segsize("bcast", "split_binary", 4, 370727, &source) == 1024, "split");
    CHECK(&c, papsim_tune_segsize("bcast", "split_binary", 4, 370728, &source) == 8192, "split");
    CHECK(&c, papsim_tune_segsize("allreduce", "ring", 4, 8, &source) == 0, "ring");

    for (size_t i = 0; i < sizeof measured / sizeof measured[0]; i++) {
        int got = papsim_tune_fixed_41(measured[i].collective, measured[i].np, measured[i].bytes);
        CHECK(&c, got == measured[i].alg, "%s np %d %lld B: %d, Open MPI ran %d",
              measured[i].collective, measured[i].np, measured[i].bytes, got, measured[i].alg);
    }
    CHECK(&c, papsim_tune_fixed_note("scan") && papsim_tune_fixed_note("exscan") &&
              !papsim_tune_fixed_note("reduce"), "scan and exscan: tuned has no fixed decision");
    CHECK(&c, papsim_tune_fixed_41("gatherv", 4, 8) == -1, "gatherv is not tuned's");
    return CHECK_SUMMARY(&c);
}
