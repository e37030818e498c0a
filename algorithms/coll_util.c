#include "coll_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#if PAPSIM_ALGORITHMS_SMPI
#include <simgrid/actor.h> /* sg_actor_sleep_for */
/* smpi_shared_malloc_intercept and smpi_shared_free: the helpers header
 * smpicc puts in front of every SMPI program (it may be there already),
 * here without its malloc override. */
#ifndef SMPI_NO_OVERRIDE_MALLOC
#define SMPI_NO_OVERRIDE_MALLOC 1
#endif
#include <smpi/smpi_helpers.h>
#endif

MPI_Aint papsim_sig_bytes(int count, MPI_Datatype type)
{
    int size = 0;
    if (count <= 0 || type == MPI_DATATYPE_NULL)
        return 0;
    MPI_Type_size(type, &size);
    return (MPI_Aint)count * size;
}

void *papsim_data_malloc(size_t bytes)
{
    if (bytes == 0)
        bytes = 1;
#if PAPSIM_ALGORITHMS_SMPI
    /* Shared above the auto-shared threshold when papsim set one, private
     * below it (or when no threshold is set): SMPI decides. */
    return smpi_shared_malloc_intercept(bytes, __FILE__, __LINE__);
#else
    return malloc(bytes);
#endif
}

void papsim_data_free(void *p)
{
    if (!p)
        return;
#if PAPSIM_ALGORITHMS_SMPI
    smpi_shared_free(p); /* releases shared and private SMPI blocks alike */
#else
    free(p);
#endif
}

int papsim_scratch_alloc(MPI_Aint count, MPI_Datatype type, void **to_free, void **buf)
{
    MPI_Aint lb, extent, true_lb, true_extent;
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_true_extent(type, &true_lb, &true_extent);
    MPI_Aint bytes = count > 0 ? true_extent + (count - 1) * extent : 1;
    *to_free = papsim_data_malloc((size_t)(bytes > 0 ? bytes : 1));
    if (!*to_free)
        return MPI_ERR_NO_MEM;
    *buf = (char *)*to_free - true_lb;
    return MPI_SUCCESS;
}

/* Packs src and unpacks it into dst through a temporary buffer: correct for
 * any pair of layouts with matching type signatures. */
static int bounce_copy(const void *src, int scount, MPI_Datatype stype, void *dst, int rcount,
                       MPI_Datatype rtype);

int papsim_local_copy(const void *src, void *dst, MPI_Aint count, MPI_Datatype type)
{
    if (count == 0 || src == dst)
        return MPI_SUCCESS;
    int size;
    MPI_Aint lb, extent;
    MPI_Type_size(type, &size);
    MPI_Type_get_extent(type, &lb, &extent);
    if (lb == 0 && (MPI_Aint)size == extent) { /* contiguous: the common case */
        memmove(dst, src, (size_t)(count * extent));
        return MPI_SUCCESS;
    }
    /* Holes or a shifted lower bound: the general path handles any type. */
    return bounce_copy(src, (int)count, type, dst, (int)count, type);
}

int papsim_waitall(int count, MPI_Request *requests)
{
#if PAPSIM_ALGORITHMS_SMPI
    int rc = MPI_SUCCESS;
    for (int i = 0; i < count && rc == MPI_SUCCESS; i++)
        rc = MPI_Wait(&requests[i], MPI_STATUS_IGNORE);
    return rc;
#else
    /* Called through the pointer form of its statuses parameter: MPICH
     * 4.0's mpi.h declares it an array (MPI_Status array_of_statuses[]),
     * and gcc 11 and later, seeing the sentinel MPI_STATUSES_IGNORE
     * ((MPI_Status *)1) passed for an array, warn of writing 20 bytes into
     * a region of size 0 (-Wstringop-overflow); MPI never writes through
     * the sentinel. Open MPI declares the parameter a pointer already. */
    int (*const waitall)(int, MPI_Request *, MPI_Status *) = MPI_Waitall;
    return waitall(count, requests, MPI_STATUSES_IGNORE);
#endif
}

void papsim_charge_seconds(double seconds)
{
#if PAPSIM_ALGORITHMS_SMPI
    /* Simulated time passes on this rank only; no host CPU is used. The
     * double-precision sleep avoids nanosleep's truncation to whole ns. */
    if (seconds > 0)
        sg_actor_sleep_for(seconds);
#else
    (void)seconds;
#endif
}

