/* Reduce: radix-k (direct-send reduce-scatter in groups, then a gather).
 *
 * Paper:   the "Radix-k" baseline of Marendic et al. (J. Supercomput.
 *          72, 2016, Sec. 5.5.4), after Peterka et al., "A configurable algorithm for
 *          parallel image-compositing applications", SC'09, and Kendall et
 *          al., EGPGV'10. The radix vector k = [k_1 .. k_r] has product p
 *          (params->radix; default algorithms/schedule/radix_vector.h:
 *          fours, a last eight for an odd power of two, then odd primes:
 *          128 -> 4x4x8, the paper's best vector).
 * Pattern: the vector is cut into p blocks (the first count mod p one
 *          element longer). Reduce-scatter, rounds j = 1..r: the members of
 *          a group are s_j = k_1 .. k_{j-1} ranks apart (nearest neighbours
 *          in round 1), k_j of them; a rank's index in its group is its
 *          digit t_j = (rank / s_j) mod k_j. The group's current slice (the
 *          blocks its members share after round j-1) is cut into k_j equal
 *          pieces of blocks; member t keeps piece t: it sends piece u to
 *          member u and receives its own piece from the k_j - 1 others
 *          (direct send, all messages in flight at once), then combines them
 *          into its copy. After round r rank v holds block
 *          sum_j t_j(v) p / (k_1 .. k_j), fully reduced (the digit reversal
 *          of v). Gather, rounds j = r..1 (the reverse): in each group the
 *          members whose later digits match the root's hand their pieces to
 *          the member with the root's digit t_j(root) along a binomial tree
 *          on the index relative to it (at distance 1, 2, 4, ..; pieces that
 *          wrap past index k_j - 1 travel as two messages); the root ends
 *          with every block. Empty pieces send no message.
 *
 *            p=8, k=[2,4], root 0    RS j=1 (s=1): {0,1} {2,3} {4,5} {6,7}: halves
 *                                    RS j=2 (s=2): {0,2,4,6} {1,3,5,7}: quarters
 *                                                  of the half, 3 sends each
 *                                    G  j=2: in {0,2,4,6}: 2->0 6->4, then 4->0
 *                                            (likewise 3->1 7->5, 5->1)
 *                                    G  j=1: 1->0 (half a vector)
 *
 *          With k = [2, .., 2] this is `butterfly` message for message (the
 *          paper: "becomes equivalent to Butterfly"): the same partners
 *          and sizes at every step, so the same simulated time on any
 *          platform (cli.radix_two_tree).
 * Order:   the members of a group hold, in member order, partial results
 *          of consecutive rank ranges, so combining the pieces of members
 *          below this one as left operands and those above as right
 *          operands reduces in rank order: non-commutative ops are exact
 *          (Marendic et al. 2016, Table 3: "yes"), and the gather does not combine.
 * Cost:    (sum_j (k_j - 1) + sum_j ceil(log2 k_j)) alpha
 *          + ((p-1)/p) m (2 beta + gamma) with one message at a time; seed
 *          000's Table 3 writes n = log2 p for the second sum (equal when
 *          every k_j is a power of two). The k_j - 1 sends of a round share
 *          the link at once, which overlaps their latencies in SMPI.
 * Memory:  one scratch vector (not at the root), (k_1 - 1) / k_1 of a
 *          vector for the received pieces at most, 2 (max k_j - 1) requests.
 * Restrictions: the product of the radix vector must be p (papbench and
 *          papsim refuse another vector, naming it and p; MPI_ERR_ARG here).
 *          Any p is accepted: a prime factor q becomes one round of direct
 *          send in groups of q (q - 1 messages per rank), so a prime p is a
 *          single direct-send round.
 */
#include <stdlib.h>

#include "../schedule/radix_vector.h"
#include "reduce_util.h"

/* Where this rank stands in one round. */
typedef struct {
    int stride; /* s_j: distance between the members of a group */
    int k;      /* k_j: members */
    int digit;  /* t_j: this rank's index in its group */
    int low;    /* first block of the group's slice */
    int width;  /* blocks per piece: the slice's blocks / k */
} radix_round;

/* Element offset and length of pieces [a, b) of round `rd`'s slice. */
static void pieces_span(const radix_round *rd, int count, int p, int a, int b, MPI_Aint *first,
                        int *len)
{
    *first = (MPI_Aint)papsim_block_first(count, p, rd->low + a * rd->width);
    *len = papsim_blocks_len(count, p, rd->low + a * rd->width, rd->low + b * rd->width);
}

