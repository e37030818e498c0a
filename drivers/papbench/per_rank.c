/* papbench's --per-rank rows and the real names of the batch directory
 * papsim hands it by descriptor. */
#include "per_rank.h"

#include <stdio.h>
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

/* Appends the per-rank rows of one repetition to path (papbench --per-rank). */
void papbench_write_per_rank(const char *path, const papsim_case *c, int rep, int np,
                           const double *delays, const double *times)
{
    FILE *f = fopen(path, "a");
    char id[17];
    if (!f) {
        char name[8192];
        snprintf(name, sizeof name, "%s", path);
        papbench_name_real_paths(name, sizeof name);
        papsim_print_error(PAPSIM_EXIT_FAILED, "papbench",
                           "--per-rank '%s': cannot open for appending", name);
        return;
    }
    papsim_case_id(c, id);
    for (int r = 0; r < np; r++) {
        const double *t = times + (size_t)r * PAPBENCH_T_COUNT;
        fprintf(f, "%s,%d,%d,%.17g,%.17g,%.17g,%.9g,%.9g\n", id, rep, r, delays[r],
                t[PAPBENCH_T_ARRIVE], t[PAPBENCH_T_EXIT], t[PAPBENCH_T_OFFSET], t[PAPBENCH_T_RTT]);
    }
    fclose(f);
}
