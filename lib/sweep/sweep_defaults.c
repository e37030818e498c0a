/* The keys before a spec's first section that every block sets itself
 * (sweep_block.h): no case uses them, so what each value could mean is
 * checked here, at its line, as a block would check it. */
#include "sweep/sweep_block.h"

#include <string.h>

#include "cases/collective_rules.h"
#include "papsim_catalog.h"

/* A default algorithm name no block uses: with a default collective, as a
 * block would check it (builtin:NAME against SMPI's names); without one,
 * it must name an algorithm of some collective. user:NAME names are
 * checked where a block loads their plugins. */
static int check_default_algorithms(const sweep_block *b, const papsim_spec_entry *en,
                                    papsim_err *e)
{
    const papsim_spec_entry *coll = papsim_spec_find(b->block, "collective");
    for (int v = 0; v < en->nvalues; v++) {
        const char *name = en->values[v].text;
        const papsim_catalog_entry *entry;
        char why[1200];
        if (!strncmp(name, "user:", 5))
            continue;
        if (coll && coll->nvalues == 1) {
            const sweep_values one = {1, &en->values[v], {NULL, 0}};
            if (sweep_check_algorithms(b, coll->values[0].text, &one, e) != 0)
                return -1;
            continue;
        }
        int known = 0;
        for (size_t k = 0; k < papsim_ncollectives && !known; k++)
            known = papsim_algorithm_check(papsim_collectives[k], name, 0, &entry, why,
                                           sizeof why) == 0;
        if (!known) {
            papsim_fail(e, "'%s' is not an algorithm of any collective (papsim list)", name);
            return sweep_fail_at(e, b, en->values[v].line, "algorithms");
        }
    }
    return 0;
}

/* The default's text values: names checked alone (case.h's
 * papsim_case_check_word), datatype and op one value each as in a block,
 * every platform loaded, every algorithm named. */
static int check_default_words(const sweep_block *b, const papsim_spec_entry *en, papsim_err *e)
{
    static const char *const words[][2] = {
        {"datatype", "datatype"}, {"op", "op"}, {"mappings", "mapping"},
        {"distributions", "distribution"}, {"patterns", "pattern"},
    };
    if ((!strcmp(en->key, "datatype") || !strcmp(en->key, "op")) && en->nvalues != 1)
        return papsim_fail(e, "%s:%d: %s takes one value, not %d", b->spec->path,
                           en->values[0].line, en->key, en->nvalues);
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        for (int v = 0; !strcmp(en->key, words[k][0]) && v < en->nvalues; v++)
            if (papsim_case_check_word(words[k][1], en->values[v].text, e) != 0)
                return sweep_fail_at(e, b, en->values[v].line, en->key);
    for (int v = 0; !strcmp(en->key, "platforms") && v < en->nvalues; v++) {
        char path[4096], label[sizeof ((papsim_case *)0)->platform];
        papsim_platform platform;
        if (sweep_load_platform(b, &en->values[v], path, sizeof path, label, sizeof label,
                                &platform, e) != 0)
            return -1;
        papsim_platform_free(&platform);
    }
    if (!strcmp(en->key, "algorithms"))
        return check_default_algorithms(b, en, e);
    return 0;
}

/* Keys before the first section that every block sets itself are used by no
 * case; their values are checked all the same, each by its option's parser,
 * at its line (what depends on a block's other keys, an algorithm's
 * restrictions or a pattern file's count of ranks, is checked where a block
 * uses it). */
int sweep_check_defaults(const papsim_spec *spec, papsim_smpi_algos *smpi, papsim_err *e)
{
    static const char *const options[][2] = {
        {"np", "np"},         {"bytes", "bytes"},     {"skews", "skew"},
        {"ranks_per_node", "ranks-per-node"},          {"seed", "seed"},
        {"reps", "reps"},     {"root", "root"},       {"gamma", "gamma"},
        {"segment_bytes", "segment-bytes"},            {"knowledge", "knowledge"},
        {"edge", "edge"},     {"segments", "segments"}, {"max_requests", "max-requests"},
        {"knomial_radix", "knomial-radix"},            {"radix", "radix"},
        {"model_alpha", "model-alpha"},                {"model_beta", "model-beta"},
        {"matrix_seed", "matrix-seed"},
    };
    const sweep_block b = {spec, &spec->defaults, smpi};
    for (int i = 0; i < spec->defaults.nentries; i++) {
        const papsim_spec_entry *en = &spec->defaults.entries[i];
        int flag;
        if (!strcmp(en->key, "schedule_timed") || !strcmp(en->key, "in_place") ||
            !strcmp(en->key, "check")) {
            if (sweep_apply_yes_no(&b, en->key, &flag, e) != 0)
                return -1;
        } else if (!strcmp(en->key, "collective")) {
            for (int v = 0; v < en->nvalues; v++)
                if (!papsim_collective_known(en->values[v].text)) {
                    char names[256];
                    papsim_collective_names(names, sizeof names);
                    papsim_fail(e, "'%s' is unknown (valid: %s)", en->values[v].text, names);
                    return sweep_fail_at(e, &b, en->values[v].line, en->key);
                }
        } else if (check_default_words(&b, en, e) != 0) {
            return -1;
        }
        for (size_t k = 0; k < sizeof options / sizeof options[0]; k++)
            for (int v = 0; !strcmp(en->key, options[k][0]) && v < en->nvalues; v++) {
                papsim_case c;
                papsim_case_defaults(&c);
                if (sweep_apply(&c, options[k][1], en->values[v].text, e) != 0)
                    return sweep_fail_at(e, &b, en->values[v].line, en->key);
            }
    }
    return 0;
}

