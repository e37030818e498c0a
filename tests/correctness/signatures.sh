# Matching signatures, not identical datatypes: every registered algorithm
# (tests/mpi/signatures.c, called through the registry) with different
# datatypes and counts per rank of the same type signature, zero-size
# datatypes and zero counts, gives every rank its whole receive buffer
# exactly, holes untouched. Under SMPI (smpirun, which reports a deadlock
# itself) and Open MPI (mpiexec, oversubscribed; the program's own watchdog
# turns a hang into a FAIL line, and `timeout` ends what it misses), at np 4
# (a power of two) and 5 (odd).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader

# At least this many cases per run (7 cases x the data movers and
# reductions that run at np 4 or 5): a run that stops early or tests
# nothing does not pass.
min_cases=350

# check_run NAME NP OUT: the closing line says no failures and enough cases.
check_run() {
    local name=$1 np=$2 out=$3 line npass nfail
    line=$(grep -E "^p=$np: [0-9]+ passed, [0-9]+ failed$" "$out" | tail -n 1)
    if [ -z "$line" ]; then
        fail "$name np=$np: no closing line: $(grep -m 5 FAIL "$out" | tr '\n' ' ') $(tail -n 3 "$out" | tr '\n' ' ')"
        return
    fi
    npass=$(echo "$line" | sed -E 's/^p=[0-9]+: ([0-9]+) passed.*/\1/')
    nfail=$(echo "$line" | sed -E 's/.* ([0-9]+) failed$/\1/')
    expect_eq "$name np=$np: failed cases ($(grep -m 5 '^FAIL' "$out" | tr '\n' ' '))" "$nfail" "0"
    if [ "$npass" -ge "$min_cases" ]; then pass; else fail "$name np=$np: only $npass cases passed"; fi
}

for np in 4 5; do
    if timeout 120 "$MPIEXEC" --allow-run-as-root --oversubscribe -np "$np" "$PAPSIM_SIGNATURES" \
        > "mpi-$np.txt" 2>&1; then
        pass
    else
        fail "Open MPI np=$np: exit status $?: $(grep -m 5 '^FAIL' "mpi-$np.txt" | tr '\n' ' ')"
    fi
    check_run "Open MPI" "$np" "mpi-$np.txt"
done

if [ -n "${PAPSIM_SIGNATURES_SMPI:-}" ] && [ -x "$PAPSIM_SIGNATURES_SMPI" ]; then
    "$PAPSIM" platform flat --nodes 5 --cores 1 --bw 10Gbps --lat 1us -o flat5.xml >/dev/null 2>&1 ||
        fail "could not generate a platform"
    for np in 4 5; do
        "$PAPSIM" hostfile --platform flat5.xml --np "$np" --mapping sequential -o "hosts-$np" >/dev/null
        if timeout 120 "$SMPIRUN" -no-privatize -platform flat5.xml -hostfile "hosts-$np" -np "$np" \
            "$PAPSIM_SIGNATURES_SMPI" --cfg=smpi/simulate-computation:no \
            --log=root.thres:critical > "smpi-$np.txt" 2>&1; then
            pass
        else
            fail "SMPI np=$np: exit status $?: $(grep -m 5 '^FAIL' "smpi-$np.txt" | tr '\n' ' ')"
        fi
        check_run "SMPI" "$np" "smpi-$np.txt"
        expect_eq "SMPI np=$np: SMPI detected" "$(grep -c "^PAPSIM_ALGORITHMS_SMPI=1$" "smpi-$np.txt")" "1"
    done
else
    fail "papsim-signatures-smpi was not built"
fi
finish
