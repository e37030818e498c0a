# Bad input gets a clear message naming the input and the problem and a
# non-zero exit, before anything is simulated; nothing already in
# results.csv is lost.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

expect_fail "unknown algorithm lists the valid ones" "'nosuch' is not a reduce algorithm.*binomial" \
    "$PAPSIM" bench --np 4 --collective reduce --algorithm nosuch
expect_fail "unknown collective" "collective 'alltoallw' is unknown.*allgather" \
    "$PAPSIM" bench --np 4 --collective alltoallw --algorithm ring
expect_fail "negative size" "bytes.*negative" "$PAPSIM" bench --np 4 --bytes -8
expect_fail "non-numeric size" "bytes" "$PAPSIM" bench --np 4 --bytes lots
expect_fail "negative skew" "skew.*negative" "$PAPSIM" bench --np 4 --pattern ascending --skew -5us
expect_fail "non-numeric skew" "skew" "$PAPSIM" bench --np 4 --pattern ascending --skew soon
expect_fail "relative skew in bench" "relative" "$PAPSIM" bench --np 4 --pattern ascending --skew 1.5x
expect_fail "np too large for the platform" "np=200.*64|64.*np=200|needs" \
    "$PAPSIM" bench --np 200 --platform default
expect_fail "missing platform" "nowhere.xml" "$PAPSIM" bench --np 4 --platform nowhere.xml
printf '<platform version="4.1"><zone id="w" routing="Full">\n<cluster id="c"\n' > broken.xml
expect_fail "malformed platform" "broken.xml" "$PAPSIM" bench --np 4 --platform broken.xml
expect_fail "unknown option" "--bogus" "$PAPSIM" bench --np 4 --bogus 1

# Spec errors name the file and the line.
cat > bad-key.ini <<'SPEC'
collective = reduce
algorithms = binomial
bites = 8
SPEC
expect_fail "unknown spec key" "bad-key.ini:3" "$PAPSIM" run bad-key.ini --out out
cat > bad-algo.ini <<'SPEC'
collective = reduce
bytes = 8
np = 4
patterns = no_delay
algorithms = binomial,
  
SPEC
printf 'collective = reduce\nbytes = 8\nnp = 4\npatterns = no_delay\nalgorithms = binomial, bogus\n' > bad-algo.ini
expect_fail "unknown algorithm in a spec" "bad-algo.ini:5.*bogus" "$PAPSIM" run bad-algo.ini --out out
printf 'collective = reduce\nalgorithms = binomial\nnp = 4\npatterns = no_delay\nbytes = 8, -1\n' > bad-bytes.ini
expect_fail "negative size in a spec" "bad-bytes.ini:5" "$PAPSIM" run bad-bytes.ini --out out
printf 'collective = reduce\nalgorithms = binomial\nnp = 4, 4096\npatterns = no_delay\nbytes = 8\n' > big-np.ini
expect_fail "np too large in a spec" "big-np.ini:3" "$PAPSIM" run big-np.ini --out out
expect_fail "missing spec" "missing.ini" "$PAPSIM" run missing.ini --out out

# A good sweep, then a failing case: the failure leaves results.csv intact.
printf 'collective = reduce\nalgorithms = binomial\nnp = 4\npatterns = no_delay, ascending\nskews = 10us\nbytes = 8, 64\n' > good.ini
expect_ok "good sweep" "$PAPSIM" run good.ini --out out --quiet
cp out/results.csv before.csv
# A name SMPI does not have is refused before anything runs (the list comes
# from the installed SimGrid).
printf 'collective = reduce\nalgorithms = builtin:no_such_smpi_algorithm\nnp = 4\npatterns = no_delay\nbytes = 8\n' > unknown.ini
expect_bad_input "an unknown SMPI algorithm" "unknown.ini:2: algorithms: unknown SMPI reduce algorithm 'no_such_smpi_algorithm'" \
    "$PAPSIM" run unknown.ini --out out --quiet
if cmp -s before.csv out/results.csv; then pass; else fail "results.csv changed by a refused spec"; fi
# A case that fails while it runs (SMPI's mvapich2_inter_node bcast
# deadlocks at np 4, 2 ranks per node, root 1: see deadlock.sh) leaves the
# rows already there as they were.
printf 'collective = bcast\nalgorithms = builtin:mvapich2_inter_node\nnp = 4\nranks_per_node = 2\nroot = 1\npatterns = no_delay\nbytes = 64\n' > failing.ini
expect_fail "a failing case exits non-zero" "1 failed" "$PAPSIM" run failing.ini --out out --quiet
if cmp -s before.csv out/results.csv; then pass; else fail "results.csv changed by a failing case"; fi

# An interrupted sweep resumes without losing or duplicating a case. The
# interrupt must land while the sweep is under way and after it has written
# rows, or the test would check nothing: wait (at most 300 s, however
# loaded the host) for the header and a first row, then send SIGINT; the
# sweep must then stop early (exit 130, fewer rows than the whole sweep).
printf 'collective = allgather\nalgorithms = ring\nnp = 16, 32\npatterns = no_delay, ascending, random, peak\nskews = 10us, 20us\nbytes = 8, 1KiB, 64KiB, 1MiB\nreps = 2\n' > long.ini
"$PAPSIM" run long.ini --out full --quiet --jobs 2 || fail "uninterrupted sweep failed"
full_rows=$(($(wc -l < full/results.csv) - 1))
"$PAPSIM" run long.ini --out cut --quiet --jobs 2 2>cut.err &
pid=$!
rows_at_signal=
for ((tenths = 0; tenths < 3000; tenths++)); do
    if [ -f cut/results.csv ] && [ "$(wc -l < cut/results.csv)" -ge 2 ]; then
        rows_at_signal=$(($(wc -l < cut/results.csv) - 1))
        break
    fi
    kill -0 $pid 2>/dev/null || break # ended before writing a row: reported below
    sleep 0.1
done
kill -INT $pid 2>/dev/null
wait $pid
status=$?
if [ -z "$rows_at_signal" ]; then
    fail "interrupt: cut/results.csv had no row after $((tenths / 10)) s (papsim exit $status): $(head -c 600 cut.err)"
else
    pass
    cut_rows=$(($(wc -l < cut/results.csv) - 1))
    echo "interrupt after $rows_at_signal of $full_rows rows; $cut_rows kept; exit status $status"
    expect_eq "the interrupted sweep exits 130" "$status" 130
    [ "$cut_rows" -ge "$rows_at_signal" ] && [ "$cut_rows" -lt "$full_rows" ] && pass ||
        fail "interrupt: $cut_rows rows kept, want $rows_at_signal..$((full_rows - 1))"
    expect_eq "rows after interrupt are whole" "$(awk -F, 'NF != 25' cut/results.csv | wc -l)" 0
    expect_eq "the header survives the interrupt" "$(head -n 1 cut/results.csv)" "$(head -n 1 full/results.csv)"
fi
expect_ok "resume" "$PAPSIM" run long.ini --out cut --quiet --jobs 2
expect_eq "resumed rows" "$(tail -n +2 cut/results.csv | sort | md5sum)" \
    "$(tail -n +2 full/results.csv | sort | md5sum)"
finish
