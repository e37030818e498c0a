# papsim hostfile: exact sequential and cyclic placements (odd p and
# oversubscription on the testbeds of Loch 2021 included), the defaults
# (sequential, ranks per node = cores), file output, bad requests (exit 2,
# messages starting "papsim hostfile: "), and, when smpicc/smpirun are
# installed, that smpirun really places rank r on line r of the hostfile.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

BAD_INPUT_PREFIX='papsim hostfile: '

P=$PAPSIM_SOURCE_DIR/platforms

expect_ok "--help" "$PAPSIM" hostfile --help
expect_eq "--help prints usage" "$(head -c 22 out.txt)" "usage: papsim hostfile"

# default: 4 nodes x 16 cores. np=10 with 4 ranks per node uses 3 nodes.
expect_ok "sequential" "$PAPSIM" hostfile --platform default --np 10 \
    --mapping sequential --ranks-per-node 4
expect_eq "sequential placement" "$(tr '\n' ' ' <out.txt)" \
    "node-0 node-0 node-0 node-0 node-1 node-1 node-1 node-1 node-2 node-2 "
expect_ok "cyclic" "$PAPSIM" hostfile --platform default --np 10 \
    --mapping cyclic --ranks-per-node 4
expect_eq "cyclic placement over 3 nodes" "$(tr '\n' ' ' <out.txt)" \
    "node-0 node-1 node-2 node-0 node-1 node-2 node-0 node-1 node-2 node-0 "

# Defaults: sequential, ranks per node = cores per host (16 here).
expect_ok "defaults" "$PAPSIM" hostfile --platform "$P/default.xml" --np 20
expect_eq "16 ranks on node-0" "$(grep -c '^node-0$' out.txt)" 16
expect_eq "4 ranks on node-1" "$(grep -c '^node-1$' out.txt)" 4

# The seed-003 cluster, full: 1024 lines, 32 per node, never a ':'.
expect_ok "1024 ranks to a file" "$PAPSIM" hostfile --platform \
    "$P/salimi-beni-cluster.xml" --np 1024 --mapping cyclic -o hf.txt
expect_eq "nothing on stdout" "$(cat out.txt)" ""
expect_eq "1024 lines" "$(wc -l <hf.txt)" 1024
expect_eq "32 ranks per node" "$(sort hf.txt | uniq -c | awk '{print $1}' | sort -u)" 32
expect_eq "no ':' in the hostfile" "$(grep -c : hf.txt)" 0
expect_eq "cyclic: rank 33 on node-1" "$(sed -n 34p hf.txt)" node-1

# One rank per node on the fat tree: rank r on node-r.
expect_ok "one rank per node" "$PAPSIM" hostfile --platform "$P/fat-tree-256.xml" \
    --np 256 --ranks-per-node 1 -o ft.txt
expect_eq "rank 255 on node-255" "$(sed -n 256p ft.txt)" node-255

# The testbeds of Loch 2021 (rule in lib/platform/hostfile.h). Odd p = 13 on
# Yahoo uses ceil(13/8) = 2 nodes under both mappings.
expect_ok "yahoo 13 sequential" "$PAPSIM" hostfile --platform "$P/yahoo.xml" --np 13
expect_eq "yahoo 13 sequential: 8 + 5" "$(uniq -c out.txt | awk '{print $1 $2}' | tr '\n' ' ')" \
    "8yahoo-0 5yahoo-1 "
expect_ok "yahoo 13 cyclic" "$PAPSIM" hostfile --platform "$P/yahoo.xml" --np 13 \
    --mapping cyclic
expect_eq "yahoo 13 cyclic: even ranks on yahoo-0, odd on yahoo-1" \
    "$(sed -n '1p;2p;13p' out.txt | tr '\n' ' ')" "yahoo-0 yahoo-1 yahoo-0 "
# Oversubscription on request: Loch 2021's 256 on Yahoo, 320 on Cervino.
expect_ok "yahoo 256 at 16 per node" "$PAPSIM" hostfile --platform "$P/yahoo.xml" \
    --np 256 --ranks-per-node 16 -o y256.txt
