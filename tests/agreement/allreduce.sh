# papsim's allreduce baselines against SMPI 3.32's built-ins with the same
# communication pattern (read in src/smpi/colls/allreduce/ of SimGrid
# v3.32), at gamma = 0 on the flat default platform and the fat tree, both
# mappings, with and without skewed arrivals, np 16 and 13:
#   recursive_doubling = rdb (MPICH's fold of pairs below 2r into the odd
#     rank; SMPI's copies through a send to self cost no simulated time);
#   rabenseifner = rab_rdb (MPICH's reduce-scatter/allgather; count >= q);
#   ring = lr where count is a multiple of p;
#   segmented_ring = ompi_ring_segmented where SMPI really segments: count
#     >= p x 131072 doubles (SMPI hard-codes Open MPI's 1 MiB segment);
#   reduce_bcast = redbcast with --cfg=smpi/reduce:binomial.
# All must agree within 2%. Where they differ, the reason is asserted too:
#  - redbcast runs SMPI's default selectors: reduce__default is the linear
#    ireduce (every rank sends to the root at once) and bcast__default the
#    binomial tree. At 1 MiB on crossbar.xml (CM02, no cross traffic) the
#    root's link carries p-1 vectors: reduce_bcast/redbcast = 2 ceil(log2 p)
#    / (p-1 + ceil(log2 p)) = 8/19 at np 16, 8/16 at np 13 (within 1%); on
#    the default platform the 16 ranks of a node share a FATPIPE loopback,
#    so the linear reduce costs one vector time: 8/5 (within 2%).
#  - lr is not a ring for every count: below p elements it runs redbcast
#    (equal to the last digit), otherwise it runs a ring on p floor(count/p)
#    elements and then the allreduce selected (lr itself, hence redbcast)
#    on the rest: lr(1001 doubles, np 16) = ring(992) + redbcast(9) within 1%.
#  - ompi_ring_segmented falls back to lr below p x 131072 doubles (equal to
#    the last digit), where Open MPI (and papsim's segmented_ring, F = 1)
#    run Open MPI's ring: receives posted one step ahead and blocking sends
#    instead of lr's sendrecv. Equal on the default platform's one node
#    (within 2%); on the fat tree the timing of the sends differs (measured
#    -6% to +6%, asserted within 8%).
#  - rabenseifner splits the count mod q extra elements over the first
#    blocks (MPICH 3 and later), rab_rdb (MPICH2 1.x) puts them all on the last
#    block; below q elements papsim sends no empty piece where rab_rdb sends
#    zero-byte messages, each costing a latency: papsim is never more than
#    1% slower there (measured 26% faster to 0.7% slower).
# Last, each algorithm against its registry (Hockney) cost on crossbar.xml
# within 1%, including segmented_ring with F = 2 and 3 phases.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat > agree.ini <<EOF2
collective = allreduce
mappings = sequential, cyclic
patterns = no_delay, random
skews = 20us
datatype = double
platforms = default, $PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml
np = 16, 13
[rdb]
# 1, 1001 (a multiple of neither p nor q) and 32768 doubles
bytes = 8, 8008, 262144
algorithms = recursive_doubling, builtin:rdb
[rab]
# 1024 and 32768 doubles (multiples of q), 1001 (the rest split differently)
bytes = 8192, 8008, 262144
algorithms = rabenseifner, builtin:rab_rdb
[rab_small]
# 1 and 3 doubles: fewer than q
bytes = 8, 24
algorithms = rabenseifner, builtin:rab_rdb
[ring]
# 20800 doubles: a multiple of 16 and of 13, one segmented_ring phase
bytes = 166400
algorithms = ring, builtin:lr, segmented_ring, builtin:ompi_ring_segmented
[ring_small]
# 1 double: fewer than p
bytes = 8
algorithms = builtin:lr, builtin:redbcast, builtin:ompi_ring_segmented
# F = 2 phases of 1 MiB pieces (1250003 doubles, not a multiple of 5)
[segmented5]
np = 5
bytes = 10000024
algorithms = segmented_ring, builtin:ompi_ring_segmented
# F = 3 phases
[segmented4]
np = 4
bytes = 12582912
algorithms = segmented_ring, builtin:ompi_ring_segmented
EOF2
expect_ok "agreement sweep runs" "$PAPSIM" run agree.ini --out out --quiet

