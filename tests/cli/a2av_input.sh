# Bad input for alltoallv and its per-pair matrices: an algorithm of
# another collective, a builtin: name SMPI lacks, a knob the algorithm does
# not read, an unknown matrix, random without its seed, a seed that is not one, a seed for
# another matrix or another collective, a matrix only alltoallv has for
# allgatherv, MPI_IN_PLACE with an asymmetric matrix, a matrix too large
# for int buffers: each a clear error naming the option (file:line: key in
# a spec), exit 2, nothing simulated. A spec's matrix_seed applies to its
# random cases only, and the seed is part of the case id. Valid cases run
# and pass their check.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

BAD_INPUT_PREFIX="papsim bench: "
bench() { "$PAPSIM" bench --np 4 --collective alltoallv "$@"; }
expect_bad_input "an alltoall algorithm for alltoallv" \
    "'modified_bruck' is not a alltoallv algorithm \(valid: linear, pairwise, builtin:NAME\)" \
    bench --algorithm modified_bruck --bytes 8
expect_bad_input "an SMPI alltoallv algorithm that does not exist" \
    "--algorithm: unknown SMPI alltoallv algorithm 'nosuch'; SMPI [0-9.]+ has: .*ompi_basic_linear" \
    bench --algorithm builtin:nosuch --bytes 8
expect_bad_input "a request window for alltoallv linear" \
    "--max-requests does not apply to alltoallv/linear \(it reads no such knob\)" \
    bench --algorithm linear --bytes 8 --max-requests 2
expect_bad_input "an unknown matrix" \
    "--distribution 'lindec' is not an alltoallv matrix \(valid: uniform, spike, random, rows-broadcast, rows-spike, rows-half, rows-lindec, rows-geometric\)" \
    bench --algorithm linear --bytes 8 --distribution lindec
expect_bad_input "random without a seed" \
    "--distribution random needs --matrix-seed N \(the seed of its matrix, 1 to 2\^63-1\)" \
    bench --algorithm pairwise --bytes 8 --distribution random
for bad in 0 -3 x 9223372036854775808 7x; do
    expect_bad_input "matrix seed '$bad'" \
        "--matrix-seed '$bad' is not a seed \(an integer from 1 to 2\^63-1\)" \
        bench --algorithm pairwise --bytes 8 --distribution random --matrix-seed "$bad"
done
expect_bad_input "a seed for the spike matrix" \
    "--matrix-seed 5 applies to --distribution random only \(distribution is spike\)" \
    bench --algorithm linear --bytes 8 --distribution spike --matrix-seed 5
expect_bad_input "a seed for allgatherv" \
    "--matrix-seed 5 applies to alltoallv only \(collective is allgatherv\)" \
    "$PAPSIM" bench --np 4 --collective allgatherv --algorithm ring --bytes 8 --matrix-seed 5
expect_bad_input "a matrix for allgatherv" \
    "--distribution rows-half is a per-pair matrix of alltoallv only \(collective is allgatherv\)" \
    "$PAPSIM" bench --np 4 --collective allgatherv --algorithm ring --bytes 8 --distribution rows-half
expect_bad_input "in place with the spike matrix" \
    "--in-place needs a symmetric matrix \(MPI_Alltoallv in place sends and receives recvcounts\[j\] with rank j\): distribution spike is not, only uniform is" \
    bench --algorithm linear --bytes 8 --distribution spike --in-place
expect_bad_input "a spike too large for int buffers" \
    "--distribution: distribution 'spike' at p=4 with 268435456-element blocks can put more than 2\^31-1 elements in one rank's buffer" \
    bench --algorithm linear --bytes 1GiB --datatype int --distribution spike

# The same in a spec: file:line: key, and no results.csv.
BAD_INPUT_PREFIX="papsim run: "
spec() {
    printf 'collective = %s\nalgorithms = %s\nbytes = 8\nnp = 4\npatterns = no_delay\n%s\n' \
        "$1" "$2" "$3" > "$4"
}
spec alltoallv linear "distributions = uniform, random" noseed.ini
expect_bad_input "spec: random without matrix_seed" \
    "noseed.ini:6: distributions: --distribution random needs --matrix-seed N" \
    "$PAPSIM" run noseed.ini --out noseed
expect_eq "spec: nothing simulated" "$([ -e noseed/results.csv ] && echo exists)" ""
spec alltoallv linear "distributions = random
matrix_seed = seven" badseed.ini
expect_bad_input "spec: a bad matrix_seed, at its line" \
    "badseed.ini:7: matrix_seed: --matrix-seed 'seven' is not a seed" \
    "$PAPSIM" run badseed.ini --out badseed
spec reduce_scatter ring "matrix_seed = 3" other.ini
expect_bad_input "spec: matrix_seed for reduce_scatter" \
    "other.ini:6: matrix_seed: --matrix-seed applies to alltoallv only \(collective is reduce_scatter\)" \
    "$PAPSIM" run other.ini --out other
spec alltoallv pairwise "distributions = uniform, geometric" dist.ini
expect_bad_input "spec: allgatherv's geometric for alltoallv" \
    "dist.ini:6: distributions: --distribution 'geometric' is not an alltoallv matrix" \
    "$PAPSIM" run dist.ini --out dist
expect_eq "spec: nothing simulated" "$([ -e dist/results.csv ] && echo exists)" ""

# A valid spec: the seed goes to the random cases only; two seeds, two ids;
# every row checked ok.
spec alltoallv "linear, pairwise" "distributions = uniform, random, rows-geometric
matrix_seed = 11
check = yes" good.ini
expect_ok "spec: uniform, random and rows-geometric run" "$PAPSIM" run good.ini --out good --quiet
expect_eq "spec: rows" "$(csv_cols algorithm,distribution,params,status good/results.csv | sort)" \
"linear,random,matrix_seed=11,ok
linear,rows-geometric,,ok
linear,uniform,,ok
pairwise,random,matrix_seed=11,ok
pairwise,rows-geometric,,ok
pairwise,uniform,,ok"
sed 's/matrix_seed = 11/matrix_seed = 12/' good.ini > good12.ini
expect_ok "spec: seed 12 runs" "$PAPSIM" run good12.ini --out good12 --quiet
expect_eq "spec: another seed, other ids for random only" \
    "$({ csv_cols case_id,distribution good/results.csv; csv_cols case_id,distribution good12/results.csv; } |
        sort | uniq -u | cut -d, -f2 | sort | uniq -c | tr -s ' ')" \
    " 4 random"

# Valid cases run and pass their checks: in place on the uniform matrix, an
# empty-block matrix, a prime np.
expect_eq "alltoallv pairwise in place, checked" \
    "$("$PAPSIM" bench --np 5 --collective alltoallv --algorithm pairwise --bytes 24 \
        --in-place --check | csv_col status | tail -n 1)" ok
expect_eq "alltoallv linear rows-broadcast (empty rows), checked" \
    "$("$PAPSIM" bench --np 7 --collective alltoallv --algorithm linear --bytes 24 \
        --distribution rows-broadcast --check | csv_col status | tail -n 1)" ok
finish
