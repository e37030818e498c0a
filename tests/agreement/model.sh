# Model check: on the contention-free crossbar, with the network model set
# to plain latency + size/bandwidth (CM02, no cross traffic), the allgathers
# take the Hockney costs of Table 1 of Loch 2021 (Sparbit) within 1%, with
# alpha = 2 x 1 us (the sender's up link and the receiver's down link) and
# beta = 1/(1 GB/s): ring (p-1)(alpha + m beta); neighbor exchange
# (p/2) alpha + (p-1) m beta; recursive doubling, Bruck and Sparbit
# ceil(log2 p) alpha + (p-1) m beta (Sparbit's concurrent messages of a step
# share the link, so tau is 0 here up to SMPI's 16-byte envelope).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

for np in 4 8 16; do
    for bytes in 8 65536 1048576; do
        got=$("$PAPSIM" bench --np $np --collective allgather --algorithm ring --bytes $bytes \
            --platform "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" \
            --cfg=network/model:CM02 --cfg=network/crosstraffic:0 | csv_col total_delay_s | tail -n 1)
        want=$(awk -v p=$np -v m=$bytes 'BEGIN { printf "%.12g", (p - 1) * (2e-6 + m / 1e9) }')
        if awk -v g="$got" -v w="$want" 'BEGIN { r = g / w; exit !(r > 0.99 && r < 1.01) }'; then
            pass
        else
            fail "np=$np m=$bytes: simulated $got s, model $want s"
        fi
    done
done

# Steps (the alpha count) of each algorithm at np=p.
steps() {
    case $1 in
        ring) echo $(($2 - 1)) ;;
        neighbor_exchange) echo $(($2 / 2)) ;;
        *) awk -v p="$2" 'BEGIN { s = 0; while (2 ^ s < p) s++; print s }' ;;
    esac
}
for case in neighbor_exchange:8 neighbor_exchange:16 recursive_doubling:8 recursive_doubling:16 \
            bruck:7 bruck:16 sparbit:7 sparbit:16 sparbit:13; do
    algo=${case%:*} np=${case#*:} bytes=1048576
    got=$("$PAPSIM" bench --np $np --collective allgather --algorithm $algo --bytes $bytes \
        --platform "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" \
        --cfg=network/model:CM02 --cfg=network/crosstraffic:0 | csv_col total_delay_s | tail -n 1)
    want=$(awk -v p=$np -v m=$bytes -v s="$(steps $algo $np)" \
        'BEGIN { printf "%.12g", s * 2e-6 + (p - 1) * m / 1e9 }')
    if awk -v g="$got" -v w="$want" 'BEGIN { r = g / w; exit !(r > 0.99 && r < 1.01) }'; then
        pass
    else
        fail "$algo np=$np m=$bytes: simulated $got s, Table 1 model $want s"
    fi
done
finish
