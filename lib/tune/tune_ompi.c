/* What papsim knows of Open MPI's tuned component (tune.h): the counterparts
 * of SMPI's builtin:ompi_* algorithms, the message size Open MPI's dynamic
 * rules compare, and Open MPI 4.1's fixed decision. */
#include "tune/tune.h"
#include "coll_blocks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papsim_catalog.h"

/* SMPI 3.32's algorithms named after Open MPI's (src/smpi/colls/smpi_coll.cpp
 * of SimGrid), with the Open MPI 4.1 tuned name and id they reproduce. "ompi"
 * itself is SMPI's copy of the fixed decision, not one algorithm. */
static const struct {
    const char *collective, *smpi, *name;
    int id;
} builtin_map[] = {
    {"allgather", "ompi_neighborexchange", "neighbor", 5},
    {"allgatherv", "ompi_neighborexchange", "neighbor", 4},
    {"allgatherv", "ompi_bruck", "bruck", 2},
    {"allreduce", "ompi_ring_segmented", "segmented_ring", 5},
    {"bcast", "ompi_split_bintree", "split_binary_tree", 4},
    {"bcast", "ompi_pipeline", "pipeline", 3},
    {"reduce", "ompi_basic_linear", "linear", 1},
    {"reduce", "ompi_chain", "chain", 2},
    {"reduce", "ompi_pipeline", "pipeline", 3},
    {"reduce", "ompi_binary", "binary", 4},
    {"reduce", "ompi_binomial", "binomial", 5},
    {"reduce", "ompi_in_order_binary", "in-order_binary", 6},
};

int papsim_tune_open_mpi(const char *collective, const char *label, int ompi_major, char *name,
                         size_t len)
{
    char base[128];
    size_t n = strcspn(label, "[");
    if (n >= sizeof base)
        return -1;
    memcpy(base, label, n);
    base[n] = '\0';
    if (strncmp(base, "builtin:", 8) == 0) {
        for (size_t i = 0; i < sizeof builtin_map / sizeof builtin_map[0]; i++)
            if (strcmp(builtin_map[i].collective, collective) == 0 &&
                strcmp(builtin_map[i].smpi, base + 8) == 0 &&
                strlen(builtin_map[i].name) < len) {
                strcpy(name, builtin_map[i].name);
                return builtin_map[i].id;
            }
        return -1;
    }
    if (ompi_major >= 5 && strcmp(base, "sparbit") == 0 && len > 7 &&
        (strcmp(collective, "allgather") == 0 || strcmp(collective, "allgatherv") == 0)) {
        strcpy(name, "sparbit"); /* coll_tuned_allgather(v)_algorithm of Open MPI 5.0 */
        return strcmp(collective, "allgather") == 0 ? 7 : 6;
    }
    return papsim_catalog_open_mpi(papsim_catalog_find(collective, base), name, len);
}

/* Open MPI 4.1's dynamic decision (coll_tuned_decision_dynamic.c) compares
 * the type size x count for reduce, allreduce and bcast, and x count x comm
 * size for allgather and alltoall; allgatherv the mean block per rank. */
long long papsim_tune_msg_size(const char *collective, long long bytes, int np)
{
    if (strcmp(collective, "allgather") == 0 || strcmp(collective, "alltoall") == 0)
        return bytes * np;
    return bytes;
}

/* The fixed decision as data: bands of communicator size (np < comm_below;
 * 0: every larger one), each a run of message-size bands (size < size_below;
 * 0: every larger one), for a commutative op. The sizes are the fixed
 * decision's own: type size x count, the per-rank block for allgather and
 * alltoall, the mean block for allgatherv: papsim's bytes column for every
 * collective here (allgatherv: with the uniform distribution). Written down from
 * ompi/mca/coll/tuned/coll_tuned_decision_fixed.c of Open MPI v4.1.4 (the
 * functions ompi_coll_tuned_<collective>_intra_dec_fixed). */
typedef struct {
    int comm_below;
    long long size_below;
    int alg;
} fixed_band;

static const fixed_band allreduce_41[] = {
    {4, 8, 4}, {4, 4096, 3}, {4, 8192, 4}, {4, 16384, 3}, {4, 65536, 4}, {4, 262144, 5},
    {4, 0, 6},
    {8, 16, 4}, {8, 8192, 3}, {8, 0, 6},
    {16, 8192, 3}, {16, 0, 6},
    {32, 64, 5}, {32, 4096, 3}, {32, 0, 6},
    {64, 128, 5}, {64, 0, 6},
    {128, 262144, 3}, {128, 0, 6},
    {256, 131072, 2}, {256, 262144, 3}, {256, 0, 6},
    {512, 4096, 2}, {512, 0, 6},
    {2048, 2048, 2}, {2048, 16384, 3}, {2048, 0, 6},
    {4096, 2048, 2}, {4096, 4096, 5}, {4096, 16384, 3}, {4096, 0, 6},
    {0, 2048, 2}, {0, 16384, 5}, {0, 32768, 3}, {0, 0, 6},
};

