/* papsim pattern's output (pattern.h has the shapes and the delays). */
#ifndef PAPSIM_PATTERN_PRINT_H
#define PAPSIM_PATTERN_PRINT_H

#include <stdio.h>

#include "cases/pattern.h"
#include "util/papsim_error.h"

/* One line per shape ("%-14s description"), then file:PATH. */
void papsim_pattern_list_shapes(FILE *f);

/* The skew of papsim pattern in seconds: absolute only, since a relative
 * skew needs the no-delay runtimes that only papsim run measures. With
 * as_recorded the text must be NULL and the skew is 0 (a recorded file
 * keeps its delays). Returns 0, or -1 with a message in e. */
int papsim_pattern_absolute_skew(const char *text, int as_recorded, double *skew,
                                 papsim_err *e);

/* Writes "rank<TAB>delay" (%.17g: exact) for ranks 0..np-1 of pattern p
 * (papsim_pattern_delays), a valid pattern file, and flushes f. Returns 0,
 * PAPSIM_EXIT_BAD_INPUT (the delays cannot be made: a bad file) or
 * PAPSIM_EXIT_FAILED (out of memory, a failed write), with e. */
int papsim_pattern_print(FILE *f, const papsim_pattern *p, long np, double skew,
                         unsigned long long seed, int rescale_file, papsim_err *e);

#endif
