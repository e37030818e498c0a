/* papsim new: the first file of a user's algorithm (papsim_plugin.h). */
#ifndef PAPSIM_PLUGIN_NEW_H
#define PAPSIM_PLUGIN_NEW_H

#include <stdio.h>

#include "util/papsim_error.h"

/* Writes the C file of collective's algorithm `name` to out: the header
 * comment papsim's algorithms carry (to be filled in), the function
 * user_<collective>_<name> with the collective's papsim signature, whose
 * body calls the MPI library's own collective until it is replaced, and
 * its PAPSIM_PLUGIN_ALGORITHM declaration. Fails (nothing written) for an
 * unknown collective or a name papsim's own algorithms of it use or that
 * is not [a-z0-9_]. */
int papsim_plugin_write_source(FILE *out, const char *collective, const char *name,
                               papsim_err *e);

/* Writes a CMakeLists.txt building the file `source` as NAME.smpi.so and
 * NAME.mpi.so (papsim_add_algorithm of find_package(papsim)). */
void papsim_plugin_write_cmake(FILE *out, const char *target, const char *source);

#endif
