# PAPSIM_SANITIZE (e.g. "address,undefined"): builds papsim, its core
# library (so the unit tests too) and papbench-mpi with those sanitizers,
# stopping at the first error. scripts/sanitize.sh configures such a build
# and runs the tests against it.
#
# papbench (the SMPI driver) stays unsanitized: it is a shared object that
# SimGrid's smpimain loads with dlopen, and the ASan runtime must be the
# first library of a process, which smpimain is not built to allow. The
# algorithms it runs are the ones papbench-mpi runs sanitized.
if(PAPSIM_SANITIZE)
  set(sanitize_flags -fsanitize=${PAPSIM_SANITIZE} -fno-sanitize-recover=all
                     -fno-omit-frame-pointer)
  target_compile_options(papsim_core PUBLIC ${sanitize_flags})
  target_link_options(papsim_core PUBLIC -fsanitize=${PAPSIM_SANITIZE})
  foreach(t papsim papbench-mpi)
    target_compile_options(${t} PRIVATE ${sanitize_flags})
    target_link_options(${t} PRIVATE -fsanitize=${PAPSIM_SANITIZE})
  endforeach()
  message(STATUS "papsim: sanitizers ${PAPSIM_SANITIZE} (papbench for SMPI left out)")
endif()
