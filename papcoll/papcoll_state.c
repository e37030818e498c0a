/* libpapcoll's per-rank state: its storage and accessors (papcoll_state.h,
 * papcoll.h). */
#include "papcoll_state.h"

#include <stdlib.h>

#ifdef PAPCOLL_SMPI
static papcoll_state **rank_states;

papcoll_state *papcoll_state_current(void)
{
    int rank;
    if (!rank_states)
        return NULL;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank_states[rank];
}

papcoll_state *papcoll_state_new(int rank, int size)
{
    if (!rank_states && !(rank_states = calloc((size_t)size, sizeof *rank_states)))
        return NULL;
    return rank_states[rank] = calloc(1, sizeof **rank_states);
}

void papcoll_state_detach(papcoll_state *s)
{
    rank_states[s->world_rank] = NULL;
}
#else
static papcoll_state *the_state;

papcoll_state *papcoll_state_current(void)
{
    return the_state;
}

papcoll_state *papcoll_state_new(int rank, int size)
{
    (void)rank;
    (void)size;
    return the_state = calloc(1, sizeof *the_state);
}

void papcoll_state_detach(papcoll_state *s)
{
    (void)s;
    the_state = NULL;
}
#endif

void papcoll_state_hold(papcoll_state *s)
{
    s->refs++;
}

void papcoll_state_release(papcoll_state *s)
{
    if (--s->refs == 0)
        free(s);
}

/* The prediction (papcoll.h): see papcoll_predict.c. */
int papcoll_mpi_usable(const papcoll_state *s)
{
#ifdef PAPCOLL_SMPI
    return sg_actor_self() == s->actor;
#else
    (void)s;
    return 1;
#endif
}

papcoll_prediction *papcoll_prediction_of(papcoll_state *s)
{
    return &s->prediction;
}

papcoll_state *papcoll_enter(void)
{
    papcoll_state *s = papcoll_state_current();
    if (!s || s->inside)
        return NULL;
    s->inside = 1;
    return s;
}

void papcoll_leave(papcoll_state *s)
{
    s->inside = 0;
}

const papcoll_config *papcoll_cfg(const papcoll_state *s)
{
    return &s->cfg;
}

double *papcoll_counter(papcoll_state *s, int coll, const papcoll_rule *rule)
{
    int index = rule ? (int)(rule - s->cfg.rules[coll]) : PAPCOLL_MAX_RULES;
    return s->counters[coll][index];
}

double papcoll_now(const papcoll_state *s)
{
    return PMPI_Wtime() + s->offset;
}
