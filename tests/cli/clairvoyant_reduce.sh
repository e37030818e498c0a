# The clairvoyant reduce under smpirun with arrival-time knowledge:
# - random arrival patterns with --knowledge oracle and predicted (--reps 6,
#   so the window-5 moving average is used), segment counts 1, 3, 16 and
#   counts that N does not divide (and count < N), any root, in place, --check;
# - with a late rank, knowledge oracle gives a lower simulated time than
#   knowledge none (both measured here, nothing hard-coded);
# - --schedule-timed yes runs and checks too;
# - bad input: unknown knowledge mode, negative segments, bad schedule-timed,
#   in papbench and in a papsim spec;
# - the round-time model (--model-alpha/--model-beta, spec keys model_alpha,
#   model_beta): no effect on a balanced schedule with fixed N, a late rank
#   no longer absorbed when alpha makes a round longer than its lateness,
#   the default N follows the model, papsim bench and specs pass the values
#   through, ids unchanged when unset, bad values refused.
# - timing-only runs (SMPI shares buffers of 64 KiB or more) give the rows
#   of checked runs byte for byte, with step lists above 64 KiB.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

"$PAPSIM" platform flat --nodes 17 --cores 1 --bw 10Gbps --lat 1us -o flat17.xml >/dev/null 2>&1 ||
    fail "could not generate a platform"

# bench NP ARGS...: papbench under smpirun, rows on stdout (no header).
bench() {
    local np=$1; shift
    "$PAPSIM" hostfile --platform flat17.xml --np "$np" --mapping sequential -o "hosts-$np" >/dev/null
    "$SMPIRUN" -no-privatize -platform flat17.xml -hostfile "hosts-$np" -np "$np" "$PAPBENCH" \
        --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --log=root.thres:critical \
        --no-header "$@"
}
RESULTS_HEADER=$(results_header) # bench prints no header: the column names of its rows
total_of() { csv_col -H "$RESULTS_HEADER" total_delay_s; } # the total delay of bench rows

# 1. Correctness grid under random patterns (one cases file per np).
for np in 2 5 8 13 16; do
    {
    for know in oracle predicted; do
        for seg in 1 3 16; do
            for count in 1 2 7 1001; do # 1001 = 3*333+2 = 16*62+9; 1, 2, 7 < 16
                for root in 0 $((np - 1)) $((np / 2)); do
                    for inplace in "" " --in-place"; do
                        echo "--algorithm clairvoyant --collective reduce --np $np" \
                             "--bytes $((count * 4)) --datatype int --op sum --root $root" \
                             "--pattern random --skew 300us --seed $((np + seg))" \
                             "--knowledge $know --segments $seg --reps 6 --check$inplace"
                    done
                done
            done
        done
    done
    } > "cases-$np.txt"
    # doubles and max, segment count from segment_bytes, the default N, timed
    echo "--algorithm clairvoyant --np $np --bytes 8008 --datatype double --op max" \
         "--pattern random --skew 1ms --knowledge oracle --segment-bytes 800 --reps 2 --check" \
         >> "cases-$np.txt"
    echo "--algorithm clairvoyant --np $np --bytes 1MiB --datatype double --op sum" \
         "--pattern gaussian --skew 1ms --knowledge predicted --reps 6 --check" >> "cases-$np.txt"
    echo "--algorithm clairvoyant --np $np --bytes 4004 --datatype int --op sum --root 1" \
         "--pattern random --skew 1ms --knowledge predicted --schedule-timed yes --segments 3" \
         "--reps 6 --check" >> "cases-$np.txt"
    want=$(($(sed 's/.*--reps \([0-9]*\).*/\1/' "cases-$np.txt" | paste -sd+ | bc)))
    if bench "$np" --cases "cases-$np.txt" > "rows-$np.csv" 2> "err-$np.txt"; then
        pass
    else
        fail "np=$np: papbench failed: $(tail -n 3 "err-$np.txt")"
    fi
    expect_eq "np=$np: rows" "$(wc -l < "rows-$np.csv")" "$want"
    expect_eq "np=$np: rows not ok" "$(grep -vc ',ok$' "rows-$np.csv")" "0"
