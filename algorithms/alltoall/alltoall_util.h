/* Helpers shared by the alltoall algorithms (algorithms/alltoall/): the
 * block layout of MPI_Alltoall's two buffers, the copy of a rank's own
 * block, and the staging of MPI_IN_PLACE input.
 *
 * Every alltoall algorithm supports MPI_IN_PLACE the same way: the p input
 * blocks, which then live in recvbuf, are first copied to a scratch buffer of
 * p blocks that plays sendbuf (as SMPI's MPI_Alltoall does for its built-ins),
 * and the algorithm's pattern runs unchanged. The copy is local, so it costs
 * no simulated time; under a real MPI it costs one memcpy of p m bytes. */
#ifndef PAPSIM_ALLTOALL_UTIL_H
#define PAPSIM_ALLTOALL_UTIL_H

#include "../coll_util.h"

/* The two sides of an alltoall: block i of the send side goes to rank i,
 * block i of the receive side comes from rank i. */
typedef struct {
    const void *send;        /* sendbuf, or the staged copy of recvbuf in place */
    int scount;
    MPI_Datatype stype;
    MPI_Aint sblock;         /* bytes between two send blocks (scount x extent) */
    void *recv;
    int rcount;
    MPI_Datatype rtype;
    MPI_Aint rblock;         /* bytes between two receive blocks */
    void *staged_free;       /* the in-place staging buffer, to free; else NULL */
} papsim_a2a_layout;

/* The uniform preamble of an alltoall: the argument checks (their code
 * returned, the same on every rank, before anything is sent), rank and
 * size into *c, papsim_a2a_layout_init and the copy of the own block
 * (papsim_a2a_copy_own); c->done when p == 1 or a block holds no
 * bytes. L is
 * always safe to free with papsim_a2a_layout_free afterwards. */
int papsim_alltoall_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                          const papsim_params *params, unsigned flags, papsim_call *c,
                          papsim_a2a_layout *L);

/* Fills the layout from MPI_Alltoall's arguments. With sendbuf ==
 * MPI_IN_PLACE it copies recvbuf's p blocks to a scratch buffer and sends
 * from there. Returns an MPI error code (MPI_ERR_NO_MEM if the scratch
 * buffer cannot be had); free the layout with papsim_a2a_layout_free. */
int papsim_a2a_layout_init(papsim_a2a_layout *L, const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int p);
void papsim_a2a_layout_free(papsim_a2a_layout *L);

/* Where the block for rank i starts on the send side, and where the block
 * from rank i lands on the receive side. */
static inline const void *papsim_a2a_send_block(const papsim_a2a_layout *L, int i)
{
    return papsim_offset_const(L->send, i, L->sblock);
}

static inline void *papsim_a2a_recv_block(const papsim_a2a_layout *L, int i)
{
    return papsim_offset(L->recv, i, L->rblock);
}

/* The rank's own block: send block `rank` into receive block `rank`, a
 * local copy (no message). */
int papsim_a2a_copy_own(const papsim_a2a_layout *L, int rank);

#endif
