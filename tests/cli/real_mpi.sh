# papbench-mpi's clock-synchronised start under Open MPI, checked
# by what holds however loaded the host is (CI machines are shared: np 4
# oversubscribes 2 cores that other jobs use too). The case: allreduce at
# np 4 with a 600 ms ascending pattern (delays 0, 200, 400, 600 ms).
#  - On one machine every rank reads the same CLOCK_MONOTONIC, so the true
#    offset to rank 0 is 0, and rank 0 read its clock inside the round trip
#    the estimate kept: every |offset| is at most half its recorded round
#    trip. (On an idle host both are a few us; with two busy loops beside
#    the test they reached 6 ms together, so no fixed bound can hold.)
#  - The arrivals follow the pattern: a_i - d_i (arrival minus requested
#    delay) spreads over the ranks by the scheduling noise only, and in the
#    median repetition by less than a third of the skew (200 ms). Arrivals
#    that ignored the delays would spread by 600 ms; the noise measured
#    with two busy loops beside the test on a loaded 2-core host: 5 to
#    99 ms, median 28 ms. Up to 3 attempts.
#  - A repetition is "ok" only when every rank reached its target within
#    50 us, so in an ok repetition the spread is at most 50 us. A loaded
#    host rarely has one (0 of 40 repetitions under two busy loops); the
#    count is printed and every ok repetition is checked.
#  - The statuses are only ok or missed_start.
# Also: --warmup runs untimed repetitions, the per-rank file carries the
# offsets (0 in simulation), and bad driver options are refused.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
mpi() { timeout 120 "$MPIEXEC" --oversubscribe "$@"; }
case_args=(--collective allreduce --algorithm ring --bytes 1KiB --pattern ascending --skew 5ms)

# spreads PER_RANK ROWS [ok]: one line per repetition (all, or the ok ones):
# the spread over the ranks of a_i - d_i in us, sorted.
spreads() {
    csv_cols rep,status "$2" > reps.txt
    csv_cols -H "$per_rank_header" rep,delay_s,arrive_s "$1" |
    awk -F, -v only="${3:-}" 'NR == FNR { if (only == "" || $2 == only) want[$1] = 1; next }
             ($1 in want) { x = $3 - $2
               if (!($1 in lo) || x < lo[$1]) lo[$1] = x
               if (!($1 in hi) || x > hi[$1]) hi[$1] = x }
             END { for (r in lo) printf "%.1f\n", (hi[r] - lo[r]) * 1e6 }' reps.txt - | sort -g
}

# per_rank offsets: clock_offset_s,clock_rtt_s of every per-rank.csv row.
per_rank() { csv_cols -H "$per_rank_header" clock_offset_s,clock_rtt_s per-rank.csv; }

followed=0
for attempt in 1 2 3; do
    rm -f per-rank.csv
    if ! mpi -np 4 "$PAPBENCH_MPI" "${case_args[@]}" --skew 600ms --reps 10 --per-rank per-rank.csv \
        > rows.csv 2> err.txt; then
        fail "attempt $attempt: papbench-mpi failed: $(tail -n 3 err.txt)"
        break
    fi
    expect_eq "attempt $attempt: rows" "$(tail -n +2 rows.csv | wc -l)" 10
    expect_eq "attempt $attempt: per-rank rows" "$(wc -l < per-rank.csv)" 40
    expect_eq "attempt $attempt: per-rank columns" "$(awk -F, '{print NF}' per-rank.csv | sort -u)" 8
    # Every offset within half its round trip (+1 ns for the printed digits).
    expect_eq "attempt $attempt: offsets beyond half their round trip" \
        "$(per_rank offsets | awk -F, '{o = $1 < 0 ? -$1 : $1; if ($2 < 0 || o > $2 / 2 + 1e-9) n++} END {print n + 0}')" 0
    expect_eq "attempt $attempt: rank 0's offset and round trip" \
        "$(csv_cols -H "$per_rank_header" rank,clock_offset_s,clock_rtt_s per-rank.csv |
           awk -F, '$1 == 0 {print $2 "," $3}' | sort -u)" "0,0"
    expect_eq "attempt $attempt: statuses" \
        "$(csv_col status rows.csv | awk '$1 != "ok" && $1 != "missed_start"' | wc -l)" 0
    max_offset=$(per_rank offsets | awk -F, '{o = $1 < 0 ? -$1 : $1; if (o > m) m = o} END {printf "%.1f", m * 1e6}')
    max_rtt=$(per_rank offsets | awk -F, '$2 > m {m = $2} END {printf "%.1f", m * 1e6}')
    all=$(spreads per-rank.csv rows.csv)
    ok=$(spreads per-rank.csv rows.csv ok)
    median=$(printf '%s\n' "$all" | awk '{v[NR] = $1} END {print NR ? v[int((NR + 1) / 2)] : -1}')
    echo "attempt $attempt: a_i - d_i spreads (us): $(echo $all); $(printf '%s' "$ok" | grep -c .) ok" \
         "repetition(s): $(echo $ok); max |offset| $max_offset us, max round trip $max_rtt us"
    expect_eq "attempt $attempt: 10 repetitions measured" "$(printf '%s\n' "$all" | grep -c .)" 10
    expect_eq "attempt $attempt: ok repetitions with a spread over 50 us" \
        "$(printf '%s\n' "$ok" | awk '$1 > 51' | wc -l)" 0
    if awk -v m="$median" 'BEGIN {exit !(m >= 0 && m < 200000)}'; then followed=1; break; fi
    echo "attempt $attempt: median spread $median us is not below 200 ms; again"
done
expect_eq "the arrivals follow the 600 ms pattern (median a_i - d_i spread < 200 ms) in 3 attempts" \
    "$followed" 1

# --warmup: untimed repetitions print no rows; the timed ones are numbered from 0.
expect_ok "warmup" mpi -np 2 "$PAPBENCH_MPI" "${case_args[@]}" --skew 100us --reps 2 --warmup 3 \
    --no-header --check
expect_eq "warmup: rows are the timed repetitions" \
    "$(csv_cols -H "$(results_header)" rep out.txt | tr '\n' ' ')" "0 1 "
# --clock-sync once still gives exact results and one offset per rank.
rm -f once.csv
expect_ok "clock-sync once" mpi -np 3 "$PAPBENCH_MPI" "${case_args[@]}" --reps 3 --clock-sync once \
    --per-rank once.csv --no-header --check
expect_eq "clock-sync once: one offset per rank" \
    "$(csv_cols -H "$per_rank_header" rank,clock_offset_s once.csv | sort -u | wc -l)" 3

# In simulation the offsets and round trips are exactly 0.
expect_ok "simulated per-rank" "$PAPSIM" bench --np 4 --collective reduce --algorithm binomial \
    --bytes 8 --pattern ascending --skew 10us --per-rank sim.csv
expect_eq "simulated offsets and round trips" \
    "$(csv_cols -H "$per_rank_header" clock_offset_s,clock_rtt_s sim.csv | sort -u)" "0,0"

BAD_INPUT_PREFIX="papbench: "
expect_bad_input "negative warmup" "--warmup" mpi -np 1 "$PAPBENCH_MPI" --warmup -1
expect_bad_input "warmup not a number" "--warmup" mpi -np 1 "$PAPBENCH_MPI" --warmup x
expect_bad_input "bad clock-sync" "--clock-sync 'sometimes': expected each or once" \
    mpi -np 1 "$PAPBENCH_MPI" --clock-sync sometimes
finish
