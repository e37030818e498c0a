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

/* The fixed decision as data: bands of communicator size (np < comm_below;
 * 0: every larger one), each a run of message-size bands (size < size_below;
 * 0: every larger one), for a commutative op. The sizes are the fixed
 * decision's own: type size x count, the per-rank block for allgather,
 * alltoall, gather and scatter, the mean block for allgatherv, the result
 * block for reduce_scatter_block: papsim's bytes column (allgatherv: with
 * the uniform distribution); reduce_scatter compares the whole vector, the
 * sum of the blocks (bytes x np with the uniform distribution); alltoallv
 * and barrier only the communicator size. Written down from
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

static const fixed_band gather_41[] = {
    {4, 2, 3}, {4, 4, 1}, {4, 32768, 2}, {4, 65536, 1}, {4, 131072, 2}, {4, 0, 3},
    {8, 1024, 2}, {8, 8192, 1}, {8, 32768, 2}, {8, 262144, 1}, {8, 0, 3},
    {256, 0, 2},
    {512, 2048, 2}, {512, 8192, 1}, {512, 0, 2},
    {0, 0, 2},
};

/* scatter: 3 is linear_nb, which papsim does not have. */
static const fixed_band scatter_41[] = {
    {4, 2, 3}, {4, 131072, 1}, {4, 262144, 3}, {4, 0, 1},
    {8, 2048, 2}, {8, 4096, 1}, {8, 8192, 2}, {8, 32768, 1}, {8, 1048576, 3}, {8, 0, 1},
    {16, 16384, 2}, {16, 1048576, 3}, {16, 0, 1},
    {32, 16384, 2}, {32, 32768, 1}, {32, 0, 3},
    {64, 512, 2}, {64, 8192, 3}, {64, 16384, 2}, {64, 0, 3},
    {0, 512, 2}, {0, 0, 3},
};

static const fixed_band alltoallv_41[] = {
    {4, 0, 2}, {64, 0, 1}, {128, 0, 2}, {256, 0, 1}, {1024, 0, 2}, {0, 0, 1},
};

static const fixed_band barrier_41[] = {
    {4, 0, 3}, {8, 0, 1}, {64, 0, 3}, {256, 0, 4}, {512, 0, 6}, {1024, 0, 4}, {4096, 0, 6},
    {0, 0, 4},
};

/* reduce_scatter: the size is the whole vector, the sum of the blocks. */
static const fixed_band reduce_scatter_41[] = {
    {4, 65536, 3}, {4, 131072, 4}, {4, 0, 3},
    {8, 8, 1}, {8, 262144, 2}, {8, 0, 3},
    {32, 262144, 2}, {32, 0, 3},
    {64, 64, 1}, {64, 2048, 2}, {64, 524288, 4}, {64, 0, 3},
    {128, 256, 1}, {128, 512, 2}, {128, 2048, 4}, {128, 4096, 2}, {128, 0, 4},
    {256, 256, 1}, {256, 512, 2}, {256, 0, 4},
    {512, 256, 1}, {512, 1024, 2}, {512, 0, 4},
    {1024, 512, 1}, {1024, 2048, 2}, {1024, 8192, 4}, {1024, 16384, 2}, {1024, 0, 4},
    {2048, 512, 1}, {2048, 4096, 2}, {2048, 16384, 4}, {2048, 32768, 2}, {2048, 0, 4},
    {4096, 512, 1}, {4096, 4096, 2}, {4096, 0, 4},
    {0, 1024, 1}, {0, 8192, 2}, {0, 0, 4},
};

