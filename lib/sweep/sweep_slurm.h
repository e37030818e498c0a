/* papsim run --slurm: a sweep as a Slurm job array, one array task per
 * shard (papsim run --shard I/N into DIR/shard-I), merged afterwards with
 * papsim merge. */
#ifndef PAPSIM_SWEEP_SLURM_H
#define PAPSIM_SWEEP_SLURM_H

#include "util/papsim_error.h"

typedef struct {
    int nshards;        /* array tasks (--shards, default 4) */
    int cpus;           /* --cpus-per-task: workers per task (default 1) */
    const char *partition, *time, *mem, *account; /* NULL = Slurm's default */
    const char *extra[16]; /* --sbatch LINE: more #SBATCH options */
    int nextra;
    double case_timeout;   /* papsim run --case-timeout, passed on (0 = none) */
} sweep_slurm_options;

void sweep_slurm_defaults(sweep_slurm_options *so);

/* 1 if arg is one of the options above (each takes a value). */
int sweep_slurm_is_option(const char *arg);

/* Applies one of them; errors name the option and the problem. */
int sweep_slurm_option(const char *arg, const char *value, sweep_slurm_options *so,
                       papsim_err *e);

/* Writes OUT_DIR/sweep.sbatch for the spec (ncases cases; cfg are the
 * --cfg words to pass on) and prints how to submit it and merge. */
int sweep_slurm_write(const char *spec_path, const char *out_dir, int ncases,
                      const char *const *cfg, int ncfg, const sweep_slurm_options *so,
                      papsim_err *e);

#endif
