/* Helpers of the rooted data movers gather, scatter, gatherv and scatterv:
 * their tags, their argument checks (in coll_util.h's order and error
 * classes, listed in papsim_algorithms.h) and the in-order binomial tree
 * they share. Their restriction flags are coll_util.h's. */
#ifndef PAPSIM_COLL_GS_H
#define PAPSIM_COLL_GS_H

#include "coll_util.h"

/* Non-negative tags, one per collective, apart from the other helpers'. */
enum {
    PAPSIM_TAG_GATHER = 600,
    PAPSIM_TAG_SCATTER = 610,
    PAPSIM_TAG_GATHERV = 620,
    PAPSIM_TAG_SCATTERV = 630,
};

/* The checks of a rooted data mover, in this order: the communicator and
 * its size (MPI_ERR_COMM, MPI_ERR_SIZE); MPI_IN_PLACE anywhere but at the
 * root (MPI_ERR_BUFFER); the counts (MPI_ERR_COUNT); the datatypes
 * (MPI_ERR_TYPE); the root (MPI_ERR_ROOT); the knobs (MPI_ERR_ARG).
 * `own` is this rank's side (its count and type; with in_place set, none),
 * `at_root` the root's other side, read at the root only (MPI reads it
 * nowhere else), with, for the v forms, `counts` and `displs` (non-NULL,
 * else MPI_ERR_ARG; every count >= 0, else MPI_ERR_COUNT). On success
 * c->rank, c->p and c->extent (of the root-side datatype at the root, of
 * the own datatype elsewhere) are set. */
typedef struct {
    int in_place;              /* this rank passed MPI_IN_PLACE for its own buffer */
    int own_count;             /* sendcount (gather), recvcount (scatter) */
    MPI_Datatype own_type;
    int root_count;            /* the root's recvcount (gather) / sendcount (scatter) */
    const int *counts, *displs; /* the v forms: the root's vectors, else NULL */
    MPI_Datatype root_type;
} papsim_gs_args;
int papsim_gs_begin(const papsim_gs_args *a, int vector, int root, MPI_Comm comm,
                    const papsim_params *params, unsigned flags, papsim_call *c);

/* Open MPI's in-order binomial tree rooted at `root`, in virtual ranks
 * v = (rank - root) mod p: the parent of v > 0 is v minus its lowest set
 * bit; its children are v + 1, v + 2, v + 4, .. below that bit and below
 * p, in that order, and the subtree of v holds v .. v + span - 1. */
static inline int papsim_gs_span(int v, int p)
{
    int low = 1;
    while (low < p && !(v & low))
        low <<= 1;
    if (v == 0)
        return p;
    return low < p - v ? low : p - v;
}

#endif
