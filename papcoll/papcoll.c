/* libpapcoll: runs an MPI application's collectives with papsim's
 * algorithms (docs/papcoll.md). This file holds the life cycle;
 * papcoll_state.c the per-rank state, papcoll_predict.c the arrival
 * prediction, papcoll_wrappers.c the collectives.
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

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_clock.h"
#include "papcoll_report.h"
#include "papcoll_state.h"

enum {
    TAG_CLOCK = 7201,
    CLOCK_ROUNDS = 16,
    EXIT_BAD_CONFIG = 2, /* a configuration refused at MPI_Init */
    EXIT_NO_REPORT = 1,  /* the report not written at MPI_Finalize */
};

/* ---- clock ---- */

/* The offset of this rank's clock to rank 0's (coll_clock.h); 0 when MPI
 * says its clock is global (SMPI's simulated clock is). */
static int clock_offset(papcoll_state *s)
{
    double rtt;
    s->offset = 0;
    if (papsim_wtime_is_global())
        return MPI_SUCCESS;
    return papsim_clock_to_rank0(MPI_COMM_WORLD, TAG_CLOCK, CLOCK_ROUNDS, NULL, &s->offset, &rtt);
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
    papcoll_state *s = papcoll_state_new(rank, size);
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
        rc = papcoll_predict_start(s);
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
    papcoll_state *s = papcoll_state_current();
    if (!s)
        return PMPI_Finalize();
    /* Settles and frees the predictors of MPI_COMM_WORLD. The others'
     * exchanges are settled and their duplicates freed here too, while MPI
     * is whole: their attributes may be deleted inside PMPI_Finalize (those
     * of MPI_COMM_SELF first), after it (SMPI), or never (a communicator
     * the application did not free). The creation order of the predictors
     * is that of each communicator's calls, the same on all its ranks. */
    int failed = 0;
    char err[PAPCOLL_VALUE_MAX + 256] = "";
    papcoll_predict_settle(s);
    if (s->cfg.report[0]) {
        const int n = (int)(sizeof(papcoll_counters) / sizeof(double));
        PMPI_Reduce(s->counters, s->sum, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        PMPI_Reduce(s->counters, s->max, n, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (s->world_rank == 0)
            failed = papcoll_report_write(&s->cfg, s->world_size, s->sum, s->max, err,
                                          sizeof err) != 0;
        PMPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    papcoll_predict_end(s);
    papcoll_state_detach(s);
    if (failed)
        end_all(s->world_rank, 0, err, EXIT_NO_REPORT); /* frees nothing: the process ends */
    int rc = PMPI_Finalize();
    papcoll_state_release(s);
    return rc;
}
