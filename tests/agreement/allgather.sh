# papsim's allgather algorithms against SMPI's built-ins with the same
# communication pattern (confirmed in SimGrid 3.32's sources; docs/smpi-notes.md,
# "Agreement with SMPI"): bruck = bruck, recursive_doubling = rdb,
# neighbor_exchange = ompi_neighborexchange (even np), ring = NTSLR (SMPI's
# own "ring" is a shift exchange), allgatherv ring = mpich_ring for equal
# blocks. Simulated times must agree within 2% on a flat and a fat-tree
# platform, both mappings, with and without skewed arrivals.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat > agree.ini <<EOF2
collective = allgather
mappings = sequential, cyclic
patterns = no_delay, random
skews = 20us
datatype = char
bytes = 8, 262144
platforms = $PAPSIM_SOURCE_DIR/platforms/default.xml, $PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml
[pow2]
np = 16
algorithms = bruck, builtin:bruck, recursive_doubling, builtin:rdb, neighbor_exchange, builtin:ompi_neighborexchange, ring, builtin:NTSLR
[odd]
np = 13
algorithms = bruck, builtin:bruck, ring, builtin:NTSLR
[agv]
collective = allgatherv
np = 13
algorithms = ring, builtin:mpich_ring
EOF2
expect_ok "agreement sweep runs" "$PAPSIM" run agree.ini --out out --quiet

# One line per papsim/SMPI pair: "ALGO pairs worst_relative_difference".
awk -F, '
BEGIN { twin["bruck"] = "builtin:bruck"; twin["recursive_doubling"] = "builtin:rdb"
        twin["neighbor_exchange"] = "builtin:ompi_neighborexchange"; twin["ring"] = "builtin:NTSLR" }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ key = $col["collective"] "|" $col["platform"] "|" $col["np"] "|" $col["mapping"] "|" \
        $col["pattern"] "|" $col["bytes"]
  t[key "|" $col["algorithm"]] = $col["last_delay_s"]; keys[key] = 1 }
END { for (k in keys) for (a in twin) {
        b = twin[a]; name = a
        if (k ~ /^allgatherv/) { if (a != "ring") continue; b = "builtin:mpich_ring"; name = "allgatherv_ring" }
        if (!((k "|" a) in t) || !((k "|" b) in t)) continue
        d = t[k "|" a] / t[k "|" b] - 1; if (d < 0) d = -d
        n[name]++; if (d > worst[name]) worst[name] = d }
      for (a in n) printf "%s %d %.6f\n", a, n[a], worst[a] }' out/results.csv | sort > pairs.txt
cat pairs.txt
expect_eq "pairs compared" "$(awk '{ s += $2 } END { print s }' pairs.txt)" 112
expect_eq "pairs per algorithm" "$(awk '{ printf "%s=%s ", $1, $2 }' pairs.txt)" \
    "allgatherv_ring=16 bruck=32 neighbor_exchange=16 recursive_doubling=16 ring=32 "
expect_eq "pairs differing by more than 2%" "$(awk '$3 > 0.02' pairs.txt)" ""
finish
