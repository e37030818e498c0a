/* libpapcoll: runs an MPI application's collectives with papsim's
 * algorithms (docs/papcoll.md). This file holds the life cycle and the
 * arrival prediction; papcoll_wrappers.c holds the collectives.
 *
 *   MPI_Init / MPI_Init_thread  read PAPCOLL_* (papcoll_config.c) and
 *                               check PAPCOLL_REPORT's directory
 *                               (papcoll_report.c); a configuration
 *                               libpapcoll cannot follow ends every rank
 *                               here with exit status 2, one message naming
 *                               the variable; estimate this rank's clock
 *                               offset to rank 0
 *   each collective             papcoll_wrappers.c
 *   MPI_Finalize                settle the prediction exchanges, sum the
 *                               counters on rank 0, which writes the report
 *                               (PAPCOLL_REPORT); a report not written ends
 *                               every rank with exit status 1 once MPI is
 *                               finalized
 *
 * Live arrival prediction, for the arrival-aware algorithms (reduce
 * clairvoyant, allreduce slt and prr; knob knowledge=predicted, their
 * default). Per communicator, collective and call site, every rank keeps
 * the arrival offsets a_j - min(a) of the last PAPCOLL_WINDOW calls of all
 * ranks and predicts the next call's as their mean: the moving average
 * papbench's --knowledge predicted uses. The ranks agree on the prediction
 * without waiting for each other: as call k starts, before its algorithm
 * sends anything, each rank posts a nonblocking allgather of (its arrival
 * time, its call site) in call k (on a duplicate of the communicator, so it
 * never matches the application's messages), and at call k+1 completes it
 * (it finished long before, unless a rank is still in call k) and folds it
 * into the history of the site all
 * ranks called from (or of "mixed sites"). The history that predicts call
 * k+1 is chosen from folded data only (the site that followed the last
 * call's site the previous time), so a rank that calls from another line
 * than its peers still chooses as they do, and every rank computes the same
 * mean from the same bits: the vectors are identical, as the algorithms
 * require. When the predicted order is the one of the previous call, the
 * previous vector is passed again, so that order-driven schedules (SLT,
 * PRR) stay the same.
 *
 * State: one papcoll_state per rank. With a real MPI a rank is a process.
 * Under SMPI (PAPCOLL_SMPI) the ranks may share this library's globals, so
 * the states sit in a table indexed by world rank. A state outlives every
 * attribute that refers to it: the predictors hang on the application's
 * communicators as attributes, which the MPI library deletes when it
 * pleases (MPI_COMM_SELF's inside MPI_Finalize; SMPI's when the rank's
 * actor ends, after MPI_Finalize), so each attribute holds a reference to
 * the state, as MPI_Finalize does until MPI is finalized; the last
 * reference frees it. Before MPI_Finalize gives its reference up, no
 * predictor holds an MPI object any more (exchanges settled, duplicates
 * freed), so a delete callback that runs later calls no MPI function. */
#include "papcoll.h"
#include "papsim_plugin.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papcoll_report.h"
#ifdef PAPCOLL_SMPI
#include <simgrid/actor.h>
#endif

enum {
    TAG_CLOCK = 7201,
    CLOCK_ROUNDS = 16,
    EXIT_BAD_CONFIG = 2, /* a configuration refused at MPI_Init */
    EXIT_NO_REPORT = 1,  /* the report not written at MPI_Finalize */
    PAPCOLL_SITES = 8
};

/* The arrivals seen at one call site (agreed by all ranks) of a
 * communicator's collective. */
typedef struct {
    double site;         /* the call site, or -1: the calls of mixed sites */
    double *hist;        /* window x np arrival offsets, a ring */
    int nhist, next;
    int after;           /* the slot of the call that followed the last one here, -1 */
} site_slot;

typedef struct predictor {
    MPI_Comm comm;       /* a duplicate of the application's communicator */
    int np, window;
    site_slot slot[PAPCOLL_SITES];
    int nslots, last;    /* slots in use; the slot of the last folded call, -1 */
    double mine[2], *recv; /* the exchange in flight: (arrival, site) per rank */
    MPI_Request req;
    int pending;
    double *used;        /* the vector passed to the last call */
    int have_used;
    double *mean;        /* scratch: the new prediction */
    int *order_used, *order_mean;
    struct predictor *next_live;
} predictor;

typedef struct {
    predictor *p[PAPCOLL_NCOLLECTIVES];
} comm_predictors;

