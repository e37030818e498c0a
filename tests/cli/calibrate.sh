# papsim calibrate: a fitted platform of the real machine.
# 1. A real run at np 2 under Open MPI (one machine, so intra-node only and
#    a warning): a measurement file of 11 sizes with positive times; when
#    the times grow with the size, the fitted alpha and beta are positive
#    and finite, the XML loads in papsim and under smpirun, and a 1 MiB
#    linear bcast on it at np 2 costs the fitted alpha + (m + 16) beta
#    (SMPI's 16-byte envelope) within 0.1%: the XML carries the numbers,
#    and its smpi/lat-factor and bw-factor 0:1 switch SMPI's own size
#    factors off.
#    On a loaded host (CI machines are shared) a 1-byte ping-pong took 5 ms
#    and 1 MiB no longer: scheduling, not the transfer. The fit must then
#    refuse the file ("the times do not grow"); the run is tried up to 3
#    times, and a refusal is accepted only when the file shows it: the
#    1 MiB median under ten times the 1-byte one (on an idle host it is
#    about a hundred times).
# 2. --from a hand-written measurement file with exact T = alpha + beta m
#    (intra 2 us + 1 ns/B, inter 5 us + 2 ns/B, two hosts x two ranks): the
#    fit returns them exactly, and the platform gives the linear bcast
#    exactly those costs within and across nodes.
# 3. The alpha <= 0 fallback and bad input.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader

value() { awk -F' = ' -v k="$1" '$1 == k {print $2}' "$2"; }
positive_finite() { awk -v x="$1" 'BEGIN {print (x + 0 > 0 && x + 0 < 1e300 && x != "") ? "yes" : "no"}'; }
# bcast_cost ALPHA BETA: a 1 MiB linear bcast at np 2: one message of m + 16 bytes,
# one way (a two-way exchange, e.g. a ring allgather, costs 5% more across
# nodes: SimGrid loads the reverse path with 5% of each flow, network/crosstraffic).
bcast_cost() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.9g", a + (1048576 + 16) * b}'; }
within() { awk -v x="$1" -v y="$2" -v r="$3" 'BEGIN {d = x - y; if (d < 0) d = -d; print (d <= r * y) ? "yes" : "no"}'; }
bcast_time() { # PLATFORM RANKS_PER_NODE
    "$PAPSIM" bench --np 2 --ranks-per-node "$2" --platform "$1" --collective bcast \
        --algorithm linear --bytes 1MiB | csv_col last_delay_s | head -n 1
}

# 1. The real machine.
median_of() { csv_cols kind,bytes,median_s real.csv | awk -F, -v m="$1" '$1 == "intra" && $2 == m {print $3}'; }
fitted=0 refused=0
for attempt in 1 2 3; do
    rm -f real.csv real.txt real.xml
    rc=0
    timeout 120 "$PAPSIM" calibrate --np 2 --iters 20 --max-bytes 1MiB --out real \
        --mpiexec-arg --oversubscribe >out.txt 2>err.txt || rc=$?
    expect_eq "attempt $attempt: measured sizes" "$(grep -c '^intra,0,1,' real.csv)" 11
    expect_eq "attempt $attempt: positive times, min <= median" \
        "$(csv_cols kind,min_s,median_s real.csv | awk -F, '$1 == "intra" && !($2 > 0 && $2 <= $3)' | wc -l)" 0
    if [ $rc -eq 0 ]; then fitted=1; break; fi
    echo "attempt $attempt: 1 B $(median_of 1) s, 1 MiB $(median_of 1048576) s (medians): $(head -c 300 err.txt)"
    if [ $rc -ne 2 ] || ! grep -q "real.csv: intra: the fit gives beta = .* the times do not grow" err.txt; then
        fail "calibrate np 2 (exit $rc): $(head -c 600 err.txt)"
        break
    fi
    refused=$((refused + 1))
    awk -v a="$(median_of 1)" -v b="$(median_of 1048576)" 'BEGIN {exit !(b < 10 * a)}' && pass ||
        fail "attempt $attempt: the fit refused times that grow: $(median_of 1) s at 1 B, $(median_of 1048576) s at 1 MiB"
done
if [ $fitted = 1 ]; then
    grep -q "warning: no rank on another node" err.txt && pass || fail "no single-node warning: $(cat err.txt)"
    alpha=$(value intra_alpha_s real.txt) beta=$(value intra_beta_s_per_byte real.txt)
    echo "this machine: alpha $alpha s, beta $beta s/B, $(value intra_max_relative_residual real.txt) max relative residual"
    expect_eq "alpha $alpha positive, finite" "$(positive_finite "$alpha")" yes
    expect_eq "beta $beta positive, finite" "$(positive_finite "$beta")" yes
    expect_eq "inter-node line" "$(grep -c '^inter = none' real.txt)" 1
    expect_ok "the XML loads" "$PAPSIM" platform --info real.xml
    expect_eq "hosts and cores" "$(grep -E '^(hosts|cores per host):' out.txt | tr '\n' ' ')" \
        "hosts: 1 cores per host: 2 "
    t=$(bcast_time real.xml 2)
    expect_eq "bcast on the calibrated platform: $t s vs alpha + (m+16) beta" \
        "$(within "$t" "$(bcast_cost "$alpha" "$beta")" 1e-3)" yes
