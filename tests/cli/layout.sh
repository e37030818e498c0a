# The source tree keeps its architecture (docs/architecture.md): arrows run
# one way, commands -> library -> algorithms, and inside lib/ each module
# includes only the modules below it; no C file grows past 600 lines (a sign
# that library code stayed in a command, or that a file holds two jobs).
# Each rule is checked on the real tree and then on a planted violation, so
# the check itself is shown to bite.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

src="$PAPSIM_SOURCE_DIR"
modules="util platform cases results sweep report hardware tune check"

# The modules each lib/ module may include ("schedule" is algorithms/schedule).
allowed() {
    case "$1" in
    util) echo "" ;;
    platform) echo "util" ;;
    cases) echo "util schedule" ;;
    results) echo "util cases" ;;
    report) echo "util cases results" ;;
    hardware) echo "util results report sweep" ;;
    sweep) echo "util platform cases results" ;;
    tune) echo "util cases results report" ;;
    check) echo "util platform cases sweep" ;;
    esac
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

# Prints "file: N lines" for every C file over the limit.
long_files() { # ROOT
    find "$1/lib" "$1/drivers" "$1/algorithms" "$1/traces" "$1/papcoll" -name '*.c' -print0 |
        xargs -0 wc -l | awk -v root="$1/" '$2 != "total" && $1 > 600 {sub(root, "", $2); print $2 ": " $1 " lines"}'
}

expect_eq "lib/ module arrows" "$(arrow_violations "$src")" ""
expect_eq "C files over 600 lines" "$(long_files "$src")" ""

# The rules bite: a copy of the tree with one planted violation of each.
mkdir -p copy
cp -r "$src/lib" "$src/algorithms" "$src/drivers" "$src/traces" "$src/papcoll" copy/
echo '#include "sweep/sweep.h"' >> copy/lib/report/report.h
echo '#include "platform/platform.h"' >> copy/algorithms/coll_util.h
expect_eq "a planted upward include is found" "$(arrow_violations "$PWD/copy")" \
"lib/report/report.h: includes sweep/
algorithms/coll_util.h: includes lib/platform"
seq 1 601 | sed 's@^@/* line @; s@$@ */@' > copy/lib/util/too_long.c
expect_eq "a planted long file is found" "$(long_files "$PWD/copy")" "lib/util/too_long.c: 601 lines"
finish
