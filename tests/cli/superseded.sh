# No row papsim run takes out of results.csv is lost: it goes to
# results-superseded.csv first, byte for byte (docs/formats/results-csv.md).
# - An edited platform file: its cases get other ids (the platform's content
#   key is in the id) and run again; their old rows, under the same platform
#   label, move to results-superseded.csv instead of staying beside the new
#   ones, where papsim report took them for repetitions of one case (it
#   printed "53.85 us [19.37..88.34] n=2" for two rows of two platforms).
#   The same for a relative skew's case, whose resolved skew changes with
#   its no-delay baseline. A leftover temporary file of a killed run is
#   replaced, a rerun changes nothing.
# - A case holding only some of its repetitions: its rows move there too,
#   appended after the rows already there, and it runs again whole.
# - An algorithm added to a block with a relative skew: the no-delay
#   baseline (the mean over the block's algorithms) changes, so the old
#   algorithm's skewed row moves and its case runs at the new skew; its
#   no-delay and absolute rows stay.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cp "$PAPSIM_SOURCE_DIR/platforms/default.xml" p.xml
cat >spec.ini <<'SPEC'
collective = allgather
algorithms = ring
np = 4
ranks_per_node = 1
bytes = 1KiB
patterns = no_delay, ascending
skews = 10us, 1.5x
platforms = p.xml
SPEC
mean_of() { # FILE PATTERN SKEW: last_delay_s of that row
    csv_cols pattern,skew,last_delay_s "$1" | grep "^$2,$3," | cut -d, -f3
}

expect_ok "first run" "$PAPSIM" run spec.ini --out out --quiet
expect_eq "first run: 3 cases simulated" "$(grep -c '3 cases: 3 simulated, 0 already' err.txt)" 1
expect_eq "first run: 3 rows" "$(csv_col case_id out/results.csv | wc -l)" 3
cp out/results.csv first.csv

# One link bandwidth edited: another platform under the same label.
sed 's/ bw="10Gbps"/ bw="1Gbps"/' p.xml >p2.xml && mv p2.xml p.xml
expect_eq "the platform differs in one line" \
    "$(diff "$PAPSIM_SOURCE_DIR/platforms/default.xml" p.xml | grep -c '^>')" 1
printf 'leftover of a killed run' >out/results-superseded.csv.tmp
expect_ok "edited platform" "$PAPSIM" run spec.ini --out out --quiet
expect_eq "edited: all 3 cases simulated again" \
    "$(grep -c '3 cases: 3 simulated, 0 already' err.txt)" 1
expect_eq "edited: the absolute skews' 2 rows moved, the note names both files" \
    "$(grep -c '^papsim run: out/results.csv: 2 row(s) of the spec.s cases no longer match their case (a platform or pattern file edited since, a user algorithm.s shared object rebuilt since, another no-delay baseline for a relative skew, or rows of a papsim before pattern keys or plugin keys; the first: platform p.xml, pattern no_delay, algorithm ring): moved to out/results-superseded.csv, their cases run again$' err.txt)" 1
expect_eq "edited: the relative skew's row moved in its phase" \
    "$(grep -c '^papsim run: out/results.csv: 1 row(s) .*the first: platform p.xml, pattern ascending, algorithm ring): moved to out/results-superseded.csv, ' err.txt)" 1
expect_eq "edited: 3 rows in results.csv" "$(csv_col case_id out/results.csv | wc -l)" 3
expect_eq "edited: 4 lines in results.csv" "$(wc -l <out/results.csv)" 4
expect_eq "edited: no id of the first run left" \
    "$(sort <(csv_col case_id first.csv) <(csv_col case_id out/results.csv) | uniq -d | wc -l)" 0
if cmp -s out/results-superseded.csv first.csv; then pass; else
    fail "edited: results-superseded.csv is not the first run's file: $(diff out/results-superseded.csv first.csv | head -4)"; fi
expect_eq "edited: no temporary file left" "$(ls out | grep -c '\.tmp$')" 0
for row in no_delay,0 ascending,10us ascending,1.5x; do
    old=$(mean_of first.csv "${row%,*}" "${row#*,}") new=$(mean_of out/results.csv "${row%,*}" "${row#*,}")
    if [ -n "$old" ] && [ -n "$new" ] && [ "$old" != "$new" ]; then pass; else
        fail "edited: $row: last_delay_s '$new', the first run's '$old' (want two times)"; fi
done
expect_eq "edited: a tenth of the bandwidth, a slower no_delay" \
    "$(awk -v a="$(mean_of first.csv no_delay 0)" -v b="$(mean_of out/results.csv no_delay 0)" 'BEGIN { print (b > 2 * a) }')" 1
expect_eq "edited: the relative skew resolved from the new baseline" \
    "$(csv_cols skew,skew_s first.csv out/results.csv | grep -c '^1\.5x,')" 2
