# papsim platform: generated XML (content, recorded command, reload with
# --info), every shipped platform, bad shapes and bad files (exit 2,
# messages starting "papsim platform: "), and a generated fat tree run by a
# real smpirun when smpicc/smpirun are installed.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

BAD_INPUT_PREFIX='papsim platform: '

# info_field FILE KEY: the value of "KEY: value" in papsim platform --info.
info_field() {
    "$PAPSIM" platform --info "$1" | sed -n "s/^$2: //p"
}

expect_ok "--help" "$PAPSIM" platform --help
expect_eq "--help prints usage" "$(head -c 22 out.txt)" "usage: papsim platform"

# A flat cluster like that of Salimi Beni et al. 2024, to stdout.
expect_ok "flat" "$PAPSIM" platform flat --nodes 32 --cores 32 --bw 10Gbps \
    --lat 1us --loopback-bw 10Gbps --loopback-lat 1us
cp out.txt flat.xml
expect_eq "flat cluster line" "$(grep -c 'radical="0-31" core="32"' flat.xml)" 1
expect_eq "flat links" "$(grep -c 'bw="10Gbps" lat="1us"' flat.xml)" 1
expect_eq "flat loopback" \
    "$(grep -c 'loopback_bw="10Gbps" loopback_lat="1us"' flat.xml)" 1
expect_eq "flat has no topology attribute" "$(grep -c topology= flat.xml)" 0
expect_eq "exact command recorded" \
    "$(sed -n 's/.*id="papsim_command" value="\(.*\)".*/\1/p' flat.xml)" \
    "papsim platform flat --nodes 32 --cores 32 --bw 10Gbps --lat 1us --loopback-bw 10Gbps --loopback-lat 1us"
expect_eq "no double hyphen inside the comment" \
    "$(sed -n '/<!--/,/-->/p' flat.xml | sed '1s/<!--//; $s/-->//' | grep -c -- --)" 0
expect_eq "flat reloads: hosts" "$(info_field flat.xml hosts)" 32
expect_eq "flat reloads: cores" "$(info_field flat.xml 'cores per host')" 32
expect_eq "flat reloads: max ranks" "$(info_field flat.xml 'max ranks')" 1024

# Topologies, to files; the parameters decide the host count.
expect_ok "fat tree" "$PAPSIM" platform fat_tree --params "2;4,4;1,2;1,2" \
    --cores 2 -o ft.xml
expect_eq "fat tree: nothing on stdout" "$(cat out.txt)" ""
expect_eq "fat tree hosts" "$(info_field ft.xml hosts)" 16
expect_eq "fat tree topology" "$(info_field ft.xml topology)" FAT_TREE
expect_eq "fat tree parameters" "$(info_field ft.xml topo_parameters)" \
    "2;4,4;1,2;1,2"
expect_eq "quoted parameters in the command" \
    "$(grep -c "value=\"papsim platform fat_tree --params '2;4,4;1,2;1,2'" ft.xml)" 1
expect_ok "fat tree with matching --nodes" "$PAPSIM" platform fat_tree \
    --params "3;4,4,2;1,2,2;1,1,2" --nodes 32 -o ft3.xml
expect_ok "dragonfly" "$PAPSIM" platform dragonfly --params "3,4;4,3;5,1;2" \
    -o df.xml
expect_eq "dragonfly hosts" "$(info_field df.xml hosts)" 120
expect_ok "torus" "$PAPSIM" platform torus --params 4,4,4 --lat 0.5us -o to.xml
expect_eq "torus hosts" "$(info_field to.xml hosts)" 64
expect_ok "flat with backbone" "$PAPSIM" platform flat --nodes 8 \
    --backbone-bw 20Gbps --backbone-lat 1us -o bb.xml
expect_eq "backbone attributes" "$(grep -c -e 'bb_bw="20Gbps"' -e 'bb_lat="1us"' bb.xml)" 2
expect_ok "bare zero latency and binary units" "$PAPSIM" platform flat \
    --nodes 2 --lat 0 --bw 1GiBps
if command -v xmllint >/dev/null; then
    for f in flat.xml ft.xml ft3.xml df.xml to.xml bb.xml; do
        expect_ok "xmllint $f" xmllint --noout "$f"
    done
fi

# Impossible shapes and bad values.
expect_bad_input "fat tree with 3 fields" "FAT_TREE topo_parameters .*4 fields" \
    "$PAPSIM" platform fat_tree --params "2;4,4;1,2"
