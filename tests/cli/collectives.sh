# The collectives registry (include/papsim/collectives.def) is the one
# source of truth about a collective. A collective is complete when it has
# its row, its family's operations in papbench, papcheck and the
# restriction checks (tests/mpi/restrictions_<family>.c), at least one
# algorithm (each in its own file), golden costs and its row in
# docs/algorithms.md, and no other code names it: adding one touches
# exactly those files. libpapcoll's wrappers follow from the rows: every
# row's MPI_<mpi> is defined by the built libraries. Each check runs on the
# real tree, then on a copy with the step left out, so the check is shown
# to bite.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
src="$PAPSIM_SOURCE_DIR"
B=$PAPSIM_BUILD_DIR

expect_ok "list --collectives --format csv" "$PAPSIM" list --collectives --format csv
csv_cols collective,family,mpi out.txt | tr ',' ' ' > collectives.txt
expect_eq "collectives found" "$(wc -l < collectives.txt | tr -d ' ')" 16
registry_columns "" collective algorithm > algorithms.tsv

# Prints "COLLECTIVE: WHAT IS MISSING" for every step left out under ROOT.
missing_steps() { # ROOT
    local root=$1 coll family mpi algo
    while read -r coll family mpi; do
        # papbench's operations, in the family's file.
        grep -qs "^const papbench_ops papbench_ops_${coll} = " \
            "$root/drivers/papbench/collective_${family}.c" ||
            echo "$coll: no papbench_ops_$coll in drivers/papbench/collective_$family.c"
        # papcheck's reference and call, in the family's file.
        grep -qs "^const pc_ops pc_ops_${coll} = " "$root/drivers/papcheck/check_${family}.c" ||
            echo "$coll: no pc_ops_$coll in drivers/papcheck/check_$family.c"
        # The restriction checks' operations, in the family's file.
        grep -qs "^const restrictions_ops restrictions_ops_${coll} = " \
            "$root/tests/mpi/restrictions_${family}.c" ||
            echo "$coll: no restrictions_ops_$coll in tests/mpi/restrictions_$family.c"
        # At least one algorithm, each defined in its own file.
        grep -q "^$coll	" algorithms.tsv || echo "$coll: no algorithm in registry.def"
        awk -F'\t' -v c="$coll" '$1 == c {print $2}' algorithms.tsv | while read -r algo; do
            grep -qs "^int papsim_${coll}_${algo}(" "$root/algorithms/$coll/${coll}_$algo.c" ||
                echo "$coll: papsim_${coll}_$algo not defined in algorithms/$coll/${coll}_$algo.c"
        done
        # Golden costs.
        awk -F, -v c="$coll" 'NR > 1 && $2 == c {found = 1} END {exit !found}' \
            "$root/tests/golden/costs.csv" || echo "$coll: no golden costs in tests/golden/costs.csv"
        # Its row in the generated collectives table of the documentation.
        grep -q "^| $coll | \`MPI_" "$root/docs/algorithms.md" ||
            echo "$coll: no row in docs/algorithms.md's collectives table"
    done < collectives.txt
}

# Prints "FILE: LINE" for every comparison of a case's collective with a
# collective's name outside the registry: the drivers, the library, the
# algorithms, libpapcoll and the restriction checks (tests/mpi/restrictions*)
# take what differs between collectives from its row. Open MPI's
# and SimGrid's own per-collective knowledge is exempt (lib/tune/: Open MPI's
# decisions; lib/smpi/smpi_algos.c: SimGrid's options; algorithms/msgcount.c:
# the message counts of SMPI's built-ins).
named_elsewhere() { # ROOT
    local root=$1 names
    names=$(awk '{print $1}' collectives.txt | paste -sd '|')
    grep -rnE "str(n)?cmp\([^;]*\"($names)\"" "$root/drivers" "$root/lib" "$root/algorithms" \
        "$root/include" "$root/papcoll" "$root/traces" "$root"/tests/mpi/restrictions* \
        --include='*.c' --include='*.h' 2>/dev/null |
        grep -vE "^$root/(lib/tune/|lib/smpi/smpi_algos\.c|algorithms/msgcount\.c)" |
        sed "s@^$root/@@" | cut -d: -f1,2
}

