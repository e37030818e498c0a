/* From a study to Open MPI's decision: `papsim tune` turns a results table
 * into a dynamic rules file for Open MPI's tuned collective component (read
 * with --mca coll_tuned_use_dynamic_rules 1 --mca
 * coll_tuned_dynamic_rules_filename FILE) and a summary of what the choice
 * is worth against Open MPI 4.1's fixed decision.
 *
 * The numbers come from the report pipeline (report/report.h): per panel,
 * the median of the metric over the ok repetitions of each (pattern, size,
 * algorithm). One communicator size of one collective is one study: the
 * panels of one (collective, np) must agree on every other key except the
 * skew, and a choice that reads patterned rows needs one skew (--skew).
 *
 * Choice rules, per (collective, np, size), among the algorithms with a
 * median there (lowest value wins, ties to the first by name):
 *   no_delay      the median under no_delay;
 *   pattern NAME  the median under pattern NAME;
 *   robust-mean   the mean over the panel's patterns of T/T(best of that
 *                 pattern), papsim_study_score (report_study.h);
 *   robust-worst  the highest of those ratios (papsim_tune_worst_ratio).
 * Only an algorithm with an Open MPI counterpart can be written to the
 * file: the registry's open_mpi field, a builtin:ompi_* name of SMPI, and
 * for Open MPI 5 its newer algorithms (papsim_tune_open_mpi). When the overall winner has none, the best
 * one that has is written and a comment says what was given up. Where Open
 * MPI's message size does not depend on the count (alltoallv, barrier,
 * scan, exscan: papsim_tune_one_rule), one algorithm is chosen for every
 * size of a (collective, np).
 * A collective whose algorithm Open MPI's tuned component cannot take from
 * a rules file, or that has no papsim algorithm with a counterpart, is
 * refused (papsim_tune_collective). */
#ifndef PAPSIM_TUNE_H
#define PAPSIM_TUNE_H

#include <stddef.h>
#include <stdio.h>

#include "report/report.h"
#include "util/csv.h"
#include "util/papsim_error.h"

typedef enum {
    PAPSIM_TUNE_NO_DELAY,
    PAPSIM_TUNE_PATTERN,
    PAPSIM_TUNE_ROBUST_MEAN,
    PAPSIM_TUNE_ROBUST_WORST
} papsim_tune_rule;

typedef struct {
    papsim_tune_rule rule;
    const char *pattern; /* PAPSIM_TUNE_PATTERN: its name */
    const char *skew;    /* NULL, or the skew whose panel is used ("1.5x") */
    const char *metric;  /* the results column, "last_delay_s" */
    int ompi_major;      /* 4: Open MPI 4.1's algorithms (format 1); 5: Open MPI 5's */
    int mpich;           /* 1: MPICH 4.0.2's algorithms and selection file (tune_mpich.h) */
} papsim_tune_options;

/* One rule of the file: a measured size of one (collective, np). */
typedef struct {
    long long bytes;        /* papsim's bytes column */
    long long msg_size;     /* Open MPI's message size at that point */
    long long threshold;    /* the rule applies from this message size */
    int alg;                /* report algorithm index of the choice */
    int ompi_id;            /* its Open MPI algorithm id */
    char ompi_name[64];     /* its Open MPI name (MPICH: MPIR_<Coll>_intra_<name>) */
    int faninout, segsize, max_requests;
    const char *segsize_source; /* where segsize comes from, for the comment */
    double value;           /* the choice's criterion value (seconds or ratio) */
    double time;            /* its median under the rule's pattern (no_delay for robust) */
    size_t size;            /* its index in the panel's sizes */
    int next;               /* the next mapped choice, -1 if none */
    double next_value;
    int winner;             /* the overall winner when it has no counterpart, else -1 */
    double winner_value;
} papsim_tune_point;

typedef struct {
    const char *collective;
    int np;
    int ompi_coll;          /* Open MPI's collective id */
    const papsim_report_panel *panel;
    size_t npoints;
    papsim_tune_point *points;
    /* papsim_tune_one_rule: Open MPI applies one rule to every size, so
     * every point has one choice, the lowest mean over the sizes of its
     * criterion / the best criterion at that size (one_rule_score). */
    int one_rule;
    double one_rule_score;
} papsim_tune_group;

typedef struct {
    const papsim_report *report;
    papsim_tune_options opt;
    size_t ngroups;
    size_t nskipped;  /* panels left out: uneven blocks (papsim_tune_uniform_only) */
    char skipped[1024]; /* why, for the first of them ("" when none) */
    papsim_tune_group *groups; /* by Open MPI collective id, then np */
} papsim_tune_plan;

