# The installed papsim works from wherever its prefix ends up: install the
# build (also with DESTDIR), move the prefix, then from the moved copy
# simulate one case (the same time as the build tree's papsim), run a tiny
# spec, and build examples/ against the moved install with pkg-config and
# with find_package(papsim), running each build under smpirun (the SMPI
# library) and mpiexec (the Open MPI library).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

# Only what the installed tree finds by itself: no driver paths from CTest.
unset PAPSIM_PAPBENCH PAPBENCH_MPI PAPSIM_DATA_DIR
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
here=$(pwd -P)

expect_ok "install with DESTDIR" env DESTDIR="$here/staged" \
    cmake --install "$PAPSIM_BUILD_DIR" --prefix /opt/papsim
expect_eq "DESTDIR holds the tree" \
    "$(cd staged/opt/papsim 2>/dev/null && ls -d bin/papsim libexec/papsim/papbench include/papsim/papsim.h)" \
    "$(printf 'bin/papsim\ninclude/papsim/papsim.h\nlibexec/papsim/papbench')"

expect_ok "install" cmake --install "$PAPSIM_BUILD_DIR" --prefix "$here/p1"
for f in bin/papsim bin/papbench-mpi libexec/papsim/papbench lib/libpaptrace.so \
         bin/papcheck-mpi libexec/papsim/papcheck \
         lib/libpaptrace-smpi.a lib/libpapsim-algorithms-smpi.a lib/libpapsim-algorithms-mpi.a \
         include/papsim/papsim.h include/papsim/papsim_algorithms.h include/papsim/registry.def \
         lib/pkgconfig/papsim-smpi.pc lib/pkgconfig/papsim-mpi.pc \
         lib/libpapcoll.so lib/libpapcoll-smpi.a \
         lib/pkgconfig/papcoll-smpi.pc lib/pkgconfig/papcoll-mpi.pc \
         lib/cmake/papsim/papsimConfig.cmake lib/cmake/papsim/papsimTargets.cmake \
         share/papsim/platforms/crossbar.xml share/papsim/scenarios/demo.ini \
         share/papsim/examples/allreduce_example.c share/papsim/examples/papcoll/cg.c; do
    if [ -e "p1/$f" ]; then pass; else fail "not installed: $f"; fi
done
mv p1 p2
P=$here/p2
expect_eq "no file of the moved tree names the old prefix" \
    "$(grep -rlI -- "$here/p1" p2 | tr '\n' ' ')" ""

# papsim finds its driver and data next to itself.
expect_ok "moved papsim --version" "$P/bin/papsim" --version
expect_eq "papbench found in the moved tree" "$(sed -n 's/^papbench //p' out.txt)" \
    "$P/libexec/papsim/papbench"
expect_eq "data found in the moved tree" "$(sed -n 's/^data //p' out.txt)" "$P/share/papsim"

# One case: the moved install simulates exactly what the build tree does.
bench=(bench --collective reduce --algorithm binomial --np 8 --bytes 4KiB
       --pattern ascending --skew 20us --reps 2)
expect_ok "moved papsim bench" "$P/bin/papsim" "${bench[@]}"
cp out.txt moved.csv
expect_ok "build-tree papsim bench" "$PAPSIM" "${bench[@]}"
expect_eq "moved bench: 2 rows" "$(tail -n +2 moved.csv | grep -c ',ok')" 2
expect_eq "moved bench rows equal the build tree's" "$(cat moved.csv)" "$(cat out.txt)"

# Installed platforms and scenarios by name.
xbar=(bench --np 4 --collective reduce --algorithm binomial --bytes 1KiB --platform)
expect_ok "build-tree bench on crossbar.xml" "$PAPSIM" "${xbar[@]}" "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml"
want=$(csv_col total_delay_s out.txt | head -n 1)
expect_ok "moved bench on the installed platform 'crossbar'" "$P/bin/papsim" "${xbar[@]}" crossbar
expect_eq "'crossbar': the installed file, the same time" "$(csv_cols platform,total_delay_s out.txt | head -n 1 | tr ',' ' ')" \
    "$P/share/papsim/platforms/crossbar.xml $want"
expect_ok "build-tree dry run of scenarios/demo.ini" \
    "$PAPSIM" run "$PAPSIM_SOURCE_DIR/scenarios/demo.ini" --out demo1 --dry-run
sort out.txt >demo1.txt
expect_ok "moved dry run of the installed scenario 'demo'" "$P/bin/papsim" run demo --out demo2 --dry-run
expect_eq "'demo': the same cases" "$(sort out.txt)" "$(cat demo1.txt)"
if [ "$(wc -l <demo1.txt)" -gt 10 ]; then pass; else fail "demo: $(wc -l <demo1.txt) cases"; fi

# A tiny sweep on an installed platform.
cat >tiny.ini <<SPEC
collective = allreduce
algorithms = ring, recursive_doubling
np = 4
bytes = 1KiB
platforms = $P/share/papsim/platforms/crossbar.xml
patterns = no_delay
SPEC
expect_ok "moved papsim run" "$P/bin/papsim" run tiny.ini --out tiny --quiet --jobs 1
expect_eq "run: 2 ok rows" "$(tail -n +2 tiny/results.csv | grep -c ',ok')" 2
expect_eq "run: provenance written" "$(grep -c '^\[run\]' tiny/provenance.txt 2>/dev/null)" 1

