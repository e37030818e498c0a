/* papbench's command line (options.h). */
#include "options.h"

#include <mpi.h>
#ifdef PAPSIM_SIMULATED
#include <simgrid/version.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "cases/case_list.h"
#include "papsim_catalog.h"
#include "papsim_plugin.h"
#include "plugin.h"
#include "util/units.h"

/* The collectives of collectives.def, "a | b | c", wrapped to the option
 * column. */
static void print_collectives(FILE *out)
{
    int column = 21;
    fputs("  --collective C     ", out);
    for (size_t i = 0; i < papsim_ncollectives; i++) {
        const int width = (int)strlen(papsim_collectives[i]) + (i + 1 < papsim_ncollectives ? 3 : 0);
        if (column + width > 78) {
            fputs("\n                     ", out);
            column = 21;
        }
        fprintf(out, " %s%s", papsim_collectives[i], i + 1 < papsim_ncollectives ? " |" : "");
        column += width;
    }
    fputs(column + 9 > 78 ? "\n                      [reduce]\n" : " [reduce]\n", out);
}

void papbench_print_usage(FILE *out)
{
    fputs(
        "usage: papbench [CASE OPTIONS] [--cases FILE] [--per-rank FILE [--force]] [--warmup N]\n"
        "                [--no-header] [--plugin FILE]...\n"
        "Runs collective cases under an arrival pattern; prints results.csv rows (rank 0).\n"
        "Start it with smpirun (simulation) or, as papbench-mpi, with mpirun.\n\n"
        "case options (also the keys of papsim spec files):\n",
        out);
    print_collectives(out);
    fputs(
        "  --algorithm A       a registry name (papsim list) or builtin:NAME, the\n"
        "                      MPI library's own collective (under smpirun pass\n"
        "                      --cfg=smpi/<collective>:NAME to select it) [binomial]\n"
        "  --bytes N           what the collective moves (papsim list --collectives:\n"
        "                      the per-rank block, the vector, the buffer, the base\n"
        "                      block c of a v-form): 8, 4KiB, 1MiB          [8]\n"
        "  --distribution D    a v-form's block sizes from c (allgatherv,\n"
        "                      reduce_scatter, gatherv, scatterv): uniform |\n"
        "                      broadcast | spike | half | lindec | geometric [uniform];\n"
        "                      alltoallv's per-pair matrix:\n"
        "                      uniform | spike | random | rows-broadcast |\n"
        "                      rows-spike | rows-half | rows-lindec | rows-geometric\n"
        "  --matrix-seed N     seed of alltoallv's random matrix (1..2^63-1)\n"
        "  --datatype T        char | int | float | double | long        [double]\n"
        "  --op O              sum | max | min | prod | affine           [sum]\n"
        "                      affine: not commutative, int and long only; an\n"
        "                      element packs a map x -> a x + b (a: high half,\n"
        "                      b: low half; mod 2^16 in int, 2^32 in long), and\n"
        "                      u op v = u then v (tests MPI's operand order)\n"
        "  --root R            root rank of rooted collectives           [0]\n"
        "  --in-place          use MPI_IN_PLACE (not for bcast: one buffer)\n"
        "  --pattern P         arrival pattern shape or file:PATH        [no_delay]\n"
        "  --skew S            maximum delay: 100us, 2ms (absolute)      [0]\n"
        "  --seed N            seed of random and gaussian patterns      [1]\n"
        "  --reps N            repetitions, each at a fresh start time   [1]\n"
        "  --gamma G           combine cost in s/byte, charged per MPI_Reduce_local\n"
        "                      in simulation only (SMPI charges nothing) [0]\n"
        "  --segment-bytes N   segment size of pipelined algorithms      [0=default]\n"
        "  --segments N        number of segments of clairvoyant     [0=its default]\n"
        "  --max-requests K    receives and sends in flight per rank (alltoall\n"
        "                      linear_sync)             [0=no limit, Open MPI's]\n"
        "  --knomial-radix K   radix of the bcast knomial tree, 2..64   [0=4]\n"
        "  --radix K           radix vector of reduce radix_k, factors with product\n"
        "                      np: 4x4x8 or 4,4,8 (spec files: 4x4x8)\n"
        "                      [default: fours, an odd two as a last 8, odd primes]\n"
        "  --knowledge K       arrival times given to the algorithm (clairvoyant,\n"
        "                      allreduce slt and prr): none (balanced) | oracle\n"
        "                      (this pattern's delays) | predicted (each rank's\n"
        "                      moving average of its last 5 measured arrival\n"
        "                      offsets, 0 at first, exchanged by an allgather\n"
        "                      inside the timed call) | estimated (slt, prr;\n"
        "                      Proficz 2018: at x = --edge of its delay a\n"
        "                      rank announces (time so far)/x with\n"
        "                      MPI_Isend; the algorithm completes the\n"
        "                      receives inside the timed call) [none]\n"
        "  --edge X            estimated: the fraction x, 0 < x <= 1     [0.5]\n"
        "  --schedule-timed Y  yes: charge the wall time of building the schedule\n"
        "                      as simulated time; no: building is free  [no]\n"
        "  --model-alpha T     latency of the round-time model of arrival-aware\n"
        "                      algorithms (clairvoyant: d = alpha + (m/N)(beta +\n"
        "                      gamma), also its default N): 2.66us, 1e-6\n"
        "                      [0 = the algorithm's; clairvoyant: 2.66us (CURIE)]\n"
        "  --model-beta T      that model's time per byte, s/B: 4.8179e-10, 0.5ns\n"
        "                      [0 = the algorithm's; clairvoyant: 4.8179e-10]\n"
        "  --check             compare every result with the collective's definition\n"
        "  --np N              expected number of processes (checked)\n"
        "  --platform, --mapping, --ranks-per-node   labels written to the CSV\n"
        "  --platform-key K    the platform's content key (16 hex digits, as papsim\n"
        "                      run and bench give it): the case id hashes K, not the\n"
        "                      --platform label [none: the label]\n"
        "  --pattern-key K     a file pattern's content key (16 hex digits, as papsim\n"
        "                      run and bench give it): the case id hashes K, and a\n"
        "                      file whose delays have another key fails the case\n"
        "                      (exit 2, no row)              [none: the path only]\n"
        "  --plugin-key K      a user algorithm's file's content key (16 hex digits,\n"
        "                      as papsim run and bench give it): the case id hashes\n"
        "                      K, and a file with another key fails the case (exit\n"
        "                      2, no row)                    [none: the name only]\n"
        "driver options:\n"
        "  --cases FILE        one case per line (the options above; '#' comments),\n"
        "                      each line applied on top of the command line's options;\n"
        "                      a value with blanks in single quotes, '' for a quote\n"
        "  --per-rank FILE     write case_id,rep,rank,delay_s,arrive_s,exit_s,\n"
        "                      clock_offset_s,clock_rtt_s rows: the times on rank 0's\n"
        "                      clock, the rank's estimated offset to that clock and\n"
        "                      the round trip of the estimate (both 0 in simulation);\n"
        "                      a new file (never an input: the --cases file, a\n"
        "                      platform or pattern file), put in place at the end\n"
        "  --force             replace an existing --per-rank FILE\n"
        "  --plugin FILE       load a user's algorithm (a shared object with a\n"
        "                      PAPSIM_PLUGIN_ALGORITHM declaration) as user:NAME;\n"
        "                      repeatable; before the cases are read\n"
        "  --no-header         do not print the CSV header line\n"
        "  --margin SECONDS    lead time of each agreed start              [0.01]\n"
        "  --warmup N          untimed repetitions before each case (no rows; they\n"
        "                      do feed --knowledge predicted)              [0]\n"
        "  --clock-sync W      each: estimate clock offsets before every repetition;\n"
        "                      once: at start-up only (p x 10 ping-pongs less per\n"
        "                      repetition, for correctness runs)          [each]\n"
        "  --library-version   alone: print the MPI library's own version (SimGrid's\n"
        "                      under smpirun) and exit\n"
        "  --calibrate         instead of cases: ping-pong rank 0 with the lowest rank\n"
        "                      on its node and on another node, sizes 1, 4, 16, ...\n"
        "                      up to --max-bytes B [4MiB], --iters N round trips\n"
        "                      each [50]; prints kind,rank,peer,bytes,iters,min_s,\n"
        "                      median_s (one-way times); run by papsim calibrate\n"
        "real MPI: before every repetition each rank re-estimates its clock offset\n"
        "to rank 0 (ping-pong, smallest round trip), rank 0 names a start --margin\n"
        "ahead, every rank busy-waits until start + its delay on that clock, and a\n"
        "repetition where a rank got there more than 50 us late is missed_start.\n"
        "exit status: 0 ok, 2 bad input, 3 a result differed from the reference.\n",
        out);
}

