# The remaining reduce baselines of Marendić et al. 2016: radix_k and two_tree.
# 1. radix_k with k = [2, .., 2] is butterfly (Marendić et al. 2016, Sec. 5.5): both
#    exchange at distances 1, 2, .., p/2 and gather back at p/2, .., 1, so
#    every simulated metric is bit-identical, across nodes too: the default
#    platform (4 nodes x 16 cores) at np 16 with 4 ranks per node and np 64
#    sequential and cyclic, with and without skewed arrivals and gamma, and
#    on the contention-free crossbar. Both results equal the reference
#    (--check), on sum and on the non-commutative op (both claim rank
#    order). np 64, sequential, 1 MiB, no skew: the exact time (3.6425 ms)
#    is asserted too, so a change of both at once is caught.
# 2. The default vector is the documented rule (16 -> 4x4, 32 -> 4x8,
#    12 -> 4x3): the same simulated time as the vector written out, and a
#    different one from another ordering, so the vector does reach the
#    algorithm. np 12 runs [3,4], [4,3], [2,6], [12] with the
#    non-commutative op (the correctness grid has no np 12).
# 3. A vector whose product is not np is refused, naming the vector and np,
#    by papsim bench, by papbench under smpirun (without --np) and as an
#    `unsupported` row of a sweep; malformed vectors are refused as input.
# 4. two_tree's exact cost at p = 3 (T1: 1 -> 2 -> 0, T2: 2 -> 1 -> 0), one
#    segment of M bytes per half, on the crossbar with the plain model
#    (alpha = 2 us, beta = 1 ns/B, 16-byte SMPI envelope per message):
#    rank 1 and 2 swap their halves (alpha + (M+16) beta), combine (M gamma),
#    both send to the root at once, sharing its incoming link
#    (alpha + 2 (M+16) beta), and the root combines two halves (2 M gamma):
#    2 alpha + 3 (M+16) beta + 3 M gamma.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
BAD_INPUT_PREFIX="papsim bench: "
XBAR="$PAPSIM_SOURCE_DIR/platforms/crossbar.xml"
MODEL=(--cfg=network/model:CM02 --cfg=network/crosstraffic:0)

# metrics ARGS...: total,last,mean,max delay and status of one papsim bench
# row, found by the header's column names.
metrics() {
    "$PAPSIM" bench --collective reduce "$@" 2>err.txt | tail -n 2 | awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { printf "%s,%s,%s,%s,%s\n", $col["total_delay_s"], $col["last_delay_s"],
              $col["mean_elapsed_s"], $col["max_elapsed_s"], $col["status"] }'
}

twos() { # the all-twos vector of np (a power of two)
    local np=$1 v=2
    while [ "$np" -gt 2 ]; do v="${v}x2" np=$((np / 2)); done
    echo "$v"
}

# 1. radix_k [2,..,2] == butterfly, exactly, inside and across nodes.
SKEW=(--pattern ascending --skew 20us --gamma 1e-10)
AFFINE=(--op affine --datatype long --root 5 --pattern random --skew 30us)
for case in "$XBAR:8:" "$XBAR:64:" "default:16:--ranks-per-node 4" "default:64:" \
    "default:64:--mapping cyclic"; do
    IFS=: read -r plat np place <<< "$case"
    for extra in "" "${SKEW[*]}" "${AFFINE[*]}"; do
        # shellcheck disable=SC2086
        b=$(metrics --np "$np" --algorithm butterfly --bytes 1MiB --platform "$plat" $place \
            --check $extra)
        # shellcheck disable=SC2086
        r=$(metrics --np "$np" --algorithm radix_k --radix "$(twos "$np")" --bytes 1MiB \
            --platform "$plat" $place --check $extra)
        expect_eq "radix_k $(twos "$np") vs butterfly, $(basename "$plat") np=$np $place $extra" \
            "$r" "$b"
        case "$b" in *,ok) pass ;; *) fail "butterfly np=$np $place $extra: '$b' $(head -c 300 err.txt)" ;; esac
    done
done
got=$(metrics --np 64 --algorithm butterfly --bytes 1MiB)
expect_eq "butterfly np=64 1MiB default platform" "${got%%,*}" 0.0036425255789254152

