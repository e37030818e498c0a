/* ompi_algorithm_probe.so: shows which of Open MPI's own collective
 * algorithms runs, for cli.tune. Open MPI 4.1's tuned component
 * (mca_coll_tuned.so) calls the algorithms of its base framework, exported by
 * libmpi (ompi_coll_base_<collective>_intra_<name>), through its dynamic
 * symbol table; preloaded with LD_PRELOAD (mpirun -x LD_PRELOAD=...), this
 * library defines the same symbols, so each call comes here first. It writes
 * one line per outermost call, "rank R: <function>", to the file named by
 * PAPSIM_PROBE_OUT with ".R" appended, and forwards the call unchanged to
 * libmpi (dlsym RTLD_NEXT). A debug build of Open MPI would say the same
 * through coll_base_verbose; Debian's build is not one, and its verbose
 * output names no algorithm.
 *
 * The signatures are those of ompi/mca/coll/base/coll_base_functions.h of
 * Open MPI v4.1.4 (pointers to Open MPI's structures passed through as
 * opaque pointers): every algorithm of the tuned component of the
 * collectives papsim tune writes rules for. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef void *obj; /* ompi_datatype_t *, ompi_op_t *, ompi_communicator_t *, module */

static int depth; /* an algorithm may call another (a fallback): log the outer one */

/* In Open MPI an MPI_Comm is the communicator's structure pointer. */
int PMPI_Comm_rank(obj comm, int *rank);

static void note(const char *function, obj comm)
{
    const char *out = getenv("PAPSIM_PROBE_OUT");
    int rank = -1;
    char path[4096];
    FILE *f;
    if (!out || depth > 0 || PMPI_Comm_rank(comm, &rank) != 0 || snprintf(path, sizeof path, "%s.%d", out, rank) >= (int)sizeof path)
        return;
    if ((f = fopen(path, "a"))) {
        fprintf(f, "rank %d: %s\n", rank, function);
        fclose(f);
    }
}

static void *next(const char *function)
{
    void *p = dlsym(RTLD_NEXT, function);
    if (!p) {
        fprintf(stderr, "ompi_algorithm_probe: %s not found in libmpi\n", function);
        abort();
    }
    return p;
}

