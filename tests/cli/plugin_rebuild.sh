# A user's algorithm rebuilt between two runs of one study
# (docs/your-algorithm.md#rebuilding-your-algorithm):
#   - the case id of a user:NAME case hashes its shared object's content
#     (--plugin-key on papbench's case line), papsim's own cases keep
#     theirs; provenance.txt records each file and its hash;
#   - a resume with the same build (touched, or copied elsewhere and named
#     by the spec) simulates nothing;
#   - a resume after a rebuild that changes the algorithm moves exactly the
#     old build's rows to results-superseded.csv (byte for byte), says so
#     naming the algorithm, simulates those cases again with the new build
#     and keeps papsim's rows; the next resume simulates nothing;
#   - a file rebuilt while papsim runs (after it keyed the cases, before
#     papbench loads it: an smpirun wrapper) fails those cases with
#     papbench's message and writes no row under the old build's id;
#   - papsim bench keys the file itself and refuses a --plugin-key that is
#     not the file's; a key on papsim's own algorithm is refused.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

unset PAPSIM_PAPBENCH PAPBENCH_MPI PAPSIM_DATA_DIR
here=$(pwd -P)

expect_ok "install" cmake --install "$PAPSIM_BUILD_DIR" --prefix "$here/p"
export PKG_CONFIG_PATH=$here/p/lib/pkgconfig
P=$here/p/bin/papsim
# build SOURCE: ring2.smpi.so, as the example's Makefile builds it.
build() {
    cc -O1 -fPIC -shared -Wl,-z,defs -o ring2.smpi.so "$1" \
        $(pkg-config --cflags --libs papsim-smpi) 2>build.err
}
cp "$PAPSIM_SOURCE_DIR/examples/your-algorithm/allreduce_ring2.c" ring2.c
# The rebuild: the same algorithm, waiting in a barrier first (slower).
sed 's/    rc = check_args(count, datatype, op, comm, params);/    MPI_Barrier(comm);\n&/' \
    ring2.c >slow.c
expect_eq "the rebuild differs in one line" "$(diff ring2.c slow.c | grep -c '^>')" 1
expect_ok "build" build ring2.c

cat >spec.ini <<'SPEC'
collective = allreduce
plugins = ring2.smpi.so
algorithms = ring, user:ring2
np = 4
bytes = 8, 1000
patterns = no_delay
SPEC
key() { grep "^$2 = " "$1" | cut -d' ' -f3; }   # the values of KEY in FILE, one a line

# ---- the key on the case line and in provenance.txt -------------------------------
"$P" run spec.ini --dry-run >dry.txt 2>&1 || fail "dry run: $(head -c 600 dry.txt)"
expect_eq "only the user's case lines carry --plugin-key" \
    "$(grep -c -- '--plugin-key [0-9a-f]\{16\} ' dry.txt) $(grep -c -- '--algorithm ring .*--plugin-key' dry.txt)" "2 0"
k1=$(grep -o -- '--plugin-key [0-9a-f]*' dry.txt | sort -u | cut -d' ' -f2)
expect_eq "one key for the file" "$(echo "$k1" | grep -cE '^[0-9a-f]{16}$')" 1
expect_ok "first run" "$P" run spec.ini --out out --quiet
expect_eq "first run: 4 rows" "$(csv_col algorithm out/results.csv | sort | uniq -c | tr -s ' ' | tr '\n' ';')" \
    " 2 ring; 2 user:ring2;"
expect_eq "provenance: the file" "$(key out/provenance.txt plugin)" "$here/ring2.smpi.so"
expect_eq "provenance: its hash is the cases' key" "$(key out/provenance.txt plugin_fnv1a64)" "$k1"
# papsim's own cases keep their ids: a spec without the user's algorithm
# gives ring the same ids.
printf 'collective = allreduce\nalgorithms = ring\nnp = 4\nbytes = 8, 1000\npatterns = no_delay\n' >ring.ini
expect_ok "ring alone" "$P" run ring.ini --out ring --quiet
expect_eq "papsim's cases keep their ids" "$(csv_col case_id ring/results.csv)" \
    "$(grep ',ring,' out/results.csv | cut -d, -f1)"
cp out/results.csv first.csv

# ---- the same build: nothing runs -------------------------------------------------
touch ring2.smpi.so
expect_ok "touched" "$P" run spec.ini --out out --quiet
expect_eq "touched: nothing simulated" "$(grep -c '4 cases: 0 simulated, 4 already' err.txt)" 1
mkdir elsewhere && cp ring2.smpi.so elsewhere/
sed 's@^plugins = .*@plugins = elsewhere/ring2.smpi.so@' spec.ini >copy.ini
expect_ok "a copy named" "$P" run copy.ini --out out --quiet
expect_eq "a copy: nothing simulated" "$(grep -c '4 cases: 0 simulated, 4 already' err.txt)" 1
expect_eq "same build: no row moved" "$(grep -c moved err.txt) $(ls out | grep -c superseded)" "0 0"

