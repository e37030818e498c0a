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
    /* Expected arrival offsets in seconds: arrivals[r] for rank r of the
     * communicator, the same array (bit for bit) on every rank, or NULL when
     * nothing is known (papbench --knowledge none). Algorithms that use them
     * (clairvoyant) read a_i - min(a); the others ignore them. papbench fills
     * them with the pattern's delays (--knowledge oracle) or with every
     * rank's moving-average prediction, allgathered inside the timed call
     * (--knowledge predicted). */
    const double *arrivals;
    /* 1: host computation an algorithm does before communicating (building a
     * schedule) belongs to the measured call, and its wall time is charged
     * as simulated time under SMPI; 0: it is not charged (papbench
     * --schedule-timed no|yes). */
    int schedule_timed;
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

/* Declarations of every algorithm function, generated from registry.def:
 * papsim_<collective>_<name>. */
#define PAPSIM_ALLGATHER(name, flags, desc) papsim_allgather_fn papsim_allgather_##name;
#define PAPSIM_ALLGATHERV(name, flags, desc) papsim_allgatherv_fn papsim_allgatherv_##name;
#define PAPSIM_REDUCE(name, flags, desc) papsim_reduce_fn papsim_reduce_##name;
#define PAPSIM_ALLREDUCE(name, flags, desc) papsim_allreduce_fn papsim_allreduce_##name;
#include "registry.def"

/* Function lookup by collective and name (without the "builtin:" prefix).
 * Returns NULL for unknown names; papsim_catalog_find gives the error text. */
papsim_allgather_fn *papsim_allgather_lookup(const char *name);
papsim_allgatherv_fn *papsim_allgatherv_lookup(const char *name);
papsim_reduce_fn *papsim_reduce_lookup(const char *name);
papsim_allreduce_fn *papsim_allreduce_lookup(const char *name);

#endif
