#include "coll_util.h"

#include <stdlib.h>
#include <string.h>
#ifdef PAPSIM_SIMULATED
#include <simgrid/actor.h>
#include <smpi_helpers_internal.h> /* smpi_shared_malloc_intercept */
#endif

void *papsim_data_malloc(size_t bytes)
{
    if (bytes == 0)
        bytes = 1;
#ifdef PAPSIM_SIMULATED
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
#ifdef PAPSIM_SIMULATED
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
#ifdef PAPSIM_SIMULATED
    int rc = MPI_SUCCESS;
    for (int i = 0; i < count && rc == MPI_SUCCESS; i++)
        rc = MPI_Wait(&requests[i], MPI_STATUS_IGNORE);
    return rc;
#else
    return MPI_Waitall(count, requests, MPI_STATUSES_IGNORE);
#endif
}

void papsim_charge_seconds(double seconds)
{
#ifdef PAPSIM_SIMULATED
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
