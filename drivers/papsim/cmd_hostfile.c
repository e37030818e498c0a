/* `papsim hostfile`: writes the smpirun hostfile that places np ranks on a
 * platform's hosts, sequentially (blocks of consecutive ranks per node) or
 * cyclically (round robin over the nodes used). */
#include "commands.h"

#include "platform/hostfile.h"
#include "util/papsim_error.h"
#include "platform/platform.h"
#include "util/papsim_output.h"
#include "util/units.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *platform, *np_arg, *mapping, *rpn_arg, *output;
    int help, force;
} hostfile_opts;

static const char usage[] =
    "usage: papsim hostfile --platform FILE|default --np N\n"
    "                       [--mapping sequential|cyclic]\n"
    "                       [--ranks-per-node C] [-o FILE [--force]]\n"
    "\n"
    "Writes one host name per line, line r = the host of rank r (stdout by\n"
    "default). C defaults to the platform's cores per host; the ranks use\n"
    "the first M = ceil(N / C) hosts, in the order papsim platform --info\n"
    "lists them.\n"
    "  sequential (default): rank r on node floor(r / C)\n"
    "  cyclic:               rank r on node r mod M\n"
    "Both place at most C ranks on a node. C may exceed the cores per host\n"
    "up to 2 ranks per core (oversubscription, as Loch 2021 ran Sparbit);\n"
    "the default C never oversubscribes.\n"
    "  -o, --output FILE  write to FILE instead of stdout; an existing FILE is\n"
    "                     refused unless --force, the platform always\n"
    "  --force            replace an existing -o FILE\n";

/* Positive counts up to 2^24, through the shared number parser. */
static int parse_int_option(const char *opt, const char *s, int *v, papsim_err *e)
{
    long x;
    if (papsim_parse_long(s, 1, 1L << 24, opt, &x, e) != 0)
        return -1;
    *v = (int)x;
    return 0;
}

/* Fills o from argv; returns 0, or 2 after printing a bad-option message. */
static int parse_args(int argc, char **argv, hostfile_opts *o)
{
    static const struct option longopts[] = {
        {"platform", required_argument, NULL, 'p'},
        {"np", required_argument, NULL, 'n'},
        {"mapping", required_argument, NULL, 'm'},
        {"ranks-per-node", required_argument, NULL, 'c'},
        {"output", required_argument, NULL, 'o'},
        {"force", no_argument, NULL, 'F'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int opt;
    optind = 0; /* full reset: the dispatcher may have run getopt already */
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
        switch (opt) {
        case 'p': o->platform = optarg; break;
        case 'n': o->np_arg = optarg; break;
        case 'm': o->mapping = optarg; break;
        case 'c': o->rpn_arg = optarg; break;
        case 'o': o->output = optarg; break;
        case 'F': o->force = 1; break;
        case 'h': o->help = 1; break;
        default:
            return papsim_cmd_bad_option("hostfile", opt, argv[optind - 1]);
        }
    }
    if (optind < argc)
        return papsim_cmd_bad_input("hostfile",
                                    "unexpected argument '%s' (see papsim hostfile --help)",
                                    argv[optind]);
    return 0;
}

/* Checks the options and writes the hostfile; returns the exit code. */
static int run(const hostfile_opts *o, papsim_err *e)
{
    papsim_platform p;
    papsim_mapping m = PAPSIM_MAP_SEQUENTIAL;
    int np = 0, rpn = 0;
    if (!o->platform || !o->np_arg) {
        papsim_fail(e, "--platform and --np are required (see papsim hostfile --help)");
        return 2;
    }
    const char *const inputs[] = {o->platform};
    if (o->output && papsim_output_check(o->output, "-o", inputs, 1,
                                         o->force ? PAPSIM_OUTPUT_REPLACE : PAPSIM_OUTPUT_NEW,
                                         e) != 0)
        return 2;
    if (parse_int_option("--np", o->np_arg, &np, e) != 0 ||
        (o->rpn_arg &&
         parse_int_option("--ranks-per-node", o->rpn_arg, &rpn, e) != 0) ||
        (o->mapping && papsim_mapping_parse(o->mapping, &m, e) != 0) ||
        papsim_platform_load(o->platform, &p, e) != 0)
        return 2;
    /* Check the placement first: a bad request is bad input (2), while a
     * failed write afterwards is an I/O failure (1). */
    int rc = 0;
    int *host = malloc((size_t)np * sizeof *host);
    if (!host) {
        papsim_fail(e, "np=%d: out of memory", np);
        rc = 1;
    } else if (papsim_hostfile_assign(&p, m, np, rpn, host, e) != 0) {
        rc = 2;
    } else if (papsim_hostfile_write(&p, m, np, rpn,
                                     o->output ? o->output : "-", e) != 0) {
        rc = 1;
    }
    free(host);
    papsim_platform_free(&p);
    return rc;
}

int papsim_cmd_hostfile(int argc, char **argv)
{
    hostfile_opts o = {0};
    papsim_err e = {{0}};
    int rc = parse_args(argc, argv, &o);
    if (rc != 0)
        return rc;
    if (o.help) {
        fputs(usage, stdout);
        return 0;
    }
    rc = run(&o, &e);
    return rc != 0 ? papsim_cmd_error("hostfile", rc, "%s", e.msg) : 0;
}
