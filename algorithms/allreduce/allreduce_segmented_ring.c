/* Allreduce: segmented ring (ring reduce-scatter in phases of segments,
 * then ring allgather).
 *
 * Paper:   Open MPI's coll/base "ring_segmented" (Proficz, J. Supercomputing
 *          2018, Table 1 [4]: "a ring with an extra level of segmentation for
 *          pipelining"), SMPI
 *          "ompi_ring_segmented"; the ring is Patarasuk and Yuan,
 *          JPDC 2009.
 * Pattern: the vector is cut into p blocks (the first count mod p one element
 *          longer) and every block into F pieces (the first ones one element
 *          longer). F, the number of phases, comes from the segment size S =
 *          params->segment_bytes (default 1 MiB, the size Open MPI's fixed
 *          rules used before 4.0 and SMPI's port keeps): with s = S / type
 *          size elements, F = floor(count / (p s)), plus one when the rest is
 *          at least p and more than p s / 2, and at least 1. Reduce-scatter,
 *          phase f = 0..F-1, a ring over piece f of every block: at step
 *          k = 0..p-2 rank r sends piece f of block (r-k) mod p to r+1,
 *          receives piece f of block (r-k-1) mod p from r-1 (posted one step
 *          ahead) and combines it. Then r owns block (r+1) mod p, and the
 *          allgather is the ring's, whole blocks: at step k rank r sends block
 *          (r+1-k) mod p to r+1 and receives block (r-k) mod p. With F = 1
 *          (count < p s) this is the ring, where Open MPI switches to its
 *          ring too. Empty pieces and blocks (count < p) send no message.
 *
 *            p=3, F=2     phase 0: pieces 0 of blocks r, r-1 go round
 *                         phase 1: pieces 1 of blocks r, r-1 go round
 *                         allgather: blocks r+1, r go round whole
 *
 * Cost:    (F+1)(p-1) alpha + 2((p-1)/p) m beta + ((p-1)/p) m gamma.
 * Memory:  two pieces of scratch (m/(pF) each).
 * Restrictions: commutative ops only (pieces are combined in ring order):
 *          PAPSIM_R_COMMUTATIVE, MPI_ERR_OP here.
 */
#include "allreduce_ring_util.h"

/* Open MPI's segment size for ring_segmented. */
#define SEGMENTED_RING_DEFAULT_BYTES ((MPI_Aint)1 << 20)

/* Where piece `phase` of block `block` lies: first element and length. */
typedef struct {
    int count, p, phases;
} ring_layout;

static void piece_of(const ring_layout *L, int block, int phase, MPI_Aint *first, int *len)
{
    const int block_len = papsim_block_len(L->count, L->p, block);
    *len = papsim_block_len(block_len, L->phases, phase);
    *first = (MPI_Aint)(papsim_block_first(L->count, L->p, block) +
                        papsim_block_first(block_len, L->phases, phase));
}

/* Open MPI's phase count: whole rounds of p segments, plus one for a rest
 * that is more than half a round (and at least one element per rank). */
static int phase_count(int count, int p, int segcount)
{
    const long long round = (long long)p * segcount;
    long long phases = count / round;
    const long long rest = count % round;
    if (rest >= p && rest > round / 2)
        phases++;
    return phases > 0 ? (int)phases : 1;
}

/* One phase of the reduce-scatter: piece `phase` of every block travels
 * once around the ring. The receive of step k is posted before finishing
 * step k-1, so a neighbour's send always finds it (two buffers). */
static int reduce_scatter_phase(const ring_layout *L, int phase, void *buf, void *inbuf[2],
                                MPI_Datatype type, MPI_Aint extent, MPI_Op op, MPI_Comm comm,
                                int rank, const papsim_params *params)
{
    const int p = L->p, right = (rank + 1) % p, left = (rank - 1 + p) % p;
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Aint first;
    int rc, len, cur = 0;

    piece_of(L, left, phase, &first, &len); /* step 0 receives block r-1 */
    rc = len ? MPI_Irecv(inbuf[cur], len, type, left, PAPSIM_TAG_ALLREDUCE_RS, comm, &req[cur])
             : MPI_SUCCESS;
    piece_of(L, rank, phase, &first, &len); /* step 0 sends block r */
    if (rc == MPI_SUCCESS && len)
        rc = MPI_Send(papsim_offset(buf, first, extent), len, type, right,
                      PAPSIM_TAG_ALLREDUCE_RS, comm);
    for (int k = 1; k < p - 1 && rc == MPI_SUCCESS; k++) {
        /* Post step k's receive (block r-k-1), then finish step k-1: combine
         * block r-k and send it on as step k's message. */
        cur ^= 1;
        piece_of(L, (rank - k - 1 + 2 * p) % p, phase, &first, &len);
        if (len)
            rc = MPI_Irecv(inbuf[cur], len, type, left, PAPSIM_TAG_ALLREDUCE_RS, comm, &req[cur]);
        if (rc == MPI_SUCCESS)
            rc = papsim_waitall(1, &req[cur ^ 1]);
        piece_of(L, (rank - k + p) % p, phase, &first, &len);
        if (rc == MPI_SUCCESS && len)
            rc = papsim_combine(inbuf[cur ^ 1], papsim_offset(buf, first, extent), len, type, op,
                                params);
        if (rc == MPI_SUCCESS && len)
            rc = MPI_Send(papsim_offset(buf, first, extent), len, type, right,
                          PAPSIM_TAG_ALLREDUCE_RS, comm);
    }
    /* The last receive completes block r+1, which this rank now owns. */
    if (rc == MPI_SUCCESS)
        rc = papsim_waitall(1, &req[cur]);
    piece_of(L, right, phase, &first, &len);
    if (rc == MPI_SUCCESS && len)
        rc = papsim_combine(inbuf[cur], papsim_offset(buf, first, extent), len, type, op, params);
    return rc;
}

int papsim_allreduce_segmented_ring(const void *sendbuf, void *recvbuf, int count,
                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                    const papsim_params *params)
{
    int rc;
    papsim_call c;
    void *in_free[2] = {NULL, NULL}, *inbuf[2] = {NULL, NULL};

    rc = papsim_allreduce_begin(sendbuf, recvbuf, count, datatype, op, comm, params,
                                PAPSIM_FLAGS_allreduce_segmented_ring, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p;
    const MPI_Aint extent = c.extent;

    const int segcount = papsim_segcount(params, SEGMENTED_RING_DEFAULT_BYTES, count, datatype);
    const ring_layout L = {count, p, phase_count(count, p, segcount)};
    MPI_Aint first;
    int largest; /* piece 0 of block 0 is the longest piece */
    piece_of(&L, 0, 0, &first, &largest);
    for (int b = 0; b < 2; b++) {
        rc = papsim_scratch_alloc(largest, datatype, &in_free[b], &inbuf[b]);
        PAPSIM_CHECK(rc);
    }
    for (int phase = 0; phase < L.phases; phase++) {
        rc = reduce_scatter_phase(&L, phase, recvbuf, inbuf, datatype, extent, op, comm, rank,
                                  params);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_ring_allgather_blocks(recvbuf, count, datatype, extent, comm, rank, p);
out:
    papsim_data_free(in_free[0]);
    papsim_data_free(in_free[1]);
    return rc;
}
