# papsim's gather and scatter algorithms against SMPI 3.32's built-ins with
# the same pattern (src/smpi/colls/gather/gather-ompi.cpp,
# scatter/scatter-ompi.cpp): gather linear = ompi_basic_linear, binomial =
# ompi_binomial, linear_sync = ompi_linear_sync (first segment 1 KiB, 32 KiB
# above 92160-byte blocks: 8 B and 64 KiB blocks take the first, 128 KiB the
# second), scatter linear = ompi_basic_linear, binomial = ompi_binomial; on
# the default platform and the fat tree, np 16 and 13, root 3, without skew
# and with random arrivals: within 2% (measured: equal). Gatherv and
# scatterv have no twin: SMPI has one gatherv and one scatterv (non-blocking,
# every message posted at once), not Open MPI's linear one.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat > agree.ini <<EOF2
mappings = sequential
patterns = no_delay, random
skews = 20us
datatype = double
root = 3
platforms = $PAPSIM_SOURCE_DIR/platforms/default.xml, $PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml
np = 16, 13
bytes = 8, 65536, 131072
[gather]
collective = gather
algorithms = linear, builtin:ompi_basic_linear, binomial, builtin:ompi_binomial, linear_sync, builtin:ompi_linear_sync
[scatter]
collective = scatter
algorithms = linear, builtin:ompi_basic_linear, binomial, builtin:ompi_binomial
EOF2
expect_ok "agreement sweep runs" "$PAPSIM" run agree.ini --out out --quiet

awk -F, '
BEGIN { twin["linear"] = "builtin:ompi_basic_linear"; twin["binomial"] = "builtin:ompi_binomial"
        twin["linear_sync"] = "builtin:ompi_linear_sync" }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ key = $col["collective"] "|" $col["platform"] "|" $col["np"] "|" $col["pattern"] "|" $col["bytes"]
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
# 5 algorithms x 2 platforms x 2 np, 2 patterns x 3 sizes each
expect_eq "groups" "$(wc -l < pairs.txt)" 20
expect_eq "pairs compared" "$(awk '{ s += $4 } END { print s }' pairs.txt)" 120
expect_eq "pairs differing by more than 2%" "$(awk '$5 > 0.02' pairs.txt)" ""
expect_eq "rows not ok" "$(tail -n +2 out/results.csv | grep -vc ',ok$')" 0
finish
