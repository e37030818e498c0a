/* papbench's --per-rank rows and the real names of the batch directory
 * papsim hands it by descriptor. */
#include "per_rank.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases/case.h"
#include "harness.h"
#include "util/papsim_error.h"

/* Rewrites every "/proc/self/fd/N" in text as the path of the directory
 * open as descriptor N. papsim hands smpirun a batch directory whose path
 * holds blanks or quotes open, under that name (lib/smpi/launch.c), so a
 * message about its cases file names the user's path, not the descriptor.
 * A name that cannot be read back stays as it is. */
void papbench_name_real_paths(char *text, size_t cap)
{
    static const char prefix[] = "/proc/self/fd/";
    char *at = text;
    while ((at = strstr(at, prefix)) != NULL) {
        char link[64], target[4096], rest[4096];
        size_t digits = strspn(at + sizeof prefix - 1, "0123456789");
        size_t len = sizeof prefix - 1 + digits;
        ssize_t n = -1;
        if (digits > 0 && digits < 12) {
            snprintf(link, sizeof link, "%.*s", (int)len, at);
            n = readlink(link, target, sizeof target - 1);
        }
        if (n <= 0) {
            at += sizeof prefix - 1;
            continue;
        }
        target[n] = '\0';
        snprintf(rest, sizeof rest, "%s", at + len);
        size_t used = (size_t)(at - text);
        snprintf(at, cap - used, "%s%s", target, rest);
        at += (size_t)n < cap - used ? (size_t)n : cap - used - 1;
    }
}

/* The inputs a --per-rank FILE may not be: the --cases file, every case's
 * platform and pattern file. */
static const char **per_rank_inputs(const char *cases_path, const papsim_case_list *list,
                                    int *n)
{
    const char **inputs = calloc(2 * (size_t)list->ncases + 1, sizeof *inputs);
    *n = 0;
    if (!inputs)
        return NULL;
    inputs[(*n)++] = cases_path;
    for (int i = 0; i < list->ncases; i++) {
        const papsim_case *c = &list->cases[i];
        inputs[(*n)++] = c->platform;
        if (!strncmp(c->pattern, "file:", 5))
            inputs[(*n)++] = c->pattern + 5;
    }
    return inputs;
}

int papbench_per_rank_open(papsim_output *out, const char *path, int force,
                           const char *cases_path, const papsim_case_list *list, int rank0,
                           papsim_err *e)
{
    const int mode = force ? PAPSIM_OUTPUT_REPLACE : PAPSIM_OUTPUT_NEW;
    int n, rc;
    const char **inputs = per_rank_inputs(cases_path, list, &n);
    memset(out, 0, sizeof *out);
    if (!inputs)
        return papsim_fail(e, "--per-rank: out of memory");
    rc = papsim_output_check(path, "--per-rank", inputs, n, mode, e);
    free(inputs);
    if (rc != 0 || !rank0)
        return rc;
    return papsim_output_open(out, path, mode, e);
}

/* Writes the per-rank rows of one repetition (papbench --per-rank). */
void papbench_write_per_rank(FILE *f, const papsim_case *c, int rep, int np,
                             const double *delays, const double *times)
{
    char id[17];
    papsim_case_id(c, id);
    for (int r = 0; r < np; r++) {
        const double *t = times + (size_t)r * PAPBENCH_T_COUNT;
        fprintf(f, "%s,%d,%d,%.17g,%.17g,%.17g,%.9g,%.9g\n", id, rep, r, delays[r],
                t[PAPBENCH_T_ARRIVE], t[PAPBENCH_T_EXIT], t[PAPBENCH_T_OFFSET], t[PAPBENCH_T_RTT]);
    }
}
