/* A PMPI tracer of point-to-point calls, for the schedule test.
 *
 * trace.c defines MPI_Send, MPI_Isend, MPI_Recv, MPI_Irecv, MPI_Sendrecv,
 * MPI_Wait and MPI_Waitall (and, to catch them, a few calls the schedules
 * never use) on top of their PMPI_ versions. Linked into the test program,
 * these definitions take the place of the MPI library's for the algorithm
 * code. Between trace_start() and trace_stop() every call is recorded in
 * this process.
 *
 * Steps: a step is the group of messages posted since the previous
 * completion call. MPI_Wait, MPI_Waitall and MPI_Sendrecv end a step (a
 * Sendrecv records its send and its receive first); blocking MPI_Send and
 * MPI_Recv do not. A completion call that ends an empty step counts for
 * nothing, so a Waitall on zero requests leaves no trace. */
#ifndef PAPSIM_SCHEDULE_TRACE_H
#define PAPSIM_SCHEDULE_TRACE_H

typedef struct {
    char kind;        /* 'S' send, 'R' receive, 'X' a call the schedules never use */
    int step;         /* 0-based among the non-empty steps since trace_start() */
    int peer;         /* rank in the call's communicator (MPI_ANY_SOURCE as is) */
    int tag;
    long long bytes;  /* count * size of the datatype */
    const char *addr; /* the buffer argument */
    const char *call; /* "MPI_Isend", ... */
} trace_event;

/* Forgets earlier events and starts recording. */
void trace_start(void);
/* Stops recording; the events stay readable until the next trace_start(). */
void trace_stop(void);
/* The recorded events in call order, and their number in *n. */
const trace_event *trace_events(int *n);
/* The number of non-empty steps recorded. */
int trace_steps(void);

#endif
