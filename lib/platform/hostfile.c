/* Sequential and cyclic rank placement (the rule is in hostfile.h), and
 * hostfile writing. */
#include "platform/hostfile.h"
#include "util/papsim_fs.h"
#include "util/papsim_output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int papsim_mapping_parse(const char *s, papsim_mapping *m, papsim_err *e)
{
    if (strcmp(s, "sequential") == 0)
        *m = PAPSIM_MAP_SEQUENTIAL;
    else if (strcmp(s, "cyclic") == 0)
        *m = PAPSIM_MAP_CYCLIC;
    else
        return papsim_fail(e, "mapping '%s': expected 'sequential' or 'cyclic'",
                           s);
    return 0;
}

const char *papsim_mapping_name(papsim_mapping m)
{
    return m == PAPSIM_MAP_CYCLIC ? "cyclic" : "sequential";
}

/* Checks the request and returns the number of nodes used. */
static int nodes_needed(const papsim_platform *p, int np, int rpn, int *nodes,
                        papsim_err *e)
{
    if (np < 1)
        return papsim_fail(e, "np=%d: need at least one rank (platform '%s')",
                           np, p->source);
    long max_rpn = (long)p->cores_per_host * PAPSIM_MAX_RANKS_PER_CORE;
    if (rpn > max_rpn)
        return papsim_fail(e, "np=%d with %d ranks per node: hosts of platform "
                           "'%s' have only %d cores (at most %ld ranks per "
                           "node, %d per core)", np, rpn, p->source,
                           p->cores_per_host, max_rpn,
                           PAPSIM_MAX_RANKS_PER_CORE);
    int n = np / rpn + (np % rpn != 0);
    if (n > p->nhosts) {
        papsim_fail(e, "np=%d with %d ranks per node needs %d nodes but "
                    "platform '%s' has %d hosts", np, rpn, n, p->source,
                    p->nhosts);
        /* Say how to oversubscribe when that would make np fit. */
        if (e && np <= p->nhosts * max_rpn && rpn <= p->cores_per_host) {
            size_t used = strlen(e->msg);
            snprintf(e->msg + used, sizeof e->msg - used,
                     " (to oversubscribe, set ranks per node to %d: at most "
                     "%d per core)", (np + p->nhosts - 1) / p->nhosts,
                     PAPSIM_MAX_RANKS_PER_CORE);
        }
        return -1;
    }
    *nodes = n;
    return 0;
}

int papsim_hostfile_assign(const papsim_platform *p, papsim_mapping m, int np,
                           int ranks_per_node, int *host_of_rank, papsim_err *e)
{
    int rpn = ranks_per_node > 0 ? ranks_per_node : p->cores_per_host;
    int nodes = 0;
    if (nodes_needed(p, np, rpn, &nodes, e) != 0)
        return -1;
    for (int r = 0; r < np; r++)
        host_of_rank[r] = m == PAPSIM_MAP_CYCLIC ? r % nodes : r / rpn;
    return 0;
}

static int write_lines(FILE *f, const papsim_platform *p, const int *host,
                       int np)
{
    for (int r = 0; r < np; r++)
        if (fprintf(f, "%s\n", p->hosts[host[r]]) < 0)
            return -1;
    return 0;
}

int papsim_hostfile_write(const papsim_platform *p, papsim_mapping m, int np,
                          int ranks_per_node, const char *path, papsim_err *e)
{
    int to_stdout = strcmp(path, "-") == 0;
    int *host = NULL;
    papsim_output out = {0};
    FILE *f = stdout;
    int rc = -1;

    if (np >= 1) {
        host = malloc((size_t)np * sizeof *host);
        if (!host)
            return papsim_fail(e, "np=%d: out of memory", np);
    }
    if (papsim_hostfile_assign(p, m, np, ranks_per_node, host, e) != 0)
        goto out;
    if (!to_stdout && papsim_mkdir_parents(path, e) != 0) {
        papsim_fail_prefix(e, "hostfile: ");
        goto out;
    }
    if (!to_stdout && papsim_output_open(&out, path, PAPSIM_OUTPUT_REPLACE, e) != 0) {
        papsim_fail_prefix(e, "hostfile: ");
        goto out;
    }
    if (!to_stdout)
        f = out.f;
    int bad = write_lines(f, p, host, np) != 0;
    if (to_stdout ? fflush(f) != 0 || bad : papsim_output_commit(&out, bad, e) != 0) {
        if (to_stdout)
            papsim_fail(e, "hostfile '%s': cannot write: %s", path, strerror(errno));
        else
            papsim_fail_prefix(e, "hostfile: ");
        goto out;
    }
    rc = 0;
out:
    free(host);
    return rc;
}
