/* Provenance of a results directory: DIR/provenance.txt, beside
 * DIR/results.csv, says what produced the results, so that a table can be
 * traced to the software and the inputs behind it.
 *
 * The file holds one [run] record per `papsim run` into the directory (and
 * per `papsim calibrate` writing there: no spec, the real MPI's version),
 * oldest first: a resumed or extended sweep appends its own record and
 * keeps the earlier ones, since results.csv then holds rows of several
 * runs. Each record is "key = value" lines:
 *
 *   papsim_version    papsim's version (the CMake project version)
 *   papsim_commit     `git describe --always --dirty` of the sources papsim
 *                     was built from, "unknown" outside a git checkout
 *   simgrid_version   SimGrid's version as the library smpirun loads reports
 *                     it at run time ("3.32.0"), or "unknown: REASON"
 *   mpi_library       the real MPI's own version text where one ran
 *                     (MPI_Get_library_version); "none (SimGrid/SMPI)" else
 *   spec, spec_fnv1a64          the sweep spec as given, and the 64-bit
 *                               FNV-1a hash of its bytes (16 hex digits)
 *   platform, platform_fnv1a64  one pair per platform the run used, in
 *                               order; "default" is the embedded platform
 *                               and its hash that of its XML text
 *   plugin, plugin_fnv1a64      one pair per user algorithm's shared object
 *                               the run registered (--plugin, the spec key
 *                               plugins), in order: its path and the hash
 *                               of its bytes, which its cases' ids hash too
 *   command           the command line, words quoted where needed
 *   date_utc          when the record was written (papsim run: at its
 *                     start), ISO 8601 in UTC
 *
 * MPI-free; no external tool is run. */
#ifndef PAPSIM_PROVENANCE_H
#define PAPSIM_PROVENANCE_H

#include <stddef.h>
#include <stdint.h>

#include "util/fnv1a.h"
#include "util/papsim_error.h"

/* The file name inside a results directory. */
#define PAPSIM_PROVENANCE_FILE "provenance.txt"

/* papsim's version and commit (generated at build time). */
extern const char papsim_version_string[];
extern const char papsim_commit_string[];

/* papsim_fnv1a64 and PAPSIM_FNV1A64_INIT: fnv1a.h. */

/* The FNV-1a 64 hash of a file's bytes as 16 lower-case hex digits. */
int papsim_hash_file(const char *path, char hex[17], papsim_err *e);

typedef struct {
    int argc;                         /* the command line, argv[0] first */
    char *const *argv;
    const char *spec_path;            /* NULL: no spec */
    const char *const *platforms;     /* files, or "default" */
    int nplatforms;
    const char *simgrid_version;      /* NULL: "unknown" */
    const char *mpi_library;          /* NULL: "none (SimGrid/SMPI)" */
    const char *const *plugins;       /* user algorithms' shared objects */
    int nplugins;
} papsim_provenance;

/* Appends a [run] record to DIR/provenance.txt (creating DIR and the file
 * with its explanatory header when needed). */
int papsim_provenance_append(const char *dir, const papsim_provenance *p, papsim_err *e);

/* Appends the [run] records of from_dir's provenance file (if it has one)
 * to dir's, each after a "# from FROM_DIR" comment: papsim merge keeps the
 * shards' records in the merged directory. */
int papsim_provenance_copy_records(const char *dir, const char *from_dir, papsim_err *e);

/* The simgrid_version values recorded in PATH's provenance file, distinct
 * ones joined by ", " in order of appearance. Returns 1 when found, 0 when
 * the file is missing or records none (a bare CSV), -1 when it cannot be read. */
int papsim_provenance_simgrid_of(const char *csv_path, char *buf, size_t len);

#endif
