#include "hardware/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The key columns of a cell (see compare.h); optional ones may be absent. */
static const char *const key_columns[] = {"collective", "np", "mapping", "ranks_per_node",
                                          "pattern", "skew", "seed", "bytes", "distribution",
                                          "datatype", "op", "root", "params"};
enum { NKEYS = sizeof key_columns / sizeof key_columns[0] };
static const char *const optional_columns[] = {"distribution", "op", "params"};

/* Per table: where its key, algorithm, status and metric columns are. */
typedef struct {
    const papsim_table *t;
    int key[NKEYS]; /* -1: optional column absent */
    int algorithm, status, metric;
} table_view;

static int is_optional(const char *name)
{
    for (size_t i = 0; i < sizeof optional_columns / sizeof optional_columns[0]; i++)
        if (!strcmp(name, optional_columns[i]))
            return 1;
    return 0;
}

static int view_table(const papsim_table *t, const char *metric, table_view *v, papsim_err *e)
{
    const char *const required[3] = {"algorithm", "status", metric};
    int idx[3];
    v->t = t;
    for (int k = 0; k < NKEYS; k++) {
        v->key[k] = papsim_table_column(t, key_columns[k]);
        if (v->key[k] < 0 && !is_optional(key_columns[k]))
            return papsim_fail(e, "%s: missing column '%s'", t->path, key_columns[k]);
    }
    if (papsim_table_require(t, required, 3, idx, e) != 0)
        return -1;
    v->algorithm = idx[0];
    v->status = idx[1];
    v->metric = idx[2];
    return 0;
}

/* "collective np=4 pattern=ascending ..." of row r; empty values left out. */
static void cell_key(const table_view *v, size_t r, char *buf, size_t len)
{
    size_t used = 0;
    for (int k = 0; k < NKEYS && used < len; k++) {
        const char *val = v->key[k] >= 0 ? v->t->rows[r][v->key[k]] : "";
        if (!val[0])
            continue;
        used += (size_t)snprintf(buf + used, len - used, k == 0 ? "%s" : " %s=%s",
                                 k == 0 ? val : key_columns[k], val);
    }
}

/* Growable list of values per (cell, algorithm, side), for the medians. */
typedef struct {
    size_t cell;
    const char *algorithm;
    int side;
    double *values;
    size_t n, cap, other;
} value_list;

typedef struct {
    value_list *lists;
    size_t n, cap;
    char **keys;
    size_t nkeys, keys_cap;
} collector;

static long find_key(const collector *col, const char *key)
{
    for (size_t i = 0; i < col->nkeys; i++)
        if (!strcmp(col->keys[i], key))
            return (long)i;
    return -1;
}

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? 2 * *cap : 16;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * size);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

static long add_key(collector *col, const char *key)
{
    long i = find_key(col, key);
    if (i >= 0)
        return i;
    if (grow((void **)&col->keys, &col->keys_cap, col->nkeys + 1, sizeof *col->keys) != 0 ||
        !(col->keys[col->nkeys] = malloc(strlen(key) + 1)))
        return -1;
    strcpy(col->keys[col->nkeys], key);
    return (long)col->nkeys++;
}

static value_list *find_list(collector *col, size_t cell, const char *algorithm, int side)
{
    for (size_t i = 0; i < col->n; i++)
        if (col->lists[i].cell == cell && col->lists[i].side == side &&
            !strcmp(col->lists[i].algorithm, algorithm))
            return &col->lists[i];
    if (grow((void **)&col->lists, &col->cap, col->n + 1, sizeof *col->lists) != 0)
        return NULL;
    value_list *l = &col->lists[col->n++];
    memset(l, 0, sizeof *l);
    l->cell = cell;
    l->algorithm = algorithm;
    l->side = side;
    return l;
}

