/* libpapcoll's per-rank state, shared by its wrappers (papcoll_wrappers.c)
 * and its life cycle (papcoll.c). Nothing here is for applications: they
 * call MPI as usual and libpapcoll intercepts the collectives (docs/papcoll.md). */
#ifndef PAPCOLL_H
#define PAPCOLL_H

#include <mpi.h>

#include "papcoll_config.h"
#include "papsim_algorithms.h"

/* Why a call that a rule gave to a papsim algorithm went to the MPI library. */
enum {
    PAPCOLL_FT_INTERCOMM, /* an inter-communicator */
    PAPCOLL_FT_NP,        /* np breaks the algorithm's restriction */
    PAPCOLL_FT_OP,        /* a non-commutative op for an algorithm that needs one */
    PAPCOLL_FT_RADIX,     /* the rule's radix vector does not multiply to np */
    PAPCOLL_NREASONS
};

/* Counters of one (collective, rule) on one rank, as doubles so that one
 * reduction sums them over the ranks. */
enum {
    PAPCOLL_C_CALLS,
    PAPCOLL_C_BYTES,
    PAPCOLL_C_TIME,       /* seconds inside the collective */
    PAPCOLL_C_FT,         /* PAPCOLL_NREASONS counters from here */
    PAPCOLL_C_PRED = PAPCOLL_C_FT + PAPCOLL_NREASONS, /* calls with a prediction */
    PAPCOLL_C_PRED_ERR,   /* sum of their mean |predicted - actual| offsets */
    PAPCOLL_C_PRED_ERR_MAX,
    PAPCOLL_C_PRED_CHANGES, /* calls whose predicted order changed */
    PAPCOLL_NCOUNTERS
};

/* Rule index PAPCOLL_MAX_RULES counts the calls no rule matched. */
typedef double papcoll_counters[PAPCOLL_NCOLLECTIVES][PAPCOLL_MAX_RULES + 1][PAPCOLL_NCOUNTERS];

typedef struct papcoll_state papcoll_state;

/* This rank's state, or NULL before MPI_Init, after MPI_Finalize, or inside
 * a papsim algorithm (whose own MPI calls then go straight to the library). */
papcoll_state *papcoll_enter(void);
void papcoll_leave(papcoll_state *s);

const papcoll_config *papcoll_cfg(const papcoll_state *s);
double *papcoll_counter(papcoll_state *s, int coll, const papcoll_rule *rule);

/* This rank's clock on rank 0's (exact under SMPI). */
double papcoll_now(const papcoll_state *s);

/* The arrival prediction's share of a rank's state (papcoll_predict.c). */
typedef struct {
    int keyval;                     /* caches a communicator's predictors on it */
    struct papcoll_predictor *live; /* every predictor, settled at MPI_Finalize */
} papcoll_prediction;
papcoll_prediction *papcoll_prediction_of(papcoll_state *s);

/* The state lives while MPI_Finalize or an attribute holds it: one more
 * holder, one less (the last frees it). */
void papcoll_state_hold(papcoll_state *s);
void papcoll_state_release(papcoll_state *s);

/* 1 when this rank may still call MPI from here. A communicator's
 * attribute is deleted inside an MPI call of the rank, or, under SMPI,
 * when the simulation ends (SMPI_finalize, outside every rank): there a
 * rank that returned from main without MPI_Finalize, as some of MPICH's
 * tests do, left its predictors with an exchange in flight and a
 * duplicate communicator, which no MPI call may touch any more. */
int papcoll_mpi_usable(const papcoll_state *s);

/* At MPI_Init: the attribute key of the predictors. */
int papcoll_predict_start(papcoll_state *s);
/* At MPI_Finalize, while MPI is whole: every exchange settled, every
 * duplicate communicator freed (MPI_COMM_WORLD's predictors freed too). */
void papcoll_predict_settle(papcoll_state *s);
/* At MPI_Finalize, after the report: the attribute key freed. */
void papcoll_predict_end(papcoll_state *s);

/* The expected arrival offsets for an arrival-aware algorithm's call on comm,
 * or NULL before the first prediction; also posts this call's exchange of
 * its arrival t_in (papcoll_now at entry) and the application's return
 * address (the call site), before the algorithm runs. */
int papcoll_arrivals_before(papcoll_state *s, int coll, const papcoll_rule *rule, MPI_Comm comm,
                            double t_in, const void *caller, const double **arrivals);

#endif