/* reduce_scatter_block: the size is the result block of one rank. */
static const fixed_band reduce_scatter_block_41[] = {
    {4, 4, 2}, {4, 8, 4}, {4, 16, 3}, {4, 128, 4}, {4, 256, 3}, {4, 4096, 4}, {4, 8192, 3},
    {4, 131072, 4}, {4, 0, 1},
    {8, 8, 3}, {8, 32, 2}, {8, 256, 4}, {8, 8192, 3}, {8, 16384, 4}, {8, 1048576, 3},
    {8, 0, 1},
    {16, 4, 1}, {16, 32, 3}, {16, 128, 4}, {16, 524288, 3}, {16, 4194304, 1}, {16, 0, 4},
    {32, 32, 1}, {32, 524288, 3}, {32, 2097152, 1}, {32, 4194304, 3}, {32, 0, 4},
    {0, 4, 3}, {0, 16, 1}, {0, 65536, 4}, {0, 262144, 1}, {0, 0, 4},
};

/* scan and exscan: the tuned component has no fixed decision (v4.1.4's
 * coll_tuned_module.c leaves them to another component unless a rules file or
 * coll_tuned_<collective>_algorithm names one). Open MPI 4.1 then runs them
 * in its basic component, whose mca_coll_basic_scan_intra and
 * mca_coll_basic_exscan_intra (ompi/mca/coll/basic/coll_basic_scan.c,
 * coll_basic_exscan.c) call ompi_coll_base_<collective>_intra_linear, the
 * function of tuned's id 1 (linear), at every size and communicator size. */
static const fixed_band linear_only_41[] = {
    {0, 0, 1},
};

/* How Open MPI 4.1's tuned component sizes a message of each collective
 * (from papsim's bytes column b at np ranks, elements of t bytes): */
typedef enum {
    SIZE_BYTES,         /* b */
    SIZE_TIMES_NP,      /* b x np */
    SIZE_NONE,          /* no message size: only the communicator size counts */
    SIZE_TYPE_TIMES_NP  /* t x np, whatever the count */
} size_rule;

#define BANDS(t) t, sizeof t / sizeof t[0]

/* Per collective that Open MPI's tuned component chooses from a rules file:
 * the size its dynamic decision compares (coll_tuned_decision_dynamic.c of
 * v4.1.4: type size x count for allgatherv's mean block, allreduce, bcast
 * and reduce; x communicator size for allgather, alltoall, gather, scatter,
 * the sum of the blocks for reduce_scatter and x communicator size for
 * reduce_scatter_block; alltoallv and barrier look up size 0, scan and exscan
 * the type size x communicator size, the same for every count, so only the
 * first rule of a communicator size can apply), the size its fixed decision
 * compares and its bands (scan and exscan: what runs without rules, see
 * linear_only_41, and why, for the summary), and, when the bytes column
 * gives Open MPI's size only for the uniform distribution, what it
 * compares. */
static const struct {
    const char *collective;
    size_rule rules, fixed;
    const fixed_band *bands;
    size_t nbands;
    const char *uniform_only;
    const char *fixed_note;
} colls[] = {
    {"allgather", SIZE_TIMES_NP, SIZE_BYTES, BANDS(allgather_41), NULL, NULL},
    {"allgatherv", SIZE_BYTES, SIZE_BYTES, BANDS(allgatherv_41), "the mean block per rank", NULL},
    {"allreduce", SIZE_BYTES, SIZE_BYTES, BANDS(allreduce_41), NULL, NULL},
    {"alltoall", SIZE_TIMES_NP, SIZE_BYTES, BANDS(alltoall_41), NULL, NULL},
    {"alltoallv", SIZE_NONE, SIZE_NONE, BANDS(alltoallv_41), NULL, NULL},
    {"barrier", SIZE_NONE, SIZE_NONE, BANDS(barrier_41), NULL, NULL},
    {"bcast", SIZE_BYTES, SIZE_BYTES, BANDS(bcast_41), NULL, NULL},
    {"exscan", SIZE_TYPE_TIMES_NP, SIZE_NONE, BANDS(linear_only_41), NULL,
     "tuned has none for exscan: the basic component's linear runs"},
    {"gather", SIZE_TIMES_NP, SIZE_BYTES, BANDS(gather_41), NULL, NULL},
    {"reduce", SIZE_BYTES, SIZE_BYTES, BANDS(reduce_41), NULL, NULL},
    {"reduce_scatter", SIZE_TIMES_NP, SIZE_TIMES_NP, BANDS(reduce_scatter_41),
     "the whole vector (the sum of the blocks)", NULL},
    {"reduce_scatter_block", SIZE_TIMES_NP, SIZE_BYTES, BANDS(reduce_scatter_block_41), NULL, NULL},
    {"scan", SIZE_TYPE_TIMES_NP, SIZE_NONE, BANDS(linear_only_41), NULL,
     "tuned has none for scan: the basic component's linear runs"},
    {"scatter", SIZE_TIMES_NP, SIZE_BYTES, BANDS(scatter_41), NULL, NULL},
};

