/* papsim pattern: prints the delay of every rank for an arrival pattern, or
 * lists the shapes, or (--from-trace) derives the FT-scenario pattern of
 * M. Salimi Beni, B. Cosenza, S. Hunold, "MPI collective algorithm selection
 * in the presence of process arrival patterns", IEEE International
 * Conference on Cluster Computing (CLUSTER), 2024, Sec. V-A,
 * from a libpaptrace trace: per rank, the mean over the selected calls of its
 * arrival minus the call's first arrival (lib/hardware/trace.h). The
 * output ("rank<TAB>delay_s", %.17g so the values are exact) is itself a
 * valid pattern file. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <getopt.h>
#include <stdio.h>

#include "commands.h"
#include "cases/pattern.h"
#include "cases/pattern_print.h"
#include "hardware/trace.h"
#include "util/papsim_output.h"
#include "util/units.h"

#define EXIT_BAD_INPUT 2

typedef struct {
    const char *pattern;
    const char *np;
    const char *skew;
    const char *seed;
    int as_recorded;
    int list;
    int help;
    const char *from_trace; /* --from-trace: the other shape options are out */
    const char *collective;
    const char *out;
    int force;
} pattern_options;

static const char usage[] =
    "usage: papsim pattern --pattern SHAPE|file:PATH --np N --skew S\n"
    "                      [--seed N] [--as-recorded]\n"
    "       papsim pattern --from-trace TRACE [--collective C]\n"
    "                      [--out FILE [--force]]\n"
    "       papsim pattern --list\n"
    "\n"
    "Prints one line per rank: rank<TAB>delay in seconds, the delay of the\n"
    "rank's arrival at the collective (the output is a valid pattern file).\n"
    "\n"
    "  -p, --pattern SHAPE  a shape from --list, or file:PATH (one delay per\n"
    "                       line, rescaled so that its largest delay is S)\n"
    "  -n, --np N           number of ranks, 1 to 1048576\n"
    "  -s, --skew S         maximum skew, an absolute duration: 100us, 2ms,\n"
    "                       1.5s, 250ns, or seconds (1e-6). Relative skews\n"
    "                       (1.5x, 1.5x-own) are resolved by papsim run\n"
    "      --seed N         seed of random and gaussian (default 1)\n"
    "      --as-recorded    use a file's delays as they are (no --skew)\n"
    "      --from-trace TRACE  a libpaptrace trace (traces/README.md): per\n"
    "                       rank, the mean over the calls of its arrival minus\n"
    "                       the call's first arrival (the FT scenario of\n"
    "                       Salimi Beni et al. 2024, Sec. V-A)\n"
    "      --collective C   with --from-trace: only the calls of C (default all)\n"
    "  -o, --out FILE       with --from-trace: write the pattern to FILE; an\n"
    "                       existing FILE is refused unless --force, the trace\n"
    "                       always\n"
    "      --force          replace an existing --out FILE\n"
    "  -l, --list           list the shapes\n"
    "  -h, --help           show this help\n";

#define bad_input(...) papsim_cmd_bad_input("pattern", __VA_ARGS__)

static int error_message(const papsim_err *e)
{
    return bad_input("%s", e->msg);
}

/* Reads the options into o; returns -1 after reporting bad usage. */
static int read_options(int argc, char **argv, pattern_options *o)
{
    static const struct option longopts[] = {
        {"pattern", required_argument, NULL, 'p'},
        {"np", required_argument, NULL, 'n'},
        {"skew", required_argument, NULL, 's'},
        {"seed", required_argument, NULL, 'S'},
        {"as-recorded", no_argument, NULL, 'R'},
        {"from-trace", required_argument, NULL, 'T'},
        {"collective", required_argument, NULL, 'C'},
        {"out", required_argument, NULL, 'o'},
        {"force", no_argument, NULL, 'F'},
        {"list", no_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0; /* our messages start with "papsim pattern: " */
    optind = 1;
    while ((c = getopt_long(argc, argv, ":p:n:s:o:lh", longopts, NULL)) != -1) {
        switch (c) {
        case 'p': o->pattern = optarg; break;
        case 'n': o->np = optarg; break;
        case 's': o->skew = optarg; break;
        case 'S': o->seed = optarg; break;
        case 'R': o->as_recorded = 1; break;
        case 'T': o->from_trace = optarg; break;
        case 'C': o->collective = optarg; break;
        case 'o': o->out = optarg; break;
        case 'F': o->force = 1; break;
        case 'l': o->list = 1; break;
        case 'h': o->help = 1; break;
        default:
            papsim_cmd_bad_option("pattern", c, argv[optind - 1]);
            return -1;
        }
    }
    if (optind < argc) {
        bad_input("unexpected argument '%s'", argv[optind]);
        return -1;
    }
    return 0;
}

static int print_pattern(const pattern_options *o)
{
    papsim_pattern p;
    papsim_err e;
    unsigned long long seed = PAPSIM_PATTERN_DEFAULT_SEED;
    double skew = 0;
    long np;
    int rc;
    if (o->pattern == NULL)
        return bad_input("%s", "--pattern is required (see --list)");
    if (o->np == NULL)
        return bad_input("%s", "--np is required");
    if (papsim_pattern_parse(o->pattern, &p, &e) != 0 ||
        papsim_parse_long(o->np, 1, PAPSIM_NP_MAX, "np", &np, &e) != 0 ||
        (o->seed && papsim_parse_u64(o->seed, "seed", &seed, &e) != 0))
        return error_message(&e);
    if (o->as_recorded && p.shape != PAPSIM_PATTERN_FILE)
        return bad_input("%s", "--as-recorded applies to file:PATH patterns "
                         "only");
    if (papsim_pattern_absolute_skew(o->skew, o->as_recorded, &skew, &e) != 0)
        return error_message(&e);
    if ((rc = papsim_pattern_print(stdout, &p, np, skew, seed, !o->as_recorded, &e)) != 0)
        return papsim_cmd_error("pattern", rc, "%s", e.msg);
    return 0;
}

/* --from-trace: the FT-scenario pattern of a libpaptrace trace. */
static int pattern_from_trace(const pattern_options *o)
{
    papsim_err e;
    int rc;
    if (o->pattern || o->np || o->skew || o->seed || o->as_recorded || o->list)
        return bad_input("%s", "--from-trace takes its ranks and delays from "
                         "the trace: drop --pattern, --np, --skew, --seed, "
                         "--as-recorded and --list");
    const char *const inputs[] = {o->from_trace};
    if (o->out && papsim_output_check(o->out, "--out", inputs, 1,
                                      o->force ? PAPSIM_OUTPUT_REPLACE : PAPSIM_OUTPUT_NEW,
                                      &e) != 0)
        return error_message(&e);
    if ((rc = papsim_trace_pattern_file(o->from_trace, o->collective, o->out, &e)) != 0)
        return papsim_cmd_error("pattern", rc, "%s", e.msg);
    return 0;
}

int papsim_cmd_pattern(int argc, char **argv)
{
    pattern_options o = {0};
    if (read_options(argc, argv, &o) != 0)
        return EXIT_BAD_INPUT;
    if (o.help) {
        fputs(usage, stdout);
        return 0;
    }
    if (o.from_trace)
        return pattern_from_trace(&o);
    if (o.collective || o.out || o.force)
        return bad_input("%s", "--collective, --out and --force go with --from-trace");
    if (o.list) {
        papsim_pattern_list_shapes(stdout);
        return 0;
    }
    return print_pattern(&o);
}
