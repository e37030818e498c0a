/* Allreduce: PRR, the pre-reduced ring.
 *
 * Paper:   J. Proficz, "Improving all-reduce collective operations
 *          for imbalanced process arrival patterns", J. Supercomputing
 *          (2018), section 4.2 and Fig. 7, corrected: Fig. 7 as printed
 *          deadlocks (line 19 tests (rp+P-1) mod P instead of rp, lines 9-12
 *          leave sp unassigned, the override loop's static order
 *          blocks), and only finals sent as soon as they are complete give
 *          the paper's Table 3 times.
 * Pattern: the ranks are renumbered by expected arrival (papsim_sorted_ranks:
 *          id 0 the earliest, ties by rank), the vector is cut into p
 *          segments (the first count mod p one element longer; empty ones
 *          send nothing), and the plan of algorithms/schedule/sorted_ring.h
 *          gives each id its pre-steps k[id] and each segment j the id sp[j]
 *          that starts it and rp[j] = sp[j]-1 that completes it. Reduce loop,
 *          p steps: id starts at segment id + k[id] and walks down one
 *          segment per step (mod p); at each step it receives the partial
 *          segment from id-1 unless it starts that segment, combines its own
 *          into it, and sends it to id+1: as a partial, or, when it is rp[j],
 *          as the final segment j, at once. Override: the final segments
 *          travel rp[j] -> rp[j]+1 -> ... -> rp[j]-1; the receive of
 *          final j is posted at the rank's own reduce step on j (the final
 *          carries its contribution, so it cannot come earlier), and the
 *          finals are forwarded in arrival order after the loop
 *          (MPI_Waitany). Early processes thus pre-reduce the segments the
 *          late ones would start: with one process late by D >= (p-2) tau,
 *          id 0 starts segments 0..p-2 and the late one only p-1. Equal
 *          arrivals give k = 0: exactly the ring, in sorted order.
 *
 *            p=4, a = (0,0,0,2 tau): k = (2,1,0,0), sp = (0,0,0,3),
 *            rp = (3,3,3,2); reduce loops (R receive, S send, F final):
 *            id0: 2:S 1:S 0:S 3:RS   id1: 2:RS 1:RS 0:RS 3:RS
 *            id2: 2:RS 1:RS 0:RS 3:RF   id3: 3:S 2:RF 1:RF 0:RF
 *
 * tau:     the time to transfer and combine one segment, tau = alpha +
 *          (m/p)(beta + gamma) with gamma = params->gamma and the paper's
 *          testbed for the network: beta = 8e-9 s/byte (1 Gb/s Ethernet) and
 *          alpha = 22 us, what the paper's balanced ring time (Table 3: 67.8
 *          ms for 1M floats at p = 48) leaves per step above the bandwidth
 *          term (65.7 ms over 94 steps). params->model_alpha/model_beta
 *          (papbench --model-alpha/--model-beta), when set, replace them:
 *          the algorithm does not know the platform, and with tau too large
 *          PRR takes fewer pre-steps than it could (it is correct for any
 *          tau).
 * Cost:    balanced, as the ring: 2(p-1) a + 2((p-1)/p) m b + ((p-1)/p) m g.
 *          One process late by D >> p tau: mean elapsed ((p-1)/p) D +
 *          ((3p-1)/2) tau, (p-3)/2 tau less than the ring (derived).
 *          p(2p-2) messages in all, as the ring.
 * Memory:  a vector of scratch (the finals land there while partials of the
 *          same segments may still be in flight), one segment, 2p requests,
 *          the plan (4p ints, p doubles). Forwarding with MPI_Waitany is
 *          O(p) per final: O(p^2) per rank.
 * Simulation cost (docs/performance.md, "Where PRR's simulation time
 *          goes"): every incoming message is matched against the rank's
 *          pending receives, and MPI_Waitany registers with every pending
 *          request; both are O(p) per message, about p^3 in all, on every
 *          SimGrid version (SimGrid 3.32 adds a scan of each actor's list
 *          of communications per message, also O(p) here). Posting a
 *          final's receive at the step that contributes to it (rather than
 *          all p at the start) gives the same simulated times with fewer
 *          pending receives during the reduce loop; fewer still would
 *          start some transfers later.
 * Restrictions: commutative ops only: segments are combined in arrival
 *          order, not rank order (PAPSIM_R_COMMUTATIVE; MPI_ERR_OP here).
 *          Tags 1000..1000+2p-1 (MPI_ERR_TAG beyond the MPI's MPI_TAG_UB).
 */
