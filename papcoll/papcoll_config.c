/* libpapcoll: the PAPCOLL_* variables into selection rules (grammar in
 * papcoll_config.h). Every problem names the variable, the rule and what is
 * wrong: a configuration libpapcoll cannot follow stops the run at MPI_Init
 * rather than run something else than was asked. */
#include "papcoll_config.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "plugin.h"
#include "util/units.h"

const char *papcoll_collective_name(int coll)
{
    return coll >= 0 && coll < PAPCOLL_NCOLLECTIVES ? papsim_collective_table[coll].name : "?";
}

/* Whether every rank of a call computes the same rule size: not where the
 * block sizes of a v-form are the root's alone (rooted: gatherv, scatterv)
 * or each rank's own (a matrix: alltoallv). A size condition could then
 * send the ranks of one call to different algorithms, which would never
 * match each other's messages: their rules test np only. */
static int agreed_size(int coll)
{
    const unsigned traits = papsim_collective_table[coll].traits;
    return !((traits & PAPSIM_C_VFORM) && (traits & (PAPSIM_C_ROOTED | PAPSIM_C_MATRIX)));
}

enum { NAME_MAX_COMPARED = 64 };

typedef struct {
    char *err;
    size_t len;
    char var[NAME_MAX_COMPARED + 4]; /* the variable being read */
    const char *rule;                /* the rule as written, or NULL */
} where;

__attribute__((format(printf, 2, 3)))
static int fail(const where *w, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (w->rule)
        snprintf(w->err, w->len, "%s: rule '%s': %s", w->var, w->rule, what);
    else
        snprintf(w->err, w->len, "%s: %s", w->var, what);
    return -1;
}

/* "<=64KiB" or "np>=16" into c. */
static int read_cond(const where *w, const char *text, papcoll_cond *c)
{
    papsim_err e;
    const char *p = text;
    c->on_np = strncmp(p, "np", 2) == 0;
    if (c->on_np)
        p += 2;
    if (p[0] == '<' && p[1] == '=') c->op = PAPCOLL_LE, p += 2;
    else if (p[0] == '>' && p[1] == '=') c->op = PAPCOLL_GE, p += 2;
    else if (p[0] == '<') c->op = PAPCOLL_LT, p++;
    else if (p[0] == '>') c->op = PAPCOLL_GT, p++;
    else if (p[0] == '=') c->op = PAPCOLL_EQ, p++;
    else
        return fail(w, "condition '%s': expected <, <=, >, >= or = before the value "
                    "(np>=16, <=64KiB)", text);
    if (c->on_np) {
        long v;
        if (papsim_parse_long(p, 1, 1L << 30, "np", &v, &e) != 0)
            return fail(w, "condition '%s': %s", text, e.msg);
        c->value = v;
    } else if (papsim_parse_bytes(p, &c->value, &e) != 0) {
        return fail(w, "condition '%s': %s", text, e.msg);
    }
    return 0;
}

/* "4x4x8" into the rule's radix vector. */
static int read_radix(const where *w, const char *value, papcoll_rule *r)
{
    papsim_err e;
    char item[32];
    const char *p = value;
    r->radix_len = 0;
    while (*p) {
        size_t n = strcspn(p, "x");
        long k;
        if (n == 0 || n >= sizeof item || r->radix_len == PAPCOLL_MAX_RADIX)
            return fail(w, "radix '%s': expected group sizes such as 4x4x8", value);
        memcpy(item, p, n);
        item[n] = '\0';
        if (papsim_parse_long(item, 2, 1L << 20, "radix group size", &k, &e) != 0)
            return fail(w, "radix '%s': %s", value, e.msg);
        r->radix[r->radix_len++] = (int)k;
        p += n;
        if (*p == 'x' && *++p == '\0')
            return fail(w, "radix '%s': ends with 'x'", value);
    }
    return 0;
}