# One line per pair and cell group: "A=B PLATFORM NP BYTES pairs min max" with
# min and max of last_delay(A) / last_delay(B) over mappings and patterns.
awk -F, '
BEGIN { n = split("recursive_doubling=builtin:rdb rabenseifner=builtin:rab_rdb " \
                  "ring=builtin:lr segmented_ring=builtin:ompi_ring_segmented " \
                  "builtin:lr=builtin:redbcast builtin:ompi_ring_segmented=builtin:lr", pair, " ") }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ plat = $col["platform"]; sub(/.*\//, "", plat); sub(/\.xml$/, "", plat)
  key = plat " " $col["np"] " " $col["bytes"] "|" $col["mapping"] "|" $col["pattern"]
  t[key "|" $col["algorithm"]] = $col["last_delay_s"]; keys[key] = 1 }
END { for (k in keys) for (i = 1; i <= n; i++) {
        split(pair[i], ab, "=")
        if (!((k "|" ab[1]) in t) || !((k "|" ab[2]) in t)) continue
        r = t[k "|" ab[1]] / t[k "|" ab[2]]; split(k, f, "|"); g = pair[i] " " f[1]
        cnt[g]++
        if (!(g in lo) || r < lo[g]) lo[g] = r
        if (!(g in hi) || r > hi[g]) hi[g] = r }
      for (g in cnt) printf "%s %d %.6f %.6f\n", g, cnt[g], lo[g], hi[g] }' out/results.csv |
    sort > pairs.txt
cat pairs.txt
expect_eq "pairs compared" "$(awk '{ s += $5 } END { print s }' pairs.txt)" 224

# within LO..HI: the groups of pair $1 (and optional awk condition) outside it
outside() {
    awk -v p="$1" -v lo="$2" -v hi="$3" "\$1 == p && ($4) && (\$6 < lo || \$7 > hi)" pairs.txt
}
expect_eq "recursive_doubling vs rdb: outside 2%" \
    "$(outside recursive_doubling=builtin:rdb 0.98 1.02 1)" ""
expect_eq "rabenseifner vs rab_rdb, count >= q: outside 2%" \
    "$(outside rabenseifner=builtin:rab_rdb 0.98 1.02 '$4 >= 8008')" ""
expect_eq "rabenseifner vs rab_rdb, count < q: more than 1% slower" \
    "$(outside rabenseifner=builtin:rab_rdb 0 1.01 '$4 < 8008')" ""
expect_eq "rabenseifner vs rab_rdb, count < q: some cell 10% faster (no empty messages)" \
    "$(awk '$1 == "rabenseifner=builtin:rab_rdb" && $4 < 8008 && $6 < 0.9 { n++ } END { print (n > 0) }' pairs.txt)" 1
expect_eq "ring vs lr, count a multiple of p: outside 2%" \
    "$(outside ring=builtin:lr 0.98 1.02 1)" ""
expect_eq "segmented_ring vs ompi_ring_segmented, F > 1: outside 2%" \
    "$(outside segmented_ring=builtin:ompi_ring_segmented 0.98 1.02 '$3 <= 5')" ""
expect_eq "segmented_ring (F = 1) vs ompi_ring_segmented (= lr), default platform: outside 2%" \
    "$(outside segmented_ring=builtin:ompi_ring_segmented 0.98 1.02 '$3 > 5 && $2 == "default"')" ""
expect_eq "segmented_ring (F = 1) vs ompi_ring_segmented (= lr), fat tree: outside 8%" \
    "$(outside segmented_ring=builtin:ompi_ring_segmented 0.92 1.08 '$3 > 5 && $2 != "default"')" ""
expect_eq "lr below p elements is redbcast" \
    "$(outside builtin:lr=builtin:redbcast 0.999999 1.000001 1)" ""
expect_eq "ompi_ring_segmented below p x 1 MiB is lr" \
    "$(outside builtin:ompi_ring_segmented=builtin:lr 0.999999 1.000001 1)" ""

last_delay() {
    "$PAPSIM" bench --collective allreduce "$@" | csv_col last_delay_s | tail -n 1
}
# ratio NAME WANT TOL A B: A / B within TOL (relative) of WANT
ratio() {
    local name=$1 want=$2 tol=$3 got
    got=$(awk -v a="$4" -v b="$5" 'BEGIN { printf "%.6f", a / b }')
    echo "$name: $got (want $want)"
    if awk -v g="$got" -v w="$want" -v t="$tol" 'BEGIN { d = g / w - 1; exit !(d <= t && -d <= t) }'
    then pass; else fail "$name: $got, want $want within $tol"; fi
}

