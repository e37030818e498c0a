# papsim's barriers against SMPI 3.32's built-ins with the same pattern
# (src/smpi/colls/barrier/barrier-ompi.cpp): linear = ompi_basic_linear,
# double_ring = ompi_doublering, recursive_doubling =
# ompi_recursivedoubling, dissemination = ompi_bruck, tree = ompi_tree, on
# the default platform and the fat tree, np 16 and 13 (not a power of two),
# without skew and with random and last-delayed arrivals: within 2%
# (measured: equal). Then the exact cost of each barrier on the crossbar
# (an empty message costs alpha = 2 x 1 us there, CM02 without cross
# traffic) and the barrier check: every row above is `ok`, i.e. no rank
# left before the last one entered.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat > agree.ini <<EOF2
collective = barrier
bytes = 0
mappings = sequential
patterns = no_delay, random, last_delayed
skews = 20us
check = yes
platforms = $PAPSIM_SOURCE_DIR/platforms/default.xml, $PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml
np = 16, 13
[all]
algorithms = linear, builtin:ompi_basic_linear, double_ring, builtin:ompi_doublering, recursive_doubling, builtin:ompi_recursivedoubling, dissemination, builtin:ompi_bruck, tree, builtin:ompi_tree
EOF2
expect_ok "agreement sweep runs" "$PAPSIM" run agree.ini --out out --quiet

awk -F, '
BEGIN { twin["linear"] = "builtin:ompi_basic_linear"; twin["double_ring"] = "builtin:ompi_doublering"
        twin["recursive_doubling"] = "builtin:ompi_recursivedoubling"
        twin["dissemination"] = "builtin:ompi_bruck"; twin["tree"] = "builtin:ompi_tree" }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ key = $col["platform"] "|" $col["np"] "|" $col["pattern"]
  t[key "|" $col["algorithm"]] = $col["total_delay_s"]; keys[key] = 1 }
END { for (k in keys) for (a in twin) {
        b = twin[a]
        if (!((k "|" a) in t) || !((k "|" b) in t)) continue
        split(k, f, "|"); plat = f[1]; sub(/.*\//, "", plat); sub(/\.xml$/, "", plat)
        d = t[k "|" a] / t[k "|" b] - 1; if (d < 0) d = -d
        g = a " " plat " " f[2]
        n[g]++; if (d > worst[g]) worst[g] = d }
      for (g in n) printf "%s %d %.6f\n", g, n[g], worst[g] }' out/results.csv | sort > pairs.txt
cat pairs.txt
expect_eq "pairs compared" "$(awk '{ s += $4 } END { print s }' pairs.txt)" 60
expect_eq "pairs differing by more than 2%" "$(awk '$5 > 0.02' pairs.txt)" ""
expect_eq "rows" "$(tail -n +2 out/results.csv | wc -l)" 120
expect_eq "rows whose barrier check failed or did not run" \
    "$(tail -n +2 out/results.csv | grep -vc ',ok$')" 0

# Exact costs on the crossbar, p = 13: an empty message costs e = alpha +
# 16 beta = 2.016 us (SMPI counts a 16-byte envelope; alpha = 2 x 1 us,
# beta = 1 ns/B). linear 2 alpha + 2 (p-1) 16 beta (rank 0's link carries
# the p-1 envelopes each way), double_ring 2p e, recursive_doubling
# (log2 8 + 2) e, dissemination ceil(log2 13) e. tree overlaps its
# subtrees: between ceil(log2 p) e and 2 ceil(log2 p) e (measured 7.04 e).
for case in linear:4.384e-06 double_ring:5.2416e-05 recursive_doubling:1.008e-05 \
            dissemination:8.064e-06; do
    algo=${case%:*} want=${case#*:}
    got=$("$PAPSIM" bench --np 13 --collective barrier --algorithm $algo --bytes 0 --check \
        --platform "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" \
        --cfg=network/model:CM02 --cfg=network/crosstraffic:0 | csv_cols total_delay_s,status |
        tail -n 1)
    echo "crossbar $algo np=13: $got (want $want)"
    if awk -v g="${got%,*}" -v w="$want" 'BEGIN { r = g / w; exit !(r > 0.999 && r < 1.001) }' &&
        [ "${got#*,}" = ok ]; then
        pass
    else
        fail "$algo np=13 on the crossbar: $got, want $want s and ok"
    fi
done
got=$("$PAPSIM" bench --np 13 --collective barrier --algorithm tree --bytes 0 --check \
    --platform "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" \
    --cfg=network/model:CM02 --cfg=network/crosstraffic:0 | csv_col total_delay_s | tail -n 1)
echo "crossbar tree np=13: $got"
if awk -v g="$got" 'BEGIN { e = 2.016e-6; exit !(g >= 4 * e && g <= 8 * e) }'; then
    pass
else
    fail "tree np=13 on the crossbar: $got, not between 4 and 8 x 2.016 us"
fi
finish
