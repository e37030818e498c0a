# papsim's bcast algorithms against SMPI 3.32's built-ins with the same
# communication pattern (read in src/smpi/colls/bcast/ of SimGrid v3.32),
# on the flat default platform and the fat tree, both mappings, with and
# without skewed arrivals, np 16 and 13, roots 0 and 5:
#   linear = flattree, pipeline = ompi_pipeline (at the segment size
#   ompi_pipeline picks: 128 KiB here, 16 KiB at np 4 for 260 KiB),
#   split_binary = ompi_split_bintree (its 1 KiB / 8 KiB segments, messages
#   long enough to split), scatter_allgather = scatter_rdb_allgather and
#   scatter_ring_allgather = scatter_LR_allgather (counts that np divides:
#   SMPI cuts bytes, papsim elements).
# All must agree within 2% (measured: 0). Two pairs share a tree shape but
# not the timing (docs/smpi-notes.md, "Bcast"). knomial =
# mvapich2_knomial_intra_node (radix 4): MVAPICH2 waits after each power of
# the radix, papsim (Open MPI) starts every child's send at once; they agree
# within 2% wherever sends are eager (below 64 KiB) or links unshared, and
# at 260 KiB on the fat tree (cyclic) papsim must be at least 5% faster.
# binomial = binomial_tree is MPICH's mirror tree (v receives from v minus
# its lowest bit, blocking sends, largest subtree first): same depth, so
# within 2% without delays on the default platform below 8 KiB; at 260 KiB
# on the fat tree they must differ by more than 40% (either way, by
# mapping). Not equal in general: 1.084x at np 13, 1 KiB on crossbar.xml,
# 6.06x at np 16, 256 KiB, last_delayed 1 ms on fat-tree-256.xml
# (docs/smpi-notes.md, "Bcast"). chain, binary (SMPI's NTSB is another tree), binomial and
# knomial are also checked against their Hockney costs on crossbar.xml.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat > agree.ini <<EOF2
collective = bcast
mappings = sequential, cyclic
patterns = no_delay, random
skews = 20us
datatype = double
platforms = $PAPSIM_SOURCE_DIR/platforms/default.xml, $PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml
np = 16, 13
root = 0
# 1664 B = 208 doubles (13 x 16), 266240 B = 160 x that; 8 B for the trees.
[twins]
bytes = 1664, 266240
algorithms = linear, builtin:flattree, scatter_allgather, builtin:scatter_rdb_allgather, scatter_ring_allgather, builtin:scatter_LR_allgather, knomial, builtin:mvapich2_knomial_intra_node, binomial, builtin:binomial_tree
[small_trees]
bytes = 8, 6656
algorithms = knomial, builtin:mvapich2_knomial_intra_node, binomial, builtin:binomial_tree
[twins_root5]
root = 5
bytes = 266240
algorithms = linear, builtin:flattree, scatter_allgather, builtin:scatter_rdb_allgather, scatter_ring_allgather, builtin:scatter_LR_allgather
# ompi_pipeline picks 128 KiB segments for these np and sizes (one
# segment at 1664 B, two of 128 KiB and a 4 KiB one at 266240 B).
[pipeline]
bytes = 1664, 266240
segment_bytes = 131072
algorithms = pipeline, builtin:ompi_pipeline
[pipeline_np4]
np = 4
root = 3
# 16 KiB here: 16 segments and a 4 KiB one
bytes = 266240
segment_bytes = 16384
algorithms = pipeline, builtin:ompi_pipeline
# split: 1 KiB segments below 370728 B (130 per half), 8 KiB from there on
# (400000 B: halves of 25000 doubles, 24 segments of 1024 and one of 424).
[split]
root = 5
bytes = 266240, 400000
algorithms = split_binary, builtin:ompi_split_bintree
EOF2
expect_ok "agreement sweep runs" "$PAPSIM" run agree.ini --out out --quiet

# One line per pair: "NAME PLATFORM NP BYTES PATTERN pairs worst_relative_difference
# worst_signed_difference" (signed: papsim / SMPI - 1 at the worst pair;
# both mappings and roots in one line).
awk -F, '
BEGIN { twin["linear"] = "builtin:flattree"; twin["pipeline"] = "builtin:ompi_pipeline"
        twin["split_binary"] = "builtin:ompi_split_bintree"
        twin["scatter_allgather"] = "builtin:scatter_rdb_allgather"
        twin["scatter_ring_allgather"] = "builtin:scatter_LR_allgather"
        twin["knomial"] = "builtin:mvapich2_knomial_intra_node"
        twin["binomial"] = "builtin:binomial_tree" }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ key = $col["platform"] "|" $col["np"] "|" $col["mapping"] "|" $col["pattern"] "|" \
        $col["bytes"] "|" $col["root"]
  t[key "|" $col["algorithm"]] = $col["last_delay_s"]; keys[key] = 1 }
