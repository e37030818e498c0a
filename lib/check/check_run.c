#include "check/check_internal.h"

#include <string.h>

#include "papsim_catalog.h"

void papsim_check_options_init(papsim_check_options *o)
{
    memset(o, 0, sizeof *o);
    for (int np = 1; np <= 33; np++)
        o->np[o->nnp++] = np;
    o->platform = "default";
    o->jobs = 2;
    o->case_timeout = 120;
    o->command = "papsim check";
}

int papsim_check_add_algo(papsim_check_options *o, const char *collective, const char *name,
                          papsim_err *e)
{
    const papsim_catalog_entry *entry = papsim_catalog_find(collective, name);
    if (!entry)
        return papsim_fail(e, "no algorithm '%s' for %s (papsim list %s)", name, collective,
                           collective);
    for (int i = 0; i < o->nalgos; i++)
        if (!strcmp(o->algos[i].collective, entry->collective) &&
            !strcmp(o->algos[i].name, entry->name))
            return 0;
    if (o->nalgos == PAPSIM_CHECK_MAX_ALGOS)
        return papsim_fail(e, "more than %d algorithms", PAPSIM_CHECK_MAX_ALGOS);
    o->algos[o->nalgos++] = (papsim_check_algo){entry->collective, entry->name, entry->flags,
                                                entry->knobs};
    return 0;
}

int papsim_check_run(const papsim_check_options *o, FILE *out, papsim_err *e)
{
    check_list l = {0};
    int rc = 0;
    for (int mpi = 0; mpi <= o->mpi && rc == 0; mpi++)
        for (int a = 0; a < o->nalgos && rc == 0; a++)
            for (int i = 0; i < o->nnp && rc == 0; i++)
                if (check_grid_expand(o, a, o->np[i], mpi, &l) != 0)
                    rc = papsim_fail(e, "out of memory for the cases");
    if (rc == 0 && check_exec(o, &l, e) != 0)
        rc = -1;
    if (rc != 0) {
        check_list_free(&l);
        return 2;
    }
    const size_t nfail = check_print(o, &l, out);
    check_list_free(&l);
    return nfail ? 1 : 0;
}
