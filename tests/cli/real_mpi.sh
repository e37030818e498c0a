# papbench-mpi's clock-synchronised start under Open MPI (issue 7): on one
# machine every rank reads the same CLOCK_MONOTONIC, so the estimated clock
# offsets measure only the estimate's error and must be below 50 us; with a
# 5 ms ascending pattern each rank's a_i - min(a) must be within 1 ms of its
# requested delay d_i - min(d) in every repetition not flagged missed_start.
# The host is shared and oversubscribed (np 4 on 2 cores), so a repetition
# may miss its start; a run counts when at least 3 of its 10 repetitions
# are ok, and up to 5 runs are tried. Also: --warmup runs untimed
# repetitions, the per-rank file carries the offsets (0 in simulation), and
# bad driver options are refused.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
mpi() { timeout 120 "$MPIEXEC" --oversubscribe "$@"; }
case_args=(--collective allreduce --algorithm ring --bytes 1KiB --pattern ascending --skew 5ms)

# Largest |a_i - min(a) - (d_i - min(d))| over the ok repetitions of a
# per-rank file (rows: case,rep,rank,delay,arrive,exit,offset,rtt), in us.
arrival_error_us() { # PER_RANK ROWS
    awk -F, 'NR == FNR { if ($NF == "ok") ok[$19] = 1; next }
             { rep = $2; a[rep, $3] = $5; d[rep, $3] = $4; n[rep]++
               if (!(rep in amin) || $5 < amin[rep]) amin[rep] = $5
               if (!(rep in dmin) || $4 < dmin[rep]) dmin[rep] = $4 }
             END { worst = 0
                   for (k in a) { split(k, x, SUBSEP); if (!(x[1] in ok)) continue
                       e = (a[k] - amin[x[1]]) - (d[k] - dmin[x[1]]); if (e < 0) e = -e
                       if (e > worst) worst = e }
                   printf "%.1f\n", worst * 1e6 }' "$2" "$1"
}

good_run=0
for attempt in 1 2 3 4 5; do
    rm -f per-rank.csv
    if ! mpi -np 4 "$PAPBENCH_MPI" "${case_args[@]}" --reps 10 --per-rank per-rank.csv \
        > rows.csv 2> err.txt; then
        fail "attempt $attempt: papbench-mpi failed: $(tail -n 3 err.txt)"
        break
    fi
    expect_eq "attempt $attempt: rows" "$(tail -n +2 rows.csv | wc -l)" 10
    expect_eq "attempt $attempt: per-rank rows" "$(wc -l < per-rank.csv)" 40
    expect_eq "attempt $attempt: per-rank columns" "$(awk -F, '{print NF}' per-rank.csv | sort -u)" 8
    # The offsets of one host: |offset| < 50 us, in every repetition.
    max_offset=$(awk -F, '{o = $7 < 0 ? -$7 : $7; if (o > m) m = o} END {printf "%.1f", m * 1e6}' \
                 per-rank.csv)
    expect_eq "attempt $attempt: max |clock offset| ${max_offset} us < 50 us" \
        "$(awk -v m="$max_offset" 'BEGIN {print (m < 50) ? "yes" : "no"}')" yes
    # Every ok repetition follows the pattern within 1 ms (not only the lucky ones).
    err_us=$(arrival_error_us per-rank.csv rows.csv)
    nok=$(grep -c ',ok$' rows.csv)
    echo "attempt $attempt: $nok of 10 repetitions ok, worst arrival error ${err_us} us," \
         "max |offset| ${max_offset} us"
    expect_eq "attempt $attempt: worst arrival error ${err_us} us <= 1000 us" \
        "$(awk -v e="$err_us" 'BEGIN {print (e <= 1000) ? "yes" : "no"}')" yes
    # The statuses are only ok or missed_start (nothing else on a timing run).
    expect_eq "attempt $attempt: statuses" \
        "$(tail -n +2 rows.csv | awk -F, '$NF != "ok" && $NF != "missed_start"' | wc -l)" 0
    if [ "$nok" -ge 3 ]; then good_run=1; break; fi
done
expect_eq "a run with at least 3 of 10 ok repetitions in 5 attempts" "$good_run" 1

# --warmup: untimed repetitions print no rows; the timed ones are numbered from 0.
expect_ok "warmup" mpi -np 2 "$PAPBENCH_MPI" "${case_args[@]}" --skew 100us --reps 2 --warmup 3 \
    --no-header --check
expect_eq "warmup: rows are the timed repetitions" "$(awk -F, '{print $19}' out.txt | tr '\n' ' ')" "0 1 "
# --clock-sync once still gives exact results and one offset per rank.
rm -f once.csv
expect_ok "clock-sync once" mpi -np 3 "$PAPBENCH_MPI" "${case_args[@]}" --reps 3 --clock-sync once \
    --per-rank once.csv --no-header --check
expect_eq "clock-sync once: one offset per rank" \
    "$(awk -F, '{print $3 "," $7}' once.csv | sort -u | wc -l)" 3

# In simulation the offsets and round trips are exactly 0.
expect_ok "simulated per-rank" "$PAPSIM" bench --np 4 --collective reduce --algorithm binomial \
    --bytes 8 --pattern ascending --skew 10us --per-rank sim.csv
expect_eq "simulated offsets and round trips" "$(cut -d, -f7,8 sim.csv | sort -u)" "0,0"

BAD_INPUT_PREFIX="papbench: "
expect_bad_input "negative warmup" "--warmup" mpi -np 1 "$PAPBENCH_MPI" --warmup -1
expect_bad_input "warmup not a number" "--warmup" mpi -np 1 "$PAPBENCH_MPI" --warmup x
expect_bad_input "bad clock-sync" "--clock-sync 'sometimes': expected each or once" \
    mpi -np 1 "$PAPBENCH_MPI" --clock-sync sometimes
finish
