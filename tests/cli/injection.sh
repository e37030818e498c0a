# Untrusted input never runs a command.
# - papsim run into an --out directory named "o'; touch PWNED; '" with a
#   case that fails for real (SMPI's mvapich2_inter_node bcast deadlocks): the sweep runs, the failure and the last lines of its smpirun
#   log are reported, and no PWNED file appears (the log tail was once shown
#   by `tail` through a shell, with the path in single quotes).
# - papsim report, its --best, --relative, --runtimes, --robustness and
#   --all views, on that sweep's results.csv whose platform, mapping,
#   datatype, op, algorithm and pattern fields hold backquoted commands,
#   $(...) and single quotes: no command runs, the images are drawn, and
#   each text reaches the gnuplot scripts as one single-quoted string
#   (gnuplot runs backquotes inside double quotes). A field with a double
#   quote is refused by the table reader, naming it, and so is a collective
#   papsim does not know (the collective names the images' files).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
BAD_INPUT_PREFIX="papsim report: "

no_pwned() { # DESC: no file named PWNED* anywhere under the test directory
    local found
    found=$(find . -name 'PWNED*' | head -n 3 | tr '\n' ' ')
    expect_eq "$1: no command ran" "$found" ""
}

out="o'; touch PWNED; '"
# The failing case: SMPI's mvapich2_inter_node bcast deadlocks at np 4, 2
# ranks per node, root 1 (see deadlock.sh), a real failure of papbench's
# batch whose log tail papsim shows.
cat > sweep.ini <<'EOF'
np = 2
bytes = 8
patterns = no_delay, ascending
skews = 1us
[reduce]
collective = reduce
algorithms = binomial, linear
[fails]
collective = bcast
algorithms = builtin:mvapich2_inter_node
np = 4
ranks_per_node = 2
root = 1
bytes = 64
patterns = no_delay
EOF
expect_fail "run: the deadlocking case fails" \
    "batch [0-9]+ failed \(deadlock\) in case bcast/builtin:mvapich2_inter_node np=4 .*; log: o'; touch PWNED; '/work/failed/[0-9a-f]{16}-[0-9]{8}T[0-9]{6}Z\.log" \
    "$PAPSIM" run sweep.ini --out "$out" --jobs 1
# The log's last lines, read in C: SimGrid's own message is among them.
grep -q "Deadlock detected" err.txt && pass || fail "run: the log tail is not shown"
grep -q "5 cases: 4 simulated, 0 already in results, 0 unsupported, 0 timed out, 1 failed" err.txt &&
    pass || fail "run: summary: $(tail -n 1 err.txt)"
expect_eq "run: the ok rows" \
    "$(csv_cols algorithm,pattern,status "$out/results.csv" | tr ',' ' ' | sort | tr '\n' ';')" \
    "binomial ascending ok;binomial no_delay ok;linear ascending ok;linear no_delay ok;"
no_pwned "run"

# The same table with hostile names. Each payload below must come out of
# the gnuplot scripts as exactly one single-quoted string.
alg1="bin\`touch PWNED_alg1\`'q"
alg2='lin$(touch PWNED_alg2)'
plat="plat \`touch PWNED_plat\` 'x'.xml"
pat='asc`touch PWNED_pat`$(touch PWNED_pat2)'"'"
coll='reduce`touch PWNED_coll`'
mapping='seq$(touch PWNED_map)'
dtype="double'\`touch PWNED_dtype\`"
op='sum`touch PWNED_op`'
mkdir -p evil
awk -F, -v OFS=, -v a1="$alg1" -v a2="$alg2" -v pl="$plat" -v pa="$pat" \
    -v ma="$mapping" -v dt="$dtype" -v op="$op" '
    NR > 1 {
        $4 = pl; $6 = ma; $14 = dt; $15 = op
        $3 = $3 == "binomial" ? a1 : a2
        if ($8 == "ascending") $8 = pa
    }
    { print }' "$out/results.csv" > evil/results.csv
expect_eq "evil table: every payload in place" \
    "$(tail -n +2 evil/results.csv | grep -cF -e "$alg1" -e "$alg2")" 4

# gnuplot's single-quoted form: the text between quotes, a quote doubled;
# inner: the same without the outer quotes (a part of a longer string).
inner() { printf '%s' "$1" | sed "s/'/''/g"; }
quoted() { printf "'%s'" "$(inner "$1")"; }
# What of the scripts is outside single-quoted strings (where gnuplot would
# run a backquote or expand $(...)-like text): it holds neither.
unquoted_danger() { sed "s/'[^']*'//g" "$@" | grep -c -e '`' -e '$('; }

