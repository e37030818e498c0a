# papsim's reduce_scatter algorithms against SMPI 3.32's built-ins with the
# same pattern (src/smpi/colls/reduce_scatter/): ring = ompi_ring,
# recursive_halving = ompi_basic_recursivehalving, pairwise = mpich_pair,
# and reduce_scatter_block noncommutative = mpich_noncomm (np 16 only: a
# power of two), at gamma = 0 on the default platform and the fat tree,
# np 16 and 13, without skew and with random arrivals, blocks of 8 B and
# 64 KiB, uniform and spike distributions (SMPI's recursive halving drops
# the data of empty blocks, [SMPI notes](../../docs/smpi-notes.md), so no
# zero blocks here): within 2%.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat > agree.ini <<EOF2
mappings = sequential
patterns = no_delay, random
skews = 20us
datatype = double
platforms = $PAPSIM_SOURCE_DIR/platforms/default.xml, $PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml
np = 16, 13
bytes = 8, 65536
[rs]
collective = reduce_scatter
distributions = uniform, spike
algorithms = ring, builtin:ompi_ring, recursive_halving, builtin:ompi_basic_recursivehalving, pairwise, builtin:mpich_pair
[rsb]
collective = reduce_scatter_block
np = 16
algorithms = noncommutative, builtin:mpich_noncomm, ring, builtin:ompi_ring
EOF2
expect_ok "agreement sweep runs" "$PAPSIM" run agree.ini --out out --quiet

awk -F, '
BEGIN { twin["ring"] = "builtin:ompi_ring"; twin["pairwise"] = "builtin:mpich_pair"
        twin["recursive_halving"] = "builtin:ompi_basic_recursivehalving"
        twin["noncommutative"] = "builtin:mpich_noncomm" }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ key = $col["collective"] "|" $col["platform"] "|" $col["np"] "|" $col["pattern"] "|" \
        $col["bytes"] "|" $col["distribution"]
  t[key "|" $col["algorithm"]] = $col["last_delay_s"]; keys[key] = 1 }
END { for (k in keys) for (a in twin) {
        b = twin[a]
        if (!((k "|" a) in t) || !((k "|" b) in t)) continue
        split(k, f, "|"); plat = f[2]; sub(/.*\//, "", plat); sub(/\.xml$/, "", plat)
        d = t[k "|" a] / t[k "|" b] - 1; if (d < 0) d = -d
        g = f[1] "/" a " " plat " " f[3]
        n[g]++; if (d > worst[g]) worst[g] = d }
      for (g in n) printf "%s %d %.6f\n", g, n[g], worst[g] }' out/results.csv | sort > pairs.txt
cat pairs.txt
expect_eq "pairs compared" "$(awk '{ s += $4 } END { print s }' pairs.txt)" 112
expect_eq "pairs differing by more than 2%" "$(awk '$5 > 0.02' pairs.txt)" ""
expect_eq "rows not ok" "$(tail -n +2 out/results.csv | grep -vc ',ok$')" 0
finish
