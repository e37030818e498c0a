#include "cases/alltoallv_rules.h"

#include <string.h>

#include "cases/distribution.h"
#include "cases/distribution_matrix.h"
#include "papsim_catalog.h"

static int check_matrix(const papsim_case *c, papsim_err *e)
{
    const char *name = c->distribution;
    if (!papsim_matrix_known(name)) {
        char names[160];
        papsim_matrix_names(names, sizeof names);
        return papsim_fail(e, "--distribution '%s' is not an alltoallv matrix (valid: %s)", name,
                           names);
    }
    if (papsim_matrix_seeded(name) && !c->matrix_seed)
        return papsim_fail(e, "--distribution %s needs --matrix-seed N (the seed of its matrix, "
                              "1 to 2^63-1)",
                           name);
    if (!papsim_matrix_seeded(name) && c->matrix_seed)
        return papsim_fail(e, "--matrix-seed %llu applies to --distribution random only "
                              "(distribution is %s)",
                           c->matrix_seed, name);
    if (c->in_place && !papsim_matrix_symmetric(name))
        return papsim_fail(e, "--in-place needs a symmetric matrix (MPI_Alltoallv in place "
                              "sends and receives recvcounts[j] with rank j): distribution %s is "
                              "not, only uniform is",
                           name);
    if (c->np > 0) {
        const int size = papsim_datatype_size(c->datatype);
        if (size > 0 && papsim_matrix_check(name, c->np, c->bytes / size, e) != 0)
            return papsim_fail_prefix(e, "--distribution: ");
    }
    return 0;
}

int papsim_case_check_distribution(const papsim_case *c, papsim_err *e)
{
    if (papsim_collective_has(c->collective, PAPSIM_C_MATRIX))
        return check_matrix(c, e);
    if (c->matrix_seed) {
        char names[256];
        papsim_collective_names_with(PAPSIM_C_MATRIX, names, sizeof names);
        return papsim_fail(e, "--matrix-seed %llu applies to %s only (collective is %s)",
                           c->matrix_seed, names, c->collective);
    }
    if (papsim_matrix_only(c->distribution))
        return papsim_fail(e, "--distribution %s is a per-pair matrix of alltoallv only "
                              "(collective is %s)",
                           c->distribution, c->collective);
    return papsim_distribution_known(c->distribution)
               ? 0
               : papsim_distribution_check_name(c->distribution, e);
}

int papsim_distribution_check_name(const char *name, papsim_err *e)
{
    if (papsim_distribution_known(name) || papsim_matrix_known(name))
        return 0;
    char names[128];
    papsim_distribution_names(names, sizeof names);
    return papsim_fail(e, "--distribution '%s' is unknown (valid: %s)", name, names);
}
