/* `papsim platform`: writes a SimGrid cluster platform from a few
 * parameters, or describes an existing platform (--info). Every value is
 * checked here, with the rules SimGrid 3.32 applies, so a platform that
 * papsim writes is one smpirun accepts; values are written through to the
 * XML exactly as given. */
#include "commands.h"
#include "util/papsim_fs.h"
#include "util/papsim_output.h"
#include "util/units.h"

#include "util/papsim_error.h"
#include "platform/hostfile.h"
#include "platform/platform_gen.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    papsim_cluster_spec s;
    const char *info;       /* --info FILE|default */
    const char *output;
    int help, force;
} platform_opts;

static const char usage[] =
    "usage: papsim platform KIND [options] [-o FILE [--force]]\n"
    "       papsim platform --info FILE|default\n"
    "\n"
    "Writes a SimGrid platform with one cluster (to stdout or FILE).\n"
    "KIND is flat, fat_tree, dragonfly or torus.\n"
    "  --nodes N          hosts (required for flat; for the others it must\n"
    "                     match the host count of --params)\n"
    "  --cores C          cores per host = ranks per host at most (default 1)\n"
    "  --params P         topo_parameters: fat_tree 'L;d1,..;u1,..;c1,..'\n"
    "                     (hosts = product of d), dragonfly 'G,g;C,c;R,r;N'\n"
    "                     (G <= R), torus 'X,Y,Z,...'\n"
    "  --bw BW            per-link bandwidth (default 10Gbps)\n"
    "  --lat LAT          per-link latency (default 1us)\n"
    "  --loopback-bw BW   same-host bandwidth (default: --bw)\n"
    "  --loopback-lat LAT same-host latency (default: --lat)\n"
    "  --backbone-bw BW, --backbone-lat LAT\n"
    "                     shared backbone of a flat cluster (default none)\n"
    "  --speed S          host speed (default 1Gf)\n"
    "  --prefix P         host name prefix (default node-)\n"
    "  -o, --output FILE  write to FILE instead of stdout; an existing FILE is\n"
    "                     refused unless --force\n"
    "  --force            replace an existing -o FILE\n"
    "  --info FILE        print hosts, cores, topology, max ranks and the\n"
    "                     host groups (clusters) in placement order\n"
    "Units as SimGrid reads them: bandwidth bps/Bps with k M G T P E or\n"
    "Ki Mi Gi Ti Pi Ei prefixes (10Gbps = 1.25GBps); latency s ms us ns ps\n"
    "(or 0); speed f with k M G T P E prefixes.\n";

static int write_platform(const platform_opts *o, const papsim_cluster_shape *c,
                          int argc, char **argv)
{
    papsim_err e;
    papsim_output out;
    const int mode = o->force ? PAPSIM_OUTPUT_REPLACE : PAPSIM_OUTPUT_NEW;
    if (!o->output) {
        papsim_cluster_write_xml(stdout, &o->s, c, argc, argv);
        if (ferror(stdout) || fflush(stdout) != 0)
            return papsim_cmd_failed("platform", "cannot write 'stdout': %s", strerror(errno));
        return 0;
    }
    if (papsim_output_check(o->output, "-o", NULL, 0, mode, &e) != 0)
        return papsim_cmd_bad_input("platform", "%s", e.msg);
    if (papsim_mkdir_parents(o->output, &e) != 0 ||
        papsim_output_open(&out, o->output, mode, &e) != 0)
        return papsim_cmd_failed("platform", "-o: %s", e.msg);
    papsim_cluster_write_xml(out.f, &o->s, c, argc, argv);
    if (papsim_output_commit(&out, 0, &e) != 0)
        return papsim_cmd_failed("platform", "-o: %s", e.msg);
    return 0;
}

static int print_info(const char *source)
{
    papsim_platform p;
    papsim_err e = {{0}};
    if (papsim_platform_load(source, &p, &e) != 0)
        return papsim_cmd_bad_input("platform", "%s", e.msg);
    papsim_platform_print_info(stdout, &p);
    papsim_platform_free(&p);
    return 0;
}

enum {
    OPT_NODES = 256, OPT_CORES, OPT_PARAMS, OPT_BW, OPT_LAT, OPT_LOOPBACK_BW,
    OPT_LOOPBACK_LAT, OPT_BACKBONE_BW, OPT_BACKBONE_LAT, OPT_SPEED, OPT_PREFIX,
    OPT_INFO, OPT_FORCE
};