# 2. The default vector reaches the algorithm.
for case in 16:4x4:2x8 32:4x8:8x4 12:4x3:3x4; do
    IFS=: read -r np want other <<< "$case"
    d=$(metrics --np "$np" --algorithm radix_k --bytes 96KiB --check)
    w=$(metrics --np "$np" --algorithm radix_k --radix "$want" --bytes 96KiB --check)
    o=$(metrics --np "$np" --algorithm radix_k --radix "$other" --bytes 96KiB --check)
    case "$d" in *,ok) pass ;; *) fail "np=$np default: '$d' $(head -c 300 err.txt)" ;; esac
    expect_eq "np=$np: default = $want" "$d" "$w"
    [ "$d" != "$o" ] && pass || fail "np=$np: $other costs the same as the default ($d)"
done
for k in 3x4 4x3 2x6 12; do
    got=$(metrics --np 12 --algorithm radix_k --radix "$k" --bytes 8008 --datatype long \
        --op affine --root 5 --check)
    case "$got" in *,ok) pass ;; *) fail "np=12 --radix $k affine: '$got' $(head -c 300 err.txt)" ;; esac
done

# 3. Bad vectors.
expect_bad_input "product 128 at np 64" "radix vector 4x4x8 has product 128, not np=64" \
    "$PAPSIM" bench --np 64 --collective reduce --algorithm radix_k --radix 4,4,8
expect_bad_input "factor 1" "radix vector '1x16': every factor must be a whole number of at least 2" \
    "$PAPSIM" bench --np 16 --collective reduce --algorithm radix_k --radix 1x16
expect_bad_input "trailing separator" "radix vector '4x'.*separated by" \
    "$PAPSIM" bench --np 4 --collective reduce --algorithm radix_k --radix 4x
"$PAPSIM" hostfile --platform default --np 16 --mapping sequential -o hosts16 >/dev/null
expect_fail "papbench refuses 4x8 at 16 ranks" "^papbench: reduce/radix_k: radix vector 4x8 has product 32, not np=16" \
    "$SMPIRUN" -no-privatize -platform "$PAPSIM_SOURCE_DIR/platforms/default.xml" -hostfile hosts16 \
    -np 16 "$PAPBENCH" --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 \
    --log=root.thres:critical --collective reduce --algorithm radix_k --radix 4x8 --check
cat > radix.ini <<'SPEC'
collective = reduce
algorithms = radix_k
radix = 4x4
bytes = 4KiB
np = 8, 16
patterns = no_delay
check = yes
SPEC
expect_ok "sweep with a radix vector" "$PAPSIM" run radix.ini --out out
expect_eq "np=8: unsupported row" "$(grep -c ',radix_k,default,8,.*,unsupported$' out/results.csv)" 1
expect_eq "np=16: ok row" "$(grep -c ',radix_k,default,16,.*,ok$' out/results.csv)" 1
printf 'collective = reduce\nalgorithms = radix_k\nradix = 4x0\nbytes = 8\nnp = 16\npatterns = no_delay\n' \
    > bad-radix.ini
expect_fail "malformed radix in a spec" "bad-radix.ini:3: radix: .*at least 2" \
    "$PAPSIM" run bad-radix.ini --out out2

# 4. two_tree at p = 3: 2 alpha + 3 (M+16) beta + 3 M gamma.
got=$(metrics --np 3 --algorithm two_tree --bytes 1MiB --segment-bytes 1MiB --gamma 1e-9 \
    --platform "$XBAR" "${MODEL[@]}" --check)
want=$(awk 'BEGIN { M = 524288; printf "%.12g", 2 * 2e-6 + 3 * (M + 16) * 1e-9 + 3 * M * 1e-9 }')
if awk -v g="${got%%,*}" -v w="$want" 'BEGIN { d = g / w - 1; exit !(d < 1e-9 && d > -1e-9) }'; then
    pass
else
    fail "two_tree p=3: simulated '$got', model $want s"
fi
case "$got" in *,ok) pass ;; *) fail "two_tree p=3 check: '$got'" ;; esac
finish
