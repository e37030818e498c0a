# papsim's alltoall algorithms against SMPI 3.32's built-ins with the same
# communication pattern (confirmed in src/smpi/colls/alltoall/ and
# smpi_openmpi_selector.cpp of SimGrid v3.32):
#   linear         = basic_linear (receives from r+1.. posted first, then
#                    sends to r-1.., all at once, wait for all)
#   pairwise       = ring (step k: send to r+k, receive from r-k; SMPI's
#                    "pair" is an XOR exchange for powers of two only)
#   modified_bruck = bruck (same distances, partners and message sizes;
#                    SMPI packs with MPI_Pack and rotates in two copies)
#   linear_sync    = basic_linear with no request limit (Open MPI's default
#                    max_requests 0, and a limit >= p-1); SMPI has no
#                    linear_sync: its "ompi" selector runs basic_linear for
#                    Open MPI's algorithm 4
#   ompi           = bruck or basic_linear, as SMPI's copy of Open MPI 4.1's
#                    fixed decision picks them: at np 16, bruck below 512 B
#                    blocks (8 B here) and basic_linear from 512 B to 8 KiB
#                    (1000 B); at np 13 (8 to 15 ranks) basic_linear below
#                    256 KiB
# on the flat default platform (4 ranks per node, so nodes share their
# links) and the fat tree, both mappings, with and without skewed arrivals,
# np 16 and 13, blocks of 8 B, 1000 B and 64 KiB: all within 2%.
# A bounded linear_sync has no SMPI twin; it and the others are checked
# against their Hockney costs on crossbar.xml (CM02 without cross traffic,
# alpha = 2 us, beta = 1 ns/B, 1 MiB blocks, within 1%):
#   linear          alpha + (p-1) m beta         (the rank's link is the limit)
#   pairwise        (p-1)(alpha + m beta)
#   linear_sync K   ceil((p-1)/K) alpha + (p-1) m beta
#   modified_bruck  ceil(log2 p) alpha + sum_d |{i < p : i & d}| m beta
# Finally SMPI's "pair" aborts on a non-power-of-two np (an uncaught
# std::invalid_argument, exit 134): its "ompi" selector therefore crashes
# where Open MPI 4.1 picks pairwise for such np (docs/smpi-notes.md, "Alltoall").
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

platforms="$PAPSIM_SOURCE_DIR/platforms/default.xml, $PAPSIM_SOURCE_DIR/platforms/fat-tree-256.xml"
cat > agree.ini <<EOF2
collective = alltoall
mappings = sequential, cyclic
ranks_per_node = 4
patterns = no_delay, random
skews = 20us
datatype = double
platforms = $platforms
np = 16, 13
[pairs]
bytes = 8, 1000, 65536
algorithms = linear, builtin:basic_linear, pairwise, builtin:ring, modified_bruck, builtin:bruck, linear_sync, builtin:ompi
EOF2
# A window at least p-1 wide: everything in flight, as linear. (Its own
# sweep: results.csv has no max_requests column to tell the rows apart.)
sed -e 's/^\[pairs\]/max_requests = 100\n[window]/' \
    -e 's/^algorithms = .*/algorithms = linear_sync, builtin:basic_linear/' agree.ini > window.ini
expect_ok "agreement sweep runs" "$PAPSIM" run agree.ini --out out --quiet
expect_ok "window sweep runs" "$PAPSIM" run window.ini --out window --quiet

