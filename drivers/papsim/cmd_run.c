/* papsim run SPEC --out DIR: expand a sweep spec and run it into
 * DIR/results.csv, in parallel smpirun batches, resumable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "sweep/sweep_run.h"
#include "util/papsim_error.h"
#include "util/units.h"

typedef struct {
    sweep_run_options r;
    int help;
} run_options;

static void run_usage(FILE *out)
{
    fputs("usage: papsim run SPEC --out DIR [--jobs N] [--cfg=ITEM:VALUE ...] [--dry-run] [--quiet]\n"
          "                [--wait-lock] [--shard I/N] [--case-timeout T] [--skip-failed]\n"
          "                [--msg-cost T] [--rank-cost T] [--case-cost T] [--scan-cost T]\n"
          "                [--waitall-cost T] [--ignore-memory]\n"
          "       papsim run SPEC --out DIR --slurm [--shards N] [--partition P] [--time T]\n"
          "                [--cpus-per-task C] [--mem M] [--account A] [--sbatch LINE ...]\n"
          "Expands the sweep spec (.ini) and simulates every case into DIR/results.csv.\n"
          "SPEC may name an installed scenario (salimi-beni-bcast-small: papsim --version\n"
          "shows the data directory); a platform of a spec may name an installed one.\n"
          "  --out DIR        result directory (created, with any missing parent);\n"
          "                   results.csv is appended case by case, so a killed sweep\n"
          "                   resumes where it stopped and a rerun only simulates cases\n"
          "                   that are not there yet; a finished sweep leaves its rows in\n"
          "                   the spec's case order; DIR/work/case_wall.tsv logs each\n"
          "                   case's wall time. A failed write (a full disk) stops the\n"
          "                   run with its cause and leaves results.csv with whole rows\n"
          "                   only: make room and rerun to resume. One run at a time uses\n"
          "                   DIR: it holds DIR/papsim.lock while it runs, and a second\n"
          "                   run on DIR stops, naming the process that holds it.\n"
          "                   DIR/provenance.txt gets a record of each run (papsim's\n"
          "                   version and commit, SimGrid's, hashes of the spec and\n"
          "                   platforms, the command, the date), earlier ones kept.\n"
          "                   Rows that no longer match their case (a platform or\n"
          "                   pattern file edited since, another no-delay baseline for\n"
          "                   a relative skew) move to DIR/results-superseded.csv and\n"
          "                   those cases run again: no written row is ever deleted.\n"
          "                   A case whose smpirun batch fails (a crash, a deadlock, a\n"
          "                   kill by the OOM killer) gets no row in results.csv, so a\n"
          "                   rerun tries it again; each failed attempt is appended to\n"
          "                   DIR/failed.csv (case, cause, exit status, batch log, UTC\n"
          "                   date; never rewritten), and a rerun says how many of its\n"
          "                   cases failed before, by cause. A malformed failed.csv\n"
          "                   stops the run before anything runs (exit 2)\n"
          "  --wait-lock      wait until the run holding DIR ends, then run (instead of\n"
          "                   stopping)\n"
          "  --jobs N         parallel smpirun workers (default: the number of cores)\n"
          "  --cfg=ITEM:VAL   extra SimGrid option for every smpirun (smpi/<collective>:NAME\n"
          "                   is checked against SMPI's algorithm names)\n"
          "  --dry-run        list the cases (and the forecast, on stderr) and exit\n"
          "  --quiet          no forecast and no progress lines\n"
          "  --ignore-memory  run even when the memory forecast says that the largest\n"
          "                   cases (one per worker) do not fit the memory available\n"
          "                   (MemAvailable in /proc/meminfo; the variable\n"
          "                   PAPSIM_MEM_AVAILABLE, e.g. 8GiB, replaces it) or need more\n"
          "                   mappings than vm.max_map_count (PAPSIM_MAX_MAP_COUNT\n"
          "                   replaces it); without it papsim run refuses such a sweep\n"
          "                   before anything runs, saying by how much\n"
          "  --shard I/N      run only shard I of N (1 <= I <= N): the cases of the spec's\n"
          "                   expansion are dealt round-robin, a cell (block, platform,\n"
          "                   np, placement, size) with relative skews as one unit with\n"
          "                   its no-delay baselines; combine the shards' directories\n"
          "                   with papsim merge\n"
          "  --case-timeout T kill a case that simulates longer than T of wall time (e.g.\n"
          "                   600 or 600s) and record it with status 'timeout'; the\n"
          "                   skewed cases of an algorithm whose no-delay case timed out\n"
          "                   get status 'baseline_timeout' without a run, and a\n"
          "                   relative skew is the mean over the algorithms that finished\n"
          "                   (default: no limit)\n"
          "  --skip-failed    leave out the cases DIR/failed.csv holds (they failed before:\n"
          "                   they would likely fail again); the summary counts them as\n"
          "                   left out and the exit status stays 1, the results being\n"
          "                   incomplete; skewed cases that need a no-delay case left\n"
          "                   out are not run (no-delay baseline missing). Move\n"
          "                   failed.csv away (or edit it) to run them again; with\n"
          "                   --dry-run, lists only the cases that would run\n"
          "  --msg-cost T     forecast: wall time per simulated message (default 15us;\n"
          "                   20us on SimGrid 3.34 and later)\n"
          "  --rank-cost T    forecast: wall time per rank of a case (default 0.5ms)\n"
          "  --case-cost T    forecast: wall time per case (default 20ms)\n"
          "  --scan-cost T    forecast: wall time per entry of SimGrid 3.32's list of eager\n"
          "                   sends scanned when one finishes (default 60ns; 0 on SimGrid\n"
          "                   3.34 and later, which have no such list); the list holds\n"
          "                   every eager send in flight, so algorithms with many (linear\n"
          "                   alltoall) cost time quadratic in them\n"
          "  --waitall-cost T forecast: wall time per request SMPI's MPI_Waitall visits\n"
          "                   (default 1.5us; 140ns on SimGrid 3.34 and later): it\n"
          "                   visits every pending request per completion, p^3 visits for\n"
          "                   SMPI's basic_linear alltoall; times np/128 when the ranks\n"
          "                   arrive apart (a blocked wait costs more)\n"
          "  --slurm          write DIR/sweep.sbatch, a Slurm job array with one task per\n"
          "                   shard (DIR/shard-I), print how to submit and merge, run nothing;\n"
          "                   --shards N (default 4), --cpus-per-task C (default 1; each\n"
          "                   task runs C workers) and #SBATCH --partition, --time, --mem,\n"
          "                   --account, or any line with --sbatch '--qos=long'\n"
          "Relative skews ('1.5x') are resolved after the no-delay cases ran: factor x the\n"
          "mean no-delay total delay over the block's algorithms (Salimi Beni et al. 2024,\n"
          "Sec. III-B); '1.5x-own' uses the algorithm's own no-delay time (robustness\n"
          "mode, their Sec. IV-C). The spec keys: docs/formats/spec.md; the papers:\n"
          "README.md, section References.\n",
          out);
}

/* --shard I/N: 1 <= I <= N. */
static int parse_shard(const char *text, run_options *o, papsim_err *e)
{
    char *slash, *end;
    long i = strtol(text, &slash, 10), n = 0;
    if (slash != text && *slash == '/')
        n = strtol(slash + 1, &end, 10);
    if (slash == text || *slash != '/' || end == slash + 1 || *end || n < 1 || n > 100000 ||
        i < 1 || i > n)
        return papsim_fail(e, "--shard '%s' must be I/N with 1 <= I <= N <= 100000 (e.g. 2/8)",
                           text);
    o->r.shard = (int)i;
    o->r.nshards = (int)n;
    return 0;
}

