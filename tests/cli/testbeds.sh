# The testbed platforms: the Yahoo and Cervino clusters of Loch 2021 (W. J.
# Loch, "Sparbit: a new logarithmic-cost and data locality-aware MPI Allgather
# algorithm", Master's dissertation, Santa Catarina State University (UDESC),
# Joinville, Brazil, 2021, Sec. 6.1.1)
# (yahoo.xml, cervino.xml, cervino-4.xml) and the 1024-rank deep
# hierarchies (fat-tree-1024.xml, dragonfly-1024.xml).
#   - each loads with the expected hosts, cores and host groups;
#   - a ring allgather runs correctly (--check) under smpirun on each, both
#     mappings, including Yahoo at Loch 2021's 256 ranks (2 per core);
#   - intra-node is much cheaper than inter-node: a 2-rank allgather of
#     1 KiB blocks with both ranks on one host against one rank on each of
#     two hosts must be at least MIN_INTRA_RATIO times cheaper (the files'
#     comments give the simulated values: 32 x on Yahoo, 23 x on Cervino,
#     14.7 x on the fat tree and the dragonfly);
#   - distance costs: on Yahoo a message crossing the core switch costs more
#     than one inside a leaf (at least CROSS_CORE_RATIO times: 20 us of
#     route latency against 15 us); on the fat tree leaf < pod < top, on
#     the dragonfly router < group < another group.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

P=$PAPSIM_SOURCE_DIR/platforms
MIN_INTRA_RATIO=10
CROSS_CORE_RATIO=1.1

# field FILE NAME: the NAME column of the last row of a results CSV.
field() {
    awk -F, -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next }
                       END { if (c) print $c }' "$1"
}

# above A B [FACTOR]: true if A > FACTOR x B (FACTOR defaults to 1).
above() {
    awk -v a="$1" -v b="$2" -v f="${3:-1}" 'BEGIN { exit !(a + 0 > f * b) }'
}

# bench DESC PLATFORM NP RPN MAPPING BYTES: runs papsim bench with --check
# and leaves the case's total delay in $t.
bench() {
    local desc=$1 platform=$2 np=$3 rpn=$4 mapping=$5 bytes=$6
    t=
    expect_ok "$desc" "$PAPSIM" bench --platform "$platform" --np "$np" \
        --ranks-per-node "$rpn" --mapping "$mapping" --collective allgather \
        --algorithm ring --bytes "$bytes" --check
    cp out.txt bench.csv
    expect_eq "$desc: status" "$(field bench.csv status)" ok
    t=$(field bench.csv total_delay_s)
}

# pair DESC PLATFORM HOST_A HOST_B: a 2-rank allgather of 1 KiB blocks with
# rank 0 on HOST_A and rank 1 on HOST_B, run by smpirun directly (papsim
# bench cannot name hosts); leaves the total delay in $t.
pair() {
    local desc=$1 platform=$2
    printf '%s\n%s\n' "$3" "$4" >pair-hosts.txt
    t=
    expect_ok "$desc" "$SMPIRUN" -no-privatize -platform "$platform" \
        -hostfile pair-hosts.txt -np 2 "$PAPBENCH" \
        --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 \
        --cfg=smpi/host-speed:1Gf --log=root.thres:warning \
        --collective allgather --algorithm ring --bytes 1024 --check
    cp out.txt pair.csv
    expect_eq "$desc: status" "$(field pair.csv status)" ok
    t=$(field pair.csv total_delay_s)
}

# info_field FILE KEY: the value of "KEY: value" in papsim platform --info.
info_field() {
    "$PAPSIM" platform --info "$1" | sed -n "s/^$2: //p"
}

# ---- shapes -----------------------------------------------------------------
# file hosts cores topology first-host last-host groups
while read -r file hosts cores topology first last groups; do
    f=$P/$file
    expect_ok "$file loads" "$PAPSIM" platform --info "$f"
    expect_eq "$file hosts" "$(info_field "$f" hosts)" "$hosts"
    expect_eq "$file cores" "$(info_field "$f" 'cores per host')" "$cores"
    expect_eq "$file topology" "$(info_field "$f" topology)" "$topology"
    expect_eq "$file hosts" "$(info_field "$f" 'first host') $(info_field "$f" 'last host')" \
        "$first $last"
    expect_eq "$file groups" "$("$PAPSIM" platform --info "$f" | grep -c '^group ')" "$groups"
    if command -v xmllint >/dev/null; then
        expect_ok "xmllint $file" xmllint --noout "$f"
    fi