done

# 1b. The same knowledge modes under Open MPI (a real allgather of the
# predictions, real arrival offsets): results only, not times.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
for np in 3 8; do
    grep -e '--reps 6' "cases-8.txt" | grep -e '--root 0 ' | sed "s/--np 8/--np $np/" \
        > "mpi-cases-$np.txt"
    want=$(($(wc -l < "mpi-cases-$np.txt") * 6))
    if "$MPIEXEC" --oversubscribe -np "$np" "$PAPBENCH_MPI" --margin 0.0005 --no-header \
        --cases "mpi-cases-$np.txt" > "mpi-rows-$np.csv" 2> "mpi-err-$np.txt"; then
        pass
    else
        fail "mpi np=$np: papbench-mpi failed: $(tail -n 3 "mpi-err-$np.txt")"
    fi
    expect_eq "mpi np=$np: rows" "$(wc -l < "mpi-rows-$np.csv")" "$want"
    expect_eq "mpi np=$np: wrong results" "$(grep -c ',check_failed$' "mpi-rows-$np.csv")" "0"
done

# 2. A late rank: the oracle schedule absorbs it, the balanced one does not.
for args in "--bytes 64KiB --segments 4 --skew 2ms --root 0" \
            "--bytes 1MiB --segments 4 --skew 2ms --root 3" \
            "--bytes 1MiB --segments 16 --skew 2ms --root 0"; do
    # shellcheck disable=SC2086 # args is a list of options
    none=$(bench 16 --algorithm clairvoyant --datatype double --pattern last_delayed \
           --knowledge none $args 2>err.txt | total_of)
    # shellcheck disable=SC2086
    oracle=$(bench 16 --algorithm clairvoyant --datatype double --pattern last_delayed \
             --knowledge oracle $args 2>err.txt | total_of)
    if [ -n "$none" ] && [ -n "$oracle" ] &&
        [ "$(echo "$oracle < $none" | sed 's/e/*10^/g' | bc -l)" = 1 ]; then
        pass
    else
        fail "last_delayed $args: oracle total $oracle not below none $none $(head -c 300 err.txt)"
    fi
done

# 3. The case id changes only when the new options are set.
id_of() { bench 4 --algorithm clairvoyant "$@" | csv_col -H "$RESULTS_HEADER" case_id; }
plain=$(id_of)
expect_eq "default knowledge keeps the id" "$(id_of --knowledge none --schedule-timed no \
    --segments 0)" "$plain"
[ "$(id_of --knowledge oracle)" != "$plain" ] && pass || fail "--knowledge oracle: same id"
[ "$(id_of --segments 3)" != "$plain" ] && pass || fail "--segments 3: same id"
[ "$(id_of --schedule-timed yes)" != "$plain" ] && pass || fail "--schedule-timed yes: same id"

# 4. Bad input.
BAD_INPUT_PREFIX="papbench: "
expect_bad_input "unknown knowledge" "--knowledge 'psychic' is unknown \(valid: none, oracle, predicted, estimated\)" \
    bench 2 --algorithm clairvoyant --knowledge psychic
expect_bad_input "negative segments" "--segments '-1' must be between 0 and" \
    bench 2 --algorithm clairvoyant --segments -1
expect_bad_input "schedule-timed" "--schedule-timed 'maybe' is not yes or no" \
    bench 2 --algorithm clairvoyant --schedule-timed maybe
BAD_INPUT_PREFIX=""
cat > bad.ini <<'EOF'
collective = reduce
algorithms = clairvoyant
bytes = 8
np = 2
patterns = random
knowledge = psychic
EOF
expect_fail "spec: unknown knowledge" "bad.ini:6: .*--knowledge 'psychic' is unknown" \
    "$PAPSIM" run bad.ini --out outdir --dry-run
sed -i 's/^knowledge = psychic/knowledge = oracle\nsegments = -2/' bad.ini
expect_fail "spec: negative segments" "bad.ini:7: .*--segments '-2' must be between 0" \
    "$PAPSIM" run bad.ini --out outdir --dry-run

