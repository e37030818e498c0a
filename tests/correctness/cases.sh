# Writes the correctness grid of one process count as a papbench cases file:
# every registered algorithm that accepts np (from `papsim list --np`)
# x counts {0, 1, 3, 1001} x {int, double} x {sum, max} x roots {0, np-1, np/2}
# (rooted collectives) x {separate buffers, MPI_IN_PLACE}, each with --check.
# Allgatherv runs every block-size distribution (uneven counts, zeros) with
# op sum only (the op plays no part in a gather). So does alltoall, whose
# check gives every (sender, receiver, element) a distinct value.
# Reduce and allreduce algorithms without the commutative-op restriction
# (the restrictions column of `papsim list --format csv`, so new algorithms
# are covered by their registry row, not by name) also run papbench's
# non-commutative op affine (composition of affine maps) for counts
# {1, 3, 1001} x {int, long} x the roots x in place or not: MPI's operand
# order must hold, or the check fails.
# Reduce, allreduce and bcast algorithms whose knobs column lists
# segment_bytes also run with segment sizes that cut the vector into several
# uneven segments:
# 1001 elements in 3 segments (334, 334, 333) and in 16 (15 x 63 + 56),
# 1001 elements in 100-byte segments (not a multiple of the type size:
# 25 ints, 41 segments; 12 doubles, 84 segments) and 3 elements in
# 2-element segments (op sum, and affine where allowed); the grid above has
# one segment (every default segment is 32 KiB or more, or the whole vector).
# Bcast runs op sum only and never in place (MPI_Bcast has one buffer), with
# the roots of reduce.
# Barrier runs every arrival pattern at a 20 us skew (papbench checks that
# no rank left before the last one entered); reduce_scatter runs the six
# distributions with op sum and the uniform one with max too; the
# reduce_scatter family joins reduce and allreduce for affine where allowed.
# Alltoallv runs the lean grid of alltoallv_cases below.
# Scan and exscan (no root, no distribution, no knobs) run a lean grid:
# count 0, counts {1, 1001} x {int sum, double max}, in place at 1001 int
# sum, and the non-commutative affine at counts {1, 1001} x {separate
# buffers, in place}: 10 cases per algorithm and np (the operand order and
# the recursive doubling's partners beyond p show at np 3 to 33).
# reduce_scatter noncommutative (any counts, any op) runs a lean grid too:
# the six distributions at 1001 ints (sum, and affine), in place at lindec
# and spike, count 0, 3 doubles max, and affine at counts {1, 3, 1001}
# uniform, in place or not.
# usage: correctness_cases NP > cases.txt   (needs $PAPSIM)

# registry_columns (tests/cli/lib.sh, sourced first): the registry rows.
# The collectives' families and traits come from `papsim list --collectives
# --format csv` (read_collectives), so a case is picked by what its
# collective is (rooted, op, v-form, ...), never by its name.

# Reads the collectives into collective_info[COLLECTIVE] = "|FAMILY|TRAIT|..|".
read_collectives() {
    local coll rest
    declare -gA collective_info=()
    while read -r coll rest; do
        collective_info[$coll]="|$rest|"
    done < <("$PAPSIM" list --collectives --format csv | csv_cols collective,family,traits |
        awk -F, '{ t = $2; for (i = 3; i <= NF; i++) { f = $i; gsub(/^[ "]+|[ "]+$/, "", f); t = t "|" f }
                   print $1 " " t }')
}

# is COLLECTIVE WORD: 1 if the collective's family or one of its traits is
# WORD.
is() {
    case "${collective_info[$1]-}" in *"|$2|"*) return 0 ;; *) return 1 ;; esac
}

# 1 if the algorithm may run a non-commutative op: a reducing collective
# whose restrictions do not include "commutative op".
takes_noncommutative() {
    local coll=$1 restr=$2
    is "$coll" op && ! is "$coll" scan || return 1
    case "$restr" in *"commutative op"*) return 1 ;; *) return 0 ;; esac
}

# 1 if the space-separated knobs list holds the knob.
has_knob() {
    case " $1 " in *" $2 "*) return 0 ;; *) return 1 ;; esac
}

# Every ordered factorisation of n into factors of at least 2, one radix
# vector per line ("2x8", "8x2", "16" for n = 16 among others; none for 1).
radix_vectors() {
    local n=$1 prefix=${2:-} f
    for ((f = 2; f <= n; f++)); do
        ((n % f)) && continue
        if [ "$f" -eq "$n" ]; then
            echo "$prefix$f"
        else
            radix_vectors $((n / f)) "$prefix${f}x"
        fi
    done
}

