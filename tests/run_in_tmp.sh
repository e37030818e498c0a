#!/usr/bin/env bash
# Runs one CLI test script in a fresh temporary directory, removed afterwards
# unless the test failed (then its path is printed for inspection).
script=$1
dir=$(mktemp -d "${TMPDIR:-/tmp}/papsim-test.XXXXXX") || exit 2
cd "$dir" || exit 2
bash "$script"
status=$?
if [ "$status" -eq 0 ]; then rm -rf "$dir"; else echo "test directory kept: $dir" >&2; fi
exit "$status"