done <<'EOF'
yahoo.xml 16 8 MULTI yahoo-0 yahoo-15 2
cervino.xml 5 32 FLAT cervino-0 cervino-4 1
cervino-4.xml 4 32 FLAT cervino-0 cervino-3 1
fat-tree-1024.xml 128 8 FAT_TREE node-0 node-127 1
dragonfly-1024.xml 128 8 DRAGONFLY node-0 node-127 1
EOF
expect_eq "yahoo leaves (Loch 2021: 5 and 11 machines)" \
    "$("$PAPSIM" platform --info "$P/yahoo.xml" | sed -n 's/^group \([^:]*\): hosts \([0-9-]*\) .*/\1 \2/p' | tr '\n' ' ')" \
    "leaf-a 0-4 leaf-b 5-15 "
expect_eq "yahoo: 2 ranks per core reach the 256 of Loch 2021" \
    "$(info_field "$P/yahoo.xml" 'max ranks oversubscribed' | cut -d' ' -f1)" 256
expect_eq "cervino: 2 ranks per core reach the 320 of Loch 2021" \
    "$(info_field "$P/cervino.xml" 'max ranks oversubscribed' | cut -d' ' -f1)" 320
expect_eq "cervino-4: 2 ranks per core reach the 256 of Loch 2021" \
    "$(info_field "$P/cervino-4.xml" 'max ranks oversubscribed' | cut -d' ' -f1)" 256

# ---- runs under smpirun -----------------------------------------------------
# Yahoo: 48 ranks at 8 per node span both leaves; 256 at 16 per node is the
# largest count of Loch 2021.
for m in sequential cyclic; do
    bench "yahoo 48 $m" "$P/yahoo.xml" 48 8 $m 1024
done
bench "yahoo 256 cyclic, 2 per core" "$P/yahoo.xml" 256 16 cyclic 1024
bench "cervino 160 sequential" "$P/cervino.xml" 160 32 sequential 1024
bench "cervino 65 cyclic" "$P/cervino.xml" 65 32 cyclic 1024
bench "cervino-4 128 cyclic" "$P/cervino-4.xml" 128 32 cyclic 1024
for f in fat-tree-1024 dragonfly-1024; do
    bench "$f 256 sequential" "$P/$f.xml" 256 8 sequential 1024
    bench "$f 64 cyclic" "$P/$f.xml" 64 8 cyclic 1024
done

# ---- intra-node against inter-node ------------------------------------------
for f in yahoo cervino cervino-4 fat-tree-1024 dragonfly-1024; do
    bench "$f: 2 ranks on one host" "$P/$f.xml" 2 2 sequential 1024
    intra=$t
    bench "$f: 2 ranks on two hosts" "$P/$f.xml" 2 1 sequential 1024
    inter=$t
    if [ -n "$intra" ] && [ -n "$inter" ] && above "$inter" "$intra" "$MIN_INTRA_RATIO"; then
        pass
    else
        fail "$f: two hosts ($inter s) not $MIN_INTRA_RATIO x one host ($intra s)"
    fi
done

# ---- distance ----------------------------------------------------------------
# Yahoo: yahoo-0 and yahoo-1 share leaf A; yahoo-5 is on leaf B.
pair "yahoo in-leaf" "$P/yahoo.xml" yahoo-0 yahoo-1
leaf=$t
pair "yahoo across the core" "$P/yahoo.xml" yahoo-0 yahoo-5
core=$t
pair "yahoo across the core, from leaf B" "$P/yahoo.xml" yahoo-15 yahoo-4
back=$t
if above "$core" "$leaf" "$CROSS_CORE_RATIO"; then pass; else
    fail "yahoo: crossing the core ($core s) not $CROSS_CORE_RATIO x in-leaf ($leaf s)"; fi
expect_eq "yahoo: both directions cross the core alike" "$back" "$core"
pair "yahoo in leaf B" "$P/yahoo.xml" yahoo-5 yahoo-15
expect_eq "yahoo: both leaves cost alike inside" "$t" "$leaf"

# fat-tree-1024: node-0 and node-3 share a leaf, node-4 is in the pod,
# node-16 in another pod.
pair "fat tree leaf" "$P/fat-tree-1024.xml" node-0 node-3
leaf=$t
pair "fat tree pod" "$P/fat-tree-1024.xml" node-0 node-4
pod=$t
pair "fat tree top" "$P/fat-tree-1024.xml" node-0 node-16
top=$t
if above "$pod" "$leaf" && above "$top" "$pod"; then pass; else
    fail "fat tree: leaf $leaf, pod $pod, top $top not increasing"; fi

# dragonfly-1024: node-0 and node-1 share a router, node-31 is in the same
# group (another chassis and router), node-127 in the last group.
pair "dragonfly router" "$P/dragonfly-1024.xml" node-0 node-1
router=$t
pair "dragonfly group" "$P/dragonfly-1024.xml" node-0 node-31
group=$t
pair "dragonfly other group" "$P/dragonfly-1024.xml" node-0 node-127
far=$t
if above "$group" "$router" && above "$far" "$group"; then pass; else
    fail "dragonfly: router $router, group $group, other group $far not increasing"; fi

finish
