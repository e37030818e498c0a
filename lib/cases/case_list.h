/* A list of cases read from a cases file: one case per line, written as the
 * same long options papbench takes (`--collective reduce --bytes 8 ...`),
 * each applied on top of a base case. Blank lines and '#' comments are
 * skipped. A value with blanks or quotes is single-quoted, a quote inside
 * doubled: --platform 'plat dir/p.xml' (papsim_case_write_args writes so). */
#ifndef PAPSIM_CASE_LIST_H
#define PAPSIM_CASE_LIST_H

#include "cases/case.h"

typedef struct {
    int ncases;
    int capacity; /* slots allocated in cases and lines */
    papsim_case *cases;
    int *lines; /* the file line of each case, 0 when not from a file */
} papsim_case_list;

/* path NULL gives a one-case list holding *base. */
int papsim_case_list_build(const papsim_case *base, const char *path, papsim_case_list *list,
                           papsim_err *e);
void papsim_case_list_free(papsim_case_list *list);

#endif
