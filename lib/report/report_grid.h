/* A table of text fields that the reports print both as aligned plain text
 * and as Markdown, so the two formats always carry the same cells. */
#ifndef PAPSIM_REPORT_GRID_H
#define PAPSIM_REPORT_GRID_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    size_t nrows, ncols, capacity;
    size_t field_size;     /* bytes of one field, its terminating NUL included */
    char *field;           /* [(row * ncols + col) * field_size]; row 0 is the header */
    unsigned char *right;  /* [col]: right-aligned in text (then padded even when last) */
    const char **md_rule;  /* [col]: Markdown rule under the header; "|---" by default */
    int text_rule;         /* text: a "-+-" rule of dashes under the header */
    const char *sep;       /* text: between columns; " | " by default */
    size_t shared_from;    /* text: columns from this one share one width (ncols: none) */
    size_t shared_width;   /* that width; 0: the widest field among those columns */
} papsim_grid;

/* An empty grid of ncols columns; 0, or -1 when memory runs out (the grid
 * must still be freed). */
int papsim_grid_init(papsim_grid *g, size_t ncols, size_t field_size);
void papsim_grid_free(papsim_grid *g);

/* Appends an empty row and returns its first field, or NULL. */
char *papsim_grid_add_row(papsim_grid *g);

/* Field (row, col). */
char *papsim_grid_at(const papsim_grid *g, size_t row, size_t col);

/* Columns padded to their widest field (or to the shared width), the last
 * one not (no trailing blanks) unless right-aligned, separated by sep. 0, or
 * -1 without memory. */
int papsim_grid_print_text(const papsim_grid *g, FILE *f);

/* "| a | b |" rows, the per-column rule under the header. */
int papsim_grid_print_markdown(const papsim_grid *g, FILE *f);

#endif
