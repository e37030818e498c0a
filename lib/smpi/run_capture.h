/* Running a helper program (smpirun, mpiexec) with a time limit: no shell,
 * a process group of its own, its output kept up to a cap, and the whole
 * group killed when the limit passes. Used by the SimGrid probes
 * (smpi_algos.h) and the version questions (versions.h). */
#ifndef PAPSIM_RUN_CAPTURE_H
#define PAPSIM_RUN_CAPTURE_H

#include "util/papsim_error.h"

/* Seconds a probe may take before it is killed: 120 (a probe is one
 * smpirun or mpiexec of one rank that ends at once, about half a second),
 * or PAPSIM_PROBE_TIMEOUT when it holds a number in (0, 1e6). */
double papsim_probe_timeout(void);

/* Runs argv (searched in PATH, no shell) in directory cwd (NULL: this one).
 * stdout, and stderr unless err_path is given (then stderr goes to that
 * file), land in *out: malloc'ed, NUL terminated, at most 1 MiB kept.
 * *exit_status gets the exit status (128 + N for signal N). A run that has
 * not ended within papsim_probe_timeout() seconds is killed with its
 * process group and fails, naming `what`. */
int papsim_run_capture(char *const argv[], const char *cwd, const char *err_path,
                       const char *what, char **out, int *exit_status, papsim_err *e);

#endif
