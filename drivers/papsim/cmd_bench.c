/* papsim bench: one case in simulation. Checks the inputs, writes the
 * platform and hostfile, runs smpirun + papbench and prints the CSV rows. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases/case.h"
#include "commands.h"
#include "sweep/bench_case.h"
#include "sweep/launch.h"
#include "sweep/locate.h"
#include "sweep/smpi_algos.h"
#include "sweep/sweep_memory.h"
#include "util/csv.h"
#include "util/papsim_error.h"
#include "util/papsim_fs.h"
#include "util/papsim_output.h"
#include "util/remove_tree.h"

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
          "                    [--dry-run] [--keep] [--ignore-memory]\n"
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
        else if (!strcmp(a, "--ignore-memory"))
            o->ignore_memory = 1;
        else if (!strcmp(a, "--force"))
            o->force = 1;
        else if (!strcmp(a, "--per-rank") && i + 1 < n)
            o->per_rank = extra[++i];
        else if ((!strncmp(a, "--cfg=", 6) || !strncmp(a, "--log=", 6)) && o->ncfg < 31)
            o->cfg[o->ncfg++] = a;
        else /* a case option is here only when its value is missing */
            return papsim_fail_option(e,
                                      !strcmp(a, "--per-rank") ||
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
    papsim_launch l;
    papsim_output per_rank = {0};
    bench_options o = {0};
    char **extra = calloc((size_t)argc + 1, sizeof(char *));
    char workdir[4096] = "";
    int nextra = 0, status = 2, made_dir = 0;

    papsim_case_defaults(&c);
    if (!extra || papsim_case_parse_args(argc - 1, argv + 1, &c, extra, &nextra, &e) != 0 ||
        parse_bench_extra(extra, nextra, &o, &e) != 0)
        goto fail;
    if (o.help) {
        bench_usage(stdout);
        status = 0;
        goto done;
    }
    if (papsim_bench_check_case(&c, &e) != 0)
        goto fail;
    if (!o.dry_run) { /* the memory forecast: refused before anything runs */
        sweep_memory_need need;
        sweep_memory_need_init(&need, 1);
        sweep_memory_need_add(&need, &c);
        if (sweep_memory_check(&need, o.ignore_memory, "papsim bench", &e) != 0)
            goto fail;
    }
    if (o.per_rank) { /* written beside FILE, put in place when the case is done */
        const char *const inputs[] = {c.platform, strncmp(c.pattern, "file:", 5) ? NULL
                                                                                : c.pattern + 5};
        const int mode = o.force ? PAPSIM_OUTPUT_REPLACE : PAPSIM_OUTPUT_NEW;
        if (papsim_output_check(o.per_rank, "--per-rank", inputs, 2, mode, &e) != 0)
            goto fail;
        if (!o.dry_run && (papsim_mkdir_parents(o.per_rank, &e) != 0 ||
                           papsim_output_open(&per_rank, o.per_rank, mode, &e) != 0)) {
            status = 1;
            goto fail;
        }
    }
    {   /* --cfg=smpi/<collective>:NAME checked like builtin:NAME */
        papsim_smpi_algos smpi = {0};
        const char *builtin[1] = {c.collective};
        int bad = papsim_smpi_cfg_check(&smpi, o.cfg, o.ncfg, builtin,
                                        !strncmp(c.algorithm, "builtin:", 8), &e);
        papsim_smpi_algos_free(&smpi);
        if (bad)
            goto fail;
    }
    if (papsim_make_temp_dir("papsim-bench", workdir, sizeof workdir, &e) != 0)
        goto fail;
    made_dir = 1;
    papsim_locate_named(c.platform, "platforms", ".xml", c.platform, sizeof c.platform);
    if (papsim_launch_prepare(&l, &c, c.platform, workdir, &e) != 0)
        goto fail;
    /* The case id hashes the platform's content (case.h), as papsim run's. */
    memcpy(c.platform_key, l.platform_key, sizeof c.platform_key);
    l.extra_cfg = o.cfg;
    if (papsim_launch_set_case(&l, &c, &e) != 0 ||
        (o.per_rank && papsim_launch_set_per_rank(&l, per_rank.f ? per_rank.tmp : o.per_rank,
                                                  &e) != 0))
        goto fail;
    if (o.dry_run) {
        papsim_launch_print(&l, stdout);
        o.keep = 1;
        status = 0;
        goto done;
    }
    /* SimGrid's messages go to a log first: the deadlock line decides the
     * outcome (bench_outcome); the log is copied to stderr afterwards. */
    int fd;
    char log_path[sizeof workdir + 16];
    papsim_row_counter counter = {{0}, 0, 0};
    snprintf(log_path, sizeof log_path, "%s/smpirun.log", workdir);
    pid_t pid = papsim_launch_start(&l, &fd, log_path, &e);
    if (pid < 0)
        goto fail;
    printf("%s\n", papsim_results_header());
    fflush(stdout);
    status = papsim_bench_relay(pid, fd, stdout, &counter);
    fflush(stdout);
    papsim_copy_file(log_path, stderr);
    status = papsim_bench_outcome(status, counter.rows, c.reps, log_path, &e);
    if (status != 0)
        goto fail;
    if (per_rank.f && papsim_output_commit(&per_rank, 0, &e) != 0) {
        status = 1;
        goto fail;
    }
    goto done;
fail:
    papsim_cmd_error("bench", status, "%s", e.msg);
done:
    papsim_output_abort(&per_rank);
    if (made_dir && !o.keep) {
        if (papsim_remove_tree(workdir) != 0)
            papsim_print_note("papsim bench", "could not remove %s: %s", workdir, strerror(errno));
    } else if (made_dir) {
        papsim_print_note("papsim bench", "working directory kept: %s", workdir);
    }
    free(extra);
    return status;
}
