/* One benchmark case: everything that identifies a simulated (or real) run
 * of one collective algorithm under one arrival pattern. Shared by papbench
 * (which runs it), papsim bench and papsim run (which build it), so the long
 * options, the case id and the CSV row are defined once. No MPI here. */
#ifndef PAPSIM_CASE_H
#define PAPSIM_CASE_H

#include <stdio.h>

#include "util/csv.h"
#include "util/papsim_error.h"

typedef struct {
    char collective[32];     /* allgather, allgatherv, reduce, allreduce */
    char algorithm[128];     /* registry name or builtin:NAME */
    char platform[1024];     /* label: the platform path or "default" */
    char platform_key[17];   /* the platform's content key (platform.h: 16 hex
                              * digits), "" = none: then the case id hashes
                              * the label (papbench-mpi's rows, results of
                              * papsim before results format 4) */
    int np;                  /* 0 = whatever the launcher started */
    char mapping[16];        /* label: sequential or cyclic */
    int ranks_per_node;      /* label: 0 = the platform's cores per host */
    char pattern[4200];      /* shape name or file:PATH */
    char pattern_key[17];    /* file:PATH only: the content key of the file's
                              * delays (pattern.h: 16 hex digits); the case id
                              * hashes it and papbench checks the file still
                              * has it. "" = none: the id hashes the path
                              * alone (papbench run by hand, results of papsim
                              * before pattern keys) */
    char plugin_key[17];     /* user:NAME only: the content key of the shared
                              * object that defines the algorithm
                              * (util/papsim_input.h: FNV-1a of its bytes);
                              * the case id hashes it and papbench checks the
                              * file still has it. "" = none: the id hashes
                              * the name alone */
    char skew[64];           /* the skew as written ("100us", "1.5x") */
    double skew_s;           /* the resolved skew in seconds */
    unsigned long long seed; /* for random and gaussian patterns */
    long long bytes;         /* per-rank block (allgather), base block size c
                              * (allgatherv), vector (reduce, allreduce) or
                              * per-destination block (alltoall) */
    char distribution[16];   /* allgatherv block sizes (distribution.h), alltoallv
                              * per-pair sizes (distribution_matrix.h); uniform */
    char datatype[16];       /* int, double, float, char, long */
    char op[16];             /* sum, max, min, prod; affine (not commutative) */
    int root;
    int in_place;
    double gamma;            /* combine cost, seconds per byte (simulation only) */
    long long segment_bytes; /* 0 = algorithm default */
    int segments;            /* N for algorithms that cut the vector into N
                              * segments (clairvoyant); 0 = algorithm default */
    int max_requests;        /* receives and sends in flight (alltoall
                              * linear_sync); 0 = no limit */
    char knowledge[16];      /* arrival-time knowledge given to the algorithm
                              * (papsim_params.arrivals): none, oracle (the
                              * pattern's delays) or predicted (moving average
                              * of window 5 of each rank's measured arrival
                              * offsets, allgathered inside the timed call),
                              * or estimated (each rank announces an estimate
                              * at x = edge of its delay, as in
                              * J. Proficz, "Improving all-reduce
                              * collective operations for imbalanced
                              * process arrival patterns", The Journal
                              * of Supercomputing 74(7), 2018, Sec. 3) */
    double edge;             /* estimated: the fraction x of the delay at which
                              * a rank announces; 0 = the default 0.5 */
    int schedule_timed;      /* 1: schedule building is charged (yes/no) */
    double model_alpha;      /* latency (s) and per-byte time (s/B) of the
                              * round-time model of arrival-aware algorithms */
    double model_beta;       /* (clairvoyant's d); 0 = the algorithm default */
    int knomial_radix;       /* radix of the bcast knomial tree, 2..64; 0 = 4 */
    char radix[96];          /* reduce radix_k's radix vector k_1..k_r, canonical
                              * "4x4x8"; "" = its default (--radix) */
    int reps;
    int check;               /* compare every result with the reference */
    unsigned long long matrix_seed; /* alltoallv --distribution random: the seed of
                              * its matrix (distribution_matrix.h), 1..2^63-1;
                              * 0 = unset (--matrix-seed) */
} papsim_case;

/* The defaults every case starts from (documented in papbench --help). */
void papsim_case_defaults(papsim_case *c);

/* Applies long options (--collective X, --bytes=8, --check ...) to c.
 * Options not in the shared set are an error naming the option, unless
 * `extra` is non-NULL: then they are returned there, in order, for the
 * caller's own parsing (*nextra counts them). */
int papsim_case_parse_args(int argc, char **argv, papsim_case *c, char **extra, int *nextra,
                           papsim_err *e);

