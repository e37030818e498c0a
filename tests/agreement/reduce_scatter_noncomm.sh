# papsim's reduce_scatter noncommutative against SMPI 3.32's mpich_noncomm
# (src/smpi/colls/reduce_scatter/reduce_scatter-mpich.cpp), where SMPI's
# applies: a power-of-two np (16) and equal blocks (uniform). There
# papsim's schedule is the same butterfly on bit-reversed blocks, so the
# simulated times must be equal (within 2%, as the other agreement tests),
# at gamma = 0 on the default platform and the fat tree, without skew and
# with random arrivals, blocks of 8 B and 64 KiB. papsim's also takes any np
# and uneven blocks, which SMPI's does not (correctness.smpi covers them).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat > agree.ini <<EOF2
mappings = sequential
patterns = no_delay, random
skews = 20us
datatype = double
platforms = $PAPSIM_SOURCE_DIR/platforms/default.xml, $PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml
np = 16
bytes = 8, 65536
collective = reduce_scatter
algorithms = noncommutative, builtin:mpich_noncomm
EOF2
expect_ok "agreement sweep runs" "$PAPSIM" run agree.ini --out out --quiet

csv_cols platform,pattern,bytes,algorithm,last_delay_s out/results.csv | awk -F, '
{ key = $1 "|" $2 "|" $3; t[key "|" $4] = $5; keys[key] = 1 }
END { for (k in keys) {
        a = t[k "|noncommutative"]; b = t[k "|builtin:mpich_noncomm"]
        if (a == "" || b == "") continue
        d = a / b - 1; if (d < 0) d = -d
        n++; if (d > worst) worst = d }
      printf "%d %.6f\n", n, worst }' > pairs.txt
cat pairs.txt
expect_eq "pairs compared" "$(cut -d' ' -f1 pairs.txt)" 8
expect_eq "pairs differing by more than 2%" "$(awk '$2 > 0.02' pairs.txt)" ""
expect_eq "rows not ok" "$(csv_col status out/results.csv | grep -vc '^ok$')" 0
finish
