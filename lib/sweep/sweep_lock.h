/* DIR/papsim.lock: one papsim run per result directory (and, at the end,
 * DIR's own files, which no input of the run may be). The run that uses
 * DIR holds an exclusive lock on this file for as long as it runs and
 * removes the file at its end (sweep_unlock); the system drops the lock
 * when the process ends, however it ends (a kill included), so a file left
 * by a killed run locks nothing. The file holds the holder's process id and
 * command line, for the run that finds DIR busy. A run that gets the lock
 * on a file its holder removed meanwhile opens DIR/papsim.lock again, so
 * two runs never hold locks on two files of one DIR. */
#ifndef PAPSIM_SWEEP_LOCK_H
#define PAPSIM_SWEEP_LOCK_H

#include "sweep/sweep.h"
#include "sweep/sweep_run.h"
#include "util/papsim_error.h"

/* Locks dir (which must exist). If another run holds it: fails naming that
 * run, or, with wait set, says so on stderr and waits until it ends.
 * command is this run's command line, recorded for others. Returns the
 * lock's descriptor (keep it open until the end; sweep_unlock), or -1. */
int sweep_lock(const char *dir, int wait, const char *command, papsim_err *e);
/* Removes DIR/papsim.lock (while still holding it) and lets it go. */
void sweep_unlock(int fd, const char *dir);

/* DIR's files are papsim's own, appended to and rewritten by every run
 * (docs/formats/limits.md): results.csv, failed.csv, case_order.csv,
 * provenance.txt, results-superseded.csv, papsim.lock, and every file under
 * DIR/work (the batches' scratch files: work/batch-N/cases.txt, its
 * hostfile, platform and smpirun.log, work/case_wall.tsv, the logs of
 * work/failed). Fails if the run's
 * spec, or a case's platform or pattern file, is one of them, by identity:
 * "--out: 'DIR/results.csv' is the input 'x.xml' (the same file); papsim
 * never writes over an input". No --out DIR: nothing to check. */
int sweep_check_dir(const sweep_run_options *o, const sweep_cases *cases, papsim_err *e);

#endif