int papsim_combine(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op,
                   const papsim_params *params)
{
    int rc = MPI_SUCCESS;
    if (!params || !params->timing_only)
        rc = MPI_Reduce_local(in, inout, count, type, op);
    if (rc == MPI_SUCCESS && params && params->gamma > 0 && count > 0) {
        int size;
        MPI_Type_size(type, &size);
        papsim_charge_seconds(params->gamma * (double)count * (double)size);
    }
    return rc;
}

static int bounce_copy(const void *src, int scount, MPI_Datatype stype, void *dst, int rcount,
                       MPI_Datatype rtype)
{
    int packed = 0, pos = 0, rc;
    rc = MPI_Pack_size(scount, stype, MPI_COMM_SELF, &packed);
    if (rc != MPI_SUCCESS)
        return rc;
    void *tmp = papsim_data_malloc(packed > 0 ? (size_t)packed : 1);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    rc = MPI_Pack(src, scount, stype, tmp, packed, &pos, MPI_COMM_SELF);
    if (rc == MPI_SUCCESS) {
        int used = pos;
        pos = 0;
        rc = MPI_Unpack(tmp, used, &pos, dst, rcount, rtype, MPI_COMM_SELF);
    }
    papsim_data_free(tmp);
    return rc;
}

int papsim_typed_copy(const void *src, int scount, MPI_Datatype stype, void *dst, int rcount,
                      MPI_Datatype rtype)
{
    if (stype == rtype && scount == rcount)
        return papsim_local_copy(src, dst, scount, stype);
    return bounce_copy(src, scount, stype, dst, rcount, rtype);
}

/* ---- argument checks ------------------------------------------------------ */

/* A finite, non-negative double knob. */
static int knob_time_ok(double v) { return isfinite(v) && v >= 0; }

int papsim_check_params(const papsim_params *params)
{
    if (!params)
        return MPI_SUCCESS;
    const papsim_params *q = params;
    if (!knob_time_ok(q->gamma) || !knob_time_ok(q->model_alpha) || !knob_time_ok(q->model_beta))
        return MPI_ERR_ARG;
    if (q->segment_bytes < 0 || q->segments < 0 || q->max_requests < 0)
        return MPI_ERR_ARG;
    if (q->radix_len < 0 || (q->radix_len > 0 && !q->radix))
        return MPI_ERR_ARG;
    if (q->knomial_radix != 0 &&
        (q->knomial_radix < 2 || q->knomial_radix > PAPSIM_KNOMIAL_RADIX_MAX))
        return MPI_ERR_ARG;
    if ((q->schedule_timed != 0 && q->schedule_timed != 1) ||
        (q->timing_only != 0 && q->timing_only != 1))
        return MPI_ERR_ARG;
    if (q->arrival_source && !q->arrival_source->obtain)
        return MPI_ERR_ARG;
    return MPI_SUCCESS;
}

/* The communicator and its size against the PAPSIM_R_* flags. */
static int check_comm(MPI_Comm comm, unsigned flags, int *p)
{
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    int rc = MPI_Comm_size(comm, p);
    if (rc != MPI_SUCCESS)
        return rc;
    if ((flags & PAPSIM_R_POW2) && (*p & (*p - 1)) != 0)
        return MPI_ERR_SIZE;
    if ((flags & PAPSIM_R_EVEN_NP) && *p % 2 != 0)
        return MPI_ERR_SIZE;
    return MPI_SUCCESS;
}

static int check_op(MPI_Op op, unsigned flags)
{
    int commutative = 1;
    if (op == MPI_OP_NULL)
        return MPI_ERR_OP;
    int rc = MPI_Op_commutative(op, &commutative);
    if (rc != MPI_SUCCESS)
        return rc;
    if ((flags & PAPSIM_R_COMMUTATIVE) && !commutative)
        return MPI_ERR_OP;
    return MPI_SUCCESS;
}

/* Count, datatype and root: the checks reduce and bcast share. */
static int check_count_type_root(int count, MPI_Datatype type, int root, int p)
{
    if (count < 0)
        return MPI_ERR_COUNT;
    if (type == MPI_DATATYPE_NULL)
        return MPI_ERR_TYPE;
    if (root < 0 || root >= p)
        return MPI_ERR_ROOT;
    return MPI_SUCCESS;
}