expect_bad_input "fat tree with a zero" "no zeros" \
    "$PAPSIM" platform fat_tree --params "2;4,0;1,2;1,2"
expect_bad_input "fat tree vector too long" "must be 2 positive integers" \
    "$PAPSIM" platform fat_tree --params "2;4,4,4;1,2;1,2"
expect_bad_input "fat tree --nodes mismatch" "--nodes 15: .* give 16 hosts" \
    "$PAPSIM" platform fat_tree --params "2;4,4;1,2;1,2" --nodes 15
expect_bad_input "dragonfly G > R" "groups <= routers per chassis" \
    "$PAPSIM" platform dragonfly --params "4,1;1,1;2,1;1"
expect_bad_input "dragonfly field" "two positive integers" \
    "$PAPSIM" platform dragonfly --params "3,4;4,3;5;2"
expect_bad_input "torus with a zero" "TORUS topo_parameters '4,0,4'" \
    "$PAPSIM" platform torus --params 4,0,4
expect_bad_input "topology without --params" "--params is required" \
    "$PAPSIM" platform torus
expect_bad_input "flat without --nodes" "--nodes is required" \
    "$PAPSIM" platform flat
expect_bad_input "flat with --params" "takes no topology parameters" \
    "$PAPSIM" platform flat --nodes 4 --params 4
expect_bad_input "zero nodes" "--nodes '0'" "$PAPSIM" platform flat --nodes 0
expect_bad_input "lower-case unit" "--bw '10gbps'" \
    "$PAPSIM" platform flat --nodes 4 --bw 10gbps
expect_bad_input "negative bandwidth" "must be positive" \
    "$PAPSIM" platform flat --nodes 4 --bw -1Gbps
expect_bad_input "zero bandwidth" "must be positive" \
    "$PAPSIM" platform flat --nodes 4 --loopback-bw 0Gbps
expect_bad_input "latency without unit" "--lat '1'" \
    "$PAPSIM" platform flat --nodes 4 --lat 1
expect_bad_input "negative latency" "must not be negative" \
    "$PAPSIM" platform flat --nodes 4 --loopback-lat -1us
expect_bad_input "junk speed" "--speed 'fast'" \
    "$PAPSIM" platform flat --nodes 4 --speed fast
expect_bad_input "backbone on a torus" "only a flat cluster" \
    "$PAPSIM" platform torus --params 2,2 --backbone-bw 1Gbps
expect_bad_input "backbone latency alone" "needs --backbone-bw" \
    "$PAPSIM" platform flat --nodes 2 --backbone-lat 1us
expect_bad_input "prefix with a colon" "--prefix 'a:'" \
    "$PAPSIM" platform flat --nodes 2 --prefix a:
expect_bad_input "unknown kind" "unknown kind 'mesh'" "$PAPSIM" platform mesh
expect_bad_input "unknown option" "unknown option '--bogus'" \
    "$PAPSIM" platform flat --bogus
expect_bad_input "missing value" "missing value for option '--nodes' \(see papsim platform --help\)$" \
    "$PAPSIM" platform flat --nodes
expect_bad_input "missing kind" "missing KIND" "$PAPSIM" platform
mkdir -p a-directory # no file can be written there, not even by root
expect_fail "unwritable output" "^papsim platform: -o: 'a-directory' exists and is not a regular file$" \
    "$PAPSIM" platform flat --nodes 2 -o a-directory

