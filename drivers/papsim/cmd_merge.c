/* papsim merge OUT SHARD_DIR...: combines the directories of a sharded
 * sweep (papsim run --shard I/N, or the array tasks of --slurm) into
 * OUT/results.csv, the file a local run of the whole spec writes: the same
 * rows in the spec's case order. Every shard 1..N must be there once. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "sweep/sweep_merge.h"
#include "util/papsim_error.h"

static void merge_usage(FILE *out)
{
    fputs("usage: papsim merge [--allow-missing] OUT SHARD_DIR...\n"
          "Combines the result directories of a sharded sweep (papsim run --shard I/N,\n"
          "or the array tasks of papsim run --slurm) into OUT/results.csv: the rows of\n"
          "every shard in the spec's case order, one copy of each (identical copies\n"
          "are dropped, different ones refused), as a local run of the whole spec writes\n"
          "them. Each SHARD_DIR needs its results.csv and case_order.csv; shards 1..N\n"
          "must all be given, once. OUT/case_order.csv is written too, so papsim run\n"
          "SPEC --out OUT resumes from the merged results; OUT/provenance.txt gets the\n"
          "shards' records. OUT/results.csv must not exist yet.\n"
          "\n"
          "Every results.csv is checked first, as every command reading results checks\n"
          "it (values, one row per case_id and rep, whole rows), and must have a whole\n"
          "header of papsim run. A case that a shard's case_order.csv lists and its\n"
          "results.csv lacks (its batch failed, or the run was stopped) is named, and\n"
          "the merge is refused: run that shard again (papsim run SPEC --shard I/N\n"
          "--out SHARD_DIR runs only what is missing), then merge.\n"
          "\n"
          "  --allow-missing  merge without the missing cases, saying how many\n"
          "Exit status: 0 merged, 2 bad input or missing cases (nothing written).\n",
          out);
}

int papsim_cmd_merge(int argc, char **argv)
{
    papsim_err e = {{0}};
    sweep_merge_stats st;
    int allow_missing = 0;
    /* Options may stand anywhere; the other arguments keep their order. */
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            merge_usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--allow-missing")) {
            allow_missing = 1;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] == '-')
            return papsim_cmd_bad_option("merge", '?', argv[i]);
        argv[kept++] = argv[i];
    }
    argc = kept;
    if (argc < 3)
        return papsim_cmd_bad_input("merge", "expected OUT and one or more SHARD_DIR, got %d "
                                    "argument%s (see papsim merge --help)",
                                    argc - 1, argc == 2 ? "" : "s");
    int ndirs = argc - 2;
    if (sweep_merge(argv[1], argv + 2, ndirs, allow_missing, &st, &e) != 0)
        return papsim_cmd_bad_input("merge", "%s", e.msg);
    papsim_print_note("papsim merge", "%d shards, %zu rows read -> %s/results.csv", ndirs,
                      st.rows, argv[1]);
    if (st.missing)
        papsim_print_note("papsim merge", "merged without %d missing case%s (--allow-missing)",
                          st.missing, st.missing == 1 ? "" : "s");
    return 0;
}