# One line per pair: "NAME PLATFORM NP pairs worst_relative_difference".
# ompi's twin depends on np and the block size (the selector's table).
pairs() {
    awk -F, -v tag="$1" '
    BEGIN { twin["linear"] = "builtin:basic_linear"; twin["pairwise"] = "builtin:ring"
            twin["modified_bruck"] = "builtin:bruck"; twin["linear_sync"] = "builtin:basic_linear" }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { key = $col["platform"] "|" $col["np"] "|" $col["mapping"] "|" $col["pattern"] "|" $col["bytes"]
      t[key "|" $col["algorithm"]] = $col["last_delay_s"]; keys[key] = 1 }
    function compare(k, a, b, name,   f, plat, d, g) {
        if (!((k "|" a) in t) || !((k "|" b) in t)) return
        split(k, f, "|"); plat = f[1]; sub(/.*\//, "", plat); sub(/\.xml$/, "", plat)
        d = t[k "|" a] / t[k "|" b] - 1; if (d < 0) d = -d
        g = name " " plat " " f[2]; n[g]++; if (d > worst[g]) worst[g] = d }
    END { for (k in keys) {
            for (a in twin) compare(k, a, twin[a], tag a)
            split(k, f, "|")
            if (f[2] == 16 && f[5] == 8) compare(k, "modified_bruck", "builtin:ompi", tag "ompi=bruck")
            if (f[2] == 16 && f[5] == 1000) compare(k, "linear", "builtin:ompi", tag "ompi=basic_linear")
            if (f[2] == 13) compare(k, "linear", "builtin:ompi", tag "ompi=basic_linear") }
          for (g in n) printf "%s %d %.6f\n", g, n[g], worst[g] }' "$2"
}
{ pairs "" out/results.csv; pairs "window:" window/results.csv; } | sort > pairs.txt
cat pairs.txt
# 4 twins x 2 platforms x 2 np x 12 cells (2 mappings x 2 patterns x 3
# sizes), the ompi cells (2 platforms x 4 cells at np 16 for each of two
# sizes, 2 x 12 at np 13) and the window's 2 x 2 x 12.
expect_eq "pairs compared" "$(awk '{ s += $4 } END { print s }' pairs.txt)" $((4 * 48 + 40 + 48))
expect_eq "pairs differing by more than 2%" "$(awk '$5 > 0.02' pairs.txt)" ""

# Hockney costs on the contention-free crossbar.
model() {
    awk -v algo="$1" -v p="$2" -v m="$3" -v K="$4" 'BEGIN {
        a = 2e-6; b = 1e-9
        if (algo == "linear") t = a + (p - 1) * m * b
        if (algo == "pairwise") t = (p - 1) * (a + m * b)
        if (algo == "linear_sync") t = int((p - 1 + K - 1) / K) * a + (p - 1) * m * b
        if (algo == "modified_bruck")
            for (d = 1; d < p; d *= 2) {
                n = 0; for (i = 1; i < p; i++) if (int(i / d) % 2) n++
                t += a + n * m * b }
        printf "%.12g", t }'
}
for case in linear:13:0 pairwise:13:0 linear_sync:13:1 linear_sync:13:3 linear_sync:16:4 \
            modified_bruck:13:0 modified_bruck:16:0; do
    IFS=: read -r algo np k <<< "$case"
    bytes=1048576
    got=$("$PAPSIM" bench --np "$np" --collective alltoall --algorithm "$algo" --bytes $bytes \
        --max-requests "$k" --platform "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" \
        --cfg=network/model:CM02 --cfg=network/crosstraffic:0 | csv_col total_delay_s | tail -n 1)
    want=$(model "$algo" "$np" $bytes "$k")
    echo "model $algo np=$np K=$k: simulated $got s, model $want s"
    if awk -v g="$got" -v w="$want" 'BEGIN { r = g / w; exit !(r > 0.99 && r < 1.01) }'; then
        pass
    else
        fail "$algo np=$np K=$k m=$bytes: simulated $got s, model $want s"
    fi
done

# SMPI's pair refuses np = 13 by aborting; papsim's pairwise runs there.
"$PAPSIM" bench --np 13 --collective alltoall --algorithm builtin:pair --bytes 8 >pair.txt 2>&1
expect_eq "SMPI pair at np 13: smpirun's exit" "$(grep -o 'status [0-9]*' pair.txt | head -n 1)" \
    "status 134"
expect_ok "papsim pairwise at np 13" "$PAPSIM" bench --np 13 --collective alltoall \
    --algorithm pairwise --bytes 8 --check
finish