static int collect_table(collector *col, const table_view *v, int side, papsim_err *e)
{
    char key[8192];
    for (size_t r = 0; r < v->t->nrows; r++) {
        char **row = v->t->rows[r];
        cell_key(v, r, key, sizeof key);
        long cell = add_key(col, key);
        value_list *l = cell < 0 ? NULL : find_list(col, (size_t)cell, row[v->algorithm], side);
        if (!l)
            return papsim_fail(e, "out of memory reading %s", v->t->path);
        if (strcmp(row[v->status], "ok") != 0) {
            l->other++;
            continue;
        }
        char *end;
        double x = strtod(row[v->metric], &end);
        if (end == row[v->metric] || *end || !isfinite(x))
            return papsim_fail(e, "%s:%ld: %s '%s' is not a number", v->t->path, v->t->lines[r],
                               v->t->names[v->metric], row[v->metric]);
        if (grow((void **)&l->values, &l->cap, l->n + 1, sizeof *l->values) != 0)
            return papsim_fail(e, "out of memory reading %s", v->t->path);
        l->values[l->n++] = x;
    }
    return 0;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static papsim_compare_stat stat_of(value_list *l)
{
    papsim_compare_stat s = {NAN, NAN, NAN, 0, 0};
    if (!l)
        return s;
    s.n = l->n;
    s.other = l->other;
    if (l->n == 0)
        return s;
    qsort(l->values, l->n, sizeof *l->values, compare_doubles);
    s.min = l->values[0];
    s.max = l->values[l->n - 1];
    s.median = l->n % 2 ? l->values[l->n / 2]
                        : (l->values[l->n / 2 - 1] + l->values[l->n / 2]) / 2;
    return s;
}

double papsim_tau_from_counts(const papsim_tau_counts *c)
{
    double a = (double)(c->pairs - c->ties_sim), b = (double)(c->pairs - c->ties_real);
    return a > 0 && b > 0 ? (double)(c->concordant - c->discordant) / sqrt(a * b) : NAN;
}

static int sign(double d)
{
    return (d > 0) - (d < 0);
}

double papsim_kendall_tau_b(const double *x, const double *y, size_t n, papsim_tau_counts *counts)
{
    papsim_tau_counts c = {0, 0, 0, 0, 0};
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            int sx = sign(x[i] - x[j]), sy = sign(y[i] - y[j]);
            c.pairs++;
            c.ties_sim += sx == 0;
            c.ties_real += sy == 0;
            if (sx != 0 && sy != 0) {
                c.concordant += sx == sy;
                c.discordant += sx != sy;
            }
        }
    counts->concordant += c.concordant;
    counts->discordant += c.discordant;
    counts->ties_sim += c.ties_sim;
    counts->ties_real += c.ties_real;
    counts->pairs += c.pairs;
    return papsim_tau_from_counts(&c);
}

static int by_algorithm(const void *a, const void *b)
{
    return strcmp(((const papsim_compare_entry *)a)->algorithm,
                  ((const papsim_compare_entry *)b)->algorithm);
}

/* Entries of one cell sorted by name, then winners and tau over the common ones. */
static int build_cell(collector *col, size_t cell, papsim_compare_cell *out)
{
    size_t n = 0; /* at most one entry per list of this cell */
    for (size_t i = 0; i < col->n; i++)
        n += col->lists[i].cell == cell;
    out->entries = calloc(n ? n : 1, sizeof *out->entries);
    double *xs = calloc(n ? n : 1, sizeof *xs), *ys = calloc(n ? n : 1, sizeof *ys);
    if (!out->entries || !xs || !ys) {
        free(xs);
        free(ys);
        return -1;
    }
    for (size_t i = 0; i < col->n; i++) {
        value_list *l = &col->lists[i];
        if (l->cell != cell)
            continue;
        size_t k = 0;
        while (k < out->nentries && strcmp(out->entries[k].algorithm, l->algorithm) != 0)
            k++;
        if (k == out->nentries) {
            out->entries[out->nentries++].algorithm = l->algorithm;
            out->entries[k].side[0] = stat_of(NULL);
            out->entries[k].side[1] = stat_of(NULL);
        }
        out->entries[k].side[l->side] = stat_of(l);
    }
    qsort(out->entries, out->nentries, sizeof *out->entries, by_algorithm);
    out->winner[0] = out->winner[1] = -1;
    for (size_t k = 0; k < out->nentries; k++) {
        const papsim_compare_entry *en = &out->entries[k];
        if (en->side[0].n == 0 || en->side[1].n == 0)
            continue;
        xs[out->ncommon] = en->side[0].median;
        ys[out->ncommon++] = en->side[1].median;
        for (int s = 0; s < 2; s++) /* strict: a tie keeps the earlier name */
            if (out->winner[s] < 0 || en->side[s].median < out->entries[out->winner[s]].side[s].median)
                out->winner[s] = (int)k;
    }
    out->tau = papsim_kendall_tau_b(xs, ys, out->ncommon, &out->counts);
    free(xs);
    free(ys);
    return 0;
}

