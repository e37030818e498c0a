# Paths with blanks, $( and backquotes work end to end. smpirun is a shell
# script that splits its hostfile option and the program's arguments at
# blanks; papbench once got its case as words on one line. So every case
# failed (results.csv had its header only) and `papsim bench --platform
# 'plat dir/p.xml'` said "papbench: unknown option 'dir/p.xml'".
# - papsim run: a spec whose platform file and pattern file have such
#   names, into such an --out directory: every row ok, names kept whole;
# - papsim bench: the same platform, pattern and a --per-rank file so named;
#   --dry-run quotes them for a shell;
# - what results.csv cannot hold (a newline, a comma, a double quote in a
#   platform or pattern name) is refused before anything runs, naming the
#   character and the option or spec key.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

platdir='plat $(touch PWNED) `x` dir'
mkdir -p "$platdir" 'spec dir' 'pat dir'
cp "$PAPSIM_SOURCE_DIR/platforms/cervino-4.xml" "$platdir/p q.xml"
printf '0\n3us\n' > 'pat dir/p $(y) f.txt'
out='out dir $(touch PWNED) `z`'

# The platform is relative to the spec's directory, the pattern file to the
# current one (as papbench reads it).
cat > 'spec dir/sweep.ini' <<EOF
collective = reduce
np = 2
bytes = 8
platforms = ../$platdir/p q.xml
patterns = no_delay, file:pat dir/p \$(y) f.txt
skews = 3us
algorithms = binomial, linear
EOF
expect_ok "run: a sweep through these paths" "$PAPSIM" run 'spec dir/sweep.ini' --out "$out" --jobs 1
expect_eq "run: every case simulated" \
    "$(grep -c '4 cases: 4 simulated, 0 already in results, 0 unsupported, 0 timed out, 0 failed' err.txt)" 1
expect_eq "run: rows ok, names whole" \
    "$(csv_cols algorithm,platform,pattern,status "$out/results.csv" | tr ',' '|' | sort | tr '\n' ';')" \
    "binomial|../$platdir/p q.xml|file:pat dir/p \$(y) f.txt|ok;binomial|../$platdir/p q.xml|no_delay|ok;linear|../$platdir/p q.xml|file:pat dir/p \$(y) f.txt|ok;linear|../$platdir/p q.xml|no_delay|ok;"
# The pattern file was read: rank 1 arrives 3 us after rank 0.
expect_eq "run: the pattern file's delays" \
    "$(csv_cols pattern,algorithm,total_delay_s,last_delay_s "$out/results.csv" |
        awk -F, '$1 ~ /^file:/ && $2 == "binomial" { print ($3 - $4 > 2.9e-6 && $3 - $4 < 3.1e-6) }')" 1
expect_ok "run: resumes (every case already in results)" \
    "$PAPSIM" run 'spec dir/sweep.ini' --out "$out" --jobs 1
expect_eq "run: nothing run again" "$(grep -c '0 simulated, 4 already in results' err.txt)" 1

expect_ok "bench --platform 'plat dir/p.xml'" "$PAPSIM" bench --np 2 --platform "$platdir/p q.xml" \
    --pattern 'file:pat dir/p $(y) f.txt' --skew 3us --per-rank 'per rank $(w).csv'
expect_eq "bench: its row" "$(csv_cols platform,pattern,status out.txt | tail -n 1 | tr ',' '|')" \
    "$platdir/p q.xml|file:pat dir/p \$(y) f.txt|ok"
expect_eq "bench: per-rank rows, rank 1 at 3 us" \
    "$(csv_cols -H "$per_rank_header" rank,delay_s 'per rank $(w).csv' | awk -F, '{ printf "%d:%s;", $1, $2 }')" \
    "0:0;1:3.0000000000000001e-06;"
expect_eq "bench: no link or file left beside it" "$(ls | grep -c 'per-rank')" 0

expect_ok "bench --dry-run" "$PAPSIM" bench --np 2 --platform "$platdir/p q.xml" --dry-run
grep -qF -- "-platform '$platdir/p q.xml' " out.txt && pass || fail "dry-run: platform not quoted: $(cat out.txt)"
rm -rf "$(sed -n 's/.*working directory kept: //p' err.txt)" # --dry-run keeps it

expect_eq "no command ran" "$(find . -name 'PWNED*' | wc -l)" 0

# What cannot be recorded is refused before anything runs.
BAD_INPUT_PREFIX="papsim bench: "
nl_plat=$'new\nline.xml'
cp "$platdir/p q.xml" "$nl_plat"
expect_bad_input "bench: a newline in --platform" \
    "--platform 'new.x0aline.xml' holds a newline, which results.csv cannot record .*rename the file" \
    "$PAPSIM" bench --np 2 --platform "$nl_plat"
cp "$platdir/p q.xml" 'a,b.xml'
expect_bad_input "bench: a comma in --platform" "--platform 'a,b.xml' holds a comma" \
    "$PAPSIM" bench --np 2 --platform 'a,b.xml'
expect_bad_input "bench: a newline in a pattern file name" "--pattern 'file:p.x0aq' holds a newline" \
    "$PAPSIM" bench --np 2 --pattern $'file:p\nq'

BAD_INPUT_PREFIX="papsim run: "
cp "$platdir/p q.xml" 'spec dir/q"uote.xml'
sed 's|^platforms = .*|platforms = q"uote.xml|' 'spec dir/sweep.ini' > 'spec dir/dq.ini'
expect_bad_input "run: a double quote in a platform" \
    "spec dir/dq.ini:4: platforms: platform 'q\"uote.xml' holds a double quote" \
    "$PAPSIM" run 'spec dir/dq.ini' --out dq
expect_eq "run: refused before anything ran" "$(ls dq/results.csv 2>/dev/null | wc -l)" 0
sed 's|^patterns = .*|patterns = file:p"q.txt|' 'spec dir/sweep.ini' > 'spec dir/dqp.ini'
expect_bad_input "run: a double quote in a pattern" \
    "spec dir/dqp.ini:5: patterns: --pattern 'file:p\"q.txt' holds a double quote" \
    "$PAPSIM" run 'spec dir/dqp.ini' --out dqp
expect_eq "run: refused before anything ran (pattern)" "$(ls dqp/results.csv 2>/dev/null | wc -l)" 0
# papbench names a cases file by the user's path, not by the descriptor
# through which papsim hands smpirun a directory whose path has blanks
# (/proc/self/fd/N, lib/smpi/launch.c).
mkdir 'cases dir'
printf -- '--np 2 --bytes 8\n--np 2 --bogus 1\n' > 'cases dir/cases.txt'
"$PAPSIM" hostfile --platform default --np 2 -o hf.txt
(exec 7<'cases dir'
 "${SMPIRUN:-smpirun}" -no-privatize -platform "$PAPSIM_SOURCE_DIR/platforms/default.xml" -hostfile hf.txt -np 2 \
     "$PAPSIM_BUILD_DIR/papbench" --log=root.thres:critical --no-header \
     --cases /proc/self/fd/7/cases.txt) >fd.out 2>fd.err
expect_eq "papbench: the bad line named by the user's path" \
    "$(grep -c "^papbench: $PWD/cases dir/cases.txt:2: unknown option '--bogus'" fd.err)" 1
expect_eq "papbench: no descriptor path in its message" "$(grep -c '/proc/self/fd' fd.err)" 0
finish
