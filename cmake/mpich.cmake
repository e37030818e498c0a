# MPICH beside Open MPI: every real-MPI target built a second time for
# MPICH, side by side, when MPICH is found; included by CMakeLists.txt after
# the Open MPI targets exist.
#
#   -DPAPSIM_MPICH=AUTO (default)  build the MPICH twins when MPICH is found
#   -DPAPSIM_MPICH=ON              MPICH is required
#   -DPAPSIM_MPICH=OFF             Open MPI only
#
# MPICH is found through its pkg-config module (mpich.pc; Debian 12's
# libmpich-dev installs it beside Open MPI's), else through its compiler
# wrapper's `mpicc.mpich -show`. find_package(MPI) keeps finding the MPI that
# `mpicc` names (Open MPI on Debian); the two never meet in one target.
#
# Each twin is the Open MPI target read back (its sources, include
# directories, definitions, options and output directory) and built again
# with MPICH in place of MPI::MPI_C and algorithms_mpi:
#   papbench-mpi                 -> papbench-mpich
#   libpapsim-algorithms-mpi.a   -> libpapsim-algorithms-mpich.a (papsim::algorithms_mpich)
#   libpapcoll.so, libpaptrace.so -> libpapcoll-mpich.so, libpaptrace-mpich.so
#   cg-mpi, colls-mpi, callseq-mpi, stencil-mpi, skewcoll-mpi -> *-mpich
#   papsim-mpi.pc, papcoll-mpi.pc -> papsim-mpich.pc, papcoll-mpich.pc
# and installed beside them. tests/CMakeLists.txt makes the test programs'
# twins with papsim_mpich_twin too.
set(PAPSIM_MPICH AUTO CACHE STRING "Build papsim's real-MPI targets for MPICH too (AUTO, ON, OFF)")
set_property(CACHE PAPSIM_MPICH PROPERTY STRINGS AUTO ON OFF)

