/* The checking reader of results.csv; see results_csv.h for the rules. */
#include "results/results_csv.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What a column may hold. */
typedef enum {
    V_TEXT,     /* anything, also empty */
    V_NAME,     /* not empty */
    V_POSITIVE, /* an integer >= 1 */
    V_COUNT,    /* an integer >= 0 that fits a long long */
    V_SEED,     /* an integer >= 0 that fits an unsigned long long */
    V_SECONDS,  /* a finite number >= 0 */
    V_TIME,     /* as V_SECONDS, empty allowed only when the status is not ok */
    V_NUMBER,   /* a finite number */
    V_YES_NO,
    V_STATUS,
} value_kind;

typedef struct {
    const char *name;
    value_kind kind;
} column_rule;

/* One rule per results.csv column (unit.results_csv loads a table of every
 * column csv.c lists, so a column without a rule fails it). */
static const column_rule rules[] = {
    {"case_id", V_NAME},      {"collective", V_NAME},    {"algorithm", V_NAME},
    {"platform", V_TEXT},     {"np", V_POSITIVE},        {"mapping", V_TEXT},
    {"ranks_per_node", V_COUNT}, {"pattern", V_NAME},    {"skew", V_TEXT},
    {"skew_s", V_SECONDS},    {"seed", V_SEED},         {"bytes", V_COUNT},
    {"distribution", V_TEXT}, {"datatype", V_TEXT},      {"op", V_TEXT},
    {"root", V_COUNT},        {"gamma", V_NUMBER},       {"params", V_TEXT},
    {"rep", V_COUNT},         {"total_delay_s", V_TIME}, {"last_delay_s", V_TIME},
    {"mean_elapsed_s", V_TIME}, {"max_elapsed_s", V_TIME}, {"deterministic", V_YES_NO},
    {"status", V_STATUS},
};
enum { NRULES = sizeof rules / sizeof rules[0] };

static const char *const statuses[] = {"ok",      "unsupported",     "check_failed",
                                       "missed_start", "timeout", "baseline_timeout"};
enum { NSTATUSES = sizeof statuses / sizeof statuses[0] };

const char *papsim_results_statuses(void)
{
    return "ok, unsupported, check_failed, missed_start, timeout, baseline_timeout";
}

/* Columns every results table needs: the row key and the status. */
static const char *const required[] = {"case_id", "rep", "status"};

static const column_rule *rule_of(const char *name)
{
    for (int i = 0; i < NRULES; i++)
        if (strcmp(rules[i].name, name) == 0)
            return &rules[i];
    return NULL;
}

/* 1 if the names of t, joined by commas, are the header line h. */
static int header_is(const papsim_table *t, const char *h)
{
    for (int c = 0; c < t->ncols; c++) {
        size_t n = strlen(t->names[c]);
        if (c > 0 && *h++ != ',')
            return 0;
        if (strncmp(h, t->names[c], n) != 0)
            return 0;
        h += n;
    }
    return *h == '\0';
}

/* The format whose whole header t has, or 0. */
static int format_of(const papsim_table *t)
{
    for (int f = 1; f <= PAPSIM_RESULTS_FORMAT; f++)
        if (header_is(t, papsim_results_header_of_format(f)))
            return f;
    return 0;
}

static int check_header(const papsim_table *t, papsim_err *e)
{
    for (int c = 0; c < t->ncols; c++)
        if (!rule_of(t->names[c]))
            return papsim_fail(e, "%s:%ld: column %d is '%s', not a results.csv column "
                                  "(misspelt, or not a results table?)",
                               t->path, t->header_line, c + 1, t->names[c]);
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (papsim_table_column(t, required[i]) < 0)
            return papsim_fail(e, "%s:%ld: missing column '%s'; every results table needs "
                                  "case_id, rep and status",
                               t->path, t->header_line, required[i]);
    return 0;
}

/* Digits only: no sign, no blanks, no exponent. */
static int parse_integer(const char *s, unsigned long long max, unsigned long long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    *out = strtoull(s, &end, 10);
    return (errno || *end || *out > max) ? -1 : 0;
}

/* A number strtod reads whole, not starting with a blank. */
static int parse_number(const char *s, double *out)
{
    char *end;
    if (*s == '\0' || *s == ' ' || *s == '\t')
        return -1;
    errno = 0;
    *out = strtod(s, &end);
    return *end ? -1 : 0;
}

static int check_seconds(const papsim_table *t, size_t r, int c, papsim_err *e)
{
    const char *v = t->rows[r][c];
    double x;
    if (parse_number(v, &x) != 0)
        return papsim_fail(e, "%s:%ld: %s: '%s' is not a time in seconds", t->path,
                           t->lines[r], t->names[c], v);
    if (!isfinite(x))
        return papsim_fail(e, "%s:%ld: %s: '%s' is not a finite time", t->path, t->lines[r],
                           t->names[c], v);
    if (x < 0)
        return papsim_fail(e, "%s:%ld: %s: '%s' is a negative time", t->path, t->lines[r],
                           t->names[c], v);
    return 0;
}

