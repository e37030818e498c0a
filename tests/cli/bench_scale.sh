# bench/scale.sh end to end at small np: every line a row with its simulated
# time (each algorithm at each np, several on one generated platform), and
# Rabenseifner's rendezvous check equal. The large runs it exists for take
# minutes each; this keeps the script itself working.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

rc=0
PAPSIM_SCALE_NPS="64 128" PAPSIM_SCALE_CHECK_NP=64 PAPSIM_SCALE_TIMEOUT=300 \
    bash "$PAPSIM_SOURCE_DIR/bench/scale.sh" "$PAPSIM_BUILD_DIR" >out.txt 2>err.txt || rc=$?
expect_eq "exit status" "$rc" 0
expect_eq "its messages" "$(cat err.txt)" ""
expect_eq "files it left behind" "$(ls | grep -vx -e out.txt -e err.txt)" ""
expect_eq "rabenseifner: rendezvous leaves the simulated time" \
    "$(grep -c '^# rabenseifner np 64 .*(equal)$' out.txt)" 1
# np collective algorithm bytes simulated_s wall_s cpu_s rss_MiB pss_MiB KiB/rank
rows=$(awk '$1 ~ /^[0-9]+$/ && $5 ~ /^[0-9.e-]+$/ && $5 > 0 && $7 ~ /^[0-9.]+$/ && NF == 10 { print $1, $2, $3 }' out.txt)
expect_eq "a row per np and algorithm" "$rows" "64 reduce binomial
64 allreduce rabenseifner
64 reduce clairvoyant
128 reduce binomial
128 allreduce rabenseifner
128 reduce clairvoyant"
expect_eq "lines that are not rows" "$(grep -v '^#' out.txt | awk 'NR > 1 && !($5 ~ /^[0-9.e-]+$/)')" ""
finish