set(PAPSIM_MPICH_FOUND FALSE)
if(NOT PAPSIM_MPICH STREQUAL "OFF")
  pkg_check_modules(PAPSIM_MPICH_PC QUIET mpich)
  find_program(PAPSIM_MPICC_MPICH mpicc.mpich)
  find_program(PAPSIM_MPIEXEC_MPICH NAMES mpiexec.mpich mpiexec.hydra)
  # An INTERFACE target of plain paths and flags, so that the installed
  # papsim::algorithms_mpich can name it (papsim::mpich_c).
  add_library(papsim_mpich_c INTERFACE)
  set_target_properties(papsim_mpich_c PROPERTIES EXPORT_NAME mpich_c)
  if(PAPSIM_MPICH_PC_FOUND)
    target_include_directories(papsim_mpich_c INTERFACE ${PAPSIM_MPICH_PC_INCLUDE_DIRS})
    target_link_libraries(papsim_mpich_c INTERFACE ${PAPSIM_MPICH_PC_LINK_LIBRARIES})
    set(PAPSIM_MPICH_FOUND TRUE)
  elseif(PAPSIM_MPICC_MPICH)
    # "gcc -I/usr/include/.../mpich -L/usr/lib/... -lmpich": keep -I, -L, -l.
    execute_process(COMMAND ${PAPSIM_MPICC_MPICH} -show OUTPUT_VARIABLE show
                    OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
    if(rc EQUAL 0)
      separate_arguments(words UNIX_COMMAND "${show}")
      foreach(w ${words})
        if(w MATCHES "^-I(.+)")
          target_include_directories(papsim_mpich_c INTERFACE ${CMAKE_MATCH_1})
        elseif(w MATCHES "^-[Ll]")
          target_link_libraries(papsim_mpich_c INTERFACE ${w})
        endif()
      endforeach()
      set(PAPSIM_MPICH_FOUND TRUE)
    endif()
  endif()
  if(PAPSIM_MPICH STREQUAL "ON" AND NOT PAPSIM_MPICH_FOUND)
    message(FATAL_ERROR "PAPSIM_MPICH=ON: MPICH not found (no mpich.pc, no mpicc.mpich; "
                        "Debian: apt-get install mpich libmpich-dev)")
  endif()
endif()
if(PAPSIM_MPICH_FOUND)
  message(STATUS "MPICH: building the -mpich twins (launcher ${PAPSIM_MPIEXEC_MPICH})")
else()
  message(STATUS "MPICH: not found or PAPSIM_MPICH=OFF; Open MPI only")
endif()

# One link item of an Open MPI target, as the MPICH twin links it.
function(papsim_mpich_link_item item out)
  set(map "MPI::MPI_C=papsim_mpich_c" "algorithms_mpi=algorithms_mpich")
  foreach(pair ${map})
    string(REPLACE "=" ";" pair "${pair}")
    list(GET pair 0 from)
    list(GET pair 1 to)
    if(item STREQUAL from)
      set(item ${to})
    elseif(item STREQUAL "$<LINK_ONLY:${from}>")
      set(item "$<LINK_ONLY:${to}>")
    endif()
  endforeach()
  set(${out} "${item}" PARENT_SCOPE)
endfunction()

# papsim_mpich_twin(SOURCE TWIN [OUTPUT_NAME NAME] [EXPORT_NAME NAME]):
# TWIN is SOURCE (an Open MPI executable or library) built for MPICH.
function(papsim_mpich_twin source twin)
  cmake_parse_arguments(arg "" "OUTPUT_NAME;EXPORT_NAME" "" ${ARGN})
  get_target_property(type ${source} TYPE)
  get_target_property(dir ${source} SOURCE_DIR)
  get_target_property(sources ${source} SOURCES)
  set(files)
  foreach(s ${sources})
    if(NOT IS_ABSOLUTE "${s}")
      set(s ${dir}/${s})
    endif()
    list(APPEND files ${s})
  endforeach()
  if(type STREQUAL "EXECUTABLE")
    add_executable(${twin} ${files})
  elseif(type STREQUAL "SHARED_LIBRARY")
    add_library(${twin} SHARED ${files})
  elseif(type STREQUAL "STATIC_LIBRARY")
    add_library(${twin} STATIC ${files})
  else()
    message(FATAL_ERROR "papsim_mpich_twin: ${source} is a ${type}")
  endif()
  foreach(prop INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS LINK_OPTIONS
               INTERFACE_INCLUDE_DIRECTORIES INTERFACE_COMPILE_DEFINITIONS
               INTERFACE_COMPILE_OPTIONS POSITION_INDEPENDENT_CODE
               RUNTIME_OUTPUT_DIRECTORY LIBRARY_OUTPUT_DIRECTORY ARCHIVE_OUTPUT_DIRECTORY
               PREFIX SUFFIX)
    get_target_property(value ${source} ${prop})
    if(NOT value STREQUAL "value-NOTFOUND")
      set_property(TARGET ${twin} PROPERTY ${prop} "${value}")
    endif()
  endforeach()
  foreach(prop LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
    get_target_property(items ${source} ${prop})
    if(items)
      set(mapped)
      foreach(item ${items})
        papsim_mpich_link_item("${item}" item)
        list(APPEND mapped "${item}")
      endforeach()
      set_property(TARGET ${twin} PROPERTY ${prop} "${mapped}")
    endif()
  endforeach()
  if(arg_OUTPUT_NAME)
    set_property(TARGET ${twin} PROPERTY OUTPUT_NAME ${arg_OUTPUT_NAME})
  endif()
  if(arg_EXPORT_NAME)
    set_property(TARGET ${twin} PROPERTY EXPORT_NAME ${arg_EXPORT_NAME})
  endif()
endfunction()

if(PAPSIM_MPICH_FOUND)
  papsim_mpich_twin(algorithms_mpi algorithms_mpich OUTPUT_NAME papsim-algorithms-mpich)
  papsim_mpich_twin(papbench-mpi papbench-mpich)
  papsim_mpich_twin(papcoll papcoll-mpich)
  papsim_mpich_twin(paptrace paptrace-mpich)
  set(PAPSIM_MPICH_APPS)
  foreach(app cg colls callseq stencil skewcoll)
    papsim_mpich_twin(${app}-mpi ${app}-mpich)
    list(APPEND PAPSIM_MPICH_APPS ${app}-mpich)
  endforeach()
  add_dependencies(papsim papbench-mpich)

  install(TARGETS papbench-mpich RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(TARGETS papcoll-mpich paptrace-mpich LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(TARGETS algorithms_mpich papsim_mpich_c EXPORT papsimTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()

# papsim_mpi_pc_files(SUFFIX REQUIRES LIB_SUFFIX): papsim-SUFFIX.pc and
# papcoll-SUFFIX.pc from the .pc.in templates, for one real MPI.
function(papsim_mpi_pc_files suffix requires lib_suffix)
  set(PAPSIM_PC_MPI ${suffix})
  set(PAPSIM_MPI_PC_REQUIRES "${requires}")
  set(PAPSIM_PC_LIB_SUFFIX ${lib_suffix})
  foreach(module papsim papcoll)
    configure_file(${CMAKE_SOURCE_DIR}/cmake/${module}-mpi.pc.in
                   ${CMAKE_BINARY_DIR}/generated/${module}-${suffix}.pc @ONLY)
    install(FILES ${CMAKE_BINARY_DIR}/generated/${module}-${suffix}.pc
            DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
  endforeach()
endfunction()
