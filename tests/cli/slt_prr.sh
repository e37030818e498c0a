# SLT and PRR allreduce (Proficz 2018) with arrival knowledge:
# 1. correctness under smpirun: np 2, 3, 5, 7, 16, 17; knowledge oracle and
#    estimated; random patterns (three seeds), ties (half_delayed,
#    alternating) and the last rank the slowest (last_delayed); counts 0, 1,
#    3, 1001 and one below np; int sum, double max, float sum in place;
# 2. the same under Open MPI (oversubscribed), oracle and estimated;
# 3. no deadlock: 1,000 random arrival patterns per algorithm at np 2..17,
#    batched per np, every send rendezvous (send-is-detached-thresh 0),
#    each smpirun under a timeout, every result checked;
# 4. exact schedule properties on platforms/proficz-48.xml (exact model:
#    lat/bw factors 1, no cross traffic): balanced PRR = ring = 2(p-1) t
#    to 0.01%, t = 22 us + (m/p) 8 ns/B; PRR without knowledge (k = 0) is
#    the ring bit for bit under any pattern; the sorted order puts the late
#    rank last whichever it is (SLT first_delayed = last_delayed, and
#    without knowledge first_delayed costs more); estimated = oracle when
#    the estimates arrive in time (edge 0.1) and costs more when they come
#    only at the arrival (edge 1); one rank late by 50 ms at p = 16: PRR
#    saves more than 0.8 (p-3)/2 t of mean elapsed over the ring (the
#    tau model: (p-3)/2 t; SMPI gives 0.875 of it);
# 5. bad input: non-commutative op, --edge outside (0, 1], --edge without
#    estimated, estimated for clairvoyant, in papsim bench and a spec.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

P48="$PAPSIM_SOURCE_DIR/platforms/proficz-48.xml"
EXACT=(--cfg=smpi/lat-factor:0:1 --cfg=smpi/bw-factor:0:1 --cfg=network/crosstraffic:0)

# smpi NP EXTRA_CFG ARGS...: papbench under smpirun on proficz-48.xml.
smpi() {
    local np=$1; shift
    "$PAPSIM" hostfile --platform "$P48" --np "$np" --mapping sequential -o "hosts-$np" >/dev/null
    timeout 120 "$SMPIRUN" -no-privatize -platform "$P48" -hostfile "hosts-$np" -np "$np" \
        "$PAPBENCH" --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 \
        --log=root.thres:critical --no-header "$@"
}

# 1. Correctness grid.
for np in 2 3 5 7 16 17; do
    {
    for algo in slt prr; do
        for know in oracle estimated; do
            for pat in "random --seed 1" "random --seed 2" "random --seed 3" half_delayed \
                       alternating last_delayed; do
                for count in 0 1 3 1001 $((np - 1)); do
                    echo "--collective allreduce --algorithm $algo --np $np --knowledge $know" \
                         "--bytes $((count * 4)) --datatype int --op sum --pattern $pat" \
                         "--skew 2ms --check"
                done
            done
            echo "--collective allreduce --algorithm $algo --np $np --knowledge $know" \
                 "--bytes 8008 --datatype double --op max --pattern random --seed 9" \
                 "--skew 5ms --reps 2 --check$([ $know = estimated ] && echo " --edge 0.25")"
            echo "--collective allreduce --algorithm $algo --np $np --knowledge $know" \
                 "--bytes 1MiB --datatype float --op sum --in-place --pattern descending" \
                 "--skew 20ms --check"
        done
    done
    } > "cases-$np.txt"
    want=$(( $(wc -l < "cases-$np.txt") + 4 )) # the --reps 2 lines add a row each
    if smpi "$np" --cases "cases-$np.txt" > "rows-$np.csv" 2> "err-$np.txt"; then
        pass
    else
        fail "np=$np: papbench failed: $(tail -n 3 "err-$np.txt")"
    fi
    expect_eq "np=$np: rows" "$(wc -l < "rows-$np.csv")" "$want"
    expect_eq "np=$np: rows not ok" "$(grep -vc ',ok$' "rows-$np.csv")" "0"
done

