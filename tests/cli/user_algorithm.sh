# A user's algorithm outside papsim's tree (papsim_plugin.h,
# docs/your-algorithm.md), against an installed and moved papsim:
#   - the shipped example (examples/your-algorithm: papsim's allreduce ring
#     copied out as user:ring2) builds with pkg-config and with
#     find_package(papsim) against the moved prefix, for SMPI and Open MPI;
#   - papsim list shows it; a study with it beside papsim's ring gives the
#     two rows of every case the same simulated times to the last digit,
#     checked results, one report with both; a regress gate catches a
#     slower rebuild; tune and the forecast use what it declares;
#   - every bad file is refused before any case runs, with a message
#     naming the file and what to do;
#   - papbench-mpi under Open MPI and libpapcoll under smpirun and mpiexec
#     run it, the application's results unchanged from papsim's ring.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

unset PAPSIM_PAPBENCH PAPBENCH_MPI PAPSIM_DATA_DIR
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
here=$(pwd -P)

expect_ok "install" cmake --install "$PAPSIM_BUILD_DIR" --prefix "$here/p1"
mv p1 p2
P=$here/p2
export PKG_CONFIG_PATH=$P/lib/pkgconfig
for f in include/papsim/papsim_plugin.h include/papsim/papsim_helpers.h \
         share/papsim/examples/your-algorithm/allreduce_ring2.c; do
    if [ -e "p2/$f" ]; then pass; else fail "not installed: $f"; fi
done

# ---- build the example both ways ----------------------------------------------
cp -r p2/share/papsim/examples/your-algorithm ex
expect_ok "make with pkg-config" make -C ex
expect_ok "cmake configure with find_package" \
    cmake -S ex -B exb -DCMAKE_PREFIX_PATH="$P" -DCMAKE_BUILD_TYPE=Release
expect_ok "cmake build" cmake --build exb
for f in ex/build/allreduce_ring2.smpi.so ex/build/allreduce_ring2.mpi.so \
         exb/allreduce_ring2.smpi.so exb/allreduce_ring2.mpi.so; do
    if [ -e "$f" ]; then pass; else fail "not built: $f"; fi
done
SO=$here/ex/build/allreduce_ring2.smpi.so
MSO=$here/ex/build/allreduce_ring2.mpi.so

# ---- papsim list ----------------------------------------------------------------
expect_ok "list --plugin" "$P/bin/papsim" list allreduce --format csv --plugin "$SO"
expect_eq "list: the user's row" "$(grep '^allreduce,user:ring2,' out.txt | cut -d, -f1-7)" \
    "allreduce,user:ring2,commutative op,none,allreduce_ring,ring:4,ring"
expect_ok "list --plugin of the cmake build" "$P/bin/papsim" list allreduce --plugin exb/allreduce_ring2.smpi.so
expect_eq "list text: user:ring2" "$(awk '$2 == "user:ring2" {print $1, $2}' out.txt)" "allreduce user:ring2"

