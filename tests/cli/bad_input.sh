# Bad input gets a clear message naming the input and the problem and a
# non-zero exit, before anything is simulated; nothing already in
# results.csv is lost.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

expect_fail "unknown algorithm lists the valid ones" "'nosuch' is not a reduce algorithm.*binomial" \
    "$PAPSIM" bench --np 4 --collective reduce --algorithm nosuch
expect_fail "unknown collective" "collective 'scan' is unknown.*allgather" \
    "$PAPSIM" bench --np 4 --collective scan --algorithm ring
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
# (An SMPI option papsim passes through unchecked makes every smpirun abort:
# the spec itself is valid, so the case runs and fails.)
printf 'collective = reduce\nalgorithms = binomial\nnp = 4\npatterns = no_delay\nbytes = 16\n' > failing.ini
expect_fail "a failing case exits non-zero" "failed" "$PAPSIM" run failing.ini --out out --quiet \
    --cfg=smpi/bcast:no_such_smpi_algorithm
if cmp -s before.csv out/results.csv; then pass; else fail "results.csv changed by a failing case"; fi

# An interrupted sweep resumes without losing or duplicating a case.
printf 'collective = allgather\nalgorithms = ring\nnp = 16, 32\npatterns = no_delay, ascending, random, peak\nskews = 10us, 20us\nbytes = 8, 1KiB, 64KiB, 1MiB\nreps = 2\n' > long.ini
"$PAPSIM" run long.ini --out full --quiet --jobs 2 || fail "uninterrupted sweep failed"
"$PAPSIM" run long.ini --out cut --quiet --jobs 2 &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid
status=$?
bad=$(awk -F, 'NF != 25' cut/results.csv | wc -l)
expect_eq "rows after interrupt are whole" "$bad" 0
expect_ok "resume" "$PAPSIM" run long.ini --out cut --quiet --jobs 2
expect_eq "resumed rows" "$(tail -n +2 cut/results.csv | sort | md5sum)" \
    "$(tail -n +2 full/results.csv | sort | md5sum)"
echo "interrupt exit status was $status"
finish
