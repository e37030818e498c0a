/* A spec block's values (sweep_block.h). Every value goes through the
 * same parser as papbench's command line, so spec keys and options accept
 * exactly the same words. */
#include "sweep/sweep_block.h"

#include <string.h>

#include "papsim_catalog.h"
#include "smpi/locate.h"
#include "util/papsim_fs.h"

void sweep_get_list(const sweep_block *b, const char *key, const char *fallback, sweep_values *l)
{
    const papsim_spec_entry *entry = papsim_spec_find(b->block, key);
    l->fallback.text = (char *)fallback;
    l->fallback.line = 0;
    l->n = entry ? entry->nvalues : 1;
    l->v = entry ? entry->values : &l->fallback;
}

/* Prefixes "spec.ini:12: key: " (or "spec.ini: [block]: key: " for a default). */
int sweep_fail_at(papsim_err *e, const sweep_block *b, int line, const char *key)
{
    if (line > 0)
        return papsim_fail_prefix(e, "%s:%d: %s: ", b->spec->path, line, key);
    return papsim_fail_prefix(e, "%s: [%s]: %s: ", b->spec->path, b->block->name, key);
}

/* A message about one option ("--op 'x' is unknown") is placed at the spec
 * key that set it: "spec.ini:7: op: --op 'x' is unknown". */
int sweep_fail_at_option(papsim_err *e, const sweep_block *b)
{
    static const char *const plural[][2] = {
        {"skew_s", "skews"}, {"skew", "skews"}, {"pattern", "patterns"},
        {"mapping", "mappings"}, {"distribution", "distributions"}, {"platform", "platforms"},
        {"algorithm", "algorithms"},
    };
    char key[32] = "";
    size_t n = 0;
    if (!strncmp(e->msg, "--", 2))
        for (const char *m = e->msg + 2;
             n + 1 < sizeof key && (*m == '-' || (*m >= 'a' && *m <= 'z')); m++)
            key[n++] = *m == '-' ? '_' : *m;
    key[n] = '\0';
    for (size_t i = 0; i < sizeof plural / sizeof plural[0]; i++)
        if (!strcmp(key, plural[i][0]))
            snprintf(key, sizeof key, "%s", plural[i][1]);
    const papsim_spec_entry *entry = key[0] ? papsim_spec_find(b->block, key) : NULL;
    if (!key[0])
        return papsim_fail_prefix(e, "%s: [%s]: ", b->spec->path, b->block->name);
    return sweep_fail_at(e, b, entry ? entry->line : 0, key);
}

int sweep_apply(papsim_case *c, const char *opt, const char *value, papsim_err *e)
{
    char name[64], *argv[2];
    snprintf(name, sizeof name, "--%s", opt);
    argv[0] = name;
    argv[1] = (char *)value;
    return papsim_case_parse_args(2, argv, c, NULL, NULL, e);
}

/* For keys that take one value per block. */
int sweep_apply_single(papsim_case *c, const sweep_block *b, const char *key, const char *opt,
                        const char *fallback, papsim_err *e)
{
    sweep_values l;
    sweep_get_list(b, key, fallback, &l);
    if (l.n != 1)
        return papsim_fail(e, "%s:%d: %s takes one value, not %d", b->spec->path, l.v[0].line,
                           key, l.n);
    if (sweep_apply(c, opt, l.v[0].text, e) != 0)
        return sweep_fail_at(e, b, l.v[0].line, key);
    return 0;
}

int sweep_apply_yes_no(const sweep_block *b, const char *key, int *out, papsim_err *e)
{
    sweep_values l;
    sweep_get_list(b, key, "no", &l);
    const char *t = l.v[0].text;
    if (l.n == 1 && (!strcmp(t, "yes") || !strcmp(t, "true") || !strcmp(t, "1")))
        *out = 1;
    else if (l.n == 1 && (!strcmp(t, "no") || !strcmp(t, "false") || !strcmp(t, "0")))
        *out = 0;
    else
        return papsim_fail(e, "%s:%d: %s: '%s' is not yes or no", b->spec->path, l.v[0].line,
                           key, t);
    return 0;
}

int sweep_check_algorithms(const sweep_block *b, const char *collective, const sweep_values *algos,
                            papsim_err *e)
{
    for (int i = 0; i < algos->n; i++) {
        const papsim_catalog_entry *entry;
        char why[1200];
        /* np 0: names only; np restrictions give unsupported rows instead. */
        if (papsim_algorithm_check(collective, algos->v[i].text, 0, &entry, why, sizeof why)) {
            papsim_fail(e, "%s", why);
            return sweep_fail_at(e, b, algos->v[i].line, "algorithms");
        }
        if (!strncmp(algos->v[i].text, "builtin:", 8) &&
            papsim_smpi_algo_check(b->smpi, collective, algos->v[i].text + 8, e) != 0)
            return sweep_fail_at(e, b, algos->v[i].line, "algorithms");
    }
    return 0;
}

/* Loads a platform of the spec; a relative path is relative to the spec
 * file's directory; a bare name of no file there is an installed platform
 * (share/papsim/platforms, locate.h). label gets the name the case id and the
 * platform column use: "default", an installed platform's bare name, or the
 * file's path in one spelling (papsim_path_label), so "x.xml", "./x.xml" and
 * the absolute path of x.xml give the same cases. The caller frees *platform. */
int sweep_load_platform(const sweep_block *b, const papsim_spec_value *v, char *path, size_t len,
                         char *label, size_t label_len, papsim_platform *platform, papsim_err *e)
{
    if (papsim_case_check_label("platform", v->text, e) != 0) /* it labels results.csv rows */
        return sweep_fail_at(e, b, v->line, "platforms");
    if (!strcmp(v->text, "default") || v->text[0] == '/')
        snprintf(path, len, "%s", v->text);
    else
        snprintf(path, len, "%s/%s", b->spec->dir, v->text);
    int installed = papsim_locate_named(v->text, "platforms", ".xml", path, len);
    if (papsim_platform_load(path, platform, e) != 0)
        return sweep_fail_at(e, b, v->line, "platforms");
    if (!strcmp(v->text, "default") || installed)
        snprintf(label, label_len, "%s", v->text);
    else if (papsim_path_label(b->spec->dir, v->text, label, label_len, e) != 0) {
        papsim_platform_free(platform);
        return sweep_fail_at(e, b, v->line, "platforms");
    }
    return 0;
}