/* Stores the argument of a long option in its field of o. */
static void store_option(platform_opts *o, int opt, const char *arg)
{
    switch (opt) {
    case OPT_NODES: o->s.nodes_arg = arg; break;
    case OPT_CORES: o->s.cores_arg = arg; break;
    case OPT_PARAMS: o->s.params = arg; break;
    case OPT_BW: o->s.bw = arg; break;
    case OPT_LAT: o->s.lat = arg; break;
    case OPT_LOOPBACK_BW: o->s.loopback_bw = arg; break;
    case OPT_LOOPBACK_LAT: o->s.loopback_lat = arg; break;
    case OPT_BACKBONE_BW: o->s.backbone_bw = arg; break;
    case OPT_BACKBONE_LAT: o->s.backbone_lat = arg; break;
    case OPT_SPEED: o->s.speed = arg; break;
    case OPT_PREFIX: o->s.prefix = arg; break;
    case OPT_INFO: o->info = arg; break;
    case 'o': o->output = arg; break;
    case OPT_FORCE: o->force = 1; break;
    default: break;
    }
}

/* Fills o from argv; returns 0, or 2 after printing a bad-option message. */
static int parse_args(int argc, char **argv, platform_opts *o)
{
    static const struct option longopts[] = {
        {"nodes", required_argument, NULL, OPT_NODES},
        {"cores", required_argument, NULL, OPT_CORES},
        {"params", required_argument, NULL, OPT_PARAMS},
        {"bw", required_argument, NULL, OPT_BW},
        {"lat", required_argument, NULL, OPT_LAT},
        {"loopback-bw", required_argument, NULL, OPT_LOOPBACK_BW},
        {"loopback-lat", required_argument, NULL, OPT_LOOPBACK_LAT},
        {"backbone-bw", required_argument, NULL, OPT_BACKBONE_BW},
        {"backbone-lat", required_argument, NULL, OPT_BACKBONE_LAT},
        {"speed", required_argument, NULL, OPT_SPEED},
        {"prefix", required_argument, NULL, OPT_PREFIX},
        {"info", required_argument, NULL, OPT_INFO},
        {"output", required_argument, NULL, 'o'},
        {"force", no_argument, NULL, OPT_FORCE},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int opt;
    optind = 0; /* full reset: the dispatcher may have run getopt already */
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
        if (opt == 'h') {
            o->help = 1;
        } else if (opt == '?' || opt == ':') {
            return papsim_cmd_bad_option("platform", opt, argv[optind - 1]);
        } else {
            store_option(o, opt, optarg);
        }
    }
    if (optind < argc)
        o->s.kind = argv[optind++];
    if (optind < argc)
        return papsim_cmd_bad_input("platform",
                                    "unexpected argument '%s' (see papsim platform --help)",
                                    argv[optind]);
    return 0;
}

/* Parses, checks and acts; command[] is argv as typed, because GNU getopt
 * reorders argv and the generated file records the exact command. */
static int run_platform(int argc, char **argv, char **command)
{
    platform_opts o = {.s = {.bw = "10Gbps", .lat = "1us", .speed = "1Gf",
                             .prefix = "node-"}};
    papsim_cluster_shape c = {0};
    papsim_err e = {{0}};
    int rc = parse_args(argc, argv, &o);
    if (rc != 0)
        return rc;
    if (o.help) {
        fputs(usage, stdout);
        return 0;
    }
    if (o.info && o.s.kind)
        return papsim_cmd_bad_input("platform", "--info takes no KIND");
    if (o.info)
        return print_info(o.info);
    if (!o.s.kind)
        return papsim_cmd_bad_input("platform", "missing KIND (flat, fat_tree, dragonfly or "
                                    "torus) (see papsim platform --help)");
    if (!o.s.loopback_bw)
        o.s.loopback_bw = o.s.bw;
    if (!o.s.loopback_lat)
        o.s.loopback_lat = o.s.lat;
    if (papsim_cluster_check(&o.s, &c, &e) != 0)
        return papsim_cmd_bad_input("platform", "%s", e.msg);
    return write_platform(&o, &c, argc, command);
}

int papsim_cmd_platform(int argc, char **argv)
{
    char **command = malloc((size_t)(argc + 1) * sizeof *command);
    if (!command)
        return papsim_cmd_failed("platform", "out of memory");
    memcpy(command, argv, (size_t)(argc + 1) * sizeof *command);
    int rc = run_platform(argc, argv, command);
    free(command);
    return rc;
}
