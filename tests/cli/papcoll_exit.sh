# libpapcoll survives an application that returns from main without
# MPI_Finalize, as some of MPICH's collective tests do (SimGrid's copies of
# allred_derived and allred_float): papcoll-life --no-finalize
# (tests/mpi/papcoll_life.c) under smpirun at np 4 with the arrival-aware
# allreduce algorithms, whose exchange of arrival estimates is in flight
# when a rank leaves, ends like the run without the library: exit 0, every
# result right, no abort ("Actor ... is gone" when an exchange is posted to
# a rank that already left) and no crash when SMPI deletes the attributes
# of ranks that never finalized. Without --no-finalize, the same runs end
# as before.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

PLATFORM=$PAPSIM_SOURCE_DIR/platforms/default.xml
life() {
    timeout 120 "$SMPIRUN" -no-privatize -platform "$PLATFORM" -np 4 "$PAPSIM_PAPCOLL_LIFE_SMPI" \
        --cfg=smpi/simulate-computation:no --log=root.thres:warning "$@"
}

for algo in slt prr ring; do
    for mode in --no-finalize ""; do
        rc=0
        PAPCOLL_ALLREDUCE=$algo life $mode >out.txt 2>err.txt || rc=$?
        expect_eq "$algo ${mode:-finalized}: exit status" "$rc" 0
        want="life: ok life: finalized 0 "
        [ -n "$mode" ] && want="life: ok life: no finalize "
        expect_eq "$algo ${mode:-finalized}: output" "$(tr '\n' ' ' <out.txt)" "$want"
        expect_eq "$algo ${mode:-finalized}: no abort or crash" \
            "$(grep -Eci 'is gone|segmentation|aborted|failed with code' err.txt)" 0
    done
done
finish
