# The registry (algorithms/registry.def) is the one source of truth about an
# algorithm: every row of `papsim list --format csv` has a message-count model
# and knobs, and every algorithm has golden costs (tests/golden/costs.csv)
# and a place in the golden grid (tests/golden/grid.ini). The columns are
# read by name from the CSV header.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

golden="$PAPSIM_SOURCE_DIR/tests/golden/costs.csv"
grid="$PAPSIM_SOURCE_DIR/tests/golden/grid.ini"

# collective, algorithm, knobs and msgcount of every row, tab-separated.
registry_columns "" collective algorithm knobs msgcount > rows.tsv
expect_eq "registry rows found" "$([ -s rows.tsv ] && echo yes)" "yes"

# A message-count model and a knobs entry ("none" at least) on every row.
expect_eq "algorithms without a message-count model" \
    "$(awk -F'\t' '$4 == "" {print $1 "/" $2}' rows.tsv)" ""
expect_eq "algorithms without a knobs entry" \
    "$(awk -F'\t' '$3 == "" {print $1 "/" $2}' rows.tsv)" ""

# Golden costs: at least one row per algorithm in tests/golden/costs.csv
# (its collective and algorithm columns found by name).
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
         { print $col["collective"] "/" $col["algorithm"] }' "$golden" | sort -u > golden.txt
expect_eq "golden costs have collective and algorithm columns" \
    "$([ -s golden.txt ] && echo yes)" "yes"
awk -F'\t' '{print $1 "/" $2}' rows.tsv | sort -u > registry.txt
expect_eq "algorithms without golden costs" "$(comm -23 registry.txt golden.txt)" ""
expect_eq "golden costs of unregistered algorithms" "$(comm -13 registry.txt golden.txt)" ""