/* One knob "name=value" of rule r, if its algorithm reads it. */
static int read_knob(const where *w, char *knob, papcoll_rule *r)
{
    static const struct { const char *name; unsigned bit; } knobs[] = {
        {"segment_bytes", PAPSIM_K_SEGMENT_BYTES}, {"segments", PAPSIM_K_SEGMENTS},
        {"radix", PAPSIM_K_RADIX},                 {"knomial_radix", PAPSIM_K_KNOMIAL_RADIX},
        {"max_requests", PAPSIM_K_MAX_REQUESTS},   {"knowledge", PAPSIM_K_KNOWLEDGE},
        {"model_alpha", PAPSIM_K_MODEL},           {"model_beta", PAPSIM_K_MODEL},
    };
    papsim_err e;
    char *value = strchr(knob, '=');
    if (!value)
        return fail(w, "knob '%s': expected NAME=VALUE", knob);
    *value++ = '\0';
    size_t k = 0;
    while (k < sizeof knobs / sizeof knobs[0] && strcmp(knobs[k].name, knob) != 0)
        k++;
    if (!r->algorithm) {
        return fail(w, "'mpi' (the MPI library's own) takes no knobs");
    } else if (k == sizeof knobs / sizeof knobs[0] || !(r->algorithm->knobs & knobs[k].bit)) {
        char takes[160];
        papsim_catalog_knobs_text(r->algorithm->knobs & ~PAPSIM_K_ESTIMATED, takes, sizeof takes);
        return fail(w, "%s %s takes no knob '%s' (it takes: %s)", r->algorithm->collective,
                    r->algorithm->name, knob, takes[0] ? takes : "none");
    }
    long v;
    switch (knobs[k].bit) {
    case PAPSIM_K_SEGMENT_BYTES:
        if (papsim_parse_bytes(value, &r->segment_bytes, &e) != 0)
            return fail(w, "segment_bytes: %s", e.msg);
        return 0;
    case PAPSIM_K_SEGMENTS:
        if (papsim_parse_long(value, 1, 1L << 24, "segments", &v, &e) != 0)
            return fail(w, "%s", e.msg);
        r->segments = (int)v;
        return 0;
    case PAPSIM_K_RADIX:
        return read_radix(w, value, r);
    case PAPSIM_K_KNOMIAL_RADIX:
        if (papsim_parse_long(value, 2, 64, "knomial_radix", &v, &e) != 0)
            return fail(w, "%s", e.msg);
        r->knomial_radix = (int)v;
        return 0;
    case PAPSIM_K_MAX_REQUESTS:
        if (papsim_parse_long(value, 0, 1L << 20, "max_requests", &v, &e) != 0)
            return fail(w, "%s", e.msg);
        r->max_requests = (int)v;
        return 0;
    case PAPSIM_K_KNOWLEDGE:
        if (strcmp(value, "predicted") != 0 && strcmp(value, "none") != 0)
            return fail(w, "knowledge '%s': expected predicted or none", value);
        r->knowledge = strcmp(value, "predicted") == 0;
        return 0;
    default: /* PAPSIM_K_MODEL */
        if (papsim_parse_duration(value, knob[6] == 'a' ? &r->model_alpha : &r->model_beta,
                                  &e) != 0)
            return fail(w, "%s: %s", knob, e.msg);
        return 0;
    }
}

static void trim(char **s)
{
    while (isspace((unsigned char)**s))
        (*s)++;
    char *end = *s + strlen(*s);
    while (end > *s && isspace((unsigned char)end[-1]))
        *--end = '\0';
}

/* For an algorithm name unknown in the rule's collective: "; 'ring' is an
 * algorithm of allgather, allreduce" when other collectives have it, so a
 * rule in the wrong variable says so; "" otherwise. */
static void other_collectives(const char *algo, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < papsim_catalog_size && used < len; i++)
        if (strcmp(papsim_catalog[i].name, algo) == 0)
            used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                     used ? ", " : "; it is an algorithm of ",
                                     papsim_catalog[i].collective);
}

