# Everything a spec names is checked before the first case runs: SMPI
# algorithm names (asked from the installed SimGrid), pattern files,
# platforms (speeds, bandwidths, latencies, routes), skews the simulated
# clock cannot resolve, and the key and line of every bad value. Each
# refusal exits 2 with a message naming the file, the line and the key, and
# leaves no result directory behind. Values are checked whether or not a
# case uses them. Unknown options and options without their value are named
# alike by every command; --cfg words are checked against the SimGrid in use
# before any case runs.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

# spec NAME LINES...: writes NAME.ini, one argument per line.
spec() {
    local name=$1; shift
    printf '%s\n' "$@" > "$name.ini"
}

# refused DESC SPEC MESSAGE: papsim run SPEC --out out must exit 2 with
# exactly "papsim run: MESSAGE" as its only line, and create nothing.
refused() {
    local desc=$1 ini=$2 want=$3 rc=0
    "$PAPSIM" run "$ini" --out out --quiet >out.txt 2>err.txt || rc=$?
    expect_eq "$desc: exit status" "$rc" 2
    expect_eq "$desc: message" "$(cat err.txt)" "papsim run: $want"
    if [ -e out ]; then fail "$desc: papsim run created out/"; rm -rf out; else pass; fi
}

BASE=(collective=reduce "bytes = 8" "np = 4")

# ---- builtin: names, against the installed SimGrid's own list ----------
spec builtin "${BASE[@]}" "patterns = no_delay" "algorithms = binomial, builtin:ompi, builtin:nonexistent"
rc=0
"$PAPSIM" run builtin.ini --out out --quiet >out.txt 2>err.txt || rc=$?
expect_eq "builtin: exit status" "$rc" 2
expect_bad_input "builtin: message" \
    "^papsim run: builtin\.ini:5: algorithms: unknown SMPI reduce algorithm 'nonexistent'; SMPI [0-9][0-9.]* has: default, .*, ompi_in_order_binary, .*, automatic$" \
    "$PAPSIM" run builtin.ini --out out --quiet
[ -e out ] && fail "builtin: out/ created" || pass
# The list is SimGrid's: the same names smpirun prints for an unknown one.
smpi_list=$(sed -n 's/.*SMPI [0-9.]* has: //p' err.txt)
expect_eq "builtin: 20 reduce algorithms in SimGrid 3.32's list" \
    "$(echo "$smpi_list" | tr ',' '\n' | wc -l | tr -d ' ')" 20
spec builtin-ok "${BASE[@]}" "patterns = no_delay" "algorithms = builtin:ompi_in_order_binary, builtin:binomial"
expect_ok "builtin: valid SMPI names pass" "$PAPSIM" run builtin-ok.ini --dry-run --quiet
printf 'collective = bcast\nbytes = 8\nnp = 4\npatterns = no_delay\nalgorithms = builtin:binomial_tree, builtin:binomial\n' > builtin-bcast.ini
BAD_INPUT_PREFIX="papsim run: "
expect_bad_input "builtin: checked per collective" \
    "builtin-bcast\.ini:5: algorithms: unknown SMPI bcast algorithm 'binomial'; SMPI [0-9.]+ has: default, .*binomial_tree" \
    "$PAPSIM" run builtin-bcast.ini --out out
rc=0; "$PAPSIM" study builtin.ini --out out >out.txt 2>err.txt || rc=$?
expect_eq "builtin: papsim study exit status" "$rc" 2
if grep -q "^papsim run: builtin\.ini:5: algorithms: unknown SMPI reduce algorithm 'nonexistent'" err.txt
then pass; else fail "builtin: papsim study: $(head -c 300 err.txt)"; fi
[ -e out ] && fail "builtin: papsim study created out/" || pass
BAD_INPUT_PREFIX="papsim bench: "
expect_bad_input "builtin: papsim bench" \
    "--algorithm: unknown SMPI allreduce algorithm 'nope'; SMPI [0-9.]+ has: default, lr, " \
    "$PAPSIM" bench --np 4 --collective allreduce --algorithm builtin:nope

# ---- pattern files -------------------------------------------------------
spec pat-missing "${BASE[@]}" "algorithms = binomial" "patterns = no_delay, file:nope.pat" "skews = 10us"
refused "missing pattern file" pat-missing.ini \
    "pat-missing.ini:5: patterns: pattern file 'nope.pat': cannot read: No such file or directory"
