# papsim on SimGrid 3.32 to 4.1 (lib/smpi/simgrid_compat.h, cmake/simgrid.cmake):
# - papsim --version names the SimGrid smpirun loads and the one papsim was
#   built with, and the supported range;
# - the forecast knows the version: SimGrid before 3.34 gets the eager-scan
#   term (60 ns per entry, 15 us per message), 3.34 and later none (20 us
#   per message); papsim run says so in a hint when the scan dominates a
#   sweep of a minute or more (exact figures for linear alltoall at np 1024),
#   and not for a short sweep, rendezvous sends or --scan-cost 0;
# - configure refuses a SimGrid outside 3.32..4.1 with the version and the
#   range, a PAPSIM_SIMGRID_ROOT without simgrid.pc, and takes smpirun,
#   libsimgrid and the headers of the given root, not the system's. The
#   prefixes are copies of this build's own SimGrid files (simgrid.pc,
#   headers) with the version changed: there is no SimGrid 3.31 or 4.2 to
#   install.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

"$PAPSIM" --version >version.txt
simgrid=$(sed -n 's/^simgrid //p' version.txt)
built=$(sed -n 's/^built-with simgrid \([^ ]*\) .*/\1/p' version.txt)
[[ "$simgrid" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] && pass || fail "simgrid line: $(cat version.txt)"
expect_eq "built with the SimGrid it runs on" "$built" "$simgrid"
grep -qx "built-with simgrid $built (supported: 3.32 to 4.1)" version.txt && pass ||
    fail "built-with line: $(cat version.txt)"
major=${simgrid%%.*}
minor=${simgrid#*.}
minor=${minor%%.*}
old=$((major == 3 && minor < 34))
echo "SimGrid $simgrid: eager scan $old"

# Linear alltoall, 2 B, np 1024: p(p-1) = 1047552 sends, all eager at
# once, 1047552^2/8 entries scanned; with the harness's 2(p-1) messages
# 1049598 in all, 1024 ranks, one case.
cat >lin.ini <<EOF
collective = alltoall
algorithms = linear
platforms = $PAPSIM_SOURCE_DIR/platforms/salimi-beni-cluster.xml
ranks_per_node = 32
np = 1024
bytes = 2
datatype = char
patterns = no_delay
EOF
sed 's/^np = 1024/np = 256/' lin.ini >lin256.ini
"$PAPSIM" run lin.ini --dry-run --jobs 1 >/dev/null 2>dry.err
if [ "$old" = 1 ]; then
    # 1049598 x 15 us + 1.3717e11 x 60 ns + 1024 x 0.5 ms + 20 ms
    want=$(awk 'BEGIN { m = 1049598 * 15e-6; s = 1047552 * 1047552 / 8 * 60e-9; w = m + s + 0.512 + 0.02
        printf "hint: %.0f%% of this forecast (%.0f of %.0f s) is SimGrid 3.32\x27s scan", 100 * s / w, s, w }')
    grep -qF "$want" dry.err && pass || fail "3.32 hint, want '$want': $(cat dry.err)"
    # the forecast on 4.1: 1049598 x 20 us + 0.512 + 0.02 s = 21.52 s
    grep -q "papsim built against SimGrid 4.1 (scripts/build-simgrid.sh, cmake -DPAPSIM_SIMGRID_ROOT=PREFIX; docs/simgrid-versions.md) would take about 22 s$" \
        dry.err && pass || fail "3.32 hint's figure: $(cat dry.err)"
    grep -q "estimate: 15 us per message, 60 ns per eager send scanned" dry.err && pass ||
        fail "3.32 constants: $(cat dry.err)"
else
    grep -q "hint" dry.err && fail "hint on SimGrid $simgrid: $(cat dry.err)" || pass
    # 1049598 x 20 us + 0.512 + 0.02 s = 21.52 s
    grep -q "about 22 s wall with 1 worker(s) (estimate: 20 us per message, 0 ns per eager send scanned" \
        dry.err && pass || fail "$simgrid forecast: $(cat dry.err)"
fi
# No hint: a sweep under a minute, rendezvous sends, the scan cost set to 0.
"$PAPSIM" run lin256.ini --dry-run --jobs 1 >/dev/null 2>dry.err
grep -q "hint" dry.err && fail "hint for np 256: $(cat dry.err)" || pass
grep -q "costliest" dry.err && fail "np 256 is under a minute: $(cat dry.err)" || pass
"$PAPSIM" run lin.ini --dry-run --jobs 1 --cfg=smpi/send-is-detached-thresh:0 >/dev/null 2>dry.err
grep -q "hint" dry.err && fail "hint with rendezvous sends: $(cat dry.err)" || pass
"$PAPSIM" run lin.ini --dry-run --jobs 1 --scan-cost 0 >/dev/null 2>dry.err
grep -q "hint" dry.err && fail "hint with --scan-cost 0: $(cat dry.err)" || pass
# Given constants win over the version's.
"$PAPSIM" run lin256.ini --dry-run --jobs 1 --scan-cost 120ns --msg-cost 15us >/dev/null 2>dry.err
grep -q "estimate: 15 us per message, 120 ns per eager send scanned" dry.err && pass ||
    fail "given constants: $(cat dry.err)"

# ---- configure: the version check and PAPSIM_SIMGRID_ROOT -------------------
pc=$(pkg-config --variable=pcfiledir simgrid 2>/dev/null)/simgrid.pc
inc=$(pkg-config --variable=includedir simgrid 2>/dev/null)
if [ ! -f "$pc" ] || [ ! -f "$inc/simgrid/version.h" ]; then
    echo "no system simgrid.pc: the configure checks need one to copy"
    finish
    exit
fi
fake_root() { # DIR MAJOR MINOR PATCH: a prefix with this SimGrid's files, version changed
    mkdir -p "$1/lib/pkgconfig" "$1/include/simgrid" "$1/include/smpi" "$1/bin"
    sed -e "s|^prefix=.*|prefix=$PWD/$1|" -e "s|^exec_prefix=.*|exec_prefix=$PWD/$1/bin|" \
        -e "s|^libdir=.*|libdir=$PWD/$1/lib|" -e "s|^includedir=.*|includedir=$PWD/$1/include|" \
        -e "s|^Version: .*|Version: $2.$3|" "$pc" >"$1/lib/pkgconfig/simgrid.pc"
    sed -e "s/^#define SIMGRID_VERSION_MAJOR .*/#define SIMGRID_VERSION_MAJOR $2/" \
        -e "s/^#define SIMGRID_VERSION_MINOR .*/#define SIMGRID_VERSION_MINOR $3/" \
        -e "s/^#define SIMGRID_VERSION_PATCH .*/#define SIMGRID_VERSION_PATCH $4/" \
        "$inc/simgrid/version.h" >"$1/include/simgrid/version.h"
    cp "$inc/smpi/smpi_helpers.h" "$1/include/smpi/"
    : >"$1/lib/libsimgrid.so"
    printf '#!/bin/sh\nexit 1\n' >"$1/bin/smpirun"
    chmod +x "$1/bin/smpirun"
}
configure() { # ROOT: configure papsim against it in a fresh directory
    rm -rf cfg
    cmake -S "$PAPSIM_SOURCE_DIR" -B cfg -DPAPSIM_SIMGRID_ROOT="$1" -DBUILD_TESTING=OFF >cfg.out 2>cfg.err
}
fake_root sg331 3 31 0
configure sg331 && fail "configure accepted SimGrid 3.31" || pass
grep -q "SimGrid 3.31.0 in $PWD/sg331 .*papsim supports SimGrid 3.32 to 4.1" <(tr -s ' \n' ' ' <cfg.err) &&
    pass || fail "3.31 message: $(cat cfg.err)"
fake_root sg42 4 2 0
configure sg42 && fail "configure accepted SimGrid 4.2" || pass
grep -q "SimGrid 4.2.0 in $PWD/sg42 .*papsim supports SimGrid 3.32 to 4.1" <(tr -s ' \n' ' ' <cfg.err) &&
    pass || fail "4.2 message: $(cat cfg.err)"
mkdir -p empty
configure "$PWD/empty" && fail "configure accepted a root without simgrid.pc" || pass
grep -q "PAPSIM_SIMGRID_ROOT=$PWD/empty: no lib/pkgconfig/simgrid.pc" <(tr -s ' \n' ' ' <cfg.err) &&
    pass || fail "empty root message: $(cat cfg.err)"
# 4.1.3 is 4.1: in the range; the root's own files are taken, not the system's.
fake_root sg413 4 1 3
configure sg413
grep -q -- "-- SimGrid 4.1.3: $PWD/sg413/lib/libsimgrid.so, $PWD/sg413/bin/smpirun" cfg.out && pass ||
    fail "4.1.3 root: $(cat cfg.out cfg.err | grep -i simgrid)"
finish