int papsim_check_reduce_args(int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                             const papsim_params *params, unsigned flags)
{
    int p;
    int rc = check_comm(comm, flags, &p);
    if (rc == MPI_SUCCESS)
        rc = check_count_type_root(count, type, root, p);
    if (rc == MPI_SUCCESS)
        rc = check_op(op, flags);
    return rc == MPI_SUCCESS ? papsim_check_params(params) : rc;
}

int papsim_check_allreduce_args(int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                const papsim_params *params, unsigned flags)
{
    return papsim_check_reduce_args(count, type, op, 0, comm, params, flags);
}

int papsim_check_bcast_args(int count, MPI_Datatype type, int root, MPI_Comm comm,
                            const papsim_params *params, unsigned flags)
{
    int p;
    int rc = check_comm(comm, flags, &p);
    if (rc == MPI_SUCCESS)
        rc = check_count_type_root(count, type, root, p);
    return rc == MPI_SUCCESS ? papsim_check_params(params) : rc;
}

int papsim_check_gather_args(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                             const papsim_params *params, unsigned flags)
{
    int p;
    int rc = check_comm(comm, flags, &p);
    if (rc != MPI_SUCCESS)
        return rc;
    if (recvcount < 0 || (sendbuf != MPI_IN_PLACE && sendcount < 0))
        return MPI_ERR_COUNT;
    if (recvtype == MPI_DATATYPE_NULL || (sendbuf != MPI_IN_PLACE && sendtype == MPI_DATATYPE_NULL))
        return MPI_ERR_TYPE;
    return papsim_check_params(params);
}

int papsim_check_gatherv_args(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              const int *recvcounts, const int *displs, MPI_Datatype recvtype,
                              MPI_Comm comm, const papsim_params *params, unsigned flags)
{
    int p;
    int rc = check_comm(comm, flags, &p);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!recvcounts || !displs)
        return MPI_ERR_ARG;
    if (sendbuf != MPI_IN_PLACE && sendcount < 0)
        return MPI_ERR_COUNT;
    for (int i = 0; i < p; i++)
        if (recvcounts[i] < 0)
            return MPI_ERR_COUNT;
    if (recvtype == MPI_DATATYPE_NULL || (sendbuf != MPI_IN_PLACE && sendtype == MPI_DATATYPE_NULL))
        return MPI_ERR_TYPE;
    return papsim_check_params(params);
}

/* ---- the uniform preamble ------------------------------------------------- */

void papsim_call_init(MPI_Comm comm, MPI_Datatype type, papsim_call *c)
{
    MPI_Aint lb;
    MPI_Comm_rank(comm, &c->rank);
    MPI_Comm_size(comm, &c->p);
    MPI_Type_get_extent(type, &lb, &c->extent);
    c->commutative = 1;
    c->done = 0;
}