/* One rule, as written, into r. */
static int read_rule(where *w, int coll, char *text, papcoll_rule *r)
{
    memset(r, 0, sizeof *r);
    snprintf(r->text, sizeof r->text, "%s", text);
    w->rule = r->text;
    /* user:NAME alone has no conditions; np>=16:user:NAME has one. */
    char *algo = text, *colon = papsim_is_user_algorithm(text) ? NULL : strchr(text, ':');
    if (colon) {
        *colon = '\0';
        algo = colon + 1;
        for (char *cond = strtok(text, "&"); cond; cond = strtok(NULL, "&")) {
            trim(&cond);
            if (r->nconds == PAPCOLL_MAX_CONDS)
                return fail(w, "more than %d conditions", PAPCOLL_MAX_CONDS);
            if (read_cond(w, cond, &r->cond[r->nconds++]) != 0)
                return -1;
            if (!r->cond[r->nconds - 1].on_np && !agreed_size(coll))
                return fail(w, "condition '%s': the ranks of a %s call pass their own "
                            "counts, so they need not agree on a size; its rules test "
                            "np only (np>=16:ALGORITHM)", cond, papcoll_collective_name(coll));
        }
    }
    char *knobs = strchr(algo, '(');
    if (knobs) {
        char *close = strrchr(knobs, ')');
        if (!close || close[1] != '\0')
            return fail(w, "knobs: expected ALGORITHM(NAME=VALUE,...) ending with ')'");
        *knobs++ = '\0';
        *close = '\0';
    }
    trim(&algo);
    if (strcmp(algo, "mpi") != 0) {
        const char *coll_name = papcoll_collective_name(coll);
        r->algorithm = papsim_catalog_find(coll_name, algo);
        if (!r->algorithm) {
            char valid[1024], others[256];
            papsim_catalog_names(coll_name, valid, sizeof valid);
            char *builtin = strstr(valid, ", builtin:"); /* papbench's, not ours */
            if (builtin)
                *builtin = '\0';
            other_collectives(algo, others, sizeof others);
            return fail(w, "unknown %s algorithm '%s' (known: mpi, %s)%s", coll_name, algo,
                        valid, others);
        }
        r->knowledge = (r->algorithm->knobs & PAPSIM_K_KNOWLEDGE) != 0;
    }
    if (knobs) {
        char *save = NULL;
        for (char *knob = strtok_r(knobs, ",", &save); knob; knob = strtok_r(NULL, ",", &save)) {
            trim(&knob);
            if (read_knob(w, knob, r) != 0)
                return -1;
        }
    }
    w->rule = NULL;
    return 0;
}

/* The rules of one variable: split at the commas outside parentheses. */
static int read_rules(where *w, int coll, const char *value, papcoll_config *cfg)
{
    char buf[PAPCOLL_VALUE_MAX + 1], *start = buf;
    int depth = 0;
    snprintf(buf, sizeof buf, "%s", value); /* its length is checked */
    for (char *p = buf;; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')')
            depth--;
        if ((*p == ',' && depth == 0) || *p == '\0') {
            int last = *p == '\0';
            *p = '\0';
            trim(&start);
            if (*start == '\0')
                return fail(w, "an empty rule (two commas, or a comma at an end)");
            if (cfg->nrules[coll] == PAPCOLL_MAX_RULES)
                return fail(w, "more than %d rules", PAPCOLL_MAX_RULES);
            if (read_rule(w, coll, start, &cfg->rules[coll][cfg->nrules[coll]++]) != 0)
                return -1;
            if (last)
                return 0;
            start = p + 1;
        }
    }
}

/* ---- rules no call can reach ---- */

/* The calls a rule matches: np in [np_lo, np_hi] and bytes in [lo, hi]. */
typedef struct {
    long long np_lo, np_hi, lo, hi;
} box;

static void narrow(long long *lo, long long *hi, const papcoll_cond *c)
{
    const long long v = c->value;
    switch (c->op) {
    case PAPCOLL_LT: *hi = v - 1 < *hi ? v - 1 : *hi; break; /* v >= 0: no overflow */
    case PAPCOLL_LE: *hi = v < *hi ? v : *hi; break;
    case PAPCOLL_GT:
        if (v == LLONG_MAX)
            *lo = 1, *hi = 0; /* nothing is greater */
        else if (v + 1 > *lo)
            *lo = v + 1;
        break;
    case PAPCOLL_GE: *lo = v > *lo ? v : *lo; break;
    default:
        *lo = v > *lo ? v : *lo;
        *hi = v < *hi ? v : *hi;
    }
}

