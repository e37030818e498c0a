/* papsim calibrate: measure the real machine's point-to-point latency and
 * bandwidth (papbench-mpi --calibrate under mpiexec), fit T(m) = alpha +
 * beta m on the same node and across nodes (calibrate_fit.h), and write a
 * flat SimGrid cluster with those figures, so a simulated study can run on
 * a model of the machine it will be validated on (issue 7, item 2). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hardware/calibrate_model.h"
#include "sweep/locate.h"
#include "sweep/provenance.h"
#include "sweep/versions.h"
#include "commands.h"
#include "util/papsim_fs.h"
#include "util/csv.h"
#include "util/papsim_error.h"
#include "util/units.h"

enum { MAX_MPIEXEC_ARGS = 32 };

typedef struct {
    long np;
    const char *hostfile;
    const char *iters;     /* passed through to papbench-mpi */
    const char *max_bytes; /* likewise */
    const char *out;       /* PREFIX of PREFIX.csv/.txt/.xml */
    const char *from;      /* fit this measurement file instead of measuring */
    const char *mpiexec;
    const char *papbench_mpi;
    const char *statistic; /* median_s or min_s */
    long nodes, cores;     /* model size; 0 = as measured */
    int nextra;
    const char *extra[MAX_MPIEXEC_ARGS]; /* --mpiexec-arg */
} calib_options;

typedef papsim_calib_result calib_result;

static void print_calibrate_help(FILE *f)
{
    fprintf(f,
        "usage: papsim calibrate [--np N] [--hostfile FILE] [--mpiexec-arg ARG ...]\n"
        "                        [--iters N] [--max-bytes B] [--statistic median|min]\n"
        "                        [--nodes N] [--cores C] [--out PREFIX]\n"
        "       papsim calibrate --from MEASUREMENTS.csv [--out PREFIX] ...\n"
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
        "  --hostfile FILE    passed to mpiexec\n"
        "  --mpiexec-arg ARG  one more mpiexec argument (repeatable), e.g. --oversubscribe\n"
        "  --iters N          round trips per size (default 50)\n"
        "  --max-bytes B      largest message (default 4MiB)\n"
        "  --statistic S      fit the median (default) or the min one-way times\n"
        "  --nodes N, --cores C  model size (default: the hosts seen, the most ranks\n"
        "                     on one of them)\n"
        "  --out PREFIX       output prefix (default calibrated)\n"
        "  --from FILE        fit an existing measurement file, run nothing\n"
        "  --mpiexec CMD      default $MPIEXEC or mpiexec\n"
        "  --papbench-mpi P   default $PAPBENCH_MPI or the one built with papsim\n"
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
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0},
    };
    papsim_err e = {{0}};
    long n;
    int c;
    optind = 0;
    opterr = 0; /* our own message names the option */
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (papsim_parse_long(optarg, 2, 1 << 20, "--np", &o->np, &e) != 0)
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
            o->iters = optarg;
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
            o->max_bytes = optarg;
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
            if (o->nextra == MAX_MPIEXEC_ARGS) {
                papsim_fail(&e, "--mpiexec-arg: at most %d", MAX_MPIEXEC_ARGS);
                goto bad;
            }
            o->extra[o->nextra++] = optarg;
            break;
        case 'H': o->hostfile = optarg; break;
        case 'o': o->out = optarg; break;
        case 'f': o->from = optarg; break;
        case 'm': o->mpiexec = optarg; break;
        case 'p': o->papbench_mpi = optarg; break;
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

static const char *env_or(const char *name, const char *fallback)
{
    const char *v = getenv(name);
    return v && *v ? v : fallback;
}

/* Runs mpiexec ... papbench-mpi --calibrate with stdout into csv_path. */
static int run_measurements(const calib_options *o, const char *csv_path)
{
    char np[32];
    const char *argv[MAX_MPIEXEC_ARGS + 16];
    int n = 0;
    snprintf(np, sizeof np, "%ld", o->np);
    argv[n++] = o->mpiexec;
    argv[n++] = "-np";
    argv[n++] = np;
    if (o->hostfile) {
        argv[n++] = "--hostfile";
        argv[n++] = o->hostfile;
    }
    for (int i = 0; i < o->nextra; i++)
        argv[n++] = o->extra[i];
    argv[n++] = o->papbench_mpi;
    argv[n++] = "--calibrate";
    if (o->iters) {
        argv[n++] = "--iters";
        argv[n++] = o->iters;
    }
    if (o->max_bytes) {
        argv[n++] = "--max-bytes";
        argv[n++] = o->max_bytes;
    }
    argv[n] = NULL;
    FILE *out = fopen(csv_path, "w");
    if (!out) {
        papsim_cmd_bad_input("calibrate", "%s: cannot create: %s", csv_path, strerror(errno));
        return 2;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fileno(out), STDOUT_FILENO);
        execvp(argv[0], (char *const *)argv);
        papsim_cmd_failed("calibrate", "cannot run '%s': %s", argv[0], strerror(errno));
        _exit(127);
    }
    fclose(out);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        papsim_cmd_failed("calibrate", "the measurement run '%s -np %s ... %s --calibrate' "
                                       "failed (exit %d)", o->mpiexec, np, o->papbench_mpi,
                          WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return 1;
    }
    return 0;
}

/* Appends a record naming the real MPI (papbench-mpi --library-version under
 * the same mpiexec, one rank) to provenance.txt in PREFIX's directory. A
 * failure is a warning: the measurements stand. */
