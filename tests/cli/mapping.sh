# smpirun -map confirms the placement of papsim's hostfiles: sequential
# fills a node's cores first, cyclic deals ranks round-robin over the nodes.
# Besides the default platform: the figure shapes of Loch 2021 (Sparbit)
# (p = m*c: machine(r) = floor(r/c) sequential, r mod m cyclic, on 4 x 5 and
# 5 x 4), and Yahoo oversubscribed at 2 ranks per core (256 ranks), where
# the two leaves are two clusters of one zone.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

# check_map DESC PLATFORM NP RPN MAPPING PREFIX EXPR: runs smpirun -map with
# papsim's hostfile and expects rank r on PREFIX$((EXPR)), EXPR using $r.
# RPN 0 leaves ranks per node at its default (the cores per host).
check_map() {
    local desc=$1 platform=$2 np=$3 rpn=$4 mapping=$5 prefix=$6 expr=$7 r want
    local opt=()
    [ "$rpn" -gt 0 ] && opt=(--ranks-per-node "$rpn")
    expect_ok "$desc: hostfile" "$PAPSIM" hostfile --platform "$platform" \
        --np "$np" --mapping "$mapping" "${opt[@]}" -o hosts.txt --force
    "$SMPIRUN" -map -no-privatize -platform "$platform" -hostfile hosts.txt \
        -np "$np" "$PAPBENCH" --cfg=smpi/simulate-computation:no \
        --log=root.thres:info >/dev/null 2>map.log
    sed -n 's/.*\[rank \([0-9]*\)\] -> \([^ ]*\).*/\1 \2/p' map.log | sort -n \
        >got.txt
    : >want.txt
    for r in $(seq 0 $((np - 1))); do
        want=$((expr))
        echo "$r $prefix$want" >>want.txt
    done
    if cmp -s got.txt want.txt; then
        pass
    else
        fail "$desc: smpirun -map differs: $(diff got.txt want.txt | head -5 | tr '\n' ' ')"
    fi
}

platform=$PAPSIM_SOURCE_DIR/platforms/default.xml   # 4 nodes x 16 cores
np=12
for mapping in sequential cyclic; do
    expect_ok "$mapping hostfile" "$PAPSIM" hostfile --platform "$platform" --np $np \
        --mapping $mapping --ranks-per-node 4 -o hosts.txt --force
    "$SMPIRUN" -map -no-privatize -platform "$platform" -hostfile hosts.txt -np $np "$PAPBENCH" \
        --cfg=smpi/simulate-computation:no --log=root.thres:info >/dev/null 2> map.log
    for rank in $(seq 0 $((np - 1))); do
        if [ $mapping = sequential ]; then want=node-$((rank / 4)); else want=node-$((rank % 3)); fi
        got=$(sed -n "s/.*\[rank $rank\] -> \([^ ]*\).*/\1/p" map.log | head -n 1)
        expect_eq "$mapping: rank $rank" "$got" "$want"
    done
done

# Figures 17/18 of Loch 2021: 4 machines x 5 cores and 5 x 4, p = 20.
for shape in "4 5" "5 4"; do
    set -- $shape
    m=$1 c=$2
    expect_ok "platform $m x $c" "$PAPSIM" platform flat --nodes $m --cores $c \
        -o fig-$m-$c.xml
    check_map "Fig. 17 sequential $m x $c" fig-$m-$c.xml 20 0 sequential node- "r / $c"
    check_map "Fig. 18 cyclic $m x $c" fig-$m-$c.xml 20 0 cyclic node- "r % $m"
done

# Yahoo at the largest count of Loch 2021, 2 ranks per core.
yahoo=$PAPSIM_SOURCE_DIR/platforms/yahoo.xml
check_map "yahoo 256 sequential" "$yahoo" 256 16 sequential yahoo- "r / 16"
check_map "yahoo 256 cyclic" "$yahoo" 256 16 cyclic yahoo- "r % 16"
finish
