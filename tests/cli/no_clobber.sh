# No output over an input, no silent overwrite (util/papsim_output.h):
#  1. papsim tune DIR --out DIR/results.csv is refused and results.csv is
#     unchanged (checksum); so is an --out that is a hard or symbolic link
#     to it, even with --force.
#  2. An existing --out file is refused without --force (tune, platform,
#     hostfile, pattern --from-trace, calibrate --from) and left unchanged;
#     with --force it is replaced; the default DIR/ompi-rules.conf is
#     papsim's own and rewritten without --force.
#  3. hostfile -o naming its platform, pattern --out naming its trace,
#     report whose directory holds a link to its results.csv: refused.
#     papsim run whose spec or platform is one of DIR's own files (a link in
#     DIR): refused.
#  4. No temporary file is left behind.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"
BAD_INPUT_PREFIX=""
fixtures=$PAPSIM_SOURCE_DIR/tests/fixtures/tune

mkdir d && cp "$fixtures/results.csv" d/
sum_before=$(sha256sum d/results.csv)

# --- 1. tune over its own results.csv ---
expect_bad_input "tune --out DIR/results.csv" \
    "^papsim tune: --out: 'd/results.csv' is the input 'd/results.csv' \(the same file\); papsim never writes over an input$" \
    "$PAPSIM" tune d --out d/results.csv
expect_bad_input "tune --out DIR/results.csv --force" "is the input 'd/results.csv'" \
    "$PAPSIM" tune d --out d/results.csv --force
expect_bad_input "tune --out ./d/../d/results.csv" \
    "^papsim tune: --out: './d/../d/results.csv' is the input 'd/results.csv'" \
    "$PAPSIM" tune d --out ./d/../d/results.csv
ln d/results.csv hard.csv
expect_bad_input "tune --out a hard link to results.csv" \
    "^papsim tune: --out: 'hard.csv' is the input 'd/results.csv'" \
    "$PAPSIM" tune d --out hard.csv --force
ln -s d/results.csv soft.csv
expect_bad_input "tune --out a symbolic link to results.csv" \
    "^papsim tune: --out: 'soft.csv' is the input 'd/results.csv'" \
    "$PAPSIM" tune d --out soft.csv --force
ln -s d/results.csv x.conf.summary.txt
expect_bad_input "tune: the summary a link to results.csv" \
    "^papsim tune: --out: 'x.conf.summary.txt' is the input 'd/results.csv'" \
    "$PAPSIM" tune d --out x.conf --force
expect_eq "results.csv unchanged" "$(sha256sum d/results.csv)" "$sum_before"
expect_eq "nothing written" "$(ls d)" "results.csv"

# --- 2. existing files: refused without --force, replaced with it ---
echo "my settings" >existing.ini
expect_bad_input "tune --out existing" \
    "^papsim tune: --out: 'existing.ini' exists \(give --force to replace it\)$" \
    "$PAPSIM" tune d --out existing.ini
expect_eq "existing.ini unchanged" "$(cat existing.ini)" "my settings"
expect_eq "no summary written" "$(ls existing.ini*)" "existing.ini"
expect_ok "tune --out existing --force" "$PAPSIM" tune d --out existing.ini --force
expect_eq "replaced with the rules" "$(cat existing.ini)" \
    "$(cat "$fixtures/expected_no_delay.conf")"
expect_ok "tune default, first" "$PAPSIM" tune d
expect_ok "tune default again: papsim's own file" "$PAPSIM" tune d
expect_eq "default rules" "$(cat d/ompi-rules.conf)" "$(cat "$fixtures/expected_no_delay.conf")"

echo keep >p.xml
expect_bad_input "platform -o existing" \
    "^papsim platform: -o: 'p.xml' exists \(give --force to replace it\)$" \
    "$PAPSIM" platform flat --nodes 2 -o p.xml
expect_eq "p.xml unchanged" "$(cat p.xml)" "keep"
expect_ok "platform -o --force" "$PAPSIM" platform flat --nodes 2 -o p.xml --force
expect_eq "p.xml is a platform" "$(grep -c '<cluster' p.xml)" "1"

echo keep >hosts
expect_bad_input "hostfile -o existing" \
    "^papsim hostfile: -o: 'hosts' exists \(give --force to replace it\)$" \
    "$PAPSIM" hostfile --platform p.xml --np 2 -o hosts