/* 1 if arg ("--np", "--ranks_per_node") is an option papsim_case_parse_args
 * takes with a value, so a caller can tell a missing value from an unknown
 * option. */
int papsim_case_option_takes_value(const char *arg);

/* Checks values that do not depend on MPI or the registry: sizes, skew,
 * datatype and op names, root range when np is known. */
int papsim_case_validate(const papsim_case *c, papsim_err *e);

/* The edge fraction x of --knowledge estimated: c->edge, or 0.5 if unset. */
double papsim_case_edge(const papsim_case *c);

/* The names of a case's values (case_names.c). */
/* Bytes of one element of the case's datatype (0 if unknown). */
int papsim_datatype_size(const char *name);
/* 1 if k is a knowledge papsim knows: none, oracle, predicted, estimated. */
int papsim_knowledge_known(const char *k);

/* 1 if the named op is commutative: every predefined op (sum, max, min,
 * prod); 0 for affine, papbench's non-commutative user op (the composition
 * of affine maps, see papbench --help), and for unknown names. */
int papsim_op_commutative(const char *op);

/* The restrictions of an algorithm that depend on the case beyond np: a
 * non-commutative op against PAPSIM_R_COMMUTATIVE, MPI_IN_PLACE against
 * PAPSIM_R_NO_IN_PLACE. flags are the entry's PAPSIM_R_* bits (0 for
 * builtin:NAME). Returns 0, or -1 with a reason naming the algorithm and
 * the restriction; papbench, papsim bench and papsim run (an `unsupported`
 * row) share it. */
int papsim_case_check_restrictions(const papsim_case *c, unsigned flags, papsim_err *e);

/* 16 hex digits identifying the case (every field but reps and check). The
 * platform enters by its content key when the case has one, so the same
 * platform named by two paths, or copied, gives one id (results format 4).
 * A file pattern's content key enters too when the case has one (only
 * then: every other case keeps its id), so an edited pattern file gives
 * other ids. */
void papsim_case_id(const papsim_case *c, char id[17]);

/* The id as papsim wrote it before results format 4: the platform enters by
 * its label (the path as the spec spelled it), and no pattern key. A row
 * whose case_id equals this id of its own fields (papsim_case_from_row) has
 * a label-keyed id. */
void papsim_case_label_id(const papsim_case *c, char id[17]);

/* Rebuilds from row r of a results table (columns found by name) the case
 * that wrote it: every field the id hashes, the knobs from params (none for
 * a table without the column). The platform and pattern keys stay empty.
 * Returns 0, or -1 when a column is missing or a value does not parse
 * (case_row.c). */
int papsim_case_from_row(const papsim_table *t, size_t r, papsim_case *c);

/* Writes the case back as one line of long options (the cases-file format):
 * a value that is not plain (papsim_case_word_is_plain) is single-quoted, a
 * quote inside doubled: --platform 'plat dir/p.xml'. */
void papsim_case_write_args(const papsim_case *c, FILE *out);

/* The case-line helpers below live in case_list.c, beside the reader. */
/* 1 if s is non-empty and only letters, digits and _.,:/+=@%^~- : a word
 * that needs no quoting in a case line and that no shell script (smpirun)
 * splits or expands. */
int papsim_case_word_is_plain(const char *s);

/* Writes s as one value of a case line: as it is when plain, else quoted as
 * papsim_case_write_args says (case_list.c, beside the reader). */
void papsim_case_put_value(FILE *out, const char *s);

/* Fails unless value, the text of option (--platform, --pattern), can be a
 * results.csv field (case_names.c): no newline or other control character, no comma, no
 * double quote. The message names the character. */
int papsim_case_check_label(const char *option, const char *value, papsim_err *e);

/* Metrics of one repetition, from arrival a_i and exit e_i of every rank. */
typedef struct {
    double total_delay;  /* max e - min a */
    double last_delay;   /* max e - max a */
    double mean_elapsed; /* mean(e_i - a_i) */
    double max_elapsed;  /* max(e_i - a_i) */
} papsim_metrics;

void papsim_metrics_compute(const double *arrive, const double *exit_t, int np, papsim_metrics *m);

/* One results.csv row (no newline handling beyond the final '\n'). status is
 * "ok", "unsupported", "check_failed", "missed_start", "timeout" or
 * "baseline_timeout"; m may be NULL. The params field lists the knobs that
 * are set, in key order, "key=value" joined by ';'
 * ("segments=16;knowledge=oracle" is written "knowledge=oracle;segments=16"),
 * or is empty. deterministic: the times come from the simulator, so a rerun
 * gives them again exactly ("yes"), or from a real run ("no"). */
void papsim_case_write_row(const papsim_case *c, int rep, const papsim_metrics *m,
                           int deterministic, const char *status, FILE *out);

#endif
