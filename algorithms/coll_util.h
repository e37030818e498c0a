/* Helpers shared by the algorithm files: the uniform preamble (argument
 * checks, rank, size, extent and the trivial exits), error checks, tags,
 * scratch and work buffers, local copies, exchanges that skip empty
 * pieces and the charged combine. How vectors are cut is in
 * coll_blocks.h, the tree shapes in coll_tree.h (both MPI-free). */
#ifndef PAPSIM_COLL_UTIL_H
#define PAPSIM_COLL_UTIL_H

#include <mpi.h>

#include "coll_blocks.h"
#include "papsim_algorithms.h"
#include "papsim_helpers.h"

#include "coll_private_malloc.h"

/* The restriction flags of every algorithm, from registry.def:
 * PAPSIM_FLAGS_<collective>_<name>. Each function passes its own to the
 * checks below, so the registry (which papbench and papsim read) and the
 * function's own refusal cannot disagree. */
enum {
#define PAPSIM_ALG(coll, name, flags, ...) PAPSIM_FLAGS_##coll##_##name = (flags),
#include "registry.def"
};

/* The argument checks every algorithm makes before anything else, in this
 * order, returning the first failure (the classes are listed in
 * papsim_algorithms.h): the communicator (MPI_ERR_COMM) and its size
 * against the PAPSIM_R_* flags (MPI_ERR_SIZE), counts (MPI_ERR_COUNT), the
 * datatype (MPI_ERR_TYPE), the root (MPI_ERR_ROOT), the op (MPI_ERR_OP)
 * and the knobs (papsim_check_params, MPI_ERR_ARG). They read only what
 * MPI requires to agree on every rank, so every rank returns the same code
 * without a message. */
int papsim_check_reduce_args(int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                             const papsim_params *params, unsigned flags);
int papsim_check_allreduce_args(int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                const papsim_params *params, unsigned flags);
int papsim_check_bcast_args(int count, MPI_Datatype type, int root, MPI_Comm comm,
                            const papsim_params *params, unsigned flags);
/* Allgather and alltoall: sendcount is not checked with MPI_IN_PLACE. */
int papsim_check_gather_args(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                             const papsim_params *params, unsigned flags);
/* Allgatherv: recvcounts and displs non-NULL (MPI_ERR_ARG), every
 * recvcounts[i] >= 0 (MPI_ERR_COUNT). */
int papsim_check_gatherv_args(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              const int *recvcounts, const int *displs, MPI_Datatype recvtype,
                              MPI_Comm comm, const papsim_params *params, unsigned flags);

/* What the preamble of every algorithm establishes (papsim_*_begin). */
typedef struct {
    int rank, p;
    MPI_Aint extent;  /* of the datatype (the receive datatype for allgather(v), alltoall) */
    int commutative;  /* MPI_Op_commutative of the op (reduce, allreduce; else 1) */
    int done;         /* the call has nothing to send (see each begin) */
} papsim_call;

/* Rank, size and extent of a call whose arguments passed their checks
 * (commutative 1, done 0): the start of every papsim_*_begin. */
void papsim_call_init(MPI_Comm comm, MPI_Datatype type, papsim_call *c);

/* The uniform preamble: the argument checks above (returning their code,
 * the same on every rank, before anything is sent), then rank, size,
 * extent and commutativity into *c.
 * reduce:    done when count == 0.
 * allreduce: also copies sendbuf into recvbuf (unless MPI_IN_PLACE), so
 *            the algorithm works in recvbuf; done when count == 0 or p == 1.
 * bcast:     done when the buffer holds no bytes (coll_sig.h) or p == 1.
 * allgather: also copies the own block from sendbuf (unless MPI_IN_PLACE)
 *            to block `rank` of recvbuf; done when a block holds no bytes
 *            or p == 1.
 * allgatherv: the same into recvcounts[rank] at displs[rank]; never done
 *            (empty blocks may still be messages).
 * The alltoall begin is in alltoall/alltoall_util.h. */
int papsim_reduce_begin(int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                        const papsim_params *params, unsigned flags, papsim_call *c);
int papsim_allreduce_begin(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                           MPI_Op op, MPI_Comm comm, const papsim_params *params,
                           unsigned flags, papsim_call *c);
int papsim_bcast_begin(int count, MPI_Datatype type, int root, MPI_Comm comm,
                       const papsim_params *params, unsigned flags, papsim_call *c);
