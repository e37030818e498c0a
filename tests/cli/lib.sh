# Helpers for papsim's command-line tests (sourced by tests/cli/*.sh).
# Environment from CTest: PAPSIM (the papsim binary), PAPSIM_SOURCE_DIR,
# PAPSIM_BUILD_DIR. Each test runs in a fresh temporary directory.
set -u
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# expect_ok DESC CMD...: CMD must exit 0.
expect_ok() {
    local desc=$1; shift
    if "$@" >out.txt 2>err.txt; then pass; else fail "$desc (exit $?): $(head -c 600 err.txt)"; fi
}

# expect_fail DESC PATTERN CMD...: CMD must exit non-zero and print PATTERN
# (an extended regex) on stderr.
expect_fail() {
    local desc=$1 pattern=$2; shift 2
    if "$@" >out.txt 2>err.txt; then
        fail "$desc: exited 0, expected an error"
    elif ! grep -Eq -- "$pattern" err.txt; then
        fail "$desc: stderr lacks /$pattern/: $(head -c 600 err.txt)"
    else
        pass
    fi
}

# expect_eq DESC GOT WANT
expect_eq() {
    if [ "$2" = "$3" ]; then pass; else fail "$1: got '$2' want '$3'"; fi
}

# finish: prints the closing line and exits non-zero on any failure.
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# expect_bad_input DESC PATTERN CMD...: CMD must exit 2 and print
# "$BAD_INPUT_PREFIX" then PATTERN (an extended regex) on stderr. Set
# BAD_INPUT_PREFIX (e.g. "papsim pattern: ") in the test first.
expect_bad_input() {
    local desc=$1 pattern=$2 rc=0; shift 2
    "$@" >out.txt 2>err.txt || rc=$?
    if [ "$rc" -ne 2 ]; then
        fail "$desc: exit $rc, want 2: $(head -c 600 err.txt)"
    elif ! grep -Eq -- "^${BAD_INPUT_PREFIX:-}.*$pattern" err.txt; then
        fail "$desc: stderr lacks /$pattern/: $(head -c 600 err.txt)"
    else
        pass
    fi
}