struct papcoll_state {
    papcoll_config cfg;
    int world_rank, world_size;
    int inside;         /* 1 while a papsim algorithm runs */
    double offset;      /* to rank 0's clock */
    int keyval;         /* caches a comm_predictors on each communicator */
    predictor *live;    /* every predictor, to settle at MPI_Finalize */
    int refs;           /* MPI_Finalize's and one per comm_predictors attribute */
    papcoll_counters counters;
    papcoll_counters sum, max; /* rank 0, at MPI_Finalize: over the ranks */
#ifdef PAPCOLL_SMPI
    sg_actor_t actor;   /* the rank's actor (mpi_usable) */
#endif
};

/* ---- per-rank state ---- */

#ifdef PAPCOLL_SMPI
static papcoll_state **rank_states;

static papcoll_state *current_state(void)
{
    int rank;
    if (!rank_states)
        return NULL;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank_states[rank];
}

static papcoll_state *new_state(int rank, int size)
{
    if (!rank_states && !(rank_states = calloc((size_t)size, sizeof *rank_states)))
        return NULL;
    return rank_states[rank] = calloc(1, sizeof **rank_states);
}

/* The state is no longer the rank's: its calls go to the MPI library. */
static void detach_state(papcoll_state *s)
{
    rank_states[s->world_rank] = NULL;
}
#else
static papcoll_state *the_state;

static papcoll_state *current_state(void)
{
    return the_state;
}

static papcoll_state *new_state(int rank, int size)
{
    (void)rank;
    (void)size;
    return the_state = calloc(1, sizeof *the_state);
}

static void detach_state(papcoll_state *s)
{
    (void)s;
    the_state = NULL;
}
#endif

static void release_state(papcoll_state *s)
{
    if (--s->refs == 0)
        free(s);
}

/* 1 when this rank may still call MPI from here. A communicator's
 * attribute is deleted inside an MPI call of the rank, or, under SMPI,
 * when the simulation ends (SMPI_finalize, outside every rank): there a
 * rank that returned from main without MPI_Finalize, as some of MPICH's
 * tests do, left its predictors with an exchange in flight and a
 * duplicate communicator, which no MPI call may touch any more. */
static int mpi_usable(const papcoll_state *s)
{
#ifdef PAPCOLL_SMPI
    return sg_actor_self() == s->actor;
#else
    (void)s;
    return 1;
#endif
}