static int check_value(const papsim_table *t, size_t r, int c, value_kind kind, int ok,
                       papsim_err *e)
{
    const char *v = t->rows[r][c], *name = t->names[c];
    long line = t->lines[r];
    unsigned long long n;
    double x;
    switch (kind) {
    case V_TEXT:
        return 0;
    case V_NAME:
        return v[0] ? 0 : papsim_fail(e, "%s:%ld: %s: empty", t->path, line, name);
    case V_POSITIVE:
        if (parse_integer(v, INT_MAX, &n) != 0 || n == 0)
            return papsim_fail(e, "%s:%ld: %s: '%s' is not a positive integer", t->path, line,
                               name, v);
        return 0;
    case V_COUNT:
    case V_SEED:
        if (parse_integer(v, kind == V_SEED ? ULLONG_MAX : (unsigned long long)LLONG_MAX, &n) != 0)
            return papsim_fail(e, "%s:%ld: %s: '%s' is not a non-negative integer", t->path,
                               line, name, v);
        return 0;
    case V_TIME:
        if (v[0] == '\0' && !ok)
            return 0; /* not measured: unsupported, timed out */
        if (v[0] == '\0')
            return papsim_fail(e, "%s:%ld: %s: '' is not a time; a row with status ok has "
                                  "every time",
                               t->path, line, name);
        return check_seconds(t, r, c, e);
    case V_SECONDS:
        return check_seconds(t, r, c, e);
    case V_NUMBER:
        if (parse_number(v, &x) != 0 || !isfinite(x))
            return papsim_fail(e, "%s:%ld: %s: '%s' is not a finite number", t->path, line,
                               name, v);
        return 0;
    case V_YES_NO:
        if (strcmp(v, "yes") != 0 && strcmp(v, "no") != 0)
            return papsim_fail(e, "%s:%ld: %s: '%s' is neither yes nor no", t->path, line,
                               name, v);
        return 0;
    case V_STATUS:
        for (int i = 0; i < NSTATUSES; i++)
            if (strcmp(v, statuses[i]) == 0)
                return 0;
        return papsim_fail(e, "%s:%ld: %s: '%s' is not a status papsim writes (%s)", t->path,
                           line, name, v, papsim_results_statuses());
    }
    return 0;
}

static int check_rows(const papsim_table *t, papsim_err *e)
{
    int status_col = papsim_table_column(t, "status"), rc = 0;
    if (t->unterminated_line && t->nrows && t->lines[t->nrows - 1] == t->unterminated_line)
        return papsim_fail(e, "%s:%ld: the last row has no newline at its end, so it may have "
                              "been cut short; copy the file again (or let papsim run --out "
                              "DIR resume: it drops such a row)",
                           t->path, t->unterminated_line);
    value_kind *kinds = malloc((size_t)t->ncols * sizeof *kinds);
    if (!kinds)
        return papsim_fail(e, "%s: out of memory", t->path);
    for (int c = 0; c < t->ncols; c++)
        kinds[c] = rule_of(t->names[c])->kind; /* check_header found every one */
    for (size_t r = 0; r < t->nrows && rc == 0; r++) {
        int ok = strcmp(t->rows[r][status_col], "ok") == 0;
        for (int c = 0; c < t->ncols && rc == 0; c++)
            rc = check_value(t, r, c, kinds[c], ok, e);
    }
    free(kinds);
    return rc;
}

/* Row keys, for finding a second row of one (case_id, rep). */
typedef struct {
    const char *case_id;
    unsigned long long rep;
    long line;
    const char *rep_text;
} row_key;

static int compare_keys(const void *pa, const void *pb)
{
    const row_key *a = pa, *b = pb;
    int c = strcmp(a->case_id, b->case_id);
    if (c)
        return c;
    if (a->rep != b->rep)
        return a->rep < b->rep ? -1 : 1;
    return (a->line > b->line) - (a->line < b->line);
}

static int check_duplicates(const papsim_table *t, papsim_err *e)
{
    int id_col = papsim_table_column(t, "case_id"), rep_col = papsim_table_column(t, "rep");
    row_key *keys = malloc((t->nrows ? t->nrows : 1) * sizeof *keys);
    int rc = 0;
    if (!keys)
        return papsim_fail(e, "%s: out of memory for %zu rows", t->path, t->nrows);
    for (size_t r = 0; r < t->nrows; r++) {
        keys[r] = (row_key){t->rows[r][id_col], 0, t->lines[r], t->rows[r][rep_col]};
        parse_integer(keys[r].rep_text, ULLONG_MAX, &keys[r].rep); /* checked before */
    }
    qsort(keys, t->nrows, sizeof *keys, compare_keys);
    for (size_t i = 1; i < t->nrows && rc == 0; i++)
        if (!strcmp(keys[i - 1].case_id, keys[i].case_id) && keys[i - 1].rep == keys[i].rep)
            rc = papsim_fail(e, "%s:%ld: second row for case_id %s rep %s (first at line %ld); "
                                "a results table has one row per case and repetition",
                             t->path, keys[i].line, keys[i].case_id, keys[i].rep_text,
                             keys[i - 1].line);
    free(keys);
    return rc;
}

int papsim_results_load(const char *path, papsim_table *t, int *format, papsim_err *e)
{
    if (papsim_table_load(path, t, e) != 0)
        return -1;
    if (check_header(t, e) != 0 || check_rows(t, e) != 0 || check_duplicates(t, e) != 0) {
        papsim_table_free(t);
        return -1;
    }
    if (format)
        *format = format_of(t);
    return 0;
}
