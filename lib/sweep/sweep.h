/* Sweeps: the cases a spec expands to, and running them in parallel smpirun
 * batches into DIR/results.csv (appended case by case, resumable). */
#ifndef PAPSIM_SWEEP_H
#define PAPSIM_SWEEP_H

#include <time.h>

#include "cases/case.h"
#include "util/csv.h"
#include "util/papsim_error.h"
#include "cases/spec.h"
#include "util/units.h"

typedef struct {
    papsim_case c;
    char platform_path[4096]; /* resolved file, or "default" */
    papsim_skew skew;         /* parsed c.skew */
    int block;                /* spec block index */
    int unsupported;          /* an algorithm restriction excludes it */
    char id[17];              /* valid once the skew is resolved */
    int index;                /* position in the spec's expansion: results.csv order */
    int baseline_timed_out;   /* relative skew: its own no-delay case timed out */
    int left_out;             /* --skip-failed: DIR/failed.csv has it, not run */
} sweep_case;

/* A no-delay case that two blocks share runs once: the copy of the later
 * block is dropped, and an alias says that case v[of] also stands in the
 * cell of block `block`, whose relative skews resolve against it. */
typedef struct {
    int block;
    int of;
} sweep_alias;

typedef struct {
    sweep_case *v;
    int n, cap;
    sweep_alias *alias;
    int nalias;
} sweep_cases;

/* 1 if v[j] is a case of sc's cell: the same block, platform, np, mapping,
 * ranks per node and bytes, directly or through an alias. */
int sweep_in_cell(const sweep_cases *cases, const sweep_case *sc, int j);

/* Expands every block of the spec (the product of its lists), checking every
 * value, the algorithm names and that each np fits its platform; errors name
 * spec:line. No-delay cases get skew 0 and appear once; relative skews get
 * their no-delay companions added. The user algorithms of its key plugins are
 * registered and loaded once by papbench (plugins.h) before it returns. */
int sweep_expand(const papsim_spec *spec, sweep_cases *out, papsim_err *e);
void sweep_cases_free(sweep_cases *cases);
/* Checks the --cfg= words of a run against SMPI (smpi_algos.h,
 * papsim_smpi_cfg_check) and the builtin: cases of the sweep. */
int sweep_check_cfg(const sweep_cases *cases, const char *const *cfg, int ncfg, papsim_err *e);

/* Sets the plugin_key of every case of a user algorithm to its file's
 * content key (smpi/plugins.h), each file read once: the case id hashes it,
 * so a rebuilt file's cases run again on resume and their old rows move to
 * results-superseded.csv (sweep_results_drop_stale). sweep_expand calls it. */
int sweep_key_plugins(sweep_cases *cases, papsim_err *e);

/* The forecast's wall-time model of a case on one worker: messages x msg +
 * eager-list entries scanned x scan (SimGrid 3.32's detached sends below
 * eager_thresh, papsim_msgcount.h) + ranks x rank + per_case seconds. */
typedef struct {
    double msg, scan, rank, per_case;
    long long eager_thresh;
    double waitall; /* seconds per request visited by SMPI's MPI_Waitall */
    /* Skewed arrivals multiply the Waitall term by max(1, np / waitall_skew_np):
     * a blocked MPI_Waitany costs more than a visit, and blocks more often
     * the more ranks there are (bench/waitall-skew.sh). */
    double waitall_skew_np;
} sweep_cost_model;

/* The defaults, for SimGrid 3.32, measured on the 2-core development
 * machine (docs/running.md, Forecast; docs/performance.md): 15 us per
 * message; 60 ns per list entry scanned (a cache miss, fitted to Bruck at
 * np 16384); 0.5 ms per rank (actor start, SMPI initialisation, the
 * harness's buffers); 20 ms per case (papbench's setup, its share of an
 * smpirun start-up); 64 KiB, SMPI's smpi/send-is-detached-thresh default;
 * 1.5 us per request visited by SMPI's MPI_Waitall
 * (papsim_msgcount_waitall_visits; SMPI's basic_linear alltoall less
 * papsim's linear, the same messages, at np 64 to 384 on SimGrid 3.32:
 * bench/waitall-skew.sh), times np / 128 under skewed arrivals (fitted to
 * the same alltoall at np 256 to 1024 with the skews of the Salimi Beni et
 * al. study). simgrid_compat.c sets those that differ on 3.34 and later. */