static const fixed_band reduce_41[] = {
    {4, 8, 7}, {4, 16, 4}, {4, 32, 3}, {4, 262144, 1}, {4, 524288, 3}, {4, 1048576, 2},
    {4, 0, 3},
    {8, 4096, 4}, {8, 65536, 2}, {8, 262144, 5}, {8, 524288, 1}, {8, 1048576, 5}, {8, 0, 1},
    {16, 8192, 4}, {16, 0, 5},
    {32, 4096, 4}, {32, 0, 5},
    {256, 0, 5},
    {512, 8192, 5}, {512, 16384, 6}, {512, 0, 5},
    {2048, 0, 5},
    {4096, 512, 5}, {4096, 1024, 6}, {4096, 8192, 5}, {4096, 16384, 6}, {4096, 0, 5},
    {0, 16, 5}, {0, 32, 6}, {0, 1024, 5}, {0, 2048, 6}, {0, 8192, 5}, {0, 16384, 6},
    {0, 0, 5},
};

static const fixed_band bcast_41[] = {
    {4, 32, 3}, {4, 256, 5}, {4, 512, 3}, {4, 1024, 7}, {4, 32768, 1}, {4, 131072, 5},
    {4, 262144, 2}, {4, 524288, 1}, {4, 1048576, 6}, {4, 0, 5},
    {8, 64, 5}, {8, 128, 6}, {8, 2048, 5}, {8, 8192, 6}, {8, 1048576, 1}, {8, 0, 2},
    {16, 8, 7}, {16, 64, 5}, {16, 4096, 7}, {16, 16384, 5}, {16, 32768, 6}, {16, 0, 1},
    {32, 4096, 7}, {32, 1048576, 6}, {32, 0, 8},
    {64, 2048, 6}, {64, 0, 7},
    {128, 0, 7},
    {256, 2, 6}, {256, 16384, 5}, {256, 32768, 1}, {256, 65536, 5}, {256, 0, 7},
    {1024, 16384, 7}, {1024, 32768, 4}, {1024, 0, 7},
    {2048, 524288, 7}, {2048, 0, 8},
    {4096, 262144, 7}, {4096, 0, 8},
    {0, 8192, 7}, {0, 16384, 5}, {0, 262144, 7}, {0, 0, 8},
};

/* allgather: np 2 (below 3) two_proc; the size is the per-rank block. */
static const fixed_band allgather_41[] = {
    {3, 0, 6}, {32, 0, 3},
    {64, 1024, 3}, {64, 65536, 5}, {64, 0, 4},
    {128, 512, 3}, {128, 65536, 5}, {128, 0, 4},
    {256, 512, 3}, {256, 131072, 5}, {256, 524288, 4}, {256, 1048576, 5}, {256, 0, 4},
    {512, 32, 3}, {512, 128, 2}, {512, 1024, 3}, {512, 131072, 5}, {512, 524288, 4},
    {512, 1048576, 5}, {512, 0, 4},
    {1024, 64, 3}, {1024, 256, 2}, {1024, 2048, 3}, {1024, 0, 5},
    {2048, 4, 3}, {2048, 8, 2}, {2048, 16, 3}, {2048, 32, 2}, {2048, 256, 3}, {2048, 512, 2},
    {2048, 4096, 3}, {2048, 0, 5},
    {4096, 32, 2}, {4096, 128, 3}, {4096, 512, 2}, {4096, 4096, 3}, {4096, 0, 5},
    {0, 2, 3}, {0, 8, 2}, {0, 16, 3}, {0, 512, 2}, {0, 4096, 3}, {0, 0, 5},
};

/* allgatherv: the size is the mean block per rank. */
static const fixed_band allgatherv_41[] = {
    {3, 2048, 3}, {3, 4096, 5}, {3, 8192, 3}, {3, 0, 5},
    {8, 256, 1}, {8, 4096, 4}, {8, 8192, 3}, {8, 16384, 4}, {8, 262144, 2}, {8, 0, 4},
    {16, 1024, 1}, {16, 0, 2},
    {32, 128, 1}, {32, 262144, 2}, {32, 0, 3},
    {64, 256, 1}, {64, 8192, 2}, {64, 0, 3},
    {128, 256, 1}, {128, 4096, 2}, {128, 0, 3},
    {256, 1024, 2}, {256, 65536, 4}, {256, 0, 3},
    {512, 1024, 2}, {512, 0, 3},
    {1024, 512, 2}, {1024, 1024, 1}, {1024, 4096, 2}, {1024, 1048576, 4}, {1024, 0, 3},
    {0, 4096, 2}, {0, 0, 4},
};

