# Bad input for barrier, reduce_scatter and reduce_scatter_block: an
# algorithm of another collective, a knob the algorithm does not read, bytes
# for a barrier, a distribution where none applies, a non-commutative op for
# a commutative-only algorithm, a non-power-of-two np for noncommutative:
# each a clear error naming the option (file:line: key in a spec), exit 2,
# nothing simulated (no results.csv row). Valid cases still run and pass
# their check.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

BAD_INPUT_PREFIX="papsim bench: "
bench() { "$PAPSIM" bench --np 4 "$@"; }
expect_bad_input "an allgather algorithm for barrier" \
    "'ring' is not a barrier algorithm \(valid: linear, double_ring, recursive_doubling, dissemination, tree, builtin:NAME\)" \
    bench --collective barrier --algorithm ring --bytes 0
expect_bad_input "a barrier algorithm for reduce_scatter" \
    "'dissemination' is not a reduce_scatter algorithm \(valid: ring, recursive_halving, pairwise, noncommutative, builtin:NAME\)" \
    bench --collective reduce_scatter --algorithm dissemination --bytes 8
expect_bad_input "butterfly is reduce's only" \
    "'butterfly' is not a reduce_scatter algorithm" \
    bench --collective reduce_scatter --algorithm butterfly --bytes 8
expect_bad_input "a segment size for a barrier" \
    "--segment-bytes does not apply to barrier/tree \(it reads no such knob\)" \
    bench --collective barrier --algorithm tree --bytes 0 --segment-bytes 1024
expect_bad_input "a request window for reduce_scatter" \
    "--max-requests does not apply to reduce_scatter/pairwise" \
    bench --collective reduce_scatter --algorithm pairwise --bytes 8 --max-requests 2
expect_bad_input "arrival knowledge for reduce_scatter_block" \
    "--knowledge does not apply to reduce_scatter_block/noncommutative" \
    bench --collective reduce_scatter_block --algorithm noncommutative --bytes 8 --knowledge oracle
expect_bad_input "bytes for a barrier" "--bytes 8: barrier moves no data \(give 0 bytes\)" \
    bench --collective barrier --algorithm linear
expect_bad_input "in place for a barrier" "--in-place does not apply to barrier" \
    bench --collective barrier --algorithm linear --bytes 0 --in-place
expect_bad_input "a distribution for reduce_scatter_block" \
    "--distribution spike applies to allgatherv, reduce_scatter, alltoallv, gatherv and scatterv only \(collective is reduce_scatter_block\)" \
    bench --collective reduce_scatter_block --algorithm ring --bytes 8 --distribution spike
expect_bad_input "affine for the commutative-only ring" \
    "reduce_scatter/ring needs a commutative op \(restriction: commutative op\)" \
    bench --collective reduce_scatter --algorithm ring --bytes 8 --datatype int --op affine
expect_bad_input "noncommutative at np 6" \
    "reduce_scatter_block/noncommutative needs a power-of-two np \(np=6\)" \
    "$PAPSIM" bench --np 6 --collective reduce_scatter_block --algorithm noncommutative --bytes 8

# The same in a spec: file:line: key, and no results.csv.
BAD_INPUT_PREFIX="papsim run: "
spec() {
    printf 'collective = %s\nalgorithms = %s\nbytes = %s\nnp = 4\npatterns = no_delay\n%s\n' \
        "$1" "$2" "$3" "${4:-}" > "$5"
}
spec barrier "linear, tree" 0 "segment_bytes = 1KiB" knob.ini
expect_bad_input "spec: a knob a barrier does not read" \
    "knob.ini:[0-9]+: .*--segment-bytes does not apply to barrier/linear" \
    "$PAPSIM" run knob.ini --out knob
expect_eq "spec: nothing simulated" "$([ -e knob/results.csv ] && echo exists)" ""
spec barrier linear "0, 8" "" bytes.ini
expect_bad_input "spec: bytes for a barrier, with the bytes line" \
    "bytes.ini:3: bytes: --bytes 8: barrier moves no data" "$PAPSIM" run bytes.ini --out bytes
expect_eq "spec: nothing simulated" "$([ -e bytes/results.csv ] && echo exists)" ""
spec reduce_scatter "ring, linear" 8 "" algo.ini
expect_bad_input "spec: a reduce algorithm for reduce_scatter" \
    "algo.ini:2: algorithms: 'linear' is not a reduce_scatter algorithm" \
    "$PAPSIM" run algo.ini --out algo
spec reduce_scatter_block ring 8 "distributions = lindec" dist.ini
expect_bad_input "spec: a distribution for reduce_scatter_block" \
    "dist.ini:6: distributions: --distribution lindec applies to allgatherv, reduce_scatter, alltoallv, gatherv and scatterv only" \
    "$PAPSIM" run dist.ini --out dist

# Valid cases run and pass their checks.
expect_eq "barrier with a skew, checked" \
    "$("$PAPSIM" bench --np 5 --collective barrier --algorithm double_ring --bytes 0 \
        --pattern last_delayed --skew 30us --check | csv_col status | tail -n 1)" ok
expect_eq "reduce_scatter lindec (an empty block), checked" \
    "$("$PAPSIM" bench --np 5 --collective reduce_scatter --algorithm recursive_halving \
        --bytes 24 --distribution lindec --check | csv_col status | tail -n 1)" ok
finish
