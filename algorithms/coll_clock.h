/* The offset of a rank's clock to rank 0's, by ping-pong, for the programs
 * that time or check collectives under a real MPI (papbench, papcheck,
 * libpapcoll). Not an algorithm and not installed: the algorithms do not
 * call it. It goes through PMPI_ so that a profiling library (libpapcoll)
 * can use it on MPI_COMM_WORLD without entering its own wrappers. */
#ifndef PAPSIM_COLL_CLOCK_H
#define PAPSIM_COLL_CLOCK_H

#include <mpi.h>

typedef double (*papsim_clock_fn)(void);

/* Nonzero when the MPI library says MPI_Wtime is one clock on every rank
 * (MPI_WTIME_IS_GLOBAL on MPI_COMM_WORLD); SMPI's simulated clock always
 * is. Then no offset needs estimating. */
int papsim_wtime_is_global(void);

/* Collective over comm: rank 0 answers `rounds` pings of each other rank
 * in turn (one peer at a time, so no ping waits behind another's), and
 * every other rank keeps the ping-pong with the shortest round trip. Rank
 * 0 read its clock inside that round trip, so its midpoint errs by at
 * most half of it: *offset (add it to the local clock to read rank 0's)
 * and *rtt (that round trip) are set on every rank but 0, where they are 0.
 * Messages carry `tag`; clock() reads the local clock (NULL: MPI_Wtime).
 * Returns an MPI error code. */
int papsim_clock_to_rank0(MPI_Comm comm, int tag, int rounds, papsim_clock_fn clock,
                          double *offset, double *rtt);

#endif
