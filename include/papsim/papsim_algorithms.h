/* papsim's collective algorithms: uniform signatures, knobs, the error
 * convention and the registry.
 *
 * Every algorithm takes exactly the MPI argument list of its collective plus a
 * trailing `const papsim_params *` for knobs, and is called collectively, like
 * the MPI collective it implements: every rank of `comm` calls the same
 * function with arguments that agree as MPI requires (the same op, root,
 * communicator and knobs on every rank; for the reductions the same count
 * and datatype, for the data movers matching type signatures: see
 * "Matching signatures, not identical datatypes" below).
 *
 * What a caller must provide
 *   - MPI initialised; the calls of one communicator made from one thread at a
 *     time (MPI_THREAD_SINGLE or FUNNELED is enough; with
 *     MPI_THREAD_MULTIPLE, two threads must not run algorithms on the same
 *     communicator at once).
 *   - An intracommunicator that carries no other point-to-point traffic
 *     during the call: the algorithms use the non-negative tags 100..510 and
 *     1000.. (allreduce prr: 1000..1000+2p-1), so give them a duplicate
 *     (MPI_Comm_dup) of your communicator, as papbench does.
 *   - A params struct initialised with PAPSIM_PARAMS_INIT or
 *     papsim_params_init() (every knob 0/NULL: the algorithm's default),
 *     then the knobs you need set; or params == NULL for all defaults. The
 *     struct is only read, never kept after the call. Which knobs each
 *     algorithm reads is listed in papsim_params below.
 *   - Buffers as in MPI, MPI_IN_PLACE as in MPI (reduce: at the root only).
 *     Any datatype whose extent and true extent MPI reports; ops built in or
 *     made with MPI_Op_create, commutative or not (see restrictions).
 *
 * Matching signatures, not identical datatypes
 *   As in MPI, the data movers (allgather, allgatherv, alltoall, alltoallv,
 *   bcast, gather, scatter, gatherv, scatterv) need only matching type
 *   signatures: every rank may describe its side with its own datatype and
 *   count (1 x contiguous(N, MPI_DOUBLE) at the root and N x MPI_DOUBLE
 *   elsewhere; 1 x a zero-size type against 0 x MPI_INT). Every algorithm
 *   is correct for every such combination; no algorithm has a restriction
 *   here and nothing needs staging by the caller. What they do:
 *     - a block, piece or call with no bytes is empty, whatever its count:
 *       no message for it on either side;
 *     - the bcasts that cut a buffer (segmented, scatter-allgather) cut it
 *       in granules of its byte count, the one number every rank knows
 *       alike: 8, 4, 2 or 1 bytes, the largest that divides it. A rank whose
 *       datatype is predefined and without holes runs on its buffer; any
 *       other rank packs it first (a copy of the buffer, and the time of
 *       it);
 *     - gather linear_sync cuts its first segment in units of the type
 *       signature: its primitive type when all its primitives are one type
 *       (MPI_INT for contiguous(3, MPI_INT)), else bytes; a rank whose
 *       datatype is not that unit packs its buffer into units first. The
 *       one pair the units cannot reconcile is MPI_PACKED on one side
 *       against a typed signature on the other (MPI_PACKED is cut in
 *       bytes): with it, give a segment_bytes that is a multiple of the
 *       primitive's size (the defaults are). Under SMPI 3.32 the units come
 *       from MPI_Type_get_envelope, which does not keep every signature (a
 *       struct whose blocks lie back to back reads as MPI_CHAR);
 *     - packing assumes one data representation on every rank (the bytes
 *       MPI_Pack writes for a primitive are its bytes in memory).
 *   The reductions (reduce, allreduce, reduce_scatter, reduce_scatter_block,
 *   scan, exscan) take the same count and datatype on every rank, as MPI
 *   requires of them.
 *
 * Error convention
 *   Every function returns MPI_SUCCESS or an MPI error code (compare with
 *   MPI_Error_class). Before it communicates, each function checks its own
 *   restrictions, the same ones the registry flags (PAPSIM_R_* in
 *   papsim_catalog.h) list, so it never relies on papbench or papsim
 *   having refused a case. These checks read only what MPI requires to agree
 *   on every rank, so on bad arguments EVERY rank returns the same code and
 *   no rank blocks; nothing is sent. The checks, in this order:
 *     MPI_ERR_COMM   comm is MPI_COMM_NULL
 *     MPI_ERR_SIZE   the communicator size breaks a restriction: power of
 *                    two (PAPSIM_R_POW2), even (PAPSIM_R_EVEN_NP), or a
 *                    size limit (reduce clairvoyant: 2^20 ranks; bcast
 *                    knomial: 256 children at the root)
 *     MPI_ERR_COUNT  a negative count (reduce_scatter: any recvcounts[i] < 0;
 *                    alltoallv: any sendcounts[j] or recvcounts[j] < 0),
 *                    or counts whose messages do not fit
 *                    an int (allgather bruck: p recvcount; neighbor_exchange:
 *                    2 recvcount; recursive_doubling: (p/2) recvcount)
 *     MPI_ERR_TYPE   MPI_DATATYPE_NULL
 *     MPI_ERR_ROOT   root outside 0..p-1
 *     MPI_ERR_OP     MPI_OP_NULL, or a non-commutative op given to an
 *                    algorithm that needs a commutative one
 *                    (PAPSIM_R_COMMUTATIVE)
 *     MPI_ERR_ARG    a knob outside its documented range (papsim_params),
 *                    whether or not this algorithm reads it; the reduce
 *                    radix_k vector does not multiply to p; a non-finite
 *                    expected arrival (clairvoyant, slt, prr); allgatherv:
 *                    recvcounts or displs NULL, reduce_scatter: recvcounts
 *                    NULL, alltoallv: a count or displacement vector NULL
 *                    (checked before the counts)
 *     MPI_ERR_TAG    allreduce prr: its tags exceed the MPI's MPI_TAG_UB
 *   Gather, scatter and their v forms also return MPI_ERR_BUFFER for
 *   MPI_IN_PLACE at a rank other than the root (after the size check), and
 *   check the root's side (its counts, recvcounts/sendcounts and displs
 *   non-NULL: MPI_ERR_ARG, its datatype) at the root only, where MPI reads
 *   them: these codes are the offending rank's alone.
 *   Later failures are local and are not agreed between ranks:
 *   MPI_ERR_NO_MEM when an allocation fails, the code of a failing MPI call,
 *   the code returned by params->arrival_source->obtain(). After such an
 *   error the state of the collective on the other ranks is undefined, as in
 *   MPI (set MPI_ERRORS_RETURN on comm to get codes instead of an abort).
 *
 * No global state: everything an algorithm needs arrives as an argument, so
 * the same object code runs under SMPI with `-no-privatize` and under a real
 * MPI.
 *
 * Building for SimGrid's SMPI: compile the algorithm sources against SMPI's
 * <mpi.h> (with smpicc, or -I<simgrid prefix>/include/smpi) and link with
 * -lsimgrid. SMPI is detected from its own header: SMPI's <mpi.h> includes
 * <smpi/smpi.h>, which defines SMPI_SHARED_MALLOC; no define is needed, and
 * PAPSIM_ALGORITHMS_SMPI below says which build this is (1: SMPI). Under SMPI
 * the algorithms charge the combine cost params->gamma as simulated time and
 * take message buffers from SMPI's allocator (shared between ranks above
 * smpi/auto-shared-malloc-thresh, when that option is set); their control
 * data always uses the C library's malloc, with or without
 * SMPI_NO_OVERRIDE_MALLOC. The old papsim build define PAPSIM_SIMULATED is no
 * longer needed by the algorithms (it is refused if <mpi.h> is not SMPI's).
 *
 * The registries (collectives.def: one row per collective; registry.def: one
 * row per algorithm; both installed beside this header, expanded in
 * catalog.c and registry.c) are the single source of truth for names,
 * signatures, descriptions and restriction flags; papbench, the papsim CLI,
 * the tests and the functions' own checks all take them from them. */
