/* Building and starting the smpirun command of a batch of cases that share
 * a platform, a process count, a placement and an SMPI configuration. */
#ifndef PAPSIM_LAUNCH_H
#define PAPSIM_LAUNCH_H

#include <sys/types.h>

#include "cases/case.h"
#include "util/papsim_error.h"

typedef struct {
    const char *smpirun;    /* path of smpirun */
    const char *papbench;   /* path of the SMPI build of papbench */
    char workdir[4096];     /* the batch's working directory: hostfile, cases */
    char platform_xml[4096]; /* the XML file smpirun reads */
    char platform_key[17];  /* its content key (platform.h) */
    char hostfile_name[256]; /* in workdir */
    int np;
    char builtin_cfg[256];  /* "--cfg=smpi/reduce:NAME" for builtin cases, or "" */
    char memory_cfg[64];    /* shared buffers for timing-only cases, or "" */
    const char *const *extra_cfg; /* more --cfg=/--log= words, NULL-terminated, may be NULL */
    const char *cases_name; /* a cases file in workdir, or NULL: the case is single */
    const papsim_case *single;
    const char *per_rank_name; /* papbench's --per-rank file in workdir, or NULL */
    char smpirun_path[4096]; /* what smpirun and papbench point to */
    char papbench_path[4096];
} papsim_launch;

/* The SMPI options every papsim run uses, documented in docs/architecture.md
 * and docs/performance.md:
 * no privatisation (the code has no mutable globals), no benchmarking of
 * host code (simulated time is deterministic), free MPI_Wtime calls (exact
 * arrivals), and warnings only in the log. */
extern const char *const papsim_smpi_base_options[];

/* Resolves the platform (a path or "default", written into workdir) and
 * writes the hostfile for c's np, mapping and ranks per node into workdir.
 * Fails with a clear message when the platform is missing or malformed or
 * cannot host np ranks. */
int papsim_launch_prepare(papsim_launch *l, const papsim_case *c, const char *platform_path,
                          const char *workdir, papsim_err *e);

/* The one case of papsim bench: its options go on papbench's command line
 * when every value is plain (papsim_case_word_is_plain), else into
 * workdir/case.txt, where quoting keeps a value with blanks whole. */
int papsim_launch_set_case(papsim_launch *l, const papsim_case *c, papsim_err *e);

/* papbench writes its --per-rank rows to workdir/per-rank.csv, a new file
 * (the caller copies them where they belong once the case is done). */
void papsim_launch_set_per_rank(papsim_launch *l);

/* "--cfg=smpi/<collective>:<NAME>" for builtin:NAME algorithms, else "". */
void papsim_builtin_cfg(const papsim_case *c, char *buf, size_t len);

/* "--cfg=smpi/auto-shared-malloc-thresh:..." for cases without --check, else
 * "". A timing-only case never reads its data, so its large buffers can share
 * one set of physical pages across ranks: simulated times are unchanged and
 * memory stays flat in np (np = 4096 with 1 MiB blocks would need 16 TiB). */
void papsim_memory_cfg(const papsim_case *c, char *buf, size_t len);

/* A word as a shell reads it back: plain (papsim_case_word_is_plain), or
 * single-quoted. */
void papsim_put_shell_word(FILE *out, const char *s);

/* Prints the command line (for --dry-run and logs), a word that is not
 * plain single-quoted for a shell. */
void papsim_launch_print(const papsim_launch *l, FILE *out);

/* Starts smpirun with stdout on a pipe (*out_fd) and stderr into err_path
 * (or inherited when NULL). Returns the child pid or -1. */
pid_t papsim_launch_start(const papsim_launch *l, int *out_fd, const char *err_path,
                          papsim_err *e);

/* smpirun and papbench are found by locate.h (the environment, else beside
 * papsim's own executable). */

/* Why a simulation stopped, when papsim can tell (simgrid_compat.h). */
typedef enum {
    PAPSIM_LOG_UNKNOWN = 0, /* nothing recognised (or no log) */
    PAPSIM_LOG_DEADLOCK,    /* PAPSIM_SMPI_DEADLOCK_TEXT: 3.32 then exits with
                               status 0, 4.1 with 139 */
    PAPSIM_LOG_MAPPINGS,    /* PAPSIM_SMPI_MAP_TEXT: shared buffers ran out of
                               memory mappings (vm.max_map_count) */
    PAPSIM_LOG_KILLED       /* SIGKILL (exit code 128 + 9) with nothing in the
                               log: most often the out-of-memory killer */
} papsim_log_cause;

/* The cause of a failed simulation: the smpirun log at log_path first (a
 * deadlock before the mappings; an unreadable log says nothing), then
 * smpirun's exit code (128 + N for signal N). Look here before at the exit
 * code itself. */
papsim_log_cause papsim_failure_cause(const char *log_path, int exit_code);

/* The cause in a few words ("deadlock"), or NULL for PAPSIM_LOG_UNKNOWN. */
const char *papsim_failure_name(papsim_log_cause cause);

/* What to do about the cause, as one sentence into buf (with this
 * machine's vm.max_map_count for PAPSIM_LOG_MAPPINGS); "" when there is
 * nothing to advise. */
void papsim_failure_advice(papsim_log_cause cause, char *buf, size_t len);

/* Copies the last nlines lines of the log at log_path to out (what a
 * failed batch said last), or a note that it cannot be read. */
void papsim_log_print_tail(const char *log_path, int nlines, FILE *out);

#endif
