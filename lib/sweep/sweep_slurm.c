/* Writing a sweep's Slurm job-array script (see sweep_slurm.h). The
 * script only calls papsim, so an array task is an ordinary sharded run:
 * it resumes when resubmitted, and papsim merge checks that every shard
 * is there. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/papsim_fs.h"
#include "util/papsim_output.h"
#include "sweep/sweep_slurm.h"
#include "util/units.h"

void sweep_slurm_defaults(sweep_slurm_options *so)
{
    memset(so, 0, sizeof *so);
    so->nshards = 4;
    so->cpus = 1;
}

static const char *const option_names[] = {"--shards", "--cpus-per-task", "--partition",
                                           "--time", "--mem", "--account", "--sbatch"};

int sweep_slurm_is_option(const char *arg)
{
    for (size_t i = 0; i < sizeof option_names / sizeof option_names[0]; i++)
        if (!strcmp(arg, option_names[i]))
            return 1;
    return 0;
}

/* Values end up in a bash script and #SBATCH lines: refuse what would
 * need quoting there rather than quote it. */
static int check_plain(const char *arg, const char *value, papsim_err *e)
{
    if (!value[0] || strpbrk(value, "'\"\\\n$`;& \t"))
        return papsim_fail(e, "%s '%s': empty or has a quote, space or shell character", arg,
                           value);
    return 0;
}

int sweep_slurm_option(const char *arg, const char *value, sweep_slurm_options *so,
                       papsim_err *e)
{
    long v;
    if (!strcmp(arg, "--shards") || !strcmp(arg, "--cpus-per-task")) {
        if (papsim_parse_long(value, 1, !strcmp(arg, "--shards") ? 100000 : 64, arg, &v, e) != 0)
            return -1;
        *(!strcmp(arg, "--shards") ? &so->nshards : &so->cpus) = (int)v;
        return 0;
    }
    if (check_plain(arg, value, e) != 0)
        return -1;
    if (!strcmp(arg, "--partition"))
        so->partition = value;
    else if (!strcmp(arg, "--time"))
        so->time = value;
    else if (!strcmp(arg, "--mem"))
        so->mem = value;
    else if (!strcmp(arg, "--account"))
        so->account = value;
    else if (so->nextra < 16 && value[0] == '-')
        so->extra[so->nextra++] = value;
    else
        return papsim_fail(e, "--sbatch '%s': an sbatch option such as --qos=long (at most 16)",
                           value);
    return 0;
}

/* The absolute form of path (which must exist), refused if it needs quoting. */
static int absolute(const char *path, char *out, const char *what, papsim_err *e)
{
    if (!realpath(path, out))
        return papsim_fail(e, "%s '%s': %s", what, path, strerror(errno));
    const char *bad = strpbrk(out, "'\n\\");
    if (bad)
        return papsim_fail(e, "%s '%s': a path with a %s cannot go into the job script", what,
                           out, *bad == '\'' ? "single quote" : *bad == '\n' ? "newline"
                                                                           : "backslash");
    return 0;
}

/* An #SBATCH value as sbatch reads it back (Slurm's src/sbatch/opt.c,
 * _get_argument): inside double quotes blanks and '#' stay in the word, and
 * a backslash keeps the next character (here a double quote) as it is. In
 * an --output file name sbatch replaces %a, %j... and reads "%%" as "%";
 * absolute() refused a backslash, which would turn that off. */
static void put_sbatch_path(FILE *f, const char *path)
{
    fputc('"', f);
    for (; *path; path++) {
        if (*path == '"')
            fputc('\\', f);
        else if (*path == '%')
            fputc('%', f);
        fputc(*path, f);
    }
    fputc('"', f);
}

/* A word for a POSIX shell: single-quoted, a quote inside as '\''. */
static void put_shell_word(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    fputc('\'', f);
}

