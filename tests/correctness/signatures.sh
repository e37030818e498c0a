# Matching signatures, not identical datatypes: every registered algorithm
# (tests/mpi/signatures.c, called through the registry) with different
# datatypes and counts per rank of the same type signature, zero-size
# datatypes and zero counts, gives every rank its whole receive buffer
# exactly, holes untouched. Under SMPI (smpirun, which reports a deadlock
# itself) and Open MPI (mpiexec, oversubscribed; the program's own 60 s watchdog
# turns a hang into a FAIL line, and `timeout` ends what it misses), at np 4
# (a power of two) and 5 (odd).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader

# At least this many cases per run (7 cases x the data movers and
# reductions that run at np 4 or 5): a run that stops early or tests
# nothing does not pass.
min_cases=350

for np in 4 5; do
    if timeout 300 "$MPIEXEC" --allow-run-as-root --oversubscribe -np "$np" "$PAPSIM_SIGNATURES" \
        > "mpi-$np.txt" 2>&1; then
        pass
    else
        fail "Open MPI np=$np: exit status $?: $(grep -m 5 '^FAIL' "mpi-$np.txt" | tr '\n' ' ')"
    fi
    expect_closing_line "Open MPI" "$np" "mpi-$np.txt" "$min_cases"
done

if [ -n "${PAPSIM_SIGNATURES_SMPI:-}" ] && [ -x "$PAPSIM_SIGNATURES_SMPI" ]; then
    "$PAPSIM" platform flat --nodes 5 --cores 1 --bw 10Gbps --lat 1us -o flat5.xml >/dev/null 2>&1 ||
        fail "could not generate a platform"
    for np in 4 5; do
        "$PAPSIM" hostfile --platform flat5.xml --np "$np" --mapping sequential -o "hosts-$np" >/dev/null
        if timeout 300 "$SMPIRUN" -no-privatize -platform flat5.xml -hostfile "hosts-$np" -np "$np" \
            "$PAPSIM_SIGNATURES_SMPI" --cfg=smpi/simulate-computation:no \
            --log=root.thres:critical > "smpi-$np.txt" 2>&1; then
            pass
        else
            fail "SMPI np=$np: exit status $?: $(grep -m 5 '^FAIL' "smpi-$np.txt" | tr '\n' ' ')"
        fi
        expect_closing_line "SMPI" "$np" "smpi-$np.txt" "$min_cases"
        expect_eq "SMPI np=$np: SMPI detected" "$(grep -c "^PAPSIM_ALGORITHMS_SMPI=1$" "smpi-$np.txt")" "1"
    done
else
    fail "papsim-signatures-smpi was not built"
fi
finish
