# papsim schedule: output format, generators agree, checks, bad input
# (exit 2, messages starting "papsim schedule: ").
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
BAD_INPUT_PREFIX='papsim schedule: '

expect_ok "table 2" "$PAPSIM" schedule --np 4 --segments 4 --check
expect_eq "table 2 rounds" "$(grep '^round [0-9]' out.txt)" "round 0: 1->0:s0 0->1:s1 3->2:s0 2->3:s1
round 1: 2->0:s0 3->1:s1 0->2:s2 1->3:s2
round 2: 1->0:s1* 0->1:s3 3->2:s2 2->3:s3
round 3: 2->0:s2* 3->1:s3
round 4: 1->0:s3*"
expect_eq "check" "$(tail -n 1 out.txt)" "check=ok"

# both generators, every option: the same schedule hash
for opts in "" "--ready le" "--peers availability" "--ready le --peers availability"; do
    a=$("$PAPSIM" schedule --np 23 -N 9 -r 5 -a random:4:20 $opts -g original -p summary | sed 's/.*digest=//')
    b=$("$PAPSIM" schedule --np 23 -N 9 -r 5 -a random:4:20 $opts -g improved -p summary | sed 's/.*digest=//')
    expect_eq "digest $opts" "$a" "$b"
done

# Marendić et al. 2016, Fig. 8: R = 9 with '<', 8 with '<='
expect_eq "fig 8 lt" "$("$PAPSIM" schedule --np 4 -N 4 -a one-late:3:5 -p summary | cut -d' ' -f1)" "rounds=9"
expect_eq "fig 8 le" "$("$PAPSIM" schedule --np 4 -N 4 -a one-late:3:5 --ready le -p summary | cut -d' ' -f1)" "rounds=8"
# a file of arrival times, and the alpha-beta-gamma round time
printf '0\n0\n0\n5\n' >pat.txt
expect_eq "file" "$("$PAPSIM" schedule --np 4 -N 4 -a file:pat.txt -p summary | cut -d' ' -f1)" "rounds=9"
# Marendić et al. 2016, Sec. 7: P = 128, N = 40, rank 127 late by 60 ms, d = 643 us: R = 133;
# the CURIE alpha-beta-gamma model gives d = 682 us, so rank 127 joins after
# 88 rounds and R = 88 + 40 - 1 = 127
expect_eq "40 MiB" "$("$PAPSIM" schedule --np 128 -N 40 -a one-late:127:60ms -d 643us -p summary | cut -d' ' -f1)" "rounds=133"
expect_ok "model" "$PAPSIM" schedule --np 128 -N 40 -a one-late:127:60ms --alpha 2.66us --beta 4.8179e-10 --gamma 1.6654e-10 --bytes 40MiB -p summary
expect_eq "40 MiB model" "$(cut -d' ' -f1 out.txt)" "rounds=127"
expect_ok "time" "$PAPSIM" schedule --np 64 -N 64 -p summary --time --repeat 2
grep -Eq '^time_s=[0-9.]+ time_min_s=[0-9.]+ cpu_s=[0-9.]+ repeat=2 peak_rss_kib=[0-9]+ ' out.txt && pass || fail "time line: $(cat out.txt)"
expect_ok "ranks" "$PAPSIM" schedule --np 3 -N 2 -r 2 -p ranks
expect_eq "ranks rank 2" "$(sed -n '/^rank 2:/,$p' out.txt | sed -n 2p)" "  round 0: recv s0 from 0 (combine), send s1 to 0"

expect_bad_input "no np" "--np is required" "$PAPSIM" schedule -N 4
expect_bad_input "root" "root '4' must be between 0 and 3" "$PAPSIM" schedule --np 4 -N 4 --root 4
expect_bad_input "arrivals" "arrivals 'bogus' is not known" "$PAPSIM" schedule --np 4 -N 4 -a bogus
expect_bad_input "late rank" "rank '7' must be between 0 and 3" "$PAPSIM" schedule --np 4 -N 4 -a one-late:7:1
expect_bad_input "generator" "generator 'fast' is not known" "$PAPSIM" schedule --np 4 -N 4 -g fast
expect_bad_input "round time" "round time '0' must be > 0" "$PAPSIM" schedule --np 4 -N 4 -d 0
expect_bad_input "cells" "more than 536870912 cells" "$PAPSIM" schedule --np 100000 -N 100000
rc=0; "$PAPSIM" schedule --np 4 -N 4 -a one-late:3:1e6 -g original --max-rounds 1000 >out.txt 2>err.txt || rc=$?
expect_eq "max rounds exit" "$rc" "1"
finish
