# Bad input for gather, scatter, gatherv and scatterv: an algorithm of
# another collective (linear_sync is gather's only), a knob the algorithm
# does not read, a distribution on the non-v forms, an SMPI algorithm for
# the v forms (SMPI has one of each, builtin:default), a root outside the
# communicator: each a clear error naming the option (file:line: key in a
# spec), exit 2, nothing simulated. Valid cases still run and pass their
# check, the first-segment knob of linear_sync among them.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

BAD_INPUT_PREFIX="papsim bench: "
bench() { "$PAPSIM" bench --np 4 "$@"; }
expect_bad_input "an allgather algorithm for gather" \
    "'ring' is not a gather algorithm \(valid: linear, binomial, linear_sync, builtin:NAME\)" \
    bench --collective gather --algorithm ring --bytes 8
expect_bad_input "linear_sync is gather's only" \
    "'linear_sync' is not a scatter algorithm \(valid: linear, binomial, builtin:NAME\)" \
    bench --collective scatter --algorithm linear_sync --bytes 8
expect_bad_input "binomial is not a gatherv algorithm" \
    "'binomial' is not a gatherv algorithm \(valid: linear, builtin:NAME\)" \
    bench --collective gatherv --algorithm binomial --bytes 8
expect_bad_input "a segment size for gather binomial" \
    "--segment-bytes does not apply to gather/binomial \(it reads no such knob\)" \
    bench --collective gather --algorithm binomial --bytes 8 --segment-bytes 100
expect_bad_input "a segment size for scatter linear" \
    "--segment-bytes does not apply to scatter/linear \(it reads no such knob\)" \
    bench --collective scatter --algorithm linear --bytes 8 --segment-bytes 100
expect_bad_input "a request window for scatterv" \
    "--max-requests does not apply to scatterv/linear" \
    bench --collective scatterv --algorithm linear --bytes 8 --max-requests 2
expect_bad_input "arrival knowledge for gather linear_sync" \
    "--knowledge does not apply to gather/linear_sync" \
    bench --collective gather --algorithm linear_sync --bytes 8 --knowledge oracle
expect_bad_input "a distribution for gather" \
    "--distribution spike applies to allgatherv, reduce_scatter, alltoallv, gatherv and scatterv only \(collective is gather\)" \
    bench --collective gather --algorithm linear --bytes 8 --distribution spike
expect_bad_input "a distribution for scatter" \
    "--distribution lindec applies to allgatherv, reduce_scatter, alltoallv, gatherv and scatterv only \(collective is scatter\)" \
    bench --collective scatter --algorithm binomial --bytes 8 --distribution lindec
expect_bad_input "an SMPI algorithm for gatherv" \
    "unknown SMPI gatherv algorithm 'ompi_binomial'; SMPI has no choice of gatherv algorithm \(builtin:default is its own\)" \
    bench --collective gatherv --algorithm builtin:ompi_binomial --bytes 8
expect_bad_input "an unknown SMPI scatter algorithm" \
    "unknown SMPI scatter algorithm 'ompi_linear_sync'" \
    bench --collective scatter --algorithm builtin:ompi_linear_sync --bytes 8
expect_bad_input "a root outside the communicator" \
    "--root 4 is outside the communicator \(np=4\)" \
    bench --collective scatter --algorithm binomial --bytes 8 --root 4

# The same in a spec: file:line: key, and no results.csv.
BAD_INPUT_PREFIX="papsim run: "
spec() {
    printf 'collective = %s\nalgorithms = %s\nbytes = %s\nnp = 4\npatterns = no_delay\n%s\n' \
        "$1" "$2" "$3" "${4:-}" > "$5"
}
spec gather "linear_sync, binomial" 8 "segment_bytes = 1KiB" knob.ini
expect_bad_input "spec: a knob gather binomial does not read" \
    "knob.ini:[0-9]+: .*--segment-bytes does not apply to gather/binomial" \
    "$PAPSIM" run knob.ini --out knob
expect_eq "spec: nothing simulated" "$([ -e knob/results.csv ] && echo exists)" ""
spec scatter "linear, linear_sync" 8 "" algo.ini
expect_bad_input "spec: a gather algorithm for scatter" \
    "algo.ini:2: algorithms: 'linear_sync' is not a scatter algorithm" \
    "$PAPSIM" run algo.ini --out algo
expect_eq "spec: nothing simulated" "$([ -e algo/results.csv ] && echo exists)" ""
spec gather linear 8 "distributions = lindec" dist.ini
expect_bad_input "spec: a distribution for gather" \
    "dist.ini:6: distributions: --distribution lindec applies to allgatherv, reduce_scatter, alltoallv, gatherv and scatterv only" \
    "$PAPSIM" run dist.ini --out dist
expect_eq "spec: nothing simulated" "$([ -e dist/results.csv ] && echo exists)" ""

# Valid cases run and pass their checks: linear_sync with a 100-byte first
# segment (25 ints of 250), gatherv with an empty block in place at root 2,
# SMPI's own scatterv.
expect_eq "gather linear_sync, a first segment, checked" \
    "$("$PAPSIM" bench --np 5 --collective gather --algorithm linear_sync --bytes 1000 \
        --datatype int --segment-bytes 100 --root 3 --check | csv_col status | tail -n 1)" ok
expect_eq "gatherv lindec (an empty block) in place, checked" \
    "$("$PAPSIM" bench --np 5 --collective gatherv --algorithm linear --bytes 24 \
        --distribution lindec --root 2 --in-place --check | csv_col status | tail -n 1)" ok
expect_eq "scatterv builtin:default, checked" \
    "$("$PAPSIM" bench --np 5 --collective scatterv --algorithm builtin:default --bytes 24 \
        --distribution spike --root 4 --check | csv_col status | tail -n 1)" ok
finish
