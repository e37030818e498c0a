/* papbench's --per-rank rows (per_rank.c). */
#ifndef PAPBENCH_PER_RANK_H
#define PAPBENCH_PER_RANK_H

#include <stddef.h>
#include <stdio.h>

#include "cases/case.h"
#include "cases/case_list.h"
#include "util/papsim_output.h"

/* Rewrites every "/proc/self/fd/N" in text as the path of the directory
 * open as descriptor N (see per_rank.c). */
void papbench_name_real_paths(char *text, size_t cap);

/* papbench --per-rank FILE, checked on every rank before any case runs
 * (the same verdict everywhere): never one of the inputs (the --cases file,
 * a case's platform or pattern file, by identity, whatever --force says),
 * nor an existing file unless force (util/papsim_output.h). Rank 0 then
 * opens FILE.tmp, which papsim_output_commit puts in place when the cases
 * are done: an interrupted run leaves an existing FILE whole. */
int papbench_per_rank_open(papsim_output *out, const char *path, int force,
                           const char *cases_path, const papsim_case_list *list, int rank0,
                           papsim_err *e);

/* Writes rank r's delay and times of repetition rep to f, one line per rank. */
void papbench_write_per_rank(FILE *f, const papsim_case *c, int rep, int np,
                             const double *delays, const double *times);

#endif
