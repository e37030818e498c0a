#!/usr/bin/env bash
# First command of the README: installs the packages papsim needs (only
# those missing; not the tests' own), builds what the default study needs
# (papsim and the SMPI driver papbench; `bash scripts/build.sh` builds the
# rest: the real-MPI drivers, libpapcoll, the examples, the test programs),
# runs the default study (scenarios/demo.ini on the embedded 64-rank
# platform) and writes its report.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh papsim papbench_smpi
mkdir -p results
./build/papsim run scenarios/demo.ini --out results/demo
./build/papsim report results/demo
echo
echo "papsim: the default study is in results/demo/results.csv"
echo "papsim: its report is results/demo/report/report.txt (heatmaps: results/demo/report/*.png)"