elif [ $refused -eq 3 ]; then
    echo "calibrate np 2: this host is too loaded to time a ping-pong; the fit refused it 3 times, as it should"
fi

# 2. Exact measurements.
{
    echo "# host 0 a"; echo "# host 1 a"; echo "# host 2 b"; echo "# host 3 b"
    echo "kind,rank,peer,bytes,iters,min_s,median_s"
    for m in 1 64 4096 262144 4194304; do
        awk -v m=$m 'BEGIN {printf "intra,0,1,%d,10,%.12g,%.12g\n", m, 1e-6 + 5e-10 * m, 2e-6 + 1e-9 * m
                            printf "inter,0,2,%d,10,%.12g,%.12g\n", m, 4e-6 + 1e-9 * m, 5e-6 + 2e-9 * m}'
    done
} > exact.csv
expect_ok "fit exact points" "$PAPSIM" calibrate --from exact.csv --out exact
expect_eq "exact fit" "$(grep -E '^(intra|inter)_(alpha_s|beta_s_per_byte)|^nodes|^cores' exact.txt | tr '\n' ' ')" \
"intra_alpha_s = 2e-06 intra_beta_s_per_byte = 1e-09 inter_alpha_s = 5e-06 inter_beta_s_per_byte = 2e-09 nodes = 2 cores = 2 "
expect_eq "no warning with two hosts" "$(grep -c warning err.txt)" 0
expect_ok "fit the minima" "$PAPSIM" calibrate --from exact.csv --out exactmin --statistic min
expect_eq "min fit" "$(value inter_alpha_s exactmin.txt) $(value inter_beta_s_per_byte exactmin.txt)" "4e-06 1e-09"
expect_eq "bcast within a node" "$(within "$(bcast_time exact.xml 2)" "$(bcast_cost 2e-6 1e-9)" 1e-9)" yes
expect_eq "bcast across nodes" "$(within "$(bcast_time exact.xml 1)" "$(bcast_cost 5e-6 2e-9)" 1e-9)" yes
# A slow host's fit (alpha 10 ms, as a loaded host measured): no TCP window
# may cap the bandwidth at gamma / (2 alpha), 210 MB/s with SimGrid's default
# 4 MiB window, which would make the bcast cost 15 ms instead of 11.
{
    echo "kind,rank,peer,bytes,iters,min_s,median_s"
    for m in 1 4096 1048576; do
        awk -v m=$m 'BEGIN {printf "intra,0,1,%d,10,%.12g,%.12g\n", m, 1e-2 + 1e-9 * m, 1e-2 + 1e-9 * m}'
    done
} > slow.csv
expect_ok "fit a slow host" "$PAPSIM" calibrate --from slow.csv --out slow
expect_eq "bcast on a slow host's platform" "$(within "$(bcast_time slow.xml 2)" "$(bcast_cost 1e-2 1e-9)" 1e-9)" yes
expect_ok "model size override" "$PAPSIM" calibrate --from exact.csv --out big --nodes 64 --cores 16
expect_ok "big XML loads" "$PAPSIM" platform --info big.xml
expect_eq "big: max ranks" "$(grep '^max ranks:' out.txt)" "max ranks: 1024"

# 3. Proportional times give alpha = 0: alpha becomes the 1-byte time.
printf 'kind,rank,peer,bytes,iters,min_s,median_s\nintra,0,1,1,5,1e-9,1e-9\nintra,0,1,1000,5,1e-6,1e-6\n' > prop.csv
expect_ok "alpha fallback" "$PAPSIM" calibrate --from prop.csv --out prop
expect_eq "fallback fit" "$(value intra_alpha_s prop.txt) $(value intra_alpha_fixed prop.txt)" "1e-09 yes"

BAD_INPUT_PREFIX="papsim calibrate: "
printf 'kind,rank,peer,bytes,iters,min_s,median_s\nintra,0,1,8,5,1e-6,1e-6\nintra,0,1,8,5,2e-6,2e-6\n' > one.csv
expect_bad_input "one size" "one.csv: intra: 2 point.* fewer than two distinct sizes" \
    "$PAPSIM" calibrate --from one.csv
printf 'kind,rank,peer,bytes,iters,min_s,median_s\nintra,0,1,8,5,2e-6,2e-6\nintra,0,1,800,5,1e-6,1e-6\n' > down.csv
expect_bad_input "falling times" "down.csv: intra: the fit gives beta = .* do not grow" \
    "$PAPSIM" calibrate --from down.csv
printf 'kind,rank,peer,bytes,iters,min_s,median_s\nintra,0,1,8,5,2e-6,x\n' > nan.csv
expect_bad_input "not a number" "nan.csv:2: bytes '8' or median_s 'x' is not a number" \
    "$PAPSIM" calibrate --from nan.csv
expect_bad_input "missing file" "nothere.csv" "$PAPSIM" calibrate --from nothere.csv
expect_bad_input "np 1" "--np" "$PAPSIM" calibrate --np 1
expect_bad_input "statistic" "--statistic 'mean': expected median or min" "$PAPSIM" calibrate --statistic mean
expect_bad_input "max bytes" "--max-bytes '8' must be between 16 and 1GiB" "$PAPSIM" calibrate --max-bytes 8
expect_bad_input "no papbench-mpi" "papbench-mpi './nothere' not found" \
    "$PAPSIM" calibrate --papbench-mpi ./nothere
finish
