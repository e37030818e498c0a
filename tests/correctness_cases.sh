# Writes the correctness grid of one process count as a papbench cases file:
# every registered algorithm that accepts np (from `papsim list --np`)
# x counts {0, 1, 3, 1001} x {int, double} x {sum, max} x roots {0, np-1, np/2}
# (rooted collectives) x {separate buffers, MPI_IN_PLACE}, each with --check.
# Allgatherv runs every block-size distribution (uneven counts, zeros) with
# op sum only (the op plays no part in a gather).
# Segmented reduce algorithms (a description that mentions segment_bytes) also
# run with segment sizes that cut the vector into several uneven segments:
# 1001 elements in 3 segments (334, 334, 333) and in 16 (15 x 63 + 56),
# 1001 elements in 100-byte segments (not a multiple of the type size:
# 25 ints, 41 segments; 12 doubles, 84 segments) and 3 elements in
# 2-element segments; the grid above has one segment (every default segment
# is 32 KiB or more, or the whole vector).
# usage: correctness_cases NP > cases.txt   (needs $PAPSIM)
correctness_cases() {
    local np=$1 coll algo rest count dtype size op ops root inplace roots dist dists seg
    "$PAPSIM" list --np "$np" | tail -n +2 | while read -r coll algo rest; do
        roots=0
        [ "$coll" = reduce ] && roots=$(printf '%s\n' 0 $((np - 1)) $((np / 2)) | sort -un)
        ops="sum max" dists=uniform
        if [ "$coll" = allgatherv ]; then
            ops=sum dists="uniform broadcast spike half lindec geometric"
        fi
        for count in 0 1 3 1001; do
            for dtype in int double; do
                size=4; [ "$dtype" = double ] && size=8
                for op in $ops; do
                    for dist in $dists; do
                        for root in $roots; do
                            for inplace in "" " --in-place"; do
                                echo "--collective $coll --algorithm $algo --np $np" \
                                     "--bytes $((count * size)) --distribution $dist" \
                                     "--datatype $dtype --op $op --root $root --check$inplace"
                            done
                        done
                    done
                done
            done
        done
        case "$coll $rest" in
        reduce*segment_bytes*) ;;
        *) continue ;;
        esac
        for dtype in int double; do
            size=4; [ "$dtype" = double ] && size=8
            # count:segment_bytes
            for seg in "1001:$((334 * size))" "1001:$((63 * size))" "1001:100" \
                       "3:$((2 * size))"; do
                count=${seg%%:*}
                for root in $roots; do
                    for inplace in "" " --in-place"; do
                        echo "--collective $coll --algorithm $algo --np $np" \
                             "--bytes $((count * size)) --segment-bytes ${seg#*:}" \
                             "--datatype $dtype --op sum --root $root --check$inplace"
                    done
                done
            done
        done
    done
}
