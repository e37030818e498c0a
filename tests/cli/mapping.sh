# smpirun -map confirms the placement of papsim's hostfiles: sequential
# fills a node's cores first, cyclic deals ranks round-robin over the nodes.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

platform=$PAPSIM_SOURCE_DIR/platforms/default.xml   # 4 nodes x 16 cores
np=12
for mapping in sequential cyclic; do
    expect_ok "$mapping hostfile" "$PAPSIM" hostfile --platform "$platform" --np $np \
        --mapping $mapping --ranks-per-node 4 -o hosts.txt
    "$SMPIRUN" -map -no-privatize -platform "$platform" -hostfile hosts.txt -np $np "$PAPBENCH" \
        --cfg=smpi/simulate-computation:no --log=root.thres:info >/dev/null 2> map.log
    for rank in $(seq 0 $((np - 1))); do
        if [ $mapping = sequential ]; then want=node-$((rank / 4)); else want=node-$((rank % 3)); fi
        got=$(sed -n "s/.*\[rank $rank\] -> \([^ ]*\).*/\1/p" map.log | head -n 1)
        expect_eq "$mapping: rank $rank" "$got" "$want"
    done
done
finish
