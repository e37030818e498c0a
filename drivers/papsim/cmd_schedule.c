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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "cases/schedule_run.h"
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

static int run(const schedule_options *o)
{
    papsim_err e;
    papsim_clv_err ce = {0, ""}; /* the schedule code's own errors */
    papsim_clv_options copt = {0};
    papsim_clv_schedule s = {0};
    papsim_clv_timing t;
    long np, nseg, root = 0, repeat = 1, maxr = 0;
    int generator = PAPSIM_CLV_IMPROVED, print = PAPSIM_CLV_PRINT_ROUNDS, rc = 0;
    double d, *a = NULL;

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
    if (papsim_clv_ready_parse(o->ready, &copt, &e) != 0 ||
        papsim_clv_peers_parse(o->peers, &copt, &e) != 0 ||
        papsim_clv_print_parse(o->print, &print, &e) != 0)
        return bad_input("%s", e.msg);
    copt.max_rounds = maxr;
    if (papsim_clv_round_time_read(o->round_time, o->alpha, o->beta, o->gamma, o->bytes,
                                   (int)nseg, &d, &e) != 0)
        return bad_input("%s", e.msg);
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
    if (papsim_clv_generate_timed(generator, (int)np, (int)nseg, (int)root, a, d, &copt,
                                  repeat, &s, &t, &ce) != 0) {
        rc = papsim_cmd_failed("schedule", "%s", ce.msg);
        goto out;
    }
    if (print != PAPSIM_CLV_PRINT_SUMMARY)
        papsim_clv_print_header(stdout, generator, (int)np, (int)nseg, (int)root, &copt, d);
    if (print == PAPSIM_CLV_PRINT_ROUNDS)
        papsim_clv_print_rounds(&s, stdout);
    else if ((print == PAPSIM_CLV_PRINT_TABLE && papsim_clv_print_table(&s, stdout, &e) != 0) ||
             (print == PAPSIM_CLV_PRINT_RANKS && papsim_clv_print_ranks(&s, stdout, &e) != 0)) {
        rc = papsim_cmd_failed("schedule", "%s", e.msg);
        goto out;
    }
    papsim_clv_print_summary(stdout, &s);
    if (o->time)
        papsim_clv_print_timing(stdout, &s, &t);
    if (o->check) {
        if (papsim_clv_check(&s, &ce) != 0) {
            rc = papsim_cmd_failed("schedule", "--check: check failed: %s", ce.msg);
            goto out;
        }
        printf("check=ok\n");
    }
    if (fflush(stdout) != 0)
        rc = papsim_cmd_failed("schedule", "cannot write the output: %s", strerror(errno));
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
        papsim_schedule_print_help(stdout);
        return 0;
    }
    return run(&o);
}
