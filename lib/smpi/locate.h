/* Where papsim's own pieces are, found from the running papsim executable
 * (/proc/self/exe), never from paths of the machine it was built on: an
 * installed tree keeps working when its prefix is moved or copied.
 *
 *   installed   PREFIX/bin/papsim
 *               PREFIX/libexec/papsim/papbench   (the SMPI driver)
 *               PREFIX/libexec/papsim/papcheck   (the SMPI checker)
 *               PREFIX/bin/papbench-mpi          (the real-MPI driver)
 *               PREFIX/share/papsim/{platforms,scenarios}
 *   build tree  BUILD/papsim, BUILD/papbench, BUILD/papbench-mpi,
 *               BUILD/share/papsim (links to the sources' directories)
 *
 * Environment variables take precedence: PAPSIM_PAPBENCH, PAPBENCH_MPI,
 * PAPSIM_SMPIRUN, PAPSIM_DATA_DIR. */
#ifndef PAPSIM_LOCATE_H
#define PAPSIM_LOCATE_H

#include <stddef.h>

/* The directory holding the running papsim ("." when /proc/self/exe cannot
 * be read). */
void papsim_self_dir(char *buf, size_t len);

/* The SMPI build of papbench: $PAPSIM_PAPBENCH, else the installed layout's
 * libexec/papsim/papbench, else papbench beside papsim (build tree). When
 * neither exists, the installed path, for the error message. */
void papsim_locate_papbench(char *buf, size_t len);

/* papbench-mpi: $PAPBENCH_MPI, else papbench-mpi beside papsim. */
void papsim_locate_papbench_mpi(char *buf, size_t len);
/* papbench-mpich (cmake/mpich.cmake): $PAPBENCH_MPICH, else beside papsim. */
void papsim_locate_papbench_mpich(char *buf, size_t len);

/* The correctness checker papsim check runs: papcheck (SMPI; $PAPSIM_PAPCHECK,
 * else beside papsim, else libexec/papsim/papcheck) and papcheck-mpi
 * ($PAPCHECK_MPI, else beside papsim), found like papbench and papbench-mpi. */
void papsim_locate_papcheck(char *buf, size_t len);
void papsim_locate_papcheck_mpi(char *buf, size_t len);

/* smpirun: $PAPSIM_SMPIRUN, else the one found when papsim was configured if
 * it is still there, else "smpirun" (looked up in PATH). */
void papsim_locate_smpirun(char *buf, size_t len);

/* The data directory (platforms/, scenarios/): $PAPSIM_DATA_DIR, else the
 * installed share/papsim, else BUILD/share/papsim. Returns -1 (and the
 * installed path) when none holds a platforms directory. */
int papsim_locate_data_dir(char *buf, size_t len);

/* Installed platforms and scenarios by name: when path names no file and
 * name is a bare name (no '/'), path becomes DATA/subdir/name, or that plus
 * ext, if one exists ("fat-tree-256" -> DATA/platforms/fat-tree-256.xml).
 * Otherwise path is left as it is. Returns 1 when it changed path. */
int papsim_locate_named(const char *name, const char *subdir, const char *ext, char *path,
                        size_t len);

#endif
