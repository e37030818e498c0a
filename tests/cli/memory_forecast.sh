# The memory forecast (lib/sweep/sweep_memory.h): papsim bench and papsim
# run refuse, before anything runs, a case that will not fit the memory
# available or vm.max_map_count, and say by how much; --ignore-memory only
# warns. PAPSIM_MEM_AVAILABLE and PAPSIM_MAX_MAP_COUNT stand in for the
# machine's figures, so the verdicts do not depend on the test host.
source "$(dirname "$0")/lib.sh"

# expect_grep DESC REGEX FILE / expect_no_grep DESC REGEX FILE
expect_grep() { if grep -Eq -- "$2" "$3"; then pass; else fail "$1: no /$2/ in $3: $(head -c 600 "$3")"; fi; }
expect_no_grep() { if grep -Eq -- "$2" "$3"; then fail "$1: /$2/ in $3: $(head -c 600 "$3")"; else pass; fi; }

# 4096 hosts of 16 cores: room for np 65536.
"$PAPSIM" platform fat_tree --nodes 4096 --cores 16 --params "2;64,64;1,64;1,1" \
    -o big.xml >/dev/null || fail "platform"
big=(--collective reduce --algorithm binomial --bytes 1KiB --platform big.xml --np 65536)

# np 65536, 1 KiB: 64 MiB + 65536 x (64 KiB per rank + three 1 KiB vectors)
# = 4.25 GiB, printed 4.2; 1 GiB available leaves 3.2 GiB short.
PAPSIM_MEM_AVAILABLE=1GiB PAPSIM_MAX_MAP_COUNT=1000000 expect_fail "bench over memory" \
    "^papsim bench: forecast: reduce/binomial np=65536 needs about 4\.2 GiB of memory, 3\.2 GiB more than the 1\.0 GiB available \(PAPSIM_MEM_AVAILABLE\): fewer ranks or a larger machine; --ignore-memory runs it anyway$" \
    "$PAPSIM" bench "${big[@]}"
expect_eq "nothing ran (no header)" "$(wc -c <out.txt)" 0

# Mappings: 4096 + 2 x 65536 = 135168 over a limit of 100000; the advice is
# the power of two above 5/4 of the need.
PAPSIM_MEM_AVAILABLE=64GiB PAPSIM_MAX_MAP_COUNT=100000 expect_fail "bench over the map count" \
    "needs about 135168 memory mappings .* more than vm\.max_map_count allows \(100000, PAPSIM_MAX_MAP_COUNT\), and SimGrid would abort; raise it as root: 'sysctl -w vm\.max_map_count=262144'" \
    "$PAPSIM" bench "${big[@]}"

# A 1 MiB vector above 64 KiB is shared in a timing-only case: one copy,
# but every rank maps its 1 MiB block: 4096 + 65536 x (2 + 3) mappings.
PAPSIM_MEM_AVAILABLE=64GiB PAPSIM_MAX_MAP_COUNT=300000 expect_fail "shared buffers' mappings" \
    "needs about 331776 memory mappings" \
    "$PAPSIM" bench "${big[@]}" --bytes 1MiB

PAPSIM_MEM_AVAILABLE=4x expect_fail "a bad figure" \
    "^papsim bench: PAPSIM_MEM_AVAILABLE: bytes '4x' has an unknown unit 'x'" \
    "$PAPSIM" bench --np 4 --collective reduce --algorithm binomial

# --ignore-memory goes on, with the same verdict as a warning: np 4 needs
# 64 MiB and more, 1 MiB is short.
small=(--np 4 --collective reduce --algorithm binomial --bytes 8)
PAPSIM_MEM_AVAILABLE=1MiB expect_fail "np 4 in 1 MiB" "1\.0 GiB|0\.0 GiB available" \
    "$PAPSIM" bench "${small[@]}"
PAPSIM_MEM_AVAILABLE=1MiB expect_ok "--ignore-memory runs it" \
    "$PAPSIM" bench "${small[@]}" --ignore-memory
expect_eq "its row" "$(tail -n +2 out.txt | cut -d, -f2,3,5 | tr '\n' ' ')" "reduce,binomial,4 "
expect_grep "the warning" "^papsim bench: warning: forecast: reduce/binomial np=4 needs about 0\.1 GiB" err.txt

# papsim run: the largest cases, one per worker, side by side. Two cases of
# 4.25 GiB fit 6 GiB one at a time, not two at a time.
cat >big.ini <<'EOF'
[sweep]
collective = reduce
algorithms = binomial, binary
bytes = 1KiB
np = 65536
platforms = big.xml
patterns = no_delay
EOF
export PAPSIM_MEM_AVAILABLE=6GiB PAPSIM_MAX_MAP_COUNT=1000000
expect_ok "dry run, one worker" "$PAPSIM" run big.ini --out res --dry-run --jobs 1
expect_grep "the forecast's memory line" \
    "^papsim run: forecast: memory: about 4\.25 GiB for the largest case \(reduce/binomial np=65536\)$" err.txt
expect_no_grep "no warning with one worker" "warning" err.txt
expect_ok "dry run, two workers" "$PAPSIM" run big.ini --out res --dry-run --jobs 2
expect_grep "the dry run warns" \
    "^papsim run: warning: forecast: reduce/binomial np=65536 needs about 4\.2 GiB of memory \(8\.5 GiB with 2 workers side by side\), 2\.5 GiB more than the 6\.0 GiB available \(PAPSIM_MEM_AVAILABLE\)" err.txt
start=$(date +%s)
expect_fail "run refuses two workers" \
    "^papsim run: forecast: reduce/binomial np=65536 needs about 4\.2 GiB of memory \(8\.5 GiB with 2 workers side by side\), 2\.5 GiB more than the 6\.0 GiB available \(PAPSIM_MEM_AVAILABLE\): fewer workers \(--jobs\), fewer ranks or a larger machine; --ignore-memory runs it anyway$" \
    "$PAPSIM" run big.ini --out res --jobs 2
if [ ! -f res/results.csv ] || [ "$(wc -l <res/results.csv)" -le 1 ]; then pass; else fail "a row was written"; fi
[ $(($(date +%s) - start)) -lt 30 ] && pass || fail "the refusal took $(($(date +%s) - start)) s: something ran"
unset PAPSIM_MEM_AVAILABLE PAPSIM_MAX_MAP_COUNT

finish
