/* papbench: the MPI driver of papsim. Runs one case, or a list of cases, of a
 * collective algorithm under an arrival pattern and prints one results.csv
 * row per repetition on rank 0's stdout.
 *
 * Built twice from the same sources: for SimGrid/SMPI (run it with smpirun;
 * every rank sleeps in simulated time until its exact target T0 + delay_i)
 * and for a real MPI (papbench-mpi under mpirun; clocks are aligned to rank
 * 0's by ping-pong and ranks busy-wait until their target). */
#include <mpi.h>
#ifdef PAPSIM_SIMULATED
#include <simgrid/version.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calibrate.h"
#include "cases/case.h"
#include "cases/case_list.h"
#include "cases/collective_rules.h"
#include "collective.h"
#include "util/csv.h"
#include "harness.h"
#include "per_rank.h"
#include "papsim_plugin.h"
#include "plugin.h"
#include "cases/pattern.h"
#include "util/units.h"
#include "util/papsim_error.h"
#include "util/papsim_input.h"

typedef struct {
    const char *cases_path;
    const char *per_rank_path;
    int header;
    double margin;
    int warmup; /* untimed repetitions before each case's first */
    int sync_once; /* estimate clock offsets at start-up only (--clock-sync once) */
    int help;
} papbench_options;

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

