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

# smpicc_path: the smpicc of the SimGrid papsim was built with, the one
# beside $SMPIRUN (a program compiled by another SimGrid's smpicc would load
# a second libsimgrid under this smpirun); plain smpicc when there is none.
smpicc_path() {
    local run dir
    run=$(command -v "${SMPIRUN:-smpirun}" 2>/dev/null) || { echo smpicc; return; }
    dir=$(dirname "$run")
    if [ -x "$dir/smpicc" ]; then echo "$dir/smpicc"; else echo smpicc; fi
}

# wait_for SECONDS CMD...: runs CMD every 50 ms until it succeeds; returns 1
# if SECONDS of wall time pass first. For a test that must act once another
# process has got somewhere (written a file, printed a line): the limit only
# bounds a hang, so make it far longer than a loaded host needs (minutes),
# have CMD also succeed when that process has ended (it will never get
# there), and assert on the awaited state afterwards, never on the time.
wait_for() {
    local limit=$1 end
    shift
    end=$((SECONDS + limit))
    until "$@"; do
        [ "$SECONDS" -lt "$end" ] || return 1
        sleep 0.05
    done
}

# session_pids SID: the processes of session SID (field 6 of /proc/N/stat),
# one pid a line. A process started with setsid heads a session of its own,
# which its children keep whatever process groups they make, and after it.
session_pids() {
    local sid=$1 f line
    for f in /proc/[0-9]*/stat; do
        { read -r line <"$f"; } 2>/dev/null || continue
        line=${line##*) } # after "PID (COMMAND) ": state ppid pgrp session ...
        set -- $line
        [ "${4:-}" != "$sid" ] || { f=${f#/proc/}; echo "${f%/stat}"; }
    done
}

# require_deadlock_case WHY: the one real case known to deadlock under SMPI
# (its bcast mvapich2_inter_node at np 4, 2 ranks per node, root 1). If it
# no longer deadlocks (SimGrid fixed it), the test says so and is skipped
# (CTest SKIP_RETURN_CODE 77), never passed: another such case is needed.
require_deadlock_case() {
    local probe
    probe=$("$PAPSIM" bench --np 4 --ranks-per-node 2 --root 1 --collective bcast \
        --algorithm builtin:mvapich2_inter_node --bytes 64 2>&1)
    grep -qi deadlock <<<"$probe" && return 0
    echo "SKIP: SMPI's builtin:mvapich2_inter_node bcast does not deadlock here; $1"
    exit 77
}

# deadlock_spec FILE ALGORITHMS: a sweep spec of that case (64 B, no delay)
# for the given bcast algorithms, e.g. the deadlocking one and a working one.
deadlock_spec() {
    printf '%s\n' "collective = bcast" "np = 4" "ranks_per_node = 2" "root = 1" "bytes = 64" \
        "patterns = no_delay" "[block]" "algorithms = $2" >"$1"
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

# Columns of a CSV by header name, never by position, so that a new column
# breaks no test. The first line of each FILE (or of stdin) that is not a
# "#" comment is its header; fields may be quoted ("a,b"), as papsim writes
# them.
#
# csv_cols [-H HEADER] NAMES [FILE...]: for each row, the columns NAMES
# (comma-separated header names, in that order) joined by commas; the header
# line itself is not printed. -H HEADER: the input has no header line (e.g.
# papbench --no-header), HEADER names its columns. A name not in the header
# is an error (exit 2).
# csv_col NAME [FILE...]: the same for one column.
# csv_drop NAMES [FILE]: the CSV, header included, without the columns NAMES.
# csv_set NAME LINE VALUE [FILE]: the CSV with column NAME of line LINE
# (counted from 1, the header being line 1; "rows" for every line after the
# header) set to VALUE; & in VALUE stands for the old value.
# results_header: the header line of results.csv (and of papsim bench).
# per_rank_header: the columns of papbench's --per-rank rows (written
# without a header line; read them with csv_cols -H "$per_rank_header").
csv_awk_lib='
function csv_fields(line, f,    n, i, c, q, cur) {
    if (index(line, "\"") == 0)
        return split(line, f, ",")
    n = 0; cur = ""; q = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (c == "\"")
            q = !q
        if (c == "," && !q) {
            f[++n] = cur; cur = ""
            continue
        }
        cur = cur c
    }
    f[++n] = cur
    return n
}
function csv_find(header, names, col,    hf, want, n, k, i, j) {
    n = csv_fields(header, hf)
    k = split(names, want, ",")
    for (i = 1; i <= k; i++) {
        col[i] = 0
        for (j = 1; j <= n; j++)
            if (hf[j] == want[i])
                col[i] = j
        if (!col[i]) {
            printf "csv: no column %s in %s\n", want[i], header > "/dev/stderr"
            exit 2
        }
    }
    return k
}'

csv_cols() {
    local header=
    if [ "$1" = -H ]; then header=$2; shift 2; fi
    local names=$1; shift
    awk -v names="$names" -v header="$header" "$csv_awk_lib"'
        BEGIN { if (header != "") k = csv_find(header, names, col) }
        FNR == 1 { seen = header != "" }
        !seen && /^#/ { next }
        !seen { k = csv_find($0, names, col); seen = 1; next }
        {
            csv_fields($0, f)
            out = f[col[1]]
            for (i = 2; i <= k; i++)
                out = out "," f[col[i]]
            print out
        }' "$@"
}

csv_col() { csv_cols "$@"; }

# registry_columns NP NAME...: the registry rows `papsim list --np NP
# --format csv` gives (every row when NP is empty), one per line, with the
# columns NAME... (header names), tab-separated: quoted fields (RFC 4180)
# are unquoted, so a restrictions list keeps its commas.
registry_columns() {
    local np=$1
    shift
    "$PAPSIM" list ${np:+--np "$np"} --format csv | awk -v want="$*" '
        function split_csv(line, out,    n, i, c, q, f) {
            n = 0; q = 0; f = ""
            for (i = 1; i <= length(line); i++) {
                c = substr(line, i, 1)
                if (q && c == "\"" && substr(line, i + 1, 1) == "\"") { f = f c; i++ }
                else if (c == "\"") q = !q
                else if (c == "," && !q) { out[++n] = f; f = "" }
                else f = f c
            }
            out[++n] = f
            return n
        }
        NR == 1 {
            n = split_csv($0, head)
            for (i = 1; i <= n; i++) col[head[i]] = i
            nw = split(want, w, " ")
            for (i = 1; i <= nw; i++)
                if (!(w[i] in col)) { print "papsim list --format csv has no column " w[i] > "/dev/stderr"; exit 1 }
            next
        }
        {
            split_csv($0, f)
            line = ""
            for (i = 1; i <= nw; i++) line = line (i > 1 ? "\t" : "") f[col[w[i]]]
            print line
        }'
}

csv_drop() {
    local names=$1; shift
    awk -v names="$names" "$csv_awk_lib"'
        FNR == 1 { seen = 0 }
        !seen && /^#/ { print; next }
        !seen {
            k = csv_find($0, names, col)
            for (i = 1; i <= k; i++)
                drop[col[i]] = 1
            seen = 1
        }
        {
            n = csv_fields($0, f)
            out = ""; sep = ""
            for (j = 1; j <= n; j++)
                if (!(j in drop)) {
                    out = out sep f[j]; sep = ","
                }
            print out
        }' "$@"
}

csv_set() {
    local name=$1 line=$2 value=$3; shift 3
    awk -v names="$name" -v line="$line" -v value="$value" "$csv_awk_lib"'
        FNR == 1 { seen = 0 }
        !seen && /^#/ { print; next }
        !seen { csv_find($0, names, col); seen = 1; print; next }
        seen == 1 && line == "rows" { seen = 2 }
        FNR == line + 0 || (line == "rows" && seen == 2) {
            n = csv_fields($0, f)
            v = ""; rest = value
            while ((i = index(rest, "&")) > 0) {
                v = v substr(rest, 1, i - 1) f[col[1]]
                rest = substr(rest, i + 1)
            }
            f[col[1]] = v rest
            out = f[1]
            for (j = 2; j <= n; j++)
                out = out "," f[j]
            print out
            next
        }
        { print }' "$@"
}

per_rank_header=case_id,rep,rank,delay_s,arrive_s,exit_s,clock_offset_s,clock_rtt_s

results_header() { "$PAPSIM" bench --np 2 --bytes 8 2>/dev/null | head -n 1; }

# expect_closing_line NAME NP OUT MIN: OUT, the output of an MPI test
# program (tests/mpi) run at np NP, ends with "p=NP: X passed, Y failed",
# Y is 0 (else the first FAIL lines are shown) and X is at least MIN (a run
# that stops early or tests nothing does not pass).
expect_closing_line() {
    local name=$1 np=$2 out=$3 min=$4 line npass nfail
    line=$(grep -E "^p=$np: [0-9]+ passed, [0-9]+ failed$" "$out" | tail -n 1)
    if [ -z "$line" ]; then
        fail "$name np=$np: no closing line: $(grep -m 5 FAIL "$out" | tr '\n' ' ') $(tail -n 3 "$out" | tr '\n' ' ')"
        return
    fi
    npass=$(echo "$line" | sed -E 's/^p=[0-9]+: ([0-9]+) passed.*/\1/')
    nfail=$(echo "$line" | sed -E 's/.* ([0-9]+) failed$/\1/')
    expect_eq "$name np=$np: failed cases ($(grep -m 5 FAIL "$out" | tr '\n' ' '))" "$nfail" "0"
    if [ "$npass" -ge "$min" ]; then pass; else fail "$name np=$np: only $npass cases passed"; fi
}

# run_test_program MPI PROGRAM NP OUT MIN: runs an MPI test program of
# tests/mpi at np NP into OUT, under Open MPI (MPI "Open MPI": mpiexec,
# oversubscribed), MPICH (MPI "MPICH": $MPIEXEC_MPICH, PROGRAM its -mpich
# twin) or SMPI (MPI "SMPI": smpirun on a 5-host flat platform made once in
# the test's directory), ended after 300 s (a hang the
# program's own watchdog misses); it must exit 0 and close as
# expect_closing_line says.
run_test_program() {
    local mpi=$1 program=$2 np=$3 out=$4 min=$5
    local -a cmd
    if [ "$mpi" = SMPI ]; then
        [ -f flat5.xml ] || "$PAPSIM" platform flat --nodes 5 --cores 1 --bw 10Gbps --lat 1us \
            -o flat5.xml >/dev/null 2>&1 || fail "could not generate a platform"
        "$PAPSIM" hostfile --platform flat5.xml --np "$np" --mapping sequential -o "hosts-$np" >/dev/null
        cmd=("$SMPIRUN" -no-privatize -platform flat5.xml -hostfile "hosts-$np" -np "$np" "$program"
             --cfg=smpi/simulate-computation:no --log=root.thres:critical)
    elif [ "$mpi" = MPICH ]; then
        cmd=("$MPIEXEC_MPICH" -n "$np" "$program")
    else
        cmd=("$MPIEXEC" --allow-run-as-root --oversubscribe -np "$np" "$program")
    fi
    if timeout 300 "${cmd[@]}" > "$out" 2>&1; then
        pass
    else
        fail "$mpi np=$np: exit status $?: $(grep -m 5 FAIL "$out" | tr '\n' ' ')"
    fi
    expect_closing_line "$mpi" "$np" "$out" "$min"
}