expect_ok "hostfile -o --force" "$PAPSIM" hostfile --platform p.xml --np 2 -o hosts --force
expect_eq "hosts written" "$(wc -l <hosts)" "2"
sum_p=$(sha256sum p.xml)
expect_bad_input "hostfile -o its platform" \
    "^papsim hostfile: -o: 'p.xml' is the input 'p.xml' \(the same file\)" \
    "$PAPSIM" hostfile --platform p.xml --np 2 -o p.xml --force
expect_eq "platform unchanged" "$(sha256sum p.xml)" "$sum_p"

trace=$PAPSIM_SOURCE_DIR/traces/stencil-np4-openmpi.trace
{
    cp "$trace" t.trace
    sum_t=$(sha256sum t.trace)
    echo keep >pat.txt
    expect_bad_input "pattern --out existing" \
        "^papsim pattern: --out: 'pat.txt' exists \(give --force to replace it\)$" \
        "$PAPSIM" pattern --from-trace t.trace --out pat.txt
    expect_bad_input "pattern --out its trace" \
        "^papsim pattern: --out: 't.trace' is the input 't.trace'" \
        "$PAPSIM" pattern --from-trace t.trace --out t.trace --force
    expect_eq "trace unchanged" "$(sha256sum t.trace)" "$sum_t"
    expect_ok "pattern --out --force" "$PAPSIM" pattern --from-trace t.trace --out pat.txt --force
    expect_eq "pattern written" "$(grep -vc '^#' pat.txt)" "4"
}

printf '%s\n' "kind,bytes,median_s,min_s" "intra,1,1e-6,1e-6" "intra,1024,2e-6,2e-6" \
    "inter,1,2e-6,2e-6" "inter,1024,4e-6,4e-6" >m.csv
echo keep >cal.txt
expect_bad_input "calibrate --out existing PREFIX.txt" \
    "^papsim calibrate: --out: 'cal.txt' exists \(give --force to replace it\)$" \
    "$PAPSIM" calibrate --from m.csv --out cal
expect_eq "cal.txt unchanged" "$(cat cal.txt)" "keep"
ln -s m.csv mm.xml
expect_bad_input "calibrate --out PREFIX.xml a link to its --from" \
    "^papsim calibrate: --out: 'mm.xml' is the input 'm.csv'" \
    "$PAPSIM" calibrate --from m.csv --out mm --force
expect_ok "calibrate --force" "$PAPSIM" calibrate --from m.csv --out cal --force
expect_eq "cal.txt replaced" "$(grep -c '_alpha_s = ' cal.txt)" "2"

# --- 3. report: a link to its input in its directory ---
mkdir -p r/report && cp "$fixtures/results.csv" r/ && ln r/results.csv r/report/report.txt
sum_r=$(sha256sum r/results.csv)
expect_bad_input "report: report.txt a hard link to results.csv" \
    "^papsim report: 'r/report/report.txt' is the input 'r/results.csv' \(the same file\)" \
    env PAPSIM_GNUPLOT=false "$PAPSIM" report r
expect_eq "results.csv unchanged by report" "$(sha256sum r/results.csv)" "$sum_r"

# --- run: no input may be one of DIR's own files ---
mkdir out
printf '%s\n' "platforms = p.xml" "collective = allreduce" "np = 2" "bytes = 8" \
    "patterns = no_delay" "[block]" "algorithms = ring" >spec.ini
ln -s ../spec.ini out/provenance.txt
expect_bad_input "run: DIR/provenance.txt a link to the spec" \
    "^papsim run: --out: 'out/provenance.txt' is the input 'spec.ini' \(the same file\)" \
    "$PAPSIM" run spec.ini --out out --dry-run
rm out/provenance.txt && ln p.xml out/results-superseded.csv
expect_bad_input "run: DIR/results-superseded.csv the platform" \
    "^papsim run: --out: 'out/results-superseded.csv' is the input '\./p.xml' \(the same file\)" \
    "$PAPSIM" run spec.ini --out out --dry-run
expect_eq "platform unchanged by run" "$(sha256sum p.xml)" "$sum_p"

# --- 4. no temporary file left ---
expect_eq "no .tmp left" "$(find . -name '*.tmp' | wc -l)" "0"
finish