static void write_header(FILE *f, const char *spec, const char *dir, int ncases,
                         const sweep_slurm_options *so)
{
    const char *name = strrchr(spec, '/') ? strrchr(spec, '/') + 1 : spec;
    fprintf(f, "#!/bin/bash\n"
               "# papsim sweep of %s (%d cases) as a Slurm job array: array task I runs\n"
               "# shard I of %d into %s/shard-I (resubmitting resumes it).\n"
               "# Submit: sbatch %s/sweep.sbatch\n"
               "# Then:   papsim merge %s/merged %s/shard-*\n",
            spec, ncases, so->nshards, dir, dir, dir, dir);
    fprintf(f, "#SBATCH --job-name=papsim-%.*s\n", (int)strcspn(name, "."), name);
    fprintf(f, "#SBATCH --array=1-%d\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=%d\n",
            so->nshards, so->cpus);
    char log[PATH_MAX + 32];
    snprintf(log, sizeof log, "%s/slurm/shard-", dir);
    fputs("#SBATCH --output=", f);
    put_sbatch_path(f, log); /* then the array index: %a stays a pattern */
    fputs("%a.log\n", f);
    if (so->partition)
        fprintf(f, "#SBATCH --partition=%s\n", so->partition);
    if (so->time)
        fprintf(f, "#SBATCH --time=%s\n", so->time);
    if (so->mem)
        fprintf(f, "#SBATCH --mem=%s\n", so->mem);
    if (so->account)
        fprintf(f, "#SBATCH --account=%s\n", so->account);
    for (int i = 0; i < so->nextra; i++)
        fprintf(f, "#SBATCH %s\n", so->extra[i]);
}

int sweep_slurm_write(const char *spec_path, const char *out_dir, int ncases,
                      const char *const *cfg, int ncfg, const sweep_slurm_options *so,
                      papsim_err *e)
{
    char spec[PATH_MAX], dir[PATH_MAX], self[PATH_MAX], path[PATH_MAX + 32];
    if (papsim_mkdir_p(out_dir, e) != 0)
        return papsim_fail_prefix(e, "--out: ");
    if (absolute(spec_path, spec, "spec", e) != 0 || absolute(out_dir, dir, "--out", e) != 0 ||
        absolute("/proc/self/exe", self, "papsim", e) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/slurm", dir);
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        return papsim_fail(e, "cannot create %s: %s", path, strerror(errno));
    for (int i = 0; i < ncfg; i++)
        if (strpbrk(cfg[i], "'\n"))
            return papsim_fail(e, "'%s': a quote cannot go into the job script", cfg[i]);
    snprintf(path, sizeof path, "%s/sweep.sbatch", dir);
    papsim_output out; /* DIR's own file (util/papsim_output.h) */
    if (papsim_output_open(&out, path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return -1;
    FILE *f = out.f;
    write_header(f, spec, dir, ncases, so);
    fprintf(f, "set -eu\n"
               "shard=${SLURM_ARRAY_TASK_ID:?submit this script with sbatch}\n"
               "exec '%s' run '%s' --out '%s/shard-'\"$shard\" --shard \"$shard/%d\" \\\n"
               "    --jobs \"${SLURM_CPUS_PER_TASK:-1}\" --quiet",
            self, spec, dir, so->nshards);
    if (so->case_timeout > 0)
        fprintf(f, " --case-timeout %.17g", so->case_timeout);
    for (int i = 0; i < ncfg; i++)
        fprintf(f, " '%s'", cfg[i]);
    fputc('\n', f);
    if (papsim_output_commit(&out, 0, e) != 0)
        return -1;
    chmod(path, 0755);
    /* What to type next, every path quoted for a shell. */
    char log[PATH_MAX + 32], wrap[4 * PATH_MAX];
    size_t k = (size_t)snprintf(log, sizeof log, "--output=");
    for (const char *d = dir; *d && k + 3 < sizeof log; d++) /* "%%": a % of the path */
        k += (size_t)snprintf(log + k, sizeof log - k, *d == '%' ? "%%%%" : "%c", *d);
    snprintf(log + k, sizeof log - k, "/slurm/merge.log");
    snprintf(wrap, sizeof wrap, "'%s' merge '%s/merged' '%s'/shard-*", self, dir, dir);
    printf("papsim run: wrote %s: %d cases in %d shards, one array task each (%d worker(s))\n"
           "  submit:     sbatch ",
           path, ncases, so->nshards, so->cpus);
    put_shell_word(stdout, path);
    fputs("\n  then merge: ", stdout);
    printf("%s\n  or queue the merge behind the array:\n    jid=$(sbatch --parsable ", wrap);
    put_shell_word(stdout, path);
    fputs(") && sbatch --dependency=afterok:$jid ", stdout);
    put_shell_word(stdout, log);
    fputs(" --wrap ", stdout);
    put_shell_word(stdout, wrap);
    fputc('\n', stdout);
    return 0;
}