#include <stdlib.h>

#include "../coll_util.h"
#include "../schedule/sorted_ring.h"
#include "arrival_sorted.h"

static const double PRR_ALPHA = 22e-6; /* seconds, from the paper's Table 3 (above) */
static const double PRR_BETA = 8e-9;   /* seconds per byte: 1 Gb/s */

/* Per-segment tags: the reduce loops consume partials in a fixed order, but
 * finals arrive in whatever order the late processes allow. */
enum { PRR_TAG_BASE = 1000 };
static int partial_tag(int j) { return PRR_TAG_BASE + 2 * j; }
static int final_tag(int j) { return PRR_TAG_BASE + 2 * j + 1; }

/* One rank's place in the sorted ring, its plan and the call's arguments. */
typedef struct {
    void *buf, *finals;
    int count, p, id, prev, next;
    const int *k, *sp, *rp;
    MPI_Datatype type;
    MPI_Aint extent;
    MPI_Op op;
    MPI_Comm comm;
    const papsim_params *params;
} prr_ring;

static void *segment_at(const prr_ring *r, void *base, int j, int *len)
{
    return papsim_block_ptr(base, r->extent, r->count, r->p, j, len);
}

/* The receive of final j, posted at this rank's own reduce step on j
 * (just before its send of j): final j carries this
 * rank's contribution, so prev cannot send it earlier, and the transfer
 * starts when prev sends it, as if every final receive had been posted
 * at the call's start. Posting them all at the start gives the same
 * simulated times but leaves up to p receives pending through the whole
 * reduce loop, and SimGrid matches every incoming message against them
 * (O(p) per message). */
static int prr_post_final_receive(const prr_ring *r, int j, MPI_Request *recv)
{
    int len;
    void *seg = segment_at(r, r->finals, j, &len);
    if (len == 0 || r->rp[j] == r->id)
        return MPI_SUCCESS;
    return MPI_Irecv(seg, len, r->type, r->prev, final_tag(j), r->comm, recv);
}

/* Fig. 7 lines 14-21, corrected: a final segment is sent the moment it is
 * complete. sends[j] is left holding the send of segment j. */