# 2. Under Open MPI (real clocks: estimated is a real non-blocking exchange).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
for np in 3 8; do
    grep -e 'random --seed 1' -e 'last_delayed' "cases-7.txt" | sed "s/--np 7/--np $np/" |
        sed 's/--skew 2ms/--skew 1ms/' > "mpi-cases-$np.txt"
    want=$(wc -l < "mpi-cases-$np.txt")
    if timeout 300 "$MPIEXEC" --oversubscribe -np "$np" "$PAPBENCH_MPI" --margin 0.002 \
        --no-header --cases "mpi-cases-$np.txt" > "mpi-rows-$np.csv" 2> "mpi-err-$np.txt"; then
        pass
    else
        fail "mpi np=$np: papbench-mpi failed: $(tail -n 3 "mpi-err-$np.txt")"
    fi
    expect_eq "mpi np=$np: rows" "$(wc -l < "mpi-rows-$np.csv")" "$want"
    expect_eq "mpi np=$np: wrong results" "$(grep -c ',check_failed$' "mpi-rows-$np.csv")" "0"
done

# 3. Deadlock hunt: 1,000 random patterns per algorithm (63 per np, 16 np),
# skews from 10 us to 10 ms against t of about 23 us, so the pre-step counts
# k range from 0 to p-2; rendezvous sends everywhere.
for np in $(seq 2 17); do
    for i in $(seq 1 63); do
        seed=$((np * 1000 + i))
        skew=$(( (i % 4 == 0) ? 10 : (i % 4 == 1) ? 100 : (i % 4 == 2) ? 1000 : 10000 ))
        know=$([ $((i % 2)) -eq 0 ] && echo oracle || echo estimated)
        for algo in slt prr; do
            echo "--collective allreduce --algorithm $algo --np $np --knowledge $know" \
                 "--bytes $(( (i % 7 == 0 ? np - 1 : 1001 + i) * 4 )) --datatype int" \
                 "--pattern random --seed $seed --skew ${skew}us --check"
        done
    done > "dl-$np.txt"
    if smpi "$np" --cfg=smpi/send-is-detached-thresh:0 --cases "dl-$np.txt" \
        > "dl-rows-$np.csv" 2> "dl-err-$np.txt"; then
        pass
    else
        fail "deadlock hunt np=$np: exit or timeout: $(tail -n 2 "dl-err-$np.txt")"
    fi
    expect_eq "deadlock hunt np=$np: ok rows" "$(grep -c ',ok$' "dl-rows-$np.csv")" "126"
done
total=$(cat dl-rows-*.csv | grep -c ',ok$')
expect_eq "deadlock hunt: patterns completed and correct (both algorithms)" "$total" "2016"

# 4. Exact schedule properties. metric NAME: that column of a result row.
RESULTS_HEADER=$(results_header) # papbench --no-header rows: their column names
metric() { csv_col -H "$RESULTS_HEADER" "$1"; } # a results.csv column, e.g. total_delay_s
run1() { smpi "$@" "${EXACT[@]}" --collective allreduce --datatype float 2>>exact-err.txt; }

# balanced: PRR = ring = 2(p-1)(alpha + (m/p) beta), to 0.01% (SMPI adds
# 128 ns per step on this platform, 0.002%)
for np in 4 16; do
    want=$(echo "2 * ($np - 1) * (0.000022 + 4194304 / $np * 0.000000008)" | bc -l)
    for algo in ring prr; do
        got=$(run1 "$np" --algorithm $algo --bytes 4MiB --knowledge oracle | metric total_delay_s)
        ok=$(echo "d = $got - $want; d < 0.0001 * $want && d > -0.0001 * $want" | bc -l)
        expect_eq "np=$np $algo balanced = 2(p-1)(a + (m/p) b) = $want: got $got" "$ok" "1"
    done
done

# without knowledge PRR is the ring in rank order, bit for bit, any pattern
outcome=total_delay_s,last_delay_s,mean_elapsed_s,max_elapsed_s,deterministic,status
for pat in "random --seed 4" "first_delayed" "alternating"; do
    r=$(run1 8 --algorithm ring --bytes 1MiB --pattern $pat --skew 3ms)
    p=$(run1 8 --algorithm prr --bytes 1MiB --pattern $pat --skew 3ms)
    expect_eq "prr knowledge none = ring, $pat" \
        "$(echo "$p" | csv_cols -H "$RESULTS_HEADER" $outcome)" \
        "$(echo "$r" | csv_cols -H "$RESULTS_HEADER" $outcome)"
