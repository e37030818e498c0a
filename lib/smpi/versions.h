/* Versions read at run time, for `papsim --version` and the provenance file
 * of `papsim run` (provenance.h). */
#ifndef PAPSIM_VERSIONS_H
#define PAPSIM_VERSIONS_H

#include <stddef.h>

#include "util/papsim_error.h"

/* SimGrid's version as the library that smpirun loads reports it: starts
 * `smpirun -np 1 ... papbench --library-version` (one simulated rank on the
 * embedded platform, in a temporary directory), where papbench asks
 * libsimgrid (sg_version_get). So the answer is the library papsim's runs
 * actually use, not a version compiled into papsim or into the smpirun
 * script. Writes "3.32.0" into buf, or fails with the reason, also when
 * smpirun has not answered within the probe time limit (run_capture.h). */
int papsim_simgrid_version(char *buf, size_t len, papsim_err *e);

/* papsim_simgrid_version's answer, or "unknown: WHY" (at most len bytes). */
void papsim_simgrid_version_or_why(char *buf, size_t len);

/* Runs argv (no shell) and keeps the first non-empty line of its stdout in
 * buf; stderr goes to err_path. Returns the exit status, or -1 with the
 * reason in e when it could not start or did not end within the probe time
 * limit (run_capture.h: then its process group is killed). */
int papsim_run_first_line(char *const argv[], const char *err_path, char *buf, size_t len,
                          papsim_err *e);

#endif
