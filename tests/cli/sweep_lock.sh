# One papsim run per result directory: a run holds DIR/papsim.lock; a second
# run on DIR stops at once naming the holder's process id and command, or
# with --wait-lock waits and then finds the work done. The lock goes with its
# holder, however that ends (a SIGKILL included), and a run that ends removes
# the file; a run that waited on a removed file takes DIR/papsim.lock anew. The first run is frozen
# with SIGSTOP while the others try, so the test does not race the clock.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat >spec.ini <<'SPEC'
collective = reduce
algorithms = binomial, linear, chain
np = 4, 6
bytes = 8, 1KiB
patterns = no_delay, ascending, random
skews = 10us
SPEC
ncases=36 # 3 algorithms x 2 np x 2 sizes x 3 patterns

timeout 300 "$PAPSIM" run spec.ini --out ref --jobs 1 --quiet 2>ref.err
expect_eq "reference run exits 0" "$?" 0
expect_eq "reference: $ncases rows" "$(($(wc -l <ref/results.csv) - 1))" "$ncases"

# holds_or_ended DIR PID: the run PID holds DIR's lock (it writes its id into
# the lock file once it has it), or it has ended and never will. Polled
# without a short limit: a loaded host may take long to get there, and
# freezing (or killing) the run before it holds the lock would test nothing.
holds_or_ended() { [ -s "$1/papsim.lock" ] || ! kill -0 "$2" 2>/dev/null; }

# The first run, frozen as soon as it holds the lock (it has written its id).
setsid "$PAPSIM" run spec.ini --out shared --jobs 1 --quiet 2>first.err &
first=$!
wait_for 300 holds_or_ended shared "$first" || fail "first run: no lock after 300 s"
kill -STOP "$first"
# The lock is taken before results.csv is created: a missing file is 0 rows.
rows() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }
if grep -q "^$first: papsim run spec.ini --out shared" shared/papsim.lock; then pass; else
    fail "lock file does not name the first run: '$(cat shared/papsim.lock)'"; fi
rows_frozen=$(rows shared/results.csv)
if [ "$rows_frozen" -le "$ncases" ]; then pass; else fail "first run had finished: $rows_frozen lines"; fi

# A second run stops, naming the holder, and leaves the directory alone.
timeout 60 "$PAPSIM" run spec.ini --out shared --quiet >second.out 2>second.err
expect_eq "second run exits 1" "$?" 1
if grep -Eq "^papsim run: --out 'shared' is in use by another papsim run \(process $first: papsim run spec.ini --out shared --jobs 1 --quiet\); .*--wait-lock" second.err
then pass; else fail "second run's message: $(head -c 400 second.err)"; fi
expect_eq "second run simulated nothing" "$(rows shared/results.csv)" "$rows_frozen"
expect_eq "second run made no batch of its own" "$(grep -c 'batch' second.err)" 0

