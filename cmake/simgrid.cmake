# Finds SimGrid (with SMPI) and checks its version; included by CMakeLists.txt.
#
#   -DPAPSIM_SIMGRID_ROOT=PREFIX   build against the SimGrid installed in PREFIX
#                                  (scripts/build-simgrid.sh makes one): its
#                                  simgrid.pc, headers, libsimgrid and smpirun,
#                                  and nothing else
# Without it, SimGrid's pkg-config module (simgrid.pc) is looked up the usual
# way (PKG_CONFIG_PATH, CMAKE_PREFIX_PATH, the system). SimGrid installs no
# CMake package file of its own (it ships FindSimGrid.cmake for projects to
# copy); simgrid.pc is its installed interface, present in Debian's
# libsimgrid-dev and in every `make install` of a release.
#
# Sets SIMGRID_VERSION (MAJOR.MINOR.PATCH, from <simgrid/version.h>),
# SIMGRID_LIBDIR, SMPI_INCLUDE_DIR, SIMGRID_LIBRARY and SMPIRUN. The range
# papsim supports is read from lib/smpi/simgrid_compat.h, the one place
# that says where papsim differs per SimGrid version.
set(PAPSIM_SIMGRID_ROOT "" CACHE PATH
    "Prefix of the SimGrid installation to build against (empty: pkg-config's simgrid.pc)")

# Another root (or none) than at the last configure: find everything again.
if(NOT "${PAPSIM_SIMGRID_ROOT}" STREQUAL "${PAPSIM_SIMGRID_ROOT_FOUND}")
  unset(SMPI_INCLUDE_DIR CACHE)
  unset(SIMGRID_LIBRARY CACHE)
  unset(SMPIRUN CACHE)
  unset(__pkg_config_checked_SIMGRID_PC CACHE)
  set(PAPSIM_SIMGRID_ROOT_FOUND "${PAPSIM_SIMGRID_ROOT}" CACHE INTERNAL "")
endif()
if(PAPSIM_SIMGRID_ROOT)
  get_filename_component(PAPSIM_SIMGRID_ROOT "${PAPSIM_SIMGRID_ROOT}" ABSOLUTE)
  set(papsim_sg_pc)
  foreach(dir lib lib64 lib/${CMAKE_LIBRARY_ARCHITECTURE} share)
    if(EXISTS "${PAPSIM_SIMGRID_ROOT}/${dir}/pkgconfig/simgrid.pc")
      list(APPEND papsim_sg_pc "${PAPSIM_SIMGRID_ROOT}/${dir}/pkgconfig")
    endif()
  endforeach()
  if(NOT papsim_sg_pc)
    message(FATAL_ERROR "PAPSIM_SIMGRID_ROOT=${PAPSIM_SIMGRID_ROOT}: no lib/pkgconfig/simgrid.pc "
                        "there; is it the prefix of a SimGrid installation "
                        "(scripts/build-simgrid.sh SOURCE PREFIX makes one)?")
  endif()
  # Only this prefix's simgrid.pc: the system's must not win. The search
  # path is put back afterwards, so the MPI's own module is still found.
  string(REPLACE ";" ":" papsim_sg_pc "${papsim_sg_pc}")
  set(papsim_saved_pc_path "$ENV{PKG_CONFIG_PATH}")
  set(papsim_saved_pc_libdir "$ENV{PKG_CONFIG_LIBDIR}")
  set(papsim_had_pc_libdir FALSE)
  if(DEFINED ENV{PKG_CONFIG_LIBDIR})
    set(papsim_had_pc_libdir TRUE)
  endif()
  set(ENV{PKG_CONFIG_PATH} "${papsim_sg_pc}")
  set(ENV{PKG_CONFIG_LIBDIR} "${papsim_sg_pc}")
  set(papsim_sg_find NO_DEFAULT_PATH)
else()
  set(papsim_sg_find)
endif()

pkg_check_modules(SIMGRID_PC QUIET simgrid)
if(NOT SIMGRID_PC_FOUND)
  message(FATAL_ERROR "SimGrid not found: no pkg-config module 'simgrid' (simgrid.pc). Install "
                      "Debian's libsimgrid-dev, or build a release with scripts/build-simgrid.sh "
                      "and configure with -DPAPSIM_SIMGRID_ROOT=PREFIX")
