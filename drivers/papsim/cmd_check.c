/* papsim check: the correctness check of collective algorithms (papsim's
 * or a user's) under smpirun, and optionally under the real MPI. Parses the
 * arguments and calls papsim_check_run (lib/check). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "commands.h"
#include "papsim_catalog.h"
#include "platform/platform.h"
#include "smpi/locate.h"
#include "smpi/plugins.h"

static void check_usage(FILE *out)
{
    fputs(
        "usage: papsim check COLLECTIVE ALGORITHM... [OPTIONS]\n"
        "       papsim check COLLECTIVE --all [OPTIONS]    every algorithm of COLLECTIVE\n"
        "       papsim check --all [OPTIONS]               every algorithm papsim has\n"
        "Checks that each algorithm computes its collective for every case of a grid,\n"
        "under smpirun: np 1 to 33; counts 0, 1, 7 (odd) and 1001 (odd, not a multiple\n"
        "of most np), and a large one (100003, or 10007 per block); for the v-forms\n"
        "uneven, empty and gapped blocks (reverse rank order, gaps between);\n"
        "every root and the first, middle and last one crossed with the rest; int,\n"
        "double, a derived type with holes (and, under a real MPI, one with a shifted\n"
        "lower bound), different datatypes per rank with one signature (1 x\n"
        "contiguous(N) at the root, N x MPI_DOUBLE elsewhere) and a zero-size type;\n"
        "sum, max and a non-commutative op; MPI_IN_PLACE where MPI allows it; a split\n"
        "and a reversed communicator; two calls back to back; skewed arrivals.\n"
        "Every rank's whole send and receive buffers (guard bytes around them, the\n"
        "datatype's holes, the data) are compared with a reference built from the\n"
        "collective's definition, and a restriction the algorithm declares must give\n"
        "its documented error class on every rank with no buffer changed. A wrong\n"
        "result with MPI_SUCCESS, a missing error class or a hang fails the case.\n"
        "Prints a coverage table, every failure with the command that runs it alone,\n"
        "and 'N passed, N failed' (', N skipped' when some were); exit status 1 when\n"
        "a case failed, 2 on bad input.\n"
        "\n"
        "  --np LIST            process counts, e.g. 1-33 or 4,7,16          [1-33]\n"
        "  --counts LIST        element counts instead of 0,1,7,1001\n"
        "  --types LIST         keep cases of these datatypes: int, double, holes,\n"
        "                       shifted, mixed, zero\n"
        "  --ops LIST           keep cases of these ops: sum, max, affine (the\n"
        "                       non-commutative one)\n"
        "  --comms LIST         keep cases on these communicators: world, split\n"
        "                       (MPI_Comm_split by rank parity), reversed (ranks\n"
        "                       in reverse order)\n"
        "  --blocks LIST        keep cases of these block layouts: uniform, uneven,\n"
        "                       zeros, gapped\n"
        "  --skews LIST         keep cases of these arrivals: none, ascending,\n"
        "                       descending, last, random\n"
        "  --case WORD          run this one case (needs one algorithm); the word is\n"
        "                       what a failure prints, count=7,type=int,op=sum,root=0,\n"
        "                       inplace=0,comm=world,dist=uniform,calls=1,skew=none,seg=0\n"
        "                       (keys left out take these values)\n"
        "  --plugin FILE        also load a user's algorithm file (repeatable)\n"
        "  --platform P         platform XML, 'default' (the embedded 64-rank\n"
        "                       cluster) or an installed one's name     [default]\n"
        "  --jobs N             runs at once                                     [2]\n"
        "  --case-timeout S     seconds a case may run before it counts as hung [120]\n"
        "  --mpi                also run every case under the real MPI (mpirun\n"
        "                       --oversubscribe; --allow-run-as-root as root;\n"
        "                       $PAPSIM_MPIRUN names another mpirun)\n"
        "  --quiet              no coverage table\n",
        out);
}

/* One item of a list of names: its index in names[0..count). */
static int add_name(const char *opt, const char *t, const char *const *names, int count, int *v,
                    int *n)
{
    int i = 0;
    while (i < count && strcmp(names[i], t))
        i++;
    if (i == count) {
        char known[256] = "";
        for (int k = 0; k < count; k++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
                     k ? ", " : "", names[k]);
        return papsim_cmd_bad_input("check", "%s: '%s' is not one of %s", opt, t, known);
    }
    if (*n < count)
        v[(*n)++] = i;
    return 0;
}

