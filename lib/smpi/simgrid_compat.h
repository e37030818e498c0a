/* Where papsim differs per SimGrid version: the one place that says so.
 *
 * papsim builds and runs on SimGrid 3.32 (Debian 12) to 4.1 through public
 * interfaces only (simgrid.pc, <simgrid/actor.h>, <simgrid/barrier.h>,
 * <simgrid/version.h>, SMPI's <mpi.h> and <smpi/smpi_helpers.h>, smpirun's
 * options; papsim_data_malloc in algorithms/coll_util.c calls
 * smpi_shared_malloc_intercept, what smpi_helpers.h's malloc becomes, the
 * same in 3.32 and 4.1). The versions differ for papsim in four ways, all
 * handled here or named here:
 *
 *  - the range: cmake/simgrid.cmake reads PAPSIM_SIMGRID_OLDEST and
 *    PAPSIM_SIMGRID_NEWEST below and refuses another SimGrid at configure
 *    time;
 *  - the eager-send scan: SimGrid before 3.34 removes each finished
 *    detached (eager) send from one list by scanning it
 *    (CommImpl::~CommImpl, std::list::remove), so a message costs a visit
 *    per eager send in flight; 3.34 keeps them in a set (SimGrid commit
 *    5f8fc2c2, "Replaced std::list by std::set to keep track of
 *    activities", December 2022). The forecast's scan term
 *    (sweep_cost_model.scan) applies below PAPSIM_SIMGRID_NO_EAGER_SCAN only,
 *    and its constants per version come from papsim_simgrid_cost_model;
 *  - a deadlock: SimGrid 3.32 prints PAPSIM_SMPI_DEADLOCK_TEXT and ends the
 *    simulation with exit status 0; 4.1 prints the same line, then the
 *    process dies (smpirun exits with status 139). Readers of a failed
 *    batch (papsim bench, the sweep) look for the line before they look at
 *    the exit status;
 *  - shared buffers out of mappings: both versions abort with
 *    PAPSIM_SMPI_MAP_TEXT when mapping a block of a shared buffer fails
 *    (the kernel's vm.max_map_count at large np); papsim names the cause
 *    and the remedy (papsim_failure_cause, papsim_failure_advice);
 *  - the list of a collective's algorithms that smpirun prints for an
 *    unknown name: 3.32 ends it with the last name, 4.1 goes on with
 *    ". Please use --help-coll for details"; smpi_algos.c cuts the list
 *    at the first ". ".
 *
 * Simulated times are the same on 3.32 and 4.1 for papsim's golden grid
 * (docs/simgrid-versions.md). */
#ifndef PAPSIM_SIMGRID_COMPAT_H
#define PAPSIM_SIMGRID_COMPAT_H

#include <stddef.h>


#define PAPSIM_SIMGRID_OLDEST "3.32"
#define PAPSIM_SIMGRID_NEWEST "4.1"

/* The first release without the linear scan of finished eager sends. */
#define PAPSIM_SIMGRID_NO_EAGER_SCAN "3.34"

/* The line SimGrid's engine logs (EngineImpl.cpp, "Oops! Deadlock detected,
 * some activities are still around but will never complete") when every
 * simulated rank waits for something that can never happen. */
#define PAPSIM_SMPI_DEADLOCK_TEXT "Deadlock detected"

/* The start of the message SMPI aborts with (smpi_shared.cpp, the same in
 * 3.32 and 4.1) when mmap of one block of a shared buffer fails; with
 * ENOMEM that is almost always the per-process limit on mappings
 * (vm.max_map_count): every rank's every buffer above
 * smpi/auto-shared-malloc-thresh is one mapping per block. */
#define PAPSIM_SMPI_MAP_TEXT "Could not map folded virtual memory"

/* "3.32", "3.32.0", "4.1.0" -> 10000 x major + 100 x minor + patch
 * (33200, 40100); -1 when text does not start with MAJOR.MINOR. */
long papsim_simgrid_version_number(const char *text);

/* The SimGrid papsim was configured against ("3.32.0"). */
const char *papsim_simgrid_build_version(void);

/* 1 if this SimGrid (a version text as papsim_simgrid_version gives it)
 * scans its list of eager sends when one finishes; an unreadable version
 * counts as the one papsim was built against. */
int papsim_simgrid_scans_eager_sends(const char *version);

#endif
