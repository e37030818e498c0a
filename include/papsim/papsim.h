/* papsim's collective algorithms, installed as a library: one header for
 * all of them.
 *
 *   #include <papsim/papsim.h>
 *
 * papsim_algorithms.h  the algorithms' signatures (papsim_<collective>_<name>:
 *                      the MPI arguments of the collective plus a trailing
 *                      const papsim_params *), the knobs and lookup by name
 * papsim_catalog.h     the registry without MPI: names, descriptions and
 *                      restrictions (papsim_algorithm_check)
 * papsim_msgcount.h    estimated messages of one call
 * papsim_helpers.h     the helpers papsim's algorithms use that a user's
 *                      algorithm may use too (buffers, copies, the charged
 *                      combine)
 * papsim_plugin.h      the declaration of a user's algorithm
 *                      (PAPSIM_PLUGIN_ALGORITHM)
 *
 * Link with papsim-algorithms-smpi under SimGrid/SMPI or papsim-algorithms-mpi
 * under a real MPI: pkg-config papsim-smpi / papsim-mpi, or CMake's
 * find_package(papsim) and papsim::algorithms_smpi / papsim::algorithms_mpi.
 * share/papsim/examples shows both. */
#ifndef PAPSIM_H
#define PAPSIM_H

#include "papsim_algorithms.h"
#include "papsim_catalog.h"
#include "papsim_msgcount.h"
#include "papsim_helpers.h"
#include "papsim_plugin.h"

#endif
