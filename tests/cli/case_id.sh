# A case id is keyed by the platform's content, not by how a spec spells
# its path (results format 4): specs in two folders that name one platform
# file by different relative paths, or name byte-identical copies, or
# copies that differ in comments and indentation only, give the same ids;
# a platform with other values gives other ids. A results directory that
# papsim wrote before (ids keyed by the path, tests/cli/data/old_ids)
# resumes with no case simulated again, and papsim regress still compares
# against such a golden file.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

spec() { # FILE PLATFORM
    printf 'collective = reduce\nalgorithms = binomial, linear\nnp = 4\nbytes = 8\npatterns = no_delay, ascending\nskews = 10us\nplatforms = %s\n' "$2" >"$1"
}
ids() { csv_col case_id "$1" | sort | tr '\n' ' '; }

mkdir -p a b/deeper c
cp "$PAPSIM_SOURCE_DIR/platforms/default.xml" a/crossbar.xml
ln a/crossbar.xml b/deeper/crossbar.xml 2>/dev/null || cp a/crossbar.xml b/deeper/crossbar.xml
cp a/crossbar.xml c/copy.xml
spec a/spec.ini crossbar.xml
spec b/spec.ini deeper/crossbar.xml
spec c/spec.ini copy.xml

expect_ok "a/spec.ini (crossbar.xml) runs" "$PAPSIM" run a/spec.ini --out ra --quiet
expect_ok "b/spec.ini (deeper/crossbar.xml) runs" "$PAPSIM" run b/spec.ini --out rb --quiet
expect_ok "c/spec.ini (a copy) runs" "$PAPSIM" run c/spec.ini --out rc --quiet
expect_eq "4 cases" "$(csv_col case_id ra/results.csv | wc -l)" 4
expect_eq "two folders, two spellings: the same ids" "$(ids rb/results.csv)" "$(ids ra/results.csv)"
expect_eq "a byte-identical copy: the same ids" "$(ids rc/results.csv)" "$(ids ra/results.csv)"
expect_eq "the platform column keeps each spec's spelling" \
    "$(csv_col platform ra/results.csv rb/results.csv rc/results.csv | sort -u | tr '\n' ' ')" \
    "copy.xml crossbar.xml deeper/crossbar.xml "
printf 'collective = reduce\nalgorithms = binomial\nnp = 4\nbytes = 8\npatterns = no_delay\n' >d.ini
keys() { "$PAPSIM" run "$1" --dry-run 2>/dev/null | grep -o -- '--platform-key [0-9a-f]*' | sort -u; }
expect_eq "the built-in platform and its copy: one key" "$(keys d.ini)" "$(keys a/spec.ini)"
expect_eq "the key is 16 hex digits" "$(keys d.ini | grep -cE -- '^--platform-key [0-9a-f]{16}$')" 1
# A resumed sweep under the other spelling finds every case done.
expect_ok "b/spec.ini into a's directory" "$PAPSIM" run b/spec.ini --out ra --quiet
expect_eq "nothing simulated again" "$(grep -c '4 cases: 0 simulated, 4 already in results' err.txt)" 1
expect_eq "another label of one content: no row superseded" "$(ls ra | grep -c superseded)" 0

# Comments and indentation are not content; a value is.
sed 's/<!--/<!-- another comment --><!--/; s/^  */    /' a/crossbar.xml >c/reindented.xml
if cmp -s a/crossbar.xml c/reindented.xml; then fail "the reindented copy is identical"; else pass; fi
spec c/reindented.ini reindented.xml
expect_ok "reindented copy runs" "$PAPSIM" run c/reindented.ini --out rr --quiet
expect_eq "comments and blanks changed: the same ids" "$(ids rr/results.csv)" "$(ids ra/results.csv)"
bw=$(grep -o 'bw="[^"]*"' a/crossbar.xml | head -n 1)
sed "0,/$bw/s//bw=\"1.5GBps\"/" a/crossbar.xml >c/slower.xml
expect_eq "the other platform differs in one value" "$(diff a/crossbar.xml c/slower.xml | grep -c '^>')" 1
spec c/slower.ini slower.xml
expect_ok "other content runs" "$PAPSIM" run c/slower.ini --out rs --quiet
expect_eq "other content: no id shared" \
    "$(sort <(csv_col case_id ra/results.csv | sort -u) <(csv_col case_id rs/results.csv | sort -u) | uniq -d | wc -l)" 0

