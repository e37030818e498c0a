/* Expanding a spec into cases (see sweep.h). Every value goes through the
 * same parser as papbench's command line, so spec keys and options accept
 * exactly the same words. */
#include <stdlib.h>
#include <string.h>

#include "platform/hostfile.h"
#include "cases/pattern.h"
#include "util/papsim_fs.h"
#include "papsim_catalog.h"
#include "smpi/locate.h"
#include "platform/platform.h"
#include "smpi/plugins.h"
#include "smpi/smpi_algos.h"
#include "sweep/sweep.h"

/* One key's values in a block, or its default as a one-value list. */
typedef struct {
    int n;
    const papsim_spec_value *v;
    papsim_spec_value fallback;
} value_list;

typedef struct {
    const papsim_spec *spec;
    const papsim_spec_block *block;
    papsim_smpi_algos *smpi; /* SMPI's names, asked once per sweep */
} block_view;

static void get_list(const block_view *b, const char *key, const char *fallback, value_list *l)
{
    const papsim_spec_entry *entry = papsim_spec_find(b->block, key);
    l->fallback.text = (char *)fallback;
    l->fallback.line = 0;
    l->n = entry ? entry->nvalues : 1;
    l->v = entry ? entry->values : &l->fallback;
}

/* Prefixes "spec.ini:12: key: " (or "spec.ini: [block]: key: " for a default). */
static int fail_at(papsim_err *e, const block_view *b, int line, const char *key)
{
    if (line > 0)
        return papsim_fail_prefix(e, "%s:%d: %s: ", b->spec->path, line, key);
    return papsim_fail_prefix(e, "%s: [%s]: %s: ", b->spec->path, b->block->name, key);
}

/* A message about one option ("--op 'x' is unknown") is placed at the spec
 * key that set it: "spec.ini:7: op: --op 'x' is unknown". */
static int fail_at_option(papsim_err *e, const block_view *b)
{
    static const char *const plural[][2] = {
        {"skew_s", "skews"}, {"skew", "skews"}, {"pattern", "patterns"},
        {"mapping", "mappings"}, {"distribution", "distributions"}, {"platform", "platforms"},
        {"algorithm", "algorithms"},
    };
    char key[32] = "";
    size_t n = 0;
    if (!strncmp(e->msg, "--", 2))
        for (const char *m = e->msg + 2; n + 1 < sizeof key && (*m == '-' || (*m >= 'a' && *m <= 'z'));
             m++)
            key[n++] = *m == '-' ? '_' : *m;
    key[n] = '\0';
    for (size_t i = 0; i < sizeof plural / sizeof plural[0]; i++)
        if (!strcmp(key, plural[i][0]))
            snprintf(key, sizeof key, "%s", plural[i][1]);
    const papsim_spec_entry *entry = key[0] ? papsim_spec_find(b->block, key) : NULL;
    if (!key[0])
        return papsim_fail_prefix(e, "%s: [%s]: ", b->spec->path, b->block->name);
    return fail_at(e, b, entry ? entry->line : 0, key);
}

static int require_key(const block_view *b, const char *key, papsim_err *e)
{
    if (papsim_spec_find(b->block, key))
        return 0;
    return papsim_fail(e, "%s: [%s] has no '%s' key (required: collective, algorithms, bytes, "
                          "np, patterns)",
                       b->spec->path, b->block->name, key);
}

static int apply(papsim_case *c, const char *opt, const char *value, papsim_err *e)
{
    char name[64], *argv[2];
    snprintf(name, sizeof name, "--%s", opt);
    argv[0] = name;
    argv[1] = (char *)value;
    return papsim_case_parse_args(2, argv, c, NULL, NULL, e);
}

/* For keys that take one value per block. */
static int apply_single(papsim_case *c, const block_view *b, const char *key, const char *opt,
                        const char *fallback, papsim_err *e)
{
    value_list l;
    get_list(b, key, fallback, &l);
    if (l.n != 1)
        return papsim_fail(e, "%s:%d: %s takes one value, not %d", b->spec->path, l.v[0].line,
                           key, l.n);
    if (apply(c, opt, l.v[0].text, e) != 0)
        return fail_at(e, b, l.v[0].line, key);
    return 0;
}

