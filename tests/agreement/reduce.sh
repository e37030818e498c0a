# papsim's reduce algorithms against SMPI 3.32's built-ins with the same
# communication pattern (confirmed in src/smpi/colls/reduce/ of SimGrid
# v3.32), at gamma = 0 on the flat default platform and the fat tree, both
# mappings, with and without skewed arrivals, np 16 and 13:
#   linear = ompi_basic_linear, chain = ompi_chain (64 KiB segments, fanout
#   p/2), binary = ompi_binary (32 KiB), in_order_binary =
#   ompi_in_order_binary (unsegmented), pipeline = ompi_pipeline with the
#   segment size ompi_pipeline picks (1 KiB for 8-9 KB vectors, 32 KiB for
#   256 KiB ones at these np); vector sizes that are not a multiple of the
#   segment size included, and np 64 (root 7).
# All must agree within 2%. rabenseifner has two partial twins: no rank
# stops in rab's gather (Rabenseifner's own code): every pair exchanges a
# message at every distance, most of them stale, which costs link
# contention wherever ranks share links (fat tree; several nodes of the
# default platform); MPICH's scatter_gather starts non-powers of two with a
# whole-vector send instead of a half exchange. So rabenseifner must match
# rab on the default platform at np 13 and 16 (one node, whose loopback is
# not shared) and scatter_gather at np 16 everywhere; the other differences
# are printed, not checked.
# Algorithms without an SMPI twin (butterfly, parallel_ring) and
# rabenseifner's non-power-of-two step are checked against their Hockney
# costs on crossbar.xml instead (as agreement.model does for the allgathers).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat > agree.ini <<EOF2
collective = reduce
mappings = sequential, cyclic
patterns = no_delay, random
skews = 20us
datatype = double
platforms = $PAPSIM_SOURCE_DIR/platforms/default.xml, $PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml
np = 16, 13
[trees]
# 200000 B: 3 whole 64 KiB segments and a short one (chain), 6 + 1 of 32 KiB (binary)
bytes = 8, 200000, 262144
algorithms = linear, builtin:ompi_basic_linear, chain, builtin:ompi_chain, binary, builtin:ompi_binary, in_order_binary, builtin:ompi_in_order_binary
# A root other than 0 and other than p-1.
[trees_root5]
np = 13
root = 5
bytes = 262144
algorithms = linear, builtin:ompi_basic_linear, chain, builtin:ompi_chain, binary, builtin:ompi_binary, in_order_binary, builtin:ompi_in_order_binary
# segment_bytes: what ompi_pipeline picks for this np and size.
[pipeline_root5]
np = 13
root = 5
bytes = 262144
segment_bytes = 32768
algorithms = pipeline, builtin:ompi_pipeline
[pipeline_8k]
# 9000 B: 8 whole 1 KiB segments and a short one
bytes = 8192, 9000
segment_bytes = 1024
algorithms = pipeline, builtin:ompi_pipeline
[pipeline_256k]
bytes = 262144
segment_bytes = 32768
algorithms = pipeline, builtin:ompi_pipeline
# 64 ranks: four nodes of the default platform share their node links.
[np64]
np = 64
root = 7
bytes = 300000
algorithms = linear, builtin:ompi_basic_linear, chain, builtin:ompi_chain, binary, builtin:ompi_binary, in_order_binary, builtin:ompi_in_order_binary
# ompi_pipeline picks 1 KiB segments here (293 of them).
[np64_pipeline]
np = 64
root = 7
bytes = 300000
segment_bytes = 1024
algorithms = pipeline, builtin:ompi_pipeline
[rabenseifner]
bytes = 8192, 262144
algorithms = rabenseifner, builtin:rab, builtin:scatter_gather
EOF2
expect_ok "agreement sweep runs" "$PAPSIM" run agree.ini --out out --quiet

