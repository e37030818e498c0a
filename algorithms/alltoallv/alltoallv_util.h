/* Helpers shared by the alltoallv algorithms (algorithms/alltoallv/): their
 * tag, the argument checks, the layout of MPI_Alltoallv's two buffers and
 * the staging of MPI_IN_PLACE input (restriction flags: coll_util.h).
 *
 * MPI_IN_PLACE (MPI-2.2): the data for rank j is in recvbuf at rdispls[j],
 * recvcounts[j] elements of recvtype. Every algorithm first copies those p
 * blocks, packed, to a scratch buffer that then plays sendbuf with
 * recvcounts as its counts, and runs its pattern unchanged (as the alltoall
 * algorithms do, alltoall_util.h). The copy is local: no simulated time,
 * one memcpy of the rank's receive volume under a real MPI. */
#ifndef PAPSIM_ALLTOALLV_UTIL_H
#define PAPSIM_ALLTOALLV_UTIL_H

#include "../coll_util.h"

/* The one tag of the alltoallv algorithms. */
enum { PAPSIM_TAG_ALLTOALLV = 130 };

/* The argument checks, in papsim_algorithms.h's order: the communicator and
 * its size against flags (MPI_ERR_COMM, MPI_ERR_SIZE); sendcounts and
 * sdispls (unless sendbuf is MPI_IN_PLACE), recvcounts and rdispls
 * non-NULL (MPI_ERR_ARG); every count >= 0 (MPI_ERR_COUNT); the datatypes
 * (MPI_ERR_TYPE; sendtype not read in place); the knobs (MPI_ERR_ARG). */
int papsim_check_alltoallv_args(const void *sendbuf, const int *sendcounts, const int *sdispls,
                                MPI_Datatype sendtype, const int *recvcounts, const int *rdispls,
                                MPI_Datatype recvtype, MPI_Comm comm,
                                const papsim_params *params, unsigned flags);

/* The two sides of an alltoallv: block j of the send side goes to rank j,
 * block j of the receive side comes from rank j. */
typedef struct {
    const void *send;     /* sendbuf, or the staged copy of recvbuf in place */
    const int *scounts;   /* sendcounts, or recvcounts in place */
    const int *sdispls;   /* sdispls, or the packed offsets of the staged copy */
    MPI_Datatype stype;
    MPI_Aint sext;
    void *recv;
    const int *rcounts;
    const int *rdispls;
    MPI_Datatype rtype;
    MPI_Aint rext;
    int *staged_displs;   /* in place: the packed offsets, to free; else NULL */
    void *staged_free;    /* in place: the staging buffer, to free; else NULL */
} papsim_a2av_layout;

/* The uniform preamble: the checks above (their code returned before
 * anything is sent), rank and size into *c, the layout (staging the input
 * in place) and the local copy of the own block; c->done when p == 1. L is
 * always safe to free with papsim_a2av_layout_free afterwards. */
int papsim_alltoallv_begin(const void *sendbuf, const int *sendcounts, const int *sdispls,
                           MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                           const int *rdispls, MPI_Datatype recvtype, MPI_Comm comm,
                           const papsim_params *params, unsigned flags, papsim_call *c,
                           papsim_a2av_layout *L);
void papsim_a2av_layout_free(papsim_a2av_layout *L);

/* Where the block for rank j starts on the send side, and where the block
 * from rank j lands on the receive side. */
static inline const void *papsim_a2av_send_block(const papsim_a2av_layout *L, int j)
{
    return papsim_offset_const(L->send, L->sdispls[j], L->sext);
}

static inline void *papsim_a2av_recv_block(const papsim_a2av_layout *L, int j)
{
    return papsim_offset(L->recv, L->rdispls[j], L->rext);
}

#endif