# 5. The round-time model d = alpha + (m/N)(beta + gamma) (--model-alpha,
# --model-beta). total(ARGS...): total delay of one case at np 8 (flat17.xml).
total() { bench 8 --algorithm clairvoyant --datatype double "$@" | total_of; }
# expect_time DESC GOT WANT: equal simulated times (and not empty: no run, no pass).
expect_time() { if [ -n "$2" ]; then expect_eq "$1" "$2" "$3"; else fail "$1: no time"; fi; }
# expect_other_time DESC GOT OTHER: two different (non-empty) simulated times.
expect_other_time() {
    if [ -n "$2" ] && [ -n "$3" ] && [ "$2" != "$3" ]; then pass; else fail "$1: '$2' vs '$3'"; fi
}
late="--bytes 64KiB --segments 4 --pattern last_delayed --skew 200us --knowledge oracle"
# A balanced schedule does not depend on d: the same time for any alpha.
expect_time "no delay: alpha does not matter" "$(total --bytes 64KiB --segments 4 \
    --model-alpha 1ms)" "$(total --bytes 64KiB --segments 4)"
# With alpha = 1 ms a round is longer than the 200 us lateness, so the late
# rank counts as ready with the others and is not absorbed: the total is
# the no-delay time plus the skew, above the default (CURIE) model's.
# shellcheck disable=SC2086 # late is a list of options
default_late=$(total $late)
# shellcheck disable=SC2086
slow_late=$(total $late --model-alpha 1ms)
if [ -n "$default_late" ] && [ -n "$slow_late" ] &&
    [ "$(echo "$default_late < $slow_late" | sed 's/e/*10^/g' | bc -l)" = 1 ]; then
    pass
else
    fail "late rank: total $default_late (default model) not below $slow_late (alpha 1ms)"
fi
gap=$(echo "$slow_late - 0.0002 - $(total --bytes 64KiB --segments 4)" | sed 's/e/*10^/g' | bc -l)
[ "$(echo "$gap < 10^-9 && $gap > -10^-9" | bc -l)" = 1 ] && pass ||
    fail "alpha 1ms: total $slow_late is not the no-delay time + 200us (gap $gap)"
# The default N = sqrt((ceil(log2 p) - 1) m (beta + gamma) / alpha) follows
# the model: the explicit CURIE values give the default's time, others not.
expect_time "explicit CURIE model = default" \
    "$(total --bytes 1MiB --model-alpha 2.66us --model-beta 4.8179e-10)" "$(total --bytes 1MiB)"
expect_other_time "--model-beta 1e-8 changes the default N's time" \
    "$(total --bytes 1MiB --model-beta 1e-8)" "$(total --bytes 1MiB)"
# papsim bench and a spec pass the knobs through to papbench.
# shellcheck disable=SC2086
bench_late() { "$PAPSIM" bench --np 8 --algorithm clairvoyant --datatype double $late "$@" |
    csv_col total_delay_s | tail -n 1; }
expect_other_time "papsim bench --model-alpha 1ms" "$(bench_late --model-alpha 1ms)" \
    "$(bench_late)"
cat > model.ini <<'EOF'
collective = reduce
algorithms = clairvoyant
datatype = double
bytes = 64KiB
segments = 4
np = 8
patterns = last_delayed
skews = 200us
knowledge = oracle
model_alpha = 1ms
model_beta = 4.8179e-10
EOF
expect_ok "spec with model_alpha" "$PAPSIM" run model.ini --out model --quiet
expect_time "spec model_alpha = papsim bench --model-alpha" \
    "$(csv_col total_delay_s model/results.csv | tail -n 1)" \
    "$(bench_late --model-alpha 1ms --model-beta 4.8179e-10)"
# The case id changes only when a model value is set.
expect_eq "unset model keeps the id" "$(id_of --model-alpha 0 --model-beta 0)" "$plain"
[ "$(id_of --model-alpha 1ms)" != "$plain" ] && pass || fail "--model-alpha 1ms: same id"
[ "$(id_of --model-beta 1e-9)" != "$plain" ] && pass || fail "--model-beta 1e-9: same id"
# Bad values.
BAD_INPUT_PREFIX="papbench: "
expect_bad_input "negative alpha" "--model-alpha: duration '-1us' is negative" \
    bench 2 --algorithm clairvoyant --model-alpha -1us