/* 1 if coll moves no data (PAPSIM_C_NO_DATA: barrier): its size is 0. */
static int no_data(int coll)
{
    return (papsim_collective_table[coll].traits & PAPSIM_C_NO_DATA) != 0;
}

/* The box of rule r of coll; 0 when no call can satisfy its conditions
 * (np is at least 1, a size at least 0, a barrier's size always 0). */
static int box_of(int coll, const papcoll_rule *r, box *b)
{
    b->np_lo = 1, b->np_hi = LLONG_MAX;
    b->lo = 0, b->hi = no_data(coll) ? 0 : LLONG_MAX;
    for (int k = 0; k < r->nconds; k++) {
        if (r->cond[k].on_np)
            narrow(&b->np_lo, &b->np_hi, &r->cond[k]);
        else
            narrow(&b->lo, &b->hi, &r->cond[k]);
    }
    return b->np_lo <= b->np_hi && b->lo <= b->hi;
}

static int inside(const box *b, long long np, long long bytes)
{
    return b->np_lo <= np && np <= b->np_hi && b->lo <= bytes && bytes <= b->hi;
}

/* The values where a box of rules[0..n) starts or ends within [lo, hi],
 * and lo: between two neighbours every call is matched by the same rules,
 * so these points stand for every call in [lo, hi]. */
static int edges(const box *boxes, int n, int on_np, long long lo, long long hi,
                 long long *at)
{
    int count = 0;
    at[count++] = lo;
    for (int j = 0; j < n; j++) {
        const long long start = on_np ? boxes[j].np_lo : boxes[j].lo;
        const long long end = on_np ? boxes[j].np_hi : boxes[j].hi;
        if (start > lo && start <= hi)
            at[count++] = start;
        if (end < hi && end >= lo)
            at[count++] = end + 1;
    }
    return count;
}

/* Every rule of coll must be reachable: some call satisfies its
 * conditions, and not every such call is taken by the rules before it. */
static int check_reachable(where *w, int coll, const papcoll_config *cfg)
{
    box boxes[PAPCOLL_MAX_RULES];
    const papcoll_rule *rules = cfg->rules[coll];
    for (int i = 0; i < cfg->nrules[coll]; i++) {
        box *b = &boxes[i];
        w->rule = rules[i].text;
        if (!box_of(coll, &rules[i], b)) {
            char zero[64] = "";
            if (no_data(coll))
                snprintf(zero, sizeof zero, " (a %s's size is 0)", papcoll_collective_name(coll));
            return fail(w, "no call satisfies its conditions%s", zero);
        }
        for (int j = 0; j < i; j++)
            if (boxes[j].np_lo <= b->np_lo && b->np_hi <= boxes[j].np_hi &&
                boxes[j].lo <= b->lo && b->hi <= boxes[j].hi)
                return fail(w, "no call can reach it: rule '%s' before it takes every call "
                            "it would match", rules[j].text);
        /* Several rules before it may cover it together. */
        long long nps[2 * PAPCOLL_MAX_RULES + 1], sizes[2 * PAPCOLL_MAX_RULES + 1];
        const int nnp = edges(boxes, i, 1, b->np_lo, b->np_hi, nps);
        const int nsize = edges(boxes, i, 0, b->lo, b->hi, sizes);
        int covered = 1, by[PAPCOLL_MAX_RULES] = {0};
        for (int x = 0; x < nnp && covered; x++)
            for (int y = 0; y < nsize && covered; y++) {
                int j = 0;
                while (j < i && !inside(&boxes[j], nps[x], sizes[y]))
                    j++;
                covered = j < i;
                if (covered)
                    by[j] = 1;
            }
        if (covered) {
            char names[256] = "";
            size_t used = 0;
            for (int j = 0; j < i && used < sizeof names; j++)
                if (by[j])
                    used += (size_t)snprintf(names + used, sizeof names - used, "%s'%s'",
                                             used ? ", " : "", rules[j].text);
            return fail(w, "no call can reach it: rules %s before it take every call it "
                        "would match", names);
        }
    }
    w->rule = NULL;
    return 0;
}