#define SWEEP_COST_MODEL_DEFAULT {15e-6, 60e-9, 0.5e-3, 20e-3, 65536, 1.5e-6, 128}

/* The forecast's default constants for this SimGrid (sweep_cost.c; eager
 * threshold left as it is; simgrid_compat.h tells the versions apart): fitted to measured runs on each (docs/running.md, Forecast). */
void papsim_simgrid_cost_model(const char *version, sweep_cost_model *m);

typedef struct {
    const char *out_dir;
    int jobs;
    const char *const *extra_cfg; /* NULL-terminated --cfg= words, may be NULL */
    int quiet;
    int format;      /* results.csv's format (csv.h): rows are written in it */
    double case_timeout; /* seconds of wall time a case may take; 0 = no limit */
    const sweep_cost_model *cost; /* orders batches, weighs the ETA */
    /* One progress line for a whole run of several executions (its phases):
     * the cases finished before this one, the run's whole count (0: this
     * execution's cases) and the forecast cost of the cases later
     * executions will run, which the ETA includes; elapsed time and the
     * ETA's rate count from the run's start. */
    int done_before;
    int total;
    double cost_later;
    double cost_before; /* forecast cost of the done_before cases */
    time_t started;     /* when the run began (0: when this execution did) */
} sweep_options;

typedef struct {
    int total, skipped, run, unsupported, failed;
    int timed_out;   /* killed at the case time limit (row status "timeout") */
    int not_run;     /* skewed cases whose own no-delay case timed out
                        (row status "baseline_timeout") */
    int no_baseline; /* skewed cases not run: a no-delay case they need is
                        missing (it failed) */
    int not_written; /* cases whose rows could not be written (a full disk):
                        the run stops there */
    int left_out;    /* cases not run: they failed before (--skip-failed) */
} sweep_stats;

/* results.csv (sweep_results.c). sweep_results_prepare creates DIR (and its
 * parents) and the file with its header, or checks the header of an
 * existing one (*format, csv.h: an older file keeps its columns) and trims
 * a row left incomplete by a kill or an older papsim. */
int sweep_results_prepare(const char *dir, int *format, papsim_err *e);
/* Opens DIR/results.csv for appending (path gets its name); -1 on error. */
int sweep_open_results(const char *dir, char *path, size_t cap, papsim_err *e);
/* Appends a row with this status (no times) for each of cases[0..n). */
int sweep_append_status_rows(const char *dir, const sweep_case *const *cases, int n,
                             const char *status, int format, papsim_err *e);

/* Rows already in DIR/results.csv, sorted by case id for lookups (a
 * resumed sweep looks up every case, so a scan per case would be
 * quadratic). */
typedef struct {
    papsim_table t;
    int id_col, status_col, total_col;
    char ***by_id; /* the rows of t, sorted by case_id */
} sweep_results_index;
int sweep_results_index_load(const char *dir, sweep_results_index *r, papsim_err *e);
void sweep_results_index_free(sweep_results_index *r);
/* Number of rows of the case, the mean total delay of its ok rows (-1 if
 * none) and whether it was recorded as timed out (if timed_out is given). */
int sweep_results_rows_of(const sweep_results_index *r, const char *id, double *mean_total,
                          int *timed_out);

