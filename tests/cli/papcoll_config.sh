# libpapcoll's configuration checked whole at MPI_Init, and its life cycle
# at MPI_Finalize (docs/papcoll.md), under smpirun (linked in) and under
# Open MPI (LD_PRELOAD), with papcoll-life (tests/mpi/papcoll_life.c):
#   - refused at MPI_Init, before the application runs, with exit status 2
#     and exactly one message naming the variable: a misspelt variable
#     (naming the closest name), a rule that no call can reach (after a
#     catch-all; inside an earlier rule's range; behind several rules
#     together; conditions that exclude each other), a value longer than
#     4095 characters, PAPCOLL_REPORT in a directory that does not exist,
#     or naming a directory, a FIFO, a link or a path under a file; under
#     Open MPI, a problem on ranks 1 and 2 only is named by rank 1;
#   - a report that cannot be written at MPI_Finalize (its directory
#     removed during the run, or its path made a FIFO, which is left
#     alone): one message, exit status 1, after the application's output;
#   - an arrival-aware algorithm on MPI_COMM_SELF and on a communicator
#     never freed, whose attributes the MPI library deletes inside (Open
#     MPI) or after (SMPI) MPI_Finalize: the run ends normally, with exact
#     results and report counts. MALLOC_PERTURB_ makes the C library fill
#     freed memory, so a state read after it was freed crashes under SMPI
#     too (without it, SMPI's read of freed memory goes unseen).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
export MALLOC_PERTURB_=165
B=$PAPSIM_BUILD_DIR
PLATFORM=$PAPSIM_SOURCE_DIR/platforms/default.xml

# smpi ARGS...: papcoll-life at np 3 under smpirun with the PAPCOLL_*
# variables of the environment.
smpi() {
    timeout 120 "$SMPIRUN" -no-privatize -platform "$PLATFORM" -np 3 "$PAPSIM_PAPCOLL_LIFE_SMPI" \
        --cfg=smpi/simulate-computation:no --log=root.thres:warning "$@"
}
# mpi ARGS...: papcoll-life at np 3 under Open MPI, libpapcoll preloaded,
# the PAPCOLL_* variables passed to every rank.
mpi() {
    local vars=() v
    for v in $(env | grep -o '^PAPCOLL_[A-Za-z0-9_]*'); do vars+=(-x "$v"); done
    timeout 120 "$MPIEXEC" --oversubscribe -np 3 -x LD_PRELOAD="$B/libpapcoll.so" \
        -x MALLOC_PERTURB_ "${vars[@]}" "$PAPSIM_PAPCOLL_LIFE" "$@"
}

# refused DESC VAR=VALUE MESSAGE: under both, exit status 2, papcoll-life
# never ran, and stderr's one papcoll line is MESSAGE.
refused() {
    local desc=$1 setting=$2 want=$3 run rc
    for run in smpi mpi; do
        rc=0
        (export "$setting"; $run > out.txt 2> err.txt) || rc=$?
        expect_eq "$run: $desc: exit status" "$rc" 2
        expect_eq "$run: $desc: the application did not run" "$(grep -c 'life:' out.txt)" 0
        expect_eq "$run: $desc: message" "$(grep '^papcoll: ' err.txt)" "papcoll: $want"
    done
}

refused "a misspelt variable" PAPCOLL_ALLREDUC=prr \
    "PAPCOLL_ALLREDUC: no such libpapcoll variable; did you mean PAPCOLL_ALLREDUCE?"
refused "a variable in lower case" PAPCOLL_Window=3 \
    "PAPCOLL_Window: no such libpapcoll variable; did you mean PAPCOLL_WINDOW?"
refused "a rule after a catch-all" PAPCOLL_ALLREDUCE=ring,prr \
    "PAPCOLL_ALLREDUCE: rule 'prr': no call can reach it: rule 'ring' before it takes every call it would match"
refused "a rule inside an earlier rule's range" 'PAPCOLL_REDUCE=<=64KiB:binomial,<=32KiB:linear' \
    "PAPCOLL_REDUCE: rule '<=32KiB:linear': no call can reach it: rule '<=64KiB:binomial' before it takes every call it would match"
refused "a rule behind two" 'PAPCOLL_BCAST=np<8:linear,np>=8:binomial,pipeline' \
    "PAPCOLL_BCAST: rule 'pipeline': no call can reach it: rules 'np<8:linear', 'np>=8:binomial' before it take every call it would match"
refused "conditions that exclude each other" 'PAPCOLL_ALLGATHER=>64KiB&<1KiB:ring' \
    "PAPCOLL_ALLGATHER: rule '>64KiB&<1KiB:ring': no call satisfies its conditions"
refused "a value of 4096 characters" "PAPCOLL_GAMMA=$(printf '%04096d' 0)" \
    "PAPCOLL_GAMMA: longer than 4095 characters"
