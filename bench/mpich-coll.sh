#!/usr/bin/env bash
# MPICH's own collective tests through libpapcoll, every papsim algorithm
# forced in turn (docs/papcoll.md, "MPICH's collective tests"):
#   1. builds the tests of a source tree the user gives, in a temporary
#      directory (nothing of them is kept): a SimGrid source tree (its copy,
#      teshsuite/smpi/mpich3-test/coll) or an MPICH source tree
#      (test/mpi/coll), or a release tarball of either; with smpicc as
#      shared objects with libpapcoll-smpi linked in (SMPI) and with mpicc
#      (Open MPI, libpapcoll.so preloaded);
#   2. runs every test of the tree's test list once without the library
#      (the tests that fail on their own), then, for each papsim algorithm
#      of each collective, the tests whose source calls that collective with
#      PAPCOLL_<COLLECTIVE>=<algorithm>, under smpirun and under Open MPI
#      (mpirun, oversubscribed);
#   3. prints a Markdown table: per algorithm, the tests passed under each
#      MPI, and the failures by name. A test passes when it exits 0 and
#      prints "No Errors" (in any case) within the time limit.
# usage: bench/mpich-coll.sh SOURCE [BUILD_DIR]     (BUILD_DIR default ./build)
#   PAPSIM_MPICH_MPIS="smpi ompi"   the MPIs to run (default both)
#   PAPSIM_MPICH_COLLS="bcast gather"  only these collectives' algorithms, and
#                                    only the tests that call one of them
#   PAPSIM_MPICH_TESTS="bcast_full"  only these tests of the list
#   PAPSIM_MPICH_TIMEOUT=60         seconds per test run (then SIGTERM, and
#                                   SIGKILL 10 s later: Open MPI's mpirun can
#                                   hang on SIGTERM after its ranks ended)
#   PAPSIM_MPICH_KEEP=DIR           keep the output of every failed run in DIR
# (not PAPCOLL_*: libpapcoll refuses a PAPCOLL_ variable it does not know)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ] || [ "$1" = --help ] || [ "$1" = -h ]; then
    sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    [ $# -lt 1 ] && exit 2 || exit 0
fi
source_arg=$1
build=$(cd "${2:-$root/build}" && pwd) || exit 2
mpis=${PAPSIM_MPICH_MPIS:-smpi ompi}
limit=${PAPSIM_MPICH_TIMEOUT:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader

die() { echo "bench/mpich-coll.sh: $*" >&2; exit 2; }

# The tree: a directory, or a tarball unpacked into the work directory.
if [ -f "$source_arg" ]; then
    mkdir "$work/src" && tar -xf "$source_arg" -C "$work/src" || die "$source_arg: not a readable tarball"
    tree=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)
elif [ -d "$source_arg" ]; then
    tree=$(cd "$source_arg" && pwd)
else
    die "$source_arg: no such directory or tarball"
fi
if [ -d "$tree/teshsuite/smpi/mpich3-test/coll" ]; then
    base=$tree/teshsuite/smpi/mpich3-test list=$tree/teshsuite/smpi/mpich3-test/coll/testlist
elif [ -d "$tree/test/mpi/coll" ]; then
    base=$tree/test/mpi list=$tree/test/mpi/coll/testlist.in
    [ -f "$list" ] || list=$tree/test/mpi/coll/testlist
else
    die "$source_arg: neither teshsuite/smpi/mpich3-test/coll (SimGrid) nor test/mpi/coll (MPICH)"
fi
[ -f "$list" ] || die "$list: no test list"
for f in libpapcoll.so libpapcoll-smpi.a libpapsim-algorithms-smpi.a papsim; do
    [ -e "$build/$f" ] || die "$build/$f is missing: build papsim first"
done

# The helpers' configuration: SimGrid's copy ships include/mpitestconf.h;
# an MPICH tree has it (and include/mtest_mpix.h) once test/mpi has been
# configured (./configure in the tree's test/mpi).
[ -f "$base/include/mpitestconf.h" ] ||
    die "$base/include/mpitestconf.h is missing: configure the MPICH tree's test/mpi first"
utils=()
for u in mtest.c mtest_common.c mtest_datatype.c mtest_datatype_gen.c; do # dtypes.c: no collective test uses it
    [ -f "$base/util/$u" ] && utils+=("$base/util/$u")
done

# The test list: NAME NP [arg=X ...]. A NAME without a NAME.c is built
# from the source its name starts with (bcast_full from bcast.c, as the
# trees' own build files do); lines needing configure's values (@...@) or
# with no source at all are left out. Kept: NAME NP SOURCE ARGS (the
# arguments last: read would merge an empty field with its tab).
: > "$work/tests"
while read -r name np rest; do
    case "$name" in ''|'#'*) continue ;; esac
    case "$name $np $rest" in *@*) continue ;; esac
    case "$np" in ''|*[!0-9]*) continue ;; esac
    if [ -n "${PAPSIM_MPICH_TESTS:-}" ] && [[ " $PAPSIM_MPICH_TESTS " != *" $name "* ]]; then continue; fi
    src=$name
    while [ ! -f "$base/coll/$src.c" ] && [[ $src == *_* ]]; do src=${src%_*}; done
    [ -f "$base/coll/$src.c" ] || continue
    args=$(printf '%s\n' $rest | sed -n 's/^arg=//p' | tr '\n' ' ')
    printf '%s\t%s\t%s\t%s\n' "$name" "$np" "$src" "$args" >> "$work/tests"
