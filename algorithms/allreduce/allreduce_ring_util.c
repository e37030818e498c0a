#include "allreduce_ring_util.h"

int papsim_ring_allgather_blocks(void *buf, int count, MPI_Datatype type, MPI_Aint extent,
                                 MPI_Comm comm, int rank, int p)
{
    const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
    int rc = MPI_SUCCESS;
    for (int k = 0; k < p - 1 && rc == MPI_SUCCESS; k++) {
        int send_len, recv_len;
        void *send = papsim_block_ptr(buf, extent, count, p, (rank + 1 - k + p) % p, &send_len);
        void *recv = papsim_block_ptr(buf, extent, count, p, (rank - k + p) % p, &recv_len);
        rc = papsim_sendrecv_pieces(send, send_len, right, recv, recv_len, left, type,
                                    PAPSIM_TAG_ALLREDUCE_AG, comm);
    }
    return rc;
}