# A results directory of papsim before format 4 (ids keyed by the path,
# written by papsim 0.1.0 at commit 1d4f59c) resumes: no case runs again,
# the rows take the current ids and equal a fresh run's byte for byte.
data="$PAPSIM_SOURCE_DIR/tests/cli/data/old_ids"
mkdir old fresh
cp "$data/spec.ini" "$data/crossbar.xml" old/
cp "$data/spec.ini" "$data/crossbar.xml" fresh/
mkdir old/out
cp "$data/results.csv" old/out/results.csv
expect_ok "fresh run of the old spec" "$PAPSIM" run fresh/spec.ini --out fresh/out --quiet
expect_eq "the old ids are not the current ones" \
    "$(sort <(csv_col case_id "$data/results.csv" | sort -u) <(csv_col case_id fresh/out/results.csv | sort -u) | uniq -d | wc -l)" 0
expect_ok "old results resume" "$PAPSIM" run old/spec.ini --out old/out --quiet
expect_eq "old results: 10 cases, none simulated" \
    "$(grep -c '10 cases: 0 simulated, 10 already in results' err.txt)" 1
expect_eq "old results: the rows took the current ids" \
    "$(grep -c '18 row(s) written by an older papsim now carry case ids keyed by their platform' err.txt)" 1
# The migration runs first: its rows (the relative skew's too) are not
# taken for rows of another platform content.
expect_eq "old results: no row moved" "$(grep -c 'moved' err.txt)" 0
expect_eq "old results: no results-superseded.csv" "$(ls old/out | grep -c superseded)" 0
if cmp -s old/out/results.csv fresh/out/results.csv; then pass; else
    fail "resumed old results differ from a fresh run: $(diff old/out/results.csv fresh/out/results.csv | head -4)"; fi
# The same for a format-1 file (no params, no deterministic column).
mkdir old1 && cp "$data/spec.ini" "$data/crossbar.xml" old1/ && mkdir old1/out
csv_drop params,deterministic "$data/results.csv" >old1/out/results.csv
expect_ok "old format-1 results resume" "$PAPSIM" run old1/spec.ini --out old1/out --quiet
expect_eq "old format-1 results: none simulated" \
    "$(grep -c '10 cases: 0 simulated, 10 already in results' err.txt)" 1
expect_eq "old format-1 results: no results-superseded.csv" "$(ls old1/out | grep -c superseded)" 0
expect_eq "old format-1 results: the current ids, the old columns" \
    "$(csv_drop params,deterministic fresh/out/results.csv | md5sum)" "$(md5sum <old1/out/results.csv)"

# regress against a golden file with the old ids: compared, with a note.
expect_ok "regress against an old golden" "$PAPSIM" regress fresh/out/results.csv "$data/results.csv"
expect_eq "all 18 rows compared" "$(grep -c '^regress: 18 cases compared, 0 changed, 0 missing, 0 new' out.txt)" 1
expect_eq "the note says what to do" \
    "$(grep -c '^regress: note: 18 rows matched by case ids keyed by the platform.s path.*run. the golden.s spec again' out.txt)" 1
awk -F, -v OFS=, 'NR == 2 { $20 = $20 * 2 } 1' fresh/out/results.csv >changed.csv
"$PAPSIM" regress changed.csv "$data/results.csv" >diff.txt 2>&1
expect_eq "a changed cost against an old golden exits 1" "$?" 1
expect_eq "regress against the current ids: no note" \
    "$("$PAPSIM" regress fresh/out/results.csv old/out/results.csv | grep -c note)" 0
finish
