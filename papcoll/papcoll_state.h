/* libpapcoll's per-rank state (papcoll.c's life cycle reads and writes it;
 * the other files use papcoll.h's accessors). With a real MPI a rank is a
 * process and has one state; under SMPI (PAPCOLL_SMPI) the ranks may share
 * this library's globals, so the states sit in a table indexed by world
 * rank. */
#ifndef PAPCOLL_STATE_H
#define PAPCOLL_STATE_H

#include "papcoll.h"
#ifdef PAPCOLL_SMPI
#include <simgrid/actor.h>
#endif

struct papcoll_state {
    papcoll_config cfg;
    int world_rank, world_size;
    int inside;         /* 1 while a papsim algorithm runs */
    double offset;      /* to rank 0's clock */
    papcoll_prediction prediction; /* papcoll_predict.c's */
    int refs;           /* MPI_Finalize's and one per attribute of the prediction */
    papcoll_counters counters;
    papcoll_counters sum, max; /* rank 0, at MPI_Finalize: over the ranks */
#ifdef PAPCOLL_SMPI
    sg_actor_t actor;   /* the rank's actor (papcoll_mpi_usable) */
#endif
};

/* This rank's state, NULL before MPI_Init and after MPI_Finalize. */
papcoll_state *papcoll_state_current(void);

/* A new zeroed state for world rank `rank` of `size`, made this rank's;
 * NULL when out of memory. */
papcoll_state *papcoll_state_new(int rank, int size);

/* The state is no longer the rank's: its calls go to the MPI library. */
void papcoll_state_detach(papcoll_state *s);

#endif
