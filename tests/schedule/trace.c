/* The PMPI tracer of trace.h. One process records its own calls; the test
 * program is a plain (real) MPI program, so file-scope state is fine here. */
#include "trace.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static trace_event *events;
static int nevents, capacity, recording, step, step_used;

void trace_start(void)
{
    nevents = 0;
    step = 0;
    step_used = 0;
    recording = 1;
}

void trace_stop(void) { recording = 0; }

const trace_event *trace_events(int *n)
{
    *n = nevents;
    return events;
}

int trace_steps(void) { return step + (step_used ? 1 : 0); }

static void record(char kind, const char *call, const void *buf, int count, MPI_Datatype type,
                   int peer, int tag)
{
    if (!recording)
        return;
    if (nevents == capacity) {
        capacity = capacity ? 2 * capacity : 256;
        events = realloc(events, (size_t)capacity * sizeof *events);
        if (!events) {
            fprintf(stderr, "trace: out of memory\n");
            abort();
        }
    }
    int size = 0;
    if (type != MPI_DATATYPE_NULL)
        PMPI_Type_size(type, &size);
    events[nevents++] = (trace_event){kind, step, peer, tag, (long long)count * size,
                                      (const char *)buf, call};
    step_used = 1;
}

/* A completion call: closes the current step if it has any message. */
static void end_step(void)
{
    if (recording && step_used) {
        step++;
        step_used = 0;
    }
}

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    record('S', "MPI_Send", buf, count, type, dest, tag);
    return PMPI_Send(buf, count, type, dest, tag, comm);
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    record('S', "MPI_Isend", buf, count, type, dest, tag);
    return PMPI_Isend(buf, count, type, dest, tag, comm, request);
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status *status)
{
    record('R', "MPI_Recv", buf, count, type, source, tag);
    return PMPI_Recv(buf, count, type, source, tag, comm, status);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    record('R', "MPI_Irecv", buf, count, type, source, tag);
    return PMPI_Irecv(buf, count, type, source, tag, comm, request);
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status)
{
    record('S', "MPI_Sendrecv", sendbuf, sendcount, sendtype, dest, sendtag);
    record('R', "MPI_Sendrecv", recvbuf, recvcount, recvtype, source, recvtag);
    int rc = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                           recvtype, source, recvtag, comm, status);
    end_step();
    return rc;
}

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
    int rc = PMPI_Wait(request, status);
    end_step();
    return rc;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status *statuses)
{
    int rc = PMPI_Waitall(count, requests, statuses);
    end_step();
    return rc;
}

/* Calls no expected schedule uses: recorded as 'X' so that the test names
 * them instead of reporting a confusing step mismatch. */
int MPI_Ssend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    record('X', "MPI_Ssend", buf, count, type, dest, tag);
    return PMPI_Ssend(buf, count, type, dest, tag, comm);
}

int MPI_Issend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    record('X', "MPI_Issend", buf, count, type, dest, tag);
    return PMPI_Issend(buf, count, type, dest, tag, comm, request);
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int sendtag,
                         int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    record('X', "MPI_Sendrecv_replace", buf, count, type, dest, sendtag);
    return PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, status);
}

int MPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status)
{
    record('X', "MPI_Waitany", NULL, 0, MPI_DATATYPE_NULL, -1, -1);
    return PMPI_Waitany(count, requests, index, status);
}

int MPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                 MPI_Status statuses[])
{
    record('X', "MPI_Waitsome", NULL, 0, MPI_DATATYPE_NULL, -1, -1);
    return PMPI_Waitsome(incount, requests, outcount, indices, statuses);
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    record('X', "MPI_Test", NULL, 0, MPI_DATATYPE_NULL, -1, -1);
    return PMPI_Test(request, flag, status);
}

int MPI_Testall(int count, MPI_Request requests[], int *flag, MPI_Status statuses[])
{
    record('X', "MPI_Testall", NULL, 0, MPI_DATATYPE_NULL, -1, -1);
    return PMPI_Testall(count, requests, flag, statuses);
}
