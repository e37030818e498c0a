#include "coll_gs.h"

int papsim_gs_begin(const papsim_gs_args *a, int vector, int root, MPI_Comm comm,
                    const papsim_params *params, unsigned flags, papsim_call *c)
{
    int rank, p;
    /* The communicator and its size alone: a bcast of nothing from rank 0. */
    int rc = papsim_check_bcast_args(0, MPI_BYTE, 0, comm, NULL, flags);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    const int is_root = rank == root;
    if (a->in_place && !is_root)
        return MPI_ERR_BUFFER; /* MPI admits MPI_IN_PLACE at the root only */
    if (!a->in_place && a->own_count < 0)
        return MPI_ERR_COUNT;
    if (is_root && vector) {
        if (!a->counts || !a->displs)
            return MPI_ERR_ARG;
        for (int i = 0; i < p; i++)
            if (a->counts[i] < 0)
                return MPI_ERR_COUNT;
    } else if (is_root && a->root_count < 0) {
        return MPI_ERR_COUNT;
    }
    if ((!a->in_place && a->own_type == MPI_DATATYPE_NULL) ||
        (is_root && a->root_type == MPI_DATATYPE_NULL))
        return MPI_ERR_TYPE;
    if (root < 0 || root >= p)
        return MPI_ERR_ROOT;
    rc = papsim_check_params(params);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Aint lb;
    c->rank = rank;
    c->p = p;
    c->commutative = 1;
    c->done = 0;
    return MPI_Type_get_extent(is_root ? a->root_type : a->own_type, &lb, &c->extent);
}
