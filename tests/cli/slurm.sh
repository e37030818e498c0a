# papsim run --slurm on a real single-node Slurm: the test starts its own
# munged, slurmctld and slurmd (Debian's slurm-wlm and munge, installed by
# scripts/install-test-deps.sh) on localhost with a minimal slurm.conf in its
# temporary directory, submits a small sweep as a job array of 3 shards,
# waits for it, merges the shards and asserts the merged results.csv is
# byte-identical to a local run of the same spec. It stops every daemon it
# started. Skipped, saying why, where Slurm cannot run: not root (slurmd
# must be), or the packages are missing.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

skip() { echo "SKIP: cli.slurm: $*"; echo "0 passed, 0 failed (skipped)"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "needs root to start slurmd"
for tool in munged mungekey slurmctld slurmd sbatch squeue sinfo; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] ||
        skip "$tool not found: install slurm-wlm and munge (bash scripts/install-test-deps.sh)"
done
PATH=$PATH:/usr/sbin

here=$PWD
pids=()
stop_daemons() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    [ -f munge/munged.pid ] && kill "$(cat munge/munged.pid)" 2>/dev/null
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
}
trap stop_daemons EXIT

# --- munge, private to this directory -----------------------------------
mkdir -p munge state spool
chmod 700 munge
mungekey --create --keyfile="$here/munge/munge.key" --force >/dev/null 2>&1 ||
    skip "mungekey could not create a key"
munged --force --socket="$here/munge/munge.socket" --key-file="$here/munge/munge.key" \
    --pid-file="$here/munge/munged.pid" --log-file="$here/munge/munged.log" \
    --seed-file="$here/munge/munged.seed" 2>munge/start.err ||
    skip "munged did not start: $(head -c 300 munge/start.err)"

# --- slurm.conf: one node (this host), one partition, a free port pair ----
# Ports below Linux's ephemeral range (32768 and up), so no client socket
# holds them; a port something listens on is skipped, and a controller that
# still fails to bind (a port in TIME_WAIT) is restarted on the next pair.
port=$((20000 + ($$ % 6000) * 2))
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
next_free_ports() {
    while listening "$port" || listening "$((port + 1))"; do port=$((port + 2)); done
}
next_free_ports
write_conf() { # slurm.conf for the current port pair
node=$(hostname -s)
cpus=$(nproc)
cat >slurm.conf <<CONF
ClusterName=papsimtest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$here/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$here/state
SlurmdSpoolDir=$here/spool
SlurmctldPidFile=$here/slurmctld.pid
SlurmdPidFile=$here/slurmd.pid
SlurmctldLogFile=$here/slurmctld.log
SlurmdLogFile=$here/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=papsim Nodes=$node Default=YES MaxTime=10 State=UP
CONF
}
export SLURM_CONF=$here/slurm.conf
# A controller is up once it answers on its port, and gone if it could not
# bind it; until one or the other, it is starting (seconds on a loaded
# host: a fixed pause could take a controller that is about to fail for
# one that bound its port).
ctld_up_or_ended() {
    ! kill -0 "$ctld" 2>/dev/null || timeout 10 scontrol ping 2>/dev/null | grep -q ' is UP'
}
for _ in 1 2 3; do
    write_conf
    slurmctld -D -c -f "$SLURM_CONF" >slurmctld.out 2>&1 &
    ctld=$!
    wait_for 120 ctld_up_or_ended
    kill -0 "$ctld" 2>/dev/null && break
    port=$((port + 2))
    next_free_ports
done
pids+=($ctld)
slurmd -D -c -f "$SLURM_CONF" >slurmd.out 2>&1 &
pids+=($!)
# (sinfo waits long for a controller that is not there.)
node_idle() { timeout 10 sinfo -h -o %T 2>/dev/null | grep -Eq '^idle'; }
wait_for 180 node_idle ||
    skip "Slurm did not come up: $(tail -n 3 slurmctld.log slurmd.log 2>/dev/null | head -c 600)"

# job_ended JOB: the controller answers and no longer lists the job (or no
# longer knows it: it forgets a finished job after a while). A controller
# that does not answer in time (a loaded host) is no sign of the end.
job_ended() {
    local out
    if out=$(timeout 30 squeue -h -j "$1" 2>&1); then [ -z "$out" ]; else
        grep -q 'Invalid job id' <<<"$out"; fi
}

