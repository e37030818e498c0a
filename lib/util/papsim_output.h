/* Writing output files without losing anything: the one way papsim writes
 * a file it names or is given (rules files, platforms, hostfiles, pattern
 * files, calibration files, report files, per-rank tables).
 *
 * papsim_output_check runs before any work is done. It refuses
 *  - an output that is one of the command's inputs, by identity (device and
 *    inode, so another spelling, a hard link or a symbolic link to the input
 *    is refused too), whatever --force says;
 *  - an output that exists but is not a regular file (a directory, a
 *    device, a FIFO: renaming over it would replace it);
 *  - an existing file that is not papsim's own, unless the command was given
 *    --force. papsim's own files are the ones it writes under fixed names
 *    into a directory it manages (papsim run's DIR, a report's directory,
 *    DIR/ompi-rules.conf of papsim tune): those are rewritten on every run.
 *
 * The content goes to a temporary file in the output's directory
 * (PATH.tmp: a leftover of an interrupted run, or a link, is removed first
 * and the file created exclusively, so nothing is written through a link)
 * and is renamed into place only when complete, so a failure or an interrupt leaves the old file whole. When
 * replacing is not allowed the file is linked into place, which fails if
 * the name was taken in the meantime. */
#ifndef PAPSIM_OUTPUT_H
#define PAPSIM_OUTPUT_H

#include <stdio.h>

#include "util/papsim_error.h"

/* What papsim_output_check and papsim_output_open may do. */
enum {
    PAPSIM_OUTPUT_NEW = 0,     /* an existing file is refused */
    PAPSIM_OUTPUT_REPLACE = 1, /* --force, or one of papsim's own files */
};

/* Checks path as described above against the inputs (paths; missing ones
 * and NULLs are skipped). option names the option in messages ("--out"):
 * "--out: 'x/results.csv' is the input 'x/results.csv' (the same file); papsim
 * never writes over an input", "--out: 'rules.ini' exists (give --force to
 * replace it)". */
int papsim_output_check(const char *path, const char *option, const char *const *inputs,
                        int ninputs, int mode, papsim_err *e);

/* The same check for a writer whose --force is spelt otherwise: force_hint
 * ends the message about an existing file ("set PAPTRACE_FORCE=1 to replace
 * it"). */
int papsim_output_check_as(const char *path, const char *option, const char *const *inputs,
                           int ninputs, int mode, const char *force_hint, papsim_err *e);

/* A file being written: f is open on the temporary file. */
typedef struct {
    FILE *f;
    const char *path; /* must outlive the output */
    int mode;
    char tmp[4200];
} papsim_output;

/* Creates the temporary file for path (the directories above it must
 * exist). */
int papsim_output_open(papsim_output *o, const char *path, int mode, papsim_err *e);

/* Flushes the file to the disk (fsync), closes it and puts it in place, so
 * the name holds the old content or the whole new one; on failure (a write
 * error, a full disk, a name taken meanwhile) removes the temporary file
 * and names path and the cause. bad != 0 (the writer failed) also fails. */
int papsim_output_commit(papsim_output *o, int bad, papsim_err *e);

/* Closes and removes the temporary file; safe on a zeroed or committed
 * output. */
void papsim_output_abort(papsim_output *o);

#endif