/* alltoall: the size is the per-destination block. */
static const fixed_band alltoall_41[] = {
    {3, 2, 2}, {3, 4, 5}, {3, 16, 2}, {3, 64, 5}, {3, 256, 2}, {3, 4096, 5}, {3, 32768, 2},
    {3, 262144, 4}, {3, 1048576, 5}, {3, 0, 2},
    {8, 8192, 4}, {8, 16384, 1}, {8, 65536, 4}, {8, 524288, 1}, {8, 1048576, 2}, {8, 0, 1},
    {16, 262144, 4}, {16, 0, 1},
    {32, 4, 4}, {32, 512, 3}, {32, 8192, 4}, {32, 32768, 1}, {32, 262144, 4}, {32, 524288, 1},
    {32, 0, 4},
    {64, 512, 3}, {64, 524288, 1}, {64, 0, 4},
    {128, 1024, 3}, {128, 2048, 1}, {128, 4096, 4}, {128, 262144, 1}, {128, 0, 2},
    {256, 1024, 3}, {256, 2048, 4}, {256, 262144, 1}, {256, 0, 2},
    {512, 1024, 3}, {512, 8192, 4}, {512, 32768, 1}, {512, 0, 2},
    {1024, 512, 3}, {1024, 8192, 4}, {1024, 16384, 1}, {1024, 131072, 4}, {1024, 262144, 1},
    {1024, 0, 2},
    {2048, 512, 3}, {2048, 1024, 4}, {2048, 2048, 1}, {2048, 16384, 4}, {2048, 262144, 1},
    {2048, 0, 4},
    {4096, 1024, 3}, {4096, 4096, 4}, {4096, 8192, 1}, {4096, 131072, 4}, {4096, 0, 1},
    {0, 2048, 3}, {0, 8192, 4}, {0, 16384, 1}, {0, 32768, 4}, {0, 65536, 1}, {0, 0, 4},
};

static int fixed_lookup(const fixed_band *b, size_t n, int np, long long size)
{
    for (size_t i = 0; i < n; i++) {
        if (b[i].comm_below != 0 && np >= b[i].comm_below)
            continue;
        if (b[i].size_below == 0 || size < b[i].size_below)
            return b[i].alg;
    }
    return -1;
}

int papsim_tune_fixed_41(const char *collective, int np, long long bytes)
{
#define LOOKUP(t) fixed_lookup(t, sizeof t / sizeof t[0], np, bytes)
    if (strcmp(collective, "allreduce") == 0)
        return LOOKUP(allreduce_41);
    if (strcmp(collective, "reduce") == 0)
        return LOOKUP(reduce_41);
    if (strcmp(collective, "bcast") == 0)
        return LOOKUP(bcast_41);
    if (strcmp(collective, "allgather") == 0)
        return LOOKUP(allgather_41);
    if (strcmp(collective, "allgatherv") == 0)
        return LOOKUP(allgatherv_41);
    if (strcmp(collective, "alltoall") == 0)
        return LOOKUP(alltoall_41);
#undef LOOKUP
    return -1;
}

const char *papsim_tune_counterpart(const char *collective, int id, char *name, size_t len)
{
    for (size_t i = 0; i < papsim_catalog_size; i++)
        if (strcmp(papsim_catalog[i].collective, collective) == 0 &&
            papsim_catalog_open_mpi(&papsim_catalog[i], name, len) == id)
            return papsim_catalog[i].name;
    snprintf(name, len, "%d", id);
    return NULL;
}

int papsim_tune_segsize(const char *collective, const char *label, int np, long long bytes,
                        const char **source)
{
    static const struct {
        const char *collective, *name;
        int bytes;
    } fixed[] = {
        {"reduce", "chain", 64 * 1024},           {"reduce", "pipeline", 64 * 1024},
        {"reduce", "binary", 32 * 1024},          {"allreduce", "segmented_ring", 1 << 20},
        {"reduce", "builtin:ompi_chain", 64 * 1024}, {"reduce", "builtin:ompi_binary", 32 * 1024},
    };
    const char *b = strchr(label, '[');
    size_t n = b ? (size_t)(b - label) : strlen(label);
    const char *key = b ? strstr(b, "segment_bytes=") : NULL;
    if (key && (key[-1] == '[' || key[-1] == ';')) {
        *source = "the run's segment_bytes";
        return atoi(key + 14);
    }
    *source = "papsim's default";
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcmp(fixed[i].collective, collective) == 0 && strlen(fixed[i].name) == n &&
            strncmp(fixed[i].name, label, n) == 0) {
            if (label[0] == 'b')
                *source = "SMPI's";
            return fixed[i].bytes;
        }
    if (strcmp(collective, "bcast") == 0 &&
        ((n == 5 && strncmp(label, "chain", 5) == 0) ||
         (n == 8 && strncmp(label, "pipeline", 8) == 0)))
        return (int)papsim_bcast_pipeline_segment_bytes(np, bytes);
    if (strcmp(collective, "bcast") == 0 && n == 12 && strncmp(label, "split_binary", 12) == 0)
        return bytes < 370728 ? 1024 : 8 * 1024;
    if (strncmp(label, "builtin:", 8) == 0)
        *source = "SMPI's own segment size is not carried over";
    else
        *source = "unsegmented";
    return 0;
}