int papbench_parse_options(char **extra, int nextra, papbench_options *o, papsim_err *e)
{
    for (int i = 0; i < nextra; i++) {
        const char *a = extra[i];
        const char *next = i + 1 < nextra ? extra[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            o->help = 1;
        } else if (!strcmp(a, "--force")) {
            o->force = 1;
        } else if (!strcmp(a, "--no-header")) {
            o->header = 0;
        } else if (!strcmp(a, "--cases") && next) {
            o->cases_path = extra[++i];
        } else if (!strcmp(a, "--per-rank") && next) {
            o->per_rank_path = extra[++i];
        } else if (!strcmp(a, "--margin") && next) {
            char *end;
            o->margin = strtod(extra[++i], &end);
            if (*end || !(o->margin > 0))
                return papsim_fail(e, "--margin '%s' must be a positive number of seconds", next);
        } else if (!strcmp(a, "--warmup") && next) {
            long n;
            if (papsim_parse_long(extra[++i], 0, 1000000, "--warmup", &n, e) != 0)
                return -1;
            o->warmup = (int)n;
        } else if (!strcmp(a, "--plugin") && next) {
            char why[sizeof e->msg - 16];
            if (papsim_plugin_open(extra[++i], PAPSIM_PLUGIN_BUILD_MPI, why, sizeof why) != 0)
                return papsim_fail(e, "--plugin %s", why);
        } else if (!strcmp(a, "--clock-sync") && next) {
            if (strcmp(next, "each") != 0 && strcmp(next, "once") != 0)
                return papsim_fail(e, "--clock-sync '%s': expected each or once", next);
            o->sync_once = !strcmp(extra[++i], "once");
        } else {
            return papsim_fail_option(e, papsim_case_option_takes_value(a), a, "papbench --help");
        }
    }
    return 0;
}

void papbench_print_library_version(void)
{
#ifdef PAPSIM_SIMULATED
    int major = 0, minor = 0, patch = 0;
    sg_version_get(&major, &minor, &patch);
    printf("SimGrid %d.%d.%d\n", major, minor, patch);
#else
    char text[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    if (MPI_Get_library_version(text, &len) != MPI_SUCCESS)
        len = 0;
    text[len > 0 && len < MPI_MAX_LIBRARY_VERSION_STRING ? len : 0] = '\0';
    text[strcspn(text, "\n")] = '\0';
    printf("%s\n", text[0] ? text : "unknown");
#endif
    fflush(stdout);
}
