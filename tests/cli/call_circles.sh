# No circles: the objects of each library papsim builds (every lib/ module,
# the algorithm catalog, the algorithms themselves) call only downward, read
# from the archives with nm, and lib/report, one pipeline in layers
# (docs/architecture.md: the base, the views built on it, their writers,
# report_run.c on top), has no circle of includes between its files either.
# Each check is shown to bite on a planted circle.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

command -v nm >/dev/null || { echo "nm missing (binutils)"; exit 77; }
# One archive per lib/ module (CMakeLists.txt), the catalog's, the
# algorithms' (the real-MPI build; the SMPI one has the same objects).
archives=$( (cd "$PAPSIM_SOURCE_DIR/lib" && ls -d */) | tr -d / |
    sed "s@^@$PAPSIM_BUILD_DIR/libpapsim_@; s@\$@.a@")
archives="$archives $PAPSIM_BUILD_DIR/libpapsim_catalog.a $PAPSIM_BUILD_DIR/libpapsim-algorithms-mpi.a"
for a in $archives; do
    [ -s "$a" ] && pass || fail "$a is not built"
done

# "A B" for every object A of archive $1 that calls a function (or reads a
# table) defined in another object B of it.
call_edges() { # ARCHIVE
    nm -A "$1" 2>/dev/null | awk '
        { split($1, a, ":"); obj = a[2]; sub(/\.c\.o$/, "", obj)
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

for a in $archives; do
    expect_eq "no call circle in $(basename "$a")" "$(call_edges "$a" | circle)" ""
done
calls=$(call_edges "$PAPSIM_BUILD_DIR/libpapsim_report.a")
expect_eq "report_run.c calls the views" "$(echo "$calls" | grep -c '^report_run report_best$')" 1
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
