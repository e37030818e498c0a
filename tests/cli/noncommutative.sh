# papbench's non-commutative op affine (the composition of affine maps):
# - the check detects a combine out of rank order: SMPI 3.32's built-in
#   ompi_chain reduce, which ignores commutativity, fails it (exit 3,
#   check_failed) where op sum passes; papsim's binomial passes it;
# - every algorithm that carries PAPSIM_R_COMMUTATIVE (taken from
#   `papsim list`, not by name) is refused on op affine by papbench and by
#   papsim bench, with an error naming the algorithm and the restriction,
#   and nothing is simulated;
# - a sweep with op affine writes an `unsupported` row for such an
#   algorithm and checked `ok` rows for the others;
# - bad input: affine on a floating-point datatype, an unknown op.
# The correctness grid (tests/correctness/cases.sh) runs affine on every
# reduce and allreduce algorithm without the restriction.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

"$PAPSIM" platform flat --nodes 8 --cores 1 --bw 10Gbps --lat 1us -o flat8.xml >/dev/null 2>&1 ||
    fail "could not generate a platform"
"$PAPSIM" hostfile --platform flat8.xml --np 4 --mapping sequential -o hosts4 >/dev/null ||
    fail "could not write a hostfile"

# bench ARGS...: papbench under smpirun at np 4, rows on stdout (no header).
bench() {
    "$SMPIRUN" -no-privatize -platform flat8.xml -hostfile hosts4 -np 4 "$PAPBENCH" \
        --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --log=root.thres:critical \
        --no-header "$@"
}
RESULTS_HEADER=$(results_header) # bench prints no header: the column names of its rows

# 1. The check can fail: a wrong operand order gives check_failed.
args="--collective reduce --bytes 4004 --datatype int --root 1 --check"
rc=0
# shellcheck disable=SC2086 # args is a list of options
bench $args --op affine --algorithm builtin:ompi_chain --cfg=smpi/reduce:ompi_chain \
    > chain.csv 2> chain-err.txt || rc=$?
expect_eq "ompi_chain on affine: exit status" "$rc" 3
expect_eq "ompi_chain on affine: status" "$(csv_col -H "$RESULTS_HEADER" status chain.csv | head -n 1)" check_failed
# shellcheck disable=SC2086
expect_eq "ompi_chain on sum" "$(bench $args --op sum --algorithm builtin:ompi_chain \
    --cfg=smpi/reduce:ompi_chain 2>&1 | csv_col -H "$RESULTS_HEADER" status)" ok
# shellcheck disable=SC2086
expect_eq "binomial on affine" "$(bench $args --op affine --algorithm binomial 2>&1 |
    csv_col -H "$RESULTS_HEADER" status)" ok

# 2. Refused, by restriction, in papbench and in papsim bench.
commutative_only=$("$PAPSIM" list --np 4 | awk '$1 ~ /reduce$/' |
    grep -E '^[a-z]+ +[a-z0-9_]+ +([a-z0-9 -]+, )*commutative op' | awk '{print $1 "/" $2}')
[ -n "$commutative_only" ] && pass || fail "papsim list shows no commutative-only algorithm"
for ca in $commutative_only; do
    coll=${ca%/*} algo=${ca#*/}
    want="$coll/$algo needs a commutative op \(restriction: commutative op\); op affine is not commutative"
    BAD_INPUT_PREFIX="papbench: "
    expect_bad_input "papbench $ca" "$want" \
        bench --collective "$coll" --algorithm "$algo" --op affine --datatype long --bytes 80
    BAD_INPUT_PREFIX="papsim bench: "
    expect_bad_input "papsim bench $ca" "$want" \
        "$PAPSIM" bench --np 4 --collective "$coll" --algorithm "$algo" --op affine \
        --datatype int --bytes 40
    expect_eq "papsim bench $ca: nothing simulated" "$(wc -c < out.txt)" 0
done

# 3. A sweep: an unsupported row for clairvoyant, checked rows for the rest.
cat > affine.ini <<'EOF'
collective = reduce
algorithms = clairvoyant, binomial, in_order_binary
bytes = 400
np = 4
patterns = no_delay
datatype = long
op = affine
root = 3
check = yes
EOF
expect_ok "sweep with op affine" "$PAPSIM" run affine.ini --out sweep --quiet --jobs 1
expect_eq "sweep: clairvoyant" "$(grep -c ',clairvoyant,.*,affine,.*,unsupported$' sweep/results.csv)" 1
expect_eq "sweep: checked rows" "$(grep -c ',affine,.*,ok$' sweep/results.csv)" 2

# 4. Bad input.
BAD_INPUT_PREFIX="papbench: "
expect_bad_input "affine on double" \
    "--op affine needs --datatype int or long \(not double\)" \
    bench --algorithm binomial --op affine --datatype double --bytes 8
expect_bad_input "unknown op" "--op 'xor' is unknown \(valid: sum, max, min, prod, affine\)" \
    bench --algorithm binomial --op xor
sed -i 's/^datatype = long/datatype = float/' affine.ini
expect_fail "spec: affine on float" "^papsim run: affine\.ini:7: op: --op affine needs --datatype int or long \(not float\)" \
    "$PAPSIM" run affine.ini --out bad --dry-run
finish