/* One item of a list of numbers: "7" or "8-10", each of lo..hi, at most max
 * values in all. */
static int add_range(const char *opt, const char *t, int *v, int *n, int max, int lo, int hi)
{
    char *end;
    long a = strtol(t, &end, 10), b = a;
    if (*end == '-' && end != t)
        b = strtol(end + 1, &end, 10);
    if (*end || end == t || a < lo || b > hi || a > b)
        return papsim_cmd_bad_input("check", "%s: '%s' is not a number or range of %d..%d", opt,
                                    t, lo, hi);
    for (long x = a; x <= b; x++) {
        if (*n == max)
            return papsim_cmd_bad_input("check", "%s: more than %d values", opt, max);
        v[(*n)++] = (int)x;
    }
    return 0;
}

/* The comma-separated list of option opt into v[0..*n): with names, their
 * indices in names[0..count); without, numbers and ranges of lo..hi, at
 * most max ("1-33", "4,7,16", "2,8-10": ascending order not required; an
 * empty list is refused). */
static int parse_list(const char *opt, const char *text, const char *const *names, int count,
                      int *v, int *n, int max, int lo, int hi)
{
    char buf[1024];
    *n = 0;
    if (strlen(text) >= sizeof buf)
        return papsim_cmd_bad_input("check", "%s: list too long", opt);
    strcpy(buf, text);
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
        if (names ? add_name(opt, t, names, count, v, n) : add_range(opt, t, v, n, max, lo, hi))
            return 2;
    return *n || names ? 0 : papsim_cmd_bad_input("check", "%s: empty list", opt);
}

static int parse_ints(const char *opt, const char *text, int *v, int *n, int max, int lo,
                      int hi)
{
    return parse_list(opt, text, NULL, 0, v, n, max, lo, hi);
}

static int parse_names(const char *opt, const char *text, const char *const *names, int count,
                       int *v, int *n)
{
    return parse_list(opt, text, names, count, v, n, count, 0, 0);
}

/* The options into o. Returns 0 to go on, 1 after --help, 2 on bad input
 * (said). */
