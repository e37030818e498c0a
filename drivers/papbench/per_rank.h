/* papbench's --per-rank rows (per_rank.c). */
#ifndef PAPBENCH_PER_RANK_H
#define PAPBENCH_PER_RANK_H

#include <stddef.h>

#include "cases/case.h"

/* Rewrites every "/proc/self/fd/N" in text as the path of the directory
 * open as descriptor N (see per_rank.c). */
void papbench_name_real_paths(char *text, size_t cap);

/* Appends rank r's delay and times of repetition rep, one line per rank,
 * to path; an error is printed, not returned (the row is still written). */
void papbench_write_per_rank(const char *path, const papsim_case *c, int rep, int np,
                             const double *delays, const double *times);

#endif
