# The tracer-to-pattern path for barrier, reduce_scatter, scan and exscan,
# end to end with a real traced run: traces/apps/skewcoll under Open MPI
# (np 4, oversubscribed, libpaptrace preloaded, PAPTRACE_COLLECTIVES leaving
# out the allreduce that starts each call together) makes rank r arrive
# r x 200 ms after rank 0 at each of them; papsim pattern --from-trace gives
# that ascending pattern per collective (within 80 ms a rank: a loaded host
# delays a rank's wake-up or the common start; up to 3 attempts), and
# papsim bench replays each pattern under smpirun: the simulated per-rank
# delays are exactly the file's scaled to --skew, and the results pass
# their checks (the barrier: no rank left before the last one entered).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
B=$PAPSIM_BUILD_DIR
NP=4
STEP_MS=200
COLLS="barrier reduce_scatter scan exscan"

# One traced run and its four patterns; 0 if every delay is within 80 ms
# of r x STEP_MS (the failing lines in near.txt otherwise).
traced_run() {
    PAPTRACE_OUT=run.trace PAPTRACE_COLLECTIVES=barrier,reduce_scatter,scan,exscan \
        timeout 120 "$MPIEXEC" --oversubscribe -np $NP -x LD_PRELOAD="$B/libpaptrace.so" \
        -x PAPTRACE_OUT -x PAPTRACE_COLLECTIVES "$B/skewcoll-mpi" --reps 1 --step-ms $STEP_MS \
        >/dev/null 2>err.txt || return 2
    : >near.txt
    for c in $COLLS; do
        "$PAPSIM" pattern --from-trace run.trace --collective "$c" -o "$c.pat" 2>>err.txt || return 2
        awk -v c="$c" -v step=$STEP_MS '!/^#/ {
            n++; want = $1 * step / 1000
            if ($2 < want - 0.08 || $2 > want + 0.08) print c, "rank", $1, $2, "want", want
        } END { if (n != 4) print c, n, "ranks" }' "$c.pat" >>near.txt
    done
    [ ! -s near.txt ]
}
ok=no
for attempt in 1 2 3; do
    rc=0
    traced_run || rc=$?
    [ $rc -eq 2 ] && { fail "skewcoll under Open MPI: $(tail -n 3 err.txt)"; break; }
    [ $rc -eq 0 ] && { ok=yes; break; }
done
expect_eq "traced arrivals follow r x ${STEP_MS} ms (last try: $(tr '\n' ';' < near.txt))" "$ok" yes
# The trace holds one call of each of the four collectives, and nothing else.
expect_ok "trace-summary" "$PAPSIM" trace-summary run.trace
expect_eq "summary counts" "$(awk 'NR > 2 { print $1, $2 }' out.txt | tr '\n' ' ')" \
    "barrier 1 exscan 1 reduce_scatter 1 scan 1 all 4 "

# Replay under smpirun: per-rank delays = the file's x 0.3 s / its largest.
replay() {
    local c=$1 algo=$2; shift 2
    expect_ok "$c $algo replays $c.pat" "$PAPSIM" bench --np $NP --collective "$c" \
        --algorithm "$algo" --pattern "file:$c.pat" --skew 300ms --check --per-rank "pr-$c.csv" "$@"
    expect_eq "$c $algo: status" "$(csv_cols pattern,status out.txt | tail -n 1)" "file:$c.pat,ok"
    local want got
    want=$(awk '!/^#/ { d[$1] = $2; if ($2 > m) m = $2 } END {
        for (r = 0; r < 4; r++) printf "%d:%.9f ", r, d[r] * 0.3 / m }' "$c.pat")
    got=$(csv_cols -H "$per_rank_header" rank,delay_s "pr-$c.csv" | sort -t, -n |
        awk -F, '{ printf "%d:%.9f ", $1, $2 }')
    expect_eq "$c $algo: simulated delays are the traced pattern's" "$got" "$want"
}
replay barrier dissemination --bytes 0
replay reduce_scatter noncommutative --bytes 40 --datatype int --op affine --distribution lindec
replay scan recursive_doubling --bytes 8 --datatype int --op affine
replay exscan linear --bytes 8 --datatype int --op affine
finish