# The golden grid names every algorithm in a section's algorithms line, with
# the section's collective.
awk -F= '
    /^\[/ { coll = "" }
    $1 ~ /^[ \t]*collective[ \t]*$/ { gsub(/[ \t]/, "", $2); coll = $2 }
    $1 ~ /^[ \t]*algorithms[ \t]*$/ { n = split($2, a, ","); for (i = 1; i <= n; i++) {
        gsub(/[ \t]/, "", a[i]); print coll "/" a[i] } }' "$grid" | sort -u > grid.txt
expect_eq "algorithms missing from the golden grid" "$(comm -23 registry.txt grid.txt)" ""

# One file per algorithm: algorithms/<collective>/<collective>_<name>.c is
# the algorithm <name> of the registry, and a helper is named otherwise
# (<collective>_util.c, <collective>_<topic>_util.c, or a name of its own
# without the prefix, such as allreduce/fold.c).
algorithm_files() { # ROOT
    local f dir base
    for f in "$1"/algorithms/*/*.c; do
        dir=$(basename "$(dirname "$f")")
        base=$(basename "$f" .c)
        case "$base" in
        *_util) ;;
        "${dir}_"*) echo "$dir/${base#"${dir}_"}" ;;
        esac
    done | sort -u
}
algorithm_files "$PAPSIM_SOURCE_DIR" > files.txt
expect_eq "algorithm files without a registry row" "$(comm -23 files.txt registry.txt)" ""
expect_eq "registry rows without their algorithm file" "$(comm -13 files.txt registry.txt)" ""
# The check bites: a helper named like an algorithm is found.
mkdir -p planted/algorithms/allreduce
cp "$PAPSIM_SOURCE_DIR"/algorithms/allreduce/*.c planted/algorithms/allreduce/
cp planted/algorithms/allreduce/fold.c planted/algorithms/allreduce/allreduce_fold.c
expect_eq "a planted helper named like an algorithm is found" \
    "$(algorithm_files "$PWD/planted" | comm -23 - registry.txt)" "allreduce/fold"

# Each knob's algorithms: the knob-specific checks read these bits.
expect_eq "radix algorithms" "$(awk -F'\t' '(" " $3 " ") ~ / radix / {print $1 "/" $2}' rows.tsv)" \
    "reduce/radix_k"
expect_eq "estimated-knowledge algorithms" \
    "$(awk -F'\t' '(" " $3 " ") ~ / estimated / {print $1 "/" $2}' rows.tsv | tr '\n' ' ')" \
    "allreduce/slt allreduce/prr "

# The mpich column names MPICH 4.0.2's algorithm with the same pattern as
# MPIR_CVAR_<COLLECTIVE>_INTRA_ALGORITHM takes it, "NAME@V" for one that
# MPICH 4.0.2 lacks and MPICH V has, or is empty. MPICH 4.0.2's names per
# collective: the blocking intra-communicator values its library describes
# (`strings libmpich.so.12 | grep 'Variable to select'` of Debian 12's
# libmpich12 4.0.2; "auto" and "nb" left out: they are no algorithm of their
# own); the later ones from MPICH 4.3.2's src/mpi/coll/cvars.txt.
mpich_names() { # COLLECTIVE
    case "$1" in
    allgather) echo "brucks recursive_doubling ring" ;;
    allgatherv) echo "brucks recursive_doubling ring" ;;
    reduce) echo "binomial smp reduce_scatter_gather" ;;
    allreduce) echo "smp recursive_doubling reduce_scatter_allgather" ;;
    alltoall) echo "brucks pairwise pairwise_sendrecv_replace scattered" ;;
    bcast) echo "binomial smp scatter_recursive_doubling_allgather scatter_ring_allgather" ;;
    barrier) echo "smp dissemination" ;;
    reduce_scatter) echo "noncommutative pairwise recursive_doubling recursive_halving" ;;
    reduce_scatter_block) echo "noncommutative recursive_doubling pairwise recursive_halving" ;;
    alltoallv) echo "pairwise_sendrecv_replace scattered" ;;
    scan) echo "smp recursive_doubling" ;;
    exscan) echo "recursive_doubling" ;;
    gather | scatter) echo "binomial" ;;
    gatherv | scatterv) echo "linear" ;;
    esac
}
mpich_later_names() { # COLLECTIVE: MPICH 4.3.2's additions
    case "$1" in
    allreduce) echo "recursive_multiplying tree recexch ring k_reduce_scatter_allgather" ;;
    esac
}
registry_columns "" collective algorithm mpich > mpich.tsv
bad_mpich=""
while IFS=$'\t' read -r coll algo name; do
    [ -n "$name" ] || continue
    case "$name" in
    *@4.[1-3]) names=$(mpich_later_names "$coll"); name=${name%@*} ;;
    *) names=$(mpich_names "$coll") ;;
    esac
    case " $names " in
    *" $name "*) ;;
    *) bad_mpich="$bad_mpich $coll/$algo:$name" ;;
    esac
done < mpich.tsv
expect_eq "mpich names that MPICH 4.0.2 (or, NAME@V, MPICH V) does not have" "$bad_mpich" ""
# The counterparts recorded (a change here is a change of the registry).
expect_eq "algorithms with an MPICH counterpart" \
    "$(awk -F'\t' '$3 != "" {print $1 "/" $2 "=" $3}' mpich.tsv | tr '\n' ' ')" \
    "allgather/ring=ring allgather/recursive_doubling=recursive_doubling allgather/bruck=brucks \
allgatherv/ring=ring reduce/binomial=binomial reduce/rabenseifner=reduce_scatter_gather \
allreduce/ring=ring@4.1 allreduce/recursive_doubling=recursive_doubling \
allreduce/rabenseifner=reduce_scatter_allgather alltoall/modified_bruck=brucks \
bcast/scatter_allgather=scatter_recursive_doubling_allgather \
bcast/scatter_ring_allgather=scatter_ring_allgather barrier/dissemination=dissemination \
reduce_scatter/recursive_halving=recursive_halving reduce_scatter/pairwise=pairwise \
reduce_scatter_block/recursive_halving=recursive_halving reduce_scatter_block/pairwise=pairwise \
reduce_scatter_block/noncommutative=noncommutative \
scan/recursive_doubling=recursive_doubling exscan/recursive_doubling=recursive_doubling \
reduce_scatter/noncommutative=noncommutative gather/binomial=binomial "
finish