expect_eq "edited: two resolutions of 1.5x" \
    "$(csv_cols skew,skew_s first.csv out/results.csv | grep '^1\.5x,' | sort -u | wc -l)" 2

# The report: one repetition per case, the new platform's times alone.
expect_ok "report" "$PAPSIM" report out --runtimes --spread --out rep
expect_eq "report: every cell one repetition" "$(grep -cE '^(no_delay|ascending) +\| .* n=1' rep/runtimes.txt)" 4
expect_eq "report: no cell of two" "$(grep -c 'n=2' rep/runtimes.txt)" 0
expect_eq "report: the new no_delay time" \
    "$(grep -m1 '^no_delay ' rep/runtimes.txt | grep -c "| $(awk -v t="$(mean_of out/results.csv no_delay 0)" 'BEGIN { printf "%.2f us", t * 1e6 }') n=1")" 1

expect_ok "rerun" "$PAPSIM" run spec.ini --out out --quiet
expect_eq "rerun: nothing simulated" "$(grep -c '3 cases: 0 simulated, 3 already' err.txt)" 1
expect_eq "rerun: nothing moved" "$(grep -c moved err.txt)" 0
if cmp -s out/results-superseded.csv first.csv; then pass; else
    fail "rerun: results-superseded.csv changed"; fi

# Only some repetitions: reps.ini's case is the no_delay case above (reps
# are not in the id) with 3 repetitions; results.csv holds 1 of them. Its
# row is appended to results-superseded.csv and the case runs whole.
printf 'collective = allgather\nalgorithms = ring\nnp = 4\nranks_per_node = 1\nbytes = 1KiB\npatterns = no_delay\nreps = 3\nplatforms = p.xml\n' >reps.ini
expect_ok "reps: a fresh run" "$PAPSIM" run reps.ini --out reps-fresh --quiet
id=$(csv_col case_id reps-fresh/results.csv | sort -u)
expect_eq "reps: the no_delay case of the spec above" "$(grep -c "^$id," out/results.csv)" 1
cp -r out reps
{ cat first.csv; grep "^$id," out/results.csv; } >want_superseded.csv
expect_ok "reps: resumed" "$PAPSIM" run reps.ini --out reps --quiet
expect_eq "reps: the note names the file" \
    "$(grep -c '^papsim run: reps/results.csv: 1 case(s) held only some of their repetitions: their 1 row(s) are moved to reps/results-superseded.csv and the cases run again whole$' err.txt)" 1
expect_eq "reps: the case ran whole" "$(grep -c '1 cases: 1 simulated, 0 already' err.txt)" 1
if cmp -s reps/results-superseded.csv want_superseded.csv; then pass; else
    fail "reps: results-superseded.csv: $(diff reps/results-superseded.csv want_superseded.csv | head -4)"; fi
expect_eq "reps: the case's rows are a fresh run's" \
    "$(grep "^$id," reps/results.csv | md5sum)" "$(tail -n +2 reps-fresh/results.csv | md5sum)"
expect_eq "reps: the other rows stay" \
    "$(grep -v "^$id," reps/results.csv | md5sum)" "$(grep -v "^$id," out/results.csv | md5sum)"
expect_eq "reps: 5 rows" "$(csv_col case_id reps/results.csv | wc -l)" 5

# An algorithm added: the 1.5x baseline is now the mean of ring's and
# bruck's no-delay times, so ring's 1.5x row moves (and only it).
sed 's/^algorithms = ring$/algorithms = ring, bruck/' spec.ini >spec2.ini
cp -r out added
grep "^$(csv_cols case_id,skew out/results.csv | grep ',1.5x$' | cut -d, -f1)," out/results.csv \
    >ring_relative.csv
expect_ok "added: resumed with bruck" "$PAPSIM" run spec2.ini --out added --quiet
expect_eq "added: ring's relative row moved" \
    "$(grep -c '^papsim run: added/results.csv: 1 row(s) .*another no-delay baseline for a relative skew.*: moved to added/results-superseded.csv, ' err.txt)" 1
expect_eq "added: that row is the last of results-superseded.csv" \
    "$(tail -n 1 added/results-superseded.csv)" "$(cat ring_relative.csv)"
expect_eq "added: 6 cases, 2 kept (ring's no_delay and 10us)" \
    "$(grep -c '6 cases: 4 simulated, 2 already' err.txt)" 1
expect_eq "added: one 1.5x row per algorithm" \
    "$(csv_cols algorithm,skew added/results.csv | grep -c ',1.5x$')" 2
expect_eq "added: ring's new skew is 1.5 x the mean of both no-delay times" \
    "$(csv_cols algorithm,skew,skew_s added/results.csv | grep '^ring,1.5x,' | cut -d, -f3 | awk '{ printf "%.6g", $1 }')" \
    "$(csv_cols algorithm,pattern,skew,total_delay_s added/results.csv | awk -F, '$2 == "no_delay" { s += $4; n++ } END { if (n == 2) printf "%.6g", 1.5 * s / n }')"
finish
