/* papsim bench: one case in simulation. Parses the case and papsim
 * bench's own options; papsim_bench_run (lib/sweep/bench_case.h) checks
 * the inputs, writes the platform and hostfile, runs smpirun + papbench
 * and prints the CSV rows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases/case.h"
#include "commands.h"
#include "sweep/bench_case.h"
#include "smpi/plugins.h"
#include "util/papsim_error.h"

typedef struct {
    int dry_run, keep, help, force, ignore_memory;
    const char *per_rank;
    const char *cfg[32];
    int ncfg;
} bench_options;

static void bench_usage(FILE *out)
{
    fputs("usage: papsim bench [CASE OPTIONS] [--np N] [--platform FILE|default]\n"
          "                    [--mapping sequential|cyclic] [--ranks-per-node C]\n"
          "                    [--cfg=ITEM:VALUE ...] [--per-rank FILE [--force]]\n"
          "                    [--dry-run] [--keep] [--plugin FILE]... [--ignore-memory]\n"
          "Simulates one case with smpirun and prints its results.csv rows (with header).\n"
          "Case options are papbench's (papbench --help): --collective, --algorithm,\n"
          "--bytes, --distribution, --datatype, --op, --root, --in-place, --pattern, --skew (absolute),\n"
          "--seed, --matrix-seed, --reps, --gamma, --segment-bytes, --segments, --max-requests,\n"
          "--knowledge, --model-alpha, --model-beta, --knomial-radix, --radix, --check.\n"
          "  --np N               number of ranks (required)\n"
          "  --platform P         platform XML, or 'default' (the embedded 64-rank cluster),\n"
          "                       or the name of an installed one (fat-tree-256: papsim\n"
          "                       --version shows the data directory)\n"
          "  --mapping M          sequential: fill a node's cores first; cyclic: round-robin\n"
          "  --ranks-per-node C   ranks per node (default: the platform's cores per host)\n"
          "  --cfg=ITEM:VALUE     extra SimGrid option (e.g. --cfg=network/model:CM02)\n"
          "  --per-rank FILE      also write per-rank delay, arrival and exit times;\n"
          "                       an existing FILE is refused unless --force, an\n"
          "                       input (the platform, a pattern file) always\n"
          "  --force              replace an existing --per-rank FILE\n"
          "  --plugin FILE        a user's algorithm (its SMPI build, NAME.smpi.so), named\n"
          "                       user:NAME in --algorithm; repeatable\n"
          "  --dry-run            print the smpirun command instead of running it\n"
          "  --keep               keep the working directory (platform, hostfile)\n"
          "  --ignore-memory      run even when the memory forecast says the case does not\n"
          "                       fit: the memory available (MemAvailable in /proc/meminfo;\n"
          "                       the variable PAPSIM_MEM_AVAILABLE, e.g. 8GiB, replaces it)\n"
          "                       or vm.max_map_count (PAPSIM_MAX_MAP_COUNT replaces it)\n",
          out);
}

static int parse_bench_extra(char **extra, int n, bench_options *o, papsim_err *e)
{
    for (int i = 0; i < n; i++) {
        const char *a = extra[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            o->help = 1;
        else if (!strcmp(a, "--dry-run"))
            o->dry_run = 1;
        else if (!strcmp(a, "--keep"))
            o->keep = 1;
        else if (!strcmp(a, "--force"))
            o->force = 1;
        else if (!strcmp(a, "--ignore-memory"))
            o->ignore_memory = 1;
        else if (!strcmp(a, "--per-rank") && i + 1 < n)
            o->per_rank = extra[++i];
        else if (!strcmp(a, "--plugin") && i + 1 < n) {
            if (papsim_plugin_add(extra[++i], e) != 0)
                return papsim_fail_prefix(e, "--plugin ");
        } else if ((!strncmp(a, "--cfg=", 6) || !strncmp(a, "--log=", 6)) && o->ncfg < 31)
            o->cfg[o->ncfg++] = a;
        else /* a case option is here only when its value is missing */
            return papsim_fail_option(e,
                                      !strcmp(a, "--per-rank") || !strcmp(a, "--plugin") ||
                                          papsim_case_option_takes_value(a),
                                      a, "papsim bench --help");
    }
    o->cfg[o->ncfg] = NULL;
    return 0;
}

int papsim_cmd_bench(int argc, char **argv)
{
    papsim_case c;
    papsim_err e = {{0}};
    bench_options o = {0};
    char **extra = calloc((size_t)argc + 1, sizeof(char *));
    char workdir[4096] = "";
    int nextra = 0, status = 2;

    papsim_case_defaults(&c);
    if (!extra || papsim_case_parse_args(argc - 1, argv + 1, &c, extra, &nextra, &e) != 0 ||
        parse_bench_extra(extra, nextra, &o, &e) != 0) {
        papsim_cmd_error("bench", status, "%s", e.msg);
    } else if (o.help) {
        bench_usage(stdout);
        status = 0;
    } else {
        papsim_bench_request q = {o.dry_run, o.keep, o.per_rank, o.force, o.cfg, o.ncfg,
                                  o.ignore_memory};
        status = papsim_bench_run(&c, &q, workdir, sizeof workdir, stdout, &e);
        if (status != 0)
            papsim_cmd_error("bench", status, "%s", e.msg);
        papsim_bench_clean(workdir, o.keep || o.dry_run);
    }
    free(extra);
    return status;
}
