/* papsim schedule: generates a Clairvoyant reduce schedule (P. Marendic,
 * J. Lemeire, D. Vucinic, P. Schelkens, "A novel MPI reduction algorithm
 * resilient to imbalances in process arrival times", The Journal of
 * Supercomputing 72, 2016; J. Proficz, K. M. Ocetkiewicz, "Improving
 * Clairvoyant: reduction algorithm resilient to imbalanced process arrival
 * patterns", The Journal of Supercomputing 77, 2021;
 * algorithms/schedule/clairvoyant.h) for given arrival times and
 * prints it by round, as the papers' I/O table, per rank (the executor's
 * view) or as a summary; optionally checks it and times the generation. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "commands.h"
#include "cases/schedule_view.h"
#include "schedule/clairvoyant.h"
#include "util/units.h"

#define EXIT_BAD_INPUT 2

typedef struct {
    const char *np, *segments, *root, *arrivals, *round_time;
    const char *alpha, *beta, *gamma, *bytes;
    const char *generator, *ready, *peers, *max_rounds, *print, *repeat;
    int check, time, help;
} schedule_options;

enum { PRINT_ROUNDS, PRINT_TABLE, PRINT_RANKS, PRINT_SUMMARY };

static const char usage[] =
    "usage: papsim schedule --np P --segments N [--root R] [--arrivals SPEC]\n"
    "                       [--round-time D | --alpha A --beta B --gamma G --bytes M]\n"
    "                       [--generator original|improved] [--ready lt|le]\n"
    "                       [--peers root-first|availability] [--max-rounds K]\n"
    "                       [--print rounds|table|ranks|summary] [--check]\n"
    "                       [--time [--repeat K]]\n"
    "\n"
    "Generates the Clairvoyant reduce schedule (Marendic et al. 2016, Algorithm 1;\n"
    "Proficz and Ocetkiewicz 2021, Sec. 5) of N segments to the root over P\n"
    "processes that arrive at known times, in rounds of duration d: in a round a\n"
    "process sends at most one segment and receives (and combines) at most one.\n"
    "Rounds are numbered from 0, idle rounds included (the papers' R_1 is round\n"
    "0). Full references: README.md, section References.\n"
    "\n"
    "  -n, --np P            processes, 1 to 1048576\n"
    "  -N, --segments N      segments, 1 to 1048576 (P x N at most 2^29)\n"
    "  -r, --root R          root rank (default 0)\n"
    "  -a, --arrivals SPEC   arrival time of every rank (default uniform):\n"
    "        uniform              every rank arrives at 0 (balanced)\n"
    "        one-late:RANK:DELAY  RANK arrives at DELAY, the others at 0\n"
    "        random:SEED:MAX      independent, uniform in [0, MAX) (xoshiro256**;\n"
    "                             the \"uniform\" instances of Proficz and\n"
    "                             Ocetkiewicz 2021, Sec. 5.7: MAX = P + 0.1)\n"
    "        pattern:SHAPE:SKEW   a `papsim pattern --list` shape with that skew\n"
    "        file:PATH            one time per line (`papsim pattern` output),\n"
    "                             used as recorded\n"
    "        Times are durations: 2, 1.5, 100us, 2ms (a bare number is seconds,\n"
    "        or any unit, the same as for d)\n"
    "  -d, --round-time D    round duration d, same unit (default 1)\n"
    "      --alpha A --beta B --gamma G --bytes M\n"
    "                        instead of -d: d = A + (M/N)(B + G), the time to\n"
    "                        receive and combine one segment (Marendic et al.\n"
    "                        2016, Sec. 5.1); A in seconds, B and G in seconds\n"
    "                        per byte, M bytes\n"
    "  -g, --generator G     original (Algorithm 1 with the fixes, iterates idle\n"
    "                        rounds) or improved (Proficz and Ocetkiewicz 2021:\n"
    "                        idle-round skipping, merged ready set, bit state,\n"
    "                        segment tree; default).\n"
    "                        Both give the same schedule.\n"
    "      --ready lt|le     a process is ready when t_i < t_head + d (lt,\n"
    "                        default: Marendic et al. 2016, Fig. 8; Proficz and\n"
    "                        Ocetkiewicz 2021, Sec. 5.1) or <= (le,\n"
    "                        as Listings 1 and 2 print)\n"
    "      --peers ORDER     root-first (default: the root, when ready, is the\n"
    "                        preferred sender, Listing 2) or availability\n"
    "      --max-rounds K    fail if the schedule needs more than K rounds\n"
    "  -p, --print WHAT      rounds: one line per busy round, src->dst:sSEG, '*'\n"
    "                        when the receiver copies (it had sent that segment)\n"
    "                        instead of combining (default); table: per rank the\n"
    "                        I and O queues by busy round, as Table 2 of\n"
    "                        Marendic et al. 2016; ranks: per rank its steps\n"
    "                        (the executor's view);\n"
    "                        summary: only the closing summary line\n"
    "      --check           replay the schedule symbolically (every contribution\n"
    "                        reaches the root once, one send and one receive per\n"
    "                        round, nothing sent that is not held); exit 1 if not\n"
    "      --time            print the generation time and memory: time_s (mean\n"
    "                        wall), time_min_s, cpu_s (mean CPU), peak_rss_kib\n"
    "                        (papsim, getrusage), state_bytes (the generator's\n"
    "                        working state), schedule_bytes (the result)\n"
    "      --repeat K        with --time: generate K times (min and mean time)\n"
    "  -h, --help            show this help\n"
    "\n"
    "The summary line: rounds=R busy_rounds=B transfers=T skipped_rounds=S\n"
    "digest=H (a hash of the whole schedule: equal schedules, equal H).\n"
    "Exit status: 0 ok, 1 generation or check failed, 2 bad input.\n";

#define bad_input(...) papsim_cmd_bad_input("schedule", __VA_ARGS__)

static int read_options(int argc, char **argv, schedule_options *o)
{
    enum { O_ALPHA = 256, O_BETA, O_GAMMA, O_BYTES, O_READY, O_PEERS,
           O_MAXR, O_CHECK, O_TIME, O_REPEAT };
    static const struct option longopts[] = {
        {"np", required_argument, NULL, 'n'},
        {"segments", required_argument, NULL, 'N'},
        {"root", required_argument, NULL, 'r'},
        {"arrivals", required_argument, NULL, 'a'},
        {"round-time", required_argument, NULL, 'd'},
        {"alpha", required_argument, NULL, O_ALPHA},
        {"beta", required_argument, NULL, O_BETA},
        {"gamma", required_argument, NULL, O_GAMMA},
        {"bytes", required_argument, NULL, O_BYTES},
        {"generator", required_argument, NULL, 'g'},
        {"ready", required_argument, NULL, O_READY},
        {"peers", required_argument, NULL, O_PEERS},
        {"max-rounds", required_argument, NULL, O_MAXR},
        {"print", required_argument, NULL, 'p'},
        {"check", no_argument, NULL, O_CHECK},
        {"time", no_argument, NULL, O_TIME},
        {"repeat", required_argument, NULL, O_REPEAT},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:N:r:a:d:g:p:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n': o->np = optarg; break;
        case 'N': o->segments = optarg; break;
        case 'r': o->root = optarg; break;
        case 'a': o->arrivals = optarg; break;
        case 'd': o->round_time = optarg; break;
        case O_ALPHA: o->alpha = optarg; break;
        case O_BETA: o->beta = optarg; break;
        case O_GAMMA: o->gamma = optarg; break;
        case O_BYTES: o->bytes = optarg; break;
        case 'g': o->generator = optarg; break;
        case O_READY: o->ready = optarg; break;
        case O_PEERS: o->peers = optarg; break;
        case O_MAXR: o->max_rounds = optarg; break;
        case 'p': o->print = optarg; break;
        case O_CHECK: o->check = 1; break;
        case O_TIME: o->time = 1; break;
        case O_REPEAT: o->repeat = optarg; break;
        case 'h': o->help = 1; break;
        default:
            papsim_cmd_bad_option("schedule", c, argv[optind - 1]);
            return -1;
        }
    }
    if (optind < argc) {
        bad_input("unexpected argument '%s'", argv[optind]);
        return -1;
    }
    return 0;
}

static int read_round_time(const schedule_options *o, int nseg, double *d)
{
    papsim_err e;
    int model = o->alpha || o->beta || o->gamma || o->bytes;
    if (model) {
        double alpha, beta, gamma;
        long long bytes;
        if (o->round_time)
            return bad_input("%s", "--round-time and --alpha/--beta/--gamma/"
                             "--bytes exclude each other");
        if (!o->alpha || !o->beta || !o->gamma || !o->bytes)
            return bad_input("%s", "the round-time model needs all of "
                             "--alpha, --beta, --gamma and --bytes");
        if (papsim_parse_duration(o->alpha, &alpha, &e) != 0 ||
            papsim_parse_double(o->beta, 0, HUGE_VAL, "beta", &beta, &e) != 0 ||
            papsim_parse_double(o->gamma, 0, HUGE_VAL, "gamma", &gamma, &e) != 0 ||
            papsim_parse_bytes(o->bytes, &bytes, &e) != 0)
            return bad_input("%s", e.msg);
        *d = papsim_clv_round_time(alpha, beta, gamma, (double)bytes, nseg);
        if (!(*d > 0))
            return bad_input("round time alpha + (bytes/segments)(beta + gamma) "
                             "= %.17g must be > 0", *d);
        return 0;
    }
    *d = 1;
    if (o->round_time == NULL)
        return 0;
    if (papsim_parse_duration(o->round_time, d, &e) != 0)
        return bad_input("round time: %s", e.msg);
    if (!(*d > 0))
        return bad_input("round time '%s' must be > 0", o->round_time);
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* User + system CPU seconds of this process. */
static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
           ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