static int parse_options(int argc, char **argv, papsim_check_options *o, int *all)
{
    static const struct option longopts[] = {
        {"np", required_argument, NULL, 'n'},      {"counts", required_argument, NULL, 'c'},
        {"types", required_argument, NULL, 't'},   {"ops", required_argument, NULL, 'o'},
        {"comms", required_argument, NULL, 'm'},   {"blocks", required_argument, NULL, 'b'},
        {"skews", required_argument, NULL, 's'},   {"case", required_argument, NULL, 'C'},
        {"plugin", required_argument, NULL, 'P'},  {"platform", required_argument, NULL, 'p'},
        {"jobs", required_argument, NULL, 'j'},    {"case-timeout", required_argument, NULL, 'T'},
        {"mpi", no_argument, NULL, 'M'},           {"quiet", no_argument, NULL, 'q'},
        {"all", no_argument, NULL, 'a'},           {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c, jobs[1], njobs;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        int bad = 0;
        switch (c) {
        case 'n': bad = parse_ints("--np", optarg, o->np, &o->nnp, PAPSIM_CHECK_MAX_NP, 1, 4096); break;
        case 'c': bad = parse_ints("--counts", optarg, o->counts, &o->ncounts, PAPSIM_CHECK_MAX_LIST, 0, 1 << 24); break;
        case 't': bad = parse_names("--types", optarg, papsim_cw_type_names, PAPSIM_CW_NTYPES, o->types, &o->ntypes); break;
        case 'o': bad = parse_names("--ops", optarg, papsim_cw_op_names, PAPSIM_CW_NOPS, o->ops, &o->nops); break;
        case 'm': bad = parse_names("--comms", optarg, papsim_cw_comm_names, PAPSIM_CW_NCOMMS, o->comms, &o->ncomms); break;
        case 'b': bad = parse_names("--blocks", optarg, papsim_cw_dist_names, PAPSIM_CW_NDISTS, o->dists, &o->ndists); break;
        case 's': bad = parse_names("--skews", optarg, papsim_cw_skew_names, PAPSIM_CW_NSKEWS, o->skews, &o->nskews); break;
        case 'C': o->single_case = optarg; break;
        case 'P':
            if (o->nplugins == PAPSIM_CHECK_MAX_PLUGINS) {
                bad = papsim_cmd_bad_input("check", "--plugin: more than %d files", PAPSIM_CHECK_MAX_PLUGINS);
                break;
            }
            o->plugins[o->nplugins++] = optarg;
            break;
        case 'p': o->platform = optarg; break;
        case 'j': bad = parse_ints("--jobs", optarg, jobs, &njobs, 1, 1, 64); o->jobs = jobs[0]; break;
        case 'T': {
            char *end;
            o->case_timeout = strtod(optarg, &end);
            if (*end || end == optarg || !(o->case_timeout > 0))
                bad = papsim_cmd_bad_input("check", "--case-timeout: '%s' is not a positive number of seconds", optarg);
            break;
        }
        case 'M': o->mpi = 1; break;
        case 'q': o->quiet = 1; break;
        case 'a': *all = 1; break;
        case 'h':
            check_usage(stdout);
            return 1;
        default:
            return papsim_cmd_bad_option("check", c, argv[optind - 1]);
        }
        if (bad)
            return 2;
    }
    return 0;
}

/* The plugins loaded and the algorithms named after the options (or every
 * one of coll with --all, or every one papsim has) added to o; --case
 * checked. Returns 0, or 2 on bad input (said). */
static int select_algorithms(int argc, char **argv, papsim_check_options *o, int all)
{
    papsim_err e = {{0}};
    for (int i = 0; i < o->nplugins; i++)
        if (papsim_plugin_add(o->plugins[i], &e) != 0)
            return papsim_cmd_bad_input("check", "--plugin %s", e.msg);
    const char *coll = optind < argc ? argv[optind++] : NULL;
    if (coll && !papsim_collective_known(coll))
        return papsim_cmd_bad_input("check", "'%s' is not a collective (papsim list)", coll);
    if (!coll && !all) {
        check_usage(stderr);
        return 2;
    }
    for (size_t i = 0; all && i < papsim_catalog_size; i++)
        if ((!coll || !strcmp(papsim_catalog[i].collective, coll)) &&
            papsim_check_add_algo(o, papsim_catalog[i].collective, papsim_catalog[i].name, &e) != 0)
            return papsim_cmd_bad_input("check", "%s", e.msg);
    for (; optind < argc; optind++)
        if (papsim_check_add_algo(o, coll, argv[optind], &e) != 0)
            return papsim_cmd_bad_input("check", "%s", e.msg);
    if (o->nalgos == 0)
        return papsim_cmd_bad_input("check", "name an algorithm of %s, or --all", coll);
    if (o->single_case) {
        papsim_check_word w;
        char why[256];
        if (papsim_check_word_parse(o->single_case, &w, why, sizeof why) != 0)
            return papsim_cmd_bad_input("check", "--case %s: %s", o->single_case, why);
        if (o->nalgos != 1)
            return papsim_cmd_bad_input("check", "--case runs one algorithm, not %d", o->nalgos);
    }
    return 0;
}

/* o->platform resolved into path (an installed platform's name, or a
 * file) and loaded: every --np must fit its cores. Returns 0, or 2 (said). */
static int check_platform(papsim_check_options *o, char *path, size_t len)
{
    papsim_err e = {{0}};
    papsim_platform p;
    snprintf(path, len, "%s", o->platform);
    papsim_locate_named(o->platform, "platforms", ".xml", path, len);
    o->platform = path;
    if (papsim_platform_load(o->platform, &p, &e) != 0)
        return papsim_cmd_bad_input("check", "--platform %s", e.msg);
    const int hosts = p.nhosts * p.cores_per_host;
    papsim_platform_free(&p);
    for (int i = 0; i < o->nnp; i++)
        if (o->np[i] > hosts)
            return papsim_cmd_bad_input("check", "--np %d: the platform %s has %d cores (--platform)",
                                        o->np[i], o->platform, hosts);
    return 0;
}

int papsim_cmd_check(int argc, char **argv)
{
    papsim_check_options *o = malloc(sizeof *o);
    papsim_err e = {{0}};
    char platform[4096];
    int all = 0, rc;
    if (!o)
        return papsim_cmd_failed("check", "out of memory");
    papsim_check_options_init(o);
    rc = parse_options(argc, argv, o, &all);
    if (rc == 1)
        rc = 0; /* --help */
    else if (rc == 0 && (rc = select_algorithms(argc, argv, o, all)) == 0 &&
             (rc = check_platform(o, platform, sizeof platform)) == 0) {
        rc = papsim_check_run(o, stdout, &e);
        if (rc == 2)
            papsim_cmd_error("check", 2, "%s", e.msg);
    }
    free(o);
    return rc;
}