# ---- a rebuild: its cases run again, the old rows are kept aside ---------------------
expect_ok "rebuild" build slow.c
expect_ok "after the rebuild" "$P" run spec.ini --out out --quiet
expect_eq "rebuilt: the user's 2 cases simulated again" \
    "$(grep -c '4 cases: 2 simulated, 2 already' err.txt)" 1
expect_eq "rebuilt: the note names the algorithm" \
    "$(grep -c '^papsim run: out/results.csv: 2 row(s) of the spec.s cases no longer match their case (.*a user algorithm.s shared object rebuilt since.*; the first: platform default, pattern no_delay, algorithm user:ring2): moved to out/results-superseded.csv, their cases run again$' err.txt)" 1
expect_eq "rebuilt: the old build's rows in results-superseded.csv, byte for byte" \
    "$(tail -n +2 out/results-superseded.csv | md5sum)" "$(grep ',user:ring2,' first.csv | md5sum)"
expect_eq "rebuilt: papsim's rows stay" "$(grep ',ring,' out/results.csv | md5sum)" \
    "$(grep ',ring,' first.csv | md5sum)"
expect_eq "rebuilt: one row per case" "$(csv_col case_id out/results.csv | sort -u | wc -l)" 4
k2=$(key out/provenance.txt plugin_fnv1a64 | tail -n 1)
expect_eq "provenance: one record per run, the rebuild's hash last" \
    "$(key out/provenance.txt plugin_fnv1a64 | sort -u | wc -l) $(grep -c '^\[run\]' out/provenance.txt)" "2 4"
if [ "$k2" != "$k1" ]; then pass; else fail "the rebuild has the first build's key $k1"; fi
# The new rows are the slower build's: each case's last delay now exceeds
# ring's, where the first build's equalled it.
compare() { # FILE: per size, = or > of user:ring2's last delay against ring's
    csv_cols bytes,algorithm,last_delay_s "$1" | sort -t, -k1,1n -k2,2 |
        awk -F, '$2 == "ring" { r = $3 } $2 == "user:ring2" { printf "%s%s ", $1, ($3 == r ? "=" : $3 > r ? ">" : "<") }'
}
expect_eq "first build: the times of ring" "$(compare first.csv)" "8= 1000= "
expect_eq "rebuilt: the slower build's times" "$(compare out/results.csv)" "8> 1000> "
expect_ok "rebuilt, resumed" "$P" run spec.ini --out out --quiet
expect_eq "rebuilt, resumed: nothing simulated" "$(grep -c '4 cases: 0 simulated, 4 already' err.txt)" 1

# ---- rebuilt while papsim runs: the cases fail, no row under the old id --------------
expect_ok "back to the first build" build ring2.c
# (a batch: papbench with --cases; the load check before the keys runs -h)
printf '#!/bin/bash\ncase " $* " in *" --cases "*)\n  (cd "%s" && cc -O1 -fPIC -shared -Wl,-z,defs -o ring2.smpi.so slow.c %s) || exit 9 ;;\nesac\nexec "%s" "$@"\n' \
    "$here" "$(pkg-config --cflags --libs papsim-smpi)" "$SMPIRUN" >rebuild-smpirun
chmod +x rebuild-smpirun
rc=0
PAPSIM_SMPIRUN=$PWD/rebuild-smpirun "$P" run spec.ini --out mid --quiet --jobs 1 >out.txt 2>err.txt || rc=$?
expect_eq "rebuilt mid-run: exit 1" "$rc" 1
if grep -q "ring2.smpi.so (user:ring2) changed after its case was keyed: the file now has key $k2, the case was keyed $k1 (--plugin-key), so it is not run" err.txt; then pass; else
    fail "rebuilt mid-run: papbench's reason, with both keys: $(head -c 600 err.txt)"; fi
expect_eq "rebuilt mid-run: no row of the user's algorithm" \
    "$(csv_col algorithm mid/results.csv | grep -c user:)" 0

# ---- papsim bench -------------------------------------------------------------------
expect_ok "bench keys the file" "$P" bench --plugin ring2.smpi.so --np 4 --collective allreduce \
    --algorithm user:ring2 --bytes 8 --dry-run
expect_eq "bench: the file's key on papbench's line" "$(grep -o -- '--plugin-key [0-9a-f]*' out.txt)" \
    "--plugin-key $k2"
BAD_INPUT_PREFIX="papsim bench: "
expect_bad_input "bench: another key" \
    "--plugin-key $k1: the file of user:ring2 has key $k2; leave --plugin-key out" \
    "$P" bench --plugin ring2.smpi.so --np 4 --collective allreduce --algorithm user:ring2 \
    --bytes 8 --plugin-key "$k1" --dry-run
expect_bad_input "bench: a key on papsim's algorithm" \
    "--plugin-key $k1 applies to user:NAME algorithms only \(algorithm is ring\)" \
    "$P" bench --np 4 --collective allreduce --algorithm ring --bytes 8 --plugin-key "$k1" --dry-run

finish