/* The options of papsim run that take a value (the next argument). */
static int takes_value(const char *a)
{
    static const char *const with_value[] = {"--out", "--jobs", "--shard", "--msg-cost",
                                             "--rank-cost", "--case-cost", "--scan-cost",
                                             "--waitall-cost", "--case-timeout"};
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
        if (!strcmp(a, with_value[i]))
            return 1;
    return sweep_slurm_is_option(a);
}

/* The forecast constant a --*-cost option sets, marked as given, or NULL
 * when a is not one. */
static double *cost_option(const char *a, sweep_run_options *r)
{
    static const struct {
        const char *name;
        unsigned given;
    } opts[] = {{"--msg-cost", SWEEP_COST_GIVEN_MSG},     {"--rank-cost", SWEEP_COST_GIVEN_RANK},
                {"--case-cost", SWEEP_COST_GIVEN_CASE},   {"--scan-cost", SWEEP_COST_GIVEN_SCAN},
                {"--waitall-cost", SWEEP_COST_GIVEN_WAITALL}};
    double *const fields[] = {&r->cost.msg, &r->cost.rank, &r->cost.per_case, &r->cost.scan,
                              &r->cost.waitall};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (!strcmp(a, opts[i].name)) {
            r->cost_given |= opts[i].given;
            return fields[i];
        }
    return NULL;
}