static long find_coll(const char *collective)
{
    for (size_t i = 0; i < sizeof colls / sizeof colls[0]; i++)
        if (strcmp(colls[i].collective, collective) == 0)
            return (long)i;
    return -1;
}

static long long apply_size(size_rule rule, long long bytes, int np, int type_size)
{
    switch (rule) {
    case SIZE_BYTES:
        return bytes;
    case SIZE_TIMES_NP:
        return bytes * np;
    case SIZE_TYPE_TIMES_NP:
        return (long long)type_size * np;
    case SIZE_NONE:
        break;
    }
    return 0;
}

long long papsim_tune_msg_size(const char *collective, long long bytes, int np, int type_size)
{
    long c = find_coll(collective);
    return c < 0 ? bytes : apply_size(colls[c].rules, bytes, np, type_size);
}

int papsim_tune_one_rule(const char *collective)
{
    long c = find_coll(collective);
    return c >= 0 && (colls[c].rules == SIZE_NONE || colls[c].rules == SIZE_TYPE_TIMES_NP);
}

const char *papsim_tune_fixed_note(const char *collective)
{
    long c = find_coll(collective);
    return c < 0 ? NULL : colls[c].fixed_note;
}

const char *papsim_tune_uniform_only(const char *collective)
{
    long c = find_coll(collective);
    return c < 0 ? NULL : colls[c].uniform_only;
}

int papsim_tune_collective(const char *collective, int ompi_major, char *why, size_t len)
{
    int id = papsim_open_mpi_collective_id(collective);
    char name[48];
    if (id < 0 || find_coll(collective) < 0) {
        if (strcmp(collective, "gatherv") == 0 || strcmp(collective, "scatterv") == 0)
            snprintf(why, len, "%s: Open MPI's tuned component has no %s algorithm to choose "
                     "and reads no %s rules (another component runs it), so a rules file "
                     "cannot select one", collective, collective, collective);
        else
            snprintf(why, len, "%s: not a collective whose algorithm Open MPI's tuned "
                     "component chooses from a rules file", collective);
        return -1;
    }
    for (size_t i = 0; i < papsim_catalog_size; i++)
        if (strcmp(papsim_catalog[i].collective, collective) == 0 &&
            papsim_tune_open_mpi(collective, papsim_catalog[i].name, ompi_major, name,
                                 sizeof name) >= 0)
            return id;
    snprintf(why, len, "%s: Open MPI's tuned component reads %s rules (collective id %d), but "
             "no papsim %s algorithm has an Open MPI counterpart to name in them (papsim list "
             "--format csv, column open_mpi)", collective, collective, id, collective);
    return -1;
}

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
    long c = find_coll(collective);
    if (c < 0 || !colls[c].bands)
        return -1;
    return fixed_lookup(colls[c].bands, colls[c].nbands, np,
                        apply_size(colls[c].fixed, bytes, np, 0));
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
    if (strcmp(collective, "gather") == 0 && n == 11 && strncmp(label, "linear_sync", 11) == 0)
        return bytes > 92160 ? 32 * 1024 : 1024; /* the first segment, gather_linear_sync.c */
    if (strncmp(label, "builtin:", 8) == 0)
        *source = "SMPI's own segment size is not carried over";
    else
        *source = "unsegmented";
    return 0;
}
