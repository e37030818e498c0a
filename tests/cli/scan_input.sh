# Bad input for scan, exscan and reduce_scatter noncommutative: an algorithm
# of another collective, builtin: (SMPI has no scan algorithm to choose), a
# knob the algorithm does not read, a distribution where none applies, a
# bytes value that is not whole elements: each a clear error naming the
# option (file:line: key in a spec), exit 2, nothing simulated. Valid cases
# with the non-commutative affine op run and pass their check, and a
# simulated exscan linear costs exactly its chain of p-1 messages.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

BAD_INPUT_PREFIX="papsim bench: "
bench() { "$PAPSIM" bench --np 4 "$@"; }
expect_bad_input "an allreduce algorithm for scan" \
    "'ring' is not a scan algorithm \(valid: linear, recursive_doubling\)$" \
    bench --collective scan --algorithm ring --bytes 8
expect_bad_input "a scan algorithm for reduce" \
    "'recursive_doubling' is not a reduce algorithm" \
    bench --collective reduce --algorithm recursive_doubling --bytes 8
expect_bad_input "builtin: for scan" \
    "'builtin:default': scan has no builtin: algorithm \(SMPI has no smpi/scan option: its MPI_Scan is one fixed linear pattern; valid: linear, recursive_doubling\)" \
    bench --collective scan --algorithm builtin:default --bytes 8
expect_bad_input "builtin: for exscan" \
    "'builtin:ompi': exscan has no builtin: algorithm \(SMPI has no smpi/exscan option" \
    bench --collective exscan --algorithm builtin:ompi --bytes 8
expect_bad_input "a segment size for exscan" \
    "--segment-bytes does not apply to exscan/linear \(it reads no such knob\)" \
    bench --collective exscan --algorithm linear --bytes 8 --segment-bytes 1024
expect_bad_input "arrival knowledge for scan" \
    "--knowledge does not apply to scan/recursive_doubling" \
    bench --collective scan --algorithm recursive_doubling --bytes 8 --knowledge oracle
expect_bad_input "segments for reduce_scatter noncommutative" \
    "--segments does not apply to reduce_scatter/noncommutative" \
    bench --collective reduce_scatter --algorithm noncommutative --bytes 8 --segments 4
expect_bad_input "a distribution for scan" \
    "--distribution lindec applies to allgatherv, reduce_scatter, alltoallv, gatherv and scatterv only \(collective is scan\)" \
    bench --collective scan --algorithm linear --bytes 8 --distribution lindec
expect_bad_input "bytes not whole ints for exscan" \
    "--bytes 6 is not a multiple of the int size \(4 bytes\)" \
    bench --collective exscan --algorithm recursive_doubling --bytes 6 --datatype int

# The same in a spec: file:line: key, and no results.csv.
BAD_INPUT_PREFIX="papsim run: "
printf 'collective = exscan\nalgorithms = linear, builtin:default\nbytes = 8\nnp = 4\npatterns = no_delay\n' \
    > builtin.ini
expect_bad_input "spec: builtin: for exscan, with the algorithms line" \
    "builtin.ini:2: algorithms: 'builtin:default': exscan has no builtin: algorithm" \
    "$PAPSIM" run builtin.ini --out builtin
expect_eq "spec: nothing simulated" "$([ -e builtin/results.csv ] && echo exists)" ""
printf 'collective = scan\nalgorithms = linear\nbytes = 8\nnp = 4\npatterns = no_delay\nsegment_bytes = 1KiB\n' \
    > knob.ini
expect_bad_input "spec: a knob scan does not read" \
    "knob.ini:[0-9]+: .*--segment-bytes does not apply to scan/linear" \
    "$PAPSIM" run knob.ini --out knob
expect_eq "spec: nothing simulated" "$([ -e knob/results.csv ] && echo exists)" ""

# Valid cases run and pass their checks (the affine op: operand order).
for coll in scan exscan; do
    for algo in linear recursive_doubling; do
        expect_eq "$coll $algo np 6, affine in place, checked" \
            "$("$PAPSIM" bench --np 6 --collective $coll --algorithm $algo --bytes 12 \
                --datatype int --op affine --in-place --check | csv_col status | tail -n 1)" ok
    done
done
expect_eq "reduce_scatter noncommutative np 6 lindec, affine, checked" \
    "$("$PAPSIM" bench --np 6 --collective reduce_scatter --algorithm noncommutative \
        --bytes 4004 --distribution lindec --datatype int --op affine --check |
        csv_col status | tail -n 1)" ok
# Exscan linear is a chain: on a flat platform of latency L and no
# bandwidth cost worth naming, 8 bytes at np 4 end after 3 hops.
"$PAPSIM" platform flat --nodes 4 --cores 1 --bw 1000Gbps --lat 10us -o flat4.xml >/dev/null ||
    fail "could not generate a platform"
one=$("$PAPSIM" bench --np 2 --platform flat4.xml --collective exscan --algorithm linear \
    --bytes 8 | csv_col last_delay_s | tail -n 1)
four=$("$PAPSIM" bench --np 4 --platform flat4.xml --collective exscan --algorithm linear \
    --bytes 8 | csv_col last_delay_s | tail -n 1)
expect_eq "exscan linear np 4 = 3 x one hop" \
    "$(awk -v a="$one" -v b="$four" 'BEGIN { printf "%.9f", b / a }')" "3.000000000"
finish
