/* libpapcoll: the PMPI wrappers of the collectives papsim implements,
 * MPI_<mpi> of every row of collectives.def, written once per signature
 * (WRAP_<signature> below). Each one chooses by the rules of its PAPCOLL_<COLLECTIVE> variable
 * (papcoll_config.h), runs the chosen papsim algorithm with the rule's
 * knobs, and otherwise calls the MPI library's own collective. The size
 * each passes to the rules is the BYTES of papcoll_config.h.
 *
 * A rule's algorithm that cannot serve a call falls through to the MPI
 * library, counted with its reason: an inter-communicator, an np its
 * restriction excludes (power of two, even), a non-commutative op for an
 * algorithm that needs a commutative one, a radix vector that does not
 * multiply to np. Each of these is the same on every rank of a correct
 * MPI program (same communicator, same op), so all ranks fall through
 * together. Everything else is the algorithm's: it checks its own
 * arguments and returns an MPI error class, which the wrapper returns.
 *
 * The papsim algorithms' own MPI calls (point to point, and any collective
 * they make) go straight to the MPI library: papcoll_enter() returns NULL
 * while an algorithm runs. */
#include <string.h>

#include "papcoll.h"

typedef struct {
    papcoll_state *s;
    int coll;
    const papcoll_rule *rule;
    double *counters, t_in;
    MPI_Comm comm;
    const void *caller; /* the application's return address */
    papsim_params params;
} call;

static long long type_bytes(int count, MPI_Datatype type)
{
    int size = 0;
    if (count <= 0 || type == MPI_DATATYPE_NULL)
        return 0;
    PMPI_Type_size(type, &size);
    return (long long)count * size;
}

/* The ranks that a count vector naming the peers one exchanges with has an
 * entry for (allgatherv's and alltoallv's recvcounts, the root's of gatherv
 * and scatterv): the remote group's size in an inter-communicator, the
 * communicator's size otherwise. */
static int peers(MPI_Comm comm)
{
    int inter = 0, n = 0;
    PMPI_Comm_test_inter(comm, &inter);
    if (inter)
        PMPI_Comm_remote_size(comm, &n);
    else
        PMPI_Comm_size(comm, &n);
    return n;
}

/* The largest of n counts of type, in bytes: the rule size of allgatherv
 * and reduce_scatter (whose counts every rank passes alike), and the size
 * the report counts for gatherv, scatterv and alltoallv. */
static long long largest_bytes(const int counts[], int n, MPI_Datatype type)
{
    int largest = 0;
    for (int i = 0; counts && i < n; i++) /* NULL: the algorithm or MPI refuses it */
        largest = counts[i] > largest ? counts[i] : largest;
    return type_bytes(largest, type);
}

/* For the rooted collectives (gather, scatter, their v forms): 1 at the
 * root (MPI_ROOT in an inter-communicator's root group), 0 elsewhere, -1 at
 * an inter-communicator's MPI_PROC_NULL ranks, which pass no data. */
static int root_side(MPI_Comm comm, int root)
{
    int inter = 0, rank = -1;
    PMPI_Comm_test_inter(comm, &inter);
    if (inter)
        return root == MPI_ROOT ? 1 : root == MPI_PROC_NULL ? -1 : 0;
    PMPI_Comm_rank(comm, &rank);
    return rank == root;
}

/* The per-rank block of gather and scatter: the root's count and type at the
 * root (its own may be MPI_IN_PLACE), the rank's own elsewhere. The type
 * signatures match, so every rank computes the same bytes. */
static long long block_bytes(MPI_Comm comm, int root, int root_count, MPI_Datatype root_type,
                             int count, MPI_Datatype type)
{
    int side = root_side(comm, root);
    return side < 0 ? 0 : side ? type_bytes(root_count, root_type) : type_bytes(count, type);
}

/* Gatherv and scatterv: the counts are the root's alone, so the rules test
 * np only (papcoll_config.c); the size counted in the report is the largest
 * block at the root, the rank's own block elsewhere. */
static long long v_bytes(MPI_Comm comm, int root, const int counts[], MPI_Datatype root_type,
                         int count, MPI_Datatype type)
{
    int side = root_side(comm, root);
    return side < 0 ? 0 : side ? largest_bytes(counts, peers(comm), root_type)
                               : type_bytes(count, type);
}

/* The size of comm's (local) group. */
static int local_size(MPI_Comm comm)
{
    int np = 0;
    PMPI_Comm_size(comm, &np);
    return np;
}

static int fall_through(call *c, int reason)
{
    c->counters[PAPCOLL_C_FT + reason] += 1;
    c->rule = NULL;
    return 0;
}

/* Chooses for this call; 1: run c->rule's algorithm with c->params, 0: the
 * MPI library's own. op: MPI_OP_NULL for collectives without one. */
