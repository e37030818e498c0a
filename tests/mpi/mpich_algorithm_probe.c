/* mpich_algorithm_probe.so: shows which of MPICH's own collective
 * algorithms runs, for cli.tune_mpich. Debian's libmpich 4.0.2 is stripped
 * and exports none of its MPIR_<Coll>_intra_<name> functions (nm -D shows
 * none), so they can be neither interposed nor given a breakpoint by name.
 * What leaves the library is its point-to-point traffic: with
 * MPIR_CVAR_NOLOCAL=1 every message between ranks goes through UCX, whose
 * ucp_tag_send_nbx libmpich calls through its dynamic symbol table.
 * Preloaded (LD_PRELOAD), this library defines ucp_tag_send_nbx and
 * MPI_Allreduce: inside each MPI_Allreduce it records the length of every
 * message the rank sends, then writes one line per call,
 * "allreduce BYTES: L1 L2 ...", to PAPSIM_PROBE_OUT with ".RANK" appended,
 * and forwards everything unchanged (dlsym RTLD_NEXT, PMPI_Allreduce).
 * MPICH's allreduce algorithms differ in these lengths: recursive doubling
 * sends the whole vector log2(p) times, reduce_scatter_allgather halves of
 * it, then quarters, ..., and back up (MPICH 4.0's allreduce sources). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { PROBE_MAX_SENDS = 64 };

static int inside;
static int nsends;
static size_t sends[PROBE_MAX_SENDS];

typedef void *(*ucp_send_fn)(void *ep, const void *buffer, size_t count, unsigned long tag,
                             const void *param);

/* MPICH sends contiguous data as bytes (ucp_dt_make_contig(1)): count is
 * the message length. */
void *ucp_tag_send_nbx(void *ep, const void *buffer, size_t count, unsigned long tag,
                       const void *param)
{
    static ucp_send_fn next;
    if (!next)
        *(void **)&next = dlsym(RTLD_NEXT, "ucp_tag_send_nbx");
    if (inside && nsends < PROBE_MAX_SENDS)
        sends[nsends++] = count;
    return next(ep, buffer, count, tag, param);
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                  MPI_Op op, MPI_Comm comm)
{
    int size = 0, rank = -1;
    inside = 1;
    nsends = 0;
    int rc = PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
    inside = 0;
    const char *out = getenv("PAPSIM_PROBE_OUT");
    char path[4096];
    FILE *f;
    PMPI_Type_size(datatype, &size);
    PMPI_Comm_rank(comm, &rank);
    if (out && snprintf(path, sizeof path, "%s.%d", out, rank) < (int)sizeof path &&
        (f = fopen(path, "a"))) {
        fprintf(f, "allreduce %lld:", (long long)count * size);
        for (int i = 0; i < nsends; i++)
            fprintf(f, " %zu", sends[i]);
        fputc('\n', f);
        fclose(f);
    }
    return rc;
}
