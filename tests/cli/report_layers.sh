# lib/report is one pipeline in layers (docs/architecture.md): the base
# (keys, names, grid, rows, format, heatmap), the views built on it (report,
# best, relative, study), their writers, and report_run.c on top. Files may
# only call and include downward: no circle of calls between the objects of
# lib/report (read from libpapsim_core.a with nm) and no circle of includes
# between its files. Each check is shown to bite on a planted circle.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

lib="$PAPSIM_BUILD_DIR/libpapsim_core.a"
command -v nm >/dev/null && [ -s "$lib" ] || { echo "nm or $lib missing"; exit 77; }

# "A B" for every object A of lib/report that calls a function (or reads a
# table) defined in another object B of lib/report.
call_edges() {
    nm -A "$lib" 2>/dev/null | awk '
        { split($1, a, ":"); obj = a[2]; sub(/\.c\.o$/, "", obj)
          if (obj !~ /^(report|results_csv)/) next
          if ($2 ~ /^[TDRB]$/) def[$3] = obj
          else if ($2 == "U") { n++; user[n] = obj; sym[n] = $3 } }
        END { for (i = 1; i <= n; i++)
                  if ((sym[i] in def) && def[sym[i]] != user[i]) print user[i], def[sym[i]] }' |
        sort -u
}

# "A B" for every file of lib/report (stem without .c/.h) that includes B.h.
include_edges() { # DIR
    local f
    for f in "$1"/*.[ch]; do
        grep -ho '^#include "report/[a-z_]*\.h"' "$f" | sed "s@.*report/@$(basename "${f%.[ch]}") @; s@\.h\"@@"
    done | awk '$1 != $2' | sort -u
}

# The files on a circle, or nothing: tsort names them when it finds one.
circle() { tsort 2>&1 >/dev/null | sed -n 's/^tsort: //p' | grep -v 'input contains a loop' | sort | tr '\n' ' '; }

calls=$(call_edges)
expect_eq "report_run.c calls the views" "$(echo "$calls" | grep -c '^report_run report_best$')" 1
expect_eq "no call circle in lib/report" "$(echo "$calls" | circle)" ""
includes=$(include_edges "$PAPSIM_SOURCE_DIR/lib/report")
expect_eq "no include circle in lib/report" "$(echo "$includes" | circle)" ""

# The checks bite: a base file that calls up into a view, a header that
# includes a file that includes it back.
expect_eq "a planted call circle is found" \
    "$(printf '%s\nreport_rows report\n' "$calls" | circle)" "report report_rows "
mkdir -p copy
cp "$PAPSIM_SOURCE_DIR"/lib/report/*.[ch] copy/
echo '#include "report/report.h"' >> copy/report_rows.h
expect_eq "a planted include circle is found" "$(include_edges copy | circle | grep -c report_rows)" 1
finish
