/* papbench's command line: its usage text, the options of the driver itself
 * (the case options are parsed by lib/cases, case_list.h) and
 * --library-version. */
#ifndef PAPBENCH_OPTIONS_H
#define PAPBENCH_OPTIONS_H

#include <stdio.h>

#include "util/papsim_error.h"

typedef struct {
    const char *cases_path;
    const char *per_rank_path;
    int force; /* --per-rank may replace an existing file */
    FILE *per_rank; /* rank 0: the --per-rank file being written, else NULL */
    int header;
    double margin;
    int warmup; /* untimed repetitions before each case's first */
    int sync_once; /* estimate clock offsets at start-up only (--clock-sync once) */
    int help;
} papbench_options;

/* The usage text (--help), the collectives from collectives.def. */
void papbench_print_usage(FILE *out);

/* Parses the driver's own options among extra[0..nextra) into o (which the
 * caller initialises with the defaults); --plugin FILE loads the user's
 * algorithm at once. Returns 0, or -1 with e naming the option. */
int papbench_parse_options(char **extra, int nextra, papbench_options *o, papsim_err *e);

/* papbench --library-version: the MPI library this process runs on, as the
 * library itself reports it at run time (not a version compiled in): under
 * SMPI libsimgrid's sg_version_get ("SimGrid 3.32.0"), under a real MPI the
 * first line of MPI_Get_library_version ("Open MPI v4.1.4, ..."). papsim
 * records it in each results directory's provenance file. */
void papbench_print_library_version(void);

#endif