/* Before a sweep resumes DIR/results.csv (sweep_repair.c): rows whose id
 * is keyed by the path of one of the spec's platforms (papsim before
 * results format 4) take the id keyed by its content, so they are not
 * simulated again; the file is rewritten only if a row changes. Rows of
 * one platform named by two paths are kept once; the second copies move
 * to results-superseded.csv as below. Runs before sweep_results_drop_stale,
 * which would take such rows for rows of another content. */
int sweep_results_migrate_ids(const char *dir, const sweep_case *cases, int n, papsim_err *e);

/* Every function below that takes rows out of DIR/results.csv first
 * appends them, byte for byte, to DIR/results-superseded.csv (created with
 * results.csv's header; one with another header is left alone and the rows
 * go to results-superseded-2.csv, -3, ...), synced and renamed into place
 * before results.csv is rewritten: no row is ever lost, a kill between the
 * two leaves a row in both files. papsim reads no results-superseded file. */

/* Rewrites DIR/results.csv without the rows of these case ids (cases that
 * hold only some of their repetitions, to be run again whole); moved_to
 * gets the file the rows went to ("" when none), *moved their count. */
int sweep_results_drop_cases(const char *dir, const char *const *ids, int nids,
                             char *moved_to, size_t cap, int *moved, papsim_err *e);
/* Drops (as above) the rows of every case of the phase (relative skews or
 * not) that holds some but not all of its repetitions in r, so it runs
 * again whole and no repetition gets a second row; reloads r then. */
int sweep_results_drop_partial(const char *dir, const sweep_case *cases, int n, int relative,
                               sweep_results_index *r, papsim_err *e);

/* Drops (as above) every row that a case of the phase (relative skews or
 * not) would write by its fields (the platform by its label, a file
 * pattern by its path, a relative skew by its text, not its resolution)
 * but whose id is not the case's: it was computed from other contents
 * than the case's platform file and pattern file hold now (one was edited
 * since; for a relative skew, its no-delay baseline changed with it; or an
 * older papsim, whose ids hash no pattern key, wrote a file pattern's
 * row). The case then runs again, and its old row cannot be taken for a
 * repetition of the new one. Rows of cases the spec does not have stay.
 * *dropped counts the rows. */
int sweep_results_drop_stale(const char *dir, const sweep_case *cases, int n, int relative,
                             int *dropped, papsim_err *e);

/* Row statuses papsim writes itself, for cases it did not simulate. */
#define SWEEP_STATUS_TIMEOUT "timeout"
#define SWEEP_STATUS_BASELINE_TIMEOUT "baseline_timeout"

/* Formats the results.csv row of a case that has no times (status
 * "unsupported", "timeout", ...) into row, in the file's format (csv.h). */
void sweep_status_row(const papsim_case *c, const char *status, int format, char *row,
                      size_t cap);

/* 1 if a row status says "not simulated within the case time limit". */
int sweep_status_is_timeout(const char *status);


/* Estimated wall seconds of one case (all repetitions); *messages, when
 * given, gets its estimated messages, the harness's included. */
double sweep_case_cost(const sweep_case *sc, const sweep_cost_model *m, double *messages);

/* The eager threshold smpirun will use with these --cfg= words: the last
 * smpi/send-is-detached-thresh given, else fallback. */
long long sweep_eager_threshold(const char *const *cfg, int ncfg, long long fallback);

/* Prints the forecast on stderr: the cases still to simulate (is_done, if
 * given, says which cases results already hold; cases left_out are not
 * counted), their
 * messages, the wall time over the workers with each case at most
 * case_timeout (and a high figure when skewed cases hang on no-delay cases
 * forecast at that limit), the costliest case when it takes a minute or
 * more, and the timing-only count. */
/* The closing count of a run (sweep_results.c); each case is counted once,
 * under what happened to it. */
void sweep_print_summary(const char *out_dir, const sweep_stats *st);

/* The memory forecast of the cases (those done(ctx, case) does not say are
 * done; done NULL: all), printed as a note unless quiet, then checked
 * against the machine with jobs workers (sweep_memory.c): -1 with the
 * refusal in e unless go_on, which only warns. */
