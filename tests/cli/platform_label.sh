# A case id does not depend on how the spec spells its platform file:
# "crossbar.xml", "./crossbar.xml", "deeper/../crossbar.xml", the absolute
# path and a path through a symbolic link name the same cases, so a rerun
# under any of them finds them done; the platform column holds one spelling.
# A file outside the spec's directory keeps its relative spelling
# ("../p/x.xml"), as the golden file's ids need.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

cp "$PAPSIM_SOURCE_DIR/platforms/default.xml" crossbar.xml
mkdir deeper
ln -s . here
spec() { # FILE PLATFORM
    printf 'collective = reduce\nalgorithms = binomial, linear\nnp = 4\nbytes = 8\npatterns = no_delay, ascending\nskews = 10us\nplatforms = %s\n' "$2" >"$1"
}
spec plain.ini crossbar.xml
spec dot.ini ./crossbar.xml
spec up.ini deeper/../crossbar.xml
spec abs.ini "$PWD/crossbar.xml"
spec link.ini here/crossbar.xml

expect_ok "plain spelling runs" "$PAPSIM" run plain.ini --out out --quiet
expect_eq "plain: 4 cases simulated" "$(grep -c '4 cases: 4 simulated, 0 already' err.txt)" 1
ids=$(csv_col case_id out/results.csv | sort | tr '\n' ' ')
for s in dot up abs link; do
    expect_ok "$s spelling runs" "$PAPSIM" run $s.ini --out out --quiet
    expect_eq "$s spelling: the same cases, all done" \
        "$(grep -c '4 cases: 0 simulated, 4 already in results' err.txt)" 1
    "$PAPSIM" run $s.ini --out "fresh-$s" --quiet 2>/dev/null
    expect_eq "$s spelling alone: the same ids" \
        "$(csv_col case_id "fresh-$s/results.csv" | sort | tr '\n' ' ')" "$ids"
done
expect_eq "one spelling in the platform column" \
    "$(csv_col platform out/results.csv | sort -u)" "crossbar.xml"
expect_eq "4 rows, none twice" "$(($(wc -l <out/results.csv) - 1))" 4

# Outside the spec's directory: the relative spelling stays as written.
mkdir sub
spec sub/outside.ini ../crossbar.xml
spec sub/outside-dot.ini ./../deeper/../crossbar.xml
expect_ok "outside: runs" "$PAPSIM" run sub/outside.ini --out outside --quiet
expect_ok "outside, other spelling: runs" "$PAPSIM" run sub/outside-dot.ini --out outside --quiet
expect_eq "outside, other spelling: all done" \
    "$(grep -c '4 cases: 0 simulated, 4 already in results' err.txt)" 1
expect_eq "outside: the platform column" \
    "$(csv_col platform outside/results.csv | sort -u)" "../crossbar.xml"

# The built-in platform is "default", however many times it is named.
printf 'collective = reduce\nalgorithms = binomial\nnp = 4\nbytes = 8\npatterns = no_delay\nplatforms = default\n' >def.ini
expect_ok "default platform runs" "$PAPSIM" run def.ini --out def --quiet
expect_eq "default platform column" "$(csv_col platform def/results.csv | sed -n 1p)" "default"
finish
