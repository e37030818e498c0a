/* papsim schedule: generates a Clairvoyant reduce schedule (P. Marendic,
 * J. Lemeire, D. Vucinic, P. Schelkens, "A novel MPI reduction algorithm
 * resilient to imbalances in process arrival times", The Journal of
 * Supercomputing 72, 2016; J. Proficz, K. M. Ocetkiewicz, "Improving
 * Clairvoyant: reduction algorithm resilient to imbalanced process arrival
 * patterns", The Journal of Supercomputing 77, 2021;
 * algorithms/schedule/clairvoyant.h) for given arrival times and
 * prints it by round, as the papers' I/O table, per rank (the executor's
 * view) or as a summary; optionally checks it and times the generation.
 * This file parses the options; papsim_clv_run (lib/cases/schedule_run.h)
 * does the rest. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <getopt.h>
#include <stdio.h>

#include "commands.h"
#include "cases/schedule_run.h"
#include "schedule/clairvoyant.h"
#include "util/units.h"

#define EXIT_BAD_INPUT 2

typedef struct {
    const char *np, *segments, *root, *arrivals, *round_time;
    const char *alpha, *beta, *gamma, *bytes;
    const char *generator, *ready, *peers, *max_rounds, *print, *repeat;
    int check, time, help;
} schedule_options;

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

/* The option values into a request for papsim_clv_run (schedule_run.h). */
static int make_request(const schedule_options *o, papsim_clv_request *q)
{
    papsim_err e;
    papsim_clv_err ce = {0, ""}; /* the schedule code's own errors */
    long np, nseg, root = 0, repeat = 1, maxr = 0;

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
    q->generator = PAPSIM_CLV_IMPROVED;
    if (o->generator && papsim_clv_generator_parse(o->generator, &q->generator, &ce) != 0)
        return bad_input("%s", ce.msg);
    if ((long long)np * nseg > PAPSIM_CLV_CELLS_MAX)
        return bad_input("np %ld x segments %ld is more than %lld cells", np,
                         nseg, PAPSIM_CLV_CELLS_MAX);
    if (o->repeat && !o->time)
        return bad_input("%s", "--repeat needs --time");
    q->print = PAPSIM_CLV_PRINT_ROUNDS;
    if (papsim_clv_ready_parse(o->ready, &q->opt, &e) != 0 ||
        papsim_clv_peers_parse(o->peers, &q->opt, &e) != 0 ||
        papsim_clv_print_parse(o->print, &q->print, &e) != 0)
        return bad_input("%s", e.msg);
    q->opt.max_rounds = maxr;
    if (papsim_clv_round_time_read(o->round_time, o->alpha, o->beta, o->gamma, o->bytes,
                                   (int)nseg, &q->round_time, &e) != 0)
        return bad_input("%s", e.msg);
    q->np = (int)np;
    q->nseg = (int)nseg;
    q->root = (int)root;
    q->repeat = repeat;
    q->check = o->check;
    q->time = o->time;
    q->arrivals = o->arrivals;
    return 0;
}

int papsim_cmd_schedule(int argc, char **argv)
{
    schedule_options o = {0};
    if (read_options(argc, argv, &o) != 0)
        return EXIT_BAD_INPUT;
    if (o.help) {
        papsim_schedule_print_help(stdout);
        return 0;
    }
    papsim_clv_request q = {0};
    if (make_request(&o, &q) != 0)
        return EXIT_BAD_INPUT;
    papsim_err e = {{0}};
    int rc = papsim_clv_run(&q, stdout, &e);
    if (rc == EXIT_BAD_INPUT)
        return bad_input("%s", e.msg);
    if (rc != 0)
        return papsim_cmd_failed("schedule", "%s", e.msg);
    return 0;
}