expect_eq "16 ranks on each of 16 hosts" \
    "$(sort y256.txt | uniq -c | awk '{print $1}' | sort -u) $(sort -u y256.txt | wc -l)" "16 16"
expect_eq "sequential: ranks 0-15 on yahoo-0, 16 on yahoo-1" \
    "$(sed -n '16p;17p' y256.txt | tr '\n' ' ')" "yahoo-0 yahoo-1 "
expect_ok "cervino 320 cyclic at 64 per node" "$PAPSIM" hostfile --platform \
    "$P/cervino.xml" --np 320 --ranks-per-node 64 --mapping cyclic -o c320.txt
expect_eq "cyclic: rank r on cervino-(r mod 5)" \
    "$(sed -n '1p;5p;6p;320p' c320.txt | tr '\n' ' ')" \
    "cervino-0 cervino-4 cervino-0 cervino-4 "

# Bad requests.
expect_bad_input "np too large" \
    "np=2048 with 32 ranks per node needs 64 nodes but platform '.*salimi-beni-cluster.xml' has 32 hosts" \
    "$PAPSIM" hostfile --platform "$P/salimi-beni-cluster.xml" --np 2048
expect_bad_input "more than 2 ranks per core" \
    "9 ranks per node.*only 4 cores \(at most 8 ranks per node, 2 per core\)" \
    "$PAPSIM" hostfile --platform "$P/torus-256.xml" --np 8 --ranks-per-node 9
expect_bad_input "default never oversubscribes" \
    "np=129 with 8 ranks per node needs 17 nodes but platform '.*yahoo.xml' has 16 hosts \(to oversubscribe, set ranks per node to 9: at most 2 per core\)" \
    "$PAPSIM" hostfile --platform "$P/yahoo.xml" --np 129
expect_bad_input "np zero" "--np '0'" "$PAPSIM" hostfile --platform default --np 0
expect_bad_input "np not a number" "--np '1x'" \
    "$PAPSIM" hostfile --platform default --np 1x
expect_bad_input "bad mapping" "mapping 'block'" \
    "$PAPSIM" hostfile --platform default --np 4 --mapping block
expect_bad_input "missing --platform" "--platform and --np are required" \
    "$PAPSIM" hostfile --np 4
expect_bad_input "missing platform file" \
    "platform 'nope.xml': cannot read: No such file or directory" \
    "$PAPSIM" hostfile --platform nope.xml --np 4
printf '<platform version="4.1">\n<zone id="w">\n' >bad.xml
expect_bad_input "malformed platform" "platform 'bad.xml': malformed XML at line" \
    "$PAPSIM" hostfile --platform bad.xml --np 4
expect_bad_input "unknown option" "unknown option '--nodes'" \
    "$PAPSIM" hostfile --platform default --np 4 --nodes 2
mkdir -p a-directory # no file can be written there, not even by root
expect_fail "unwritable output" "^papsim hostfile: -o: 'a-directory' exists and is not a regular file$" \
    "$PAPSIM" hostfile --platform default --np 4 -o a-directory

# smpirun places rank r on line r (optional).
SMPIRUN=${SMPIRUN:-smpirun}
SMPICC=$(smpicc_path)
if command -v "$SMPICC" >/dev/null && command -v "$SMPIRUN" >/dev/null; then
    cat >where.c <<'EOF'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, len;
    char name[MPI_MAX_PROCESSOR_NAME];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Get_processor_name(name, &len);
    printf("%d %s\n", rank, name);
    MPI_Finalize();
    return 0;
}
EOF
    expect_ok "smpicc where" "$SMPICC" where.c -o where
    for m in sequential cyclic; do
        "$PAPSIM" hostfile --platform "$P/default.xml" --np 10 \
            --ranks-per-node 4 --mapping $m -o hf.$m
        expect_ok "smpirun $m" "$SMPIRUN" -no-privatize -platform \
            "$P/default.xml" -hostfile hf.$m -np 10 ./where \
            --log=root.thres:warning
        expect_eq "smpirun follows the $m hostfile" \
            "$(sort -n out.txt | cut -d' ' -f2 | tr '\n' ' ')" \
            "$(tr '\n' ' ' <hf.$m)"
    done
else
    echo "note: smpicc/smpirun not found; skipping the smpirun check"
fi

finish
