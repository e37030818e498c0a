# Every registered algorithm gives the reference result under smpirun, for
# np in {1,2,3,4,5,7,8,16,17} (PAPSIM_GRID_NP="1 2 3 4 5 7 8 16 17 32 33"
# adds the next power of two and the one past it, 70 % more CPU time than
# the rest together) and the grid of tests/correctness/cases.sh.
# papbench --check compares each result with the collective's definition
# (a serial fold in rank order with MPI_Reduce_local).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
source "$PAPSIM_SOURCE_DIR/tests/correctness/cases.sh"

"$PAPSIM" platform flat --nodes 33 --cores 1 --bw 10Gbps --lat 1us -o flat33.xml >/dev/null 2>&1 ||
    fail "could not generate a platform"
for np in ${PAPSIM_GRID_NP:-1 2 3 4 5 7 8 16 17}; do
    correctness_cases "$np" > "cases-$np.txt"
    want=$(grep -c -- --check "cases-$np.txt")
    "$PAPSIM" hostfile --platform flat33.xml --np "$np" --mapping sequential -o "hosts-$np" >/dev/null
    if "$SMPIRUN" -no-privatize -platform flat33.xml -hostfile "hosts-$np" -np "$np" "$PAPBENCH" \
        --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --log=root.thres:critical \
        --no-header --cases "cases-$np.txt" > "rows-$np.csv" 2> "err-$np.txt"; then
        pass
    else
        fail "np=$np: papbench failed: $(tail -n 3 "err-$np.txt")"
    fi
    expect_eq "np=$np: rows" "$(wc -l < "rows-$np.csv")" "$want"
    expect_eq "np=$np: rows not ok" "$(grep -vc ',ok$' "rows-$np.csv")" "0"
done
finish