int papsim_allgather_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           const papsim_params *params, unsigned flags, papsim_call *c);
int papsim_allgatherv_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int *recvcounts, const int *displs,
                            MPI_Datatype recvtype, MPI_Comm comm, const papsim_params *params,
                            unsigned flags, papsim_call *c);
/* The checks, rank, size and receive extent alone (no copy, never done). */
int papsim_gather_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                        MPI_Datatype recvtype, MPI_Comm comm, const papsim_params *params,
                        unsigned flags, papsim_call *c);
int papsim_gatherv_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         const int *recvcounts, const int *displs, MPI_Datatype recvtype,
                         MPI_Comm comm, const papsim_params *params, unsigned flags,
                         papsim_call *c);


/* The single visible error exit of an algorithm: jump to its `out:` label. */
#define PAPSIM_CHECK(rc)              \
    do {                              \
        if ((rc) != MPI_SUCCESS)      \
            goto out;                 \
    } while (0)

/* Non-negative tags, one per collective (or phase). papbench runs every
 * algorithm on its own duplicated communicator, so these never meet the
 * harness's messages. */
enum {
    PAPSIM_TAG_ALLGATHER = 100,
    PAPSIM_TAG_ALLGATHERV = 110,
    PAPSIM_TAG_ALLTOALL = 120,
    PAPSIM_TAG_REDUCE = 200,
    PAPSIM_TAG_ALLREDUCE_RS = 300, /* reduce-scatter phase */
    PAPSIM_TAG_ALLREDUCE_AG = 301, /* allgather phase */
    PAPSIM_TAG_BCAST = 400,
};

/* The bytes of count elements of type: what decides that a call or a
 * piece is empty (0 x MPI_INT and 3 x a zero-size type alike). */
MPI_Aint papsim_sig_bytes(int count, MPI_Datatype type);

/* Byte offset of element `index` in a buffer of `type`, computed in MPI_Aint
 * so large counts never overflow an int product. */
static inline void *papsim_offset(void *base, MPI_Aint index, MPI_Aint extent)
{
    return (char *)base + index * extent;
}

static inline const void *papsim_offset_const(const void *base, MPI_Aint index, MPI_Aint extent)
{
    return (const char *)base + index * extent;
}


/* A reduction's own input: recvbuf at the root with MPI_IN_PLACE, else
 * sendbuf. */
static inline const void *papsim_reduce_input(const void *sendbuf, const void *recvbuf,
                                              int is_root)
{
    return is_root && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
}

/* The vector a rank reduces into, filled with `input`: `into` when it is
 * not NULL (the root's recvbuf, which holds the result at the end), else
 * fresh scratch (*to_free, which the caller frees with papsim_data_free;
 * NULL otherwise). */
int papsim_work_buffer(const void *input, void *into, int count, MPI_Datatype type,
                       void **to_free, void **work);

/* Where block b of nblocks starts in `base` (coll_blocks.h's split of count
 * elements) and, in *len, its elements. */
static inline void *papsim_block_ptr(void *base, MPI_Aint extent, int count, int nblocks, int b,
                                     int *len)
{
    *len = papsim_block_len(count, nblocks, b);
    return (char *)base + (MPI_Aint)papsim_block_first(count, nblocks, b) * extent;
}

/* Elements per segment (coll_blocks.h papsim_seg_elems) for the segment
 * size params->segment_bytes, or default_bytes when that knob is 0. */
int papsim_segcount(const papsim_params *params, MPI_Aint default_bytes, int count,
                    MPI_Datatype type);

/* MPI_Send / MPI_Recv of one piece, no message at all when it is empty
 * (no bytes: len 0, or a zero-size type): both sides of a schedule skip the
 * same empty pieces, whatever datatype each side describes them with. */
int papsim_send_piece(const void *buf, int len, MPI_Datatype type, int dest, int tag,
                      MPI_Comm comm);
int papsim_recv_piece(void *buf, int len, MPI_Datatype type, int source, int tag, MPI_Comm comm);

/* MPI_Sendrecv of one piece each way with one tag, where an empty side
 * (no bytes) sends or receives no message at all (MPI_PROC_NULL). */
int papsim_sendrecv_pieces(const void *sendbuf, int sendlen, int dest, void *recvbuf,
                           int recvlen, int source, MPI_Datatype type, int tag, MPI_Comm comm);

#endif
