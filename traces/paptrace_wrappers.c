/* libpaptrace: the PMPI wrappers of the blocking collectives. Each one
 * stamps the time, calls the PMPI version, stamps again, and hands both
 * stamps with the rank's byte count to paptrace_after().
 *
 * Bytes (per rank, as in traces/README.md): the vector for reductions and
 * bcast; the rank's own block for allgather(v), gather(v) (what it sends)
 * and scatter(v), reduce_scatter(_block) (what it receives); the block per
 * peer for alltoall; the rank's total send for alltoallv; 0 for barrier.
 * With MPI_IN_PLACE the receive side's count gives the same quantity. */
#include "paptrace.h"
#include "paptrace_internal.h"

static int64_t type_bytes(int count, MPI_Datatype type)
{
    int size = 0;
    if (count <= 0 || type == MPI_DATATYPE_NULL)
        return 0;
    PMPI_Type_size(type, &size);
    return (int64_t)count * size;
}

static int comm_rank(MPI_Comm comm)
{
    int rank = 0;
    PMPI_Comm_rank(comm, &rank);
    return rank;
}

static int64_t sum_bytes(const int *counts, MPI_Datatype type, MPI_Comm comm)
{
    int size = 0;
    int64_t total = 0;
    PMPI_Comm_size(comm, &size);
    for (int i = 0; i < size; i++)
        total += type_bytes(counts[i], type);
    return total;
}

int MPI_Barrier(MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Barrier(comm);
    paptrace_after(PAPTRACE_C_barrier, comm, t_in, PMPI_Wtime(), 0, rc);
    return rc;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Bcast(buf, count, type, root, comm);
    double t_out = PMPI_Wtime();
    paptrace_after(PAPTRACE_C_bcast, comm, t_in, t_out, type_bytes(count, type), rc);
    return rc;
}

int MPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type,
               MPI_Op op, int root, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Reduce(sbuf, rbuf, count, type, op, root, comm);
    double t_out = PMPI_Wtime();
    paptrace_after(PAPTRACE_C_reduce, comm, t_in, t_out, type_bytes(count, type), rc);
    return rc;
}

int MPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type,
                  MPI_Op op, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Allreduce(sbuf, rbuf, count, type, op, comm);
    double t_out = PMPI_Wtime();
    paptrace_after(PAPTRACE_C_allreduce, comm, t_in, t_out, type_bytes(count, type), rc);
    return rc;
}

int MPI_Scan(const void *sbuf, void *rbuf, int count, MPI_Datatype type,
             MPI_Op op, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Scan(sbuf, rbuf, count, type, op, comm);
    double t_out = PMPI_Wtime();
    paptrace_after(PAPTRACE_C_scan, comm, t_in, t_out, type_bytes(count, type), rc);
    return rc;
}

int MPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type,
               MPI_Op op, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Exscan(sbuf, rbuf, count, type, op, comm);
    double t_out = PMPI_Wtime();
    paptrace_after(PAPTRACE_C_exscan, comm, t_in, t_out, type_bytes(count, type), rc);
    return rc;
}

int MPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[],
                       MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Reduce_scatter(sbuf, rbuf, rcounts, type, op, comm);
    double t_out = PMPI_Wtime();
    paptrace_after(PAPTRACE_C_reduce_scatter, comm, t_in, t_out,
                   type_bytes(rcounts[comm_rank(comm)], type), rc);
    return rc;
}

int MPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount,
                             MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Reduce_scatter_block(sbuf, rbuf, rcount, type, op, comm);
    double t_out = PMPI_Wtime();
    paptrace_after(PAPTRACE_C_reduce_scatter_block, comm, t_in, t_out,
                   type_bytes(rcount, type), rc);
    return rc;
}

int MPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                  int rcount, MPI_Datatype rtype, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    double t_out = PMPI_Wtime();
    int64_t bytes = sbuf == MPI_IN_PLACE ? type_bytes(rcount, rtype)
                                         : type_bytes(scount, stype);
    paptrace_after(PAPTRACE_C_allgather, comm, t_in, t_out, bytes, rc);
    return rc;
}

int MPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                   const int rcounts[], const int displs[], MPI_Datatype rtype,
                   MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Allgatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype,
                             comm);
    double t_out = PMPI_Wtime();
    int64_t bytes = sbuf == MPI_IN_PLACE
                        ? type_bytes(rcounts[comm_rank(comm)], rtype)
                        : type_bytes(scount, stype);
    paptrace_after(PAPTRACE_C_allgatherv, comm, t_in, t_out, bytes, rc);
    return rc;
}

int MPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                 int rcount, MPI_Datatype rtype, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Alltoall(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    double t_out = PMPI_Wtime();
    int64_t bytes = sbuf == MPI_IN_PLACE ? type_bytes(rcount, rtype)
                                         : type_bytes(scount, stype);
    paptrace_after(PAPTRACE_C_alltoall, comm, t_in, t_out, bytes, rc);
    return rc;
}

int MPI_Alltoallv(const void *sbuf, const int scounts[], const int sdispls[],
                  MPI_Datatype stype, void *rbuf, const int rcounts[],
                  const int rdispls[], MPI_Datatype rtype, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Alltoallv(sbuf, scounts, sdispls, stype, rbuf, rcounts,
                            rdispls, rtype, comm);
    double t_out = PMPI_Wtime();
    int64_t bytes = sbuf == MPI_IN_PLACE ? sum_bytes(rcounts, rtype, comm)
                                         : sum_bytes(scounts, stype, comm);
    paptrace_after(PAPTRACE_C_alltoallv, comm, t_in, t_out, bytes, rc);
    return rc;
}

int MPI_Gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
               int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Gather(sbuf, scount, stype, rbuf, rcount, rtype, root, comm);
    double t_out = PMPI_Wtime();
    int64_t bytes = sbuf == MPI_IN_PLACE ? type_bytes(rcount, rtype)
                                         : type_bytes(scount, stype);
    paptrace_after(PAPTRACE_C_gather, comm, t_in, t_out, bytes, rc);
    return rc;
}

int MPI_Gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                const int rcounts[], const int displs[], MPI_Datatype rtype,
                int root, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Gatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype,
                          root, comm);
    double t_out = PMPI_Wtime();
    int64_t bytes = sbuf == MPI_IN_PLACE ? type_bytes(rcounts[root], rtype)
                                         : type_bytes(scount, stype);
    paptrace_after(PAPTRACE_C_gatherv, comm, t_in, t_out, bytes, rc);
    return rc;
}

int MPI_Scatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Scatter(sbuf, scount, stype, rbuf, rcount, rtype, root, comm);
    double t_out = PMPI_Wtime();
    int64_t bytes = rbuf == MPI_IN_PLACE ? type_bytes(scount, stype)
                                         : type_bytes(rcount, rtype);
    paptrace_after(PAPTRACE_C_scatter, comm, t_in, t_out, bytes, rc);
    return rc;
}

int MPI_Scatterv(const void *sbuf, const int scounts[], const int displs[],
                 MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                 int root, MPI_Comm comm)
{
    double t_in = PMPI_Wtime();
    int rc = PMPI_Scatterv(sbuf, scounts, displs, stype, rbuf, rcount, rtype,
                           root, comm);
    double t_out = PMPI_Wtime();
    int64_t bytes = rbuf == MPI_IN_PLACE ? type_bytes(scounts[root], stype)
                                         : type_bytes(rcount, rtype);
    paptrace_after(PAPTRACE_C_scatterv, comm, t_in, t_out, bytes, rc);
    return rc;
}
