/* One case simulated on its own (papsim bench): the checks made before
 * smpirun starts, the relay of papbench's rows, and the case's outcome
 * once smpirun has ended. */
#ifndef PAPSIM_BENCH_CASE_H
#define PAPSIM_BENCH_CASE_H

#include <stdio.h>
#include <sys/types.h>

#include "cases/case.h"
#include "util/papsim_error.h"

/* Checks what can be checked before simulating: np given, the values, the
 * pattern file, an absolute skew, the algorithm's name and restrictions,
 * and a builtin:NAME against SMPI's list. Sets c->pattern_key to the
 * content key of a file pattern (pattern.h), as papsim run does: the case
 * id hashes it and papbench checks that the file it reads still has it; a
 * --pattern-key the user gave must be that key (else an error names the
 * file and both keys). Other patterns: "". Sets c->plugin_key the same way
 * to the content key of a user algorithm's file (smpi/plugins.h). Returns
 * 0, or -1 with e. */
int papsim_bench_check_case(papsim_case *c, papsim_err *e);

/* Counts the results rows in output that arrives in arbitrary chunks: a row
 * starts with a 16-hex-digit case id and a comma (smpirun also prints its
 * command line on stdout when the simulation crashes). Zero it first. */
typedef struct {
    char head[17]; /* the first characters of the current line */
    int len;
    int rows;
} papsim_row_counter;

void papsim_row_counter_feed(papsim_row_counter *rc, const char *buf, size_t n);

/* Copies the child's output (fd) to out, counting its result rows, and
 * returns its exit status (128 + the signal if a signal ended it). An
 * interrupt (SIGINT, or SIGTERM from `timeout`) stops the child's whole
 * process group: the simulator must not outlive papsim bench. */
int papsim_bench_relay(pid_t pid, int fd, FILE *out, papsim_row_counter *counter);

/* Copies a file (smpirun's log) to out; nothing if it cannot be read. */
void papsim_copy_file(const char *path, FILE *out);

/* The case's exit status once smpirun has ended. A deadlock, which SimGrid
 * reports in its log, is 1 whatever smpirun's status (3.32 exits 0 after
 * it, 4.1 with 139: simgrid_compat.h); else smpirun's exit status, or 1 if
 * it exited normally without a row for every repetition. A non-zero status
 * comes with its message in e. */
int papsim_bench_outcome(int smpirun_status, int rows, int reps, const char *log_path,
                         papsim_err *e);

/* What papsim bench asks beyond the case. */
typedef struct {
    int dry_run;              /* print the smpirun command, run nothing */
    int keep;                 /* keep the working directory */
    const char *per_rank;     /* papbench's --per-rank FILE, or NULL: written beside
                                 FILE and put in place when the case is done; never
                                 the platform or the pattern file */
    int force;                /* replace an existing per_rank file */
    const char *const *cfg;   /* NULL-terminated --cfg=/--log= words for smpirun */
    int ncfg;
    int ignore_memory;        /* a memory forecast that does not fit only warns */
} papsim_bench_request;

/* Simulates one case: checks it (papsim_bench_check_case) and its --cfg
 * words, makes a working directory (its path in workdir, "" when none was
 * made), prepares smpirun there and, unless q->dry_run (which prints the
 * command on out), runs it, writing the results header and papbench's rows
 * to out and smpirun's log to stderr. Returns the exit status: 0, 2 for a
 * case refused before smpirun, else papsim_bench_outcome's; e holds the
 * message of a non-zero status. */
int papsim_bench_run(papsim_case *c, const papsim_bench_request *q, char *workdir,
                     size_t len, FILE *out, papsim_err *e);

/* Removes papsim_bench_run's working directory unless keep, else names
 * it; nothing when workdir is "". */
void papsim_bench_clean(const char *workdir, int keep);

#endif
