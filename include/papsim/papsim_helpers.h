/* The helpers papsim's algorithms are written with that an algorithm
 * outside papsim's tree may use too (a user's algorithm, papsim_plugin.h):
 * message buffers SMPI may share, local copies that cost no simulated time,
 * the charged combine and the knob checks. They are defined in
 * libpapsim-algorithms-smpi and libpapsim-algorithms-mpi and behave the
 * same in both, except where a comment says "under SMPI". */
#ifndef PAPSIM_HELPERS_H
#define PAPSIM_HELPERS_H

#include <stddef.h>

#include <mpi.h>

#include "papsim_algorithms.h"

/* Memory for message data, whose values a timing-only simulation never reads.
 * malloc in the algorithm files is the C library's, so every such block is
 * private to its rank: right for control data (requests, schedules,
 * counts), which must never be shared. Message data comes from here
 * instead: under SMPI it goes through SMPI's allocator, which maps blocks of
 * smpi/auto-shared-malloc-thresh bytes or more onto the same pages for all
 * ranks when papsim sets that option (timing-only cases), so a 1024-rank run
 * of a 4 MiB reduce does not need 1024 private vectors. Under a real MPI it
 * is malloc. Free with papsim_data_free, never free(). */
void *papsim_data_malloc(size_t bytes);
void papsim_data_free(void *p);

/* Allocates room for `count` elements of `type` (true extent aware) with
 * papsim_data_malloc and returns the block to release with papsim_data_free
 * in *to_free and the usable, lb-shifted pointer in *buf. Returns
 * MPI_ERR_NO_MEM when allocation fails. */
int papsim_scratch_alloc(MPI_Aint count, MPI_Datatype type, void **to_free, void **buf);

/* Copies count elements between local buffers without communication (so a
 * local copy costs no simulated time, as in a real MPI's memcpy path). */
int papsim_local_copy(const void *src, void *dst, MPI_Aint count, MPI_Datatype type);

/* The same between two typed layouts with matching type signatures (the
 * sendcount/sendtype vs recvcount/recvtype pair of MPI collectives). */
int papsim_typed_copy(const void *src, int scount, MPI_Datatype stype, void *dst, int rcount,
                      MPI_Datatype rtype);

/* inout = in (op) inout, exactly MPI_Reduce_local, plus the explicit combine
 * cost gamma * bytes in simulation (SMPI charges nothing for arithmetic).
 * Operand order matters for non-commutative ops: `in` is the left operand. */
int papsim_combine(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op,
                   const papsim_params *params);

/* MPI_Waitall. Under SMPI (3.32 and 4.1, Request::waitall in
 * smpi_request.cpp) MPI_Waitall is a loop of MPI_Waitany, each
 * registering on every pending request: O(n^2) work for n requests, which
 * made one Sparbit allgather at np = 256 take minutes of wall time. All the
 * requests are already in flight, so waiting for them one by one ends at the
 * same simulated instant (the last completion) in O(n). Under a real MPI
 * this is MPI_Waitall. */
int papsim_waitall(int count, MPI_Request *requests);

/* Lets `seconds` of simulated time pass on this rank (no-op under a real MPI). */
void papsim_charge_seconds(double seconds);

/* The knob checks alone (MPI_ERR_ARG for any knob out of its documented
 * range, whichever algorithm reads it); params == NULL is valid. */
int papsim_check_params(const papsim_params *params);

#endif
