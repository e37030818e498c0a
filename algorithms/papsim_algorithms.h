/* papsim's collective algorithms: uniform signatures, knobs and the registry.
 *
 * Every algorithm takes exactly the MPI argument list of its collective plus a
 * trailing `const papsim_params *` for knobs. Algorithms keep no global state:
 * everything they need arrives as an argument, so the same object code runs
 * under SMPI with `-no-privatize` and under a real MPI.
 *
 * The registry (algorithms/registry.def, expanded in registry.c) is the single
 * source of truth for names, descriptions and restriction flags; papbench, the
 * papsim CLI and the tests all take their algorithm lists from it. */
#ifndef PAPSIM_ALGORITHMS_H
#define PAPSIM_ALGORITHMS_H

#include <mpi.h>

#include "papsim_catalog.h"

/* Arrival times that become known only during the call (papbench
 * --knowledge estimated, seed 004's edge(x) exchange): the ranks announced
 * their estimates with non-blocking messages before arriving, and the
 * algorithm completes the exchange when it needs the order, inside the
 * timed call, so waiting for a late estimate is measured. obtain() sets
 * *arrivals to np offsets in seconds, the same bits on every rank, and
 * returns an MPI error code; later calls return the same vector at once. */
typedef struct papsim_arrival_source {
    int (*obtain)(struct papsim_arrival_source *self, const double **arrivals);
} papsim_arrival_source;

/* Knobs shared by all algorithms. Zero-initialise, then set what you need. */
typedef struct papsim_params {
    /* Combine cost in seconds per byte, charged after every MPI_Reduce_local
     * when running under SMPI (which charges nothing for it). Ignored under a
     * real MPI, where combining costs what it costs. */
    double gamma;
    /* Segment size in bytes for pipelined algorithms (0 = algorithm default). */
    MPI_Aint segment_bytes;
    /* Number of segments N for algorithms that cut the vector into N pieces
     * (clairvoyant; 0 = the algorithm default, see its header). */
    int segments;
    /* At most this many receives and as many sends in flight per rank
     * (alltoall linear_sync; 0 = no limit, Open MPI 4.1's default;
     * papbench --max-requests). */
    int max_requests;
    /* The radix vector of radix_k: radix_len group sizes k_1..k_r whose
     * product is the communicator size (papbench --radix 4x4x8); NULL and 0
     * = the default vector (algorithms/schedule/radix_vector.h). */
    const int *radix;
    int radix_len;
    /* Expected arrival offsets in seconds: arrivals[r] for rank r of the
     * communicator, the same array (bit for bit) on every rank, or NULL when
     * nothing is known (papbench --knowledge none). Algorithms that use them
     * (clairvoyant) read a_i - min(a); the others ignore them. papbench fills
     * them with the pattern's delays (--knowledge oracle) or with every
     * rank's moving-average prediction, allgathered inside the timed call
     * (--knowledge predicted). */
    const double *arrivals;
    /* Non-NULL (and arrivals NULL) with --knowledge estimated: algorithms
     * that use arrivals call arrival_source->obtain() inside the call (slt,
     * prr); the others never look, and papbench completes the exchange
     * after the timed call. */
    papsim_arrival_source *arrival_source;
    /* 1: host computation an algorithm does before communicating (building a
     * schedule) belongs to the measured call, and its wall time is charged
     * as simulated time under SMPI; 0: it is not charged (papbench
     * --schedule-timed no|yes). */
    int schedule_timed;
    /* 1: nobody reads the results (a timing-only case under SMPI: papbench
     * without --check). papsim_combine then charges gamma as usual but skips
     * the arithmetic, which would cost wall time only: SMPI charges no
     * simulated time for it, and the buffers may be shared between ranks
     * anyway. Never set on a real MPI, where the arithmetic is the cost. */
    int timing_only;
    /* The network of the round-time model of arrival-aware algorithms
     * (clairvoyant: d = alpha + (m/N)(beta + gamma), and its default N):
     * latency in seconds and transfer time in seconds per byte; 0 = the
     * algorithm's default (clairvoyant: seed 000's CURIE, 2.66 us and
     * 4.8179e-10 s/B). papbench --model-alpha / --model-beta. */
    double model_alpha;
    double model_beta;
    /* Radix k of the k-nomial bcast tree (bcast knomial; 0 = 4, Open MPI
     * 4.1's default; papbench --knomial-radix, 2 to 64). */
    int knomial_radix;
} papsim_params;

typedef int papsim_allgather_fn(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                MPI_Comm comm, const papsim_params *params);

/* Allgatherv: recvcounts and displs are in elements of recvtype, as in MPI. */
typedef int papsim_allgatherv_fn(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, const int *recvcounts, const int *displs,
                                 MPI_Datatype recvtype, MPI_Comm comm,
                                 const papsim_params *params);

typedef int papsim_reduce_fn(const void *sendbuf, void *recvbuf, int count,
                             MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                             const papsim_params *params);

typedef int papsim_allreduce_fn(const void *sendbuf, void *recvbuf, int count,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                const papsim_params *params);

/* Alltoall: block i of sendbuf (sendcount elements) goes to rank i, block i
 * of recvbuf comes from rank i, as in MPI. */
typedef int papsim_alltoall_fn(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, int recvcount, MPI_Datatype recvtype,
                               MPI_Comm comm, const papsim_params *params);

/* Bcast: the root's count elements of buffer reach every rank's buffer, as
 * in MPI (MPI_IN_PLACE does not apply: there is one buffer). */
typedef int papsim_bcast_fn(void *buffer, int count, MPI_Datatype datatype, int root,
                            MPI_Comm comm, const papsim_params *params);

/* Declarations of every algorithm function, generated from registry.def:
 * papsim_<collective>_<name>. */
#define PAPSIM_ALLGATHER(name, flags, desc) papsim_allgather_fn papsim_allgather_##name;
#define PAPSIM_ALLGATHERV(name, flags, desc) papsim_allgatherv_fn papsim_allgatherv_##name;
#define PAPSIM_REDUCE(name, flags, desc) papsim_reduce_fn papsim_reduce_##name;
#define PAPSIM_ALLREDUCE(name, flags, desc) papsim_allreduce_fn papsim_allreduce_##name;
#define PAPSIM_ALLTOALL(name, flags, desc) papsim_alltoall_fn papsim_alltoall_##name;
#define PAPSIM_BCAST(name, flags, desc) papsim_bcast_fn papsim_bcast_##name;
#include "registry.def"

/* Function lookup by collective and name (without the "builtin:" prefix).
 * Returns NULL for unknown names; papsim_catalog_find gives the error text. */
papsim_allgather_fn *papsim_allgather_lookup(const char *name);
papsim_allgatherv_fn *papsim_allgatherv_lookup(const char *name);
papsim_reduce_fn *papsim_reduce_lookup(const char *name);
papsim_allreduce_fn *papsim_allreduce_lookup(const char *name);
papsim_alltoall_fn *papsim_alltoall_lookup(const char *name);
papsim_bcast_fn *papsim_bcast_lookup(const char *name);

#endif