# Alltoallv, lean (an exchange: no op; the check gives every (sender,
# receiver, element) a distinct value, the receive blocks packed in reverse
# rank order), 12 cases per algorithm: the uniform matrix at counts
# {0, 3, 1001} int with and without MPI_IN_PLACE (the one symmetric matrix)
# and 3 double; spike, random (a seed), rows-lindec and rows-half (empty
# blocks) at 1 or 3 int, and random at 1001.
alltoallv_cases() {
    local np=$1 algo=$2 count inplace row
    for count in 0 3 1001; do
        for inplace in "" " --in-place"; do
            echo "--collective alltoallv --algorithm $algo --np $np --bytes $((count * 4))" \
                 "--datatype int --check$inplace"
        done
    done
    for row in "24 double uniform" "12 int spike" "12 int random" "12 int rows-lindec" \
                "4 int rows-half" "4004 int random"; do
        set -- $row
        echo "--collective alltoallv --algorithm $algo --np $np --bytes $1 --datatype $2" \
             "--distribution $3$([ "$3" = random ] && echo " --matrix-seed 7") --check"
    done
}

# The lean scan and exscan grid (see the top of this file).
scan_cases() {
    local coll=$1 algo=$2 np=$3 count inplace
    local base="--collective $coll --algorithm $algo --np $np"
    echo "$base --bytes 0 --datatype int --op sum --check"
    for count in 1 1001; do
        echo "$base --bytes $((count * 4)) --datatype int --op sum --check"
        echo "$base --bytes $((count * 8)) --datatype double --op max --check"
        for inplace in "" " --in-place"; do
            echo "$base --bytes $((count * 4)) --datatype int --op affine --check$inplace"
        done
    done
    echo "$base --bytes 4004 --datatype int --op sum --check --in-place"
}

# The lean grid of reduce_scatter noncommutative (see the top of this file).
rs_noncommutative_cases() {
    local base="--collective reduce_scatter --algorithm noncommutative --np $1" dist count inplace
    for dist in uniform broadcast spike half lindec geometric; do
        echo "$base --bytes 4004 --distribution $dist --datatype int --op sum --check"
        echo "$base --bytes 4004 --distribution $dist --datatype int --op affine --check"
    done
    echo "$base --bytes 4004 --distribution lindec --datatype int --op affine --check --in-place"
    echo "$base --bytes 4004 --distribution spike --datatype int --op sum --check --in-place"
    echo "$base --bytes 0 --datatype int --op sum --check"
    echo "$base --bytes 24 --datatype double --op max --check"
    for count in 1 3 1001; do
        for inplace in "" " --in-place"; do
            echo "$base --bytes $((count * 4)) --datatype int --op affine --check$inplace"
        done
    done
}

