# The source tree keeps its architecture (docs/architecture.md): arrows run
# one way, commands -> library -> algorithms -> public headers, and inside
# lib/ each module includes only the modules below it, as the table of
# docs/architecture.md lists them (read from there, so the document and the
# check cannot disagree); the installed headers read nothing outside
# include/papsim; no C file grows past 600 lines (a sign that library code
# stayed in a command, or that a file holds two jobs); bench/ scripts are
# named alike. Each rule is checked on the real tree and then on a planted
# violation, so the check itself is shown to bite.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

src="$PAPSIM_SOURCE_DIR"

# docs/architecture.md's table: "MODULE  DEP DEP ..." ("-" for none;
# "schedule" is algorithms/schedule).
awk '/^module +may include$/ {on = 1; next} on && /^```/ {exit} on && NF {print}' \
    "$src/docs/architecture.md" > arrows.txt
modules=$(awk '{print $1}' arrows.txt | tr '\n' ' ')
expect_eq "the modules of docs/architecture.md are the folders of lib/" \
    "$(tr ' ' '\n' <<<"$modules" | grep . | sort | tr '\n' ' ')" \
    "$(cd "$src/lib" && ls -d */ | tr -d / | sort | tr '\n' ' ')"

# The modules each lib/ module may include.
allowed() {
    awk -v m="$1" '$1 == m {for (i = 2; i <= NF; i++) if ($i != "-") printf "%s ", $i}' arrows.txt
}

# Prints "file: includes MODULE/" for every include that breaks the rule.
arrow_violations() { # ROOT
    local root=$1 m f dep
    for m in $modules; do
        for f in "$root/lib/$m"/*.[ch]; do
            [ -e "$f" ] || continue
            for dep in $(grep -ho '^#include "[a-z_]*/' "$f" | sed 's/#include "//; s@/$@@' | sort -u); do
                [ "$dep" = "$m" ] && continue
                case " $(allowed "$m") " in
                *" $dep "*) ;;
                *) echo "${f#"$root"/}: includes $dep/" ;;
                esac
            done
        done
    done
    # Nothing below the commands reaches up into them, and the algorithms
    # reach into neither the library nor the commands.
    grep -rlE '#include "[./]*drivers/|#include "(commands|cmd_[a-z_]*)\.h"' \
        "$root/lib" "$root/algorithms" 2>/dev/null | sed "s@^$root/@@; s@\$@: includes a command's header@"
    for m in $modules; do
        grep -rl "#include \"$m/" "$root/algorithms" 2>/dev/null |
            grep -v "#include \"schedule/" | sed "s@^$root/@@; s@\$@: includes lib/$m@"
    done
}

# Prints "file: includes NAME" for every include of an installed header
# (include/papsim/) that is not another installed header: the headers stand
# alone once installed, and nothing under include/ reads algorithms/.
installed_violations() { # ROOT
    local root=$1 f dep
    for f in "$root"/include/papsim/*; do
        for dep in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f"); do
            [ -e "$root/include/papsim/$dep" ] || echo "${f#"$root"/}: includes $dep"
        done
    done
}
# Prints every bench/ script not named in the one style: lower-case words
# joined by hyphens (bench/clairvoyant-reduce.sh).
bench_names() { # ROOT
    (cd "$1/bench" && ls) | grep -Ev '^[a-z0-9]+(-[a-z0-9]+)*\.sh$|^lib\.sh$|^README\.md$' || true
}
# Prints "file: N lines" for every C file over the limit.
long_files() { # ROOT
    find "$1/lib" "$1/drivers" "$1/algorithms" "$1/traces" "$1/papcoll" -name '*.c' -print0 |
        xargs -0 wc -l | awk -v root="$1/" '$2 != "total" && $1 > 600 {sub(root, "", $2); print $2 ": " $1 " lines"}'
}

expect_eq "lib/ module arrows" "$(arrow_violations "$src")" ""
expect_eq "C files over 600 lines" "$(long_files "$src")" ""
expect_eq "installed headers that read outside include/papsim/" "$(installed_violations "$src")" ""
expect_eq "bench/ scripts named otherwise than words-with-hyphens.sh" "$(bench_names "$src")" ""

# The rules bite: a copy of the tree with one planted violation of each.
mkdir -p copy
cp -r "$src/lib" "$src/algorithms" "$src/drivers" "$src/traces" "$src/papcoll" "$src/include" \
    "$src/bench" copy/
echo '#include "sweep/sweep.h"' >> copy/lib/report/report.h
echo '#include "sweep/sweep.h"' >> copy/lib/hardware/calibrate_run.h
echo '#include "platform/platform.h"' >> copy/algorithms/coll_util.h
expect_eq "a planted upward include is found" "$(arrow_violations "$PWD/copy")" \
"lib/report/report.h: includes sweep/
lib/hardware/calibrate_run.h: includes sweep/
algorithms/coll_util.h: includes lib/platform"
echo '#include "coll_util.h"' >> copy/include/papsim/papsim_algorithms.h
expect_eq "a planted include of algorithms/ is found" "$(installed_violations "$PWD/copy")" \
    "include/papsim/papsim_algorithms.h: includes coll_util.h"
seq 1 601 | sed 's@^@/* line @; s@$@ */@' > copy/lib/util/too_long.c
expect_eq "a planted long file is found" "$(long_files "$PWD/copy")" "lib/util/too_long.c: 601 lines"
cp copy/bench/scale-rows.sh copy/bench/scale_rows.sh
expect_eq "a planted bench/ name in another style is found" "$(bench_names "$PWD/copy")" "scale_rows.sh"
finish