static int apply_yes_no(const block_view *b, const char *key, int *out, papsim_err *e)
{
    value_list l;
    get_list(b, key, "no", &l);
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

static int block_base_case(const block_view *b, papsim_case *c, papsim_err *e)
{
    papsim_case_defaults(c);
    if (require_key(b, "collective", e) || require_key(b, "algorithms", e) ||
        require_key(b, "bytes", e) || require_key(b, "np", e) || require_key(b, "patterns", e))
        return -1;
    if (apply_single(c, b, "collective", "collective", NULL, e) ||
        apply_single(c, b, "seed", "seed", "1", e) || apply_single(c, b, "reps", "reps", "1", e) ||
        apply_single(c, b, "datatype", "datatype", "double", e) ||
        apply_single(c, b, "op", "op", "sum", e) || apply_single(c, b, "root", "root", "0", e) ||
        apply_single(c, b, "gamma", "gamma", "0", e) ||
        apply_single(c, b, "segment_bytes", "segment-bytes", "0", e) ||
        apply_single(c, b, "knowledge", "knowledge", "none", e) ||
        (papsim_spec_find(b->block, "edge") && apply_single(c, b, "edge", "edge", NULL, e)) ||
        apply_single(c, b, "segments", "segments", "0", e) ||
        apply_single(c, b, "max_requests", "max-requests", "0", e) ||
        apply_single(c, b, "knomial_radix", "knomial-radix", "0", e) ||
        apply_single(c, b, "radix", "radix", "default", e) ||
        apply_single(c, b, "model_alpha", "model-alpha", "0", e) ||
        apply_single(c, b, "model_beta", "model-beta", "0", e) ||
        apply_yes_no(b, "schedule_timed", &c->schedule_timed, e) ||
        apply_yes_no(b, "in_place", &c->in_place, e) || apply_yes_no(b, "check", &c->check, e))
        return -1;
    if (!papsim_collective_known(c->collective)) {
        char names[256];
        papsim_collective_names(names, sizeof names);
        papsim_fail(e, "'%s' is unknown (valid: %s)", c->collective, names);
        return fail_at(e, b, papsim_spec_find(b->block, "collective")->line, "collective");
    }
    if (papsim_collective_has(c->collective, PAPSIM_C_NO_DATA))
        c->bytes = 0; /* not the default 8: the block's bytes are checked with their line */
    if (papsim_case_validate(c, e) != 0)
        return fail_at_option(e, b);
    return 0;
}

/* The block's user algorithms (key plugins): their SMPI builds, a relative
 * path relative to the spec's directory, registered as user:NAME before
 * the algorithms are checked. */
static int add_plugins(const block_view *b, papsim_err *e)
{
    const papsim_spec_entry *entry = papsim_spec_find(b->block, "plugins");
    for (int i = 0; entry && i < entry->nvalues; i++) {
        char path[4096];
        const papsim_spec_value *v = &entry->values[i];
        if (v->text[0] == '/')
            snprintf(path, sizeof path, "%s", v->text);
        else
            snprintf(path, sizeof path, "%s/%s", b->spec->dir, v->text);
        if (papsim_plugin_add(path, e) != 0)
            return fail_at(e, b, v->line, "plugins");
    }
    return 0;
}

static int check_algorithms(const block_view *b, const char *collective, const value_list *algos,
                            papsim_err *e)
{
    for (int i = 0; i < algos->n; i++) {
        const papsim_catalog_entry *entry;
        char why[1200];
        /* np 0: names only; np restrictions give unsupported rows instead. */
        if (papsim_algorithm_check(collective, algos->v[i].text, 0, &entry, why, sizeof why)) {
            papsim_fail(e, "%s", why);
            return fail_at(e, b, algos->v[i].line, "algorithms");
        }
        if (!strncmp(algos->v[i].text, "builtin:", 8) &&
            papsim_smpi_algo_check(b->smpi, collective, algos->v[i].text + 8, e) != 0)
            return fail_at(e, b, algos->v[i].line, "algorithms");
    }
    return 0;
}

/* Every skew of the block, whether or not a pattern of it uses skews (a
 * block of no_delay cases alone): a value is checked where it is written. */
static int check_skews(const block_view *b, const papsim_case *base, const value_list *skews,
                       papsim_err *e)
{
    for (int s = 0; s < skews->n; s++) {
        papsim_case c = *base;
        if (apply(&c, "skew", skews->v[s].text, e) != 0)
            return fail_at(e, b, skews->v[s].line, "skews");
    }
    return 0;
}

/* Loads a platform of the spec; a relative path is relative to the spec
 * file's directory; a bare name of no file there is an installed platform
 * (share/papsim/platforms, locate.h). label gets the name the case id and the
 * platform column use: "default", an installed platform's bare name, or the
 * file's path in one spelling (papsim_path_label), so "x.xml", "./x.xml" and
 * the absolute path of x.xml give the same cases. The caller frees *platform. */
static int load_platform(const block_view *b, const papsim_spec_value *v, char *path, size_t len,
                         char *label, size_t label_len, papsim_platform *platform, papsim_err *e)
{
    if (papsim_case_check_label("platform", v->text, e) != 0) /* it labels results.csv rows */
        return fail_at(e, b, v->line, "platforms");
    if (!strcmp(v->text, "default") || v->text[0] == '/')
        snprintf(path, len, "%s", v->text);
    else
        snprintf(path, len, "%s/%s", b->spec->dir, v->text);
    int installed = papsim_locate_named(v->text, "platforms", ".xml", path, len);
    if (papsim_platform_load(path, platform, e) != 0)
        return fail_at(e, b, v->line, "platforms");
    if (!strcmp(v->text, "default") || installed)
        snprintf(label, label_len, "%s", v->text);
    else if (papsim_path_label(b->spec->dir, v->text, label, label_len, e) != 0) {
        papsim_platform_free(platform);
        return fail_at(e, b, v->line, "platforms");
    }
    return 0;
}

/* Fails unless the platform can host np ranks with this placement; when
 * it has too few hosts, names the papsim platform command of one that has
 * enough. */
static int check_fits(const papsim_platform *platform, const papsim_case *c, papsim_err *e)
{
    papsim_mapping mapping;
    int rc = -1, *hosts = malloc((size_t)c->np * sizeof(int));
    if (!hosts)
        return papsim_fail(e, "out of memory");
    if (papsim_mapping_parse(c->mapping, &mapping, e) == 0)
        rc = papsim_hostfile_assign(platform, mapping, c->np, c->ranks_per_node, hosts, e);
    free(hosts);
    const int rpn = c->ranks_per_node > 0 ? c->ranks_per_node : platform->cores_per_host;
    const long nodes = rpn > 0 ? ((long)c->np + rpn - 1) / rpn : 0;
    if (rc != 0 && e && nodes > platform->nhosts) {
        size_t used = strlen(e->msg);
        snprintf(e->msg + used, sizeof e->msg - used,
                 "; `papsim platform flat --nodes %ld --cores %d -o platform.xml` writes a "
                 "flat platform that fits",
                 nodes, platform->cores_per_host);
    }
    return rc;
}

/* A ranks_per_node value the platform's hosts cannot take whatever np is. */
static int check_ranks_per_node(const papsim_platform *platform, int rpn, papsim_err *e)
{
    const long max = (long)platform->cores_per_host * PAPSIM_MAX_RANKS_PER_CORE;
    if (rpn <= max)
        return 0;
    return papsim_fail(e, "%d ranks per node: hosts of platform '%s' have %d cores (at most "
                          "%ld ranks per node, %d per core)",
                       rpn, platform->source, platform->cores_per_host, max,
                       PAPSIM_MAX_RANKS_PER_CORE);
}

static int push_case(sweep_cases *out, const sweep_case *sc, papsim_err *e)
{
    if (out->n == out->cap) {
        int cap = out->cap ? out->cap * 2 : 256;
        sweep_case *v = realloc(out->v, (size_t)cap * sizeof *v);
        if (!v)
            return papsim_fail(e, "out of memory expanding the sweep");
        out->v = v;
        out->cap = cap;
    }
    out->v[out->n++] = *sc;
    return 0;
}

static int mark_unsupported(const papsim_case *c)
{
    const papsim_catalog_entry *entry = papsim_catalog_find(c->collective, c->algorithm);
    char why[256];
    papsim_err e;
    return entry && (papsim_catalog_check_np(entry, c->np, why, sizeof why) != 0 ||
                     papsim_case_check_restrictions(c, entry->flags, &e) != 0);
}

/* The innermost loops: patterns x skews x algorithms for one placement. */
static int expand_patterns(const block_view *b, sweep_case *sc, const value_list *patterns,
                           const value_list *skews, const value_list *algos, sweep_cases *out,
                           papsim_err *e)
{
    for (int p = 0; p < patterns->n; p++) {
        sc->c.pattern_key[0] = '\0'; /* the last pattern's */
        /* A file pattern's case id hashes its delays' key (case.h). */
        if (apply(&sc->c, "pattern", patterns->v[p].text, e) ||
            papsim_case_validate(&sc->c, e) ||
            papsim_pattern_file_key(sc->c.pattern, sc->c.np, sc->c.pattern_key, e))
            return fail_at(e, b, patterns->v[p].line, "patterns");
        const int no_delay = !strcmp(sc->c.pattern, "no_delay");
        for (int s = 0; s < (no_delay ? 1 : skews->n); s++) {
            const char *skew = no_delay ? "0" : skews->v[s].text;
            if (apply(&sc->c, "skew", skew, e) || papsim_parse_skew(skew, &sc->skew, e))
                return fail_at(e, b, skews->v[s].line, "skews");
            for (int a = 0; a < algos->n; a++) {
                apply(&sc->c, "algorithm", algos->v[a].text, e);
                if (papsim_case_validate(&sc->c, e) != 0) /* knowledge that needs another */
                    return fail_at_option(e, b);
                sc->unsupported = mark_unsupported(&sc->c);
                if (push_case(out, sc, e) != 0)
                    return -1;
            }
        }
    }
    return 0;
}

/* The value lists of one block. */
typedef struct {
    value_list platforms, nps, mappings, rpns, sizes, dists, patterns, skews, algos;
} block_lists;

/* The block's matrix_seed (alltoallv): set on its random-matrix cases only,
 * so the block's other distributions keep their ids; refused, at its line,
 * for any other collective. */
static int apply_matrix_seed(const block_view *b, papsim_case *c, papsim_err *e)
{
    const papsim_spec_entry *entry = papsim_spec_find(b->block, "matrix_seed");
    c->matrix_seed = 0;
    if (!entry)
        return 0;
    if (!papsim_collective_has(c->collective, PAPSIM_C_MATRIX)) {
        char names[256];
        papsim_collective_names_with(PAPSIM_C_MATRIX, names, sizeof names);
        papsim_fail(e, "--matrix-seed applies to %s only (collective is %s)", names,
                    c->collective);
        return fail_at(e, b, entry->line, "matrix_seed");
    }
    papsim_case checked = *c; /* the value is checked whatever the distribution */
    if (apply_single(&checked, b, "matrix_seed", "matrix-seed", NULL, e) != 0)
        return -1;
    if (!strcmp(c->distribution, "random"))
        c->matrix_seed = checked.matrix_seed;
    return 0;
}

/* The bytes x distribution loops of one np x mapping x ranks-per-node cell. */
static int expand_sizes(const block_view *b, const block_lists *l, sweep_case *sc,
                        sweep_cases *out, papsim_err *e)
{
    for (int z = 0; z < l->sizes.n; z++)
        for (int d = 0; d < l->dists.n; d++) {
            if (apply(&sc->c, "bytes", l->sizes.v[z].text, e) || papsim_case_validate(&sc->c, e))
                return fail_at(e, b, l->sizes.v[z].line, "bytes");
            if (apply(&sc->c, "distribution", l->dists.v[d].text, e))
                return fail_at(e, b, l->dists.v[d].line, "distributions");
            if (apply_matrix_seed(b, &sc->c, e) != 0)
                return -1;
            if (papsim_case_validate(&sc->c, e))
                return fail_at(e, b, l->dists.v[d].line, "distributions");
            if (expand_patterns(b, sc, &l->patterns, &l->skews, &l->algos, out, e))
                return -1;
        }
    return 0;
}

/* The np x mapping x ranks-per-node loops on one loaded platform. */
static int expand_on_platform(const block_view *b, const block_lists *l, sweep_case *sc,
                              const papsim_platform *platform, sweep_cases *out, papsim_err *e)
{
    for (int n = 0; n < l->nps.n; n++) {
        if (apply(&sc->c, "np", l->nps.v[n].text, e) != 0)
            return fail_at(e, b, l->nps.v[n].line, "np");
        if (sc->c.root >= sc->c.np) {
            papsim_fail(e, "np=%d leaves out root %d (ranks are 0 to %d)", sc->c.np, sc->c.root,
                        sc->c.np - 1);
            return fail_at(e, b, l->nps.v[n].line, "np");
        }
        for (int m = 0; m < l->mappings.n; m++)
            for (int r = 0; r < l->rpns.n; r++) {
                if (apply(&sc->c, "mapping", l->mappings.v[m].text, e) ||
                    papsim_case_validate(&sc->c, e))
                    return fail_at(e, b, l->mappings.v[m].line, "mappings");
                if (apply(&sc->c, "ranks-per-node", l->rpns.v[r].text, e) ||
                    check_ranks_per_node(platform, sc->c.ranks_per_node, e))
                    return fail_at(e, b, l->rpns.v[r].line, "ranks_per_node");
                if (check_fits(platform, &sc->c, e) != 0)
                    return fail_at(e, b, l->nps.v[n].line, "np");
                if (expand_sizes(b, l, sc, out, e) != 0)
                    return -1;
            }
    }
    return 0;
}

static int expand_block(const block_view *b, int index, sweep_cases *out, papsim_err *e)
{
    sweep_case sc;
    block_lists l;
    memset(&sc, 0, sizeof sc);
    sc.block = index;
    if (block_base_case(b, &sc.c, e) != 0)
        return -1;
    get_list(b, "platforms", "default", &l.platforms);
    get_list(b, "np", NULL, &l.nps);
    get_list(b, "mappings", "sequential", &l.mappings);
    get_list(b, "ranks_per_node", "0", &l.rpns);
    get_list(b, "bytes", NULL, &l.sizes);
    get_list(b, "distributions", "uniform", &l.dists);
    get_list(b, "patterns", NULL, &l.patterns);
    get_list(b, "skews", "0", &l.skews);
    get_list(b, "algorithms", NULL, &l.algos);
    if (add_plugins(b, e) != 0 || check_algorithms(b, sc.c.collective, &l.algos, e) != 0 ||
        check_skews(b, &sc.c, &l.skews, e) != 0)
        return -1;
    for (int pf = 0; pf < l.platforms.n; pf++) {
        papsim_platform platform;
        if (load_platform(b, &l.platforms.v[pf], sc.platform_path, sizeof sc.platform_path,
                          sc.c.platform, sizeof sc.c.platform, &platform, e) != 0)
            return -1;
        /* The case id hashes the content, not the label (case.h). */
        memcpy(sc.c.platform_key, platform.key, sizeof sc.c.platform_key);
        int rc = expand_on_platform(b, &l, &sc, &platform, out, e);
        papsim_platform_free(&platform);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* Relative skews need the no-delay runtime of the same cell: add the
 * no-delay companion of every relative case (duplicates go later). */
static int add_no_delay_companions(sweep_cases *cases, papsim_err *e)
{
    const int n = cases->n;
    for (int i = 0; i < n; i++) {
        if (cases->v[i].skew.kind == PAPSIM_SKEW_ABSOLUTE)
            continue;
        sweep_case sc = cases->v[i];
        snprintf(sc.c.pattern, sizeof sc.c.pattern, "no_delay");
        sc.c.pattern_key[0] = '\0'; /* a file pattern's key is not no_delay's */
        snprintf(sc.c.skew, sizeof sc.c.skew, "0");
        sc.c.skew_s = 0;
        sc.skew.kind = PAPSIM_SKEW_ABSOLUTE;
        sc.skew.value = 0;
        if (push_case(cases, &sc, e) != 0)
            return -1;
    }
    return 0;
}

/* Notes that kept case `of` also stands in block `block` (once). */
static int add_alias(sweep_cases *cases, int block, int of, papsim_err *e)
{
    for (int k = 0; k < cases->nalias; k++)
        if (cases->alias[k].block == block && cases->alias[k].of == of)
            return 0;
    sweep_alias *a = realloc(cases->alias, ((size_t)cases->nalias + 1) * sizeof *a);
    if (!a)
        return papsim_fail(e, "out of memory");
    cases->alias = a;
    cases->alias[cases->nalias++] = (sweep_alias){block, of};
    return 0;
}

/* Keeps the first of every set of identical cases, in order. Relative cases
 * are keyed by their unresolved skew text (their id comes later). A dropped
 * no-delay case of another block leaves an alias: that block's relative
 * skews still resolve against it. */
static int drop_duplicates(sweep_cases *cases, papsim_err *e)
{
    int kept = 0;
    for (int i = 0; i < cases->n; i++) {
        char id[17];
        papsim_case_id(&cases->v[i].c, id);
        int dup = -1;
        for (int j = 0; j < kept && dup < 0; j++)
            if (!strcmp(cases->v[j].id, id))
                dup = j;
        if (dup < 0) {
            cases->v[kept] = cases->v[i];
            memcpy(cases->v[kept].id, id, sizeof id);
            kept++;
        } else if (cases->v[i].block != cases->v[dup].block &&
                   !strcmp(cases->v[i].c.pattern, "no_delay") &&
                   add_alias(cases, cases->v[i].block, dup, e) != 0) {
            return -1;
        }
    }
    cases->n = kept;
    return 0;
}

/* Keys before the first section that every block sets itself are used by no
 * case; their values are checked all the same, each by its option's parser,
 * at its line (what depends on a block's other keys, an algorithm's
 * collective or a pattern file, is checked where a block uses it). */
static int check_defaults(const papsim_spec *spec, papsim_err *e)
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
    const block_view b = {spec, &spec->defaults, NULL};
    for (int i = 0; i < spec->defaults.nentries; i++) {
        const papsim_spec_entry *en = &spec->defaults.entries[i];
        int flag;
        if (!strcmp(en->key, "schedule_timed") || !strcmp(en->key, "in_place") ||
            !strcmp(en->key, "check")) {
            if (apply_yes_no(&b, en->key, &flag, e) != 0)
                return -1;
        } else if (!strcmp(en->key, "collective")) {
            for (int v = 0; v < en->nvalues; v++)
                if (!papsim_collective_known(en->values[v].text)) {
                    char names[256];
                    papsim_collective_names(names, sizeof names);
                    papsim_fail(e, "'%s' is unknown (valid: %s)", en->values[v].text, names);
                    return fail_at(e, &b, en->values[v].line, en->key);
                }
        }
        for (size_t k = 0; k < sizeof options / sizeof options[0]; k++)
            for (int v = 0; !strcmp(en->key, options[k][0]) && v < en->nvalues; v++) {
                papsim_case c;
                papsim_case_defaults(&c);
                if (apply(&c, options[k][1], en->values[v].text, e) != 0)
                    return fail_at(e, &b, en->values[v].line, en->key);
            }
    }
    return 0;
}

int sweep_expand(const papsim_spec *spec, sweep_cases *out, papsim_err *e)
{
    papsim_smpi_algos smpi = {0};
    int rc = check_defaults(spec, e);
    memset(out, 0, sizeof *out);
    for (int i = 0; i < spec->nblocks && rc == 0; i++) {
        block_view b = {spec, &spec->blocks[i], &smpi};
        rc = expand_block(&b, i, out, e);
    }
    papsim_smpi_algos_free(&smpi);
    /* Every user algorithm loaded once, as each batch will load it. */
    if (rc != 0 || add_no_delay_companions(out, e) != 0 || papsim_plugins_load_check(e) != 0 ||
        sweep_key_plugins(out, e) != 0)
        return -1;
    return drop_duplicates(out, e);
}

/* The --cfg= words against SMPI's algorithm names and the spec's builtin:
 * cases (smpi_algos.h), before anything runs. */
int sweep_check_cfg(const sweep_cases *cases, const char *const *cfg, int ncfg, papsim_err *e)
{
    const char *builtin[16];
    int nbuiltin = 0;
    for (int i = 0; i < cases->n && nbuiltin < 16; i++) {
        int seen = strncmp(cases->v[i].c.algorithm, "builtin:", 8) != 0;
        for (int b = 0; b < nbuiltin && !seen; b++)
            seen = !strcmp(builtin[b], cases->v[i].c.collective);
        if (!seen)
            builtin[nbuiltin++] = cases->v[i].c.collective;
    }
    papsim_smpi_algos smpi = {0};
    int rc = papsim_smpi_cfg_check(&smpi, cfg, ncfg, builtin, nbuiltin, e);
    papsim_smpi_algos_free(&smpi);
    return rc;
}

void sweep_cases_free(sweep_cases *cases)
{
    free(cases->v);
    free(cases->alias);
    memset(cases, 0, sizeof *cases);
}