END { for (k in keys) for (a in twin) {
        b = twin[a]
        if (!((k "|" a) in t) || !((k "|" b) in t)) continue
        split(k, f, "|"); plat = f[1]; sub(/.*\//, "", plat); sub(/\.xml$/, "", plat)
        s = t[k "|" a] / t[k "|" b] - 1; d = s < 0 ? -s : s
        g = a " " plat " " f[2] " " f[5] " " f[4]
        n[g]++; if (d >= worst[g]) { worst[g] = d; sgn[g] = s } }
      for (g in n) printf "%s %d %.6f %+.6f\n", g, n[g], worst[g], sgn[g] }' out/results.csv |
    sort > pairs.txt
cat pairs.txt
expect_eq "pairs compared" "$(awk '{ s += $6 } END { print s }' pairs.txt)" 344
for algo in linear pipeline split_binary scatter_allgather scatter_ring_allgather; do
    expect_eq "$algo: pairs differing by more than 2%" \
        "$(awk -v a=$algo '$1 == a && $7 > 0.02' pairs.txt)" ""
done
expect_eq "knomial: pairs differing by more than 2% but at 260 KiB on the fat tree" \
    "$(awk '$1 == "knomial" && !($2 == "fat-tree-256" && $4 == 266240) && $7 > 0.02' pairs.txt)" ""
expect_eq "knomial at 260 KiB on the fat tree: papsim not 5% faster than mvapich2" \
    "$(awk '$1 == "knomial" && $2 == "fat-tree-256" && $4 == 266240 && $8 > -0.05' pairs.txt)" ""
expect_eq "binomial without delays on the default platform below 8 KiB: pairs differing by more than 2%" \
    "$(awk '$1 == "binomial" && $2 == "default" && $5 == "no_delay" && $4 < 8192 && $7 > 0.02' pairs.txt)" ""
expect_eq "binomial at 260 KiB on the fat tree: pairs within 40% of binomial_tree" \
    "$(awk '$1 == "binomial" && $2 == "fat-tree-256" && $4 == 266240 && $7 < 0.4' pairs.txt)" ""

# Hockney costs on the contention-free crossbar (CM02, no cross traffic):
# alpha = 2 x 1 us, beta = 1 ns/B, m = 1 MiB, within 1%. A node's
# concurrent sends share its up link.
#   binary   p = 2^h - 1, unsegmented: h (alpha + 2 m beta)
#   binomial p = 2^L, unsegmented: the path 0, 1, 3, 7, .. serves L, L-1, ..
#            children: L alpha + L(L+1)/2 m beta
#   knomial  p = k^L: L alpha + (k-1) L(L+1)/2 m beta
#   chain    p = 13, f = 4 chains of L = 3, N = 8 segments of s = 128 KiB
#            (the default here): N (alpha + f s beta) + (L-1)(alpha + s beta)
model() {
    awk -v algo="$1" -v p="$2" -v k="$3" -v m="$4" 'BEGIN {
        a = 2e-6; b = 1e-9; l = 0; while (k ^ l < p) l++
        h = 0; while (2 ^ (h + 1) <= p) h++
        if (algo == "binary") t = h * (a + 2 * m * b)
        if (algo == "binomial" || algo == "knomial") t = l * a + (k - 1) * l * (l + 1) / 2 * m * b
        if (algo == "chain") { s = 131072; t = 8 * (a + 4 * s * b) + 2 * (a + s * b) }
        printf "%.12g", t }'
}
for case in binary:7:2 binary:15:2 binomial:8:2 binomial:16:2 knomial:16:4 knomial:9:3 \
            knomial:8:2 chain:13:4; do
    IFS=: read -r algo np k <<< "$case"
    bytes=1048576
    got=$("$PAPSIM" bench --np $np --collective bcast --algorithm $algo --bytes $bytes \
        --knomial-radix $k --platform "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" \
        --cfg=network/model:CM02 --cfg=network/crosstraffic:0 | csv_col total_delay_s | tail -n 1)
    want=$(model $algo $np $k $bytes)
    echo "model $algo np=$np k=$k: simulated $got s, model $want s"
    if awk -v g="$got" -v w="$want" 'BEGIN { r = g / w; exit !(r > 0.99 && r < 1.01) }'; then
        pass
    else
        fail "$algo np=$np k=$k m=$bytes: simulated $got s, model $want s"
    fi
done

# Bad input: in place and impossible radices are refused with the reason.
expect_fail "bcast refuses --in-place" "in-place does not apply to bcast" \
    "$PAPSIM" bench --np 4 --collective bcast --algorithm linear --bytes 8 --in-place
expect_fail "--knomial-radix 1" "knomial-radix 1 is not a tree radix" \
    "$PAPSIM" bench --np 4 --collective bcast --algorithm knomial --bytes 8 --knomial-radix 1
expect_fail "--knomial-radix 65" "knomial-radix" \
    "$PAPSIM" bench --np 4 --collective bcast --algorithm knomial --bytes 8 --knomial-radix 65
finish