# --info on the embedded default and on every shipped platform.
expect_eq "default hosts" "$(info_field default hosts)" 4
expect_eq "default max ranks" "$(info_field default 'max ranks')" 64
for f in "$PAPSIM_SOURCE_DIR"/platforms/*.xml; do
    expect_ok "--info $(basename "$f")" "$PAPSIM" platform --info "$f"
done
expect_eq "salimi-beni max ranks" \
    "$(info_field "$PAPSIM_SOURCE_DIR/platforms/salimi-beni-cluster.xml" 'max ranks')" 1024
expect_eq "dragonfly-256 topology" \
    "$(info_field "$PAPSIM_SOURCE_DIR/platforms/dragonfly-256.xml" topology)" DRAGONFLY

# A zone of two clusters (yahoo.xml): hosts in document order, one group
# per cluster, 2 ranks per core at most when oversubscribed.
Y=$PAPSIM_SOURCE_DIR/platforms/yahoo.xml
expect_ok "--info yahoo.xml" "$PAPSIM" platform --info "$Y"
expect_eq "yahoo groups" "$(grep '^group ' out.txt)" \
"group leaf-a: hosts 0-4 = yahoo-0 .. yahoo-4 (5 x 8 cores, FLAT)
group leaf-b: hosts 5-15 = yahoo-5 .. yahoo-15 (11 x 8 cores, FLAT)"
expect_eq "yahoo topology" "$(info_field "$Y" topology)" MULTI
expect_eq "yahoo oversubscribed" "$(info_field "$Y" 'max ranks oversubscribed')" \
    "256 (2 per core, ranks-per-node up to 16)"

# Bad platform files.
expect_bad_input "missing file" \
    "platform 'nope.xml': cannot read: No such file or directory" \
    "$PAPSIM" platform --info nope.xml
printf '<?xml version="1.0"?>\n<platform version="4.1">\n<zone id="w"\n' >bad.xml
expect_bad_input "malformed XML" "platform 'bad.xml': malformed XML at line [0-9]+" \
    "$PAPSIM" platform --info bad.xml
expect_eq "libxml2 itself stays quiet" "$(wc -l <err.txt)" 1
sed 's/radical="0-15"/radical="0-14"/' ft.xml >ft15.xml
expect_bad_input "fat tree file with 15 hosts" \
    "ft15.xml'.*needs 16 hosts but radical '0-14' gives 15" \
    "$PAPSIM" platform --info ft15.xml
sed 's/radical="0-7"/radical="0-3;8"/' bb.xml >rad.xml
expect_bad_input "radical with ';'" "radical '0-3;8'" \
    "$PAPSIM" platform --info rad.xml
expect_bad_input "--info with a kind" "--info takes no KIND" \
    "$PAPSIM" platform flat --info default

# What the loader does not understand, or SimGrid 3.32 would refuse, is
# named with the file, the element and its line.
sed 's|<link id="uplink-a"|<switch id="core"/>\n    &|' "$Y" >unknown.xml
expect_bad_input "unknown element" \
    "platform 'unknown.xml': <switch id='core'> at line [0-9]+: unknown element" \
    "$PAPSIM" platform --info unknown.xml
sed 's|gw_src="yahoo-leaf-a-switch"|gw_src="leaf-a_router"|' "$Y" >gw.xml
expect_bad_input "zoneRoute gateway" \
    "<zoneRoute src='leaf-a' dst='leaf-b'> at line [0-9]+: gw_src 'leaf-a_router' is not a host or router" \
    "$PAPSIM" platform --info gw.xml
sed 's|<link_ctn id="uplink-b" direction="DOWN"/>|<link_ctn id="uplink-b"/>|' "$Y" >dir.xml
expect_bad_input "SPLITDUPLEX link without direction" \
    "<link_ctn id='uplink-b'> at line [0-9]+: link 'uplink-b' is SPLITDUPLEX" \
    "$PAPSIM" platform --info dir.xml
grep -v DOCTYPE "$Y" >nodoctype.xml
expect_bad_input "no DOCTYPE" "nodoctype.xml': no <!DOCTYPE platform" \
    "$PAPSIM" platform --info nodoctype.xml
sed 's|<cluster id="leaf-b"|<cabinet id="x" prefix="c-" suffix="" radical="0-1" speed="1Gf" bw="1Gbps" lat="1us"/>\n    &|' "$Y" >cabinet.xml
expect_bad_input "cabinet" "<cabinet id='x'> at line [0-9]+: not supported" \
    "$PAPSIM" platform --info cabinet.xml

# A generated platform that smpirun accepts and routes (optional).
SMPIRUN=${SMPIRUN:-smpirun}
SMPICC=$(smpicc_path)
if command -v "$SMPICC" >/dev/null && command -v "$SMPIRUN" >/dev/null; then
    cat >hello.c <<'EOF'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, size, sum = 0, one = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("ranks=%d sum=%d\n", size, sum);
    MPI_Finalize();
    return 0;
}
EOF
    expect_ok "smpicc hello" "$SMPICC" hello.c -o hello
    expect_ok "hostfile for ft.xml" "$PAPSIM" hostfile --platform ft.xml --np 32 -o hf
    expect_ok "smpirun on a generated fat tree" "$SMPIRUN" -no-privatize \
        -platform ft.xml -hostfile hf -np 32 ./hello --log=root.thres:warning
    expect_eq "all 32 ranks ran" "$(grep -c '^ranks=32 sum=32$' out.txt)" 1
else
    echo "note: smpicc/smpirun not found; skipping the smpirun check"
fi

finish
