# Provenance: `papsim --version` names papsim's version and commit and the
# SimGrid version read at run time; every `papsim run` directory gets a
# provenance.txt with its keys, hashes that follow the spec's bytes, and one
# record per run (a resume keeps the earlier ones); `papsim regress` notes
# a golden simulated with another SimGrid version. (The hash function itself
# is checked against known answers in unit.provenance.)
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

expect_ok "--version" "$PAPSIM" --version
cp out.txt version.txt
project=$(sed -n 's/^project(papsim VERSION \([0-9.]*\).*/\1/p' "$PAPSIM_SOURCE_DIR/CMakeLists.txt")
expect_eq "line 1: papsim and the project version" "$(sed -n 1p version.txt)" "papsim $project"
commit=$(sed -n 's/^commit //p' version.txt)
if want=$(git -C "$PAPSIM_SOURCE_DIR" describe --always --abbrev=12 2>/dev/null); then
    expect_eq "commit: git describe of the sources" "${commit%-dirty}" "$want"
else
    expect_eq "commit outside git" "$commit" "unknown"
fi
simgrid=$(sed -n 's/^simgrid //p' version.txt)
if [[ "$simgrid" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then pass; else fail "simgrid line: '$simgrid'"; fi
# The same major.minor as smpirun's own banner ("SimGrid version 3.32").
banner=$("$SMPIRUN" --version 2>&1 | sed -n 's/^SimGrid version \([0-9]*\.[0-9]*\).*/\1/p')
expect_eq "simgrid agrees with smpirun --version" "${simgrid%.*}" "$banner"

cat >spec.ini <<'SPEC'
collective = allreduce
algorithms = ring
np = 4
bytes = 64
platforms = default
patterns = no_delay
SPEC
run() { "$PAPSIM" run "$1" --out "$2" --quiet --jobs 1; }
expect_ok "first run" run spec.ini a
expect_ok "same spec again" run spec.ini b
prov=a/provenance.txt
key() { sed -n "s/^$2 = //p" "$1" | sed -n "${3:-1}p"; }
for k in papsim_version papsim_commit simgrid_version mpi_library spec spec_fnv1a64 \
         platform platform_fnv1a64 command date_utc; do
    expect_eq "key $k once" "$(grep -c "^$k = " "$prov")" 1
done
expect_eq "papsim_version" "$(key $prov papsim_version)" "$project"
expect_eq "papsim_commit" "$(key $prov papsim_commit)" "$commit"
expect_eq "simgrid_version" "$(key $prov simgrid_version)" "$simgrid"
expect_eq "mpi_library under SMPI" "$(key $prov mpi_library)" "none (SimGrid/SMPI)"
expect_eq "spec" "$(key $prov spec)" "spec.ini"
expect_eq "platform" "$(key $prov platform)" "default"
expect_eq "command" "$(key $prov command)" "papsim run spec.ini --out a --quiet --jobs 1"
if [[ "$(key $prov date_utc)" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$ ]]; then
    pass; else fail "date_utc: '$(key $prov date_utc)'"; fi
h1=$(key a/provenance.txt spec_fnv1a64)
if [[ "$h1" =~ ^[0-9a-f]{16}$ ]]; then pass; else fail "spec_fnv1a64: '$h1'"; fi
expect_eq "same spec, same hash" "$(key b/provenance.txt spec_fnv1a64)" "$h1"
expect_eq "same platform, same hash" "$(key b/provenance.txt platform_fnv1a64)" \
    "$(key a/provenance.txt platform_fnv1a64)"

# One more byte in the spec: another hash.
{ cat spec.ini; echo "# changed"; } >changed.ini
expect_ok "changed spec" run changed.ini c
h3=$(key c/provenance.txt spec_fnv1a64)
if [ -n "$h3" ] && [ "$h3" != "$h1" ]; then pass; else fail "changed spec kept hash '$h1'"; fi

# A platform file is hashed too, and follows its bytes.
cp "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" xbar.xml
sed 's/^platforms = .*/platforms = xbar.xml/' spec.ini >xspec.ini
expect_ok "run on a platform file" run xspec.ini x1
echo "<!-- changed -->" >>xbar.xml
expect_ok "run on the changed platform file" run xspec.ini x2
p1=$(key x1/provenance.txt platform_fnv1a64); p2=$(key x2/provenance.txt platform_fnv1a64)
if [[ "$p1" =~ ^[0-9a-f]{16}$ ]] && [ "$p1" != "$p2" ]; then pass; else
    fail "platform hashes '$p1' '$p2'"; fi

# A rerun into the same directory (resume) appends a record, keeps the first.
head -n "$(wc -l <a/provenance.txt)" a/provenance.txt >first.txt
expect_ok "rerun into a" run spec.ini a
expect_eq "two records" "$(grep -c '^\[run\]' a/provenance.txt)" 2
expect_eq "the first record is kept as it was" \
    "$(head -n "$(wc -l <first.txt)" a/provenance.txt)" "$(cat first.txt)"

# papsim calibrate (a real MPI) records the MPI library's own version text:
# the version mpirun --version reports too.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl=self,vader
mkdir -p cal
# The record is written once the measurements are, before the fit; on a
# loaded host the fit of so few samples may refuse them ("the times do not
# grow", cli.calibrate tests that): the record must be there either way.
rc=0
timeout 120 "$PAPSIM" calibrate --np 2 --iters 2 --max-bytes 16 \
    --out cal/real --mpiexec-arg --oversubscribe >out.txt 2>err.txt || rc=$?
if [ "$rc" -eq 0 ] || { [ "$rc" -eq 2 ] && grep -q 'the times do not grow' err.txt; }; then
    pass
else
    fail "calibrate (exit $rc): $(head -c 600 err.txt)"
fi
expect_eq "calibrate wrote its measurements" "$(test -s cal/real.csv && echo yes)" yes
# ("mpiexec (OpenRTE) 4.1.4")
ompi=$("$MPIEXEC" --version 2>&1 | sed -n '1s/^mpi[a-z]* (Open[A-Za-z ]*) \([0-9][0-9.]*\)$/\1/p')
lib=$(key cal/provenance.txt mpi_library)
if [ -n "$ompi" ] && [[ "$lib" == "Open MPI v$ompi"* ]]; then pass; else
    fail "mpi_library '$lib' for Open MPI '$ompi'"; fi
expect_eq "calibrate: command" "$(key cal/provenance.txt command)" \
    "papsim calibrate --np 2 --iters 2 --max-bytes 16 --out cal/real --mpiexec-arg --oversubscribe"

# regress: a note when the golden came from another SimGrid version.
mkdir -p g bare
cp a/results.csv g/results.csv
sed 's/^simgrid_version = .*/simgrid_version = 3.31.0/' a/provenance.txt >g/provenance.txt
expect_ok "regress across SimGrid versions exits 0 (same times)" \
    "$PAPSIM" regress b/results.csv g/results.csv
expect_eq "note names both versions" \
    "$(grep -c "note: golden g/results.csv was simulated with SimGrid 3.31.0, b/results.csv with SimGrid $simgrid" out.txt)" 1
expect_ok "regress, same SimGrid" "$PAPSIM" regress b/results.csv a/results.csv
expect_eq "no note for the same version" "$(grep -c 'note:' out.txt)" 0
cp a/results.csv bare/results.csv
expect_ok "regress against a bare CSV" "$PAPSIM" regress b/results.csv bare/results.csv
expect_eq "no note without provenance" "$(grep -c 'note:' out.txt)" 0
finish