# ---- one study, papsim's ring beside the user's copy ----------------------------------
mkdir study
cat >study/study.ini <<'SPEC'
collective = allreduce
plugins = ../ex/build/allreduce_ring2.smpi.so
algorithms = ring, user:ring2
np = 4, 7, 8
bytes = 8, 1000, 64KiB
patterns = no_delay, random, ascending
skews = 0, 50us
check = yes
SPEC
expect_ok "run the study" "$P/bin/papsim" run study/study.ini --out res --quiet --jobs 2
rows=$(tail -n +2 res/results.csv | grep -c ',ok$')
expect_eq "study: every row checked and ok" "$(csv_col status res/results.csv | sort -u)" ok
expect_eq "study: 2 x 45 rows" "$rows" 90
# The two rows of a case: every column but case_id and algorithm equal.
pairs=$(csv_drop case_id res/results.csv | tail -n +2 | awk -F, '{ k = $0; sub(/^allreduce,(ring|user:ring2),/, "", k); n[k]++; a[k] = a[k] " " $2 }
    END { for (k in n) if (n[k] != 2) bad++; print (bad ? bad " unpaired" : "paired") }')
expect_eq "study: ring and user:ring2 equal to the last digit in every case" "$pairs" paired
expect_ok "report" "$P/bin/papsim" report res
expect_eq "report: both algorithms in its legend" \
    "$(grep -cE '^(ring +ring|ur +user:ring2) ' res/report/report.txt)" 12
if ls res/report/*np8*skew50us*.png >/dev/null 2>&1; then pass; else fail "no heatmap"; fi

# A regress gate: the same results pass; a rebuild that waits in a barrier
# first (slower) fails it.
cp res/results.csv golden.csv
expect_ok "regress: unchanged" "$P/bin/papsim" regress res/results.csv golden.csv
sed 's/    rc = check_args(count, datatype, op, comm, params);/    MPI_Barrier(comm);\n&/' \
    ex/allreduce_ring2.c >ex/slow.c
expect_eq "planted slow-down in place" "$(grep -c MPI_Barrier ex/slow.c)" 1
expect_ok "build the slower copy" bash -c 'cc -O2 -fPIC -shared -Wl,--exclude-libs,ALL -Wl,-z,defs \
    -o ex/build/allreduce_ring2.smpi.so ex/slow.c $(pkg-config --cflags --libs papsim-smpi)'
expect_ok "run the study again" "$P/bin/papsim" run study/study.ini --out res2 --quiet --jobs 2
rc=0; "$P/bin/papsim" regress res2/results.csv golden.csv >regress.txt 2>&1 || rc=$?
expect_eq "regress: the slower copy fails" "$rc" 1
expect_eq "regress: the changes are user:ring2's, 4 metrics x 90 / 2 rows" \
    "$(grep -c '^changed: allreduce/user:ring2 ' regress.txt) $(grep -c '^changed: allreduce/ring ' regress.txt)" "180 0"
expect_ok "restore the copy" make -C ex -B build/allreduce_ring2.smpi.so

# tune: the counterpart the file declares (ring:4), or given up without it.
cat >tune.ini <<SPEC
collective = allreduce
plugins = $SO
algorithms = user:ring2, recursive_doubling
np = 8
bytes = 8, 1MiB
patterns = no_delay
SPEC
expect_ok "tune study" "$P/bin/papsim" run tune.ini --out tres --quiet
expect_ok "tune without the file" "$P/bin/papsim" tune tres
expect_eq "tune: given up, with a note" "$(grep -c '# given up: user:ring2 (no Open MPI 4.1 counterpart; papsim tune --plugin FILE' tres/ompi-rules.conf)" 1
expect_ok "tune --plugin" "$P/bin/papsim" tune tres --plugin "$SO" --out tres/r.conf
expect_eq "tune: user:ring2 as Open MPI's ring (4) at 1 MiB" "$(grep -c 'user:ring2 = ring 4:' tres/r.conf)" 1

# The forecast: a file without a message-count model is counted with the
# default, and papsim says so.
sed 's/ring2/ring3/g; s/"allreduce_ring", "ring:4", "ring"/"", "", ""/' ex/allreduce_ring2.c >ex/ring3.c
expect_ok "build ring3" bash -c 'cc -O2 -fPIC -shared -Wl,--exclude-libs,ALL -Wl,-z,defs \
    -o ex/ring3.so ex/ring3.c $(pkg-config --cflags --libs papsim-smpi)'
printf 'collective = allreduce\nplugins = ex/ring3.so\nalgorithms = user:ring3\nnp = 4\nbytes = 8\npatterns = no_delay\n' >f.ini
expect_ok "forecast of ring3" "$P/bin/papsim" run f.ini --out fres --dry-run
expect_eq "forecast: the default model, said" "$(grep -c "forecast: user:ring3 ($here/ex/ring3.so) declares no message-count model: counted with the default" err.txt)" 1
expect_ok "list: msgcount default" "$P/bin/papsim" list allreduce --format csv --plugin ex/ring3.so
expect_eq "list: ring3's model column" "$(grep '^allreduce,user:ring3,' out.txt | cut -d, -f5)" default

# ---- bad files: refused before any case runs ----------------------------------------
cat >bad.c <<'C'
#include <papsim/papsim.h>
#ifndef ABI
#define ABI PAPSIM_PLUGIN_ABI_VERSION
#endif
#ifndef COLL
#define COLL "allreduce"
#endif
#ifndef NAME
#define NAME "bad"
#endif
#ifndef FLAGS
#define FLAGS 0
#endif
#ifndef KNOBS
#define KNOBS 0
#endif
#ifdef UNDEFINED
int papsim_no_such_function(void);
#endif
int user_bad(const void *s, void *r, int n, MPI_Datatype t, MPI_Op o, MPI_Comm c,
             const papsim_params *p)
{
    (void)p;
#ifdef UNDEFINED
    papsim_no_such_function();
#endif
    return MPI_Allreduce(s, r, n, t, o, c);
}
#ifndef NO_DECLARATION
PAPSIM_PLUGIN_EXPORT const papsim_plugin_declaration papsim_plugin = {
    PAPSIM_PLUGIN_MAGIC, ABI, sizeof(papsim_plugin_declaration), FLAGS, KNOBS, COLL, NAME,
    "user_bad", "", "", "", PAPSIM_PLUGIN_BUILD_MPI, "a bad file"};
#endif
C
bad() { # bad NAME DEFINES...: bad/NAME.so
    local name=$1; shift
    mkdir -p bad
    cc -O2 -fPIC -shared -o "bad/$name.so" bad.c "$@" $(pkg-config --cflags --libs papsim-smpi) ||
        fail "cannot build bad/$name.so"
}
bad good
bad abi -DABI=99
bad coll '-DCOLL="allsum"'
bad clash '-DNAME="ring"'
bad flags '-DFLAGS=(1u<<12)'
bad knobs '-DKNOBS=(1u<<20)'
bad nodecl -DNO_DECLARATION
bad undefined -DUNDEFINED
printf 'not a shared object\n' >bad/text.so
BAD_INPUT_PREFIX="papsim run: "
refused() { # refused DESC FILE PATTERN: papsim run refuses FILE, nothing runs
    printf 'collective = allreduce\nalgorithms = ring\nplugins = %s\nnp = 4\nbytes = 8\npatterns = no_delay\n' \
        "$2" >r.ini
    rm -rf rres
    expect_bad_input "run: $1" "r.ini:3: plugins: \./$2: $3" "$P/bin/papsim" run r.ini --out rres --quiet
    if [ -e rres/results.csv ]; then fail "run: $1: results written"; else pass; fi
}
refused "another interface version" bad/abi.so \
    "built against papsim's plugin interface version 99, but this papsim reads version 1: rebuild it against this papsim"
refused "an unknown collective" bad/coll.so \
    "declares collective 'allsum', which papsim does not know: use one of allgather, "
refused "a name of papsim's" bad/clash.so \
    "declares allreduce 'ring', the name of one of papsim's own allreduce algorithms: rename it"
refused "an unknown flag" bad/flags.so \
    "declares restriction flags 0x1000 that papsim does not know \(known: PAPSIM_R_POW2, "
refused "an unknown knob" bad/knobs.so "declares knobs 0x100000 that papsim does not know"
refused "no declaration" bad/nodecl.so \
    "holds no papsim algorithm declaration: add PAPSIM_PLUGIN_ALGORITHM\(...\)"
refused "not a shared object" bad/text.so "not a shared object \(ELF ET_DYN\)"
refused "the real MPI's build" ex/build/allreduce_ring2.mpi.so \
    "built with Open MPI's mpi.h, but this program runs on SMPI: give the build for SMPI"
printf 'collective = allreduce\nalgorithms = user:ring2\nnp = 4\nbytes = 8\npatterns = no_delay\n' >n.ini
expect_bad_input "run: user:ring2 without its file" \
    "n.ini:2: algorithms: 'user:ring2' is not a allreduce algorithm \(valid: .*, prr, builtin:NAME\)" \
    "$P/bin/papsim" run n.ini --out nres
# A file that passes the declaration's checks but does not load: papsim run
# has papbench load it once before anything runs, and refuses it with
# papbench's reason; papbench itself refuses it before its first case.
printf 'collective = allreduce\nalgorithms = ring\nplugins = bad/undefined.so\nnp = 4\nbytes = 8\npatterns = no_delay\n' >u.ini
expect_bad_input "run: a file that does not load" \
    "$here/bad/undefined.so: does not load: undefined symbol: papsim_no_such_function: rebuild it against this papsim for SMPI" \
    "$P/bin/papsim" run u.ini --out ures --quiet
if [ -e ures ]; then fail "run: a file that does not load: ures made"; else pass; fi
BAD_INPUT_PREFIX=""
expect_fail "bench: a file that does not load" \
    "papbench: --plugin $here/bad/undefined.so: does not load: undefined symbol: papsim_no_such_function: rebuild it against this papsim for SMPI" \
    "$P/bin/papsim" bench --plugin bad/undefined.so --collective allreduce --algorithm user:bad --np 4 --bytes 8
expect_ok "bench: the good one runs" "$P/bin/papsim" bench --plugin bad/good.so --collective allreduce \
    --algorithm user:bad --np 4 --bytes 8 --check
expect_eq "bench: checked" "$(csv_cols algorithm,status out.txt)" "user:bad,ok"

# ---- papbench-mpi under Open MPI -----------------------------------------------------
expect_ok "papbench-mpi --plugin" "$MPIEXEC" --oversubscribe -np 4 "$P/bin/papbench-mpi" \
    --plugin "$MSO" --collective allreduce --algorithm user:ring2 --bytes 1000 --reps 2 --check
# exit 0 with --check: every value right (a wrong one exits 3); the status
# may be missed_start on a loaded host, which says nothing about the values.
expect_eq "papbench-mpi: 2 rows of user:ring2" "$(csv_col algorithm out.txt | uniq -c | tr -s ' ')" " 2 user:ring2"
expect_fail "papbench-mpi refuses the SMPI build" \
    "papbench: --plugin $SO: built with SMPI's mpi.h, but this program runs on Open MPI" \
    "$MPIEXEC" --oversubscribe -np 2 "$P/bin/papbench-mpi" --plugin "$SO" \
    --collective allreduce --algorithm user:ring2 --bytes 8

# ---- libpapcoll: the application's allreduce by the user's algorithm ---------------------
cp "$PAPSIM_SOURCE_DIR/papcoll/apps/cg.c" cg.c
CG_ARGS="--iters 6 --rows 300 --rhs 32 --work 1e6"
expect_ok "cg with papcoll-smpi.pc" bash -c \
    'cc -O2 -fPIC -shared -DCG_SMPI=1 -o cg.so cg.c $(pkg-config --cflags --libs papcoll-smpi) -lm'
smpi() { "$SMPIRUN" -no-privatize -np 6 -platform "$P/share/papsim/platforms/crossbar.xml" ./cg.so \
             --cfg=smpi/simulate-computation:no --log=root.thres:warning $CG_ARGS; }
PAPCOLL_ALLREDUCE=ring expect_ok "smpirun: cg by ring" smpi
grep -v loop out.txt >smpi-ring.txt
PAPCOLL_PLUGINS=$SO PAPCOLL_ALLREDUCE=user:ring2 PAPCOLL_REPORT=smpi-report.csv \
    expect_ok "smpirun: cg by user:ring2" smpi
expect_eq "smpirun: cg's results those of ring" "$(grep -v loop out.txt)" "$(cat smpi-ring.txt)"
expect_eq "smpirun: integer checks" "$(grep -c 'integer checks: ok' out.txt)" 1
expect_eq "smpirun: the report names user:ring2" \
    "$(awk -F, '$1 == "allreduce" {print $2, $3}' smpi-report.csv)" "user:ring2 user:ring2"
expect_ok "cg for Open MPI" mpicc -O2 -o cg-mpi cg.c -lm
mpi() { "$MPIEXEC" --oversubscribe -np 4 -x LD_PRELOAD="$P/lib/libpapcoll.so" "$@" ./cg-mpi $CG_ARGS; }
expect_ok "mpiexec: cg by ring" mpi -x PAPCOLL_ALLREDUCE=ring
grep -v loop out.txt >mpi-ring.txt
expect_ok "mpiexec: cg by user:ring2" mpi -x PAPCOLL_PLUGINS="$MSO" -x PAPCOLL_ALLREDUCE=user:ring2 \
    -x PAPCOLL_REPORT="$here/mpi-report.csv"
expect_eq "mpiexec: cg's results those of ring" "$(grep -v loop out.txt)" "$(cat mpi-ring.txt)"
expect_eq "mpiexec: the report names user:ring2" \
    "$(awk -F, '$1 == "allreduce" {print $2, $3}' mpi-report.csv)" "user:ring2 user:ring2"
expect_fail "mpiexec: PAPCOLL_PLUGINS with the SMPI build" \
    "papcoll: PAPCOLL_PLUGINS: $SO: built with SMPI's mpi.h, but this program runs on Open MPI" \
    mpi -x PAPCOLL_PLUGINS="$SO" -x PAPCOLL_ALLREDUCE=user:ring2
finish
