/* Barrier: tree (Open MPI 4.1 "tree", tuned barrier algorithm 6).
 *
 * Paper:   the tournament/tree barrier of Hensgen, Finkel and Manber, "Two
 *          algorithms for barrier synchronization", IJPP 17(1), 1988,
 *          Sec. 4, as a binomial tree; Open MPI's coll_base "tree" barrier.
 * Pattern: D = 2^ceil(log2 p). Fan-in: for jump = 1, 2, .., D/2 the rank
 *          r = partner xor jump whose low bits below jump are 0 pairs with
 *          partner = r xor jump (if partner < p); the higher of the two sends
 *          an empty message to the lower one. Rank 0 has then heard from
 *          all. Fan-out: the same pairs in the reverse order (jump = D/2
 *          .. 1), the lower rank sending.
 *
 *            p=4   in: 1->0 3->2 | 2->0     out: 0->2 | 0->1 2->3
 *
 * Cost:    at most 2 ceil(log2 p) alpha on the path through rank 0, less
 *          where subtrees overlap (7.04 empty messages at p = 13 on a
 *          crossbar against 8). The same pattern as SMPI's "ompi_tree".
 * Memory:  none.
 * Restrictions: none (any p).
 */
#include "coll_more.h"

int papsim_barrier_tree(MPI_Comm comm, const papsim_params *params)
{
    int rc = MPI_SUCCESS, rank, p;

    const int arg_rc = papsim_check_barrier_args(comm, params, PAPSIM_FLAGS_barrier_tree);
    if (arg_rc != MPI_SUCCESS)
        return arg_rc; /* the same code on every rank, nothing sent */
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int depth = 1;
    while (depth < p)
        depth <<= 1;
    for (int jump = 1; jump < depth; jump <<= 1) { /* fan-in to rank 0 */
        const int partner = rank ^ jump;
        if ((partner & (jump - 1)) || partner >= p)
            continue;
        rc = partner > rank ? papsim_barrier_recv(partner, comm) : papsim_barrier_send(partner, comm);
        PAPSIM_CHECK(rc);
    }
    for (int jump = depth >> 1; jump > 0; jump >>= 1) { /* fan-out from rank 0 */
        const int partner = rank ^ jump;
        if ((partner & (jump - 1)) || partner >= p)
            continue;
        rc = partner > rank ? papsim_barrier_send(partner, comm) : papsim_barrier_recv(partner, comm);
        PAPSIM_CHECK(rc);
    }
out:
    return rc;
}
