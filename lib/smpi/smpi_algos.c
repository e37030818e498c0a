/* Asking the installed SimGrid for its collective algorithms, whether it
 * takes a set of --cfg= words and whether papbench loads the user's
 * algorithms (smpi_algos.h). */
#include "smpi/smpi_algos.h"

#include "smpi/plugins.h"
#include "smpi/locate.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases/collective_rules.h"
#include "smpi/launch.h"
#include "smpi/run_capture.h"
#include "util/fnv1a.h"
#include "util/papsim_fs.h"
#include "util/remove_tree.h"
#include "smpi/versions.h"

/* No collective of any SimGrid has this algorithm, so smpirun lists them. */
#define PROBE_NAME "papsim_probe_no_such_algorithm"

/* The SimGrid version the simulations load (versions.h), for messages. */
static void ask_version(papsim_smpi_algos *cache)
{
    papsim_err ignored;
    if (papsim_simgrid_version(cache->version, sizeof cache->version, &ignored) != 0)
        snprintf(cache->version, sizeof cache->version, "?");
}

static int write_text(const char *path, const char *text, papsim_err *e)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return papsim_fail(e, "cannot write '%s': %s", path, strerror(errno));
    int bad = fputs(text, f) == EOF;
    bad |= fclose(f) != 0;
    return bad ? papsim_fail(e, "cannot write '%s'", path) : 0;
}

/* One smpirun of papbench on one rank of a one-host platform, in a private
 * temporary directory removed afterwards, with the words after papbench's
 * path; *out gets what it printed, *status its exit status. */
static int run_one_rank(const char *const *words, int nwords, const char *what, char **out,
                        int *status, papsim_err *e)
{
    char dir[4096], platform[4200], hostfile[4200];
    int rc = -1;
    *out = NULL;
    if (papsim_make_temp_dir("papsim-smpi", dir, sizeof dir, e) != 0)
        return -1;
    snprintf(platform, sizeof platform, "%s/platform.xml", dir);
    snprintf(hostfile, sizeof hostfile, "%s/hostfile", dir);
    if (write_text(platform,
                   "<?xml version='1.0'?>\n"
                   "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                   "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">"
                   "<host id=\"h\" speed=\"1Gf\"/></zone></platform>\n",
                   e) != 0 ||
        write_text(hostfile, "h\n", e) != 0)
        goto out;
    char smpirun[4096], papbench[4096];
    papsim_locate_smpirun(smpirun, sizeof smpirun);
    papsim_locate_papbench(papbench, sizeof papbench);
    if (access(papbench, R_OK) != 0) {
        papsim_fail(e, "papbench '%s' not found (build papsim first, or set PAPSIM_PAPBENCH)",
                    papbench);
        goto out;
    }
    enum { FIXED = 9 };
    char **argv = calloc((size_t)nwords + FIXED + 1, sizeof *argv);
    if (!argv) {
        papsim_fail(e, "out of memory");
        goto out;
    }
    char *fixed[FIXED] = {smpirun, "-no-privatize", "-platform", platform,
                          "-hostfile", hostfile, "-np", "1", papbench};
    memcpy(argv, fixed, sizeof fixed);
    for (int i = 0; i < nwords; i++)
        argv[FIXED + i] = (char *)words[i];
    rc = papsim_run_capture(argv, dir, NULL, what, out, status, e);
    free(argv);
out:
    papsim_remove_tree(dir);
    return rc;
}

/* *names gets the list of the collective's algorithms SimGrid prints when
 * asked for one it does not have. */
static int probe(const char *collective, char **names, papsim_err *e)
{
    char cfg[128], *out = NULL;
    int rc = -1, status;
    *names = NULL;
    snprintf(cfg, sizeof cfg, "--cfg=smpi/%s:%s", papsim_smpi_collective(collective), PROBE_NAME);
    const char *words[] = {cfg, "--log=root.thres:critical"};
    char what[160];
    snprintf(what, sizeof what, "one smpirun listing SimGrid's %s algorithms", collective);
    if (run_one_rank(words, 2, what, &out, &status, e) != 0)
        goto out;
    const char *list = strstr(out, "Valid algorithms: ");
    if (!list) {
        papsim_fail(e, "smpirun did not list its %s algorithms", collective);
        goto out;
    }
    list += strlen("Valid algorithms: ");
    size_t n = strcspn(list, "\n");
    /* SimGrid 4.1 goes on after the list: "..., automatic. Please use
     * --help-coll for details" (no name holds ". "). */
    const char *stop = strstr(list, ". ");
    if (stop && (size_t)(stop - list) < n)
        n = (size_t)(stop - list);
    while (n > 0 && (list[n - 1] == '.' || list[n - 1] == ' ' || list[n - 1] == '\r'))
        n--;
    *names = strndup(list, n);
    rc = *names ? 0 : papsim_fail(e, "out of memory");
out:
    free(out);
    return rc;
}