static void write_provenance(const calib_options *o, int argc, char **argv)
{
    char dir[4096], mpi[512] = "", *words[MAX_MPIEXEC_ARGS + 8];
    papsim_err e = {{0}};
    int n = 0;
    const char *slash = strrchr(o->out, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - o->out) + (slash == o->out) : 1,
             slash ? o->out : ".");
    words[n++] = (char *)o->mpiexec;
    words[n++] = "-np";
    words[n++] = "1";
    if (o->hostfile) {
        words[n++] = "--hostfile";
        words[n++] = (char *)o->hostfile;
    }
    for (int i = 0; i < o->nextra; i++)
        words[n++] = (char *)o->extra[i];
    words[n++] = (char *)o->papbench_mpi;
    words[n++] = "--library-version";
    words[n] = NULL;
    if (papsim_run_first_line(words, "/dev/null", mpi, sizeof mpi) != 0 || !mpi[0])
        snprintf(mpi, sizeof mpi, "unknown: '%s -np 1 ... %s --library-version' failed",
                 o->mpiexec, o->papbench_mpi);
    char **cmd = calloc((size_t)argc + 2, sizeof *cmd); /* "papsim calibrate ..." */
    if (cmd) {
        cmd[0] = "papsim";
        memcpy(cmd + 1, argv, (size_t)argc * sizeof *cmd);
    }
    papsim_provenance p = {cmd ? argc + 1 : argc, cmd ? cmd : argv, NULL, NULL, 0,
                           "none (a real MPI ran)", mpi};
    if (papsim_provenance_append(dir, &p, &e) != 0)
        papsim_print_note("papsim calibrate", "warning: no provenance record: %s", e.msg);
    free(cmd);
}

static int write_platform(const char *path, const papsim_calib_result *r, long nodes,
                          long cores, const char *source)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        papsim_cmd_bad_input("calibrate", "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    papsim_calib_write_platform(f, r, nodes, cores, source);
    return fclose(f) == 0 ? 0 : -1;
}

/* Writes PREFIX.txt (and prints it) and PREFIX.xml. */
static int write_outputs(const calib_options *o, const calib_result *r, const char *csv_path)
{
    char path[4096];
    long nodes = o->nodes ? o->nodes : r->hosts > 0 ? r->hosts : 1;
    long cores = o->cores ? o->cores : r->max_ranks_per_host > 0 ? r->max_ranks_per_host : 1;
    const char *stat = o->statistic ? o->statistic : "median_s";
    if (!r->have[PAPSIM_CALIB_INTER])
        papsim_print_note("papsim calibrate", "warning: no rank on another node, so no inter-node "
                        "measurement; the model uses the intra-node figures across nodes too");
    snprintf(path, sizeof path, "%s.txt", o->out);
    FILE *f = fopen(path, "w");
    if (!f) {
        papsim_cmd_bad_input("calibrate", "%s: cannot create: %s", path, strerror(errno));
        return 2;
    }
    papsim_calib_write_numbers(f, r, csv_path, stat);
    fprintf(f, "nodes = %ld\ncores = %ld\n", nodes, cores);
    if (fclose(f) != 0)
        return 2;
    papsim_calib_write_numbers(stdout, r, csv_path, stat);
    printf("nodes = %ld\ncores = %ld\nwrote %s\n", nodes, cores, path);
    snprintf(path, sizeof path, "%s.xml", o->out);
    if (write_platform(path, r, nodes, cores, csv_path) != 0)
        return 2;
    printf("wrote %s\n", path);
    return 0;
}

int papsim_cmd_calibrate(int argc, char **argv)
{
    calib_options o = {.np = 2, .out = "calibrated"};
    calib_result r;
    papsim_err e = {{0}};
    char csv_path[4096];
    int status = parse_calibrate_options(argc, argv, &o);
    memset(&r, 0, sizeof r);
    if (status != 0)
        return status == 1 ? 0 : 2;
    o.mpiexec = o.mpiexec ? o.mpiexec : env_or("MPIEXEC", "mpiexec");
    char papbench_mpi[4096]; /* $PAPBENCH_MPI, else beside papsim (locate.h) */
    papsim_locate_papbench_mpi(papbench_mpi, sizeof papbench_mpi);
    o.papbench_mpi = o.papbench_mpi ? o.papbench_mpi : papbench_mpi;
    if (papsim_mkdir_parents(o.out, &e) != 0) { /* PREFIX.csv, .txt and .xml */
        papsim_cmd_bad_input("calibrate", "--out: %s", e.msg);
        return 2;
    }
    if (o.from) {
        snprintf(csv_path, sizeof csv_path, "%s", o.from);
    } else {
        if ((size_t)snprintf(csv_path, sizeof csv_path, "%s.csv", o.out) >= sizeof csv_path) {
            papsim_cmd_bad_input("calibrate", "--out '%s': path too long", o.out);
            return 2;
        }
        if (access(o.papbench_mpi, X_OK) != 0) {
            papsim_cmd_bad_input("calibrate", "papbench-mpi '%s' not found (build papsim, or "
                                              "pass --papbench-mpi)", o.papbench_mpi);
            return 2;
        }
        if ((status = run_measurements(&o, csv_path)) != 0)
            return status;
        printf("wrote %s\n", csv_path);
        write_provenance(&o, argc, argv);
    }
    if (papsim_calib_count_placement(csv_path, &r, &e) != 0 ||
        papsim_calib_fit_file(csv_path, o.statistic ? o.statistic : "median_s", &r, &e) != 0) {
        papsim_cmd_bad_input("calibrate", "%s", e.msg);
        return 2;
    }
    return write_outputs(&o, &r, csv_path);
}