# Prints "LIBRARY: no MPI_X" for every row whose MPI function a built
# libpapcoll or libpaptrace (the tracer's ids and names come from the
# registry; its wrappers are written by hand) does not define; SYMBOLS: a file of each library's defined
# symbols, "LIBRARY SYMBOL" a line.
missing_wrappers() { # SYMBOLS
    local coll family mpi lib
    for lib in $(awk '{print $1}' "$1" | sort -u); do
        while read -r coll family mpi; do
            grep -qx "$lib $mpi" "$1" || echo "$lib: no $mpi"
        done < collectives.txt
    done
}
# Functions defined in the text section, T, or weak, W (SMPI's mpi.h
# declares the MPI functions weak).
: > symbols.txt
for lib in libpapcoll.so libpapcoll-mpich.so libpaptrace.so libpaptrace-mpich.so; do
    [ -e "$B/$lib" ] || continue
    nm -D --defined-only "$B/$lib" | awk -v l="$lib" '$2 == "T" || $2 == "W" {print l, $3}' >> symbols.txt
done
for lib in libpapcoll-smpi.a libpaptrace-smpi.a; do
    nm --defined-only "$B/$lib" 2> /dev/null |
        awk -v l="$lib" '$2 == "T" || $2 == "W" {print l, $3}' >> symbols.txt
done
expect_eq "libpapcoll, libpaptrace and their SMPI archives built" \
    "$(awk '{print $1}' symbols.txt | sort -u | grep -c -e '^libpapcoll.so$' -e '^libpapcoll-smpi.a$' \
        -e '^libpaptrace.so$' -e '^libpaptrace-smpi.a$')" 4

expect_eq "steps missing from a collective" "$(missing_steps "$src")" ""
expect_eq "rows without a libpapcoll or libpaptrace wrapper" "$(missing_wrappers symbols.txt)" ""
expect_eq "collectives named outside the registry" "$(named_elsewhere "$src")" ""

# The checks bite: a copy of the tree with each step of exscan left out.
mkdir -p copy/tests copy/docs
cp -r "$src/drivers" "$src/lib" "$src/algorithms" "$src/include" "$src/papcoll" copy/
cp -r "$src/tests/golden" "$src/tests/mpi" copy/tests/
cp "$src/docs/algorithms.md" copy/docs/
sed -i '/^const papbench_ops papbench_ops_exscan = /,/;$/d' copy/drivers/papbench/collective_scan.c
sed -i '/^const pc_ops pc_ops_exscan = /d' copy/drivers/papcheck/check_scan.c
sed -i '/^const restrictions_ops restrictions_ops_exscan = /,/;$/d' copy/tests/mpi/restrictions_scan.c
rm copy/algorithms/exscan/exscan_linear.c
sed -i '/,exscan,/d' copy/tests/golden/costs.csv
sed -i '/^| exscan | `MPI_/d' copy/docs/algorithms.md
echo 'static int is_exscan(const char *c) { return !strcmp(c, "exscan"); }' >> copy/lib/cases/case.c
echo 'static int is_bcast(const char *c) { return strcmp(c, "bcast") == 0; }' \
    >> copy/drivers/papcheck/papcheck.c
expect_eq "planted: exscan's steps left out are found" "$(missing_steps "$PWD/copy")" \
"exscan: no papbench_ops_exscan in drivers/papbench/collective_scan.c
exscan: no pc_ops_exscan in drivers/papcheck/check_scan.c
exscan: no restrictions_ops_exscan in tests/mpi/restrictions_scan.c
exscan: papsim_exscan_linear not defined in algorithms/exscan/exscan_linear.c
exscan: no golden costs in tests/golden/costs.csv
exscan: no row in docs/algorithms.md's collectives table"
expect_eq "planted: a comparison with a collective's name is found" \
    "$(named_elsewhere "$PWD/copy" | sort)" \
    "drivers/papcheck/papcheck.c:$(wc -l < copy/drivers/papcheck/papcheck.c)
lib/cases/case.c:$(wc -l < copy/lib/cases/case.c)"
# A wrapper left out of a library: exscan's gone from libpapcoll.so.
grep -v '^libpapcoll.so MPI_Exscan$' symbols.txt > planted.txt
expect_eq "planted: a row without a libpapcoll wrapper is found" \
    "$(missing_wrappers planted.txt)" "libpapcoll.so: no MPI_Exscan"
# A collective without algorithms: its row alone.
awk -F'\t' '$1 != "exscan"' algorithms.tsv > kept.tsv && mv kept.tsv algorithms.tsv
expect_eq "planted: a collective without algorithms is found" \
    "$(missing_steps "$src" | grep '^exscan')" "exscan: no algorithm in registry.def"
finish