# A third run with --wait-lock waits (the first is still frozen) ...
timeout 300 "$PAPSIM" run spec.ini --out shared --quiet --wait-lock >third.out 2>third.err &
third=$!
# (Until it says so, or ends: either is asserted below.)
says_it_waits() { grep -q "waiting for it to finish (--wait-lock)" third.err || ! kill -0 "$third" 2>/dev/null; }
wait_for 300 says_it_waits || fail "third run: no word after 300 s"
expect_eq "third run says it waits, naming the holder" \
    "$(grep -c "in use by another papsim run (process $first: .*waiting for it to finish (--wait-lock)" third.err)" 1
if kill -0 "$third" 2>/dev/null; then pass; else fail "third run did not wait: $(cat third.err)"; fi
# ... and once the first ends, finds every case done.
kill -CONT "$first"
wait "$first"
expect_eq "first run exits 0" "$?" 0
wait "$third"
expect_eq "third run exits 0" "$?" 0
expect_eq "first run simulated every case" \
    "$(grep -c "$ncases cases: $ncases simulated, 0 already in results" first.err)" 1
expect_eq "third run found every case done" \
    "$(grep -c "$ncases cases: 0 simulated, $ncases already in results" third.err)" 1
expect_eq "no duplicated row" "$(csv_cols case_id,rep shared/results.csv | sort | uniq -d | wc -l)" 0
if cmp -s ref/results.csv shared/results.csv; then pass; else
    fail "results differ from the reference: $(diff ref/results.csv shared/results.csv | head -5)"; fi

# A finished run removes its lock file; the waiting one took the lock anew.
if [ -e shared/papsim.lock ]; then fail "shared/papsim.lock left: $(cat shared/papsim.lock)"; else pass; fi

# A run that waited while its holder removed the lock file holds
# DIR/papsim.lock itself, not the removed file: a run started after it finds
# DIR busy. The holder is stopped with SIGTERM (it keeps what it finished and
# removes the file on its way out); the waiter then resumes the rest.
setsid "$PAPSIM" run spec.ini --out relock --jobs 1 --quiet 2>r1.err &
r1=$!
# (Stopped once it writes rows: it then takes SIGTERM as an interruption.)
r1_runs() { [ "$(rows relock/results.csv)" -ge 2 ] || ! kill -0 "$r1" 2>/dev/null; }
wait_for 300 r1_runs || fail "relock: no row after 300 s"
kill -STOP "$r1"
"$PAPSIM" run spec.ini --out relock --jobs 1 --quiet --wait-lock >r2.out 2>r2.err &
r2=$!
r2_waits() { grep -q "waiting for it to finish (--wait-lock)" r2.err || ! kill -0 "$r2" 2>/dev/null; }
wait_for 300 r2_waits || fail "relock: the second run said nothing after 300 s"
kill -TERM "$r1"
kill -CONT "$r1"
wait "$r1"
expect_eq "relock: the first run ends interrupted" "$?" 130
r2_holds() { grep -q "^$r2: " relock/papsim.lock 2>/dev/null || ! kill -0 "$r2" 2>/dev/null; }
wait_for 300 r2_holds || fail "relock: the second run holds no lock after 300 s"
kill -STOP "$r2"
if grep -q "^$r2: papsim run spec.ini --out relock" relock/papsim.lock 2>/dev/null; then pass; else
    fail "relock: DIR/papsim.lock does not name the waiting run: '$(cat relock/papsim.lock 2>&1)'"; fi
timeout 60 "$PAPSIM" run spec.ini --out relock --quiet >r3.out 2>r3.err
expect_eq "relock: a third run exits 1" "$?" 1
if grep -q "in use by another papsim run (process $r2: " r3.err; then pass; else
    fail "relock: a third run was not refused: $(head -c 400 r3.err)"; fi
kill -CONT "$r2"
wait "$r2"
expect_eq "relock: the waiting run exits 0" "$?" 0
if cmp -s ref/results.csv relock/results.csv; then pass; else
    fail "relock: results differ: $(diff ref/results.csv relock/results.csv | head -5)"; fi
if [ -e relock/papsim.lock ]; then fail "relock/papsim.lock left"; else pass; fi

# A run killed with SIGKILL leaves no lock behind: the next run starts at once
# (its smpirun children, still running for a moment, do not hold it).
setsid "$PAPSIM" run spec.ini --out killed --jobs 1 --quiet 2>killed.err &
pid=$!
wait_for 300 holds_or_ended killed "$pid" || fail "run to kill: no lock after 300 s"
if [ -s killed/papsim.lock ]; then pass; else fail "run to kill: it never held the lock: $(cat killed.err)"; fi
kill -KILL "$pid"
wait "$pid" 2>/dev/null
# A batch forked just before the kill shares the lock until it has started
# smpirun (the descriptor is close-on-exec), a moment that a loaded host can
# stretch past the next run's start-up: wait for that (a process of the
# killed run's session still running papsim's own binary), and no more, so
# that a lock kept by the running smpirun children is still caught.
papsim_exe=$(readlink -f "$PAPSIM")
none_unexeced() {
    local p
    for p in $(session_pids "$pid"); do
        [ "$(readlink "/proc/$p/exe" 2>/dev/null)" != "$papsim_exe" ] || return 1
    done
}
wait_for 60 none_unexeced || echo "note: a forked batch of the killed run has not started smpirun after 60 s"
timeout 300 "$PAPSIM" run spec.ini --out killed --quiet 2>after_kill.err
expect_eq "run after a SIGKILL exits 0" "$?" 0
expect_eq "run after a SIGKILL was not refused" "$(grep -c 'in use' after_kill.err)" 0
if [ -e killed/papsim.lock ]; then fail "killed/papsim.lock left after the next run"; else pass; fi
if cmp -s ref/results.csv killed/results.csv; then pass; else
    fail "results after the kill differ: $(diff ref/results.csv killed/results.csv | head -5)"; fi

# --wait-lock is documented.
"$PAPSIM" run --help >help.txt
expect_eq "--help documents --wait-lock" "$(grep -c -- '--wait-lock' help.txt)" 2
finish
