/* A spec block's values as the sweep reads them (sweep_expand.c, and
 * sweep_defaults.c for the keys before the first section): its value
 * lists, the case options they set through papbench's own parser, and
 * every message placed at the spec line and key that set the value. */
#ifndef PAPSIM_SWEEP_BLOCK_H
#define PAPSIM_SWEEP_BLOCK_H

#include <stddef.h>

#include "cases/case.h"
#include "cases/spec.h"
#include "platform/platform.h"
#include "smpi/smpi_algos.h"
#include "util/papsim_error.h"

/* One key's values in a block, or its default as a one-value list. */
typedef struct {
    int n;
    const papsim_spec_value *v;
    papsim_spec_value fallback;
} sweep_values;

typedef struct {
    const papsim_spec *spec;
    const papsim_spec_block *block;
    papsim_smpi_algos *smpi; /* SMPI's names, asked once per sweep */
} sweep_block;

/* key's values in b, else the one value fallback (line 0). */
void sweep_get_list(const sweep_block *b, const char *key, const char *fallback,
                    sweep_values *l);

/* Prefixes "spec.ini:12: key: " (or "spec.ini: [block]: key: " for a
 * default) to e's message; returns -1. */
int sweep_fail_at(papsim_err *e, const sweep_block *b, int line, const char *key);

/* A message about one option ("--op 'x' is unknown") placed at the spec
 * key that set it: "spec.ini:7: op: --op 'x' is unknown"; returns -1. */
int sweep_fail_at_option(papsim_err *e, const sweep_block *b);

/* Sets option opt ("skew", "ranks-per-node") of c to value, as papbench's
 * command line would. */
int sweep_apply(papsim_case *c, const char *opt, const char *value, papsim_err *e);

/* A key that takes one value per block, applied as option opt (fallback
 * when the block has none). */
int sweep_apply_single(papsim_case *c, const sweep_block *b, const char *key, const char *opt,
                       const char *fallback, papsim_err *e);

/* A yes/no key (default no) into *out. */
int sweep_apply_yes_no(const sweep_block *b, const char *key, int *out, papsim_err *e);

/* Every algorithm name of the list against collective (np not yet known);
 * builtin:NAME against the installed SMPI's names. */
int sweep_check_algorithms(const sweep_block *b, const char *collective,
                           const sweep_values *algos, papsim_err *e);

/* Loads a platform of the spec (see sweep_block.c): path gets the file
 * smpirun reads, label the name the case id and the platform column use.
 * The caller frees *platform. */
int sweep_load_platform(const sweep_block *b, const papsim_spec_value *v, char *path, size_t len,
                        char *label, size_t label_len, papsim_platform *platform, papsim_err *e);

/* The keys before the first section that every block sets itself: used by
 * no case, checked all the same (sweep_defaults.c). */
int sweep_check_defaults(const papsim_spec *spec, papsim_smpi_algos *smpi, papsim_err *e);

#endif
