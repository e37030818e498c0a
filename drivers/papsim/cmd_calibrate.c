/* papsim calibrate: measure the real machine's point-to-point latency and
 * bandwidth (papbench-mpi --calibrate under mpiexec), fit T(m) = alpha +
 * beta m on the same node and across nodes (calibrate_fit.h), and write a
 * flat SimGrid cluster with those figures, so a simulated study can run on
 * a model of the machine it will be validated on. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "hardware/calibrate_run.h"
#include "util/papsim_error.h"
#include "util/units.h"

typedef papsim_calib_request calib_options; /* calibrate_run.h */

static void print_calibrate_help(FILE *f)
{
    fprintf(f,
        "usage: papsim calibrate [--np N] [--mpi ompi|mpich] [--hostfile FILE]\n"
        "                        [--mpiexec-arg ARG ...]\n"
        "                        [--iters N] [--max-bytes B] [--statistic median|min]\n"
        "                        [--nodes N] [--cores C] [--out PREFIX [--force]]\n"
        "       papsim calibrate --from MEASUREMENTS.csv [--out PREFIX [--force]] ...\n"
        "\n"
        "Runs `mpiexec -np N [--hostfile FILE] ARGS papbench-mpi --calibrate` (a real MPI):\n"
        "rank 0 ping-pongs with the lowest rank on its node (intra) and on another node\n"
        "(inter, from the MPI processor names), sizes 1, 4, 16, ... up to --max-bytes.\n"
        "The hostfile decides which ranks share a node. For each kind it fits the\n"
        "one-way time T(m) = alpha + beta m by least squares on the relative error\n"
        "(weights 1/t^2; if alpha comes out <= 0 it is set to the smallest message's\n"
        "time and beta refitted) and writes\n"
        "  PREFIX.csv  the measurements (papbench --calibrate's table)\n"
        "  PREFIX.txt  the fitted numbers, also printed\n"
        "  provenance.txt  in PREFIX's directory, a record appended: papsim's version,\n"
        "              the MPI library's own version text, the command and the date\n"
        "  PREFIX.xml  a flat SimGrid cluster: NODES hosts x CORES cores, each host a\n"
        "              private link of latency alpha_inter/2 and bandwidth 1/beta_inter\n"
        "              (a message crosses two), loopback alpha_intra and 1/beta_intra;\n"
        "              it sets smpi/lat-factor and smpi/bw-factor to 0:1 so SMPI uses\n"
        "              the fitted alpha and beta as they are (and network/TCP-gamma\n"
        "              to 0: no TCP window caps the bandwidth)\n"
        "With one node only there is no inter-node figure: the model then uses the\n"
        "intra-node one across nodes too, with a warning.\n"
        "\n"
        "  --np N             ranks to start (default 2)\n"
        "  --mpi M            whose launcher and driver run: ompi (default) or mpich\n"
        "                     (papbench-mpich, built when papsim finds MPICH)\n"
        "  --hostfile FILE    passed to mpiexec\n"
        "  --mpiexec-arg ARG  one more mpiexec argument (repeatable), e.g. --oversubscribe\n"
        "  --iters N          round trips per size (default 50)\n"
        "  --max-bytes B      largest message (default 4MiB)\n"
        "  --statistic S      fit the median (default) or the min one-way times\n"
        "  --nodes N, --cores C  model size (default: the hosts seen, the most ranks\n"
        "                     on one of them)\n"
        "  --out PREFIX       output prefix (default calibrated); an existing\n"
        "                     PREFIX.csv, .txt or .xml is refused unless --force,\n"
        "                     an input (--from, --hostfile) always\n"
        "  --force            replace existing PREFIX files\n"
        "  --from FILE        fit an existing measurement file, run nothing\n"
        "  --mpiexec CMD      default $MPIEXEC or mpiexec; --mpi mpich:\n"
        "                     $MPIEXEC_MPICH or mpiexec.mpich\n"
        "  --papbench-mpi P   default $PAPBENCH_MPI or the papbench-mpi built with\n"
        "                     papsim; --mpi mpich: $PAPBENCH_MPICH or papbench-mpich\n"
        "Exit status: 0 ok, 1 the measurement run failed, 2 bad input.\n");
}