int sweep_memory_forecast(const sweep_case *v, int n,
                          int (*done)(const void *ctx, const sweep_case *sc), const void *ctx,
                          int jobs, int quiet, int go_on, papsim_err *e);

void sweep_print_forecast(const sweep_case *cases, int n,
                          int (*is_done)(const void *ctx, const sweep_case *sc), const void *ctx,
                          const sweep_cost_model *m, double case_timeout, int jobs);

/* Runs the cases not yet in out_dir/results.csv. A case's rows are appended
 * in one write once all its repetitions are in, so an interrupted or failing
 * batch never leaves a partial case behind. Returns 0, or -1 on a setup
 * error; failed batches are counted in stats. */
int sweep_execute(sweep_case **todo, int n, const sweep_options *o, sweep_stats *stats,
                  papsim_err *e);

/* The order of results.csv: case id -> position in the spec's expansion
 * (sweep_order.c). A local run sorts its results.csv by it at the end, and
 * papsim merge sorts the shards' rows by it, so both give the same file. */
typedef struct {
    char id[17];
    int index;
} sweep_order_entry;

typedef struct {
    sweep_order_entry *v;
    int n, cap;
    int shard, nshards; /* the run that wrote it: shard I of N (1 of 1 locally) */
    int ncases;         /* cases in the whole spec */
} sweep_order;

/* Adds the cases that have an id (resolved skews) at their index. */
int sweep_order_from_cases(const sweep_case *cases, int n, sweep_order *o, papsim_err *e);
int sweep_order_add(sweep_order *o, const char *id, int index, papsim_err *e);
/* Sorts by id; an id listed twice keeps its smallest index. */
void sweep_order_finish(sweep_order *o);
void sweep_order_free(sweep_order *o);

/* DIR/case_order.csv: a "# papsim case order: shard I/N, C cases" line,
 * then index,case_id rows. Written by papsim run, read by papsim merge. */
int sweep_order_save(const char *dir, const sweep_order *o, papsim_err *e);
int sweep_order_load(const char *dir, sweep_order *o, papsim_err *e);

/* Writes the rows of tables[0..n) to out_path (through a temporary file and
 * a rename), sorted by (case order, rep); rows of unknown cases follow in
 * their input order. Every table must have the same columns. A (case_id,
 * rep) found twice is written once if both rows are equal, else an error. */
int sweep_write_sorted(const char *out_path, const papsim_table *tables, int n,
                       const sweep_order *o, papsim_err *e);

/* Cells and shards (sweep_shard.c). Two cases share a cell when they share
 * block, platform, np, mapping, ranks_per_node and bytes: relative skews
 * resolve over a cell. sweep_select_shard keeps the cases of shard I of N
 * (1-based): units of one case, or one whole cell with relative skews,
 * dealt round-robin in expansion order. */
int sweep_same_cell(const sweep_case *a, const sweep_case *b);
/* The order of what places a case's ranks: platform file, np, mapping and
 * ranks per node (<0, 0, >0). Cells and smpirun batches both start from it. */
int sweep_compare_placement(const sweep_case *a, const sweep_case *b);
int sweep_select_shard(sweep_cases *cases, int shard, int nshards, papsim_err *e);

/* Appends the record of this `papsim run` (argv[0] = "run") to
 * out_dir/provenance.txt (sweep_provenance.c, through smpi/provenance.h):
 * versions (simgrid: papsim_simgrid_version_or_why's text), the spec's and
 * the cases' platforms' and the user algorithms' files' hashes, the command
 * line and the date. */
int papsim_run_provenance(const char *out_dir, const char *spec_path, const sweep_cases *cases,
                          const char *simgrid, int argc, char **argv, papsim_err *e);

/* Set by the SIGINT/SIGTERM handler of papsim run. */
int sweep_interrupted(void);
void sweep_install_signal_handlers(void);

#endif
