/* libpapcoll's selection rules (MPI-free, so the unit tests can call it).
 *
 * One environment variable per collective, PAPCOLL_<COLLECTIVE> (upper
 * case: PAPCOLL_ALLREDUCE, PAPCOLL_GATHERV, PAPCOLL_EXSCAN, ...), holds a comma-separated
 * list of rules, tried in order; the first that matches a call chooses:
 *
 *   RULE  = [COND {'&' COND} ':'] ALGO ['(' KNOB {',' KNOB} ')']
 *   COND  = OP BYTES | 'np' OP INTEGER      OP = < <= > >= =
 *   ALGO  = a papsim algorithm of that collective (papsim list), or 'mpi'
 *   KNOB  = NAME '=' VALUE, the knobs the algorithm reads (papsim list):
 *           segment_bytes=8KiB  segments=16  radix=4x4x8  knomial_radix=4
 *           max_requests=8  knowledge=predicted|none
 *           model_alpha=2.66us  model_beta=0.48ns
 *
 * BYTES is the call's message size as papsim counts it (the per-rank block
 * for allgather, alltoall, gather and scatter, the vector for reduce,
 * allreduce, bcast, scan and exscan, the largest block for allgatherv and
 * reduce_scatter, the block for reduce_scatter_block, 0 for barrier), with
 * papsim's units (64KiB, 1MB, 8). The rules of gatherv, scatterv and
 * alltoallv take np conditions only: their ranks pass their own counts, so
 * a size they all agree on does not exist.
 * A call that no rule matches goes to the MPI library ('mpi').
 * Examples:
 *   PAPCOLL_ALLREDUCE=prr
 *   PAPCOLL_REDUCE='<=64KiB:binomial,>64KiB:rabenseifner'
 *   PAPCOLL_BCAST='np>=16&>=1MiB:pipeline(segment_bytes=64KiB),binomial'
 *
 * Other variables: PAPCOLL_REPORT (a file written by rank 0 at
 * MPI_Finalize), PAPCOLL_GAMMA (combine cost, seconds per byte, charged
 * under SMPI only; default 0), PAPCOLL_WINDOW (calls in the arrival
 * moving average, default 5).
 *
 * The configuration is checked whole: a variable named PAPCOLL_* that is
 * none of these is refused, naming the closest name; a value longer than
 * PAPCOLL_VALUE_MAX characters is refused (and read no further); so is a
 * rule that no call can reach: its conditions exclude each other, or the
 * rules before it take every call it would match (they are named). */
#ifndef PAPCOLL_CONFIG_H
#define PAPCOLL_CONFIG_H

#include "papsim_catalog.h"

/* The collectives, PAPCOLL_ID(allreduce) and so on, in collectives.def's
 * order: papsim_collective_table[PAPCOLL_ID(name)] is the collective's row
 * (its name, MPI function, signature and traits). */
#define PAPCOLL_ID(name) PAPCOLL_ID_##name
enum {
#define PAPSIM_COLLECTIVE(name, ...) PAPCOLL_ID(name),
#include "collectives.def"
    PAPCOLL_NCOLLECTIVES
};

enum {
    PAPCOLL_MAX_RULES = 16,
    PAPCOLL_MAX_CONDS = 4,
    PAPCOLL_MAX_RADIX = 31,
    PAPCOLL_VALUE_MAX = 4095 /* characters in a variable's value */
};

typedef enum { PAPCOLL_LT, PAPCOLL_LE, PAPCOLL_GT, PAPCOLL_GE, PAPCOLL_EQ } papcoll_op;

typedef struct {
    int on_np;       /* 1: the communicator size; 0: the message bytes */
    papcoll_op op;
    long long value;
} papcoll_cond;

typedef struct {
    papcoll_cond cond[PAPCOLL_MAX_CONDS];
    int nconds;
    const papsim_catalog_entry *algorithm; /* NULL: the MPI library ('mpi') */
    char text[96];                         /* the rule as written, for the report */
    /* Knobs (papsim_params fields); set only where the algorithm reads them. */
    long long segment_bytes;
    int segments, knomial_radix, max_requests;
    int radix[PAPCOLL_MAX_RADIX], radix_len;
    int knowledge; /* 1 predicted (default for arrival-aware ones), 0 none */
    double model_alpha, model_beta;
} papcoll_rule;

typedef struct {
    papcoll_rule rules[PAPCOLL_NCOLLECTIVES][PAPCOLL_MAX_RULES];
    int nrules[PAPCOLL_NCOLLECTIVES];
    char report[PAPCOLL_VALUE_MAX + 1]; /* PAPCOLL_REPORT, "" for none */
    char plugins[PAPCOLL_VALUE_MAX + 1]; /* PAPCOLL_PLUGINS, "" for none */
    double gamma;
    int window;
} papcoll_config;

/* The collective's name ("allreduce"), its row's in collectives.def. */
const char *papcoll_collective_name(int coll);

/* Reads the configuration from env, a NULL-terminated array of NAME=VALUE
 * strings (environ, or a test's own; of two entries with one name the
 * first counts, as for getenv). Returns 0, or -1 with a message in err that
 * names the variable, the rule and what is wrong. Touches no file:
 * PAPCOLL_REPORT's directory is checked by papcoll_report_check. */
int papcoll_config_read(papcoll_config *cfg, char *const *env, char *err, size_t err_len);

/* Loads the user algorithms of PAPCOLL_PLUGINS (cfg->plugins, registered by
 * papcoll_config_read), built for mpi (PAPSIM_PLUGIN_BUILD_MPI of the
 * caller). Returns 0, or -1 with a message naming the file in err. */
int papcoll_plugins_open(const papcoll_config *cfg, const char *mpi, char *err, size_t len);

/* The first rule of coll that matches np and bytes, or NULL (the MPI
 * library's own). */
const papcoll_rule *papcoll_choose(const papcoll_config *cfg, int coll, int np,
                                   long long bytes);

#endif