/* PROBE(name, (parameters), (arguments), comm) defines one forwarding wrapper. */
#define PROBE(name, params, args, comm)                                                    \
    int name params                                                                        \
    {                                                                                      \
        static int(*real) params;                                                          \
        if (!real)                                                                         \
            real = (int(*) params)next(#name);                                             \
        note(#name, comm);                                                                 \
        depth++;                                                                           \
        int rc = real args;                                                                \
        depth--;                                                                           \
        return rc;                                                                         \
    }

#define AG_P (const void *sb, int sc, obj st, void *rb, int rc_, obj rt, obj comm, obj module)
#define AG_A (sb, sc, st, rb, rc_, rt, comm, module)
PROBE(ompi_coll_base_allgather_intra_bruck, AG_P, AG_A, comm)
PROBE(ompi_coll_base_allgather_intra_recursivedoubling, AG_P, AG_A, comm)
PROBE(ompi_coll_base_allgather_intra_ring, AG_P, AG_A, comm)
PROBE(ompi_coll_base_allgather_intra_neighborexchange, AG_P, AG_A, comm)
PROBE(ompi_coll_base_allgather_intra_basic_linear, AG_P, AG_A, comm)
PROBE(ompi_coll_base_allgather_intra_two_procs, AG_P, AG_A, comm)

#define AGV_P                                                                              \
    (const void *sb, int sc, obj st, void *rb, const int *rcs, const int *ds, obj rt,      \
     obj comm, obj module)
#define AGV_A (sb, sc, st, rb, rcs, ds, rt, comm, module)
PROBE(ompi_coll_base_allgatherv_intra_bruck, AGV_P, AGV_A, comm)
PROBE(ompi_coll_base_allgatherv_intra_ring, AGV_P, AGV_A, comm)
PROBE(ompi_coll_base_allgatherv_intra_neighborexchange, AGV_P, AGV_A, comm)
PROBE(ompi_coll_base_allgatherv_intra_basic_default, AGV_P, AGV_A, comm)

#define AR_P (const void *sb, void *rb, int n, obj dt, obj op, obj comm, obj module)
#define AR_A (sb, rb, n, dt, op, comm, module)
PROBE(ompi_coll_base_allreduce_intra_nonoverlapping, AR_P, AR_A, comm)
PROBE(ompi_coll_base_allreduce_intra_recursivedoubling, AR_P, AR_A, comm)
PROBE(ompi_coll_base_allreduce_intra_ring, AR_P, AR_A, comm)
PROBE(ompi_coll_base_allreduce_intra_basic_linear, AR_P, AR_A, comm)
PROBE(ompi_coll_base_allreduce_intra_redscat_allgather, AR_P, AR_A, comm)
PROBE(ompi_coll_base_allreduce_intra_ring_segmented,
      (const void *sb, void *rb, int n, obj dt, obj op, obj comm, obj module, uint32_t seg),
      (sb, rb, n, dt, op, comm, module, seg), comm)

PROBE(ompi_coll_base_alltoall_intra_pairwise, AG_P, AG_A, comm)
PROBE(ompi_coll_base_alltoall_intra_bruck, AG_P, AG_A, comm)
PROBE(ompi_coll_base_alltoall_intra_basic_linear, AG_P, AG_A, comm)
PROBE(ompi_coll_base_alltoall_intra_two_procs, AG_P, AG_A, comm)
PROBE(ompi_coll_base_alltoall_intra_linear_sync,
      (const void *sb, int sc, obj st, void *rb, int rc_, obj rt, obj comm, obj module, int mr),
      (sb, sc, st, rb, rc_, rt, comm, module, mr), comm)

#define BC_P(...) (void *b, int n, obj dt, int root, obj comm, obj module __VA_ARGS__)
#define SEG , uint32_t seg
PROBE(ompi_coll_base_bcast_intra_basic_linear, BC_P(), (b, n, dt, root, comm, module), comm)
PROBE(ompi_coll_base_bcast_intra_chain, BC_P(SEG, int32_t chains),
      (b, n, dt, root, comm, module, seg, chains), comm)
PROBE(ompi_coll_base_bcast_intra_knomial, BC_P(SEG, int radix),
      (b, n, dt, root, comm, module, seg, radix), comm)
#define BC_SEG(name) PROBE(name, BC_P(SEG), (b, n, dt, root, comm, module, seg), comm)
BC_SEG(ompi_coll_base_bcast_intra_pipeline)
BC_SEG(ompi_coll_base_bcast_intra_binomial)
BC_SEG(ompi_coll_base_bcast_intra_bintree)
BC_SEG(ompi_coll_base_bcast_intra_split_bintree)
BC_SEG(ompi_coll_base_bcast_intra_scatter_allgather)
BC_SEG(ompi_coll_base_bcast_intra_scatter_allgather_ring)

#define RD_P(...) (const void *sb, void *rb, int n, obj dt, obj op, int root, obj comm, obj module __VA_ARGS__)
#define RD_A(...) (sb, rb, n, dt, op, root, comm, module __VA_ARGS__)
PROBE(ompi_coll_base_reduce_intra_basic_linear, RD_P(), RD_A(), comm)
PROBE(ompi_coll_base_reduce_intra_redscat_gather, RD_P(), RD_A(), comm)
PROBE(ompi_coll_base_reduce_intra_chain, RD_P(SEG, int fanout, int mo), RD_A(, seg, fanout, mo),
      comm)
#define RD_SEG(name) PROBE(name, RD_P(SEG, int mo), RD_A(, seg, mo), comm)
RD_SEG(ompi_coll_base_reduce_intra_pipeline)
RD_SEG(ompi_coll_base_reduce_intra_binary)
RD_SEG(ompi_coll_base_reduce_intra_binomial)
RD_SEG(ompi_coll_base_reduce_intra_in_order_binary)

#define GS_P(...)                                                                           \
    (const void *sb, int sc, obj st, void *rb, int rc_, obj rt, int root, obj comm,         \
     obj module __VA_ARGS__)
#define GS_A(...) (sb, sc, st, rb, rc_, rt, root, comm, module __VA_ARGS__)
PROBE(ompi_coll_base_gather_intra_basic_linear, GS_P(), GS_A(), comm)
PROBE(ompi_coll_base_gather_intra_binomial, GS_P(), GS_A(), comm)
PROBE(ompi_coll_base_gather_intra_linear_sync, GS_P(, int first), GS_A(, first), comm)
PROBE(ompi_coll_base_scatter_intra_basic_linear, GS_P(), GS_A(), comm)
PROBE(ompi_coll_base_scatter_intra_binomial, GS_P(), GS_A(), comm)
PROBE(ompi_coll_base_scatter_intra_linear_nb, GS_P(, int max_reqs), GS_A(, max_reqs), comm)

#define A2AV_P                                                                              \
    (const void *sb, const int *scs, const int *sds, obj st, void *rb, const int *rcs,      \
     const int *rds, obj rt, obj comm, obj module)
#define A2AV_A (sb, scs, sds, st, rb, rcs, rds, rt, comm, module)
PROBE(ompi_coll_base_alltoallv_intra_basic_linear, A2AV_P, A2AV_A, comm)
PROBE(ompi_coll_base_alltoallv_intra_pairwise, A2AV_P, A2AV_A, comm)

#define BAR_P (obj comm, obj module)
#define BAR_A (comm, module)
PROBE(ompi_coll_base_barrier_intra_basic_linear, BAR_P, BAR_A, comm)
PROBE(ompi_coll_base_barrier_intra_doublering, BAR_P, BAR_A, comm)
PROBE(ompi_coll_base_barrier_intra_recursivedoubling, BAR_P, BAR_A, comm)
PROBE(ompi_coll_base_barrier_intra_bruck, BAR_P, BAR_A, comm)
PROBE(ompi_coll_base_barrier_intra_two_procs, BAR_P, BAR_A, comm)
PROBE(ompi_coll_base_barrier_intra_tree, BAR_P, BAR_A, comm)

#define RS_P (const void *sb, void *rb, const int *rcs, obj dt, obj op, obj comm, obj module)
#define RS_A (sb, rb, rcs, dt, op, comm, module)
PROBE(ompi_coll_base_reduce_scatter_intra_nonoverlapping, RS_P, RS_A, comm)
PROBE(ompi_coll_base_reduce_scatter_intra_basic_recursivehalving, RS_P, RS_A, comm)
PROBE(ompi_coll_base_reduce_scatter_intra_ring, RS_P, RS_A, comm)
PROBE(ompi_coll_base_reduce_scatter_intra_butterfly, RS_P, RS_A, comm)

/* reduce_scatter_block: allreduce's parameters (the count is the block). */
PROBE(ompi_coll_base_reduce_scatter_block_basic_linear, AR_P, AR_A, comm)
PROBE(ompi_coll_base_reduce_scatter_block_intra_recursivedoubling, AR_P, AR_A, comm)
PROBE(ompi_coll_base_reduce_scatter_block_intra_recursivehalving, AR_P, AR_A, comm)
PROBE(ompi_coll_base_reduce_scatter_block_intra_butterfly, AR_P, AR_A, comm)

/* scan and exscan: allreduce's parameters too. Without a rules file Open MPI
 * 4.1 runs them in its basic component, which calls the same linear
 * functions as tuned's id 1. */
PROBE(ompi_coll_base_scan_intra_linear, AR_P, AR_A, comm)
PROBE(ompi_coll_base_scan_intra_recursivedoubling, AR_P, AR_A, comm)
PROBE(ompi_coll_base_exscan_intra_linear, AR_P, AR_A, comm)
PROBE(ompi_coll_base_exscan_intra_recursivedoubling, AR_P, AR_A, comm)