endif()
pkg_get_variable(papsim_sg_prefix simgrid prefix)
pkg_get_variable(papsim_sg_bindir simgrid exec_prefix) # SimGrid's .pc: exec_prefix = the bin dir
if(PAPSIM_SIMGRID_ROOT)
  set(ENV{PKG_CONFIG_PATH} "${papsim_saved_pc_path}")
  if(papsim_had_pc_libdir)
    set(ENV{PKG_CONFIG_LIBDIR} "${papsim_saved_pc_libdir}")
  else()
    unset(ENV{PKG_CONFIG_LIBDIR})
  endif()
endif()

find_path(SMPI_INCLUDE_DIR smpi/smpi_helpers.h HINTS ${SIMGRID_PC_INCLUDEDIR} ${papsim_sg_find})
find_library(SIMGRID_LIBRARY simgrid HINTS ${SIMGRID_PC_LIBDIR} ${papsim_sg_find})
find_program(SMPIRUN smpirun HINTS ${papsim_sg_bindir} ${papsim_sg_prefix}/bin ${papsim_sg_find})
foreach(var SMPI_INCLUDE_DIR SIMGRID_LIBRARY SMPIRUN)
  if(NOT ${var})
    message(FATAL_ERROR "SimGrid ${SIMGRID_PC_VERSION} (simgrid.pc, prefix ${papsim_sg_prefix}): "
                        "${var} not found; papsim needs SimGrid built with SMPI (-Denable_smpi=ON)")
  endif()
endforeach()
get_filename_component(SIMGRID_LIBDIR "${SIMGRID_LIBRARY}" DIRECTORY)

# The version of the headers papsim compiles against (simgrid.pc says only
# MAJOR.MINOR); papsim --version and provenance.txt report the library's own
# at run time.
file(STRINGS "${SMPI_INCLUDE_DIR}/simgrid/version.h" papsim_sg_defs
     REGEX "^#define SIMGRID_VERSION_(MAJOR|MINOR|PATCH) ")
foreach(part MAJOR MINOR PATCH)
  string(REGEX MATCH "SIMGRID_VERSION_${part} +([0-9]+)" _ "${papsim_sg_defs}")
  set(papsim_sg_${part} "${CMAKE_MATCH_1}")
endforeach()
set(SIMGRID_VERSION "${papsim_sg_MAJOR}.${papsim_sg_MINOR}.${papsim_sg_PATCH}")

file(STRINGS "${CMAKE_CURRENT_LIST_DIR}/../lib/smpi/simgrid_compat.h" papsim_sg_range
     REGEX "^#define PAPSIM_SIMGRID_(OLDEST|NEWEST) ")
string(REGEX MATCH "OLDEST \"([0-9.]+)\"" _ "${papsim_sg_range}")
set(PAPSIM_SIMGRID_OLDEST "${CMAKE_MATCH_1}")
string(REGEX MATCH "NEWEST \"([0-9.]+)\"" _ "${papsim_sg_range}")
set(PAPSIM_SIMGRID_NEWEST "${CMAKE_MATCH_1}")
if(NOT SIMGRID_VERSION MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+$")
  message(FATAL_ERROR "SimGrid in ${papsim_sg_prefix}: cannot read its version from "
                      "${SMPI_INCLUDE_DIR}/simgrid/version.h")
endif()
# 4.1.x counts as 4.1: compare MAJOR.MINOR against the range.
if("${papsim_sg_MAJOR}.${papsim_sg_MINOR}" VERSION_LESS PAPSIM_SIMGRID_OLDEST OR
   "${papsim_sg_MAJOR}.${papsim_sg_MINOR}" VERSION_GREATER PAPSIM_SIMGRID_NEWEST)
  message(FATAL_ERROR "SimGrid ${SIMGRID_VERSION} in ${papsim_sg_prefix} "
                      "(${SMPI_INCLUDE_DIR}/simgrid/version.h): papsim supports SimGrid "
                      "${PAPSIM_SIMGRID_OLDEST} to ${PAPSIM_SIMGRID_NEWEST}; build one with "
                      "scripts/build-simgrid.sh and configure with -DPAPSIM_SIMGRID_ROOT=PREFIX")
endif()
if(SIMGRID_PC_VERSION AND NOT SIMGRID_VERSION MATCHES "^${SIMGRID_PC_VERSION}")
  message(WARNING "simgrid.pc says SimGrid ${SIMGRID_PC_VERSION}, its version.h ${SIMGRID_VERSION}")
endif()
message(STATUS "SimGrid ${SIMGRID_VERSION}: ${SIMGRID_LIBRARY}, ${SMPIRUN}")

# papbench and the other SMPI objects load this libsimgrid, installed or not
# (the build tree gets its RPATH from CMake already).
set(CMAKE_INSTALL_RPATH_USE_LINK_PATH TRUE)
