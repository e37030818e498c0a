/* libpaptrace: the one entry point the collective wrappers
 * (paptrace_wrappers.c) call into the recorder (paptrace.c). */
#ifndef PAPTRACE_INTERNAL_H
#define PAPTRACE_INTERNAL_H
#include <mpi.h>
#include <stdint.h>

/* Called by every wrapper after the real collective returned rc: counts the
 * call on comm and records it if the sampling options select it. The time
 * stamps are taken by the wrapper right around the PMPI call, so that this
 * bookkeeping stays outside the recorded [t_in, t_out] window. */
void paptrace_after(int collective, MPI_Comm comm, double t_in, double t_out,
                    int64_t bytes, int rc);

#endif
