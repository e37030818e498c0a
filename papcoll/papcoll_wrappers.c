/* libpapcoll: the PMPI wrappers of the collectives papsim implements. Each
 * one chooses by the rules of its PAPCOLL_<COLLECTIVE> variable
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

int MPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                  MPI_Datatype rtype, MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    int rc = begin(&c, s, PAPCOLL_ALLGATHER, comm, type_bytes(rcount, rtype),
                   MPI_OP_NULL, CALLER)
        ? papsim_allgather_lookup(ALGO(c))(sbuf, scount, stype, rbuf, rcount, rtype, comm,
                                           &c.params)
        : PMPI_Allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    return end(&c, rc);
}

int MPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                   const int rcounts[], const int displs[], MPI_Datatype rtype, MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Allgatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm);
    int rc = begin(&c, s, PAPCOLL_ALLGATHERV, comm, largest_bytes(rcounts, peers(comm), rtype),
                   MPI_OP_NULL, CALLER)
        ? papsim_allgatherv_lookup(ALGO(c))(sbuf, scount, stype, rbuf, rcounts, displs, rtype,
                                            comm, &c.params)
        : PMPI_Allgatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm);
    return end(&c, rc);
}

int MPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
               MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Reduce(sbuf, rbuf, count, type, op, root, comm);
    int rc = begin(&c, s, PAPCOLL_REDUCE, comm, type_bytes(count, type),
                   op, CALLER)
        ? papsim_reduce_lookup(ALGO(c))(sbuf, rbuf, count, type, op, root, comm, &c.params)
        : PMPI_Reduce(sbuf, rbuf, count, type, op, root, comm);
    return end(&c, rc);
}

int MPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Allreduce(sbuf, rbuf, count, type, op, comm);
    int rc = begin(&c, s, PAPCOLL_ALLREDUCE, comm, type_bytes(count, type),
                   op, CALLER)
        ? papsim_allreduce_lookup(ALGO(c))(sbuf, rbuf, count, type, op, comm, &c.params)
        : PMPI_Allreduce(sbuf, rbuf, count, type, op, comm);
    return end(&c, rc);
}

int MPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                 MPI_Datatype rtype, MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Alltoall(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    int rc = begin(&c, s, PAPCOLL_ALLTOALL, comm, type_bytes(rcount, rtype),
                   MPI_OP_NULL, CALLER)
        ? papsim_alltoall_lookup(ALGO(c))(sbuf, scount, stype, rbuf, rcount, rtype, comm,
                                          &c.params)
        : PMPI_Alltoall(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    return end(&c, rc);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Bcast(buf, count, type, root, comm);
    int rc = begin(&c, s, PAPCOLL_BCAST, comm, type_bytes(count, type),
                   MPI_OP_NULL, CALLER)
        ? papsim_bcast_lookup(ALGO(c))(buf, count, type, root, comm, &c.params)
        : PMPI_Bcast(buf, count, type, root, comm);
    return end(&c, rc);
}

int MPI_Barrier(MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Barrier(comm);
    int rc = begin(&c, s, PAPCOLL_BARRIER, comm, 0, MPI_OP_NULL, CALLER)
        ? papsim_barrier_lookup(ALGO(c))(comm, &c.params)
        : PMPI_Barrier(comm);
    return end(&c, rc);
}

int MPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type,
                       MPI_Op op, MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Reduce_scatter(sbuf, rbuf, rcounts, type, op, comm);
    int np = 0; /* recvcounts: one per rank of the (local) group */
    PMPI_Comm_size(comm, &np);
    int rc = begin(&c, s, PAPCOLL_REDUCE_SCATTER, comm, largest_bytes(rcounts, np, type), op,
                   CALLER)
        ? papsim_reduce_scatter_lookup(ALGO(c))(sbuf, rbuf, rcounts, type, op, comm, &c.params)
        : PMPI_Reduce_scatter(sbuf, rbuf, rcounts, type, op, comm);
    return end(&c, rc);
}

int MPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type,
                             MPI_Op op, MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Reduce_scatter_block(sbuf, rbuf, rcount, type, op, comm);
    int rc = begin(&c, s, PAPCOLL_REDUCE_SCATTER_BLOCK, comm, type_bytes(rcount, type), op,
                   CALLER)
        ? papsim_reduce_scatter_block_lookup(ALGO(c))(sbuf, rbuf, rcount, type, op, comm,
                                                      &c.params)
        : PMPI_Reduce_scatter_block(sbuf, rbuf, rcount, type, op, comm);
    return end(&c, rc);
}

/* ---- the rooted collectives, the v-forms and the prefix reductions ---- */

