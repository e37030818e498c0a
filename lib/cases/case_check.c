/* Checking a case (case.h): datatypes and ops, the registry's
 * restrictions and knobs, every value (papsim_case_validate). */
#include "cases/case.h"
#include "util/fnv1a.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cases/alltoallv_rules.h"
#include "cases/collective_rules.h"
#include "cases/distribution.h"
#include "papsim_catalog.h"
#include "cases/pattern.h"
#include "plugin.h"
#include "schedule/radix_vector.h"
#include "util/units.h"

static int op_known(const char *op)
{
    return papsim_op_commutative(op) || !strcmp(op, "affine");
}

/* The knobs the registry row of the case's algorithm lists (PAPSIM_K_*; 0
 * for builtin:NAME and unknown names). */
static unsigned knobs_of(const papsim_case *c)
{
    const papsim_catalog_entry *entry = papsim_catalog_find(c->collective, c->algorithm);
    return entry ? entry->knobs : 0;
}

int papsim_case_check_restrictions(const papsim_case *c, unsigned flags, papsim_err *e)
{
    if ((flags & PAPSIM_R_COMMUTATIVE) && !papsim_op_commutative(c->op))
        return papsim_fail(e, "%s/%s needs a commutative op (restriction: commutative op); "
                              "op %s is not commutative",
                           c->collective, c->algorithm, c->op);
    if ((flags & PAPSIM_R_NO_IN_PLACE) && c->in_place)
        return papsim_fail(e, "%s/%s does not support MPI_IN_PLACE (restriction: no MPI_IN_PLACE)",
                           c->collective, c->algorithm);
    if (c->radix[0] && c->np > 0 && (knobs_of(c) & PAPSIM_K_RADIX)) {
        int k[PAPSIM_RADIX_MAX], n;
        char why[256];
        n = papsim_radix_parse(c->radix, k, why, sizeof why);
        if (n < 0 || papsim_radix_check_np(k, n, c->np, why, sizeof why) != 0)
            return papsim_fail(e, "%s/%s: %s", c->collective, c->algorithm, why);
    }
    return 0;
}

double papsim_case_edge(const papsim_case *c)
{
    return c->edge > 0 ? c->edge : 0.5;
}

/* The knowledge name, --edge only with estimated, and estimated refused for
 * the algorithms whose registry knobs hold knowledge but not estimated
 * (reduce clairvoyant): they read the expected arrivals before the call
 * only, and would silently run balanced. */
static int check_knowledge(const papsim_case *c, papsim_err *e)
{
    if (!papsim_knowledge_known(c->knowledge))
        return papsim_fail(e, "--knowledge '%s' is unknown (valid: none, oracle, predicted, "
                              "estimated)",
                           c->knowledge);
    const int estimated = !strcmp(c->knowledge, "estimated");
    if (c->edge && !estimated)
        return papsim_fail(e, "--edge %g applies to --knowledge estimated only (knowledge is %s)",
                           c->edge, c->knowledge);
    if (!(c->edge >= 0 && c->edge <= 1))
        return papsim_fail(e, "--edge %g must be in (0, 1]", c->edge);
    const unsigned knobs = knobs_of(c);
    if (estimated && (knobs & PAPSIM_K_KNOWLEDGE) && !(knobs & PAPSIM_K_ESTIMATED)) {
        char users[256];
        papsim_catalog_knob_users(PAPSIM_K_ESTIMATED, users, sizeof users);
        return papsim_fail(e, "--knowledge estimated is not available for %s/%s (it serves %s); "
                              "use oracle or predicted",
                           c->collective, c->algorithm, users);
    }
    return 0;
}

int papsim_case_validate(const papsim_case *c, papsim_err *e)
{
    int size = papsim_datatype_size(c->datatype);
    papsim_pattern pattern;
    if (size == 0)
        return papsim_fail(e, "--datatype '%s' is unknown (valid: char, int, float, double, long)",
                           c->datatype);
    if (!op_known(c->op))
        return papsim_fail(e, "--op '%s' is unknown (valid: sum, max, min, prod, affine)", c->op);
    if (!strcmp(c->op, "affine") && strcmp(c->datatype, "int") && strcmp(c->datatype, "long"))
        return papsim_fail(e, "--op affine needs --datatype int or long (not %s): its elements "
                              "are affine maps packed into integers",
                           c->datatype);
    if (c->bytes % size != 0)
        return papsim_fail(e, "--bytes %lld is not a multiple of the %s size (%d bytes)", c->bytes,
                           c->datatype, size);
    if (c->bytes / size > 0x7fffffffLL)
        return papsim_fail(e, "--bytes %lld is more than 2^31-1 %s elements", c->bytes, c->datatype);
    if (papsim_case_check_distribution(c, e) != 0)
        return -1;
    if (papsim_case_check_collective(c, e) != 0)
        return -1;
    if (check_knowledge(c, e) != 0)
        return -1;
    if (c->segments < 0)
        return papsim_fail(e, "--segments %d must be 0 (the algorithm's default) or positive",
                           c->segments);
    if (!(c->model_alpha >= 0 && c->model_alpha <= 1))
        return papsim_fail(e, "--model-alpha %g must be between 0 and 1 s", c->model_alpha);
    if (!(c->model_beta >= 0 && c->model_beta <= 1))
        return papsim_fail(e, "--model-beta %g must be between 0 and 1 s", c->model_beta);
    if (c->knomial_radix == 1)
        return papsim_fail(e, "--knomial-radix 1 is not a tree radix (valid: 2 to 64, 0 = 4)");
    if (c->np > 0 && c->root >= c->np)
        return papsim_fail(e, "--root %d is outside the communicator (np=%d)", c->root, c->np);
    if (strcmp(c->mapping, "sequential") && strcmp(c->mapping, "cyclic"))
        return papsim_fail(e, "--mapping '%s' is unknown (valid: sequential, cyclic)", c->mapping);
    if (papsim_pattern_parse(c->pattern, &pattern, e) != 0)
        return papsim_fail_prefix(e, "--pattern: ");
    if (c->pattern_key[0] && pattern.shape != PAPSIM_PATTERN_FILE)
        return papsim_fail(e, "--pattern-key %s applies to file:PATH patterns only (pattern is "
                              "%s)",
                           c->pattern_key, c->pattern);
    if (c->plugin_key[0] && !papsim_is_user_algorithm(c->algorithm))
        return papsim_fail(e, "--plugin-key %s applies to user:NAME algorithms only (algorithm "
                              "is %s)",
                           c->plugin_key, c->algorithm);
    if (papsim_case_check_label("--pattern", c->pattern, e) != 0 ||
        papsim_case_check_label("--platform", c->platform, e) != 0)
        return -1;
    if (!(c->skew_s >= 0) || !isfinite(c->skew_s))
        return papsim_fail(e, "--skew-s %g must be a non-negative number of seconds", c->skew_s);
    if (c->skew_s > PAPSIM_SKEW_MAX_S) {
        char text[64];
        snprintf(text, sizeof text, "%g", c->skew_s);
        return papsim_check_skew_limit(text, c->skew_s, e) ? papsim_fail_prefix(e, "--skew-s: ")
                                                           : 0;
    }
    return 0;
}
