/* libpapcoll's live arrival prediction, for the arrival-aware algorithms
 * (reduce clairvoyant, allreduce slt and prr; knob knowledge=predicted,
 * their default). Per communicator, collective and call site, every rank keeps
 * the arrival offsets a_j - min(a) of the last PAPCOLL_WINDOW calls of all
 * ranks and predicts the next call's as their mean: the moving average
 * papbench's --knowledge predicted uses. The ranks agree on the prediction
 * without waiting for each other: as call k starts, before its algorithm
 * sends anything, each rank posts a nonblocking allgather of (its arrival
 * time, its call site) in call k (on a duplicate of the communicator, so it
 * never matches the application's messages), and at call k+1 completes it
 * (it finished long before, unless a rank is still in call k) and folds it
 * into the history of the site all ranks called from (or of "mixed sites"). The history that predicts call
 * k+1 is chosen from folded data only (the site that followed the last
 * call's site the previous time), so a rank that calls from another line
 * than its peers still chooses as they do, and every rank computes the same
 * mean from the same bits: the vectors are identical, as the algorithms
 * require. When the predicted order is the one of the previous call, the
 * previous vector is passed again, so that order-driven schedules (SLT,
 * PRR) stay the same.
 *
 * A predictor hangs on its communicator as an attribute, which holds a
 * reference to the rank's state (papcoll.c). */
#include "papcoll.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { PAPCOLL_SITES = 8 };

/* The arrivals seen at one call site (agreed by all ranks) of a
 * communicator's collective. */
typedef struct {
    double site;         /* the call site, or -1: the calls of mixed sites */
    double *hist;        /* window x np arrival offsets, a ring */
    int nhist, next;
    int after;           /* the slot of the call that followed the last one here, -1 */
} site_slot;

typedef struct papcoll_predictor {
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
    struct papcoll_predictor *next_live;
} predictor;

typedef struct {
    predictor *p[PAPCOLL_NCOLLECTIVES];
} comm_predictors;

static void settle(predictor *p)
{
    if (p->pending)
        PMPI_Wait(&p->req, MPI_STATUS_IGNORE);
    p->pending = 0;
}

/* Frees p; its duplicate communicator too when MPI may still be called
 * (papcoll_mpi_usable). */
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

static void unlink_predictor(papcoll_prediction *pr, predictor *p)
{
    for (predictor **at = &pr->live; *at; at = &(*at)->next_live)
        if (*at == p) {
            *at = p->next_live;
            return;
        }
}

/* A communicator is freed (or MPI finalizes): its exchanges end with it.
 * Once MPI_Finalize has begun, the predictors hold no MPI object (settled,
 * duplicate freed), so this calls no MPI function then; nor when the rank
 * is gone without MPI_Finalize (papcoll_mpi_usable): the memory alone is freed. */
static int drop_predictors(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    (void)comm;
    (void)keyval;
    comm_predictors *cp = attr;
    const int mpi = papcoll_mpi_usable(extra);
    for (int c = 0; c < PAPCOLL_NCOLLECTIVES; c++)
        if (cp->p[c]) {
            if (mpi)
                settle(cp->p[c]);
            unlink_predictor(papcoll_prediction_of(extra), cp->p[c]);
            free_predictor(cp->p[c], mpi);
        }
    free(cp);
    papcoll_state_release(extra);
    return MPI_SUCCESS;
}

/* The predictor of (comm, coll), made at its first call: every rank of comm
 * is in that call, so the duplication is matched. NULL when out of memory. */
static predictor *predictor_of(papcoll_state *s, MPI_Comm comm, int coll, int *rc)
{
    papcoll_prediction *pr = papcoll_prediction_of(s);
    comm_predictors *cp = NULL;
    int found = 0, np;
    *rc = PMPI_Comm_get_attr(comm, pr->keyval, &cp, &found);
    if (*rc != MPI_SUCCESS)
        return NULL;
    if (!found) {
        if (!(cp = calloc(1, sizeof *cp)))
            return *rc = MPI_ERR_NO_MEM, NULL;
        if ((*rc = PMPI_Comm_set_attr(comm, pr->keyval, cp)) != MPI_SUCCESS)
            return free(cp), NULL;
        papcoll_state_hold(s); /* released by drop_predictors */
    }
    if (cp->p[coll])
        return cp->p[coll];
    PMPI_Comm_size(comm, &np);
    predictor *p = calloc(1, sizeof *p);
    if (p) {
        p->comm = MPI_COMM_NULL;
        p->np = np;
        p->window = papcoll_cfg(s)->window;
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
    p->next_live = pr->live;
    pr->live = p;
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

int papcoll_predict_start(papcoll_state *s)
{
    return PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, drop_predictors,
                                   &papcoll_prediction_of(s)->keyval, s);
}

void papcoll_predict_settle(papcoll_state *s)
{
    papcoll_prediction *pr = papcoll_prediction_of(s);
    void *attr = NULL;
    int found = 0;
    PMPI_Comm_get_attr(MPI_COMM_WORLD, pr->keyval, &attr, &found);
    if (found)
        PMPI_Comm_delete_attr(MPI_COMM_WORLD, pr->keyval);
    for (predictor *p = pr->live; p; p = p->next_live) {
        settle(p);
        if (p->comm != MPI_COMM_NULL)
            PMPI_Comm_free(&p->comm);
    }
}

void papcoll_predict_end(papcoll_state *s)
{
    PMPI_Comm_free_keyval(&papcoll_prediction_of(s)->keyval);
}