#ifndef PAPSIM_ALGORITHMS_H
#define PAPSIM_ALGORITHMS_H

#include <mpi.h>

#include "papsim_catalog.h"

#if defined(SMPI_SHARED_MALLOC) /* SimGrid's <smpi/smpi.h>, from SMPI's <mpi.h> */
#define PAPSIM_ALGORITHMS_SMPI 1
#else
#define PAPSIM_ALGORITHMS_SMPI 0
#endif
#if defined(PAPSIM_SIMULATED) && PAPSIM_SIMULATED && !PAPSIM_ALGORITHMS_SMPI
#error "PAPSIM_SIMULATED is set but <mpi.h> is not SMPI's: add SMPI's include directory"
#endif

/* The largest bcast knomial radix (params->knomial_radix). */
#define PAPSIM_KNOMIAL_RADIX_MAX 64

/* Arrival times that become known only during the call (papbench
 * --knowledge estimated; the edge(x) exchange of J. Proficz, "Improving
 * all-reduce collective operations for imbalanced process arrival
 * patterns", J. Supercomputing 2018, section 3): the ranks announced their
 * estimates with non-blocking messages before arriving, and the algorithm
 * completes the exchange when it needs the order, inside the timed call, so
 * waiting for a late estimate is measured. obtain() sets *arrivals to np
 * offsets in seconds, the same bits on every rank, and returns an MPI error
 * code; later calls return the same vector at once. */
