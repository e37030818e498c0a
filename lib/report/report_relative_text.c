/* relative_BASE.txt and relative_BASE.md: a header that defines the numbers,
 * then per panel and pattern one table (rows: size x skew; columns: BASE,
 * then the other algorithms; cell: median time and ratio) with footnotes for
 * the "-" cells. Both formats print the same field grid. */
#include "report/report_relative.h"
#include "report/report_keys.h"
#include "report/report_grid.h"
#include "util/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FIELD_MAX 128

typedef struct {
    size_t not_run;       /* cells of algorithms without a row there */
    size_t not_ok;        /* cells whose rows all failed or were refused */
    const char *statuses[8]; /* the distinct statuses of those, in order met */
    size_t nstatuses;
    size_t status_count[8];
    size_t no_base;       /* rows where BASE has no ok repetition */
    size_t own_skew;      /* rows whose absolute skew differs by algorithm */
} footnotes;

static void format_ratio(double ratio, char *buf, size_t len)
{
    if (isnan(ratio))
        snprintf(buf, len, "-");
    else if (ratio != 0 && ratio < 0.01)
        snprintf(buf, len, "%.2g", ratio);
    else
        snprintf(buf, len, "%.2f", ratio);
}

/* "177.1 us (1.00)", "612 us (-)" without a BASE value, "-" without a value;
 * with --spread the range and counts follow the median: "177.1 us
 * [170..190.5] n=4 +1 missed (1.00)", "- n=0 +5 missed". */
static void cell_text(const papsim_rel_cell *c, int spread, char *buf, size_t len)
{
    char t[32], q[32], s[96] = "";
    if (spread)
        papsim_format_spread(c->value, &c->spread, s, sizeof s);
    if (c->state != PAPSIM_REL_OK) {
        snprintf(buf, len, "-%s", s);
        return;
    }
    papsim_format_seconds(c->value, t, sizeof t);
    format_ratio(c->ratio, q, sizeof q);
    snprintf(buf, len, "%s%s (%s)", t, s, q);
}

/* The absolute skew of the run, and the spec's factor when it was relative:
 * "0", "100 us", "263.4 us (1.5x)"; a per-algorithm skew by its factor only. */
static void skew_text(const papsim_rel_row *row, char *buf, size_t len)
{
    papsim_skew s;
    char t[32];
    int parsed = papsim_parse_skew(row->skew, &s, NULL) == 0;
    double abs_s = !isnan(row->skew_s) ? row->skew_s
                   : parsed && s.kind == PAPSIM_SKEW_ABSOLUTE ? s.value
                                                              : NAN;
    if (isnan(abs_s)) {
        snprintf(buf, len, "%s", row->skew);
        return;
    }
    if (abs_s == 0)
        snprintf(t, sizeof t, "0");
    else
        papsim_format_seconds(abs_s, t, sizeof t);
    if (parsed && s.kind != PAPSIM_SKEW_ABSOLUTE)
        snprintf(buf, len, "%s (%s)", t, row->skew);
    else
        snprintf(buf, len, "%s", t);
}

static void count_status(footnotes *fn, const char *status)
{
    size_t i = 0;
    while (i < fn->nstatuses && strcmp(fn->statuses[i], status) != 0)
        i++;
    if (i == fn->nstatuses) {
        if (i == sizeof fn->statuses / sizeof fn->statuses[0])
            i--; /* more distinct statuses than papsim writes: pool the rest */
        else
            fn->statuses[fn->nstatuses++] = status;
    }
    fn->status_count[i]++;
}

static void note_row(footnotes *fn, const papsim_report_panel *p, const papsim_rel_row *row)
{
    if (row->cells[0].state != PAPSIM_REL_OK)
        fn->no_base++;
    papsim_skew s;
    if (isnan(row->skew_s) && papsim_parse_skew(row->skew, &s, NULL) == 0 &&
        s.kind == PAPSIM_SKEW_OWN)
        fn->own_skew++;
    for (size_t a = 0; a < p->nalgorithms; a++) {
        const papsim_rel_cell *c = &row->cells[a];
        if (c->state == PAPSIM_REL_NOT_RUN)
            fn->not_run++;
        else if (c->state == PAPSIM_REL_NOT_OK) {
            fn->not_ok++;
            count_status(fn, c->status);
        }
    }
}