# One line per pair: "NAME PLATFORM_BASENAME NP pairs worst_relative_difference".
awk -F, '
BEGIN { twin["linear"] = "builtin:ompi_basic_linear"; twin["chain"] = "builtin:ompi_chain"
        twin["binary"] = "builtin:ompi_binary"; twin["in_order_binary"] = "builtin:ompi_in_order_binary"
        twin["pipeline"] = "builtin:ompi_pipeline"; twin["rabenseifner=rab"] = "builtin:rab"
        twin["rabenseifner=scatter_gather"] = "builtin:scatter_gather" }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ key = $col["platform"] "|" $col["np"] "|" $col["mapping"] "|" $col["pattern"] "|" \
        $col["bytes"] "|" $col["root"]
  t[key "|" $col["algorithm"]] = $col["last_delay_s"]; keys[key] = 1 }
END { for (k in keys) for (a in twin) {
        b = twin[a]; x = a; sub(/=.*/, "", x)
        if (!((k "|" x) in t) || !((k "|" b) in t)) continue
        split(k, f, "|"); plat = f[1]; sub(/.*\//, "", plat); sub(/\.xml$/, "", plat)
        d = t[k "|" x] / t[k "|" b] - 1; if (d < 0) d = -d
        g = a " " plat " " f[2]
        n[g]++; if (d > worst[g]) worst[g] = d }
      for (g in n) printf "%s %d %.6f\n", g, n[g], worst[g] }' out/results.csv | sort > pairs.txt
cat pairs.txt
expect_eq "pairs compared" "$(awk '{ s += $4 } END { print s }' pairs.txt)" 384
for algo in linear chain binary in_order_binary pipeline; do
    expect_eq "$algo: pairs differing by more than 2%" \
        "$(awk -v a=$algo '$1 == a && $5 > 0.02' pairs.txt)" ""
done
expect_eq "rabenseifner vs rab on the default platform: pairs differing by more than 2%" \
    "$(awk '$1 == "rabenseifner=rab" && $2 == "default" && $5 > 0.02' pairs.txt)" ""
expect_eq "rabenseifner vs scatter_gather at np 16: pairs differing by more than 2%" \
    "$(awk '$1 == "rabenseifner=scatter_gather" && $3 == 16 && $5 > 0.02' pairs.txt)" ""

# Hockney costs on the contention-free crossbar under plain latency +
# size/bandwidth (CM02, no cross traffic): alpha = 2 x 1 us, beta = 1 ns/B,
# m = 1 MiB, within 1%.
#   butterfly      2 log2(p) alpha + 2 ((p-1)/p) m beta
#   parallel_ring  (p-1 + ceil(log2 p)) alpha + 2 ((p-1)/p) m beta
#   rabenseifner   as butterfly for q = 2^floor(log2 p), plus 2 alpha + m beta
#                  when p != q (the half exchange and the half sent back)
model() {
    awk -v algo="$1" -v p="$2" -v m="$3" 'BEGIN {
        a = 2e-6; b = 1e-9; l = 0; while (2 ^ l < p) l++
        q = 1; fl = 0; while (2 * q <= p) { q *= 2; fl++ }
        if (algo == "butterfly") t = 2 * l * a + 2 * (p - 1) / p * m * b
        if (algo == "parallel_ring") t = (p - 1 + l) * a + 2 * (p - 1) / p * m * b
        if (algo == "rabenseifner") t = 2 * fl * a + 2 * (q - 1) / q * m * b + (p != q) * (2 * a + m * b)
        printf "%.12g", t }'
}
for case in butterfly:8 butterfly:16 parallel_ring:8 parallel_ring:13 parallel_ring:16 \
            rabenseifner:13 rabenseifner:16; do
    algo=${case%:*} np=${case#*:} bytes=1048576
    got=$("$PAPSIM" bench --np $np --collective reduce --algorithm $algo --bytes $bytes \
        --platform "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" \
        --cfg=network/model:CM02 --cfg=network/crosstraffic:0 | csv_col total_delay_s | tail -n 1)
    want=$(model $algo $np $bytes)
    echo "model $algo np=$np: simulated $got s, model $want s"
    if awk -v g="$got" -v w="$want" 'BEGIN { r = g / w; exit !(r > 0.99 && r < 1.01) }'; then
        pass
    else
        fail "$algo np=$np m=$bytes: simulated $got s, model $want s"
    fi
done
finish