/* Builds the plan from a report of the table (built by the caller with
 * papsim_report_build). Refuses, naming what is wrong: a report without
 * panels, a collective papsim_tune_collective refuses, a pattern the study
 * lacks, two studies of one (collective, np) that differ in another key,
 * several skews without opt->skew, a size at which no algorithm with an
 * Open MPI counterpart has a result (for a one-rule collective: no such
 * algorithm with a result at every size). */
int papsim_tune_plan_build(const papsim_report *r, const papsim_tune_options *opt,
                           papsim_tune_plan *plan, papsim_err *e);
void papsim_tune_plan_free(papsim_tune_plan *plan);

/* The dynamic rules file: version 1 (Open MPI 4.1 and later) or 2 (Open MPI
 * 5: "rule-file-version-2" and a max-requests column). 0 or -1 on a write
 * error. source names the results table in the header comment. */
int papsim_tune_write_rules(const papsim_tune_plan *plan, int version, const char *source,
                            FILE *f);

/* The summary: per group, size and pattern, the tuned choice against Open
 * MPI 4.1's fixed decision (papsim_tune_fixed_41). */
int papsim_tune_write_summary(const papsim_tune_plan *plan, FILE *f);

/* Highest T(a)/T(best) over the panel's patterns with a result at this
 * size; NAN when a lacks one of them (as papsim_study_score). */
double papsim_tune_worst_ratio(const papsim_report_panel *p, size_t size, size_t a);

/* Open MPI's counterpart of a report algorithm label ("bruck",
 * "chain[segment_bytes=8192]", "builtin:ompi_chain"): its id (name into
 * name), or -1. ompi_major 4: Open MPI 4.1's (the registry's); 5: the same
 * plus what Open MPI 5.0 added (allgather sparbit 7, allgatherv sparbit 6;
 * every 4.1 id is unchanged in 5.0). */
int papsim_tune_open_mpi(const char *collective, const char *label, int ompi_major, char *name,
                         size_t len);

/* The papsim algorithm whose counterpart is Open MPI algorithm id of a
 * collective (NULL if none) and Open MPI's name of it into name (the id in
 * digits when papsim does not know it). */
const char *papsim_tune_counterpart(const char *collective, int id, char *name, size_t len);

/* The segment size to write for an algorithm label at np and bytes: the
 * label's segment_bytes, else the default papsim's algorithm (or SMPI's
 * builtin:ompi_*) used in the simulation, else 0 (unsegmented); *source
 * says which, for the rule's comment. */
int papsim_tune_segsize(const char *collective, const char *label, int np, long long bytes,
                        const char **source);

/* Open MPI's collective id (COLLTYPE_T) for a collective papsim tune can
 * write rules for, or -1 with why into why: Open MPI's tuned component
 * reads no rules for it (gatherv, scatterv), or no papsim algorithm of it
 * has an Open MPI counterpart (ompi_major as in papsim_tune_open_mpi). */
int papsim_tune_collective(const char *collective, int ompi_major, char *why, size_t len);

/* Open MPI's message size for a collective at papsim's bytes and np, with
 * elements of type_size bytes, as its dynamic decision compares it with the
 * rules (0: it compares none; scan and exscan: type_size x np, whatever the
 * count). */
long long papsim_tune_msg_size(const char *collective, long long bytes, int np, int type_size);

/* 1 when Open MPI's dynamic decision looks up the same size for every
 * message of a communicator and datatype (alltoallv and barrier 0, scan and
 * exscan the type size x communicator size), so only the first rule of each
 * communicator size ever applies. */
int papsim_tune_one_rule(const char *collective);

/* What Open MPI's rules compare when papsim's bytes column gives it only
 * for the uniform distribution (allgatherv, reduce_scatter), else NULL. */
const char *papsim_tune_uniform_only(const char *collective);

/* Open MPI 4.1's fixed decision (coll_tuned_decision_fixed.c of v4.1.4):
 * the algorithm id its built-in function picks for a commutative op at np
 * ranks and papsim's bytes (reduce_scatter: the uniform distribution), or
 * -1 when papsim has not written it down for that collective. scan and
 * exscan have none in tuned: 1, the linear algorithm Open MPI 4.1 runs
 * without rules (its basic component's), and papsim_tune_fixed_note says
 * so. */
int papsim_tune_fixed_41(const char *collective, int np, long long bytes);

/* NULL, or why papsim_tune_fixed_41's answer for a collective is not the
 * tuned component's own fixed decision (scan, exscan). */
const char *papsim_tune_fixed_note(const char *collective);

#endif
