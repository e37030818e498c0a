# Model check: on the contention-free crossbar, with the network model set
# to plain latency + size/bandwidth (CM02, no cross traffic), the ring
# allgather takes (p-1)(alpha + m beta) within 1%: alpha = 2 x 1 us (the
# sender's up link and the receiver's down link), beta = 1/(1 GB/s).
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

for np in 4 8 16; do
    for bytes in 8 65536 1048576; do
        got=$("$PAPSIM" bench --np $np --collective allgather --algorithm ring --bytes $bytes \
            --platform "$PAPSIM_SOURCE_DIR/platforms/crossbar.xml" \
            --cfg=network/model:CM02 --cfg=network/crosstraffic:0 | tail -n 1 | cut -d, -f19)
        want=$(awk -v p=$np -v m=$bytes 'BEGIN { printf "%.12g", (p - 1) * (2e-6 + m / 1e9) }')
        if awk -v g="$got" -v w="$want" 'BEGIN { r = g / w; exit !(r > 0.99 && r < 1.01) }'; then
            pass
        else
            fail "np=$np m=$bytes: simulated $got s, model $want s"
        fi
    done
done
finish