done

# the sorted order: the late rank goes last wherever it is
first=$(run1 8 --algorithm slt --bytes 1MiB --pattern first_delayed --skew 20ms --knowledge oracle | metric mean_elapsed_s)
last=$(run1 8 --algorithm slt --bytes 1MiB --pattern last_delayed --skew 20ms --knowledge oracle | metric mean_elapsed_s)
blind=$(run1 8 --algorithm slt --bytes 1MiB --pattern first_delayed --skew 20ms | metric mean_elapsed_s)
expect_eq "slt oracle: rank 0 late costs what rank 7 late costs" "$first" "$last"
expect_eq "slt: sorting beats rank order when rank 0 is late ($first < $blind)" \
          "$(echo "$first < $blind" | bc -l)" "1"

# estimated: as oracle when the estimates come in time (edge 0.1: the late
# rank announces 45 ms ahead, more than the 14 pre-steps of 2.1 ms need);
# dearer at edge 1 (announced at the arrival) and at 0.5 (25 ms ahead)
for algo in slt prr; do
    o=$(run1 16 --algorithm $algo --bytes 4MiB --pattern last_delayed --skew 50ms --knowledge oracle | metric mean_elapsed_s)
    e=$(run1 16 --algorithm $algo --bytes 4MiB --pattern last_delayed --skew 50ms --knowledge estimated --edge 0.1 | metric mean_elapsed_s)
    l=$(run1 16 --algorithm $algo --bytes 4MiB --pattern last_delayed --skew 50ms --knowledge estimated --edge 1 | metric mean_elapsed_s)
    expect_eq "$algo: estimated (edge 0.1) = oracle" "$e" "$o"
    expect_eq "$algo: estimates at the arrival (edge 1) cost more ($l > $o)" \
              "$(echo "$l > $o" | bc -l)" "1"
done

# one rank late by 50 ms >> (p-2) t at p = 16: PRR saves about (p-3)/2 t
ring=$(run1 16 --algorithm ring --bytes 4MiB --pattern last_delayed --skew 50ms | metric mean_elapsed_s)
prr=$(run1 16 --algorithm prr --bytes 4MiB --pattern last_delayed --skew 50ms --knowledge oracle | metric mean_elapsed_s)
t=$(echo "0.000022 + 4194304 / 16 * 0.000000008" | bc -l)
expect_eq "prr saves > 0.8 (p-3)/2 t over ring (ring $ring, prr $prr, t $t)" \
          "$(echo "$ring - $prr > 0.8 * 13 / 2 * $t" | bc -l)" "1"

# 5. Bad input.
BAD_INPUT_PREFIX="papsim bench: "
b() { "$PAPSIM" bench --np 4 --collective allreduce --bytes 64 "$@"; }
expect_bad_input "non-commutative op" "prr needs a commutative op" \
    b --algorithm prr --op affine --datatype int
expect_bad_input "edge 0" "--edge '0' must be above 0" \
    b --algorithm prr --knowledge estimated --edge 0
expect_bad_input "edge > 1" "--edge .*between 0 and 1" \
    b --algorithm slt --knowledge estimated --edge 1.5
expect_bad_input "edge without estimated" "--edge 0.3 applies to --knowledge estimated only" \
    b --algorithm slt --knowledge oracle --edge 0.3
expect_bad_input "estimated for clairvoyant" "estimated is not available for reduce/clairvoyant" \
    "$PAPSIM" bench --np 4 --collective reduce --algorithm clairvoyant --bytes 64 \
    --knowledge estimated
expect_bad_input "unknown knowledge" "'guessed' is unknown \(valid: none, oracle, predicted, estimated\)" \
    b --algorithm slt --knowledge guessed
printf 'collective = allreduce\nalgorithms = prr\nbytes = 8\nnp = 4\npatterns = random\nknowledge = estimated\nedge = 2\n' > bad.ini
BAD_INPUT_PREFIX=""
expect_fail "spec edge 2" "bad.ini:7: edge: .*between 0 and 1" "$PAPSIM" run bad.ini --out bad-out

finish
