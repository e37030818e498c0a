/* Allreduce: fold, a user's algorithm for cli.check (tests/cli/check.sh),
 * which plants bugs in copies of it.
 *
 * Pattern: rank 0 receives every other rank's vector in rank order and
 *          folds it in on the right (x_0 op x_1 op .. op x_(p-1), MPI's
 *          operand order, so any op works, commutative or not), then sends
 *          the result to ranks 1..p-1 one after another.
 * Cost:    2(p-1) alpha + 2(p-1) m beta + (p-1) m gamma.
 * Memory:  two vectors of scratch at rank 0.
 * Restrictions: none.
 */
#include <papsim/papsim.h>

enum { TAG_UP = 320, TAG_DOWN = 321 };

int user_allreduce_fold(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, const papsim_params *params)
{
    int rc, rank, p;
    void *acc_free = NULL, *acc = NULL, *in_free = NULL, *in = NULL;

    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (datatype == MPI_DATATYPE_NULL)
        return MPI_ERR_TYPE;
    if (op == MPI_OP_NULL)
        return MPI_ERR_OP;
    if ((rc = papsim_check_params(params)) != MPI_SUCCESS)
        return rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (count > 0 && sendbuf != MPI_IN_PLACE)
        rc = papsim_local_copy(sendbuf, recvbuf, count, datatype);
    if (rc != MPI_SUCCESS || count == 0 || p == 1)
        return rc;
    if (rank != 0) {
        rc = MPI_Send(recvbuf, count, datatype, 0, TAG_UP, comm);
        if (rc == MPI_SUCCESS)
            rc = MPI_Recv(recvbuf, count, datatype, 0, TAG_DOWN, comm, MPI_STATUS_IGNORE);
        return rc;
    }
    rc = papsim_scratch_alloc(count, datatype, &acc_free, &acc);
    if (rc == MPI_SUCCESS)
        rc = papsim_scratch_alloc(count, datatype, &in_free, &in);
    if (rc == MPI_SUCCESS)
        rc = papsim_local_copy(recvbuf, acc, count, datatype);
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++) {
        rc = MPI_Recv(in, count, datatype, r, TAG_UP, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) /* in = acc op in: the lower ranks on the left */
            rc = papsim_combine(acc, in, count, datatype, op, params);
        void *t = acc;
        acc = in;
        in = t;
    }
    if (rc == MPI_SUCCESS)
        rc = papsim_local_copy(acc, recvbuf, count, datatype);
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = MPI_Send(recvbuf, count, datatype, r, TAG_DOWN, comm);
    papsim_data_free(acc_free);
    papsim_data_free(in_free);
    return rc;
}

PAPSIM_PLUGIN_ALGORITHM(allreduce, fold, user_allreduce_fold, 0, 0, "", "", "",
                        "Rank 0 folds the vectors in rank order and sends the result back");
