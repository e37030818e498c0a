/* papsim pattern: prints the delay of every rank for an arrival pattern, or
 * lists the shapes. The output ("rank<TAB>delay_s", %.17g so the values are
 * exact) is itself a valid pattern file. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "pattern.h"
#include "units.h"

#define EXIT_BAD_INPUT 2

typedef struct {
    const char *pattern;
    const char *np;
    const char *skew;
    const char *seed;
    int as_recorded;
    int list;
    int help;
} pattern_options;

static const char usage[] =
    "usage: papsim pattern --pattern SHAPE|file:PATH --np N --skew S\n"
    "                      [--seed N] [--as-recorded]\n"
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
    "  -l, --list           list the shapes\n"
    "  -h, --help           show this help\n";

__attribute__((format(printf, 1, 2)))
static int bad_input(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("papsim pattern: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_BAD_INPUT;
}

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
        {"list", no_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0; /* our messages start with "papsim pattern: " */
    optind = 1;
    while ((c = getopt_long(argc, argv, ":p:n:s:lh", longopts, NULL)) != -1) {
        switch (c) {
        case 'p': o->pattern = optarg; break;
        case 'n': o->np = optarg; break;
        case 's': o->skew = optarg; break;
        case 'S': o->seed = optarg; break;
        case 'R': o->as_recorded = 1; break;
        case 'l': o->list = 1; break;
        case 'h': o->help = 1; break;
        case ':':
            bad_input("option '%s' needs a value", argv[optind - 1]);
            return -1;
        default:
            bad_input("unknown option '%s' (see papsim pattern --help)",
                      argv[optind - 1]);
            return -1;
        }
    }
    if (optind < argc) {
        bad_input("unexpected argument '%s'", argv[optind]);
        return -1;
    }
    return 0;
}

static int list_shapes(void)
{
    for (size_t i = 0; i < papsim_pattern_count(); i++)
        printf("%-14s %s\n", papsim_pattern_shape_name(i),
               papsim_pattern_shape_description(i));
    printf("%-14s %s\n", "file:PATH",
           "one delay per line from a file, rescaled to the skew "
           "(--as-recorded: as is)");
    return 0;
}

/* The skew in seconds: absolute only, since a relative skew needs the
 * no-delay runtimes that only papsim run measures. */
static int read_skew(const pattern_options *o, double *skew)
{
    papsim_skew s;
    papsim_err e;
    if (o->as_recorded) {
        if (o->skew != NULL)
            return bad_input("%s", "--skew and --as-recorded exclude each "
                             "other: a recorded file keeps its own delays");
        *skew = 0;
        return 0;
    }
    if (o->skew == NULL)
        return bad_input("%s", "--skew is required (e.g. --skew 100us)");
    if (papsim_parse_skew(o->skew, &s, &e) != 0)
        return error_message(&e);
    if (s.kind != PAPSIM_SKEW_ABSOLUTE)
        return bad_input("skew '%s' is relative: relative skews are resolved "
                         "by `papsim run` from no-delay runs; give an absolute "
                         "skew here, such as 100us", o->skew);
    *skew = s.value;
    return 0;
}

static int print_pattern(const pattern_options *o)
{
    papsim_pattern p;
    papsim_err e;
    unsigned long long seed = PAPSIM_PATTERN_DEFAULT_SEED;
    double skew = 0, *delays;
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
    if ((rc = read_skew(o, &skew)) != 0)
        return rc;
    delays = malloc((size_t)np * sizeof *delays);
    if (delays == NULL) {
        fputs("papsim pattern: out of memory\n", stderr);
        return 1;
    }
    rc = papsim_pattern_delays(&p, (int)np, skew, seed, !o->as_recorded,
                               delays, &e);
    if (rc != 0) {
        rc = error_message(&e);
    } else {
        for (long i = 0; i < np; i++)
            printf("%ld\t%.17g\n", i, delays[i]);
        if (fflush(stdout) != 0) { /* e.g. a full disk behind a redirect */
            perror("papsim pattern: cannot write the output");
            rc = 1;
        }
    }
    free(delays);
    return rc;
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
    if (o.list)
        return list_shapes();
    return print_pattern(&o);
}
