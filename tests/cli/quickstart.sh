# The README's first command on a fresh clone: the committed tree is cloned
# into the test's directory (no results/, no build/), the command is run
# there as the README writes it, and what it announces must exist: the
# results (one ok row per supported case of scenarios/demo.ini) and the
# report with its heatmaps. Its install step does nothing where the Debian
# packages are present; it builds the clone (about a minute) and runs the
# demo (a few minutes on a busy 2-core machine).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

if ! command -v git >/dev/null || ! git -C "$PAPSIM_SOURCE_DIR" rev-parse -q --verify HEAD >/dev/null; then
    echo "skipped: needs git and a git checkout of papsim"
    exit 77
fi
git clone --quiet "$PAPSIM_SOURCE_DIR" clone
expect_eq "clone made" "$?" 0
expect_eq "a fresh clone has no results/" "$(test -e clone/results && echo present)" ""

# The first command of the README's first code block, without its comment.
first=$(awk '/^```/ { if (inside) exit; inside = 1; next } inside { print; exit }' clone/README.md |
        sed 's/[[:space:]]*#.*//')
expect_eq "the README's first command" "$first" "bash scripts/quickstart.sh"

(cd clone && bash scripts/quickstart.sh) >quickstart.out 2>quickstart.err
rc=$?
expect_eq "quickstart exits 0" "$rc" 0
[ "$rc" -eq 0 ] || tail -n 20 quickstart.err >&2

# Every path it announces ("papsim: ... results/...") exists; a glob names
# at least one file.
announced=$(grep '^papsim: ' quickstart.out | grep -o 'results/[^ ()]*' | sort -u)
expect_eq "it announces results.csv, report.txt and the heatmaps" \
    "$(echo "$announced" | tr '\n' ' ')" \
    "results/demo/report/*.png results/demo/report/report.txt results/demo/results.csv "
for path in $announced; do
    found=$(cd clone && compgen -G "$path" | head -n 1)
    if [ -n "$found" ] && [ -s "clone/$found" ]; then pass; else fail "announced $path is missing"; fi
done

# One ok row per supported case of the demo (reps = 1), nothing else.
supported=$(cd clone && ./build/papsim run scenarios/demo.ini --dry-run 2>/dev/null |
            grep -vc '^# unsupported')
if [ "$supported" -gt 100 ]; then pass; else fail "demo dry run lists $supported cases"; fi
expect_eq "ok rows in results.csv" \
    "$(awk -F, 'NR > 1 && $NF == "ok"' clone/results/demo/results.csv | wc -l)" "$supported"
expect_eq "no row of another status" \
    "$(awk -F, 'NR > 1 && $NF != "ok" && $NF != "unsupported"' clone/results/demo/results.csv | wc -l)" 0
finish