/* 1 if name is one of the ", "-separated names. */
static int listed(const char *names, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = names; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p += len;
        while (*p == ',' || *p == ' ')
            p++;
    }
    return 0;
}

int papsim_smpi_algo_check(papsim_smpi_algos *cache, const char *collective, const char *name,
                           papsim_err *e)
{
    papsim_smpi_algo_list *l = NULL;
    if (!papsim_smpi_selectable(collective)) { /* one implementation, no smpi/ option */
        if (!strcmp(name, "default"))
            return 0;
        return papsim_fail(e, "unknown SMPI %s algorithm '%s'; SMPI has no choice of %s "
                              "algorithm (builtin:default is its own)",
                           collective, name, collective);
    }
    for (int i = 0; i < cache->n && !l; i++)
        if (!strcmp(cache->lists[i].collective, collective))
            l = &cache->lists[i];
    if (!l) {
        if (cache->n == PAPSIM_SMPI_ALGOS_MAX)
            return papsim_fail(e, "too many collectives");
        char *names;
        if (probe(collective, &names, e) != 0)
            return papsim_fail_prefix(e, "cannot list SMPI's %s algorithms to check "
                                         "'builtin:%s': ",
                                      collective, name);
        l = &cache->lists[cache->n++];
        snprintf(l->collective, sizeof l->collective, "%s", collective);
        l->names = names;
        if (!cache->version[0])
            ask_version(cache);
    }
    if (listed(l->names, name))
        return 0;
    return papsim_fail(e, "unknown SMPI %s algorithm '%s'; SMPI %s has: %s", collective, name,
                       cache->version, l->names);
}

void papsim_smpi_algos_free(papsim_smpi_algos *cache)
{
    for (int i = 0; i < cache->n; i++)
        free(cache->lists[i].names);
    memset(cache, 0, sizeof *cache);
}

/* SimGrid's smpi/<collective> options (src/smpi/internals/smpi_config.cpp):
 * one algorithm per collective for a whole smpirun. */
static const char *const smpi_collectives[] = {
    "gather", "allgather", "allgatherv", "allreduce", "alltoall", "alltoallv",
    "bcast",  "reduce",    "reduce_scatter", "scatter", "barrier",
};

/* SimGrid's own message in what smpirun printed: the text of the first
 * line it logged as CRITICAL or ERROR ("Bad config key: bogus/item",
 * "Parse error at smpi/host-speed:1: cannot parse number:abc"), without the
 * "Uncaught exception std::TYPE: " it puts before an exception's. Cuts out
 * at that line's end; NULL when there is none. */
static const char *simgrid_message(char *out)
{
    for (char *line = out; line && *line;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *tag = strstr(line, "/CRITICAL] ");
        if (!tag)
            tag = strstr(line, "/ERROR] ");
        if (tag) {
            char *m = strstr(tag, "] ") + 2, *colon;
            if (!strncmp(m, "Uncaught exception ", 19) && (colon = strstr(m + 19, ": ")))
                m = colon + 2;
            return m;
        }
        line = next;
    }
    return NULL;
}

/* One smpirun with papsim's base options and the words, of papbench's
 * --library-version, which ends at once: 0 if SimGrid took them; 1 with
 * *why (SimGrid's message or the exit status) if not; -1 if smpirun could
 * not be run. */
static int try_cfg(const char *const *cfg, int ncfg, char *why, size_t len, papsim_err *e)
{
    int nbase = 0, status, rc = -1;
    while (papsim_smpi_base_options[nbase])
        nbase++;
    const char **words = calloc((size_t)(nbase + ncfg + 1), sizeof *words);
    char *out = NULL;
    if (!words)
        return papsim_fail(e, "out of memory");
    memcpy(words, papsim_smpi_base_options, (size_t)nbase * sizeof *words);
    memcpy(words + nbase, cfg, (size_t)ncfg * sizeof *words);
    words[nbase + ncfg] = "--library-version";
    if (run_one_rank(words, nbase + ncfg + 1, "one smpirun of papbench --library-version",
                     &out, &status, e) == 0) {
        const char *m = status ? simgrid_message(out) : NULL;
        if (status && m)
            snprintf(why, len, "%s", m);
        else if (status)
            snprintf(why, len, "smpirun exited with status %d", status);
        rc = status != 0;
    }
    free(out);
    free(words);
    return rc;
}