# reduce_bcast = redbcast when SMPI's reduce is the binomial tree.
for plat in default "$PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml"; do
    for np in 16 13; do
        for bytes in 8192 1048576; do
            ratio "reduce_bcast/redbcast(reduce:binomial) ${plat##*/} np=$np $bytes B" 1 0.02 \
                "$(last_delay --np $np --algorithm reduce_bcast --bytes $bytes --platform "$plat" \
                    --mapping cyclic)" \
                "$(last_delay --np $np --algorithm builtin:redbcast --bytes $bytes \
                    --platform "$plat" --mapping cyclic --cfg=smpi/reduce:binomial)"
        done
    done
done
# ... and with SMPI's default (linear) reduce, the ratios explained above.
xbar=(--platform "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" --cfg=network/model:CM02
      --cfg=network/crosstraffic:0)
for case in 16:0.421053 13:0.5; do
    np=${case%:*}
    ratio "reduce_bcast/redbcast crossbar np=$np 1 MiB" "${case#*:}" 0.01 \
        "$(last_delay --np $np --algorithm reduce_bcast --bytes 1MiB "${xbar[@]}")" \
        "$(last_delay --np $np --algorithm builtin:redbcast --bytes 1MiB "${xbar[@]}")"
done
ratio "reduce_bcast/redbcast default np=16 1 MiB" 1.6 0.02 \
    "$(last_delay --np 16 --algorithm reduce_bcast --bytes 1MiB)" \
    "$(last_delay --np 16 --algorithm builtin:redbcast --bytes 1MiB)"
# lr on a count that is not a multiple of p: a ring, then redbcast on the rest.
ratio "lr(1001) / (ring(992) + redbcast(9)) np=16" 1 0.01 \
    "$(last_delay --np 16 --algorithm builtin:lr --bytes 8008)" \
    "$(awk -v a="$(last_delay --np 16 --algorithm ring --bytes 7936)" \
           -v b="$(last_delay --np 16 --algorithm builtin:redbcast --bytes 72)" \
           'BEGIN { printf "%.12g", a + b }')"

# The registry's Hockney costs on the contention-free crossbar (CM02, no
# cross traffic): alpha = 2 us, beta = 1 ns/B, q = 2^floor(log2 p), within 1%.
#   recursive_doubling  log2(q)(a + m b) + (p != q)(2a + 2m b)
#   rabenseifner        2 log2(q) a + 2((q-1)/q) m b + (p != q)(2a + 2m b)
#   reduce_bcast        ceil(log2 p)(2a + 2m b)
#   segmented_ring      (F+1)(p-1) a + 2((p-1)/p) m b, F phases of 128 Ki doubles
model() {
    awk -v algo="$1" -v p="$2" -v m="$3" 'BEGIN {
        a = 2e-6; b = 1e-9; q = 1; n = 0; while (2 * q <= p) { q *= 2; n++ }
        l = 0; while (2 ^ l < p) l++
        if (algo == "recursive_doubling") t = n * (a + m * b) + (p != q) * (2 * a + 2 * m * b)
        if (algo == "rabenseifner")
            t = 2 * n * a + 2 * (q - 1) / q * m * b + (p != q) * (2 * a + 2 * m * b)
        if (algo == "reduce_bcast") t = l * (2 * a + 2 * m * b)
        if (algo == "segmented_ring") {
            count = m / 8; round = p * 131072; f = int(count / round); rest = count - f * round
            if (rest >= p && rest > round / 2) f++
            if (f < 1) f = 1
            t = (f + 1) * (p - 1) * a + 2 * (p - 1) / p * m * b
        }
        printf "%.12g", t }'
}
for case in recursive_doubling:16:1048576 recursive_doubling:13:1048576 \
            rabenseifner:16:1048576 rabenseifner:13:1048576 reduce_bcast:13:1048576 \
            segmented_ring:4:12582912 segmented_ring:5:10000024; do
    IFS=: read -r algo np bytes <<< "$case"
    ratio "model $algo np=$np m=$bytes" 1 0.01 \
        "$(last_delay --np $np --algorithm $algo --bytes $bytes "${xbar[@]}")" \
        "$(model $algo $np $bytes)"
done
finish