# The example against the moved install.
cp -r p2/share/papsim/examples ex
"$P/bin/papsim" hostfile --platform "$P/share/papsim/platforms/crossbar.xml" --np 5 -o hosts
want4="allreduce ring: np 4, 1000 doubles, 0 wrong values"
want5="allreduce ring: np 5, 1000 doubles, 0 wrong values"
smpi() { # smpi NP PROGRAM
    "$SMPIRUN" -no-privatize -np "$1" -platform "$P/share/papsim/platforms/crossbar.xml" \
        -hostfile hosts "$2" --log=root.thres:warning
}
mpi() { # mpi NP PROGRAM
    "$MPIEXEC" --allow-run-as-root --oversubscribe -np "$1" "$2"
}
expect_ok "make with pkg-config" env PKG_CONFIG_PATH="$P/lib/pkgconfig" make -C ex
expect_ok "pkg-config build under smpirun" smpi 4 ex/allreduce_example-smpi
expect_eq "pkg-config build under smpirun: result" "$(cat out.txt)" "$want4"
expect_ok "pkg-config build under mpiexec" mpi 4 ex/allreduce_example-mpi
expect_eq "pkg-config build under mpiexec: result" "$(cat out.txt)" "$want4"
# examples/README.md's own launch line, as it is (Open MPI's mpiexec).
readme_mpi=$(grep -E '^ +mpiexec ' ex/README.md | sed 's/^ *mpiexec //')
expect_ok "examples/README.md: mpiexec $readme_mpi" bash -c "cd ex && \"\$0\" $readme_mpi" "$MPIEXEC"
expect_eq "examples/README.md's line: result" "$(cat out.txt)" "$want4"

# libpapcoll from the moved install, by the lines docs/papcoll.md gives:
# the installed cg.c built with papcoll-smpi.pc runs its allreduce with
# papsim's ring under smpirun (the report says so) and its flops are
# simulated (-DCG_SMPI=1: the same time on every run); the preloaded
# libpapcoll.so does the same under mpiexec.
# doc_command START: the command of docs/papcoll.md whose first line starts
# with START, its continuation lines joined.
doc_command() {
    awk -v start="$1" 'index($0, start) == 1 { on = 1 }
        on { l = $0; cont = sub(/\\$/, "", l); line = line l; if (!cont) { print line; exit } }' \
        "$PAPSIM_SOURCE_DIR/docs/papcoll.md"
}
# run_doc START [SED]: runs that command (after the sed edit SED, if given)
# with PREFIX the moved install.
run_doc() {
    local cmd
    cmd=$(doc_command "$1" | sed "${2:-}")
    [ -n "$cmd" ] || { fail "docs/papcoll.md has no command starting '$1'"; return; }
    expect_ok "docs/papcoll.md: $cmd" env PREFIX="$P" SMPIRUN="$SMPIRUN" MPIEXEC="$MPIEXEC" \
        PKG_CONFIG_PATH="$P/lib/pkgconfig" bash -c "$cmd"
}
run_doc "cc -O2 -fPIC -shared"
# HOSTS is the page's placeholder; smpirun the one of papsim's SimGrid.
run_doc "PAPCOLL_ALLREDUCE=ring PAPCOLL_REPORT=papcoll.csv smpirun" \
    's/ smpirun / "$SMPIRUN" /; s/ HOSTS / hosts /'
expect_eq "papcoll-smpi: integer checks" "$(grep -c 'integer checks: ok' out.txt)" 1
expect_eq "papcoll-smpi: allreduce by ring" "$(awk -F, '$1 == "allreduce" {print $3}' papcoll.csv)" ring
# Simulated flops: the loop takes exactly the simulated time of the build
# tree's cg-papcoll-smpi (built with CG_SMPI), run the same way.
sed -n 's/^cg: loop \([0-9.]*\) s$/\1/p' out.txt >time_doc.txt
PAPCOLL_ALLREDUCE=ring PAPCOLL_REPORT=tree.csv expect_ok "build tree's cg-papcoll-smpi" \
    "$SMPIRUN" -no-privatize -np 4 -platform "$P/share/papsim/platforms/crossbar.xml" \
    -hostfile hosts "$PAPSIM_BUILD_DIR/cg-papcoll-smpi" --cfg=smpi/simulate-computation:no
sed -n 's/^cg: loop \([0-9.]*\) s$/\1/p' out.txt >time_tree.txt
if [ -s time_doc.txt ] && cmp -s time_doc.txt time_tree.txt; then pass; else
    fail "cg by the page's lines: loop '$(cat time_doc.txt)' s, the build tree's '$(cat time_tree.txt)' s"; fi
run_doc "mpicc -O2 -o cg"
rm -f papcoll.csv
run_doc "mpirun --oversubscribe -np 4 -x LD_PRELOAD=\$PREFIX/lib/libpapcoll.so" 's/^mpirun /"$MPIEXEC" /'
expect_eq "libpapcoll.so: integer checks" "$(grep -c 'integer checks: ok' out.txt)" 1
expect_eq "libpapcoll.so: allreduce by ring" "$(awk -F, '$1 == "allreduce" {print $3}' papcoll.csv)" ring

expect_ok "cmake configure with find_package" \
    cmake -S ex -B exb -DCMAKE_PREFIX_PATH="$P" -DCMAKE_BUILD_TYPE=Release
expect_ok "cmake build" cmake --build exb
expect_ok "find_package build under smpirun" smpi 5 exb/allreduce_example-smpi
expect_eq "find_package build under smpirun: result" "$(cat out.txt)" "$want5"
expect_ok "find_package build under mpiexec" mpi 5 exb/allreduce_example-mpi
expect_eq "find_package build under mpiexec: result" "$(cat out.txt)" "$want5"
finish