done < "$list"
[ -s "$work/tests" ] || die "$list: no test with a source"
# calls SOURCE COLLECTIVE: the test's source calls the collective.
calls() { grep -Eq "MPI_${2^}[[:space:]]*\(" "$base/coll/$1.c"; }
# With PAPSIM_MPICH_COLLS, only the tests that call one of them.
if [ -n "${PAPSIM_MPICH_COLLS:-}" ]; then
    while IFS=$'\t' read -r name np src args; do
        for coll in $PAPSIM_MPICH_COLLS; do
            if calls "$src" "$coll"; then printf '%s\t%s\t%s\t%s\n' "$name" "$np" "$src" "$args"; break; fi
        done
    done < "$work/tests" > "$work/tests.some"
    mv "$work/tests.some" "$work/tests"
    [ -s "$work/tests" ] || die "no test calls $PAPSIM_MPICH_COLLS"
fi

cflags=(-O0 -w -I"$base/include") # -O0: allred.c alone takes minutes at -O1
# Open MPI 4.1 hides the MPI-1 functions MPI-3 removed (their symbols are
# still in libmpi), and SimGrid's mpi.h brings stdio.h, which some tests
# rely on.
ompi_flags=(-DOMPI_OMIT_MPI1_COMPAT_DECLS=0 -include stdio.h)
# util_objects CC DIR [FLAGS]: MPICH's test helpers compiled once per MPI.
util_objects() {
    local cc=$1 dir=$2 u; shift 2
    mkdir -p "$dir"
    for u in "${utils[@]}"; do
        "$cc" "${cflags[@]}" "$@" -c -o "$dir/$(basename "$u" .c).o" "$u" || die "$u does not build with $cc"
    done
}
build_tests() { # builds every test for the MPIs asked; notes the ones that do not build
    local name
    [[ " $mpis " == *" smpi "* ]] && util_objects smpicc "$work/util-smpi" -fPIC
    [[ " $mpis " == *" ompi "* ]] && util_objects mpicc "$work/util-ompi" "${ompi_flags[@]}"
    cut -f1,3 "$work/tests" | sort -u | while IFS=$'\t' read -r name src; do
        if [[ " $mpis " == *" smpi "* ]]; then
            if smpicc "${cflags[@]}" -fPIC -c -o "$work/$name.smpi.o" "$base/coll/$src.c" \
                > "$work/$name.smpi.log" 2>&1; then
                smpicc -shared -o "$work/$name.smpi.so" "$work/$name.smpi.o" "$work"/util-smpi/*.o -lm \
                    >> "$work/$name.smpi.log" 2>&1 || echo "$name smpi" >> "$work/unbuilt"
                smpicc -shared -o "$work/$name.papcoll.so" "$work/$name.smpi.o" "$work"/util-smpi/*.o \
                    -Wl,--whole-archive "$build/libpapcoll-smpi.a" -Wl,--no-whole-archive \
                    "$build/libpapsim-algorithms-smpi.a" -lm -Wl,-Bsymbolic \
                    >> "$work/$name.smpi.log" 2>&1 || echo "$name papcoll" >> "$work/unbuilt"
            else
                echo "$name smpi" >> "$work/unbuilt"
            fi
        fi
        if [[ " $mpis " == *" ompi "* ]]; then
            mpicc "${cflags[@]}" "${ompi_flags[@]}" -o "$work/$name.ompi" "$base/coll/$src.c" \
                "$work"/util-ompi/*.o -lm \
                > "$work/$name.ompi.log" 2>&1 || echo "$name ompi" >> "$work/unbuilt"
        fi
    done
}
echo "building the tests of $list ..." >&2
build_tests
"$build/papsim" platform flat --nodes 16 --cores 1 --bw 10Gbps --lat 1us -o "$work/flat16.xml" > /dev/null ||
    die "could not generate a platform"

# run MPI NAME NP ARGS VAR ALGO: 0 when the test passed. VAR empty: no library.
run() {
    local mpi=$1 name=$2 np=$3 args=$4 var=$5 algo=$6 out=$work/out rc
    local -a env=()
    [ -n "$var" ] && env=("$var=$algo")
    if [ "$mpi" = smpi ]; then
        local so=$work/$name.smpi.so
        [ -n "$var" ] && so=$work/$name.papcoll.so
        [ -f "$so" ] || return 1
        # shellcheck disable=SC2086
        (cd "$work" && env "${env[@]}" timeout -k 10 "$limit" smpirun -platform "$work/flat16.xml" -np "$np" \
            "$so" $args --cfg=smpi/simulate-computation:no --log=root.thres:critical) < /dev/null > "$out" 2>&1
        rc=$?
    else
        [ -f "$work/$name.ompi" ] || return 1
        local -a pre=()
        [ -n "$var" ] && pre=(-x LD_PRELOAD="$build/libpapcoll.so" -x "$var")
        # shellcheck disable=SC2086
        (cd "$work" && env "${env[@]}" timeout -k 10 "$limit" mpirun --oversubscribe -np "$np" "${pre[@]}" \
            "$work/$name.ompi" $args) < /dev/null > "$out" 2>&1 # mpirun reads stdin
        rc=$?
    fi
    [ "$rc" -eq 0 ] && grep -qi "No Errors" "$out" && return 0
    if [ -n "${PAPSIM_MPICH_KEEP:-}" ]; then
        mkdir -p "$PAPSIM_MPICH_KEEP" && cp "$out" "$PAPSIM_MPICH_KEEP/$mpi-$name-$np-${algo:-alone}.txt"
    fi
    return 1
}

# The tests without the library: those that fail on their own.
echo "## MPICH collective tests without libpapcoll ($(basename "$list"), $(wc -l < "$work/tests") runs)"
echo
echo "| MPI | passed | failed on their own |"
echo "|---|---|---|"
for mpi in $mpis; do
    pass=0 failed=""
    while IFS=$'\t' read -r name np src args; do
        if run "$mpi" "$name" "$np" "$args" "" ""; then pass=$((pass + 1)); else failed+="$name($np) "; fi
    done < "$work/tests"
    echo "| $mpi | $pass/$(wc -l < "$work/tests") | ${failed:-none} |"
    echo "$failed" > "$work/alone-$mpi"
done
echo

# Every algorithm of every collective (or those asked), on the tests whose
# source calls the collective.
echo "## With libpapcoll, each papsim algorithm forced in turn"
echo
printf '| collective | algorithm |'; for mpi in $mpis; do printf ' %s |' "$mpi"; done; echo " failed (not failing without the library) |"
printf '|---|---|'; for mpi in $mpis; do printf -- '---|'; done; echo "---|"
"$build/papsim" list --format csv | awk -F, 'NR > 1 {print $1 "," $2}' > "$work/algos"
while IFS=, read -r coll algo; do
    if [ -n "${PAPSIM_MPICH_COLLS:-}" ] && [[ " $PAPSIM_MPICH_COLLS " != *" $coll "* ]]; then continue; fi
    var="PAPCOLL_${coll^^}"
    line="| $coll | $algo |" caused="" ran=0
    for mpi in $mpis; do
        pass=0 total=0
        while IFS=$'\t' read -r name np src args; do
            calls "$src" "$coll" || continue
            total=$((total + 1))
            if run "$mpi" "$name" "$np" "$args" "$var" "$algo"; then
                pass=$((pass + 1))
            elif [[ " $(cat "$work/alone-$mpi") " != *" $name($np) "* ]]; then
                caused+="$mpi:$name($np) "
            fi
        done < "$work/tests"
        line+=" $pass/$total |"
        ran=$((ran + total))
    done
    [ "$ran" -gt 0 ] && echo "$line ${caused:-none} |" # no row for a collective no test calls
done < "$work/algos"
if [ -s "$work/unbuilt" ]; then
    echo
    echo "Did not build: $(sort -u "$work/unbuilt" | tr '\n' ' ')"
fi