/* ---- the variables ---- */

/* The variables other than the collectives', after them in the table of
 * values read. */
enum { V_REPORT = PAPCOLL_NCOLLECTIVES, V_GAMMA, V_WINDOW, V_PLUGINS, NVARIABLES };
static const char *const other_variables[] = {"PAPCOLL_REPORT", "PAPCOLL_GAMMA",
                                              "PAPCOLL_WINDOW", "PAPCOLL_PLUGINS"};

enum { VARIABLE_MAX = 40 }; /* "PAPCOLL_" and the longest name, with room */

/* Variable v's name: a collective's is PAPCOLL_ and its name in upper case
 * (PAPCOLL_REDUCE_SCATTER_BLOCK). */
static void variable_name(int v, char name[VARIABLE_MAX])
{
    if (v >= PAPCOLL_NCOLLECTIVES) {
        snprintf(name, VARIABLE_MAX, "%s", other_variables[v - PAPCOLL_NCOLLECTIVES]);
        return;
    }
    const char *coll = papcoll_collective_name(v);
    size_t n = (size_t)snprintf(name, VARIABLE_MAX, "PAPCOLL_%s", coll);
    for (size_t i = 8; i < n && i < VARIABLE_MAX; i++)
        name[i] = (char)toupper((unsigned char)name[i]);
}

/* The edit distance (insertions, deletions, substitutions) of a[0..na) and
 * b, an upper-case name: a letter in the wrong case costs nothing. */
static size_t distance(const char *a, size_t na, const char *b)
{
    size_t nb = strlen(b), row[NAME_MAX_COMPARED + 1];
    for (size_t j = 0; j <= nb; j++)
        row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t best = diagonal + (toupper((unsigned char)a[i - 1]) != b[j - 1]);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            diagonal = row[j];
            row[j] = best;
        }
    }
    return row[nb];
}

/* Sorts env's PAPCOLL_* entries into values (by variable); a name that is
 * none of libpapcoll's is an error naming the closest one. */
static int find_values(where *w, char *const *env, const char *values[NVARIABLES])
{
    for (int v = 0; v < NVARIABLES; v++)
        values[v] = NULL;
    for (size_t i = 0; env && env[i]; i++) {
        const char *entry = env[i];
        if (strncmp(entry, "PAPCOLL_", 8) != 0)
            continue;
        /* The name is read up to NAME_MAX_COMPARED + 1 characters, no
         * further: a longer one is none of libpapcoll's. */
        const size_t scan = strnlen(entry, NAME_MAX_COMPARED + 1);
        const char *eq = memchr(entry, '=', scan);
        const size_t n = eq ? (size_t)(eq - entry) : scan;
        if (!eq && scan <= NAME_MAX_COMPARED)
            continue; /* not NAME=VALUE: no variable */
        char known[VARIABLE_MAX];
        int v = 0;
        for (; v < NVARIABLES; v++) {
            variable_name(v, known);
            if (strlen(known) == n && strncmp(entry, known, n) == 0)
                break;
        }
        if (v < NVARIABLES) { /* eq is set: no name is that long */
            if (!values[v])
                values[v] = eq + 1;
            continue;
        }
        char name[NAME_MAX_COMPARED + 4];
        const size_t shown = n < NAME_MAX_COMPARED ? n : NAME_MAX_COMPARED;
        snprintf(name, sizeof name, "%.*s%s", (int)shown, entry, n > shown ? "..." : "");
        int closest = 0;
        size_t best = (size_t)-1;
        for (int c = 0; c < NVARIABLES; c++) {
            variable_name(c, known);
            size_t d = distance(entry, shown, known);
            if (d < best)
                best = d, closest = c;
        }
        snprintf(w->var, sizeof w->var, "%s", name);
        variable_name(closest, known);
        return fail(w, "no such libpapcoll variable; did you mean %s?", known);
    }
    return 0;
}

/* PAPCOLL_PLUGINS: FILE[:FILE...], each registered (its declaration read
 * and checked, algorithm/plugin.h) and kept in cfg->plugins for
 * papcoll_plugins_open. */
