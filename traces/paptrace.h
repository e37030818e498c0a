/* libpaptrace internals: the tracer's configuration (from PAPTRACE_*
 * environment variables), its record, and the collective names. The
 * configuration part is MPI-free (paptrace_config.c) so it can be unit
 * tested and shared by the Open MPI and the SMPI builds.
 *
 * M. Salimi Beni, B. Cosenza, S. Hunold, "MPI collective algorithm selection
 * in the presence of process arrival patterns", IEEE International
 * Conference on Cluster Computing (CLUSTER), 2024, Sec. V-A, describe the
 * tracer this reimplements: PMPI wrappers around the collectives only, clocks
 * synchronised before tracing starts, sampling of ranks and of every k-th
 * call. The trace format is documented in traces/README.md and parsed by
 * lib/hardware/trace.c. */
#ifndef PAPTRACE_H
#define PAPTRACE_H
#include <stdint.h>

/* The intercepted collectives: every row of the collectives registry
 * (collectives.def), PAPTRACE_C_<name>, in its order. */
typedef enum {
#define PAPSIM_COLLECTIVE(name, ...) PAPTRACE_C_##name,
#include "collectives.def"
    PAPTRACE_NCOLLECTIVES
} paptrace_collective;

/* Lower-case name as written in the trace ("reduce_scatter_block"). */
const char *paptrace_collective_name(int c);

#define PAPTRACE_FORMAT_NAME "paptrace"
#define PAPTRACE_FORMAT_VERSION 1
#define PAPTRACE_DEFAULT_OUT "paptrace.txt"
/* 48-byte records: 12 MiB per rank at most unless PAPTRACE_MAX_RECORDS. */
#define PAPTRACE_DEFAULT_MAX_RECORDS 262144L
#define PAPTRACE_PATH_MAX 4096

typedef struct {
    char out[PAPTRACE_PATH_MAX];   /* PAPTRACE_OUT */
    int force;                     /* PAPTRACE_FORCE=1: replace an existing file */
    long every;                    /* PAPTRACE_EVERY, >= 1 */
    long max_records;              /* PAPTRACE_MAX_RECORDS, >= 1 */
    unsigned collective_mask;      /* bit c set: collective c is traced */
    unsigned char *rank_traced;    /* [world_size], from PAPTRACE_RANKS */
    char ranks_text[256];          /* canonical "0,3-5" or "all" */
    char collectives_text[256];    /* canonical "allreduce,alltoall" or "all" */
} paptrace_config;

/* Reads the PAPTRACE_* variables through getenv_fn (getenv, or a fake in
 * tests) for a world of world_size ranks. Returns 0, or -1 with a message
 * naming the variable, its value and the problem in err. Free with
 * paptrace_config_free (also after a failure). */
int paptrace_config_read(paptrace_config *cfg, int world_size,
                         char *(*getenv_fn)(const char *name),
                         char *err, int err_len);
void paptrace_config_free(paptrace_config *cfg);

/* One traced call on one rank. Sent to rank 0 as raw bytes at
 * MPI_Finalize: the ranks of one run share one architecture. */
typedef struct {
    double arrival;      /* entry time, seconds, rank 0's clock */
    double exit;         /* exit time, same clock */
    int64_t seq;         /* index of the call among the communicator's collectives */
    int64_t bytes;       /* this rank's bytes, as defined in traces/README.md */
    int32_t comm_owner;  /* communicator id: world rank of its rank 0 ... */
    int32_t comm_index;  /* ... and that rank's count of communicators named before */
    int32_t comm_size;
    int32_t collective;  /* a paptrace_collective */
} paptrace_record;

#endif