printf '0\n1us\n2us\n' > three.pat
spec pat-count collective=reduce "bytes = 8" "np = 3, 4" "algorithms = binomial" "patterns = file:three.pat" "skews = 10us"
refused "pattern file too short for one np" pat-count.ini \
    "pat-count.ini:5: patterns: pattern file 'three.pat' has 3 delays but np is 4"
printf '0\nsoon\n2us\n' > bad.pat
spec pat-bad collective=reduce "bytes = 8" "np = 3" "algorithms = binomial" "patterns = file:bad.pat"
refused "malformed pattern file" pat-bad.ini \
    "pat-bad.ini:5: patterns: bad.pat:2: duration 'soon' is not a number with an optional unit (ns, us, ms, s)"
BAD_INPUT_PREFIX="papsim bench: "
expect_bad_input "pattern file in bench" "--pattern: pattern file 'three.pat' has 3 delays but np is 4$" \
    "$PAPSIM" bench --np 4 --pattern file:three.pat
spec pat-ok collective=reduce "bytes = 8" "np = 3" "algorithms = binomial" "patterns = file:three.pat"
expect_ok "a good pattern file passes" "$PAPSIM" run pat-ok.ini --dry-run --quiet

# ---- platforms -----------------------------------------------------------
# cluster FILE SPEED BW LAT: a 4-host FLAT cluster; the <cluster> is line 5.
cluster() {
    cat > "$1" <<EOF
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <cluster id="c" prefix="n-" suffix="" radical="0-3" speed="$2" bw="$3" lat="$4"/>
  </zone>
</platform>
EOF
}
cluster bw0.xml 1Gf 0Gbps 1us
cluster bwnan.xml 1Gf NaNGbps 1us
cluster speedneg.xml -1Gf 10Gbps 1us
cluster latneg.xml 1Gf 10Gbps -1us
cat > noroute.xml <<'EOF'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/>
    <host id="b" speed="1Gf"/>
    <host id="c" speed="1Gf"/>
    <link id="l" bandwidth="1Gbps" latency="1us"/>
    <route src="a" dst="b"><link_ctn id="l"/></route>
  </zone>
