/* The sweep spec (.ini) reader; the format is documented in spec.h. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* getline, strdup */
#endif
#include "cases/spec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/papsim_input.h"

static const char *const valid_keys[] = {
    "collective", "algorithms", "bytes", "np", "platforms", "mappings",
    "ranks_per_node", "patterns", "skews", "seed", "reps", "datatype", "op",
    "root", "gamma", "in_place", "segment_bytes", "check", "distributions",
    "knowledge", "schedule_timed", "segments", "model_alpha", "model_beta",
    "max_requests", "knomial_radix", "radix", "edge", "matrix_seed", "plugins",
};

#define NKEYS ((int)(sizeof valid_keys / sizeof valid_keys[0]))

int papsim_spec_key_count(void) { return NKEYS; }

const char *papsim_spec_key_name(int i)
{
    return i >= 0 && i < NKEYS ? valid_keys[i] : NULL;
}

static int is_valid_key(const char *key)
{
    for (int i = 0; i < NKEYS; i++)
        if (strcmp(valid_keys[i], key) == 0)
            return 1;
    return 0;
}

static void list_valid_keys(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < NKEYS && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                 i ? ", " : "", valid_keys[i]);
}

/* Keys compare with '-' and '_' as the same character. */
static int same_key(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = *a == '-' ? '_' : *a, y = *b == '-' ? '_' : *b;
        if (x != y)
            return 0;
        if (x == '\0')
            return 1;
    }
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
           c == '\f';
}