/* The rank of member u of this rank's group in round rd. */
static int member_rank(const radix_round *rd, int rank, int u)
{
    return rank + (u - rd->digit) * rd->stride;
}

/* Fills the rounds of this rank for the vector k (product p); returns the
 * largest number of elements one round receives into scratch. */
static MPI_Aint plan_rounds(const int *k, int r, int rank, int count, int p, radix_round *rounds)
{
    int stride = 1, low = 0, blocks = p;
    MPI_Aint most = 0, block_max = count / p + (count % p != 0);
    for (int j = 0; j < r; j++) {
        radix_round *rd = &rounds[j];
        rd->stride = stride;
        rd->k = k[j];
        rd->digit = (rank / stride) % k[j];
        rd->low = low;
        rd->width = blocks / k[j];
        const MPI_Aint need = (MPI_Aint)(k[j] - 1) * rd->width * block_max;
        most = need > most ? need : most;
        low += rd->digit * rd->width;
        blocks = rd->width;
        stride *= k[j];
    }
    return most;
}

/* One reduce-scatter round: every other member's copy of this rank's piece
 * arrives in `pieces` (slot u, or u - 1 above the own digit) while this
 * rank sends each member its piece; then they are folded in member order. */
static int scatter_round(const radix_round *rd, void *work, void *pieces, MPI_Request *req,
                         int count, MPI_Datatype type, MPI_Op op, int commutative, int rank,
                         int p, MPI_Comm comm, const papsim_params *params)
{
    int rc = MPI_SUCCESS, n = 0, mine_len;
    MPI_Aint lb, extent, mine_first;
    MPI_Type_get_extent(type, &lb, &extent);
    pieces_span(rd, count, p, rd->digit, rd->digit + 1, &mine_first, &mine_len);
    void *mine = papsim_offset(work, mine_first, extent);
    if (mine_len > 0)
        for (int u = 0; u < rd->k; u++) {
            if (u == rd->digit)
                continue;
            const int slot = u < rd->digit ? u : u - 1;
            rc = MPI_Irecv(papsim_offset(pieces, (MPI_Aint)slot * mine_len, extent), mine_len,
                           type, member_rank(rd, rank, u), PAPSIM_TAG_REDUCE, comm, &req[n++]);
            PAPSIM_CHECK(rc);
        }
    /* Sends start with the next member up, so the members of a group do not
     * all send to member 0 first. */
    for (int s = 1; s < rd->k; s++) {
        const int u = (rd->digit + s) % rd->k;
        MPI_Aint first;
        int len;
        pieces_span(rd, count, p, u, u + 1, &first, &len);
        if (len == 0)
            continue;
        rc = MPI_Isend(papsim_offset(work, first, extent), len, type, member_rank(rd, rank, u),
                       PAPSIM_TAG_REDUCE, comm, &req[n++]);
        PAPSIM_CHECK(rc);
    }
    rc = papsim_waitall(n, req);
    PAPSIM_CHECK(rc);
    if (mine_len == 0)
        goto out;
    /* Members below are left operands, nearest first; members above are
     * right operands, nearest first: v(0) op .. op v(k-1) in rank order. */
    for (int u = rd->digit - 1; u >= 0; u--) {
        rc = papsim_reduce_combine_ordered(papsim_offset(pieces, (MPI_Aint)u * mine_len, extent),
                                           mine, mine_len, type, op, commutative, 1, params);
        PAPSIM_CHECK(rc);
    }
    for (int u = rd->digit + 1; u < rd->k; u++) {
        rc = papsim_reduce_combine_ordered(
            papsim_offset(pieces, (MPI_Aint)(u - 1) * mine_len, extent), mine, mine_len, type,
            op, commutative, 0, params);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}

/* Sends (to_rank >= 0) or receives (from the rank `peer`) the pieces with
 * relative indices [a, b) of round rd, relative to the root's digit: one
 * message, or two when the range wraps past index k - 1. */
static int move_pieces(const radix_round *rd, int root_digit, int a, int b, void *work,
                       int count, MPI_Datatype type, int p, int peer, int sending, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, start = (root_digit + a) % rd->k;
    int spans[2][2] = {{start, start + (b - a)}, {0, 0}};
    MPI_Aint lb, extent;
    MPI_Type_get_extent(type, &lb, &extent);
    if (spans[0][1] > rd->k) { /* wraps: [start, k) and [0, rest) */
        spans[1][1] = spans[0][1] - rd->k;
        spans[0][1] = rd->k;
    }
    for (int i = 0; i < 2; i++) {
        MPI_Aint first;
        int len;
        if (spans[i][1] == spans[i][0])
            continue;
        pieces_span(rd, count, p, spans[i][0], spans[i][1], &first, &len);
        if (len == 0)
            continue;
        if (sending)
            rc = MPI_Send(papsim_offset(work, first, extent), len, type, peer, PAPSIM_TAG_REDUCE,
                          comm);
        else
            rc = MPI_Recv(papsim_offset(work, first, extent), len, type, peer, PAPSIM_TAG_REDUCE,
                          comm, MPI_STATUS_IGNORE);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}

/* One gather round: a binomial tree on the member index relative to the
 * root's digit. Sets *done once this rank has handed its pieces over. */
static int gather_round(const radix_round *rd, int root_digit, void *work, int count,
                        MPI_Datatype type, int rank, int p, MPI_Comm comm, int *done)
{
    int rc = MPI_SUCCESS;
    const int v = (rd->digit - root_digit + rd->k) % rd->k;
    for (int d = 1; d < rd->k; d *= 2) {
        if (v % (2 * d) == d) {
            const int to = member_rank(rd, rank, (root_digit + v - d) % rd->k);
            const int end = v + d < rd->k ? v + d : rd->k;
            *done = 1;
            return move_pieces(rd, root_digit, v, end, work, count, type, p, to, 1, comm);
        }
        if (v + d < rd->k) {
            const int from = member_rank(rd, rank, (root_digit + v + d) % rd->k);
            const int end = v + 2 * d < rd->k ? v + 2 * d : rd->k;
            rc = move_pieces(rd, root_digit, v + d, end, work, count, type, p, from, 0, comm);
            PAPSIM_CHECK(rc);
        }
    }
out:
    return rc;
}

int papsim_reduce_radix_k(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm, const papsim_params *params)
{
    int r, k[PAPSIM_RADIX_MAX], kmax = 1;
    papsim_call c;
    void *work_free = NULL, *work = NULL, *pieces_free = NULL, *pieces = NULL;
    MPI_Request *req = NULL;
    radix_round rounds[PAPSIM_RADIX_MAX];
    char why[256];

    int rc = papsim_reduce_begin(count, datatype, op, root, comm, params,
                                 PAPSIM_FLAGS_reduce_radix_k, &c);
    if (rc != MPI_SUCCESS || c.done)
        return rc;
    const int rank = c.rank, p = c.p, commutative = c.commutative;
    if (params && params->radix_len > 0) {
        if (params->radix_len > PAPSIM_RADIX_MAX)
            return MPI_ERR_ARG;
        r = params->radix_len;
        for (int j = 0; j < r; j++)
            k[j] = params->radix[j];
    } else {
        r = papsim_radix_default(p, k);
    }
    for (int j = 0; j < r; j++) {
        if (k[j] < 2)
            return MPI_ERR_ARG;
        kmax = k[j] > kmax ? k[j] : kmax;
    }
    if (papsim_radix_check_np(k, r, p, why, sizeof why) != 0)
        return MPI_ERR_ARG; /* refused earlier by papbench and papsim */

    rc = papsim_reduce_work_buffer(sendbuf, recvbuf, count, datatype, rank == root, &work_free,
                                   &work);
    PAPSIM_CHECK(rc);
    if (p == 1)
        goto out;
    const MPI_Aint most = plan_rounds(k, r, rank, count, p, rounds);
    rc = papsim_scratch_alloc(most > 0 ? most : 1, datatype, &pieces_free, &pieces);
    PAPSIM_CHECK(rc);
    req = malloc(2 * (size_t)(kmax - 1) * sizeof *req);
    if (!req) {
        rc = MPI_ERR_NO_MEM;
        goto out;
    }

    for (int j = 0; j < r; j++) {
        rc = scatter_round(&rounds[j], work, pieces, req, count, datatype, op, commutative, rank,
                           p, comm, params);
        PAPSIM_CHECK(rc);
    }
    /* Gather in reverse: only ranks whose later digits match the root's are
     * still holding pieces, and each stops once it has sent. */
    int done = 0;
    for (int j = r - 1; j >= 0 && !done; j--) {
        const int root_digit = (root / rounds[j].stride) % k[j];
        rc = gather_round(&rounds[j], root_digit, work, count, datatype, rank, p, comm, &done);
        PAPSIM_CHECK(rc);
    }
out:
    papsim_data_free(work_free);
    papsim_data_free(pieces_free);
    free(req);
    return rc;
}
