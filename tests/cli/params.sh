# The params column of results.csv: the knobs a case sets, canonical
# "key=value" in key order joined by ';', empty when none; papsim report
# names an algorithm "name[params]" only where it has more than one params
# value in one report cell, so a single variant keeps its plain name (and
# --relative NAME finds it).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cat >knobs.ini <<'SPEC'
collective = reduce
np = 4
bytes = 64KiB
patterns = no_delay, last_delayed
skews = 50us
knowledge = oracle
[base]
algorithms = binomial
knowledge = none
[n2]
algorithms = clairvoyant
segments = 2
[n8]
algorithms = clairvoyant
segments = 8
SPEC
timeout 60 "$PAPSIM" run knobs.ini --out two --quiet 2>run.err
expect_eq "sweep" "$?" 0
expect_eq "params right after gamma" "$(head -n 1 two/results.csv | grep -o ',gamma,params,')" ",gamma,params,"
expect_eq "params values" "$(csv_cols algorithm,pattern,params two/results.csv | tr '\n' ' ')" \
    "binomial,no_delay, binomial,last_delayed, clairvoyant,no_delay,knowledge=oracle;segments=2 clairvoyant,last_delayed,knowledge=oracle;segments=2 clairvoyant,no_delay,knowledge=oracle;segments=8 clairvoyant,last_delayed,knowledge=oracle;segments=8 "

expect_ok "report" "$PAPSIM" report two
expect_eq "two variants labelled apart" \
    "$(grep -Ec '^clair2? +clairvoyant\[knowledge=oracle;segments=[28]\] ' two/report/report.txt)" 2
expect_eq "A0 names the variant" \
    "$(grep -c '^A0 .*64KiB clairvoyant\[knowledge=oracle;segments=8\]$' two/report/report.txt)" 1
expect_eq "binomial stays plain" "$(grep -Ec '^binom +binomial +' two/report/report.txt)" 1

# One variant per cell: the plain name, and --relative finds it.
grep -v 'segments=8' two/results.csv >one.csv
expect_ok "report one variant" "$PAPSIM" report one.csv --out one
report=one/report.txt
expect_eq "single variant plain" "$(grep -Ec '^clair +clairvoyant +' "$report")" 1
expect_eq "no label" "$(grep -c 'clairvoyant\[' "$report")" 0
expect_ok "--relative clairvoyant" "$PAPSIM" report one.csv --relative clairvoyant
finish