</platform>
EOF
positive="must be positive (SimGrid 3.32 aborts the simulation on it)"
for case in "bw0.xml|bw='0Gbps' $positive" "bwnan.xml|bw='NaNGbps' is not a finite number" \
            "speedneg.xml|speed='-1Gf' $positive" \
            "latneg.xml|lat='-1us' is negative (SimGrid 3.32 would give silently wrong times)"; do
    file=${case%%|*} what=${case#*|}
    msg="platform '$file': <cluster id='c'> at line 5: $what"
    rc=0; "$PAPSIM" platform --info "$file" >out.txt 2>err.txt || rc=$?
    expect_eq "$file: platform --info exit status" "$rc" 2
    expect_eq "$file: platform --info" "$(cat err.txt)" "papsim platform: $msg"
    rc=0; "$PAPSIM" hostfile --platform "$file" --np 2 >out.txt 2>err.txt || rc=$?
    expect_eq "$file: hostfile exit status" "$rc" 2
    expect_eq "$file: hostfile" "$(cat err.txt)" "papsim hostfile: $msg"
    [ -s out.txt ] && fail "$file: hostfile wrote hosts" || pass
    spec "run-$file" "${BASE[@]}" "algorithms = binomial" "patterns = no_delay" "platforms = $file"
    refused "$file: papsim run" "run-$file.ini" "run-$file.ini:6: platforms: platform './$file': <cluster id='c'> at line 5: $what"
done
noroute="<zone id='z'> at line 4: no route from host 'a' to host 'c' (routing=\"Full\" needs a <route src=\"a\" dst=\"c\"> or the reverse one, symmetrical)"
rc=0; "$PAPSIM" platform --info noroute.xml >out.txt 2>err.txt || rc=$?
expect_eq "noroute: exit status" "$rc" 2
expect_eq "noroute: platform --info" "$(cat err.txt)" "papsim platform: platform 'noroute.xml': $noroute"
spec run-noroute collective=reduce "bytes = 8" "np = 3" "algorithms = binomial" "patterns = no_delay" "platforms = noroute.xml"
refused "noroute: papsim run" run-noroute.ini "run-noroute.ini:6: platforms: platform './noroute.xml': $noroute"
# A negative latency used to give status ok with a wrong time: now no run.
rc=0; "$PAPSIM" bench --np 4 --platform latneg.xml >out.txt 2>err.txt || rc=$?
expect_eq "negative latency: bench exit status" "$rc" 2
[ -s out.txt ] && fail "negative latency: bench printed rows: $(cat out.txt)" || pass

# ---- skews the simulated clock cannot resolve ------------------------------
spec skew "${BASE[@]}" "algorithms = binomial" "patterns = ascending" "skews = 10us, 1e30"
refused "skew 1e30" skew.ini \
    "skew.ini:6: skews: --skew: skew '1e30' is too large: a skew may be at most 4096 s, so that the simulated clock (seconds in a double) steps by less than 1 ps until twice the skew; at 2e+30 s it steps by 2.8e+14 s and the collective's times lose their digits"
# A relative skew is known only after its no-delay case ran: one that
# resolves beyond the limit is reported and not run (status 1: failed).
spec skew-rel collective=reduce "bytes = 8" "np = 2" "algorithms = binomial" "patterns = first_delayed" "skews = 1e12x"
rc=0; "$PAPSIM" run skew-rel.ini --out rel --quiet --jobs 1 >out.txt 2>err.txt || rc=$?
expect_eq "relative skew beyond the limit: exit status" "$rc" 1
if grep -q "^papsim run: reduce/binomial np=2 8B first_delayed skew 1e12x: case not run: skew '1e12x' is too large: a skew may be at most 4096 s" err.txt
then pass; else fail "relative skew beyond the limit: $(head -c 400 err.txt)"; fi
expect_eq "relative skew beyond the limit: only the no-delay row" \
    "$(csv_cols pattern,status rel/results.csv)" "no_delay,ok"
spec skew-ok "${BASE[@]}" "algorithms = binomial" "patterns = ascending" "skews = 4096s"
expect_ok "skew 4096 s passes" "$PAPSIM" run skew-ok.ini --dry-run --quiet
BAD_INPUT_PREFIX="papsim bench: "
expect_bad_input "skew in bench" "--skew: skew '5000s' is too large: .* at 10000 s it steps by 1.8e-12 s" \
    "$PAPSIM" bench --np 4 --pattern ascending --skew 5000s

# ---- each value at its own key and line ------------------------------------
spec dtype "${BASE[@]}" "algorithms = binomial" "patterns = no_delay" "datatype = bogus"
refused "datatype" dtype.ini "dtype.ini:6: datatype: --datatype 'bogus' is unknown (valid: char, int, float, double, long)"
spec op "${BASE[@]}" "algorithms = binomial" "patterns = no_delay" "op = bogus"
refused "op" op.ini "op.ini:6: op: --op 'bogus' is unknown (valid: sum, max, min, prod, affine)"
spec rpn "${BASE[@]}" "algorithms = binomial" "patterns = no_delay" "ranks_per_node = 100"
refused "ranks_per_node" rpn.ini \
    "rpn.ini:6: ranks_per_node: 100 ranks per node: hosts of platform 'default' have 16 cores (at most 32 ranks per node, 2 per core)"
spec knowledge "${BASE[@]}" "algorithms = binomial, clairvoyant" "patterns = no_delay" "knowledge = estimated"
refused "knowledge that one algorithm cannot take" knowledge.ini \
    "knowledge.ini:6: knowledge: --knowledge estimated is not available for reduce/clairvoyant (it serves allreduce slt and prr); use oracle or predicted"
spec root collective=reduce "bytes = 8" "np = 4, 2" "algorithms = binomial" "patterns = no_delay" "root = 3"
refused "root outside an np" root.ini "root.ini:3: np: np=2 leaves out root 3 (ranks are 0 to 1)"
spec bignp collective=reduce "bytes = 8" "np = 4, 200" "algorithms = binomial" "patterns = no_delay"
refused "np too large names the platform that fits" bignp.ini \
    "bignp.ini:3: np: np=200 with 16 ranks per node needs 13 nodes but platform 'default' has 4 hosts; \`papsim platform flat --nodes 13 --cores 16 -o platform.xml\` writes a flat platform that fits"

# ---- every value checked, used or not ----------------------------------------
# Skews no pattern of the block uses (no_delay has none), a matrix seed no
# random matrix uses and a default every block overrides are still values of
# the spec: refused at their line as when they are used.
spec unused-skews "${BASE[@]}" "algorithms = binomial" "patterns = no_delay" "skews = nan, -5us, 3parsec"
refused "skews no pattern uses" unused-skews.ini \
    "unused-skews.ini:6: skews: --skew: skew 'nan' is neither a duration (100us, 2ms, 1.5s) nor a factor (1.5x, 1.5x-own)"
spec unused-skew3 "${BASE[@]}" "algorithms = binomial" "patterns = no_delay" "skews = 10us, 3parsec"
refused "the third skew no pattern uses" unused-skew3.ini \
    "unused-skew3.ini:6: skews: --skew: skew '3parsec' has an unknown unit 'parsec' (use ns, us, ms or s)"
# A default every block sets itself: no case uses it, and it is checked too.
spec unused-default "skews = 1ns, 3parsec" "[only]" "${BASE[@]}" "algorithms = binomial" \
    "patterns = no_delay, ascending" "skews = 1us"
refused "a default skew every block overrides" unused-default.ini \
    "unused-default.ini:1: skews: --skew: skew '3parsec' has an unknown unit 'parsec' (use ns, us, ms or s)"
spec unused-default-np "np = 4, x" "in_place = maybe" "[only]" "${BASE[@]}" "algorithms = binomial" \
    "patterns = no_delay" "in_place = no"
refused "a default np every block overrides" unused-default-np.ini \
    "unused-default-np.ini:1: np: --np 'x' is not an integer"
# The text keys too: each default value every block overrides is checked
# alone, as a block would check it (its name, a pattern file's lines, a
# platform loaded; an algorithm against the default collective, else
# against every collective).
OWN=("[only]" "${BASE[@]}" "algorithms = binomial" "patterns = no_delay" "datatype = int"
     "op = sum" "mappings = sequential" "distributions = uniform" "platforms = default")
printf '0\nabc\n' >bad-pattern.txt
unused_text() { # NAME DEFAULT-LINE MESSAGE
    spec "unused-$1" "$2" "${OWN[@]}"
    refused "a default $1 every block overrides" "unused-$1.ini" "unused-$1.ini:1: $3"
}
unused_text datatype "datatype = bogus" \
    "datatype: --datatype 'bogus' is unknown (valid: char, int, float, double, long)"
unused_text op "op = bogus" "op: --op 'bogus' is unknown (valid: sum, max, min, prod, affine)"
unused_text ops "op = sum, max" "op takes one value, not 2"
unused_text mappings "mappings = sequential, diagonal" \
    "mappings: --mapping 'diagonal' is unknown (valid: sequential, cyclic)"
unused_text distributions "distributions = lindec, nope" \
    "distributions: --distribution 'nope' is unknown (valid: uniform, broadcast, spike, half, lindec, geometric)"
unused_text patterns "patterns = ascending, nope" \
    "patterns: --pattern: unknown pattern 'nope' (valid: no_delay, ascending, descending, first_delayed, last_delayed, random, half_delayed, alternating, v_shape, peak, gaussian, file:PATH)"
unused_text pattern-file "patterns = file:bad-pattern.txt" \
    "patterns: bad-pattern.txt:2: duration 'abc' is not a number with an optional unit (ns, us, ms, s)"
unused_text platforms "platforms = default, nosuch.xml" \
    "platforms: platform './nosuch.xml': cannot read: No such file or directory"
unused_text algorithms "algorithms = binomial, nosuchalgo" \
    "algorithms: 'nosuchalgo' is not an algorithm of any collective (papsim list)"
spec unused-algorithm "algorithms = ring" "collective = reduce" "${OWN[@]}"
refused "a default algorithm of the default collective" unused-algorithm.ini \
    "unused-algorithm.ini:1: algorithms: 'ring' is not a reduce algorithm (valid: binomial, linear, chain, pipeline, binary, in_order_binary, rabenseifner, butterfly, parallel_ring, clairvoyant, radix_k, two_tree, builtin:NAME)"
spec used-words "datatype = float" "op = max" "mappings = cyclic" "distributions = lindec" \
    "patterns = ascending" "platforms = default" "algorithms = ring, builtin:x" "${OWN[@]}"
expect_ok "defaults every block overrides, all valid" "$PAPSIM" run used-words.ini --dry-run --quiet
spec unused-seed collective=alltoallv "bytes = 8" "np = 4" "algorithms = linear" "patterns = no_delay" "matrix_seed = 0"
refused "a matrix seed no random matrix uses" unused-seed.ini \
    "unused-seed.ini:6: matrix_seed: --matrix-seed '0' is not a seed (an integer from 1 to 2^63-1)"

# ---- unknown options and commands are named as such, in one form -----------
for cmd in list pattern platform hostfile bench check run merge report study regress calibrate \
           compare schedule trace-summary; do
    rc=0; "$PAPSIM" $cmd --bogus-flag >out.txt 2>err.txt || rc=$?
    expect_eq "$cmd --bogus-flag: exit status" "$rc" 2
    expect_eq "$cmd --bogus-flag: message" "$(cat err.txt)" \
        "papsim $cmd: unknown option '--bogus-flag' (see papsim $cmd --help)"
done
# An option without its value, in the same form from every command.
for cmdopt in "list --np" "list --format" "pattern --np" "platform --info" "hostfile --np" \
              "bench --np" "bench --per-rank" "run --out" "report --relative" "study --out" \
              "regress --rtol" "calibrate --np" "compare --metric" "schedule --np" "tune --out"; do
    set -- $cmdopt
    rc=0; "$PAPSIM" "$1" "$2" >out.txt 2>err.txt || rc=$?
    expect_eq "$cmdopt without its value: exit status" "$rc" 2
    expect_eq "$cmdopt without its value: message" "$(cat err.txt)" \
        "papsim $1: missing value for option '$2' (see papsim $1 --help)"
done
rc=0; "$PAPSIM" bogus-command >out.txt 2>err.txt || rc=$?
expect_eq "unknown command: exit status" "$rc" 2
expect_eq "unknown command: message" "$(cat err.txt)" "papsim: unknown command 'bogus-command' (valid: list, pattern, platform, hostfile, bench, check, run, merge, report, study, regress, calibrate, compare, schedule, trace-summary, tune, new; see papsim --help)"
[ -e out ] && fail "an option check created out/" || pass

# ---- --cfg=smpi/<collective>:NAME, checked like builtin:NAME --------------
spec plain "${BASE[@]}" "patterns = no_delay" "algorithms = binomial"
BAD_INPUT_PREFIX="papsim run: "
expect_bad_input "--cfg: an unknown SMPI algorithm" \
    "'--cfg=smpi/reduce:bogus': unknown SMPI reduce algorithm 'bogus'; SMPI [0-9.]+ has: default, " \
    "$PAPSIM" run plain.ini --out out --cfg=smpi/reduce:bogus
[ -e out ] && fail "--cfg: out/ created" || pass
expect_bad_input "--cfg: a selector is an algorithm of every collective" \
    "'--cfg=smpi/coll-selector:ompi_binomial': not a selector of every collective: unknown SMPI allgather algorithm" \
    "$PAPSIM" run plain.ini --out out --cfg=smpi/coll-selector:ompi_binomial
expect_bad_input "--cfg: no name" "'--cfg=smpi/bcast:': no algorithm name after ':'" \
    "$PAPSIM" run plain.ini --out out --cfg=smpi/bcast:
expect_bad_input "--cfg: would replace the algorithm of builtin: cases" \
    "'--cfg=smpi/reduce:flat_tree' would replace the SMPI algorithm of the builtin:NAME cases" \
    "$PAPSIM" run builtin-ok.ini --out out --cfg=smpi/reduce:flat_tree
expect_ok "--cfg: valid names pass" "$PAPSIM" run plain.ini --dry-run --quiet \
    --cfg=smpi/reduce:flat_tree --cfg=smpi/coll-selector:mpich --cfg=smpi/bcast:binomial_tree
# Every --cfg word against the SimGrid in use, before any case runs: one
# smpirun that ends at once, SimGrid's own message for the word it refuses.
for cmd in run study; do
    rc=0; "$PAPSIM" $cmd plain.ini --out out --cfg=bogus/item:zz >out.txt 2>err.txt || rc=$?
    expect_eq "$cmd --cfg=bogus/item:zz: exit status" "$rc" 2
    expect_eq "$cmd --cfg=bogus/item:zz: message" \
        "$(tail -n 1 err.txt | sed 's/SimGrid [0-9.]* refuses/SimGrid V refuses/')" \
        "papsim run: '--cfg=bogus/item:zz': SimGrid V refuses it: Bad config key: bogus/item"
    [ -e out ] && fail "$cmd --cfg=bogus/item:zz: out/ created (a case ran)" || pass
done
rc=0; "$PAPSIM" run plain.ini --out out --cfg=network/model:CM02 --cfg=smpi/host-speed:abc \
    >out.txt 2>err.txt || rc=$?
expect_eq "--cfg with a value SimGrid cannot read: exit status" "$rc" 2
expect_eq "--cfg with a value SimGrid cannot read: the word named" \
    "$(sed 's/SimGrid [0-9.]* refuses/SimGrid V refuses/' err.txt)" \
    "papsim run: '--cfg=smpi/host-speed:abc': SimGrid V refuses it: Parse error at smpi/host-speed:1: cannot parse number:abc"
[ -e out ] && fail "--cfg=smpi/host-speed:abc: out/ created" || pass
rc=0; "$PAPSIM" bench --np 2 --log=root.thres:loud >out.txt 2>err.txt || rc=$?
expect_eq "bench --log with an unknown level: exit status" "$rc" 2
expect_eq "bench --log with an unknown level: message" \
    "$(sed 's/SimGrid [0-9.]* refuses/SimGrid V refuses/' err.txt)" \
    "papsim bench: '--log=root.thres:loud': SimGrid V refuses it: Unknown priority name: loud (must be one of: trace,debug,verbose,info,warning,error,critical)"
[ -s out.txt ] && fail "bench --log=root.thres:loud: a case ran: $(cat out.txt)" || pass
expect_ok "--cfg SimGrid takes: the run goes on" "$PAPSIM" run plain.ini --out cm02 --quiet \
    --cfg=network/model:CM02
expect_eq "--cfg SimGrid takes: its row" "$(csv_col status cm02/results.csv)" ok
BAD_INPUT_PREFIX="papsim bench: "
expect_bad_input "bench --cfg: an unknown SMPI algorithm" \
    "'--cfg=smpi/allreduce:nope': unknown SMPI allreduce algorithm 'nope'" \
    "$PAPSIM" bench --np 2 --cfg=smpi/allreduce:nope
expect_bad_input "bench --cfg: would replace builtin:" "would replace the SMPI algorithm" \
    "$PAPSIM" bench --np 2 --algorithm builtin:binomial --cfg=smpi/reduce:flat_tree

# The check has a time limit: an smpirun that never ends (here a fake that
# starts a child and waits) is killed with its process group after
# PAPSIM_PROBE_TIMEOUT seconds, and the message names the check.
printf '#!/bin/bash\nsleep 300 &\necho $! >"%s/probe-child.pid"\nwait\n' "$PWD" >slow-smpirun
chmod +x slow-smpirun
start=$(date +%s)
rc=0; PAPSIM_SMPIRUN=$PWD/slow-smpirun PAPSIM_PROBE_TIMEOUT=1 "$PAPSIM" bench --np 2 \
    --cfg=network/model:CM02 >out.txt 2>err.txt || rc=$?
expect_eq "--cfg check past its time limit: exit status" "$rc" 2
expect_eq "--cfg check past its time limit: message" "$(cat err.txt)" \
    "papsim bench: cannot run SimGrid to check the --cfg options: one smpirun of papbench --library-version ('$PWD/slow-smpirun') did not end within 1 s: killed with its process group"
[ $(($(date +%s) - start)) -lt 30 ] && pass || fail "--cfg check past its time limit: took $(($(date +%s) - start)) s"
# Killed, it may stay a zombie for a moment until init reaps it.
child_runs() { # PID: 0 while it exists and is not a zombie
    local state
    state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) && [ "$state" != Z ]
}
child=$(cat probe-child.pid)
for _ in $(seq 50); do child_runs "$child" || break; sleep 0.1; done
child_runs "$child" && fail "--cfg check past its time limit: smpirun's child still runs" || pass
[ -s out.txt ] && fail "--cfg check past its time limit: a case ran" || pass

# `papsim --version` asks the same smpirun for SimGrid's version, under the
# same limit: it says why the version is unknown instead of waiting.
start=$(date +%s)
rc=0; PAPSIM_SMPIRUN=$PWD/slow-smpirun PAPSIM_PROBE_TIMEOUT=1 "$PAPSIM" --version >out.txt 2>err.txt || rc=$?
expect_eq "--version past the time limit: exit status" "$rc" 0
expect_eq "--version past the time limit: its simgrid line" "$(grep '^simgrid ' out.txt)" \
    "simgrid unknown (one run with --library-version ('$PWD/slow-smpirun') did not end within 1 s: killed with its process group)"
[ $(($(date +%s) - start)) -lt 30 ] && pass || fail "--version past the time limit: took $(($(date +%s) - start)) s"
child=$(cat probe-child.pid)
for _ in $(seq 50); do child_runs "$child" || break; sleep 0.1; done
child_runs "$child" && fail "--version past the time limit: smpirun's child still runs" || pass

finish