papcoll_state *papcoll_enter(void)
{
    papcoll_state *s = current_state();
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

/* ---- clock ---- */

/* The offset of this rank's clock to rank 0's: the midpoint of the
 * ping-pong with the shortest round trip. 0 when MPI says its clock is
 * global (SMPI's simulated clock is). */
static int clock_offset(papcoll_state *s)
{
    int *global = NULL, found = 0, rc = MPI_SUCCESS;
    s->offset = 0;
    PMPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &global, &found);
#ifdef PAPCOLL_SMPI
    found = 1, global = &(int){1};
#endif
    if (found && global && *global)
        return MPI_SUCCESS;
    double best = HUGE_VAL;
    for (int peer = 1; peer < s->world_size && rc == MPI_SUCCESS; peer++) {
        for (int round = 0; round < CLOCK_ROUNDS && rc == MPI_SUCCESS; round++) {
            double sent = PMPI_Wtime(), theirs = 0;
            if (s->world_rank == 0) {
                rc = PMPI_Recv(&theirs, 1, MPI_DOUBLE, peer, TAG_CLOCK, MPI_COMM_WORLD,
                               MPI_STATUS_IGNORE);
                sent = PMPI_Wtime();
                if (rc == MPI_SUCCESS)
                    rc = PMPI_Send(&sent, 1, MPI_DOUBLE, peer, TAG_CLOCK, MPI_COMM_WORLD);
            } else if (s->world_rank == peer) {
                rc = PMPI_Sendrecv(&sent, 1, MPI_DOUBLE, 0, TAG_CLOCK, &theirs, 1, MPI_DOUBLE, 0,
                                   TAG_CLOCK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                double back = PMPI_Wtime();
                if (back - sent < best) {
                    best = back - sent;
                    s->offset = theirs - (sent + back) / 2;
                }
            }
        }
    }
    return rc;
}

/* ---- arrival prediction ---- */

static void settle(predictor *p)
{
    if (p->pending)
        PMPI_Wait(&p->req, MPI_STATUS_IGNORE);
    p->pending = 0;
}

/* Frees p; its duplicate communicator too when MPI may still be called
 * (mpi_usable). */
static void free_predictor(predictor *p, int mpi)
{
    if (!p)
        return;
    if (mpi && p->comm != MPI_COMM_NULL)
        PMPI_Comm_free(&p->comm);
    for (int k = 0; k < p->nslots; k++)
        free(p->slot[k].hist);
    free(p->recv);
    free(p->used);
    free(p->mean);
    free(p->order_used);
    free(p->order_mean);
    free(p);
}

static void unlink_predictor(papcoll_state *s, predictor *p)
{
    for (predictor **at = &s->live; *at; at = &(*at)->next_live)
        if (*at == p) {
            *at = p->next_live;
            return;
        }
}

/* A communicator is freed (or MPI finalizes): its exchanges end with it.
 * Once MPI_Finalize has begun, the predictors hold no MPI object (settled,
 * duplicate freed), so this calls no MPI function then; nor when the rank
 * is gone without MPI_Finalize (mpi_usable): the memory alone is freed. */
static int drop_predictors(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    (void)comm;
    (void)keyval;
    comm_predictors *cp = attr;
    const int mpi = mpi_usable(extra);
    for (int c = 0; c < PAPCOLL_NCOLLECTIVES; c++)
        if (cp->p[c]) {
            if (mpi)
                settle(cp->p[c]);
            unlink_predictor(extra, cp->p[c]);
            free_predictor(cp->p[c], mpi);
        }
    free(cp);
    release_state(extra);
    return MPI_SUCCESS;
}

/* The predictor of (comm, coll), made at its first call: every rank of comm
 * is in that call, so the duplication is matched. NULL when out of memory. */
static predictor *predictor_of(papcoll_state *s, MPI_Comm comm, int coll, int *rc)
{
    comm_predictors *cp = NULL;
    int found = 0, np;
    *rc = PMPI_Comm_get_attr(comm, s->keyval, &cp, &found);
    if (*rc != MPI_SUCCESS)
        return NULL;
    if (!found) {
        if (!(cp = calloc(1, sizeof *cp)))
            return *rc = MPI_ERR_NO_MEM, NULL;
        if ((*rc = PMPI_Comm_set_attr(comm, s->keyval, cp)) != MPI_SUCCESS)
            return free(cp), NULL;
        s->refs++; /* released by drop_predictors */
    }
    if (cp->p[coll])
        return cp->p[coll];
    PMPI_Comm_size(comm, &np);
    predictor *p = calloc(1, sizeof *p);
    if (p) {
        p->comm = MPI_COMM_NULL;
        p->np = np;
        p->window = s->cfg.window;
        p->last = -1;
        p->recv = malloc(sizeof(double) * 2 * (size_t)np);
        p->used = malloc(sizeof(double) * (size_t)np);
        p->mean = malloc(sizeof(double) * (size_t)np);
        p->order_used = malloc(sizeof(int) * (size_t)np);
        p->order_mean = malloc(sizeof(int) * (size_t)np);
    }
    if (!p || !p->recv || !p->used || !p->mean || !p->order_used || !p->order_mean) {
        free_predictor(p, 1);
        return *rc = MPI_ERR_NO_MEM, NULL;
    }
    if ((*rc = PMPI_Comm_dup(comm, &p->comm)) != MPI_SUCCESS) {
        free_predictor(p, 1);
        return NULL;
    }
    p->next_live = s->live;
    s->live = p;
    return cp->p[coll] = p;
}

/* The ranks by increasing value (ties by rank): insertion sort, np is small
 * next to the collective's own work. */
static void order_of(const double *v, int n, int *order)
{
    for (int i = 0; i < n; i++) {
        int j = i;
        for (; j > 0 && v[order[j - 1]] > v[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
}

/* The slot of an agreed call site, made at its first call; calls beyond
 * PAPCOLL_SITES sites share the last slot. NULL when out of memory. */
static site_slot *slot_of(predictor *p, double site)
{
    for (int k = 0; k < p->nslots; k++)
        if (p->slot[k].site == site || k == PAPCOLL_SITES - 1)
            return &p->slot[k];
    site_slot *sl = &p->slot[p->nslots];
    if (!(sl->hist = malloc(sizeof(double) * (size_t)p->np * (size_t)p->window)))
        return NULL;
    sl->site = site;
    sl->nhist = sl->next = 0;
    sl->after = -1;
    p->nslots++;
    return sl;
}

/* Folds the completed exchange of the previous call into the history of its
 * call site (the site every rank called from, or -1 when they differ) and
 * scores the prediction that call used. Every rank folds the same bits. */
static void fold_previous(predictor *p, double *counters)
{
    double low = p->recv[0], err = 0, site = p->recv[1];
    for (int j = 1; j < p->np; j++) {
        low = fmin(low, p->recv[2 * j]);
        if (p->recv[2 * j + 1] != site)
            site = -1;
    }
    site_slot *sl = slot_of(p, site);
    if (!sl)
        return; /* out of memory: this call is not remembered */
    int index = (int)(sl - p->slot);
    if (p->last >= 0)
        p->slot[p->last].after = index;
    p->last = index;
    double *row = sl->hist + (size_t)sl->next * (size_t)p->np;
    for (int j = 0; j < p->np; j++) {
        row[j] = p->recv[2 * j] - low;
        if (p->have_used)
            err += fabs(p->used[j] - row[j]);
    }
    if (p->have_used) {
        err /= p->np;
        counters[PAPCOLL_C_PRED_ERR] += err;
        counters[PAPCOLL_C_PRED_ERR_MAX] = fmax(counters[PAPCOLL_C_PRED_ERR_MAX], err);
    }
    sl->next = (sl->next + 1) % p->window;
    if (sl->nhist < p->window)
        sl->nhist++;
}

/* The slot whose history predicts this call: the site that followed the
 * last call's site the previous time (a sequence A B A B ... predicts A
 * after B), else the last call's own. Chosen from folded data only, so
 * every rank chooses alike whatever line it calls from. */
static const site_slot *predicting_slot(const predictor *p)
{
    if (p->last < 0)
        return NULL;
    int after = p->slot[p->last].after;
    if (after >= 0 && p->slot[after].nhist > 0)
        return &p->slot[after];
    return &p->slot[p->last];
}

/* The prediction for this call from the folded history (NULL before the
 * first one): the mean of the predicting slot, or the vector of the last
 * call again when the order it gives is the same. */
static const double *predict(predictor *p, double *counters)
{
    const site_slot *sl = predicting_slot(p);
    if (!sl || sl->nhist == 0)
        return NULL;
    for (int j = 0; j < p->np; j++) {
        double sum = 0;
        for (int k = 0; k < sl->nhist; k++)
            sum += sl->hist[(size_t)k * (size_t)p->np + (size_t)j];
        p->mean[j] = sum / sl->nhist;
    }
    order_of(p->mean, p->np, p->order_mean);
    if (!p->have_used || memcmp(p->order_mean, p->order_used, sizeof(int) * (size_t)p->np) != 0) {
        memcpy(p->used, p->mean, sizeof(double) * (size_t)p->np);
        memcpy(p->order_used, p->order_mean, sizeof(int) * (size_t)p->np);
        p->have_used = 1;
        counters[PAPCOLL_C_PRED_CHANGES] += 1;
    }
    counters[PAPCOLL_C_PRED] += 1;
    return p->used;
}

/* The call site as a number every rank of the same program computes alike:
 * the return address's offset in its executable or library (the load
 * addresses may differ between processes). */
static double site_of(const void *caller)
{
    Dl_info info;
    if (caller && dladdr(caller, &info) != 0 && info.dli_fbase)
        return (double)((const char *)caller - (const char *)info.dli_fbase);
    return (double)(uintptr_t)caller;
}

int papcoll_arrivals_before(papcoll_state *s, int coll, const papcoll_rule *rule, MPI_Comm comm,
                            double t_in, const void *caller, const double **arrivals)
{
    int rc;
    double *counters = papcoll_counter(s, coll, rule);
    predictor *p = predictor_of(s, comm, coll, &rc);
    *arrivals = NULL;
    if (!p)
        return rc;
    if (p->pending) {
        settle(p);
        fold_previous(p, counters);
    }
    *arrivals = predict(p, counters);
    /* This call's exchange, posted before the algorithm sends anything: a
     * rank leaves a call only after its peers entered it (or, for a rank
     * an algorithm lets go early, after they are past posting to it), so
     * no exchange is posted to a rank that has already left the program,
     * which SMPI aborts, also when the application returns from main
     * without MPI_Finalize. */
    p->mine[0] = t_in;
    p->mine[1] = site_of(caller);
    rc = PMPI_Iallgather(p->mine, 2, MPI_DOUBLE, p->recv, 2, MPI_DOUBLE, p->comm, &p->req);
    p->pending = rc == MPI_SUCCESS;
    return rc;
}

/* ---- init and finalize ---- */

extern char **environ;

/* Ends every rank of MPI_COMM_WORLD with status: after one line on stderr
 * from rank `who` (what it found), once every rank is here, with MPI
 * finalized. (Under SMPI, exit is SMPI's: it ends the rank, and smpirun
 * exits with the first status that is not 0.) */
static void end_all(int rank, int who, const char *what, int status)
{
    if (rank == who) {
        if (who == 0)
            fprintf(stderr, "papcoll: %s\n", what);
        else
            fprintf(stderr, "papcoll: rank %d: %s\n", who, what);
        fflush(stderr);
    }
    fflush(stdout);
    PMPI_Barrier(MPI_COMM_WORLD);
    PMPI_Finalize();
    exit(status);
}

static int start(void)
{
    int rank, size;
    char err[1024] = "";
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    papcoll_state *s = new_state(rank, size);
    if (!s) {
        fprintf(stderr, "papcoll: rank %d: out of memory at MPI_Init\n", rank);
        return PMPI_Abort(MPI_COMM_WORLD, EXIT_BAD_CONFIG);
    }
    s->world_rank = rank;
    s->world_size = size;
    s->refs = 1; /* MPI_Finalize's */
#ifdef PAPCOLL_SMPI
    s->actor = sg_actor_self();
#endif
    int bad = papcoll_config_read(&s->cfg, environ, err, sizeof err) != 0;
    if (!bad)
        bad = papcoll_plugins_open(&s->cfg, PAPSIM_PLUGIN_BUILD_MPI, err, sizeof err) != 0;
#ifdef PAPCOLL_SMPI
    /* The ranks share one process, so one environment and one file
     * system: each reaches the same verdict alone, and no message moves
     * the simulated clock. SMPI's exit ends the rank with that status. */
    if (!bad && s->cfg.report[0])
        bad = papcoll_report_check(s->cfg.report, err, sizeof err) != 0;
    if (bad) {
        if (rank == 0)
            fprintf(stderr, "papcoll: %s\n", err);
        exit(EXIT_BAD_CONFIG);
    }
    int rc = MPI_SUCCESS;
#else
    /* Each process reads its own environment; rank 0 alone writes the
     * report. The lowest rank that found a problem names it; all end. */
    if (!bad && rank == 0 && s->cfg.report[0])
        bad = papcoll_report_check(s->cfg.report, err, sizeof err) != 0;
    int first = bad ? rank : size;
    int rc = PMPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rc == MPI_SUCCESS && first < size)
        end_all(rank, first, err, EXIT_BAD_CONFIG);
#endif
    if (rc == MPI_SUCCESS)
        rc = PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, drop_predictors, &s->keyval, s);
    if (rc == MPI_SUCCESS)
        rc = clock_offset(s);
    return rc;
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    return rc == MPI_SUCCESS ? start() : rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    return rc == MPI_SUCCESS ? start() : rc;
}

int MPI_Finalize(void)
{
    papcoll_state *s = current_state();
    if (!s)
        return PMPI_Finalize();
    /* Settles and frees the predictors of MPI_COMM_WORLD. The others'
     * exchanges are settled and their duplicates freed here too, while MPI
     * is whole: their attributes may be deleted inside PMPI_Finalize (those
     * of MPI_COMM_SELF first), after it (SMPI), or never (a communicator
     * the application did not free). The creation order of the predictors
     * is that of each communicator's calls, the same on all its ranks. */
    void *attr = NULL;
    int found = 0, failed = 0;
    char err[PAPCOLL_VALUE_MAX + 256] = "";
    PMPI_Comm_get_attr(MPI_COMM_WORLD, s->keyval, &attr, &found);
    if (found)
        PMPI_Comm_delete_attr(MPI_COMM_WORLD, s->keyval);
    for (predictor *p = s->live; p; p = p->next_live) {
        settle(p);
        if (p->comm != MPI_COMM_NULL)
            PMPI_Comm_free(&p->comm);
    }
    if (s->cfg.report[0]) {
        const int n = (int)(sizeof(papcoll_counters) / sizeof(double));
        PMPI_Reduce(s->counters, s->sum, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        PMPI_Reduce(s->counters, s->max, n, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (s->world_rank == 0)
            failed = papcoll_report_write(&s->cfg, s->world_size, s->sum, s->max, err,
                                          sizeof err) != 0;
        PMPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    PMPI_Comm_free_keyval(&s->keyval);
    detach_state(s);
    if (failed)
        end_all(s->world_rank, 0, err, EXIT_NO_REPORT); /* frees nothing: the process ends */
    int rc = PMPI_Finalize();
    release_state(s);
    return rc;
}
