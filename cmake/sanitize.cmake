# PAPSIM_SANITIZE (e.g. "address,undefined"): builds papsim, the modules
# of its library (so the unit tests too) and papbench-mpi with those sanitizers,
# stopping at the first error. scripts/sanitize.sh configures such a build
# and runs the tests against it.
#
# papbench (the SMPI driver) stays unsanitized. It is a shared object that
# SimGrid's smpimain loads with dlopen, so the ASan runtime would have to be
# preloaded into smpirun (LD_PRELOAD) and thereby into every process a test
# starts; with privatization (RTLD_DEEPBIND) the runtime refuses to load at
# all; and without it (papsim's -no-privatize) ASan warns that SimGrid's
# context switches may give false reports. The algorithms papbench runs are
# the ones papbench-mpi runs sanitized (correctness.mpi, cli.real_mpi).
if(PAPSIM_SANITIZE)
  set(sanitize_flags -fsanitize=${PAPSIM_SANITIZE} -fno-sanitize-recover=all
                     -fno-omit-frame-pointer)
  # util, cases and the catalog are left out with papbench, which links
  # them (the fuzz targets run their readers sanitized: tests/fuzz).
  set(sanitized ${PAPSIM_LIB_TARGETS})
  list(REMOVE_ITEM sanitized papsim_util papsim_cases papsim_catalog)
  foreach(t ${sanitized})
    target_compile_options(${t} PRIVATE ${sanitize_flags})
    target_link_options(${t} INTERFACE -fsanitize=${PAPSIM_SANITIZE})
  endforeach()
  foreach(t papsim papbench-mpi)
    target_compile_options(${t} PRIVATE ${sanitize_flags})
    target_link_options(${t} PRIVATE -fsanitize=${PAPSIM_SANITIZE})
  endforeach()
  if(PAPSIM_SANITIZE MATCHES "address")
    target_sources(papbench-mpi PRIVATE ${CMAKE_SOURCE_DIR}/tests/sanitize/mpi_asan_options.c)
  endif()
  message(STATUS "papsim: sanitizers ${PAPSIM_SANITIZE} (papbench for SMPI and the modules it links left out)")
endif()