/* Trims blanks in place; returns the new start. */
static char *trim(char *s)
{
    size_t n;
    while (is_blank(*s))
        s++;
    n = strlen(s);
    while (n > 0 && is_blank(s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* ---- entries and blocks ---- */

static void free_entry(papsim_spec_entry *en)
{
    for (int i = 0; i < en->nvalues; i++)
        free(en->values[i].text);
    free(en->values);
    en->values = NULL;
    en->nvalues = 0;
}

static void free_block(papsim_spec_block *b)
{
    for (int i = 0; i < b->nentries; i++)
        free_entry(&b->entries[i]);
    free(b->entries);
    b->entries = NULL;
    b->nentries = 0;
}

static const papsim_spec_entry *find_entry(const papsim_spec_block *b,
                                           const char *key)
{
    for (int i = 0; i < b->nentries; i++)
        if (same_key(b->entries[i].key, key))
            return &b->entries[i];
    return NULL;
}

const papsim_spec_entry *papsim_spec_find(const papsim_spec_block *b,
                                          const char *key)
{
    return b == NULL || key == NULL ? NULL : find_entry(b, key);
}

/* Appends *en to b, taking ownership of its values. */
static int append_entry(papsim_spec_block *b, papsim_spec_entry *en)
{
    papsim_spec_entry *grown =
        realloc(b->entries, (size_t)(b->nentries + 1) * sizeof *grown);
    if (grown == NULL)
        return -1;
    b->entries = grown;
    b->entries[b->nentries++] = *en;
    return 0;
}

static int copy_entry(const papsim_spec_entry *from, papsim_spec_entry *to)
{
    *to = *from;
    to->nvalues = 0;
    to->values = calloc((size_t)from->nvalues, sizeof *to->values);
    if (to->values == NULL)
        return -1;
    for (; to->nvalues < from->nvalues; to->nvalues++) {
        papsim_spec_value *v = &to->values[to->nvalues];
        v->line = from->values[to->nvalues].line;
        v->text = strdup(from->values[to->nvalues].text);
        if (v->text == NULL) {
            free_entry(to);
            return -1;
        }
    }
    return 0;
}

/* Puts copies of the defaults b does not set in front of b's own keys. */
static int inherit_defaults(const papsim_spec_block *defaults,
                            papsim_spec_block *b)
{
    papsim_spec_entry *merged =
        calloc((size_t)(defaults->nentries + b->nentries) + 1, sizeof *merged);
    int n = 0;
    if (merged == NULL)
        return -1;
    for (int i = 0; i < defaults->nentries; i++) {
        if (find_entry(b, defaults->entries[i].key) != NULL)
            continue;
        if (copy_entry(&defaults->entries[i], &merged[n]) != 0) {
            papsim_spec_block partial = {.nentries = n, .entries = merged};
            free_block(&partial);
            return -1;
        }
        n++;
    }
    for (int i = 0; i < b->nentries; i++)
        merged[n++] = b->entries[i];
    free(b->entries);
    b->entries = merged;
    b->nentries = n;
    return 0;
}

/* ---- the parser ---- */

typedef struct {
    const char *path;
    int line;
    papsim_spec_block defaults;
    papsim_spec_block *blocks;
    int nblocks;
} parser;

static papsim_spec_block *current_block(parser *p)
{
    return p->nblocks == 0 ? &p->defaults : &p->blocks[p->nblocks - 1];
}

static int valid_section_name(const char *name)
{
    for (; *name; name++)
        if (!((*name >= 'a' && *name <= 'z') || (*name >= 'A' && *name <= 'Z')
              || (*name >= '0' && *name <= '9') || *name == '_' ||
              *name == '-' || *name == '.'))
            return 0;
    return 1;
}

static int start_section(parser *p, char *text, papsim_err *e)
{
    size_t n = strlen(text);
    char *name;
    papsim_spec_block *grown;
    if (text[n - 1] != ']')
        return papsim_fail(e, "%s:%d: section header '%s' does not end with "
                           "']'", p->path, p->line, text);
    text[n - 1] = '\0';
    name = trim(text + 1);
    if (*name == '\0')
        return papsim_fail(e, "%s:%d: empty section name", p->path, p->line);
    if (!valid_section_name(name))
        return papsim_fail(e, "%s:%d: section name '%s' may only use letters, "
                           "digits, '_', '-' and '.'", p->path, p->line, name);
    if (strlen(name) >= sizeof p->blocks->name)
        return papsim_fail(e, "%s:%d: section name '%s' is longer than %zu "
                           "characters", p->path, p->line, name,
                           sizeof p->blocks->name - 1);
    for (int i = 0; i < p->nblocks; i++)
        if (strcmp(p->blocks[i].name, name) == 0)
            return papsim_fail(e, "%s:%d: section [%s] is already defined at "
                               "line %d", p->path, p->line, name,
                               p->blocks[i].line);
    grown = realloc(p->blocks, (size_t)(p->nblocks + 1) * sizeof *grown);
    if (grown == NULL)
        return papsim_fail(e, "%s:%d: out of memory", p->path, p->line);
    p->blocks = grown;
    memset(&p->blocks[p->nblocks], 0, sizeof *p->blocks);
    memcpy(p->blocks[p->nblocks].name, name, strlen(name) + 1);
    p->blocks[p->nblocks].line = p->line;
    p->nblocks++;
    return 0;
}

/* Splits "a, b ,c" into trimmed, non-empty values of entry en. */
static int split_values(parser *p, char *text, papsim_spec_entry *en,
                        papsim_err *e)
{
    int count = 1;
    for (const char *c = text; *c; c++)
        count += *c == ',';
    en->values = calloc((size_t)count, sizeof *en->values);
    if (en->values == NULL)
        return papsim_fail(e, "%s:%d: out of memory", p->path, p->line);
    for (char *item = text; item != NULL; en->nvalues++) {
        char *comma = strchr(item, ',');
        char *value;
        if (comma != NULL)
            *comma = '\0';
        value = trim(item);
        if (*value == '\0')
            return papsim_fail(e, "%s:%d: %s: empty value in the list",
                               p->path, p->line, en->key);
        en->values[en->nvalues].line = p->line;
        en->values[en->nvalues].text = strdup(value);
        if (en->values[en->nvalues].text == NULL)
            return papsim_fail(e, "%s:%d: out of memory", p->path, p->line);
        item = comma != NULL ? comma + 1 : NULL;
    }
    return 0;
}

static int read_key_line(parser *p, char *text, papsim_err *e)
{
    char *eq = strchr(text, '='), *key, *rest, valid[512];
    papsim_spec_entry en = {.line = p->line};
    const papsim_spec_entry *earlier;
    if (eq == NULL)
        return papsim_fail(e, "%s:%d: expected 'key = value' or '[section]', "
                           "got '%s'", p->path, p->line, text);
    *eq = '\0';
    key = trim(text);
    rest = trim(eq + 1);
    if (*key == '\0')
        return papsim_fail(e, "%s:%d: missing key before '='", p->path,
                           p->line);
    for (char *c = key; *c; c++)
        if (*c == '-')
            *c = '_';
    if (strlen(key) >= sizeof en.key || !is_valid_key(key)) {
        list_valid_keys(valid, sizeof valid);
        return papsim_fail(e, "%s:%d: unknown key '%s' (valid keys: %s)",
                           p->path, p->line, key, valid);
    }
    earlier = find_entry(current_block(p), key);
    if (earlier != NULL)
        return papsim_fail(e, "%s:%d: duplicate key '%s' (first set at line "
                           "%d)", p->path, p->line, key, earlier->line);
    memcpy(en.key, key, strlen(key) + 1);
    if (*rest == '\0')
        return papsim_fail(e, "%s:%d: %s: empty value", p->path, p->line,
                           key);
    if (split_values(p, rest, &en, e) != 0) {
        free_entry(&en);
        return -1;
    }
    if (append_entry(current_block(p), &en) != 0) {
        free_entry(&en);
        return papsim_fail(e, "%s:%d: out of memory", p->path, p->line);
    }
    return 0;
}

static int read_line(parser *p, char *raw, papsim_err *e)
{
    char *text;
    if (p->line == 1 && strncmp(raw, "\xEF\xBB\xBF", 3) == 0)
        raw += 3; /* a UTF-8 byte-order mark from some editors */
    text = trim(raw);
    if (*text == '\0' || *text == '#' || *text == ';')
        return 0;
    if (*text == '[')
        return start_section(p, text, e);
    return read_key_line(p, text, e);
}

/* "dir/sweep.ini" -> "sweep". */
static void name_after_file(const char *path, char *name, size_t len)
{
    const char *base = strrchr(path, '/'), *dot;
    size_t n;
    base = base != NULL ? base + 1 : path;
    dot = strrchr(base, '.');
    n = dot != NULL && dot != base ? (size_t)(dot - base) : strlen(base);
    if (n >= len)
        n = len - 1;
    memcpy(name, base, n);
    name[n] = '\0';
}

static char *directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir;
    if (slash == NULL)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    dir = malloc((size_t)(slash - path) + 1);
    if (dir != NULL) {
        memcpy(dir, path, (size_t)(slash - path));
        dir[slash - path] = '\0';
    }
    return dir;
}

/* Turns the parsed defaults and sections into out's merged blocks. */
static int build_spec(parser *p, papsim_spec *out, papsim_err *e)
{
    out->path = strdup(p->path);
    out->dir = directory_of(p->path);
    if (out->path == NULL || out->dir == NULL)
        return papsim_fail(e, "spec '%s': out of memory", p->path);
    if (p->nblocks == 0) {
        /* The defaults are the whole spec: one block named after the file. */
        out->blocks = calloc(1, sizeof *out->blocks);
        if (out->blocks == NULL)
            return papsim_fail(e, "spec '%s': out of memory", p->path);
        out->blocks[0] = p->defaults;
        name_after_file(p->path, out->blocks[0].name,
                        sizeof out->blocks[0].name);
        memset(&p->defaults, 0, sizeof p->defaults);
        out->nblocks = 1;
        return 0;
    }
    for (int i = 0; i < p->nblocks; i++)
        if (inherit_defaults(&p->defaults, &p->blocks[i]) != 0)
            return papsim_fail(e, "spec '%s': out of memory", p->path);
    out->defaults = p->defaults;
    memset(&p->defaults, 0, sizeof p->defaults);
    out->blocks = p->blocks;
    out->nblocks = p->nblocks;
    p->blocks = NULL;
    p->nblocks = 0;
    return 0;
}

int papsim_spec_load(const char *path, papsim_spec *out, papsim_err *e)
{
    parser p = {.path = path};
    papsim_input in;
    char *line = NULL;
    size_t len;
    int rc = -1, got;
    memset(out, 0, sizeof *out);
    if (papsim_input_open(&in, path, &papsim_limits_spec, e) != 0)
        return -1;
    while ((got = papsim_input_getline(&in, &line, &len, e)) == 1) {
        p.line++;
        if (memchr(line, '\0', len) != NULL) { /* it would cut the line short */
            papsim_fail(e, "%s:%d: a NUL byte: not a text file", path, p.line);
            goto out;
        }
        if (read_line(&p, line, e) != 0)
            goto out;
    }
    if (got == 0)
        rc = build_spec(&p, out, e);
out:
    papsim_input_close(&in);
    free_block(&p.defaults);
    for (int i = 0; i < p.nblocks; i++)
        free_block(&p.blocks[i]);
    free(p.blocks);
    if (rc != 0)
        papsim_spec_free(out);
    return rc;
}

void papsim_spec_free(papsim_spec *s)
{
    if (s == NULL)
        return;
    for (int i = 0; i < s->nblocks; i++)
        free_block(&s->blocks[i]);
    free_block(&s->defaults);
    free(s->blocks);
    free(s->path);
    free(s->dir);
    memset(s, 0, sizeof *s);
}
