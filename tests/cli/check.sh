# papsim check end to end (docs/your-algorithm.md#checking):
#   - papsim's allreduce ring and recursive_doubling on np 1..5 pass: the
#     exact closing line, the coverage table, the restriction cases
#     (recursive_doubling takes the non-commutative op, ring refuses it
#     with MPI_ERR_OP);
#   - the grid holds each case once in any environment;
#   - one algorithm of every collective passes at np 3 (the exact closing
#     line: papcheck's reference and call of each collective);
#   - bad input is refused before anything runs;
#   - a user's algorithm (tests/cli/data/allreduce_fold.c, and the shipped
#     example user:ring2) built against an installed papsim passes, under
#     smpirun and, with --mpi, under Open MPI;
#   - bugs planted in copies of them fail the check, which names the case,
#     and the printed command fails the same way on its own: a wrong block
#     offset at odd np (ring2), swapped operands (fold, the
#     non-commutative op), a rank that leaves early (fold: a hang SimGrid
#     finds), a declared restriction not enforced (ring2: unguarded);
#   - a rank that spins for ever (no deadlock to find) is killed at
#     --case-timeout and counted as a hang.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
here=$(pwd -P)
BAD_INPUT_PREFIX="papsim check: "

# ---- papsim's own algorithms -------------------------------------------------------
expect_ok "ring and recursive_doubling pass" \
    "$PAPSIM" check allreduce ring recursive_doubling --np 1-5
expect_eq "closing line" "$(tail -n 1 out.txt)" "625 passed, 0 failed"
expect_eq "per algorithm" "$(grep -E '^allreduce/' out.txt | tr '\n' ' ')" \
    "allreduce/ring: 285 passed, 0 failed allreduce/recursive_doubling: 340 passed, 0 failed "
expect_eq "coverage: communicators" "$(grep '^  communicator ' out.txt | tr -s ' ')" \
    " communicator world:545 split:40 reversed:40"
expect_eq "coverage: datatypes" "$(grep '^  datatype ' out.txt | tr -s ' ')" \
    " datatype int:375 double:170 holes:70 zero:10"
# ring declares the commutative-op restriction: its affine case at each np
# must return MPI_ERR_OP on every rank, with no buffer changed.
expect_eq "coverage: restriction cases" "$(grep '^  restriction ' out.txt | awk '{print $2}')" 5

# The grid holds each case once, whatever the environment: bcast's count 7
# cases at roots first, middle and last come from two axes (count x root
# and every root). The key of a case is compared key for key; compared
# byte for byte, the padding of the case word (what the stack held) kept
# them twice in about one environment in five, 51 cases instead of 48.
pads=""
for n in $(seq 0 23); do
    PAPSIM_CHECK_PAD=$(printf '%*s' "$n" '' | tr ' ' x) \
        "$PAPSIM" check bcast linear --np 3 --quiet > pad.out 2>&1
    pads="$pads$n:$(tail -n 1 pad.out | cut -d' ' -f1) "
done
expect_eq "the grid in 24 environments" "$pads" \
    "$(for n in $(seq 0 23); do printf '%s:48 ' "$n"; done)"

# A vector of a zero-size type has no bytes: reduce_scatter
# noncommutative's even rank sends nothing at np 3, and its odd neighbour
# posts no receive for it (it used to wait for ever).
"$PAPSIM" check reduce_scatter noncommutative --np 3 --case count=5,type=zero,op=affine \
    --quiet > zero.out 2>&1
expect_eq "reduce_scatter noncommutative, 5 x a zero-size type at np 3" "$(tail -n 1 zero.out)" \
    "1 passed, 0 failed"

# Every collective's reference and call (papcheck's operations, one table
# per collective in its family's file): one algorithm of each at np 3, the
# exact closing line.
families=""
for ca in allgather/ring allgatherv/ring reduce/binomial alltoall/linear alltoallv/linear \
    bcast/linear barrier/linear reduce_scatter/ring reduce_scatter_block/ring scan/linear \
    exscan/linear gather/linear scatter/linear gatherv/linear scatterv/linear; do
    "$PAPSIM" check "${ca%/*}" "${ca#*/}" --np 3 --quiet > family.out 2>&1
    families="$families$ca: $(tail -n 1 family.out)
