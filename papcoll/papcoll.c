/* libpapcoll: runs an MPI application's collectives with papsim's
 * algorithms (docs/papcoll.md). This file holds the life cycle and the
 * arrival prediction; papcoll_wrappers.c holds the collectives.
 *
 *   MPI_Init / MPI_Init_thread  read PAPCOLL_* (papcoll_config.c); a
 *                               configuration it cannot follow stops the
 *                               run here, naming the variable; estimate
 *                               this rank's clock offset to rank 0 when a
 *                               rule predicts arrivals
 *   each collective             papcoll_wrappers.c
 *   MPI_Finalize                settle the prediction exchanges, sum the
 *                               counters on rank 0, which writes the report
 *                               (PAPCOLL_REPORT)
 *
 * Live arrival prediction, for the arrival-aware algorithms (reduce
 * clairvoyant, allreduce slt and prr; knob knowledge=predicted, their
 * default). Per communicator, collective and call site, every rank keeps
 * the arrival offsets a_j - min(a) of the last PAPCOLL_WINDOW calls of all
 * ranks and predicts the next call's as their mean: the moving average
 * papbench's --knowledge predicted uses. The ranks agree on the prediction
 * without waiting for each other: at the end of call k each rank posts a
 * nonblocking allgather of (its arrival time, its call site) in call k (on
 * a duplicate of the communicator, so it never matches the application's
 * messages), and at call k+1 completes it (it finished long before, unless
 * a rank is still in call k) and folds it into the history of the site all
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
 * the states sit in a table indexed by world rank. */
#include "papcoll.h"
#include "papsim_plugin.h"
#include "plugin.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TAG_CLOCK = 7201, CLOCK_ROUNDS = 16, EXIT_BAD_CONFIG = 2, PAPCOLL_SITES = 8 };

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
    papcoll_counters counters;
    papcoll_counters sum, max; /* rank 0, at MPI_Finalize: over the ranks */
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