static int parse_run_args(int argc, char **argv, run_options *o, papsim_err *e)
{
    const sweep_cost_model defaults = SWEEP_COST_MODEL_DEFAULT;
    o->r.cost = defaults;
    sweep_slurm_defaults(&o->r.so);
    o->r.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (o->r.jobs < 1)
        o->r.jobs = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        double *cost; /* the forecast constant a --*-cost option sets */
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            o->help = 1;
        } else if (!strcmp(a, "--out") && next) {
            o->r.out_dir = argv[++i];
        } else if (!strcmp(a, "--jobs") && next) {
            char *end;
            long j = strtol(argv[++i], &end, 10);
            if (*end || j < 1 || j > 64)
                return papsim_fail(e, "--jobs '%s' must be a whole number from 1 to 64", next);
            o->r.jobs = (int)j;
        } else if (!strcmp(a, "--quiet")) {
            o->r.quiet = 1;
        } else if (!strcmp(a, "--ignore-memory")) {
            o->r.ignore_memory = 1;
        } else if (!strcmp(a, "--wait-lock")) {
            o->r.wait_lock = 1;
        } else if (!strcmp(a, "--dry-run")) {
            o->r.dry_run = 1;
        } else if (!strcmp(a, "--skip-failed")) {
            o->r.skip_failed = 1;
        } else if ((!strncmp(a, "--cfg=", 6) || !strncmp(a, "--log=", 6)) && o->r.ncfg < 31) {
            o->r.cfg[o->r.ncfg++] = a;
        } else if (!strcmp(a, "--shard") && next) {
            if (parse_shard(argv[++i], o, e) != 0)
                return -1;
        } else if ((cost = cost_option(a, &o->r)) != NULL && next) {
            if (papsim_parse_duration(argv[++i], cost, e) != 0)
                return papsim_fail_prefix(e, "%s: ", a);
        } else if (!strcmp(a, "--case-timeout") && next) {
            if (papsim_parse_duration(argv[++i], &o->r.case_timeout, e) != 0)
                return papsim_fail_prefix(e, "--case-timeout: ");
            if (o->r.case_timeout <= 0)
                return papsim_fail(e, "--case-timeout '%s' must be a positive time (e.g. 600s)",
                                   next);
        } else if (!strcmp(a, "--slurm")) {
            o->r.slurm = 1;
        } else if (next && sweep_slurm_is_option(a)) {
            if (sweep_slurm_option(a, argv[++i], &o->r.so, e) != 0)
                return -1;
        } else if (a[0] != '-' && !o->r.spec_path) {
            o->r.spec_path = a;
        } else if (a[0] != '-') {
            return papsim_fail(e, "unexpected argument '%s': the spec is '%s' (one spec per run)",
                               a, o->r.spec_path);
        } else {
            char help[64];
            snprintf(help, sizeof help, "papsim %s --help", argv[0]);
            return papsim_fail_option(e, !next && takes_value(a), a, help);
        }
    }
    o->r.cost.eager_thresh = sweep_eager_threshold(o->r.cfg, o->r.ncfg, o->r.cost.eager_thresh);
    if (!o->help && !o->r.spec_path)
        return papsim_fail(e, "no spec file given (usage: papsim run SPEC --out DIR)");
    if (!o->help && !o->r.out_dir && !o->r.dry_run)
        return papsim_fail(e, "--out DIR is required");
    if (o->r.slurm && o->r.nshards)
        return papsim_fail(e, "--slurm writes one array task per shard: give --shards N, "
                              "not --shard I/N");
    if (!o->help && o->r.skip_failed && !o->r.out_dir)
        return papsim_fail(e, "--skip-failed reads DIR/failed.csv: give --out DIR");
    if (o->r.slurm && o->r.skip_failed)
        return papsim_fail(e, "--slurm and --skip-failed do not go together (--slurm runs "
                              "nothing; each shard records its own DIR/shard-I/failed.csv)");
    if (o->r.slurm && o->r.dry_run)
        return papsim_fail(e, "--slurm and --dry-run do not go together (--slurm runs nothing)");
    return 0;
}

int papsim_run_parse_args(int argc, char **argv, sweep_run_options *o, int *help,
                          papsim_err *e)
{
    run_options ro = {0};
    int rc = parse_run_args(argc, argv, &ro, e);
    *o = ro.r;
    *help = ro.help;
    return rc;
}

int papsim_cmd_run(int argc, char **argv)
{
    run_options o = {0};
    papsim_err e = {{0}};
    if (parse_run_args(argc, argv, &o, &e) != 0)
        return papsim_cmd_bad_input("run", "%s", e.msg);
    if (o.help) {
        run_usage(stdout);
        return 0;
    }
    o.r.argc = argc;
    o.r.argv = argv;
    int status = sweep_run_spec(&o.r, &e);
    if (e.msg[0])
        papsim_cmd_error("run", status, "%s", e.msg);
    return status;
}
