/* Running a sweep spec into DIR/results.csv: the engine behind papsim run
 * and papsim study. Two phases: the absolute skews (no-delay among them),
 * then the relative skews they resolve; unsupported cases and cases whose
 * own baseline timed out get status rows; at the end results.csv is sorted
 * into the spec's order and DIR/case_order.csv written (for papsim merge). */
#ifndef PAPSIM_SWEEP_RUN_H
#define PAPSIM_SWEEP_RUN_H

#include "sweep/sweep.h"
#include "sweep/sweep_slurm.h"

enum { SWEEP_COST_GIVEN_MSG = 1, SWEEP_COST_GIVEN_RANK = 2, SWEEP_COST_GIVEN_SCAN = 4,
       SWEEP_COST_GIVEN_CASE = 8, SWEEP_COST_GIVEN_WAITALL = 16 };

typedef struct {
    const char *spec_path, *out_dir;
    int jobs, quiet, dry_run;
    int ignore_memory; /* --ignore-memory: a memory forecast that does not fit only warns */
    int wait_lock;               /* wait for a run holding DIR */
    int skip_failed;             /* leave out the cases DIR/failed.csv has */
    const char *cfg[32];         /* --cfg=/--log= words for smpirun */
    int ncfg;
    int shard, nshards;          /* shard I/N; 0/0 = the whole sweep */
    sweep_cost_model cost;       /* the forecast's costs (eager threshold included) */
    unsigned cost_given;         /* which of them the user set (SWEEP_COST_GIVEN_*): the
                                  * others follow the SimGrid smpirun runs */
    double case_timeout;         /* wall seconds per case; 0 = no limit */
    int slurm;                   /* write the job-array script, run nothing */
    sweep_slurm_options so;      /* its #SBATCH settings */
    int argc;                    /* the command line, for the provenance record */
    char **argv;                 /* and the lock file (argv[0] is the command) */
} sweep_run_options;

/* Runs the sweep: with dry_run, prints the cases (stdout) and the forecast;
 * with slurm, writes the job-array script; else runs what results.csv
 * lacks, printing progress and the closing count on stderr. Returns the
 * exit status (0 ok; 1 a case or a write failed; 2 bad input; 130
 * interrupted); e holds a message to print when e->msg is not empty. */
int sweep_run_spec(const sweep_run_options *o, papsim_err *e);

#endif