static void drop_state(papcoll_state *s)
{
    rank_states[s->world_rank] = NULL;
    free(s);
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

static void drop_state(papcoll_state *s)
{
    free(s);
    the_state = NULL;
}
#endif

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

static void free_predictor(predictor *p)
{
    if (!p)
        return;
    if (p->comm != MPI_COMM_NULL)
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

/* A communicator is freed (or MPI finalizes): its exchanges end with it. */
static int drop_predictors(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    (void)comm;
    (void)keyval;
    comm_predictors *cp = attr;
    for (int c = 0; c < PAPCOLL_NCOLLECTIVES; c++)
        if (cp->p[c]) {
            settle(cp->p[c]);
            unlink_predictor(extra, cp->p[c]);
            free_predictor(cp->p[c]);
        }
    free(cp);
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
        free_predictor(p);
        return *rc = MPI_ERR_NO_MEM, NULL;
    }
    if ((*rc = PMPI_Comm_dup(comm, &p->comm)) != MPI_SUCCESS) {
        free_predictor(p);
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

int papcoll_arrivals_before(papcoll_state *s, int coll, const papcoll_rule *rule, MPI_Comm comm,
                            const double **arrivals)
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
    const site_slot *sl = predicting_slot(p);
    if (!sl || sl->nhist == 0)
        return MPI_SUCCESS;
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
    *arrivals = p->used;
    return MPI_SUCCESS;
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

int papcoll_arrivals_after(papcoll_state *s, int coll, MPI_Comm comm, double t_in,
                           const void *caller)
{
    int rc;
    predictor *p = predictor_of(s, comm, coll, &rc);
    if (!p)
        return rc;
    p->mine[0] = t_in;
    p->mine[1] = site_of(caller);
    rc = PMPI_Iallgather(p->mine, 2, MPI_DOUBLE, p->recv, 2, MPI_DOUBLE, p->comm, &p->req);
    p->pending = rc == MPI_SUCCESS;
    return rc;
}

/* ---- init and finalize ---- */

/* PAPCOLL_PLUGINS: the files of user algorithms (papsim_plugin.h), built
 * for this MPI, separated by colons; their algorithms are user:NAME in the
 * rules. */
static int open_plugins(char *err, size_t len)
{
    const char *v = getenv("PAPCOLL_PLUGINS");
    char path[4096], why[960];
    while (v && *v) {
        size_t n = strcspn(v, ":");
        if (n == 0 || n >= sizeof path) {
            snprintf(err, len, "PAPCOLL_PLUGINS: expected FILE[:FILE...], each a user's "
                               "algorithm built for this MPI");
            return -1;
        }
        memcpy(path, v, n);
        path[n] = '\0';
        if (papsim_plugin_open(path, PAPSIM_PLUGIN_BUILD_MPI, why, sizeof why) != 0) {
            snprintf(err, len, "PAPCOLL_PLUGINS: %s", why);
            return -1;
        }
        v += n + (v[n] == ':');
    }
    return 0;
}


static int start(void)
{
    int rank, size;
    char err[1024];
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    papcoll_state *s = new_state(rank, size);
    if (!s) {
        fprintf(stderr, "papcoll: rank %d: out of memory at MPI_Init\n", rank);
        return PMPI_Abort(MPI_COMM_WORLD, EXIT_BAD_CONFIG);
    }
    s->world_rank = rank;
    s->world_size = size;
    if (open_plugins(err, sizeof err) != 0 ||
        papcoll_config_read(&s->cfg, getenv, err, sizeof err) != 0) {
        if (rank == 0)
            fprintf(stderr, "papcoll: %s\n", err);
#ifdef PAPCOLL_SMPI
        /* smpirun exits 0 after an MPI_Abort; every rank exiting makes it
         * report the status. */
        exit(EXIT_BAD_CONFIG);
#endif
        return PMPI_Abort(MPI_COMM_WORLD, EXIT_BAD_CONFIG);
    }
    int rc = PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, drop_predictors, &s->keyval, s);
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

static const char *const reason_names[PAPCOLL_NREASONS] = {
    "intercommunicator", "np", "non-commutative op", "radix",
};

/* Rank 0: the report, one row per (collective, rule) that saw a call. */
static void write_report(const papcoll_state *s, papcoll_counters sum, papcoll_counters max)
{
    FILE *f = fopen(s->cfg.report, "w");
    if (!f) {
        fprintf(stderr, "papcoll: PAPCOLL_REPORT: cannot write '%s'\n", s->cfg.report);
        return;
    }
    fprintf(f, "# papcoll report: %d ranks; sums over the ranks (rank_calls: calls "
               "times the ranks that made them)\n", s->world_size);
    fprintf(f, "collective,rule,algorithm,rank_calls,bytes,fallthroughs,fallthrough_reasons,"
               "time_inside_s,time_per_call_s,predicted_calls,order_changes,"
               "prediction_error_mean_s,prediction_error_max_s\n");
    for (int c = 0; c < PAPCOLL_NCOLLECTIVES; c++)
        for (int i = 0; i <= PAPCOLL_MAX_RULES; i++) {
            const double *v = sum[c][i];
            if (v[PAPCOLL_C_CALLS] == 0 || (i < PAPCOLL_MAX_RULES && i >= s->cfg.nrules[c]))
                continue;
            const papcoll_rule *r = i < PAPCOLL_MAX_RULES ? &s->cfg.rules[c][i] : NULL;
            double ft = 0;
            char reasons[256] = "";
            for (int k = 0; k < PAPCOLL_NREASONS; k++)
                if (v[PAPCOLL_C_FT + k] > 0) {
                    ft += v[PAPCOLL_C_FT + k];
                    snprintf(reasons + strlen(reasons), sizeof reasons - strlen(reasons),
                             "%s%s:%.0f", reasons[0] ? ";" : "", reason_names[k],
                             v[PAPCOLL_C_FT + k]);
                }
            double pred = v[PAPCOLL_C_PRED];
            fprintf(f, "%s,%s,%s,%.0f,%.0f,%.0f,%s,%.9g,%.9g,%.0f,%.0f,%.9g,%.9g\n",
                    papcoll_collective_name(c), r ? r->text : "(no rule)",
                    r && r->algorithm ? r->algorithm->name : "mpi", v[PAPCOLL_C_CALLS],
                    v[PAPCOLL_C_BYTES], ft, reasons[0] ? reasons : "-", v[PAPCOLL_C_TIME],
                    v[PAPCOLL_C_TIME] / v[PAPCOLL_C_CALLS], pred, v[PAPCOLL_C_PRED_CHANGES],
                    pred > 0 ? v[PAPCOLL_C_PRED_ERR] / pred : 0,
                    max[c][i][PAPCOLL_C_PRED_ERR_MAX]);
        }
    if (fclose(f) != 0)
        fprintf(stderr, "papcoll: PAPCOLL_REPORT: cannot write '%s'\n", s->cfg.report);
}

int MPI_Finalize(void)
{
    papcoll_state *s = current_state();
    if (s) {
        /* Settles and frees the predictors of MPI_COMM_WORLD; the others'
         * exchanges are settled here too (their communicators may never be
         * freed). */
        void *attr = NULL;
        int found = 0;
        PMPI_Comm_get_attr(MPI_COMM_WORLD, s->keyval, &attr, &found);
        if (found)
            PMPI_Comm_delete_attr(MPI_COMM_WORLD, s->keyval);
        for (predictor *p = s->live; p; p = p->next_live)
            settle(p);
        if (s->cfg.report[0]) {
            const int n = (int)(sizeof(papcoll_counters) / sizeof(double));
            PMPI_Reduce(s->counters, s->sum, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
            PMPI_Reduce(s->counters, s->max, n, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
            if (s->world_rank == 0)
                write_report(s, s->sum, s->max);
        }
        PMPI_Comm_free_keyval(&s->keyval);
        drop_state(s);
    }
    return PMPI_Finalize();
}