expect_ok "report" "$PAPSIM" report evil
no_pwned "report"
gps=(evil/report/*.gp)
expect_eq "report: one image per script" "$(ls evil/report/*.png | wc -l)" "${#gps[@]}"
expect_eq "report: the winner single-quoted in every script" \
    "$(grep -lF -- "title $(quoted "$alg1")" "${gps[@]}" | wc -l)" "${#gps[@]}"
expect_eq "report: the pattern single-quoted in the axis" \
    "$(grep -F -- "set ytics ($(quoted "$pat")" "${gps[@]}" | wc -l)" 1
for v in "$plat" "$mapping" "$dtype" "$op"; do # the title's keys
    grep -q "^set label 2 '.*$(inner "$v" | sed 's/[][\.*^$]/\\&/g')" "${gps[@]}" &&
        pass || fail "report: key $v not in the single-quoted title"
done
expect_eq "report: nothing runnable outside single quotes" "$(unquoted_danger "${gps[@]}")" 0

expect_ok "report --best" "$PAPSIM" report evil --best "$alg1" --out best
no_pwned "report --best"
expect_eq "--best: one image per script" "$(ls best/*.png | wc -l)" "$(ls best/*.gp | wc -l)"
grep -qF -- "title $(quoted "$alg1")" best/*.gp && pass || fail "--best: target not single-quoted"
grep -qF -- "set cblabel $(quoted "$alg1")." best/*.gp && pass || fail "--best: colour box label"
grep -qF -- "$(inner "$pat")" best/*.gp && pass || fail "--best: pattern not in the title"
expect_eq "--best: nothing runnable outside single quotes" "$(unquoted_danger best/*.gp)" 0

expect_ok "report --all" "$PAPSIM" report evil --all --out all
no_pwned "report --all"
expect_eq "--all: one image per script" "$(ls all/*.png | wc -l)" "$(ls all/*.gp | wc -l)"
expect_eq "--all: runtimes and robustness images" "$(ls all/*_runtimes_8B.png all/*_robust_8B.png | wc -l)" 2
expect_eq "--all: both algorithms on the runtimes axis" \
    "$(grep -cF -- "set xtics ($(quoted "$alg1") 0, $(quoted "$alg2") 1)" all/*_runtimes_8B.gp)" 1
grep -qF -- "$(quoted "$pat")" all/*_runtimes_8B.gp && pass || fail "--all: pattern not single-quoted"
expect_eq "--all: nothing runnable outside single quotes" "$(unquoted_danger all/*.gp)" 0

expect_ok "report --runtimes --robustness" "$PAPSIM" report evil --runtimes --robustness --out rr
expect_ok "report --relative" "$PAPSIM" report evil --relative "$alg2" --out rel
grep -qF -- "$alg1" rel/*.md && pass || fail "--relative: algorithm name not shown as is"
no_pwned "report --runtimes/--robustness/--relative"

# The collective names the images' files: one papsim does not know (a
# command in it, a name starting with '-' that gnuplot would read as an
# option) is refused before anything is drawn.
mkdir -p dash evilcoll
csv_set collective rows -e "$out/results.csv" > dash/results.csv
expect_bad_input "report: a collective named -e" "dash/results.csv:2: collective: '-e' is not a collective papsim knows" \
    "$PAPSIM" report dash
csv_set collective rows "$coll" "$out/results.csv" > evilcoll/results.csv
expect_bad_input "report: a command in the collective" \
    "evilcoll/results.csv:2: collective: 'reduce\`touch PWNED_coll\`' is not a collective papsim knows" \
    "$PAPSIM" report evilcoll
no_pwned "collective"

# And no code path starts a shell: every child gets an argument vector.
expect_eq "sources: no system() or popen()" \
    "$(grep -rlE '\b(system|popen)[[:space:]]*\(' "$PAPSIM_SOURCE_DIR/drivers" "$PAPSIM_SOURCE_DIR/lib" \
        "$PAPSIM_SOURCE_DIR/algorithms" | tr '\n' ' ')" ""

# A double quote: the table reader refuses the field, naming it.
sed 's/,binomial,/,bi"nomial,/' "$out/results.csv" > quote.csv
expect_bad_input "a double quote is refused" "contains a double quote" "$PAPSIM" report quote.csv
no_pwned "double quote"
finish