correctness_cases() {
    local np=$1 coll algo restr knobs count dtype size op ops root inplace roots dist dists seg combos combo
    read_collectives
    registry_columns "$np" collective algorithm restrictions knobs |
    while IFS=$'\t' read -r coll algo restr knobs; do
        roots=0
        is "$coll" rooted && roots=$(printf '%s\n' 0 $((np - 1)) $((np / 2)) | sort -un)
        ops="sum max" dists=uniform
        if is "$coll" v-form && ! is "$coll" op; then
            ops=sum dists="uniform broadcast spike half lindec geometric"
        fi
        if is "$coll" v-form && is "$coll" op; then # its blocks follow the distributions
            dists="uniform broadcast spike half lindec geometric"
        fi
        if is "$coll" "no data"; then
            # No data: every arrival pattern, the check reads the entry and
            # exit times (no rank leaves before the last one entered).
            for pattern in no_delay ascending descending first_delayed last_delayed random; do
                echo "--collective $coll --algorithm $algo --np $np --bytes 0" \
                     "--pattern $pattern --skew 20us --check"
            done
            continue
        fi
        if is "$coll" matrix; then
            alltoallv_cases "$np" "$algo"
            continue
        fi
        if is "$coll" v-form && is "$coll" op && [ "$algo" = noncommutative ]; then
            rs_noncommutative_cases "$np"
            continue
        fi
        if is "$coll" scan; then
            scan_cases "$coll" "$algo" "$np"
            continue
        fi
        if is "$coll" rooted && ! is "$coll" "one buffer" && ! is "$coll" op; then
            gs_cases "$coll" "$algo" "$knobs" "$np"
            continue
        fi
        is "$coll" alltoall && ops=sum # no combining in an exchange
        is "$coll" "one buffer" && ops=sum # nothing combined
        for count in 0 1 3 1001; do
            for dtype in int double; do
                size=4; [ "$dtype" = double ] && size=8
                for op in $ops; do
                    for dist in $dists; do
                        # reduce_scatter: max on uniform blocks only
                        is "$coll" v-form && [ "$op" = max ] &&
                            [ "$dist" != uniform ] && continue
                        for root in $roots; do
                            for inplace in "" " --in-place"; do
                                # MPI_Bcast has one buffer: no in-place form
                                is "$coll" "one buffer" && [ -n "$inplace" ] && continue
                                echo "--collective $coll --algorithm $algo --np $np" \
                                     "--bytes $((count * size)) --distribution $dist" \
                                     "--datatype $dtype --op $op --root $root --check$inplace"
                            done
                        done
                    done
                done
            done
        done
        # Algorithms with a request window (knob max_requests: alltoall
        # linear_sync) also run windows of 1, 2 and np-2 requests,
        # so the slots are refilled in every order.
        if has_knob "$knobs" max_requests; then
            for k in 1 2 $((np > 3 ? np - 2 : 1)); do
                for count in 1 1001; do
                    for inplace in "" " --in-place"; do
                        echo "--collective $coll --algorithm $algo --np $np --bytes $((count * 4))" \
                             "--datatype int --max-requests $k --check$inplace"
                    done
                done
            done
        fi
        # The bcast k-nomial tree (knob knomial_radix)
        # also runs radix 2, 3 and np-1 (a single level; at most 64), whole
        # and in 100-byte segments (25 ints, the last one 4).
        if has_knob "$knobs" knomial_radix; then
            for k in 2 3 $((np > 65 ? 64 : np > 2 ? np - 1 : 2)); do
                for seg in 0 100; do
                    for root in $roots; do
                        echo "--collective $coll --algorithm $algo --np $np --bytes 4004" \
                             "--datatype int --knomial-radix $k --segment-bytes $seg" \
                             "--root $root --check"
                    done
                done
            done
        fi
        # Reduce algorithms with a radix vector (knob radix: radix_k) also
        # run every ordered factorisation of np (np 16: 2x2x2x2 2x2x4 2x4x2
        # 2x8 4x2x2 4x4 8x2 16; np 33: 3x11 11x3 33), with 3 elements
        # (empty blocks) and 1001 (uneven blocks), op sum and the
        # non-commutative affine.
        if has_knob "$knobs" radix; then
            for k in $(radix_vectors "$np"); do
                for combo in 3:int:sum 1001:int:sum 3:long:affine 1001:long:affine; do
                    count=${combo%%:*} dtype=${combo#*:} op=${combo##*:}
                    dtype=${dtype%%:*}
                    size=4; [ "$dtype" = long ] && size=8
                    for root in $roots; do
                        for inplace in "" " --in-place"; do
                            echo "--collective $coll --algorithm $algo --np $np" \
                                 "--bytes $((count * size)) --datatype $dtype --op $op" \
                                 "--radix $k --root $root --check$inplace"
                        done
                    done
                done
            done
        fi
        # dtype:op pairs of the segment grid below
        combos="int:sum double:sum"
        if takes_noncommutative "$coll" "$restr"; then
            combos="$combos int:affine long:affine"
            for count in 1 3 1001; do
                for dtype in int long; do
                    size=4; [ "$dtype" = long ] && size=8
                    for root in $roots; do
                        for inplace in "" " --in-place"; do
                            echo "--collective $coll --algorithm $algo --np $np" \
                                 "--bytes $((count * size)) --datatype $dtype --op affine" \
                                 "--root $root --check$inplace"
                        done
                    done
                done
            done
        fi
        has_knob "$knobs" segment_bytes || continue
        for combo in $combos; do
            dtype=${combo%%:*} op=${combo#*:}
            size=4; [ "$dtype" = int ] || size=8
            # count:segment_bytes
            for seg in "1001:$((334 * size))" "1001:$((63 * size))" "1001:100" \
                       "3:$((2 * size))"; do
                count=${seg%%:*}
                for root in $roots; do
                    for inplace in "" " --in-place"; do
                        is "$coll" "one buffer" && [ -n "$inplace" ] && continue
                        echo "--collective $coll --algorithm $algo --np $np" \
                             "--bytes $((count * size)) --segment-bytes ${seg#*:}" \
                             "--datatype $dtype --op $op --root $root --check$inplace"
                    done
                done
            done
        done
    done
}

# Gather and scatter (lean: no op is combined, and int tests what double
# would): counts {0, 3, 1001} x int x roots {0, np-1, np/2} x {separate,
# MPI_IN_PLACE at the root}; gather linear_sync (knob segment_bytes) also
# cuts 1001 ints into a 100-byte first segment (25 ints) and the rest, at
# root np-1. Gatherv and scatterv: the six distributions at 3 and 1001
# elements (zero and uneven blocks) at root np/2, 1001 uniform elements in
# place at every root, and 0 elements.
gs_cases() {
    local coll=$1 algo=$2 knobs=$3 np=$4 count root inplace dist
    local roots base="--collective $coll --algorithm $algo --np $np --datatype int"
    roots=$(printf '%s\n' 0 $((np - 1)) $((np / 2)) | sort -un)
    if ! is "$coll" v-form; then
        for inplace in "" " --in-place"; do
            for count in 0 3 1001; do
                for root in $roots; do
                    echo "$base --bytes $((count * 4)) --root $root --check$inplace"
                done
            done
            has_knob "$knobs" segment_bytes &&
                echo "$base --bytes 4004 --segment-bytes 100 --root $((np - 1)) --check$inplace"
        done
        return 0
    fi
    for dist in uniform broadcast spike half lindec geometric; do
        for count in 3 1001; do
            echo "$base --bytes $((count * 4)) --distribution $dist --root $((np / 2)) --check"
        done
    done
    for root in $roots; do
        echo "$base --bytes 4004 --root $root --check --in-place"
    done
    echo "$base --bytes 0 --root 0 --check"
}
