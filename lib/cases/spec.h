/* The sweep spec reader: a small .ini dialect, checked for form only. The
 * meaning of the values (is "bytes = -5" valid?) is checked by the code that
 * uses them, which can say where a value came from through its file and
 * line: "spec.ini:12: bytes '-5' is negative".
 *
 *   # a comment            ; also a comment (whole lines only: values may
 *                          ;  hold '#' and ';', e.g. in file names)
 *   collective = reduce    <- keys before any section are defaults
 *   bytes = 8, 1KiB, 1MiB  <- comma-separated values, blanks trimmed
 *   [small]                <- a section is one sweep block
 *   np = 4, 8
 *   [large]
 *   np = 64
 *   bytes = 4MiB           <- overrides the default in this block only
 *
 * Keys are case-sensitive; '-' and '_' are the same ("ranks-per-node" is
 * ranks_per_node). Every block inherits the defaults it does not set itself.
 * A spec without sections is one block named after the file ("sweep.ini" ->
 * "sweep"). Section names use letters, digits, '_', '-' and '.', and are
 * unique. Errors, each naming file:line: an unknown key (the message lists
 * the valid ones), a line that is neither "key = value" nor "[section]", a
 * key set twice in one block, an empty key or value ("np =", "4,,8"). */
#ifndef PAPSIM_SPEC_H
#define PAPSIM_SPEC_H
#include "util/papsim_error.h"

typedef struct {
    char *text; /* trimmed, never empty */
    int line;
} papsim_spec_value;

typedef struct {
    char key[32]; /* normalised: '-' replaced by '_' */
    int line;
    int nvalues; /* >= 1 */
    papsim_spec_value *values;
} papsim_spec_entry;

/* Already merged: the inherited defaults plus the block's own keys. line is
 * the line of the [section] header, 0 for the unnamed whole-file block. */
typedef struct {
    char name[128];
    int line;
    int nentries;
    papsim_spec_entry *entries;
} papsim_spec_block;

/* path as given; dir is its directory ("." for a bare file name), so that
 * relative file names inside the spec can be resolved against it. */
typedef struct {
    char *path;
    char *dir;
    int nblocks; /* >= 1 */
    papsim_spec_block *blocks;
    papsim_spec_block defaults; /* the keys before the first section, as written,
                                 * for checking those every block sets itself
                                 * (empty in a spec without sections) */
} papsim_spec;

/* On failure *out is left empty (safe to pass to papsim_spec_free). An
 * unreadable file gives "spec 'x.ini': cannot read: <reason>". */
int papsim_spec_load(const char *path, papsim_spec *out, papsim_err *e);

/* The entry for key (normalised like the file's keys), NULL if absent. */
const papsim_spec_entry *papsim_spec_find(const papsim_spec_block *b,
                                          const char *key);

/* The valid keys, for help texts; NULL when i >= papsim_spec_key_count(). */
int papsim_spec_key_count(void);
const char *papsim_spec_key_name(int i);

void papsim_spec_free(papsim_spec *s);

#endif