static int begin(call *c, papcoll_state *s, int coll, MPI_Comm comm, long long bytes,
                 MPI_Op op, const void *caller)
{
    int np = 0, inter = 0, commutative = 1;
    const papcoll_config *cfg = papcoll_cfg(s);
    memset(c, 0, sizeof *c);
    c->s = s;
    c->coll = coll;
    c->comm = comm;
    c->caller = caller;
    c->t_in = papcoll_now(s);
    PMPI_Comm_size(comm, &np);
    c->rule = papcoll_choose(cfg, coll, np, bytes);
    c->counters = papcoll_counter(s, coll, c->rule);
    c->counters[PAPCOLL_C_CALLS] += 1;
    c->counters[PAPCOLL_C_BYTES] += (double)bytes;
    const papcoll_rule *r = c->rule;
    if (!r || !r->algorithm)
        return 0;
    char why[160];
    PMPI_Comm_test_inter(comm, &inter);
    if (inter)
        return fall_through(c, PAPCOLL_FT_INTERCOMM);
    if (papsim_catalog_check_np(r->algorithm, np, why, sizeof why) != 0)
        return fall_through(c, PAPCOLL_FT_NP);
    if (op != MPI_OP_NULL)
        PMPI_Op_commutative(op, &commutative);
    if ((r->algorithm->flags & PAPSIM_R_COMMUTATIVE) && !commutative)
        return fall_through(c, PAPCOLL_FT_OP);
    if (r->radix_len > 0) {
        long long product = 1;
        for (int i = 0; i < r->radix_len && product <= np; i++)
            product *= r->radix[i];
        if (product != np)
            return fall_through(c, PAPCOLL_FT_RADIX);
    }
    papsim_params_init(&c->params);
    c->params.gamma = cfg->gamma;
    c->params.segment_bytes = (MPI_Aint)r->segment_bytes;
    c->params.segments = r->segments;
    c->params.max_requests = r->max_requests;
    c->params.radix = r->radix_len > 0 ? r->radix : NULL;
    c->params.radix_len = r->radix_len;
    c->params.knomial_radix = r->knomial_radix;
    c->params.model_alpha = r->model_alpha;
    c->params.model_beta = r->model_beta;
    /* on failure (out of memory) the algorithm runs without knowledge */
    if (r->knowledge)
        papcoll_arrivals_before(s, coll, r, comm, c->t_in, c->caller, &c->params.arrivals);
    return 1;
}

static int end(call *c, int rc)
{
    c->counters[PAPCOLL_C_TIME] += papcoll_now(c->s) - c->t_in;
    papcoll_leave(c->s);
    return rc;
}

#define ALGO(c) ((c).rule->algorithm->name)
/* The application's call site: the return address of the MPI_ wrapper. */
#define CALLER __builtin_return_address(0)

/* The body of every wrapper: the MPI library's own call while an algorithm
 * runs (or before MPI_Init); else the rule that bytes and op choose, and
 * the papsim algorithm it names or the MPI library's call. The arguments
 * are the MPI call's, in its order (and the algorithm's, which adds its
 * params). */
#define WRAPPER_BODY(name, mpi, bytes, op, ...)                                                \
    {                                                                                          \
        call c;                                                                                \
        papcoll_state *s = papcoll_enter();                                                    \
        if (!s)                                                                                \
            return PMPI_##mpi(__VA_ARGS__);                                                    \
        int rc = begin(&c, s, PAPCOLL_ID(name), comm, (bytes), (op), CALLER)                   \
            ? papsim_##name##_lookup(ALGO(c))(__VA_ARGS__, &c.params)                          \
            : PMPI_##mpi(__VA_ARGS__);                                                         \
        return end(&c, rc);                                                                    \
    }

/* One wrapper per signature (PAPSIM_SIG_<signature> of papsim_algorithms.h,
 * the MPI argument list): WRAP_<signature>(name, mpi, traits) defines
 * MPI_<mpi> for the collectives.def row of that name. It gives the rule
 * size of papcoll_config.h's BYTES; what differs between collectives of one
 * signature is a trait of their rows. A collective with a new signature
 * does not compile until its WRAP_<signature> is written here. */

/* allgather, alltoall: the per-rank block. */
#define WRAP_blocks(name, mpi, traits)                                                         \
    int MPI_##mpi(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,    \
                  MPI_Datatype rtype, MPI_Comm comm)                                           \
    WRAPPER_BODY(name, mpi, type_bytes(rcount, rtype), MPI_OP_NULL, sbuf, scount, stype,       \
                 rbuf, rcount, rtype, comm)

/* allgatherv: the largest block (every rank passes the same counts). */
#define WRAP_blocks_v(name, mpi, traits)                                                       \
    int MPI_##mpi(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,               \
                  const int rcounts[], const int displs[], MPI_Datatype rtype, MPI_Comm comm)  \
    WRAPPER_BODY(name, mpi, largest_bytes(rcounts, peers(comm), rtype), MPI_OP_NULL, sbuf,     \
                 scount, stype, rbuf, rcounts, displs, rtype, comm)