# --- the sweep: 3 shards as a job array, merged, against a local run ------
cat >spec.ini <<'SPEC'
collective = reduce
[absolute]
algorithms = binomial, linear, chain
np = 4, 5
bytes = 8, 1KiB
patterns = no_delay, ascending, random
skews = 10us
reps = 2
[relative]
collective = allreduce
algorithms = ring, recursive_doubling
np = 4
bytes = 1KiB
patterns = last_delayed
skews = 1.5x
SPEC
timeout 60 "$PAPSIM" run spec.ini --out local --jobs 2 --quiet 2>local.err
expect_eq "local run" "$?" 0

expect_ok "--slurm writes the script" "$PAPSIM" run spec.ini --out array --slurm --shards 3 \
    --partition papsim --time 5 --sbatch --nice=0
expect_eq "prints how to submit" "$(grep -c "submit: *sbatch '$here/array/sweep.sbatch'" out.txt)" 1
expect_eq "array of 3" "$(grep -c '^#SBATCH --array=1-3$' array/sweep.sbatch)" 1
expect_eq "partition" "$(grep -c '^#SBATCH --partition=papsim$' array/sweep.sbatch)" 1
expect_eq "extra line" "$(grep -c '^#SBATCH --nice=0$' array/sweep.sbatch)" 1

job=$(sbatch --parsable array/sweep.sbatch 2>sbatch.err)
expect_eq "sbatch accepted the script" "$?" 0
job=${job%%;*}
if wait_for 240 job_ended "$job"; then pass; else
    fail "job array $job still queued after 240 s: $(squeue -j "$job" 2>&1 | head -c 400)"; fi
for i in 1 2 3; do
    if [ -s "array/shard-$i/results.csv" ]; then pass; else
        fail "shard $i wrote no results: $(tail -n 5 "array/slurm/shard-$i.log" 2>&1)"; fi
done
expect_ok "merge" "$PAPSIM" merge array/merged array/shard-1 array/shard-2 array/shard-3
if cmp -s local/results.csv array/merged/results.csv; then pass; else
    fail "merged differs from local: $(diff local/results.csv array/merged/results.csv | head -5)"
fi
expect_eq "rows" "$(wc -l <array/merged/results.csv)" "$(wc -l <local/results.csv)"

# An --out with a blank, a '#' and a '%': the #SBATCH --output line is
# quoted as sbatch reads it ('#' would start a comment, a blank end the
# word, '%' is a file-name pattern), and the logs land in that directory.
printf 'collective = reduce\nalgorithms = binomial, linear\nnp = 4\nbytes = 8\npatterns = no_delay\n' >small.ini
odd='out dir #1 %x "q"'
expect_ok "--slurm into '$odd'" "$PAPSIM" run small.ini --out "$odd" --slurm --shards 2 \
    --partition papsim --time 5
expect_eq "the --output line, quoted" "$(grep '^#SBATCH --output=' "$odd/sweep.sbatch")" \
    "#SBATCH --output=\"$here/out dir #1 %%x \\\"q\\\"/slurm/shard-\"%a.log"
job=$(sbatch --parsable "$odd/sweep.sbatch" 2>sbatch2.err)
expect_eq "sbatch accepted it" "$?" 0
job=${job%%;*}
wait_for 240 job_ended "$job" || fail "job array $job still queued after 240 s"
for i in 1 2; do
    if [ -f "$odd/slurm/shard-$i.log" ]; then pass; else
        fail "no log $odd/slurm/shard-$i.log: $(find . -name 'shard-*.log' | head -5)"; fi
    if [ -s "$odd/shard-$i/results.csv" ]; then pass; else fail "shard $i of '$odd': no results"; fi
done
expect_fail "a backslash in --out is refused, named" "--out '.*a.b': a path with a backslash" \
    "$PAPSIM" run small.ini --out 'a\b' --slurm --shards 2

# Bad input: a shard missing, a bad --shard, a value the script cannot hold.
expect_fail "missing shard" 'shard 2 of 3 is missing' \
    "$PAPSIM" merge array/m2 array/shard-1 array/shard-3
expect_fail "bad --shard" "--shard '4/3' must be I/N" "$PAPSIM" run spec.ini --out x --shard 4/3
expect_fail "bad --partition" "--partition 'a b': empty or has a quote, space" \
    "$PAPSIM" run spec.ini --out x --slurm --partition 'a b'
finish