refused "a report in a directory that does not exist" PAPCOLL_REPORT=missing/report.csv \
    "PAPCOLL_REPORT: cannot write 'missing/report.csv': directory 'missing': does not exist"
mkdir -p adir
touch afile
refused "a report that is a directory" PAPCOLL_REPORT=adir \
    "PAPCOLL_REPORT: cannot write 'adir': it exists and is not a regular file"
# (Never a path outside this directory: with the check broken, the
# report would replace it.)
mkfifo fifo
ln -s afile alink
refused "a report that is a FIFO" PAPCOLL_REPORT=fifo \
    "PAPCOLL_REPORT: cannot write 'fifo': it exists and is not a regular file"
refused "a report that is a link" PAPCOLL_REPORT=alink \
    "PAPCOLL_REPORT: cannot write 'alink': it exists and is not a regular file"
refused "a report under a file" PAPCOLL_REPORT=afile/report.csv \
    "PAPCOLL_REPORT: cannot write 'afile/report.csv': 'afile' is not a directory"
# Under Open MPI each process has its own environment: ranks 1 and 2 with
# a misspelt variable, rank 0 without. The lowest rank that found it
# names it, and every rank ends.
rc=0
timeout 120 "$MPIEXEC" --oversubscribe -np 1 -x LD_PRELOAD="$B/libpapcoll.so" "$PAPSIM_PAPCOLL_LIFE" : \
    -np 2 -x LD_PRELOAD="$B/libpapcoll.so" -x PAPCOLL_ALLREDUC=prr "$PAPSIM_PAPCOLL_LIFE" \
    > out.txt 2> err.txt || rc=$?
expect_eq "mpi: rank 1 refuses: exit status" "$rc" 2
expect_eq "mpi: rank 1 refuses: the application did not run" "$(grep -c 'life:' out.txt)" 0
expect_eq "mpi: rank 1 refuses: message" "$(grep '^papcoll: ' err.txt)" \
    "papcoll: rank 1: PAPCOLL_ALLREDUC: no such libpapcoll variable; did you mean PAPCOLL_ALLREDUCE?"

# ---- MPI_Finalize -----------------------------------------------------------
# papcoll-life per rank: 8 allreduce (2 each on MPI_COMM_SELF, a duplicate
# of MPI_COMM_WORLD never freed, one freed, and MPI_COMM_WORLD), 9 reduce
# (the same, and one of its error count); predictions from the second call
# on each communicator.
for run in smpi mpi; do
    for allreduce in prr slt; do
        rm -f rep/report.csv
        mkdir -p rep
        echo "old" > rep/report.csv
        rc=0
        PAPCOLL_REPORT=rep/report.csv PAPCOLL_ALLREDUCE=$allreduce PAPCOLL_REDUCE=clairvoyant \
            $run > out.txt 2> err.txt || rc=$?
        expect_eq "$run: $allreduce on MPI_COMM_SELF: exit status" "$rc" 0
        expect_eq "$run: $allreduce on MPI_COMM_SELF: output" "$(cat out.txt)" \
            "life: ok
life: finalized 0"
        expect_eq "$run: $allreduce on MPI_COMM_SELF: report" \
            "$(cut -d, -f1-7,10 rep/report.csv | tail -n +3)" \
            "reduce,clairvoyant,clairvoyant,27,204,0,-,15
allreduce,$allreduce,$allreduce,24,192,0,-,12"
        expect_eq "$run: $allreduce: the report replaced the old one, no file left beside it" \
            "$(ls -A rep)" report.csv
    done
    # The report's directory removed during the run.
    mkdir -p gone
    rc=0
    PAPCOLL_REPORT=gone/report.csv PAPCOLL_ALLREDUCE=prr $run --rmdir gone > out.txt 2> err.txt ||
        rc=$?
    expect_eq "$run: report not written: exit status" "$rc" 1
    expect_eq "$run: report not written: the application ran to MPI_Finalize" \
        "$(grep "^life:" out.txt)" \
        "life: ok"
    expect_eq "$run: report not written: message" "$(grep '^papcoll: ' err.txt)" \
        "papcoll: PAPCOLL_REPORT: cannot write 'gone/report.csv': No such file or directory"
    # The report's path made a FIFO during the run: left alone.
    rm -f late
    rc=0
    PAPCOLL_REPORT=late PAPCOLL_ALLREDUCE=prr $run --mkfifo late > out.txt 2> err.txt || rc=$?
    expect_eq "$run: report path made a FIFO: exit status" "$rc" 1
    expect_eq "$run: report path made a FIFO: message" "$(grep '^papcoll: ' err.txt)" \
        "papcoll: PAPCOLL_REPORT: cannot write 'late': it exists and is not a regular file"
    expect_eq "$run: report path made a FIFO: still a FIFO, nothing beside it" \
        "$([ -p late ] && echo fifo) $(ls -A | grep -c papcoll-)" "fifo 0"
done
finish
