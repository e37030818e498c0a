/* Matching type signatures, not identical datatypes. MPI lets every rank
 * describe its side of a collective with its own datatype and count as
 * long as the type signatures (the sequences of primitive types) match:
 * 1 x contiguous(N, MPI_DOUBLE) at the root and N x MPI_DOUBLE elsewhere
 * is a legal bcast; 1 x a zero-size type and 0 x MPI_INT are both empty.
 * An algorithm that cuts a buffer (segments, blocks of a scatter) must
 * therefore cut where every rank can agree, which a rank's own element
 * size is not. The rule written here, for every algorithm that cuts:
 *
 *   cut in the signature's unit. The unit of a signature is its primitive
 *   type when all its primitives are the same type (MPI_INT for
 *   contiguous(3, MPI_INT), a vector of MPI_INT or MPI_2INT), else
 *   MPI_BYTE (a mixed signature such as {MPI_DOUBLE, MPI_INT}). Every
 *   rank computes the same unit from a matching signature, so segments
 *   and blocks counted in units hold the same bytes on every rank.
 *
 * A rank whose datatype is its unit runs the algorithm on its buffer as
 * it is (so a call with a predefined datatype costs what it always did);
 * any other rank stages its buffer through a packed copy of count x
 * size / unit_size units and runs the algorithm on that. Staging assumes a
 * homogeneous data representation (every rank's MPI_Pack of a primitive
 * is its bytes in memory), as SMPI and Open MPI and MPICH on one kind of
 * machine are. MPI_PACKED, which matches any signature, has the unit
 * MPI_BYTE: against a typed side the two agree only when the cut falls on
 * a whole primitive (a segment_bytes that is a multiple of its size, as
 * every default is). Empty calls are decided by bytes, never by count: see
 * papsim_sig_bytes. */
#ifndef PAPSIM_COLL_SIG_H
#define PAPSIM_COLL_SIG_H

#include <mpi.h>

#include "coll_util.h" /* papsim_sig_bytes */
#include "papsim_algorithms.h"

/* The unit of type's signature (above): a predefined type, never to be
 * freed. MPI_BYTE for a zero-size type. */
MPI_Datatype papsim_sig_unit(MPI_Datatype type);

/* A buffer seen in units of its signature: the buffer itself when its
 * datatype is its unit, else a packed copy. */
typedef struct {
    void *buf;            /* what the algorithm runs on */
    int count;            /* units (elements of type) */
    MPI_Datatype type;    /* the unit */
    void *staged;         /* the packed copy (papsim_data_free), NULL when none */
} papsim_sig_view;

/* The view of count x type at buf; with fill set, a staged copy holds
 * buf's data (a sender's), else only room (a receiver's). Without a
 * staged copy v->buf is buf itself: write through it only when buf is
 * writable. Returns
 * MPI_ERR_NO_MEM, MPI_ERR_COUNT (more units than an int holds) or an MPI
 * error of the copy. */
int papsim_sig_view_open(const void *buf, int count, MPI_Datatype type, int fill,
                         papsim_sig_view *v);
/* Ends a view: with drain set, a staged copy is unpacked into buf (a
 * receiver's); the copy is freed. Returns rc, or the copy's error when rc
 * is MPI_SUCCESS. */
int papsim_sig_view_close(papsim_sig_view *v, void *buf, int count, MPI_Datatype type, int drain,
                          int rc);

#endif