static int parse_calibrate_options(int argc, char **argv, calib_options *o)
{
    static const struct option longopts[] = {
        {"np", required_argument, NULL, 'n'},        {"hostfile", required_argument, NULL, 'H'},
        {"iters", required_argument, NULL, 'i'},     {"max-bytes", required_argument, NULL, 'b'},
        {"out", required_argument, NULL, 'o'},       {"from", required_argument, NULL, 'f'},
        {"mpiexec", required_argument, NULL, 'm'},   {"papbench-mpi", required_argument, NULL, 'p'},
        {"statistic", required_argument, NULL, 's'}, {"nodes", required_argument, NULL, 'N'},
        {"cores", required_argument, NULL, 'C'},     {"mpiexec-arg", required_argument, NULL, 'a'},
        {"mpi", required_argument, NULL, 'M'},
        {"help", no_argument, NULL, 'h'},            {"force", no_argument, NULL, 'F'},
        {NULL, 0, NULL, 0},
    };
    papsim_err e = {{0}};
    long n;
    int c;
    optind = 0;
    opterr = 0; /* our own message names the option */
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (papsim_parse_long(optarg, 2, 1 << 20, "--np", &o->l.np, &e) != 0)
                goto bad;
            break;
        case 'N':
        case 'C':
            if (papsim_parse_long(optarg, 1, 1 << 20, c == 'N' ? "--nodes" : "--cores", &n, &e))
                goto bad;
            *(c == 'N' ? &o->nodes : &o->cores) = n;
            break;
        case 'i':
            if (papsim_parse_long(optarg, 1, 1000000, "--iters", &n, &e) != 0)
                goto bad;
            o->l.iters = optarg;
            break;
        case 'b': {
            long long b;
            if (papsim_parse_bytes(optarg, &b, &e) != 0)
                goto bad;
            if (b < 16 || b > (1LL << 30)) {
                papsim_fail(&e, "--max-bytes '%s' must be between 16 and 1GiB (a fit needs "
                                "several sizes)", optarg);
                goto bad;
            }
            o->l.max_bytes = optarg;
            break;
        }
        case 's':
            if (strcmp(optarg, "median") != 0 && strcmp(optarg, "min") != 0) {
                papsim_fail(&e, "--statistic '%s': expected median or min", optarg);
                goto bad;
            }
            o->statistic = !strcmp(optarg, "min") ? "min_s" : "median_s";
            break;
        case 'a':
            if (o->l.nextra == PAPSIM_CALIB_MAX_MPIEXEC_ARGS) {
                papsim_fail(&e, "--mpiexec-arg: at most %d", PAPSIM_CALIB_MAX_MPIEXEC_ARGS);
                goto bad;
            }
            o->l.extra[o->l.nextra++] = optarg;
            break;
        case 'H': o->l.hostfile = optarg; break;
        case 'o': o->out = optarg; break;
        case 'f': o->from = optarg; break;
        case 'F': o->force = 1; break;
        case 'm': o->l.mpiexec = optarg; break;
        case 'p': o->l.papbench_mpi = optarg; break;
        case 'M': /* the MPI whose launcher and driver are the defaults */
            if (strcmp(optarg, "ompi") != 0 && strcmp(optarg, "mpich") != 0) {
                papsim_fail(&e, "--mpi '%s': expected ompi or mpich", optarg);
                goto bad;
            }
            o->mpich = !strcmp(optarg, "mpich");
            break;
        case 'h': print_calibrate_help(stdout); return 1;
        default:
            return papsim_cmd_bad_option("calibrate", c, argv[optind - 1]);
        }
    }
    if (optind < argc) {
        papsim_fail(&e, "unexpected argument '%s'", argv[optind]);
        goto bad;
    }
    return 0;
bad:
    papsim_cmd_bad_input("calibrate", "%s", e.msg);
    return 2;
}

int papsim_cmd_calibrate(int argc, char **argv)
{
    calib_options o = {.l.np = 2, .out = "calibrated"};
    papsim_err e = {{0}};
    int status = parse_calibrate_options(argc, argv, &o);
    if (status != 0)
        return status == 1 ? 0 : 2;
    if ((status = papsim_calibrate_run(&o, argc, argv, stdout, &e)) != 0)
        return papsim_cmd_error("calibrate", status, "%s", e.msg);
    return 0;
}