/* Gather and scatter have one signature, in MPI as in papsim: one body,
 * told apart by coll. The rule size is the per-rank block, the root's
 * receive side for gather and its send side for scatter. */
typedef int pmpi_rooted_fn(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int,
                           MPI_Comm);

static int rooted(int coll, const void *caller, const void *sbuf, int scount, MPI_Datatype stype,
                  void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    const int gather = coll == PAPCOLL_GATHER;
    pmpi_rooted_fn *pmpi = gather ? PMPI_Gather : PMPI_Scatter;
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return pmpi(sbuf, scount, stype, rbuf, rcount, rtype, root, comm);
    long long bytes = gather ? block_bytes(comm, root, rcount, rtype, scount, stype)
                             : block_bytes(comm, root, scount, stype, rcount, rtype);
    int rc = begin(&c, s, coll, comm, bytes, MPI_OP_NULL, caller)
        ? (gather ? papsim_gather_lookup : papsim_scatter_lookup)(ALGO(c))(
              sbuf, scount, stype, rbuf, rcount, rtype, root, comm, &c.params)
        : pmpi(sbuf, scount, stype, rbuf, rcount, rtype, root, comm);
    return end(&c, rc);
}

int MPI_Gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
               MPI_Datatype rtype, int root, MPI_Comm comm)
{
    return rooted(PAPCOLL_GATHER, CALLER, sbuf, scount, stype, rbuf, rcount, rtype, root, comm);
}

int MPI_Scatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                MPI_Datatype rtype, int root, MPI_Comm comm)
{
    return rooted(PAPCOLL_SCATTER, CALLER, sbuf, scount, stype, rbuf, rcount, rtype, root, comm);
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

int MPI_Gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                const int rcounts[], const int displs[], MPI_Datatype rtype, int root,
                MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Gatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm);
    int rc = begin(&c, s, PAPCOLL_GATHERV, comm,
                   v_bytes(comm, root, rcounts, rtype, scount, stype), MPI_OP_NULL, CALLER)
        ? papsim_gatherv_lookup(ALGO(c))(sbuf, scount, stype, rbuf, rcounts, displs, rtype,
                                         root, comm, &c.params)
        : PMPI_Gatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm);
    return end(&c, rc);
}

int MPI_Scatterv(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype,
                 void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Scatterv(sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm);
    int rc = begin(&c, s, PAPCOLL_SCATTERV, comm,
                   v_bytes(comm, root, scounts, stype, rcount, rtype), MPI_OP_NULL, CALLER)
        ? papsim_scatterv_lookup(ALGO(c))(sbuf, scounts, displs, stype, rbuf, rcount, rtype,
                                          root, comm, &c.params)
        : PMPI_Scatterv(sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm);
    return end(&c, rc);
}

/* Alltoallv: each rank's counts are its own, so the rules test np only
 * (papcoll_config.c); the size counted in the report is the largest block
 * the rank receives (recvcounts are read in place too). */
int MPI_Alltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype,
                  void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
                  MPI_Comm comm)
{
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return PMPI_Alltoallv(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype,
                              comm);
    int rc = begin(&c, s, PAPCOLL_ALLTOALLV, comm, largest_bytes(rcounts, peers(comm), rtype),
                   MPI_OP_NULL, CALLER)
        ? papsim_alltoallv_lookup(ALGO(c))(sbuf, scounts, sdispls, stype, rbuf, rcounts,
                                           rdispls, rtype, comm, &c.params)
        : PMPI_Alltoallv(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm);
    return end(&c, rc);
}

/* Scan and exscan have one signature: one body, told apart by coll. The
 * rule size is the vector. */
typedef int pmpi_prefix_fn(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);

static int prefix(int coll, const void *caller, const void *sbuf, void *rbuf, int count,
                  MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    const int scan = coll == PAPCOLL_SCAN;
    pmpi_prefix_fn *pmpi = scan ? PMPI_Scan : PMPI_Exscan;
    call c;
    papcoll_state *s = papcoll_enter();
    if (!s)
        return pmpi(sbuf, rbuf, count, type, op, comm);
    int rc = begin(&c, s, coll, comm, type_bytes(count, type), op, caller)
        ? (scan ? papsim_scan_lookup : papsim_exscan_lookup)(ALGO(c))(sbuf, rbuf, count, type,
                                                                      op, comm, &c.params)
        : pmpi(sbuf, rbuf, count, type, op, comm);
    return end(&c, rc);
}

int MPI_Scan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
             MPI_Comm comm)
{
    return prefix(PAPCOLL_SCAN, CALLER, sbuf, rbuf, count, type, op, comm);
}

int MPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
               MPI_Comm comm)
{
    return prefix(PAPCOLL_EXSCAN, CALLER, sbuf, rbuf, count, type, op, comm);
}
