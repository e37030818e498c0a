/* A user's algorithm for the commands that simulate (papsim bench, run,
 * list): its shared object registered as user:NAME (algorithms/plugin.h)
 * and handed to every papbench papsim starts (--plugin). */
#ifndef PAPSIM_SWEEP_PLUGINS_H
#define PAPSIM_SWEEP_PLUGINS_H

#include "cases/case.h"
#include "util/papsim_error.h"

/* Registers the SMPI build of a user's algorithm. smpirun is a shell
 * script that splits papbench's arguments at blanks, so a path with a
 * blank, a quote, a backslash or a control character is refused with
 * what to do. On failure e names the file and what to do. */
int papsim_plugin_add(const char *path, papsim_err *e);

/* The --plugin words of every registered file for papbench's argv:
 * writes at most max words into words and returns how many. */
int papsim_plugin_words(char **words, int max);

/* The content key of the registered file that defines c's user algorithm
 * (util/papsim_input.h: FNV-1a of its bytes, read now) into key, which the
 * case id hashes (case.h plugin_key): a rebuilt file gives its cases other
 * ids. "" for papsim's own and SMPI's algorithms. Returns 0, or -1 with e
 * naming the file. */
int papsim_plugin_key(const papsim_case *c, char key[17], papsim_err *e);

#endif
