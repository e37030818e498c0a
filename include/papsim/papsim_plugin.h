/* A user's algorithm outside papsim's tree: the declaration that makes one
 * C file a papsim algorithm (docs/your-algorithm.md).
 *
 *   #include <papsim/papsim.h>
 *
 *   int my_allreduce_ring2(const void *sendbuf, void *recvbuf, int count,
 *                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
 *                          const papsim_params *params) { ... }
 *
 *   PAPSIM_PLUGIN_ALGORITHM(allreduce, ring2, my_allreduce_ring2,
 *                           PAPSIM_R_COMMUTATIVE, 0, "allreduce_ring",
 *                           "ring:4", "ring",
 *                           "Ring reduce-scatter, then ring allgather; "
 *                           "2(p-1) alpha + 2((p-1)/p) m beta + ((p-1)/p) m gamma");
 *
 * The file is built twice into shared objects, NAME.smpi.so against SMPI
 * (pkg-config papsim-smpi, or papsim_add_algorithm() of find_package(papsim))
 * and NAME.mpi.so against the real MPI (papsim-mpi), and every papsim
 * command names the algorithm user:NAME (`--plugin FILE`, the spec key
 * `plugins`, PAPCOLL_PLUGINS for libpapcoll).
 *
 * The declaration is plain data without pointers, so the papsim command
 * (which has no MPI) reads it from the file's bytes, and papbench and
 * libpapcoll compare it with what they load. Before any case runs, a file
 * is refused that: has no declaration or two; was built against another
 * PAPSIM_PLUGIN_ABI_VERSION; names an unknown collective, an unknown
 * restriction flag (PAPSIM_R_*) or knob (PAPSIM_K_*), an unknown
 * message-count model, or a name papsim's own algorithms of that
 * collective use; was built for another MPI than the one loading it; or
 * does not load (dlopen) or lacks the declared function.
 *
 * This header needs no MPI; PAPSIM_PLUGIN_ALGORITHM needs papsim.h (the
 * collective's function type papsim_<collective>_fn checks the signature
 * when the file compiles). */
#ifndef PAPSIM_PLUGIN_H
#define PAPSIM_PLUGIN_H

/* The interface version: the layout of papsim_plugin_declaration, of
 * papsim_params and of the function types in papsim_algorithms.h, and the
 * helpers of papsim_helpers.h. A papsim refuses a file built against
 * another version. */
#define PAPSIM_PLUGIN_ABI_VERSION 1

/* The first 16 bytes of every declaration, in every version. */
#define PAPSIM_PLUGIN_MAGIC "\177papsim-plugin\n"

/* Field sizes, terminating NUL included. */
#define PAPSIM_PLUGIN_NAME_MAX 48
#define PAPSIM_PLUGIN_TEXT_MAX 1024

/* What a registry row of papsim's own algorithms says (see
 * algorithms/registry.def in papsim's sources). The first three fields keep
 * their place in every version, so a papsim can tell which version a file
 * was built against. */
typedef struct papsim_plugin_declaration {
    char magic[16];         /* PAPSIM_PLUGIN_MAGIC */
    unsigned abi_version;   /* PAPSIM_PLUGIN_ABI_VERSION */
    unsigned size;          /* sizeof(papsim_plugin_declaration) */
    unsigned flags;         /* restrictions, PAPSIM_R_* (papsim_catalog.h) */
    unsigned knobs;         /* the papsim_params knobs it reads, PAPSIM_K_* */
    char collective[32];    /* "allreduce" */
    char name[PAPSIM_PLUGIN_NAME_MAX];     /* "ring2": papsim calls it user:ring2 */
    char function[128];     /* the function's symbol */
    char msgcount[PAPSIM_PLUGIN_NAME_MAX]; /* a model of papsim's (the msgcount
                                              column of papsim list), "" for
                                              papsim's default estimate */
    char open_mpi[PAPSIM_PLUGIN_NAME_MAX]; /* Open MPI 4.1's tuned "NAME:ID", "" */
    char mpich[PAPSIM_PLUGIN_NAME_MAX];    /* MPICH's algorithm name, "" */
    char mpi[32];           /* the MPI whose mpi.h it was compiled with:
                               "SMPI", "Open MPI", "MPICH" or "MPI" */
    char description[PAPSIM_PLUGIN_TEXT_MAX]; /* pattern and cost */
} papsim_plugin_declaration;

/* The MPI of the build, from its own mpi.h (no MPI header: "none"). */
#if defined(SMPI_SHARED_MALLOC)
#define PAPSIM_PLUGIN_BUILD_MPI "SMPI"
#elif defined(OMPI_MAJOR_VERSION)
#define PAPSIM_PLUGIN_BUILD_MPI "Open MPI"
#elif defined(MPICH_VERSION)
#define PAPSIM_PLUGIN_BUILD_MPI "MPICH"
#elif defined(MPI_VERSION)
#define PAPSIM_PLUGIN_BUILD_MPI "MPI"
#else
#define PAPSIM_PLUGIN_BUILD_MPI "none"
#endif

#if defined(__GNUC__)
#define PAPSIM_PLUGIN_EXPORT __attribute__((used, visibility("default")))
#else
#define PAPSIM_PLUGIN_EXPORT
#endif

/* The declaration of the file's algorithm, once per file, at file scope:
 *   collective  papsim's collective, an identifier: allreduce, bcast, ...
 *   name        the algorithm's name, an identifier of [a-z0-9_]
 *   function    the function, of type papsim_<collective>_fn
 *   flags       PAPSIM_R_* or 0; the function must also refuse a case that
 *               breaks one with the class papsim_algorithms.h lists
 *   knobs       PAPSIM_K_* or 0
 *   msgcount    "" or the name of one of papsim's message-count models
 *   open_mpi    "" or Open MPI 4.1's counterpart "NAME:ID" (papsim tune)
 *   mpich       "" or MPICH's counterpart
 *   description the pattern and its alpha/beta/gamma cost */
#define PAPSIM_PLUGIN_ALGORITHM(collective, name, function, flags, knobs, msgcount, open_mpi, \
                                mpich, description)                                          \
    papsim_##collective##_fn function;                                                       \
    PAPSIM_PLUGIN_EXPORT const papsim_plugin_declaration papsim_plugin = {                   \
        PAPSIM_PLUGIN_MAGIC, PAPSIM_PLUGIN_ABI_VERSION, sizeof(papsim_plugin_declaration),   \
        (flags), (knobs), #collective, #name, #function, msgcount, open_mpi, mpich,          \
        PAPSIM_PLUGIN_BUILD_MPI, description}

#endif