/* Runs SimGrid once with every --cfg= and --log= word (a set already
 * accepted by this cache is not run again); when it refuses them, the word
 * it refuses alone is named with SimGrid's message. */
static int check_with_simgrid(papsim_smpi_algos *cache, const char *const *cfg, int ncfg,
                              papsim_err *e)
{
    uint64_t h = PAPSIM_FNV1A64_INIT;
    char why[600];
    for (int i = 0; i < ncfg; i++)
        h = papsim_fnv1a64(h, cfg[i], strlen(cfg[i]) + 1);
    if (ncfg == 0 || (cache->cfg_accepted && cache->cfg_key == h))
        return 0;
    int rc = try_cfg(cfg, ncfg, why, sizeof why, e);
    if (rc < 0)
        return papsim_fail_prefix(e, "cannot run SimGrid to check the --cfg options: ");
    if (rc == 0) {
        cache->cfg_accepted = 1;
        cache->cfg_key = h;
        return 0;
    }
    if (!cache->version[0])
        ask_version(cache);
    for (int i = 0; i < ncfg && ncfg > 1; i++) {
        char alone[600];
        if (try_cfg(&cfg[i], 1, alone, sizeof alone, e) == 1)
            return papsim_fail(e, "'%s': SimGrid %s refuses it: %s", cfg[i], cache->version,
                               alone);
    }
    if (ncfg == 1)
        return papsim_fail(e, "'%s': SimGrid %s refuses it: %s", cfg[0], cache->version, why);
    return papsim_fail(e, "SimGrid %s refuses these options together: %s", cache->version, why);
}

int papsim_smpi_cfg_check(papsim_smpi_algos *cache, const char *const *cfg, int ncfg,
                          const char *const *builtin_collectives, int nbuiltin, papsim_err *e)
{
    for (int i = 0; i < ncfg; i++) {
        const char *w = cfg[i];
        if (strncmp(w, "--cfg=smpi/", 11) != 0)
            continue;
        const char *key = w + 11, *colon = strchr(key, ':');
        size_t klen = colon ? (size_t)(colon - key) : strlen(key);
        const char *collective = NULL;
        for (size_t k = 0; k < sizeof smpi_collectives / sizeof smpi_collectives[0]; k++)
            if (strlen(smpi_collectives[k]) == klen && !strncmp(key, smpi_collectives[k], klen))
                collective = smpi_collectives[k];
        int selector = klen == 13 && !strncmp(key, "coll-selector", 13);
        if (!collective && !selector)
            continue;
        if (!colon || !colon[1])
            return papsim_fail(e, "'%s': no algorithm name after ':'", w);
        /* SimGrid sets every collective not set otherwise to the selector's
         * name, so it must be an algorithm of each (smpi_coll.cpp). */
        for (size_t k = 0; k < sizeof smpi_collectives / sizeof smpi_collectives[0]; k++) {
            const char *c = collective ? collective : smpi_collectives[k];
            if (papsim_smpi_algo_check(cache, c, colon + 1, e) != 0)
                return papsim_fail_prefix(e, "'%s': %s", w,
                                          selector ? "not a selector of every collective: " : "");
            if (collective)
                break;
        }
        for (int b = 0; collective && b < nbuiltin; b++)
            if (!strcmp(builtin_collectives[b], collective))
                return papsim_fail(e, "'%s' would replace the SMPI algorithm of the builtin:%s "
                                      "cases (one %s algorithm per smpirun): leave it out and "
                                      "name the algorithm builtin:%s",
                                   w, "NAME", collective, colon + 1);
    }
    return check_with_simgrid(cache, cfg, ncfg, e);
}

int papsim_smpi_run_one(const char *const *words, int nwords, const char *what, char **out,
                        int *status, papsim_err *e)
{
    return run_one_rank(words, nwords, what, out, status, e);
}

int papsim_plugins_load_check(papsim_err *e)
{
    char *words[64] = {"--log=root.thres:critical"}, *out = NULL, *line;
    int status = 0;
    int n = 1 + papsim_plugin_words(words + 1, 60);
    if (n == 1)
        return 0;
    words[n++] = "-h"; /* SimGrid takes --help for itself */
    if (papsim_smpi_run_one((const char *const *)words, n,
                            "one smpirun of papbench loading the --plugin files", &out, &status, e) != 0)
        return -1;
    /* papbench loads every file before it reads -h; a refusal is its
     * one "papbench: --plugin FILE: ..." line. */
    line = strstr(out, "papbench: --plugin "); /* whatever smpirun's status */
    if (line) {
        line[strcspn(line, "\n")] = '\0';
        papsim_fail(e, "%s", line + strlen("papbench: --plugin "));
    }
    free(out);
    return line ? -1 : 0;
}