typedef struct papsim_arrival_source {
    int (*obtain)(struct papsim_arrival_source *self, const double **arrivals);
} papsim_arrival_source;

/* Knobs shared by all algorithms. Initialise with PAPSIM_PARAMS_INIT or
 * papsim_params_init() (all zero: every algorithm's default), then set what
 * you need. Each knob names the algorithms that read it and its valid range;
 * a value outside the range makes every algorithm return MPI_ERR_ARG. */
typedef struct papsim_params {
    /* Combine cost in seconds per byte, charged after every MPI_Reduce_local
     * when running under SMPI (which charges nothing for it). Ignored under a
     * real MPI, where combining costs what it costs. Also the gamma of the
     * round-time models of reduce clairvoyant and allreduce prr. Finite,
     * >= 0. Read by every reduce and allreduce algorithm. */
    double gamma;
    /* Segment size in bytes for pipelined algorithms (0 = algorithm default).
     * >= 0. Read by reduce chain, pipeline, binary, in_order_binary, two_tree,
     * clairvoyant (when segments is 0); allreduce segmented_ring; bcast
     * chain, pipeline, binary, split_binary, binomial, knomial; gather
     * linear_sync, as its first segment (0: 1024 B, or 32768 B for blocks
     * above 92160 B, Open MPI's choice). */
    MPI_Aint segment_bytes;
    /* Number of segments N for algorithms that cut the vector into N pieces
     * (reduce clairvoyant; 0 = the algorithm default, see its header). >= 0. */
    int segments;
    /* At most this many receives and as many sends in flight per rank
     * (alltoall linear_sync; 0 = no limit, Open MPI 4.1's default;
     * papbench --max-requests). >= 0. */
    int max_requests;
    /* The radix vector of reduce radix_k: radix_len group sizes k_1..k_r
     * (each >= 2, r <= 31) whose product is the communicator size (papbench
     * --radix 4x4x8); NULL and 0 = the default vector
     * (algorithms/schedule/radix_vector.h). radix_len >= 0, radix non-NULL
     * when radix_len > 0. */
    const int *radix;
    int radix_len;
    /* Expected arrival offsets in seconds: arrivals[r] for rank r of the
     * communicator, p finite values, the same array (bit for bit) on every
     * rank, or NULL when nothing is known (papbench --knowledge none).
     * Algorithms that use them (reduce clairvoyant, allreduce slt and prr)
     * read a_i - min(a); the others ignore them. papbench fills them with the
     * pattern's delays (--knowledge oracle) or with every rank's
     * moving-average prediction, allgathered inside the timed call
     * (--knowledge predicted). */
    const double *arrivals;
    /* Non-NULL (with a non-NULL obtain): the algorithms that use arrivals
     * (reduce clairvoyant, allreduce slt and prr) call
     * arrival_source->obtain() inside the call and use its vector instead of
     * `arrivals`; the others never look (papbench --knowledge estimated
     * completes the exchange after the timed call for them). */
    papsim_arrival_source *arrival_source;
    /* 1: host computation an algorithm does before communicating (building a
     * schedule) belongs to the measured call, and its wall time is charged
     * as simulated time under SMPI; 0: it is not charged (papbench
     * --schedule-timed no|yes). 0 or 1. Read by reduce clairvoyant. */
    int schedule_timed;
    /* 1: nobody reads the results (a timing-only case under SMPI: papbench
     * without --check). papsim_combine then charges gamma as usual but skips
     * the arithmetic, which would cost wall time only: SMPI charges no
     * simulated time for it, and the buffers may be shared between ranks
     * anyway. Never set on a real MPI, where the arithmetic is the cost.
     * 0 or 1. Read by every algorithm that combines. */
    int timing_only;
    /* The network of the round-time model of arrival-aware algorithms
     * (reduce clairvoyant: d = alpha + (m/N)(beta + gamma), and its default
     * N; allreduce prr): latency in seconds and transfer time in seconds per
     * byte; 0 = the algorithm's default (clairvoyant: the CURIE cluster of
     * Marendic, Lemeire, Vucinic and Schelkens, "A novel MPI reduction
     * algorithm resilient to imbalances in process arrival times",
     * J. Supercomputing 72 (2016), section 5.1: 2.66 us and 4.8179e-10 s/B).
     * Finite, >= 0. papbench --model-alpha / --model-beta. */
    double model_alpha;
    double model_beta;
    /* Radix k of the k-nomial bcast tree (bcast knomial; 0 = 4, Open MPI
     * 4.1's default; papbench --knomial-radix). 0 or 2 to
     * PAPSIM_KNOMIAL_RADIX_MAX. */
    int knomial_radix;
} papsim_params;