static int run(const schedule_options *o)
{
    papsim_err e;
    papsim_clv_err ce = {0, ""}; /* the schedule code's own errors */
    papsim_clv_options copt = {0};
    papsim_clv_schedule s = {0};
    long np, nseg, root = 0, repeat = 1, maxr = 0;
    int generator = PAPSIM_CLV_IMPROVED, print = PRINT_ROUNDS, rc;
    double d, *a = NULL, tmin = HUGE_VAL, tsum = 0, cpu0;

    if (o->np == NULL)
        return bad_input("%s", "--np is required");
    if (o->segments == NULL)
        return bad_input("%s", "--segments is required");
    if (papsim_parse_long(o->np, 1, PAPSIM_CLV_NPROCS_MAX, "np", &np, &e) != 0 ||
        papsim_parse_long(o->segments, 1, PAPSIM_CLV_NSEG_MAX, "segments",
                          &nseg, &e) != 0 ||
        (o->root && papsim_parse_long(o->root, 0, np - 1, "root", &root, &e) != 0) ||
        (o->max_rounds && papsim_parse_long(o->max_rounds, 1, 0x7fffffffL,
                                            "max-rounds", &maxr, &e) != 0) ||
        (o->repeat && papsim_parse_long(o->repeat, 1, 1000000, "repeat",
                                        &repeat, &e) != 0))
        return bad_input("%s", e.msg);
    if (o->generator && papsim_clv_generator_parse(o->generator, &generator, &ce) != 0)
        return bad_input("%s", ce.msg);
    if ((long long)np * nseg > PAPSIM_CLV_CELLS_MAX)
        return bad_input("np %ld x segments %ld is more than %lld cells", np,
                         nseg, PAPSIM_CLV_CELLS_MAX);
    if (o->repeat && !o->time)
        return bad_input("%s", "--repeat needs --time");
    if (o->ready) {
        if (strcmp(o->ready, "lt") == 0)
            copt.ready = PAPSIM_CLV_READY_LT;
        else if (strcmp(o->ready, "le") == 0)
            copt.ready = PAPSIM_CLV_READY_LE;
        else
            return bad_input("ready '%s' is not known (valid: lt, le)", o->ready);
    }
    if (o->peers) {
        if (strcmp(o->peers, "root-first") == 0)
            copt.peers = PAPSIM_CLV_PEERS_ROOT_FIRST;
        else if (strcmp(o->peers, "availability") == 0)
            copt.peers = PAPSIM_CLV_PEERS_AVAILABILITY;
        else
            return bad_input("peers '%s' is not known (valid: root-first, "
                             "availability)", o->peers);
    }
    if (o->print) {
        static const char *const names[] = {"rounds", "table", "ranks", "summary"};
        print = -1;
        for (int i = 0; i < 4; i++)
            if (strcmp(o->print, names[i]) == 0)
                print = i;
        if (print < 0)
            return bad_input("print '%s' is not known (valid: rounds, table, "
                             "ranks, summary)", o->print);
    }
    copt.max_rounds = maxr;
    if ((rc = read_round_time(o, (int)nseg, &d)) != 0)
        return rc;
    a = malloc((size_t)np * sizeof *a);
    if (a == NULL)
        return papsim_cmd_failed("schedule", "np=%ld: out of memory", np);
    if (papsim_clv_arrivals_read(o->arrivals, (int)np, a, &e) != 0) {
        rc = bad_input("%s", e.msg);
        goto out;
    }
    /* inputs the generator refuses (e.g. a/d > 2^50) are bad input too */
    if (papsim_clv_check_inputs((int)np, (int)nseg, (int)root, a, d, &ce) != 0) {
        rc = bad_input("%s", ce.msg);
        goto out;
    }

    cpu0 = cpu_s();
    for (long k = 0; k < repeat; k++) {
        double t0, dt;
        papsim_clv_schedule_free(&s);
        t0 = now_s();
        if (papsim_clv_generate(generator, (int)np, (int)nseg, (int)root, a, d,
                                &copt, &s, &ce) != 0) {
            rc = papsim_cmd_failed("schedule", "%s", ce.msg);
            goto out;
        }
        dt = now_s() - t0;
        tsum += dt;
        if (dt < tmin)
            tmin = dt;
    }

    if (print != PRINT_SUMMARY)
        printf("# clairvoyant schedule: generator=%s np=%ld segments=%ld "
               "root=%ld ready=%s peers=%s round_time=%.17g\n",
               papsim_clv_generator_name(generator), np, nseg, root,
               copt.ready == PAPSIM_CLV_READY_LE ? "le" : "lt",
               copt.peers == PAPSIM_CLV_PEERS_AVAILABILITY ? "availability" :
               "root-first", d);
    if (print == PRINT_ROUNDS)
        papsim_clv_print_rounds(&s, stdout);
    else if ((print == PRINT_TABLE && papsim_clv_print_table(&s, stdout, &e) != 0) ||
             (print == PRINT_RANKS && papsim_clv_print_ranks(&s, stdout, &e) != 0)) {
        rc = papsim_cmd_failed("schedule", "%s", e.msg);
        goto out;
    }
    const double cpu_total = cpu_s() - cpu0;
    printf("rounds=%lld busy_rounds=%lld transfers=%lld skipped_rounds=%lld "
           "digest=%016llx\n", (long long)s.nrounds, (long long)s.nbusy,
           (long long)s.ntransfers, (long long)s.stats.skipped_rounds,
           papsim_clv_digest(&s));
    if (o->time) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("time_s=%.6f time_min_s=%.6f cpu_s=%.6f repeat=%ld "
               "peak_rss_kib=%ld state_bytes=%zu schedule_bytes=%zu\n",
               tsum / repeat, tmin, cpu_total / repeat, repeat, (long)ru.ru_maxrss, s.stats.state_bytes,
               (size_t)s.ntransfers * sizeof *s.transfers +
                   (size_t)s.nbusy * 2 * sizeof(int64_t));
    }
    if (o->check) {
        if (papsim_clv_check(&s, &ce) != 0) {
            rc = papsim_cmd_failed("schedule", "--check: check failed: %s", ce.msg);
            goto out;
        }
        printf("check=ok\n");
    }
    if (fflush(stdout) != 0) {
        rc = papsim_cmd_failed("schedule", "cannot write the output: %s", strerror(errno));
    }
out:
    papsim_clv_schedule_free(&s);
    free(a);
    return rc;
}

int papsim_cmd_schedule(int argc, char **argv)
{
    schedule_options o = {0};
    if (read_options(argc, argv, &o) != 0)
        return EXIT_BAD_INPUT;
    if (o.help) {
        fputs(usage, stdout);
        return 0;
    }
    return run(&o);
}
