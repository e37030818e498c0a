# The point-to-point schedules of every allgather and allgatherv algorithm,
# traced with PMPI under Open MPI (tests/schedule/schedule_test.c): at each np
# every rank's sends and receives, step by step, equal the expected schedule
# coded from Loch 2021 (Sparbit, Algorithm 1) (ring, neighbor exchange, recursive doubling,
# Bruck, Sparbit; allgatherv ring and Sparbit), the Sparbit properties hold
# (ceil(log2 p) steps, halving distances, ceil(p/d)-ceil(p/2d) blocks at
# distance d, p-1 blocks, worked block lists derived from Algorithm 1), zero-size blocks
# of allgatherv Sparbit post no message and its Broadcast distribution is a
# binomial broadcast from rank 0, and every result equals the reference.
# Restricted algorithms must refuse the np they do not support.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

SCHEDULE=${PAPSIM_SCHEDULE:-$PAPSIM_BUILD_DIR/tests/papsim-schedule}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

for np in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 21 31 32 33; do
    if timeout 120 "$MPIEXEC" --oversubscribe --mca btl self,vader --mca mpi_yield_when_idle 1 \
        -np "$np" "$SCHEDULE" > "out-$np.txt" 2> "err-$np.txt"; then
        pass
    else
        fail "np=$np: papsim-schedule exited non-zero:" \
            "$(grep -m 5 FAIL "out-$np.txt") $(tail -n 3 "err-$np.txt")"
    fi
    # The closing line of rank 0: "np=N: N passed, N failed".
    expect_eq "np=$np: failed checks" \
        "$(sed -n "s/^np=$np: [0-9]* passed, \([0-9]*\) failed$/\1/p" "out-$np.txt")" "0"
    expect_eq "np=$np: some checks ran" \
        "$(grep -c "^np=$np: [1-9][0-9]* passed" "out-$np.txt")" "1"
done
# An algorithm without an expected schedule (one added later) is only
# checked for its data; say so.
cat out-*.txt | grep "^note:" | sort -u
finish