/* Every knob zero or NULL: each algorithm's default. */
#define PAPSIM_PARAMS_INIT {0, 0, 0, 0, NULL, 0, NULL, NULL, 0, 0, 0.0, 0.0, 0}

/* The same at run time: sets *params to PAPSIM_PARAMS_INIT. */
static inline void papsim_params_init(papsim_params *params)
{
    const papsim_params defaults = PAPSIM_PARAMS_INIT;
    *params = defaults;
}

/* The argument lists, one row each in signatures.def (collectives.def's
 * signature field names one): papsim_sig_<signature>_fn is the MPI call's
 * list plus the knobs. A collective's type is papsim_<name>_fn, its
 * signature's. */
#define PAPSIM_SIGNATURE(signature, ...)                                                       \
    typedef int papsim_sig_##signature##_fn(__VA_ARGS__, const papsim_params *params);
#include "signatures.def"

/* papsim_<collective>_fn, the type of every algorithm of a collective. */
#define PAPSIM_COLLECTIVE(name, mpi, signature, ...)                                           \
    typedef papsim_sig_##signature##_fn papsim_##name##_fn;
#include "collectives.def"

/* Any algorithm, typed by its collective: the member named after it
 * (fn.allgather, fn.scatterv, ...). */
typedef union {
#define PAPSIM_COLLECTIVE(name, ...) papsim_##name##_fn *name;
#include "collectives.def"
} papsim_algorithm_fn;

/* Declarations of every algorithm function, generated from registry.def:
 * papsim_<collective>_<name>. */
#define PAPSIM_ALG(coll, name, ...) papsim_##coll##_fn papsim_##coll##_##name;
#include "registry.def"

/* Function lookup by collective and name (without the "builtin:" prefix),
 * papsim_<collective>_lookup: papsim_allgather_lookup("ring") and so on.
 * Returns NULL for unknown names; papsim_catalog_find gives the error text. */
#define PAPSIM_COLLECTIVE(name, ...) papsim_##name##_fn *papsim_##name##_lookup(const char *algorithm);
#include "collectives.def"

/* The same for any collective: sets the member of *fn named after the
 * collective and returns 0, or returns -1 for an unknown collective or
 * name (*fn unchanged). */
int papsim_algorithm_lookup(const char *collective, const char *algorithm,
                            papsim_algorithm_fn *fn);

#endif
