/* The checking reader of results.csv; see results_csv.h for the rules. */
#include "results/results_csv.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cases/pattern.h"
#include "papsim_catalog.h"
#include "util/fnv1a.h"
#include "util/units.h"

/* What a column may hold. */
typedef enum {
    V_TEXT,     /* anything, also empty */
    V_NAME,     /* not empty */
    V_CASE_ID,  /* 16 lowercase hex digits (papsim_case_id) */
    V_COLLECTIVE, /* a collective papsim knows */
    V_NP,       /* an integer from 1 to PAPSIM_NP_MAX */
    V_COUNT,    /* an integer >= 0 that fits a long long */
    V_SEED,     /* an integer >= 0 that fits an unsigned long long */
    V_SKEW,     /* a skew as papsim_parse_skew reads it, or empty */
    V_SKEW_S,   /* a finite number of seconds from 0 to PAPSIM_SKEW_MAX_S */
    V_TIME,     /* seconds from 0 to PAPSIM_RESULTS_TIME_MAX_S, empty allowed only
                 * when the status is not ok */
    V_GAMMA,    /* a number from 0 to 1 (seconds per byte, as --gamma takes it) */
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
    {"case_id", V_CASE_ID},   {"collective", V_COLLECTIVE}, {"algorithm", V_NAME},
    {"platform", V_TEXT},     {"np", V_NP},              {"mapping", V_TEXT},
    {"ranks_per_node", V_COUNT}, {"pattern", V_NAME},    {"skew", V_SKEW},
    {"skew_s", V_SKEW_S},     {"seed", V_SEED},         {"bytes", V_COUNT},
    {"distribution", V_TEXT}, {"datatype", V_TEXT},      {"op", V_TEXT},
    {"root", V_COUNT},        {"gamma", V_GAMMA},        {"params", V_TEXT},
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

/* A number of seconds from 0 to max; why_max says where the bound comes from. */
static int check_seconds(const papsim_table *t, size_t r, int c, double max,
                         const char *why_max, papsim_err *e)
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
    if (x > max)
        return papsim_fail(e, "%s:%ld: %s: '%s' is more than %g s, %s", t->path, t->lines[r],
                           t->names[c], v, max, why_max);
    return 0;
}

/* Bytes below 0x20 and 0x7f: no field papsim writes holds one, and every
 * field may be printed (a report, a message). */
static int check_control(const papsim_table *t, size_t r, int c, papsim_err *e)
{
    for (const unsigned char *q = (const unsigned char *)t->rows[r][c]; *q; q++)
        if (*q < 0x20 || *q == 0x7f)
            return papsim_fail(e, "%s:%ld: %s: the control character 0x%02x", t->path,
                               t->lines[r], t->names[c], *q);
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
    case V_CASE_ID:
        if (!papsim_is_key16(v))
            return papsim_fail(e, "%s:%ld: %s: '%.40s' is not a case id (16 hex digits, 0-9 "
                                  "and a-f, as papsim writes it)",
                               t->path, line, name, v);
        return 0;
    case V_COLLECTIVE:
        if (!papsim_collective_known(v)) {
            char names[256];
            papsim_collective_names(names, sizeof names);
            return papsim_fail(e, "%s:%ld: %s: '%.40s' is not a collective papsim knows (%s)",
                               t->path, line, name, v, names);
        }
        return 0;
    case V_NP:
        if (parse_integer(v, PAPSIM_NP_MAX, &n) != 0 || n == 0)
            return papsim_fail(e, "%s:%ld: %s: '%s' is not a process count from 1 to %d",
                               t->path, line, name, v, PAPSIM_NP_MAX);
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
        return check_seconds(t, r, c, PAPSIM_RESULTS_TIME_MAX_S,
                             "longer than any collective call (results_csv.h)", e);
    case V_SKEW_S:
        return check_seconds(t, r, c, PAPSIM_SKEW_MAX_S, "the largest skew papsim simulates", e);
    case V_SKEW: {
        papsim_skew skew;
        papsim_err why;
        if (v[0] && papsim_parse_skew(v, &skew, &why) != 0)
            return papsim_fail(e, "%s:%ld: %s: %s", t->path, line, name, why.msg);
        return 0;
    }
    case V_GAMMA:
        if (parse_number(v, &x) != 0 || !(x >= 0 && x <= 1))
            return papsim_fail(e, "%s:%ld: %s: '%s' is not a number from 0 to 1 (seconds per "
                                  "byte)",
                               t->path, line, name, v);
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

/* The rules between the columns of one row: the root is one of the ranks. */
static int check_row(const papsim_table *t, size_t r, int np_col, int root_col, papsim_err *e)
{
    unsigned long long np = 0, root = 0;
    if (np_col < 0 || root_col < 0)
        return 0;
    parse_integer(t->rows[r][np_col], ULLONG_MAX, &np); /* both checked before */
    parse_integer(t->rows[r][root_col], ULLONG_MAX, &root);
    if (root >= np)
        return papsim_fail(e, "%s:%ld: root: %llu is not a rank of np %llu (0 to %llu)",
                           t->path, t->lines[r], root, np, np - 1);
    return 0;
}

static int check_rows(const papsim_table *t, papsim_err *e)
{
    int status_col = papsim_table_column(t, "status"), rc = 0;
    const int np_col = papsim_table_column(t, "np"), root_col = papsim_table_column(t, "root");
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
            rc = check_control(t, r, c, e) ? -1 : check_value(t, r, c, kinds[c], ok, e);
        if (rc == 0)
            rc = check_row(t, r, np_col, root_col, e);
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