static int prr_reduce_loop(const prr_ring *r, void *tmp, MPI_Request *recvs, MPI_Request *sends)
{
    int rc = MPI_SUCCESS, si = papsim_prr_first_segment(r->k, r->id);
    for (int t = 0; t < r->p && rc == MPI_SUCCESS; t++, si = (si + r->p - 1) % r->p) {
        int len;
        void *seg = segment_at(r, r->buf, si, &len);
        if (len == 0)
            continue;
        if (r->sp[si] != r->id) {
            rc = MPI_Recv(tmp, len, r->type, r->prev, partial_tag(si), r->comm,
                          MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = papsim_combine(tmp, seg, len, r->type, r->op, r->params);
        }
        if (rc == MPI_SUCCESS)
            rc = prr_post_final_receive(r, si, &recvs[si]);
        const int tag = r->rp[si] == r->id ? final_tag(si) : partial_tag(si);
        if (rc == MPI_SUCCESS)
            rc = MPI_Isend(seg, len, r->type, r->next, tag, r->comm, &sends[si]);
    }
    return rc;
}

/* The override chains as a dataflow: each final is passed on as soon as it
 * arrives, except by the chain's last process, rp[j]-1. sends[p + j] is
 * left holding the forward of segment j. */
static int prr_forward_finals(const prr_ring *r, MPI_Request *recvs, MPI_Request *sends)
{
    int rc = MPI_SUCCESS;
    for (;;) {
        int j, len;
        rc = MPI_Waitany(r->p, recvs, &j, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || j == MPI_UNDEFINED)
            break;
        void *seg = segment_at(r, r->finals, j, &len);
        if ((r->rp[j] + r->p - 1) % r->p != r->id)
            rc = MPI_Isend(seg, len, r->type, r->next, final_tag(j), r->comm, &sends[r->p + j]);
        if (rc != MPI_SUCCESS)
            break;
    }
    return rc;
}

/* After every send is done: the received finals into the result. */
static int prr_collect_finals(const prr_ring *r)
{
    int rc = MPI_SUCCESS;
    for (int j = 0; j < r->p && rc == MPI_SUCCESS; j++) {
        int len;
        const void *from = segment_at(r, r->finals, j, &len);
        if (len > 0 && r->rp[j] != r->id)
            rc = papsim_local_copy(from, segment_at(r, r->buf, j, &len), len, r->type);
    }
    return rc;
}

/* Sorted order, this rank's id and neighbours, and the plan. */
static int prr_setup(prr_ring *r, int rank, int *order, double *a_sorted, int *k, int *sp,
                     int *rp, double bytes)
{
    int rc = papsim_sorted_ranks(r->params, r->p, order, a_sorted);
    if (rc != MPI_SUCCESS)
        return rc;
    const papsim_params *q = r->params;
    const double alpha = q && q->model_alpha > 0 ? q->model_alpha : PRR_ALPHA;
    const double beta = q && q->model_beta > 0 ? q->model_beta : PRR_BETA;
    const double tau = alpha + bytes / r->p * (beta + (q ? q->gamma : 0.0));
    papsim_prr_plan(r->p, a_sorted, tau, k, sp, rp);
    for (int id = 0; id < r->p; id++)
        if (order[id] == rank)
            r->id = id;
    r->prev = order[(r->id + r->p - 1) % r->p];
    r->next = order[(r->id + 1) % r->p];
    r->k = k;
    r->sp = sp;
    r->rp = rp;
    return MPI_SUCCESS;
}

static int tags_fit(MPI_Comm comm, int p)
{
    int *ub = NULL, flag = 0;
    MPI_Comm_get_attr(comm, MPI_TAG_UB, &ub, &flag);
    return !flag || !ub || final_tag(p - 1) <= *ub;
}

int papsim_allreduce_prr(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, const papsim_params *params)
{
    int rc, type_size;
    papsim_call c;
    int *ints = NULL;
    double *a_sorted = NULL;
    MPI_Request *reqs = NULL;
    void *tmp_free = NULL, *tmp = NULL, *fin_free = NULL;
    prr_ring r = {recvbuf, NULL, count, 0, 0, 0, 0, NULL, NULL, NULL, datatype, 0, op, comm,
                  params};

    rc = papsim_allreduce_begin(sendbuf, recvbuf, count, datatype, op, comm, params,
                                PAPSIM_FLAGS_allreduce_prr, &c);
    if (rc == MPI_SUCCESS && count > 0 && !tags_fit(comm, c.p))
        return MPI_ERR_TAG; /* p tags per direction beyond MPI_TAG_UB: nothing sent */
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;
    r.extent = c.extent;
    MPI_Type_size(datatype, &type_size);

    r.p = p;
    ints = malloc(4 * (size_t)p * sizeof *ints); /* order, k, sp, rp */
    a_sorted = malloc((size_t)p * sizeof *a_sorted);
    reqs = malloc(3 * (size_t)p * sizeof *reqs); /* final receives, then 2p sends */
    if (!ints || !a_sorted || !reqs) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }
    for (int i = 0; i < 3 * p; i++)
        reqs[i] = MPI_REQUEST_NULL;
    rc = prr_setup(&r, rank, ints, a_sorted, ints + p, ints + 2 * p, ints + 3 * p,
                   (double)count * type_size);
    PAPSIM_CHECK(rc);
    rc = papsim_scratch_alloc(count, datatype, &fin_free, &r.finals);
    PAPSIM_CHECK(rc);
    rc = papsim_scratch_alloc(count / p + 1, datatype, &tmp_free, &tmp);
    PAPSIM_CHECK(rc);

    rc = prr_reduce_loop(&r, tmp, reqs, reqs + p);
    PAPSIM_CHECK(rc);
    rc = prr_forward_finals(&r, reqs, reqs + p);
    PAPSIM_CHECK(rc);
    rc = papsim_waitall(2 * p, reqs + p);
    PAPSIM_CHECK(rc);
    rc = prr_collect_finals(&r);
out:
    papsim_data_free(tmp_free);
    papsim_data_free(fin_free);
    free(reqs);
    free(a_sorted);
    free(ints);
    return rc;
}
