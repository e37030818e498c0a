/* The registries as tables (papsim list): one line per registered
 * algorithm, the user's loaded ones (algorithms/plugin.h) after papsim's,
 * or one per collective, as aligned text, CSV (RFC 4180) or a Markdown
 * table (docs/algorithms.md holds both Markdown tables). */
#ifndef PAPSIM_REPORT_CATALOG_H
#define PAPSIM_REPORT_CATALOG_H

#include <stdio.h>

typedef enum { PAPSIM_LIST_TEXT, PAPSIM_LIST_CSV, PAPSIM_LIST_MD } papsim_list_format;

/* The algorithms, a header line first: collective, name, restrictions and
 * description (text), with their knobs, message-count model and Open MPI's
 * and MPICH's counterparts too (CSV and Markdown). only: one collective's,
 * or NULL for all; np > 0: only those whose process-count restrictions np
 * meets. */
void papsim_report_algorithm_list(FILE *f, papsim_list_format format, const char *only, int np);

/* The collectives registry (collectives.def), one line per collective, the
 * header first; text columns as wide as their widest field. */
void papsim_report_collective_list(FILE *f, papsim_list_format format);

#endif