static void print_usage(FILE *out)
{
    fputs(
        "usage: papbench [CASE OPTIONS] [--cases FILE] [--per-rank FILE] [--warmup N] [--no-header]\n"
        "                [--plugin FILE]...\n"
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
        "  --per-rank FILE     append case_id,rep,rank,delay_s,arrive_s,exit_s,\n"
        "                      clock_offset_s,clock_rtt_s rows: the times on rank 0's\n"
        "                      clock, the rank's estimated offset to that clock and\n"
        "                      the round trip of the estimate (both 0 in simulation)\n"
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

static int parse_driver_options(char **extra, int nextra, papbench_options *o, papsim_err *e)
{
    for (int i = 0; i < nextra; i++) {
        const char *a = extra[i];
        const char *next = i + 1 < nextra ? extra[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            o->help = 1;
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

/* A case's pattern and times. Only rank 0, which writes the rows, holds
 * vectors of np entries (and, on a real MPI with --knowledge oracle, every
 * rank the delays: the algorithm reads them all); every other rank knows its
 * own delay, so papbench's memory in the one smpirun process grows as np,
 * not np^2. */
typedef struct {
    double *delays;        /* this case's pattern (rank 0; see above) */
    double *times;         /* [rank][PAPBENCH_T_*], gathered on rank 0 */
    double *arrive, *exit_t; /* the same times as plain vectors, for the metrics */
    double delay;          /* this rank's own delay */
    const double *all;     /* every rank's delay for --knowledge oracle, or NULL */
} rank_vectors;

/* Rank 0 allocates every vector; a rank that makes the pattern itself only
 * the delays; the others nothing. */
static int alloc_vectors(rank_vectors *v, int np, int rank0, int makes_pattern)
{
    if (!rank0 && !makes_pattern)
        return 0;
    v->delays = calloc((size_t)np, sizeof(double));
    if (!rank0)
        return v->delays ? 0 : -1;
    v->times = calloc((size_t)np * PAPBENCH_T_COUNT, sizeof(double));
    v->arrive = calloc((size_t)np, sizeof(double));
    v->exit_t = calloc((size_t)np, sizeof(double));
    return v->delays && v->times && v->arrive && v->exit_t ? 0 : -1;
}

static void free_vectors(rank_vectors *v)
{
    free(v->delays);
    free(v->times);
    free(v->arrive);
    free(v->exit_t);
}

/* --knowledge estimated: the first part of the rank's computation phase
 * (its delay, from T0 = start): the receives of the others' estimates are
 * posted, the rank computes up to its edge and announces its estimate
 * (estimate.h). Non-blocking throughout, so arrivals stay exact. */
static int compute_until_edge(papbench_call *call, const papbench_harness *h, double start,
                              double delay, int *missed)
{
    int rc = papbench_estimate_post(&call->estimate);
    if (rc != MPI_SUCCESS)
        return rc;
    *missed |= papbench_wait_until(h, start + papbench_estimate_edge(&call->estimate, delay));
    return papbench_estimate_announce(&call->estimate, papbench_now(h) - start);
}

/* Rank 0, a checked barrier: no rank left before the last one entered,
 * within the clock error of a real machine (each rank's offset to rank 0 is
 * known within half its round trip, so two ranks' times within the sum of
 * two halves: the largest round trip bounds it; 0 in simulation). */
static int barrier_held(rank_vectors *v, int np)
{
    double tolerance = 0;
    for (int r = 0; r < np; r++) {
        const double *t = v->times + (size_t)r * PAPBENCH_T_COUNT;
        v->arrive[r] = t[PAPBENCH_T_ARRIVE];
        v->exit_t[r] = t[PAPBENCH_T_EXIT];
        tolerance = t[PAPBENCH_T_RTT] > tolerance ? t[PAPBENCH_T_RTT] : tolerance;
    }
    return papsim_barrier_times_ok(v->arrive, v->exit_t, np, tolerance);
}

/* Rank 0: the row's status from every rank's flags. A wrong result wins
 * over a missed start: it is the graver finding. */
static const char *repetition_status(const papbench_call *call, rank_vectors *v, int np,
                                     int *any_wrong)
{
    int any_missed = 0;
    /* A collective without data (barrier) is checked from the times alone. */
    *any_wrong = call->c->check && (call->coll->traits & PAPSIM_C_NO_DATA) && !barrier_held(v, np);
    for (int r = 0; r < np; r++) {
        int flags = (int)v->times[(size_t)r * PAPBENCH_T_COUNT + PAPBENCH_T_FLAGS];
        any_missed |= (flags & 1) != 0;
        *any_wrong |= (flags & 2) != 0;
    }
    return *any_wrong ? "check_failed" : any_missed ? "missed_start" : "ok";
}

/* Rank 0: one results.csv row (and the per-rank rows) for repetition rep. */
static void report_repetition(const papbench_call *call, const papbench_harness *h,
                              rank_vectors *v, int rep, const papbench_options *o,
                              int *failed_checks)
{
    int wrong;
    const char *status = repetition_status(call, v, h->size, &wrong);
    for (int r = 0; r < h->size; r++) {
        v->arrive[r] = v->times[(size_t)r * PAPBENCH_T_COUNT + PAPBENCH_T_ARRIVE];
        v->exit_t[r] = v->times[(size_t)r * PAPBENCH_T_COUNT + PAPBENCH_T_EXIT];
    }
    papsim_metrics m;
    papsim_metrics_compute(v->arrive, v->exit_t, h->size, &m);
    papsim_case row = *call->c;
    row.np = h->size;
#ifdef PAPSIM_SIMULATED
    const int deterministic = 1; /* SMPI: no noise, the same times on every run */
#else
    const int deterministic = 0;
#endif
    papsim_case_write_row(&row, rep, &m, deterministic, status, stdout);
    fflush(stdout);
    if (o->per_rank_path)
        papbench_write_per_rank(o->per_rank_path, &row, rep, h->size, v->delays, v->times);
    if (wrong) {
        papsim_print_error(PAPSIM_EXIT_FAILED, "papbench",
                           "%s/%s np=%d bytes=%lld %s op=%s root=%d%s: wrong result",
                           row.collective, row.algorithm, row.np, row.bytes, row.datatype,
                           row.op, row.root, row.in_place ? " in-place" : "");
        (*failed_checks)++;
    }
}

/* One repetition: align the clocks, wait for the target, time the call,
 * check, report. A warm-up (rep < 0) does all of it but the report; a wrong
 * result in a warm-up still counts as a failed check. */
static int run_repetition(papbench_call *call, papbench_harness *h, rank_vectors *v,
                          int rep, const papbench_options *o, int *failed_checks)
{
    double start, arrive, exit_t;
    int wrong = 0, rc;
    /* Inputs matter only to the check. A timing-only case leaves its buffers
     * as they are (shared across ranks in simulation): writing gigabytes of
     * inputs at large np and block size would dominate the wall time. */
    if (call->c->check)
        papbench_call_fill(call);
    if ((!o->sync_once && (rc = papbench_sync_clocks(h)) != MPI_SUCCESS) ||
        (rc = papbench_agree_start(h, &start)) != MPI_SUCCESS)
        return rc;
    papbench_call_knowledge(call, v->all);
    const double target = start + v->delay;
    int missed = 0;
    if (call->knowledge == PAPBENCH_KNOW_ESTIMATED &&
        (rc = compute_until_edge(call, h, start, v->delay, &missed)) != MPI_SUCCESS)
        return rc;
    missed |= papbench_wait_until(h, target);
    arrive = papbench_now(h);
    missed |= arrive - target > PAPBENCH_LATE_TOLERANCE; /* descheduled while waiting */
    rc = papbench_call_run(call);
    exit_t = papbench_now(h);
    if (rc == MPI_SUCCESS && call->knowledge == PAPBENCH_KNOW_ESTIMATED)
        rc = papbench_estimate_settle(&call->estimate); /* untimed, if the algorithm never asked */
    if (rc != MPI_SUCCESS)
        return rc;
    papbench_call_record_arrival(call, arrive - start);
    if (call->c->check && (rc = papbench_call_check(call, &wrong)) != MPI_SUCCESS)
        return rc;
    const double mine[PAPBENCH_T_COUNT] = {
        [PAPBENCH_T_ARRIVE] = arrive,
        [PAPBENCH_T_EXIT] = exit_t,
        [PAPBENCH_T_FLAGS] = (missed ? 1.0 : 0.0) + (wrong ? 2.0 : 0.0),
        [PAPBENCH_T_OFFSET] = h->clock_offset,
        [PAPBENCH_T_RTT] = h->clock_rtt,
    };
    rc = papbench_gather_times(h, mine, v->times);
    if (rc != MPI_SUCCESS || h->rank != 0)
        return rc;
    if (rep >= 0)
        report_repetition(call, h, v, rep, o, failed_checks);
    else if (strcmp(repetition_status(call, v, h->size, &wrong), "check_failed") == 0)
        (*failed_checks)++;
    return MPI_SUCCESS;
}

/* The communicator a case's collective runs on. On a real MPI, one duplicate
 * of MPI_COMM_WORLD for every case. Under SMPI, papsim's algorithms run on
 * MPI_COMM_WORLD (a duplicate costs O(p^2) memory there: harness.h), and
 * only builtin: cases get the duplicate, made at the first of them (every
 * rank reads the same case list, so all make it at the same point): SMPI's
 * SMP-aware built-ins take another, slower path on MPI_COMM_WORLD
 * (mvapich2_knomial_intra_node: 101 us instead of 13.7 us, 1664 B, np 16),
 * and the duplicate is what the agreement tests validated. */
static int case_comm(const papsim_case *c, MPI_Comm *dup, MPI_Comm *comm)
{
#ifdef PAPSIM_SIMULATED
    if (strncmp(c->algorithm, "builtin:", 8) != 0) {
        *comm = MPI_COMM_WORLD;
        return MPI_SUCCESS;
    }
#else
    (void)c;
#endif
    if (*dup == MPI_COMM_NULL) {
        int rc = papbench_comm_dup(dup);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    *comm = *dup;
    return MPI_SUCCESS;
}

/* A case of a user algorithm keyed by its file (--plugin-key) runs only if
 * the file still has that key: rebuilt since papsim keyed the case, it
 * would write the new build's times under the old build's id. */
static int plugin_key_held(const papsim_case *c, papsim_err *e)
{
    char key[sizeof c->plugin_key];
    const char *path = papsim_plugin_path(c->collective, c->algorithm);
    if (!c->plugin_key[0])
        return 0;
    if (!path)
        return papsim_fail(e, "--plugin-key %s: no --plugin file declares %s %s",
                           c->plugin_key, c->collective, c->algorithm);
    if (papsim_input_key(path, &papsim_limits_plugin, key, e) != 0)
        return -1;
    if (!strcmp(key, c->plugin_key))
        return 0;
    return papsim_fail(e, "%s (%s) changed after its case was keyed: the file now has key %s, "
                          "the case was keyed %s (--plugin-key), so it is not run. Rebuild a "
                          "user algorithm between runs, not while papsim runs its cases; then "
                          "run papsim again: it keys the new build and simulates its cases "
                          "again",
                       path, c->algorithm, key, c->plugin_key);
}

/* Rank 0 makes the case's pattern and every rank learns its own delay
 * (papbench_share_delays). On a real MPI with --knowledge oracle every rank
 * makes the whole pattern itself, as its algorithm reads every delay. A
 * keyed file pattern must still hold the delays its case id hashes (papsim
 * read the file when it built the case): an edited file fails the case
 * instead of giving a row under that id; rank 0 checks a keyed user
 * algorithm's file the same way (plugin_key_held), and the others learn
 * its verdict with the delays. */
static int case_delays(const papsim_case *c, papbench_harness *h, rank_vectors *v, papsim_err *e)
{
    papsim_pattern pattern;
    int makes = 0, failed = 0;
#ifndef PAPSIM_SIMULATED
    makes = !strcmp(c->knowledge, "oracle");
#endif
    int ok = alloc_vectors(v, h->size, h->rank == 0, makes) == 0;
    if (!ok)
        papsim_fail(e, "out of memory for %d-rank vectors", h->size);
    if (ok && h->rank == 0)
        ok = plugin_key_held(c, e) == 0;
    if (ok && (h->rank == 0 || makes))
        ok = papsim_pattern_parse(c->pattern, &pattern, e) == 0 &&
             papsim_pattern_delays_keyed(&pattern, h->size, c->skew_s, c->seed, 1, c->pattern_key,
                                         v->delays, e) == 0;
    if (papbench_share_delays(h, ok && h->rank == 0 ? v->delays : NULL, &v->delay, &failed,
                              &v->all) != MPI_SUCCESS)
        return papsim_fail(e, "could not hand out the delays of pattern %s", c->pattern);
    if (!ok)
        return -1;
    if (failed) /* rank 0 prints why */
        return papsim_fail(e, "rank 0 could not make pattern %s", c->pattern);
    if (makes) {
        v->all = v->delays;
        v->delay = v->delays[h->rank];
    }
    return 0;
}

static int run_case(const papsim_case *c, papbench_harness *h, MPI_Comm *dup,
                    const papbench_options *o, int *failed_checks, papsim_err *e)
{
    papbench_call call;
    rank_vectors v = {0};
    MPI_Comm algo_comm;
    int rc = -1, prepared = 0;
    /* The case's values checked (as papbench_call_prepare does, the same
     * verdict on every rank), then the delays, while every rank is at the
     * same simulated time (the last case's end), so the board's barrier
     * holds no rank back. */
    if (papsim_case_validate(c, e) != 0 || case_delays(c, h, &v, e) != 0)
        goto out;
    if (case_comm(c, dup, &algo_comm) != MPI_SUCCESS) {
        papsim_fail(e, "could not duplicate MPI_COMM_WORLD");
        goto out;
    }
    if (papbench_call_prepare(&call, c, algo_comm, e) != 0)
        goto out;
    prepared = 1;
    for (int rep = -o->warmup; rep < c->reps; rep++) /* warm-ups first, unnumbered */
        if (run_repetition(&call, h, &v, rep, o, failed_checks) != MPI_SUCCESS) {
            papsim_fail(e, "an MPI call failed in %s/%s", c->collective, c->algorithm);
            goto out;
        }
    rc = 0;
out:
    free_vectors(&v);
    if (prepared)
        papbench_call_free(&call);
    return rc;
}

/* papbench --library-version: the MPI library this process runs on, as the
 * library itself reports it at run time (not a version compiled in): under
 * SMPI libsimgrid's sg_version_get ("SimGrid 3.32.0"), under a real MPI the
 * first line of MPI_Get_library_version ("Open MPI v4.1.4, ..."). papsim
 * records it in each results directory's provenance file. */
static void print_library_version(void)
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

int main(int argc, char **argv)
{
    papbench_options o = {NULL, NULL, 1, 0.01, 0, 0, 0};
    papsim_case base;
    papsim_case_list list = {0};
    papsim_err e = {{0}};
    papbench_harness h;
    MPI_Comm algo_comm = MPI_COMM_NULL; /* the duplicate, once made */
    int rank, status = 0, failed_checks = 0, nextra = 0;
    char **extra = calloc((size_t)argc + 1, sizeof(char *));

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc == 2 && !strcmp(argv[1], "--library-version")) { /* papsim's provenance */
        if (rank == 0)
            print_library_version();
        goto done;
    }
    papsim_case_defaults(&base);
    if (!extra || papsim_case_parse_args(argc - 1, argv + 1, &base, extra, &nextra, &e) != 0)
        goto bad_input;
    if (papbench_is_calibration(extra, nextra)) { /* papsim calibrate's measurements */
        if ((status = papbench_calibrate(extra, nextra, &e)) != 0 && rank == 0)
            papsim_print_error(status, "papbench", "%s", e.msg);
        goto done;
    }
    if (parse_driver_options(extra, nextra, &o, &e) != 0)
        goto bad_input;
    if (o.help) {
        if (rank == 0)
            print_usage(stdout);
        goto done;
    }
    if (papsim_case_list_build(&base, o.cases_path, &list, &e) != 0)
        goto bad_input;
    if (papbench_harness_init(&h, o.margin) != MPI_SUCCESS) {
        papsim_fail(&e, "could not set up the harness communicator");
        goto bad_input;
    }
    if (rank == 0 && o.header)
        printf("%s\n", papsim_results_header());
    for (int i = 0; i < list.ncases && status == 0; i++)
        if (run_case(&list.cases[i], &h, &algo_comm, &o, &failed_checks, &e) != 0) {
            if (list.lines[i] > 0)
                papsim_fail_prefix(&e, "%s:%d: ", o.cases_path, list.lines[i]);
            status = PAPSIM_EXIT_BAD_INPUT;
            papbench_name_real_paths(e.msg, sizeof e.msg);
            if (rank == 0)
                papsim_print_error(status, "papbench", "%s", e.msg);
        }
    if (rank == 0 && o.cases_path && status == 0)
        papsim_print_note("papbench", "%d cases done%s", list.ncases,
                failed_checks ? ", SOME RESULTS WRONG" : "");
    if (algo_comm != MPI_COMM_NULL)
        MPI_Comm_free(&algo_comm);
    papbench_harness_free(&h);
    if (status == 0 && failed_checks)
        status = 3;
    goto done;
bad_input:
    status = PAPSIM_EXIT_BAD_INPUT;
    papbench_name_real_paths(e.msg, sizeof e.msg);
    if (rank == 0)
        papsim_print_error(status, "papbench", "%s", e.msg);
done:
    papsim_case_list_free(&list);
    free(extra);
    MPI_Finalize();
    return status;
}