/* The grid of rows [first, last) of panel p, all of one pattern. */
static int build_grid(const papsim_report_panel *p, size_t first, size_t last, int spread,
                      papsim_grid *g, footnotes *fn)
{
    if (papsim_grid_init(g, 2 + p->nalgorithms, FIELD_MAX) != 0)
        return -1;
    g->text_rule = 1;
    for (size_t c = 2; c < g->ncols; c++)
        g->md_rule[c] = "|--:";
    for (size_t i = first; i <= last; i++)
        if (!papsim_grid_add_row(g))
            return -1;
    snprintf(papsim_grid_at(g, 0, 0), FIELD_MAX, "size");
    snprintf(papsim_grid_at(g, 0, 1), FIELD_MAX, "skew");
    for (size_t a = 0; a < p->nalgorithms; a++)
        snprintf(papsim_grid_at(g, 0, 2 + a), FIELD_MAX, "%s", p->algorithms[a]);
    for (size_t i = first; i < last; i++) {
        const papsim_rel_row *row = &p->rows[i];
        size_t gr = 1 + i - first;
        papsim_format_bytes(row->bytes, papsim_grid_at(g, gr, 0), FIELD_MAX);
        skew_text(row, papsim_grid_at(g, gr, 1), FIELD_MAX);
        for (size_t a = 0; a < p->nalgorithms; a++)
            cell_text(&row->cells[a], spread, papsim_grid_at(g, gr, 2 + a), FIELD_MAX);
        note_row(fn, p, row);
    }
    return 0;
}

static void print_footnotes(const papsim_rel_report *r, const footnotes *fn, const char *bullet,
                            FILE *f)
{
    if (fn->not_ok || fn->not_run) {
        fprintf(f, "%s\"-\": %zu cell(s) without an ok repetition (", bullet,
                fn->not_ok + fn->not_run);
        for (size_t i = 0; i < fn->nstatuses; i++)
            fprintf(f, "%s%s %zu", i ? ", " : "", fn->statuses[i], fn->status_count[i]);
        if (fn->not_run)
            fprintf(f, "%sno row %zu", fn->nstatuses ? ", " : "", fn->not_run);
        fprintf(f, ")\n");
    }
    if (fn->no_base)
        fprintf(f, "%s\"(-)\": %s has no ok repetition in %zu row(s), so no ratio there\n",
                bullet, r->base, fn->no_base);
    if (fn->own_skew)
        fprintf(f, "%sa skew 'Fx-own' is F x each algorithm's own no-delay time: the absolute "
                   "skew differs by column\n", bullet);
}

static int write_header(const papsim_rel_report *r, int markdown, FILE *f)
{
    const char *b = markdown ? "- " : "";
    if (markdown)
        fprintf(f, "# Relative to %s: %s\n\n", r->base, r->metric_label);
    else
        fprintf(f, "papsim report --relative %s: %s\n", r->base, r->metric_label);
    fprintf(f, "%sinput: %s\n", b, r->path);
    fprintf(f, "%scell: median %s over the ok repetitions, and in parentheses %s\n", b,
            r->metric_label,
            r->speedup ? "the speedup T(base)/T(algorithm)" : "the ratio T(algorithm)/T(base)");
    if (r->spread)
        fprintf(f, "%s--spread: after the median, [min..max] of the ok repetitions (when two or "
                   "more) in the median's unit, n= how many were ok, \"+k missed\" repetitions "
                   "where a rank missed its start (missed_start), \"+k not ok\" repetitions of "
                   "other statuses\n", b);
    fprintf(f, "%sskew: the absolute skew used (results.csv skew_s); \"(1.5x)\" is the spec's "
               "factor of the mean no-delay total delay of the block's algorithms\n", b);
    if (r->nskipped)
        fprintf(f, "%spanels without any %s row, left out: %zu\n", b, r->base, r->nskipped);
    return fputc('\n', f) == EOF ? -1 : 0;
}

static int write_table(const papsim_rel_report *r, const papsim_report_panel *p, size_t first,
                       size_t last, int markdown, FILE *f)
{
    papsim_grid g = {0};
    footnotes fn = {0};
    if (build_grid(p, first, last, r->spread, &g, &fn) != 0) {
        papsim_grid_free(&g);
        return -1;
    }
    if (markdown)
        fprintf(f, "pattern: %s\n\n", p->rows[first].pattern);
    else
        fprintf(f, "pattern: %s\n", p->rows[first].pattern);
    if ((markdown ? papsim_grid_print_markdown : papsim_grid_print_text)(&g, f) != 0) {
        papsim_grid_free(&g);
        return -1;
    }
    if (markdown && (fn.not_ok || fn.not_run || fn.no_base || fn.own_skew))
        fputc('\n', f);
    print_footnotes(r, &fn, markdown ? "- " : "", f);
    fputc('\n', f);
    papsim_grid_free(&g);
    return 0;
}

int papsim_rel_write(const papsim_rel_report *r, FILE *f, int markdown)
{
    char title[1024];
    if (write_header(r, markdown, f) != 0)
        return -1;
    for (size_t i = 0; i < r->npanels; i++) {
        const papsim_report_panel *p = &r->panels[i];
        papsim_panel_keys_title(p->key, PAPSIM_PK_SKEW, title, sizeof title);
        fprintf(f, markdown ? "## %s\n\n" : "== %s ==\n", title);
        for (size_t first = 0; first < p->nrows;) {
            size_t last = first;
            while (last < p->nrows && strcmp(p->rows[last].pattern, p->rows[first].pattern) == 0)
                last++;
            if (write_table(r, p, first, last, markdown, f) != 0)
                return -1;
            first = last;
        }
    }
    return ferror(f) ? -1 : 0;
}
