/* Text and Markdown tables of the reports; see report_grid.h. */
#include "report/report_grid.h"

#include <stdlib.h>
#include <string.h>

#include "report/report_names.h"

int papsim_grid_init(papsim_grid *g, size_t ncols, size_t field_size)
{
    memset(g, 0, sizeof *g);
    g->ncols = ncols;
    g->field_size = field_size;
    g->sep = " | ";
    g->shared_from = ncols;
    g->capacity = 16;
    g->field = calloc(g->capacity * ncols, field_size);
    g->right = calloc(ncols, 1);
    g->md_rule = malloc(ncols * sizeof *g->md_rule);
    if (!g->field || !g->right || !g->md_rule)
        return -1;
    for (size_t c = 0; c < ncols; c++)
        g->md_rule[c] = "|---";
    return 0;
}

void papsim_grid_free(papsim_grid *g)
{
    free(g->field);
    free(g->right);
    free(g->md_rule);
    memset(g, 0, sizeof *g);
}

char *papsim_grid_add_row(papsim_grid *g)
{
    size_t row_bytes = g->ncols * g->field_size;
    if (g->nrows == g->capacity) {
        size_t cap = 2 * g->capacity;
        char *bigger = realloc(g->field, cap * row_bytes);
        if (!bigger)
            return NULL;
        g->field = bigger;
        g->capacity = cap;
    }
    char *row = g->field + g->nrows * row_bytes;
    memset(row, 0, row_bytes);
    g->nrows++;
    return row;
}

char *papsim_grid_at(const papsim_grid *g, size_t row, size_t col)
{
    return g->field + (row * g->ncols + col) * g->field_size;
}

int papsim_grid_print_text(const papsim_grid *g, FILE *f)
{
    size_t *width = calloc(g->ncols ? g->ncols : 1, sizeof *width);
    if (!width)
        return -1;
    for (size_t r = 0; r < g->nrows; r++)
        for (size_t c = 0; c < g->ncols; c++)
            if (strlen(papsim_grid_at(g, r, c)) > width[c])
                width[c] = strlen(papsim_grid_at(g, r, c));
    size_t shared = g->shared_width;
    for (size_t c = g->shared_from; c < g->ncols && !g->shared_width; c++)
        if (width[c] > shared)
            shared = width[c];
    for (size_t c = g->shared_from; c < g->ncols; c++)
        width[c] = shared;
    for (size_t r = 0; r < g->nrows; r++) {
        for (size_t c = 0; c < g->ncols; c++) {
            int w = c + 1 == g->ncols && !g->right[c] ? 0 : (int)width[c];
            fputs(c ? g->sep : "", f);
            fprintf(f, g->right[c] ? "%*s" : "%-*s", w, papsim_grid_at(g, r, c));
        }
        fputc('\n', f);
        if (r > 0 || !g->text_rule)
            continue;
        for (size_t c = 0; c < g->ncols; c++) {
            fputs(c ? "-+-" : "", f);
            for (size_t i = 0; i < width[c]; i++)
                fputc('-', f);
        }
        fputc('\n', f);
    }
    free(width);
    return 0;
}

int papsim_grid_print_markdown(const papsim_grid *g, FILE *f)
{
    for (size_t r = 0; r < g->nrows; r++) {
        for (size_t c = 0; c < g->ncols; c++)
            papsim_report_md_cell(f, papsim_grid_at(g, r, c));
        fputs("|\n", f);
        if (r > 0)
            continue;
        for (size_t c = 0; c < g->ncols; c++)
            fputs(g->md_rule[c], f);
        fputs("|\n", f);
    }
    return 0;
}