expect_bad_input "garbage alpha" "--model-alpha: .*'fast'" \
    bench 2 --algorithm clairvoyant --model-alpha fast
expect_bad_input "huge beta" "--model-beta '2s' is more than 1 s" \
    bench 2 --algorithm clairvoyant --model-beta 2s
BAD_INPUT_PREFIX="papsim bench: "
expect_bad_input "papsim bench: garbage beta" "--model-beta: .*'1e-9x'" \
    "$PAPSIM" bench --np 2 --algorithm clairvoyant --model-beta 1e-9x
BAD_INPUT_PREFIX=""
sed -i 's/^model_alpha = 1ms/model_alpha = -3us/' model.ini
expect_fail "spec: negative model_alpha" "model.ini:10: .*--model-alpha: duration '-3us' is negative" \
    "$PAPSIM" run model.ini --out outdir --dry-run

# 6. Timing-only runs. Without --check papsim lets SMPI fold every
# buffer of 64 KiB or more onto shared pages (launch.c); the schedule and
# the steps must stay private, or a rank with more than 2048 steps read
# what others wrote there: MPI_ERR_RANK, MPI_ERR_TRUNCATE or a deadlock
# (np 4, 256 KiB, 1000 segments, ranks 4 ms apart failed so before the fix).
# Spread arrivals far beyond the round time, many segments, char, counts
# that N does not divide and N > count: the rows of a timing-only run must
# be those of the checked run, byte for byte (the case id ignores --check).
shared_cfg=$("$PAPSIM" bench --np 2 --algorithm clairvoyant --bytes 8 --dry-run 2> dry-err.txt |
    grep -o -e '--cfg=smpi/auto-shared-malloc-thresh:[0-9]*')
rm -rf "$(sed -n 's/.*working directory kept: //p' dry-err.txt)" # --dry-run keeps it
[ -n "$shared_cfg" ] && pass || fail "papsim bench no longer shares big buffers: update this test"
for np in 4 7; do
    cat > "spread-$np.txt" <<SPREAD
--algorithm clairvoyant --np $np --bytes 256KiB --datatype char --pattern ascending --skew 12ms --knowledge oracle --segments 1000
--algorithm clairvoyant --np $np --bytes 100003 --datatype char --root $((np - 1)) --pattern random --skew 20ms --knowledge oracle --segments 1500
--algorithm clairvoyant --np $np --bytes 999 --datatype char --pattern descending --skew 5ms --knowledge oracle --segments 1500
--algorithm clairvoyant --np $np --bytes 1MiB --datatype double --op max --pattern ascending --skew 50ms --knowledge oracle --segments 400
--algorithm clairvoyant --np $np --bytes 1MiB --datatype char --pattern random --skew 100ms --knowledge oracle
--algorithm clairvoyant --np $np --bytes 300001 --datatype char --pattern ascending --skew 10ms --knowledge predicted --segments 700 --reps 6
SPREAD
    sed 's/$/ --check/' "spread-$np.txt" > "spread-check-$np.txt"
    bench "$np" "$shared_cfg" --cases "spread-$np.txt" > "spread-rows-$np.csv" 2> "spread-err-$np.txt" ||
        fail "np=$np: timing-only run failed: $(grep -m 3 -e ERR_ -e Deadlock -e CRITICAL "spread-err-$np.txt")"
    bench "$np" --cases "spread-check-$np.txt" > "spread-check-rows-$np.csv" 2> "spread-err-$np.txt" ||
        fail "np=$np: checked run failed: $(tail -n 3 "spread-err-$np.txt")"
    expect_eq "np=$np: checked rows" "$(grep -c ',ok$' "spread-check-rows-$np.csv")" "11"
    expect_eq "np=$np: timing-only rows = checked rows" "$(cat "spread-rows-$np.csv")" \
        "$(cat "spread-check-rows-$np.csv")"
done
finish
