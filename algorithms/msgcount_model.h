/* The message-count models (msgcount_models.c) as the estimates of
 * msgcount.c read them: a model counts the messages of one call and says
 * how many of a rank's sends are in flight at once and how large each is. */
#ifndef PAPSIM_MSGCOUNT_MODEL_H
#define PAPSIM_MSGCOUNT_MODEL_H

#include "papsim_msgcount.h"

typedef double (*count_fn)(const papsim_msgcount_case *c, double p, double L);

/* How many of its sends one rank has in flight at once: what sets the
 * length of SimGrid 3.32's list of detached sends (see
 * papsim_msgcount_eager_scan). */
typedef enum {
    FLIGHT_ONE,    /* at most one: rounds of exchanges, trees, rings */
    FLIGHT_HALF_P, /* about p/2: Sparbit's last steps */
    FLIGHT_ALL,    /* all of them, posted at once: linear patterns */
    FLIGHT_LEAVES, /* segmented trees whose p/2 leaves send every segment at
                      once (blocking eager sends return at once) */
    FLIGHT_CHAIN_END, /* a segmented chain: its end sends every segment */
} flight_kind;

/* The size of one message, against the eager threshold. */
typedef enum {
    PAYLOAD_WHOLE,   /* the case's bytes (a block, or an unsegmented vector) */
    PAYLOAD_SEGMENT, /* bytes over the segments per edge */
    PAYLOAD_SLICE,   /* bytes / p (ring and scatter phases) */
    PAYLOAD_HALVING, /* bytes / 2 .. bytes / p over log2 p steps */
} payload_kind;

struct papsim_msgcount_model {
    count_fn count;
    flight_kind flight;
    payload_kind payload;
};

/* ceil(log2 p), 0 for p <= 1. */
double papsim_msgcount_ceil_log2(int p);

/* The model of builtin:NAME of a collective (name "builtin": its
 * collective's typical one); NULL if there is none. */
const struct papsim_msgcount_model *papsim_msgcount_builtin_model(const char *collective,
                                                                  const char *name);

#endif
