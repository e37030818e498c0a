/* The algorithm catalog without MPI: names, descriptions and restriction
 * flags of every registered algorithm, for the papsim CLI (which has no MPI)
 * and for papbench's checks before a call. Generated from registry.def. */
#ifndef PAPSIM_CATALOG_H
#define PAPSIM_CATALOG_H

#include <stddef.h>

/* Restriction flags: a case that breaks one is refused with a clear error
 * naming the restriction, never run or silently replaced. papbench and papsim
 * refuse it before the run; the algorithm function itself returns the MPI
 * error class listed here on every rank (papsim_algorithms.h). */
enum {
    PAPSIM_R_POW2 = 1u << 0,        /* np must be a power of two (MPI_ERR_SIZE) */
    PAPSIM_R_EVEN_NP = 1u << 1,     /* np must be even (MPI_ERR_SIZE) */
    PAPSIM_R_COMMUTATIVE = 1u << 2, /* the op must be commutative (MPI_ERR_OP) */
    PAPSIM_R_NO_IN_PLACE = 1u << 3, /* MPI_IN_PLACE is not supported */
};

typedef struct {
    const char *collective; /* "allgather", "reduce", "allreduce" */
    const char *name;       /* "ring" */
    unsigned flags;         /* PAPSIM_R_* */
    const char *description;
} papsim_catalog_entry;

/* The collectives papsim knows, in a fixed order. */
extern const char *const papsim_collectives[];
extern const size_t papsim_ncollectives;

extern const papsim_catalog_entry papsim_catalog[];
extern const size_t papsim_catalog_size;

/* 1 if the collective is known. */
int papsim_collective_known(const char *collective);

/* Finds an algorithm; "builtin:NAME" is not looked up here. NULL if unknown. */
const papsim_catalog_entry *papsim_catalog_find(const char *collective, const char *name);

/* Writes "valid: a, b, c" style lists into buf (for error messages). */
void papsim_catalog_names(const char *collective, char *buf, size_t len);
void papsim_collective_names(char *buf, size_t len);

/* Checks the np-dependent restrictions. Returns 0 if np is fine, else -1 and
 * a reason such as "needs a power-of-two np (np=12)". */
int papsim_catalog_check_np(const papsim_catalog_entry *entry, int np, char *why, size_t len);

/* The one check of a (collective, algorithm, np) triple, shared by papsim
 * bench, papsim run and papbench: the collective is known, the algorithm is
 * registered (or "builtin:NAME" with a name; *entry is then NULL) and, when
 * np > 0, np meets its restrictions. On failure returns -1 and a reason that
 * lists the valid names. */
int papsim_algorithm_check(const char *collective, const char *algorithm, int np,
                           const papsim_catalog_entry **entry, char *why, size_t len);

/* Text for the flags, e.g. "commutative op, power-of-two np" or "none". */
void papsim_catalog_flags_text(unsigned flags, char *buf, size_t len);

#endif