/* alltoallv: each rank's counts are its own, so the rules test np only
 * (papcoll_config.c); the size counted in the report is the largest block
 * the rank receives (recvcounts are read in place too). */
#define WRAP_blocks_vv(name, mpi, traits)                                                      \
    int MPI_##mpi(const void *sbuf, const int scounts[], const int sdispls[],                 \
                  MPI_Datatype stype, void *rbuf, const int rcounts[], const int rdispls[],    \
                  MPI_Datatype rtype, MPI_Comm comm)                                           \
    WRAPPER_BODY(name, mpi, largest_bytes(rcounts, peers(comm), rtype), MPI_OP_NULL, sbuf,     \
                 scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm)

/* gather, scatter: the per-rank block, at the root its side's:
 * PAPSIM_C_ROOT_SENDS (scatter) its send block, else (gather) its receive
 * block. */
#define WRAP_rooted_blocks(name, mpi, traits)                                                  \
    int MPI_##mpi(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,    \
                  MPI_Datatype rtype, int root, MPI_Comm comm)                                 \
    WRAPPER_BODY(name, mpi,                                                                    \
                 ((traits) & PAPSIM_C_ROOT_SENDS)                                              \
                     ? block_bytes(comm, root, scount, stype, rcount, rtype)                   \
                     : block_bytes(comm, root, rcount, rtype, scount, stype),                  \
                 MPI_OP_NULL, sbuf, scount, stype, rbuf, rcount, rtype, root, comm)

/* gatherv: the rules test np only; the report counts the largest of the
 * root's receive counts, the rank's own block elsewhere. */
#define WRAP_rooted_recv_v(name, mpi, traits)                                                  \
    int MPI_##mpi(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,               \
                  const int rcounts[], const int displs[], MPI_Datatype rtype, int root,       \
                  MPI_Comm comm)                                                               \
    WRAPPER_BODY(name, mpi, v_bytes(comm, root, rcounts, rtype, scount, stype), MPI_OP_NULL,   \
                 sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm)

/* scatterv: the same with the root's send counts. */
#define WRAP_rooted_send_v(name, mpi, traits)                                                  \
    int MPI_##mpi(const void *sbuf, const int scounts[], const int displs[],                  \
                  MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype, int root,    \
                  MPI_Comm comm)                                                               \
    WRAPPER_BODY(name, mpi, v_bytes(comm, root, scounts, stype, rcount, rtype), MPI_OP_NULL,   \
                 sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm)

/* reduce: the vector. */
#define WRAP_reduce(name, mpi, traits)                                                         \
    int MPI_##mpi(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,      \
                  int root, MPI_Comm comm)                                                     \
    WRAPPER_BODY(name, mpi, type_bytes(count, type), op, sbuf, rbuf, count, type, op, root,    \
                 comm)

/* allreduce, scan, exscan: the vector; reduce_scatter_block: the block. */
#define WRAP_vector_op(name, mpi, traits)                                                      \
    int MPI_##mpi(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,      \
                  MPI_Comm comm)                                                               \
    WRAPPER_BODY(name, mpi, type_bytes(count, type), op, sbuf, rbuf, count, type, op, comm)

/* reduce_scatter: the largest block of recvcounts, one per rank of the
 * (local) group, the same on every rank. */
#define WRAP_counts_op(name, mpi, traits)                                                      \
    int MPI_##mpi(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type,       \
                  MPI_Op op, MPI_Comm comm)                                                    \
    WRAPPER_BODY(name, mpi, largest_bytes(rcounts, local_size(comm), type), op, sbuf, rbuf,    \
                 rcounts, type, op, comm)

/* bcast: the buffer. */
#define WRAP_buffer(name, mpi, traits)                                                         \
    int MPI_##mpi(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)           \
    WRAPPER_BODY(name, mpi, type_bytes(count, type), MPI_OP_NULL, buf, count, type, root, comm)

/* barrier: 0. */
#define WRAP_none(name, mpi, traits)                                                           \
    int MPI_##mpi(MPI_Comm comm) WRAPPER_BODY(name, mpi, 0, MPI_OP_NULL, comm)

/* The signatures with a WRAP_ above: a row whose signature is not one
 * stops the build naming wrapper_<signature>. */
enum {
    wrapper_blocks, wrapper_blocks_v, wrapper_blocks_vv, wrapper_rooted_blocks,
    wrapper_rooted_recv_v, wrapper_rooted_send_v, wrapper_reduce, wrapper_vector_op,
    wrapper_counts_op, wrapper_buffer, wrapper_none
};

/* MPI_<mpi> of every row of collectives.def. */
#define PAPSIM_COLLECTIVE(name, mpi, signature, family, traits, ...)                           \
    enum { wrapper_of_##name = wrapper_##signature };                                          \
    WRAP_##signature(name, mpi, traits)
#include "collectives.def"