int papsim_reduce_begin(int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                        const papsim_params *params, unsigned flags, papsim_call *c)
{
    const int rc = papsim_check_reduce_args(count, type, op, root, comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc; /* the same code on every rank, nothing sent */
    papsim_call_init(comm, type, c);
    MPI_Op_commutative(op, &c->commutative);
    c->done = count == 0;
    return MPI_SUCCESS;
}

int papsim_allreduce_begin(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                           MPI_Op op, MPI_Comm comm, const papsim_params *params,
                           unsigned flags, papsim_call *c)
{
    int rc = papsim_check_allreduce_args(count, type, op, comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc; /* the same code on every rank, nothing sent */
    papsim_call_init(comm, type, c);
    MPI_Op_commutative(op, &c->commutative);
    c->done = count == 0 || c->p == 1;
    if (count > 0 && sendbuf != MPI_IN_PLACE)
        rc = papsim_local_copy(sendbuf, recvbuf, count, type);
    return rc;
}

int papsim_bcast_begin(int count, MPI_Datatype type, int root, MPI_Comm comm,
                       const papsim_params *params, unsigned flags, papsim_call *c)
{
    const int rc = papsim_check_bcast_args(count, type, root, comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc; /* the same code on every rank, nothing sent */
    papsim_call_init(comm, type, c);
    /* Bytes, not count: 0 x MPI_INT and 3 x a zero-size type are alike. */
    c->done = papsim_sig_bytes(count, type) == 0 || c->p == 1;
    return MPI_SUCCESS;
}

int papsim_gather_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                        MPI_Datatype recvtype, MPI_Comm comm, const papsim_params *params,
                        unsigned flags, papsim_call *c)
{
    const int rc = papsim_check_gather_args(sendbuf, sendcount, sendtype, recvcount, recvtype,
                                            comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc; /* the same code on every rank, nothing sent */
    papsim_call_init(comm, recvtype, c);
    return MPI_SUCCESS;
}

int papsim_gatherv_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         const int *recvcounts, const int *displs, MPI_Datatype recvtype,
                         MPI_Comm comm, const papsim_params *params, unsigned flags,
                         papsim_call *c)
{
    const int rc = papsim_check_gatherv_args(sendbuf, sendcount, sendtype, recvcounts, displs,
                                             recvtype, comm, params, flags);
    if (rc != MPI_SUCCESS)
        return rc; /* the same code on every rank, nothing sent */
    papsim_call_init(comm, recvtype, c);
    return MPI_SUCCESS;
}

/* The own block: sendbuf into `own`, a local copy; nothing in place. */
static int copy_own_block(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *own,
                          int recvcount, MPI_Datatype recvtype)
{
    if (sendbuf == MPI_IN_PLACE)
        return MPI_SUCCESS;
    return papsim_typed_copy(sendbuf, sendcount, sendtype, own, recvcount, recvtype);
}

int papsim_allgather_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           const papsim_params *params, unsigned flags, papsim_call *c)
{
    const int rc = papsim_gather_begin(sendbuf, sendcount, sendtype, recvcount, recvtype, comm,
                                       params, flags, c);
    if (rc != MPI_SUCCESS)
        return rc;
    c->done = papsim_sig_bytes(recvcount, recvtype) == 0 || c->p == 1;
    return copy_own_block(sendbuf, sendcount, sendtype,
                          papsim_offset(recvbuf, c->rank, (MPI_Aint)recvcount * c->extent),
                          recvcount, recvtype);
}

int papsim_allgatherv_begin(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int *recvcounts, const int *displs,
                            MPI_Datatype recvtype, MPI_Comm comm, const papsim_params *params,
                            unsigned flags, papsim_call *c)
{
    const int rc = papsim_gatherv_begin(sendbuf, sendcount, sendtype, recvcounts, displs,
                                        recvtype, comm, params, flags, c);
    if (rc != MPI_SUCCESS)
        return rc;
    return copy_own_block(sendbuf, sendcount, sendtype,
                          papsim_offset(recvbuf, displs[c->rank], c->extent),
                          recvcounts[c->rank], recvtype);
}

/* ---- buffers, segments and exchanges -------------------------------------- */

int papsim_work_buffer(const void *input, void *into, int count, MPI_Datatype type,
                       void **to_free, void **work)
{
    *to_free = NULL;
    *work = into;
    if (!into) {
        const int rc = papsim_scratch_alloc(count, type, to_free, work);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return papsim_local_copy(input, *work, count, type);
}

int papsim_segcount(const papsim_params *params, MPI_Aint default_bytes, int count,
                    MPI_Datatype type)
{
    int size;
    MPI_Type_size(type, &size);
    const MPI_Aint bytes =
        params && params->segment_bytes > 0 ? params->segment_bytes : default_bytes;
    return papsim_seg_elems((int64_t)bytes, size, count);
}

int papsim_send_piece(const void *buf, int len, MPI_Datatype type, int dest, int tag,
                      MPI_Comm comm)
{
    return papsim_sig_bytes(len, type) ? MPI_Send(buf, len, type, dest, tag, comm) : MPI_SUCCESS;
}

int papsim_recv_piece(void *buf, int len, MPI_Datatype type, int source, int tag, MPI_Comm comm)
{
    return papsim_sig_bytes(len, type)
               ? MPI_Recv(buf, len, type, source, tag, comm, MPI_STATUS_IGNORE)
               : MPI_SUCCESS;
}

int papsim_sendrecv_pieces(const void *sendbuf, int sendlen, int dest, void *recvbuf,
                           int recvlen, int source, MPI_Datatype type, int tag, MPI_Comm comm)
{
    const int sends = papsim_sig_bytes(sendlen, type) > 0;
    const int recvs = papsim_sig_bytes(recvlen, type) > 0;
    return MPI_Sendrecv(sendbuf, sendlen, type, sends ? dest : MPI_PROC_NULL, tag, recvbuf,
                        recvlen, type, recvs ? source : MPI_PROC_NULL, tag, comm,
                        MPI_STATUS_IGNORE);
}
