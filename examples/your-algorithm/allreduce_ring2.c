/* Allreduce: ring2, papsim's ring written as a user's algorithm (ring
 * reduce-scatter, then ring allgather).
 *
 * Paper:   Patarasuk and Yuan, "Bandwidth optimal all-reduce algorithms for
 *          clusters of workstations", JPDC 2009.
 * Pattern: the vector is cut into p blocks (the first count mod p blocks one
 *          element longer). Reduce-scatter, p-1 steps: at step k rank r sends
 *          its partial block (r-k) mod p to r+1, receives block (r-k-1) mod p
 *          from r-1 and combines it into its own copy; afterwards r owns the
 *          complete block (r+1) mod p. Allgather, p-1 steps: at step k rank r
 *          sends block (r+1-k) mod p to r+1 and receives block (r-k) mod p.
 *          Empty blocks (count < p) send no message.
 * Cost:    2(p-1) alpha + 2((p-1)/p) m beta + ((p-1)/p) m gamma.
 * Memory:  one scratch block.
 * Restrictions: commutative ops only (blocks are combined in ring order, not
 *          rank order): PAPSIM_R_COMMUTATIVE, MPI_ERR_OP here.
 *
 * Built against an installed papsim (CMakeLists.txt or Makefile beside this
 * file) into allreduce_ring2.smpi.so and allreduce_ring2.mpi.so; papsim
 * names it user:ring2.
 */
#include <papsim/papsim.h>

enum { TAG_RS = 300, TAG_AG = 301 };

/* Block b of p over count elements: its first element and its length. */
static char *block(void *buf, MPI_Aint extent, int count, int p, int b, int *len)
{
    const int base = count / p, extra = count % p;
    *len = base + (b < extra);
    return (char *)buf + ((MPI_Aint)b * base + (b < extra ? b : extra)) * extent;
}

/* One exchange with the neighbours; an empty side is no message. */
static int exchange(void *send, int send_len, int right, void *recv, int recv_len, int left,
                    MPI_Datatype type, int tag, MPI_Comm comm)
{
    return MPI_Sendrecv(send, send_len, type, send_len ? right : MPI_PROC_NULL, tag, recv,
                        recv_len, type, recv_len ? left : MPI_PROC_NULL, tag, comm,
                        MPI_STATUS_IGNORE);
}

/* The checks of papsim_algorithms.h's error convention, in its order. */
static int check_args(int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                      const papsim_params *params)
{
    int commutative = 0;
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (datatype == MPI_DATATYPE_NULL)
        return MPI_ERR_TYPE;
    if (op == MPI_OP_NULL || MPI_Op_commutative(op, &commutative) != MPI_SUCCESS || !commutative)
        return MPI_ERR_OP;
    return papsim_check_params(params);
}

int user_allreduce_ring2(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, const papsim_params *params)
{
    int rc, rank, p, send_len, recv_len;
    MPI_Aint lb, extent;
    void *tmp_free = NULL, *tmp = NULL;

    rc = check_args(count, datatype, op, comm, params);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_get_extent(datatype, &lb, &extent);
    if (count > 0 && sendbuf != MPI_IN_PLACE)
        rc = papsim_local_copy(sendbuf, recvbuf, count, datatype);
    if (rc != MPI_SUCCESS || count == 0 || p == 1)
        return rc;
    const int right = (rank + 1) % p, left = (rank - 1 + p) % p;

    rc = papsim_scratch_alloc(count / p + 1, datatype, &tmp_free, &tmp);
    for (int k = 0; k < p - 1 && rc == MPI_SUCCESS; k++) {
        void *send = block(recvbuf, extent, count, p, (rank - k + p) % p, &send_len);
        void *mine = block(recvbuf, extent, count, p, (rank - k - 1 + p) % p, &recv_len);
        rc = exchange(send, send_len, right, tmp, recv_len, left, datatype, TAG_RS, comm);
        if (rc == MPI_SUCCESS && recv_len)
            rc = papsim_combine(tmp, mine, recv_len, datatype, op, params);
    }
    for (int k = 0; k < p - 1 && rc == MPI_SUCCESS; k++) {
        void *send = block(recvbuf, extent, count, p, (rank + 1 - k + p) % p, &send_len);
        void *recv = block(recvbuf, extent, count, p, (rank - k + p) % p, &recv_len);
        rc = exchange(send, send_len, right, recv, recv_len, left, datatype, TAG_AG, comm);
    }
    papsim_data_free(tmp_free);
    return rc;
}

PAPSIM_PLUGIN_ALGORITHM(allreduce, ring2, user_allreduce_ring2, PAPSIM_R_COMMUTATIVE, 0,
                        "allreduce_ring", "ring:4", "ring",
                        "Ring reduce-scatter then ring allgather (papsim's ring as a user's "
                        "algorithm); 2(p-1) alpha + 2((p-1)/p) m beta + ((p-1)/p) m gamma");