"
done
expect_eq "one algorithm of every collective" "$families" \
"allgather/ring: 42 passed, 0 failed
allgatherv/ring: 58 passed, 0 failed
reduce/binomial: 156 passed, 0 failed
alltoall/linear: 42 passed, 0 failed
alltoallv/linear: 48 passed, 0 failed
bcast/linear: 48 passed, 0 failed
barrier/linear: 30 passed, 0 failed
reduce_scatter/ring: 75 passed, 0 failed
reduce_scatter_block/ring: 57 passed, 0 failed
scan/linear: 68 passed, 0 failed
exscan/linear: 68 passed, 0 failed
gather/linear: 78 passed, 0 failed
scatter/linear: 78 passed, 0 failed
gatherv/linear: 90 passed, 0 failed
scatterv/linear: 90 passed, 0 failed
"

expect_bad_input "unknown algorithm" "no algorithm 'nope' for allreduce" \
    "$PAPSIM" check allreduce nope
expect_bad_input "unknown collective" "'allreduc' is not a collective" \
    "$PAPSIM" check allreduc ring
expect_bad_input "bad case word" "--case count=x: case key 'count': bad value 'x'" \
    "$PAPSIM" check allreduce ring --np 2 --case count=x
expect_bad_input "bad axis value" "--types: 'float' is not one of int, double" \
    "$PAPSIM" check allreduce ring --types float
expect_bad_input "np beyond the platform" "--np 65: the platform default has 64 cores" \
    "$PAPSIM" check allreduce ring --np 65

# ---- a user's algorithm, built against an installed papsim ---------------------------
expect_ok "install" cmake --install "$PAPSIM_BUILD_DIR" --prefix "$here/p"
export PKG_CONFIG_PATH=$here/p/lib/pkgconfig
P=$here/p/bin/papsim
# build NAME SOURCE: NAME.smpi.so and NAME.mpi.so, as the example's Makefile.
build() {
    cc -O1 -fPIC -shared -Wl,-z,defs -o "$1.smpi.so" "$2" \
        $(pkg-config --cflags --libs papsim-smpi) 2>"$1.err" &&
    cc -O1 -fPIC -shared -Wl,-z,defs -o "$1.mpi.so" "$2" \
        $(pkg-config --cflags --libs papsim-mpi) 2>>"$1.err"
}
cp "$PAPSIM_SOURCE_DIR/tests/cli/data/allreduce_fold.c" fold.c
cp "$PAPSIM_SOURCE_DIR/examples/your-algorithm/allreduce_ring2.c" ring2.c
expect_ok "build fold" build fold fold.c
expect_ok "build ring2" build ring2 ring2.c
grid=(--np 3,4 --counts 1,7,1001)
expect_ok "fold passes" "$P" check allreduce user:fold --plugin fold.smpi.so "${grid[@]}"
expect_eq "fold: closing line" "$(tail -n 1 out.txt)" "120 passed, 0 failed"
expect_ok "ring2 passes beside ring" "$P" check allreduce user:ring2 ring --plugin ring2.smpi.so "${grid[@]}"
expect_eq "ring2 as ring" "$(grep -E '^allreduce/' out.txt | sed 's/user:ring2/ring/' | uniq -c | awk '{print $1}')" 2
expect_ok "fold under Open MPI too" "$P" check allreduce user:fold --plugin fold.smpi.so --np 3 \
    --counts 7 --comms world --mpi
expect_eq "--mpi: the real MPI's cases (and the shifted lower bound)" "$(grep '^  MPI ' out.txt | tr -s ' ')" " MPI smpi:28 real:34"
expect_eq "--mpi: closing line" "$(tail -n 1 out.txt)" "62 passed, 0 failed"
# A barrier is checked by the times ranks leave it, read on rank 0's clock:
# under Open MPI every rank's MPI_Wtime has its own origin, so the offsets
# (algorithms/coll_clock.c) must be right for the checks to pass.
expect_ok "barrier under Open MPI: on rank 0's clock" "$P" check barrier linear tree --np 4,5 --mpi
expect_eq "barrier under Open MPI: closing line" "$(tail -n 1 out.txt)" "240 passed, 0 failed"