static int register_plugins(where *w, const char *value, papcoll_config *cfg)
{
    char path[PAPCOLL_VALUE_MAX + 1], why[900];
    snprintf(cfg->plugins, sizeof cfg->plugins, "%s", value);
    for (const char *p = value;; p++) {
        size_t n = strcspn(p, ":");
        if (n == 0)
            return fail(w, "expected FILE[:FILE...], each a user's algorithm built for "
                           "this MPI");
        snprintf(path, sizeof path, "%.*s", (int)n, p);
        if (papsim_plugin_register(path, NULL, why, sizeof why) != 0)
            return fail(w, "%s", why);
        p += n;
        if (!*p)
            return 0;
    }
}

int papcoll_config_read(papcoll_config *cfg, char *const *env, char *err, size_t err_len)
{
    papsim_err e;
    where w = {err, err_len, "", NULL};
    const char *values[NVARIABLES];
    memset(cfg, 0, sizeof *cfg);
    cfg->window = 5;
    if (find_values(&w, env, values) != 0)
        return -1;
    for (int v = 0; v < NVARIABLES; v++) {
        variable_name(v, w.var);
        if (values[v] && strnlen(values[v], PAPCOLL_VALUE_MAX + 1) > PAPCOLL_VALUE_MAX)
            return fail(&w, "longer than %d characters", PAPCOLL_VALUE_MAX);
    }
    /* The user algorithms first: the rules may name them (user:NAME). */
    variable_name(V_PLUGINS, w.var);
    if (values[V_PLUGINS] && register_plugins(&w, values[V_PLUGINS], cfg) != 0)
        return -1;
    for (int c = 0; c < PAPCOLL_NCOLLECTIVES; c++) {
        variable_name(c, w.var);
        if (values[c] &&
            (read_rules(&w, c, values[c], cfg) != 0 || check_reachable(&w, c, cfg) != 0))
            return -1;
    }
    const char *v;
    variable_name(V_REPORT, w.var);
    if ((v = values[V_REPORT]) != NULL) {
        if (*v == '\0')
            return fail(&w, "expected a file name (unset it for no report)");
        snprintf(cfg->report, sizeof cfg->report, "%s", v);
    }
    variable_name(V_GAMMA, w.var);
    if ((v = values[V_GAMMA]) != NULL &&
        papsim_parse_double(v, 0, HUGE_VAL, "seconds per byte", &cfg->gamma, &e) != 0)
        return fail(&w, "%s", e.msg);
    variable_name(V_WINDOW, w.var);
    long window;
    if ((v = values[V_WINDOW]) != NULL) {
        if (papsim_parse_long(v, 1, 1000, "calls", &window, &e) != 0)
            return fail(&w, "%s", e.msg);
        cfg->window = (int)window;
    }
    return 0;
}

static int holds(const papcoll_cond *c, long long x)
{
    switch (c->op) {
    case PAPCOLL_LT: return x < c->value;
    case PAPCOLL_LE: return x <= c->value;
    case PAPCOLL_GT: return x > c->value;
    case PAPCOLL_GE: return x >= c->value;
    default: return x == c->value;
    }
}

const papcoll_rule *papcoll_choose(const papcoll_config *cfg, int coll, int np,
                                   long long bytes)
{
    for (int i = 0; i < cfg->nrules[coll]; i++) {
        const papcoll_rule *r = &cfg->rules[coll][i];
        int ok = 1;
        for (int k = 0; k < r->nconds && ok; k++)
            ok = holds(&r->cond[k], r->cond[k].on_np ? np : bytes);
        if (ok)
            return r;
    }
    return NULL;
}

int papcoll_plugins_open(const papcoll_config *cfg, const char *mpi, char *err, size_t len)
{
    char path[PAPCOLL_VALUE_MAX + 1], why[900];
    for (const char *p = cfg->plugins; *p;) {
        size_t n = strcspn(p, ":");
        snprintf(path, sizeof path, "%.*s", (int)n, p);
        if (papsim_plugin_open(path, mpi, why, sizeof why) != 0) {
            snprintf(err, len, "PAPCOLL_PLUGINS: %s", why);
            return -1;
        }
        p += n + (p[n] == ':');
    }
    return 0;
}
