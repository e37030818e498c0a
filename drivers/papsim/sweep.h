/* Sweeps: the cases a spec expands to, and running them in parallel smpirun
 * batches into DIR/results.csv (appended case by case, resumable). */
#ifndef PAPSIM_SWEEP_H
#define PAPSIM_SWEEP_H

#include "case.h"
#include "papsim_error.h"
#include "spec.h"
#include "units.h"

typedef struct {
    papsim_case c;
    char platform_path[4096]; /* resolved file, or "default" */
    papsim_skew skew;         /* parsed c.skew */
    int block;                /* spec block index */
    int unsupported;          /* an algorithm restriction excludes it */
    char id[17];              /* valid once the skew is resolved */
} sweep_case;

typedef struct {
    sweep_case *v;
    int n, cap;
} sweep_cases;

/* Expands every block of the spec (the product of its lists), checking every
 * value, the algorithm names and that each np fits its platform; errors name
 * spec:line. No-delay cases get skew 0 and appear once; relative skews get
 * their no-delay companions added. */
int sweep_expand(const papsim_spec *spec, sweep_cases *out, papsim_err *e);
void sweep_cases_free(sweep_cases *cases);

typedef struct {
    const char *out_dir;
    int jobs;
    const char *const *extra_cfg; /* NULL-terminated --cfg= words, may be NULL */
    int quiet;
} sweep_options;

typedef struct {
    int total, skipped, run, unsupported, failed;
} sweep_stats;

/* Runs the cases not yet in out_dir/results.csv. A case's rows are appended
 * in one write once all its repetitions are in, so an interrupted or failing
 * batch never leaves a partial case behind. Returns 0, or -1 on a setup
 * error; failed batches are counted in stats. */
int sweep_execute(sweep_case **todo, int n, const sweep_options *o, sweep_stats *stats,
                  papsim_err *e);

/* Set by the SIGINT/SIGTERM handler of papsim run. */
int sweep_interrupted(void);
void sweep_install_signal_handlers(void);

#endif
