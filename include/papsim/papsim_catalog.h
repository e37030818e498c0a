/* The algorithm catalog without MPI: names, descriptions and restriction
 * flags of every registered algorithm, for the papsim CLI (which has no MPI)
 * and for papbench's checks before a call. Generated from collectives.def
 * and registry.def. */
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
    PAPSIM_R_ALL = (1u << 4) - 1,   /* every flag this papsim knows */
};

/* Knob bits: the papsim_params knobs an algorithm reads (registry.def's
 * knobs field), named by their spec keys in `papsim list --format csv|md`.
 * A knob an algorithm does not read is accepted and ignored. */
enum {
    PAPSIM_K_SEGMENT_BYTES = 1u << 0,  /* segment_bytes */
    PAPSIM_K_SEGMENTS = 1u << 1,       /* segments: the number of segments N */
    PAPSIM_K_RADIX = 1u << 2,          /* radix: a radix vector, checked against np */
    PAPSIM_K_KNOMIAL_RADIX = 1u << 3,  /* knomial_radix */
    PAPSIM_K_MAX_REQUESTS = 1u << 4,   /* max_requests */
    PAPSIM_K_KNOWLEDGE = 1u << 5,      /* knowledge oracle|predicted: expected arrivals */
    PAPSIM_K_ESTIMATED = 1u << 6,      /* knowledge estimated (and edge): the arrivals
                                          obtained inside the call */
    PAPSIM_K_MODEL = 1u << 7,          /* model_alpha, model_beta: its round-time model */
    PAPSIM_K_SCHEDULE_TIMED = 1u << 8, /* schedule_timed */
    PAPSIM_K_ALL = (1u << 9) - 1,      /* every knob this papsim knows */
};

/* Collective traits (collectives.def's traits field). */
enum {
    PAPSIM_C_ROOTED = 1u << 0,       /* takes a root */
    PAPSIM_C_OP = 1u << 1,           /* combines with an op */
    PAPSIM_C_VFORM = 1u << 2,        /* block sizes per rank (or pair) from --distribution */
    PAPSIM_C_ONE_BUFFER = 1u << 3,   /* one buffer: MPI_IN_PLACE does not apply */
    PAPSIM_C_NO_DATA = 1u << 4,      /* moves no data: no buffer, 0 bytes */
    PAPSIM_C_STRICT_KNOBS = 1u << 5, /* a knob its algorithm does not read is refused */
    PAPSIM_C_NO_BUILTIN = 1u << 6,   /* no builtin:NAME (the MPI call cannot be chosen) */
    PAPSIM_C_MATRIX = 1u << 7,       /* its distribution is a per-pair matrix (matrix_seed) */
    PAPSIM_C_ROOT_SENDS = 1u << 8,   /* rooted, the root's blocks are sent (scatter,
                                        scatterv), not received (gather, gatherv): the
                                        root's side of the call is its send side */
};

/* A collective (collectives.def). */
typedef struct {
    const char *name;      /* "allgather" */
    const char *mpi;       /* "Allgather": MPI_Allgather */
    const char *signature; /* "blocks": its row of signatures.def, papsim_sig_blocks_fn */
    const char *family;    /* papbench's family, "allgather" */
    unsigned traits;       /* PAPSIM_C_* */
    const char *smpi;      /* SMPI's smpi/<smpi> option, "" if none */
    int open_mpi;          /* Open MPI's collective id for the tuned rules, -1 if none */
    const char *bytes;     /* what a case's bytes are: "the per-rank block" */
} papsim_collective_entry;

extern const papsim_collective_entry papsim_collective_table[];

/* The collective's row; NULL if unknown. */
const papsim_collective_entry *papsim_collective_find(const char *collective);

/* 1 if the collective is known and has every trait of `traits`. */
int papsim_collective_has(const char *collective, unsigned traits);

/* "a, b and c": the collectives that have every trait of `traits`, for
 * messages. */
void papsim_collective_names_with(unsigned traits, char *buf, size_t len);

/* An algorithm's message-count model (papsim_msgcount.h), defined in
 * msgcount_models.c. */
struct papsim_msgcount_model;

typedef struct {
    const char *collective; /* "allgather", "reduce", "allreduce" */
    const char *name;       /* "ring" */
    unsigned flags;         /* PAPSIM_R_* */
    unsigned knobs;         /* PAPSIM_K_* */
    const struct papsim_msgcount_model *msgcount;
    const char *msgcount_name; /* the model's name, "tree" */
    const char *open_mpi;      /* Open MPI 4.1's "NAME:ID" (tuned), "" if none */
    const char *mpich;         /* MPICH's, alike */
    const char *description;
} papsim_catalog_entry;


/* The collectives papsim knows, in collectives.def's order (their names;
 * papsim_collective_table[i] is papsim_collectives[i]'s row). */
extern const char *const papsim_collectives[];
extern const size_t papsim_ncollectives;

extern const papsim_catalog_entry papsim_catalog[];
extern const size_t papsim_catalog_size;

/* 1 if the collective is known. */
int papsim_collective_known(const char *collective);

/* Finds an algorithm, papsim's or a registered user algorithm (user:NAME);
 * "builtin:NAME" is not looked up here. NULL if unknown. */
const papsim_catalog_entry *papsim_catalog_find(const char *collective, const char *name);

/* The same among papsim's own algorithms only (registry.def). */
const papsim_catalog_entry *papsim_catalog_find_own(const char *collective, const char *name);

/* Writes "a, b, c" lists into buf (for error messages): every algorithm of
 * the collective (papsim's, then the user's, then builtin:NAME where the
 * collective has one), or papsim's own only. */
void papsim_catalog_names(const char *collective, char *buf, size_t len);
void papsim_catalog_own_names(const char *collective, char *buf, size_t len);

/* 1 if builtin:NAME (the MPI call itself) can run the collective: not for
 * PAPSIM_C_NO_BUILTIN (scan and exscan, one fixed linear pattern each in
 * SMPI). */
int papsim_collective_has_builtin(const char *collective);
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

/* Open MPI 4.1's counterpart of an entry (its open_mpi field "NAME:ID"):
 * copies NAME into name and returns ID (1 or more), or -1 when the entry has
 * none (or the field is malformed, which a unit test rules out). */
int papsim_catalog_open_mpi(const papsim_catalog_entry *entry, char *name, size_t len);

/* Open MPI's collective id of a papsim collective whose algorithm Open
 * MPI's tuned component chooses from a dynamic rules file (collectives.def's
 * open_mpi field); -1 for another name (gatherv and scatterv too: tuned has
 * no algorithm of its own for them and reads no rules for them). */
int papsim_open_mpi_collective_id(const char *collective);

/* Text for the flags, e.g. "commutative op, power-of-two np" or "none". */
void papsim_catalog_flags_text(unsigned flags, char *buf, size_t len);

/* Text for a collective's traits, e.g. "rooted, op" or "none". */
void papsim_collective_traits_text(unsigned traits, char *buf, size_t len);

/* Text for the knobs, their spec keys separated by spaces, e.g.
 * "segment_bytes knomial_radix", or "none". */
void papsim_catalog_knobs_text(unsigned knobs, char *buf, size_t len);

/* The algorithms that read a knob, for messages: "allreduce slt and prr",
 * collective by collective ("reduce clairvoyant; allreduce slt and prr"). */
void papsim_catalog_knob_users(unsigned knob, char *buf, size_t len);

#endif