static void free_collector(collector *col)
{
    for (size_t i = 0; i < col->n; i++)
        free(col->lists[i].values);
    free(col->lists);
    for (size_t i = 0; i < col->nkeys; i++)
        free(col->keys[i]);
    free(col->keys);
}

static void summarise(papsim_compare *c)
{
    double tau_sum = 0;
    for (size_t i = 0; i < c->ncells; i++) {
        const papsim_compare_cell *cell = &c->cells[i];
        papsim_tau_counts *t = &c->total;
        t->concordant += cell->counts.concordant;
        t->discordant += cell->counts.discordant;
        t->ties_sim += cell->counts.ties_sim;
        t->ties_real += cell->counts.ties_real;
        t->pairs += cell->counts.pairs;
        if (cell->winner[0] >= 0) {
            c->cells_with_winner++;
            c->same_winner += cell->winner[0] == cell->winner[1];
        }
        if (!isnan(cell->tau)) {
            c->cells_with_tau++;
            tau_sum += cell->tau;
        }
    }
    c->tau = papsim_tau_from_counts(&c->total);
    c->mean_tau = c->cells_with_tau ? tau_sum / (double)c->cells_with_tau : NAN;
}

int papsim_compare_build(const papsim_table *sim, const papsim_table *real,
                         const char *metric_column, papsim_compare *c, papsim_err *e)
{
    table_view views[2];
    collector col = {0};
    int rc = -1;
    memset(c, 0, sizeof *c);
    c->metric = metric_column;
    c->sim_path = sim->path;
    c->real_path = real->path;
    if (view_table(sim, metric_column, &views[0], e) != 0 ||
        view_table(real, metric_column, &views[1], e) != 0 ||
        collect_table(&col, &views[0], PAPSIM_SIDE_SIM, e) != 0 ||
        collect_table(&col, &views[1], PAPSIM_SIDE_REAL, e) != 0)
        goto out;
    if (!(c->cells = calloc(col.nkeys ? col.nkeys : 1, sizeof *c->cells))) {
        papsim_fail(e, "out of memory");
        goto out;
    }
    for (size_t k = 0; k < col.nkeys; k++) {
        papsim_compare_cell *cell = &c->cells[c->ncells++];
        cell->key = col.keys[k];
        col.keys[k] = NULL; /* the cell owns it now */
        if (build_cell(&col, k, cell) != 0) {
            papsim_fail(e, "out of memory");
            goto out;
        }
    }
    summarise(c);
    if (c->cells_with_winner == 0) {
        papsim_fail(e, "%s and %s have no cell (same case but the algorithm) where an algorithm "
                       "has ok rows on both sides", sim->path, real->path);
        goto out;
    }
    rc = 0;
out:
    free_collector(&col);
    if (rc != 0)
        papsim_compare_free(c);
    return rc;
}

void papsim_compare_free(papsim_compare *c)
{
    for (size_t i = 0; i < c->ncells; i++) {
        free(c->cells[i].key);
        free(c->cells[i].entries);
    }
    free(c->cells);
    c->cells = NULL;
    c->ncells = 0;
}
