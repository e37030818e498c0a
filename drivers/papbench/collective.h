/* Running one collective call of a case, in order: prepare (resolve the
 * algorithm through the registry, or the MPI library's for builtin:NAME;
 * datatype, op, knobs, buffers), then per repetition fill, knowledge, run,
 * record the arrival and check against the collective's definition, then
 * free. Each step common to every collective is here; what differs goes
 * through the collective's papbench_ops (call.h), looked up by its row of
 * collectives.def. */
#ifndef PAPBENCH_COLLECTIVE_H
#define PAPBENCH_COLLECTIVE_H

#include "call.h"

/* Resolves algorithm, datatype and op, checks the restrictions, allocates
 * the buffers. Every rank gets the same verdict (nothing here depends on the
 * rank), so all ranks skip or fail together. */
int papbench_call_prepare(papbench_call *call, const papsim_case *c, MPI_Comm comm, papsim_err *e);
void papbench_call_free(papbench_call *call);

/* Writes this rank's inputs (and makes the output stale) before each
 * repetition. */
void papbench_call_fill(papbench_call *call);

/* Before a repetition, outside the timed region: oracle copies the delays
 * (np values) into arrivals, predicted computes this rank's prediction. */
void papbench_call_knowledge(papbench_call *call, const double *delays);

/* After a repetition: this rank's measured arrival offset (arrive - T0). */
void papbench_call_record_arrival(papbench_call *call, double offset);

/* The timed call itself (with --knowledge predicted, the allgather of the
 * predictions first). */
int papbench_call_run(papbench_call *call);

/* Number of wrong elements on this rank compared with the definition of the
 * collective (folds in rank order with MPI_Reduce_local). */
int papbench_call_check(const papbench_call *call, int *wrong);

#endif
