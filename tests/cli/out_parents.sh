# Every output path of papsim creates the directories it needs: run --out,
# report --out, merge OUT, platform -o, hostfile -o and the --slurm
# directory, each under parents that do not exist yet. A parent that is a
# file is refused with a message naming it.
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

printf 'collective = reduce\nalgorithms = binomial\nnp = 4\nbytes = 8\npatterns = no_delay\n' >spec.ini

expect_ok "run --out under missing parents" "$PAPSIM" run spec.ini --out a/b/run --quiet
expect_eq "run: one row" "$(($(wc -l <a/b/run/results.csv) - 1))" 1
expect_ok "report --out under missing parents" "$PAPSIM" report a/b/run --out c/d/report
if [ -s c/d/report/report.txt ]; then pass; else fail "report: no c/d/report/report.txt"; fi
expect_ok "shard 1 of 1" "$PAPSIM" run spec.ini --out shard --shard 1/1 --quiet
expect_ok "merge OUT under missing parents" "$PAPSIM" merge e/f/merged shard
expect_eq "merge: one row" "$(($(wc -l <e/f/merged/results.csv) - 1))" 1
expect_ok "platform -o under missing parents" "$PAPSIM" platform flat --nodes 4 -o g/h/p.xml
if grep -q '<platform' g/h/p.xml; then pass; else fail "platform: no g/h/p.xml"; fi
expect_ok "hostfile -o under missing parents" "$PAPSIM" hostfile --platform default --np 4 -o i/j/hosts
expect_eq "hostfile: 4 lines" "$(wc -l <i/j/hosts)" 4
expect_ok "run --slurm under missing parents" "$PAPSIM" run spec.ini --out k/l/array --slurm --shards 2
if [ -s k/l/array/sweep.sbatch ]; then pass; else fail "slurm: no k/l/array/sweep.sbatch"; fi

# A parent that is a file: refused, naming it.
echo x >plain
expect_fail "run: a parent that is a file" "plain: (cannot create directory|exists and is not a directory)" \
    "$PAPSIM" run spec.ini --out plain/sub --quiet
expect_fail "platform: a parent that is a file" "plain" \
    "$PAPSIM" platform flat --nodes 4 -o plain/p.xml
finish
