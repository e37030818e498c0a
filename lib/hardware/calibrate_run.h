/* The measurement run of papsim calibrate and the files it writes: mpiexec
 * starts papbench-mpi --calibrate (a real MPI; argv only, no shell) with its
 * table into PREFIX.csv, a provenance record names the MPI library, and the
 * fitted model (calibrate_model.h) becomes PREFIX.txt and PREFIX.xml. */
#ifndef PAPSIM_CALIBRATE_RUN_H
#define PAPSIM_CALIBRATE_RUN_H

#include <stdio.h>

#include "hardware/calibrate_model.h"
#include "util/papsim_error.h"

enum { PAPSIM_CALIB_MAX_MPIEXEC_ARGS = 32 };

/* How the measurement starts: mpiexec -np NP [--hostfile FILE] EXTRA...
 * papbench-mpi --calibrate [--iters N] [--max-bytes B]. */
typedef struct {
    long np;
    const char *hostfile;  /* NULL: none */
    const char *iters;     /* passed through to papbench-mpi; NULL: its default */
    const char *max_bytes; /* likewise */
    const char *mpiexec;
    const char *papbench_mpi;
    int nextra;
    const char *extra[PAPSIM_CALIB_MAX_MPIEXEC_ARGS]; /* --mpiexec-arg */
} papsim_calib_launch;

/* Fills argv (room for PAPSIM_CALIB_MAX_MPIEXEC_ARGS + 16 entries) with the
 * measurement command, NULL-terminated; np_buf (32 bytes) holds the -np
 * value. Returns the number of words. */
int papsim_calib_measure_argv(const papsim_calib_launch *l, char np_buf[32], const char **argv);

/* Runs the measurement with its stdout into csv_path. Returns 0,
 * PAPSIM_EXIT_BAD_INPUT (csv_path cannot be created) or PAPSIM_EXIT_FAILED
 * (the run failed), with the message in e. */
int papsim_calib_measure(const papsim_calib_launch *l, const char *csv_path, papsim_err *e);

/* Appends a record naming the real MPI (papbench-mpi --library-version under
 * the same mpiexec, one rank) and the command line "papsim ARGV..." to
 * provenance.txt in prefix's directory. A failure is a warning on stderr:
 * the measurements stand. */
void papsim_calib_record_provenance(const papsim_calib_launch *l, const char *prefix, int argc,
                                    char **argv);

/* Writes PREFIX.txt (the fitted numbers and the model size, also printed on
 * out with "wrote PREFIX.txt") and PREFIX.xml (the SimGrid cluster, then
 * "wrote PREFIX.xml"); warns on stderr when there was no inter-node
 * measurement. Returns 0, or -1 with a message in e. */
int papsim_calib_write_outputs(const char *prefix, const papsim_calib_result *r, long nodes,
                               long cores, const char *csv_path, const char *stat, FILE *out,
                               papsim_err *e);

/* One papsim calibrate request, its options already parsed. */
typedef struct {
    papsim_calib_launch l; /* the measurement run; mpiexec and papbench_mpi
                            * may be NULL: $MPIEXEC or mpiexec, papbench-mpi
                            * as locate.h finds it; with mpich set,
                            * $MPIEXEC_MPICH or mpiexec.mpich, papbench-mpich */
    int mpich;             /* --mpi mpich: MPICH's launcher and driver */
    const char *out;       /* PREFIX of PREFIX.csv/.txt/.xml */
    const char *from;      /* fit this measurement file instead of measuring */
    const char *statistic; /* median_s or min_s; NULL: median_s */
    long nodes, cores;     /* model size; 0 = as measured */
    int force;             /* replace existing PREFIX files (never an input) */
} papsim_calib_request;

/* papsim calibrate: measures into PREFIX.csv (with its provenance record;
 * argc/argv are the command line it records) unless q->from names a
 * measurement file, fits it and writes PREFIX.txt and PREFIX.xml, naming
 * each file written on out. Returns 0, 2 for bad input, or the
 * measurement's status; e holds the message of a non-zero status. */
int papsim_calibrate_run(papsim_calib_request *q, int argc, char **argv, FILE *out,
                         papsim_err *e);

#endif