# plant NAME SOURCE WHAT SED-SCRIPT REASON-REGEX: a copy of SOURCE with the
# bug, checked on the small grid: exit 1, a FAIL line whose reason matches,
# and the command printed under it fails the same way on its own.
plant() {
    local name=$1 src=$2 what=$3 script=$4 reason=$5 algo=$6 rc=0 line repro
    sed "$script" "$src" >"$name.c"
    if cmp -s "$src" "$name.c"; then fail "$what: the plant did not change $src"; return; fi
    sed -i "s/PAPSIM_PLUGIN_ALGORITHM(allreduce, $algo,/PAPSIM_PLUGIN_ALGORITHM(allreduce, $name,/" "$name.c"
    build "$name" "$name.c" || { fail "$what: build: $(head -c 400 "$name.err")"; return; }
    "$P" check allreduce "user:$name" --plugin "$name.smpi.so" "${grid[@]}" >"$name.out" 2>&1 || rc=$?
    expect_eq "$what: exit status" "$rc" 1
    line=$(grep -m 1 '^FAIL ' "$name.out")
    if grep -Eq -- "$reason" <<<"$line"; then pass; else fail "$what: first failure: '$line'"; fi
    if grep -Eq '^[0-9]+ passed, [1-9][0-9]* failed$' <(tail -n 1 "$name.out"); then pass
    else fail "$what: closing line '$(tail -n 1 "$name.out")'"; fi
    repro=$(grep -m 1 -A 1 '^FAIL ' "$name.out" | tail -n 1)
    case "$repro" in "  papsim check allreduce user:$name --np "*" --case "*" --plugin $name.smpi.so") pass ;;
        *) fail "$what: reproduction '$repro'" ;; esac
    rc=0
    # The printed command, as a user pastes it (papsim is the installed one).
    eval "\"$P\" ${repro#  papsim }" >"$name.repro" 2>&1 || rc=$?
    expect_eq "$what: the reproduction's exit status" "$rc" 1
    expect_eq "$what: the reproduction fails the same way" "$(grep '^FAIL ' "$name.repro")" "$line"
    expect_eq "$what: the reproduction runs one case" "$(tail -n 1 "$name.repro")" "0 passed, 1 failed"
}

# Block p-1 starts one element early at odd p (it overlaps block p-2).
plant offset ring2.c "wrong block offset at odd np" \
    's/    return (char \*)buf + ((MPI_Aint)b \* base + (b < extra ? b : extra)) \* extent;/    return (char *)buf + ((MPI_Aint)b * base + (b < extra ? b : extra) - (p % 2 \&\& b == p - 1 \&\& b * base > 0)) * extent;/' \
    '^FAIL allreduce/user:offset np=3 .*: rank [0-9]+ of 3: call 1: the receive buffer differs at byte [0-9]+ from its start \(data\): wrong result with MPI_SUCCESS' ring2
# x_r op acc instead of acc op x_r: right for sum and max, wrong for affine.
plant swapped fold.c "swapped operands" \
    's/            rc = papsim_combine(acc, in, count, datatype, op, params);/            rc = papsim_combine(in, acc, count, datatype, op, params);\n        { void *s = acc; acc = in; in = s; }/' \
    '^FAIL allreduce/user:swapped np=3 count=[0-9]+,type=(int|holes),op=affine,.*wrong result with MPI_SUCCESS' fold
# The last rank returns at once: rank 0 waits for it for ever.
plant early fold.c "a rank that leaves early" \
    's/^    MPI_Comm_size(comm, &p);$/    MPI_Comm_size(comm, \&p);\n    if (rank == p - 1 \&\& p > 2)\n        return MPI_SUCCESS;/' \
    '^FAIL allreduce/user:early np=3 .*: a hang: SimGrid found every rank blocked \(deadlock\)$' fold
# The commutative-op restriction declared but not checked.
plant unguarded ring2.c "a declared restriction not enforced" \
    's/ || !commutative)/)/' \
    '^FAIL allreduce/user:unguarded np=3 count=[0-9]+,type=int,op=affine,.*returned MPI_SUCCESS where its restriction documents MPI_ERR_OP: unguarded( \(and [0-9]+ more ranks\))?$' ring2
# A rank that never returns and never blocks in MPI (no deadlock for SimGrid
# to find): the case is killed at --case-timeout and counted as a hang.
sed 's/^    MPI_Comm_size(comm, &p);$/    MPI_Comm_size(comm, \&p);\n    volatile int spin = 1;\n    while (spin \&\& rank == 0 \&\& count == 7) {\n    }/; s/PAPSIM_PLUGIN_ALGORITHM(allreduce, fold,/PAPSIM_PLUGIN_ALGORITHM(allreduce, spin,/' \
    fold.c >spin.c
build spin spin.c || fail "spin: build: $(head -c 400 spin.err)"
rc=0
"$P" check allreduce user:spin --plugin spin.smpi.so --np 3 --case-timeout 3 \
    --case count=7,type=int,op=sum >spin.out 2>&1 || rc=$?
expect_eq "spin: exit status" "$rc" 1
expect_eq "spin: killed at the time limit" "$(grep -c ': no verdict within 3 s: a hang (killed)$' spin.out)" 1
expect_eq "spin: closing line" "$(tail -n 1 spin.out)" "0 passed, 1 failed"
finish
