/* The registries as tables (report_catalog.h). */
#include "report/report_catalog.h"

#include <string.h>

#include "papsim_catalog.h"
#include "plugin.h"
#include "report/report_names.h"

/* A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line
 * break, with quotes doubled. */
static void put_csv(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* One row of n fields: CSV fields joined by commas, or Markdown cells (the
 * field `code` in backquotes, -1 for none). */
static void put_row(FILE *f, papsim_list_format format, const char *const *v, int n, int code)
{
    for (int k = 0; k < n; k++) {
        if (format == PAPSIM_LIST_CSV) {
            if (k)
                fputc(',', f);
            put_csv(f, v[k]);
        } else if (k == code) {
            fprintf(f, "| `%s` ", v[k]);
        } else {
            papsim_report_md_cell(f, v[k]);
        }
    }
    fputs(format == PAPSIM_LIST_MD ? "|\n" : "\n", f);
}

void papsim_report_algorithm_list(FILE *f, papsim_list_format format, const char *only, int np)
{
    if (format == PAPSIM_LIST_TEXT)
        fprintf(f, "%-10s %-18s %-28s %s\n", "collective", "algorithm", "restrictions",
                "description");
    else if (format == PAPSIM_LIST_CSV)
        fputs("collective,algorithm,restrictions,knobs,msgcount,open_mpi,mpich,description\n", f);
    else
        fputs("| collective | algorithm | restrictions | knobs | msgcount | Open MPI | MPICH | "
              "description |\n|---|---|---|---|---|---|---|---|\n", f);
    for (size_t i = 0; i < papsim_catalog_size + papsim_plugin_count(); i++) {
        const papsim_catalog_entry *a = i < papsim_catalog_size
            ? &papsim_catalog[i] : papsim_plugin_at(i - papsim_catalog_size, NULL);
        char flags[128], knobs[160], why[256];
        if (only && strcmp(only, a->collective))
            continue;
        if (np > 0 && papsim_catalog_check_np(a, np, why, sizeof why) != 0)
            continue;
        papsim_catalog_flags_text(a->flags, flags, sizeof flags);
        papsim_catalog_knobs_text(a->knobs, knobs, sizeof knobs);
        if (format == PAPSIM_LIST_TEXT) {
            fprintf(f, "%-10s %-18s %-28s %s\n", a->collective, a->name, flags, a->description);
            continue;
        }
        const char *const v[] = {a->collective, a->name, flags, knobs,
                                 a->msgcount_name[0] ? a->msgcount_name : "default",
                                 a->open_mpi, a->mpich, a->description};
        put_row(f, format, v, 8, 1);
    }
}

enum { COLL_FIELDS = 8, FIELD_MAX = 160 };

/* The fields of collective i (the header for i == papsim_ncollectives). */
static void collective_fields(size_t i, char v[COLL_FIELDS][FIELD_MAX])
{
    static const char *const header[COLL_FIELDS] = {"collective", "mpi",  "signature", "family",
                                                   "traits",     "smpi", "open_mpi",  "bytes"};
    if (i == papsim_ncollectives) {
        for (int k = 0; k < COLL_FIELDS; k++)
            snprintf(v[k], FIELD_MAX, "%s", header[k]);
        return;
    }
    const papsim_collective_entry *c = &papsim_collective_table[i];
    snprintf(v[0], FIELD_MAX, "%s", c->name);
    snprintf(v[1], FIELD_MAX, "MPI_%s", c->mpi);
    snprintf(v[2], FIELD_MAX, "%s", c->signature);
    snprintf(v[3], FIELD_MAX, "%s", c->family);
    papsim_collective_traits_text(c->traits, v[4], FIELD_MAX);
    snprintf(v[5], FIELD_MAX, "%s%s", c->smpi[0] ? "smpi/" : "", c->smpi);
    snprintf(v[6], FIELD_MAX, c->open_mpi >= 0 ? "%d" : "", c->open_mpi);
    snprintf(v[7], FIELD_MAX, "%s", c->bytes);
}

void papsim_report_collective_list(FILE *f, papsim_list_format format)
{
    char v[COLL_FIELDS][FIELD_MAX];
    const char *row[COLL_FIELDS];
    int width[COLL_FIELDS] = {0};
    for (int k = 0; k < COLL_FIELDS; k++)
        row[k] = v[k];
    for (size_t i = 0; i <= papsim_ncollectives; i++) {
        collective_fields(i, v);
        for (int k = 0; k < COLL_FIELDS; k++)
            width[k] = (int)strlen(v[k]) > width[k] ? (int)strlen(v[k]) : width[k];
    }
    if (format == PAPSIM_LIST_MD)
        fputs("| collective | MPI function | signature | papbench family | traits | SMPI option | "
              "Open MPI id | bytes (m) |\n|---|---|---|---|---|---|---|---|\n", f);
    for (size_t n = 0; n <= papsim_ncollectives; n++) {
        const size_t i = n == 0 ? papsim_ncollectives : n - 1; /* the header first */
        if (format == PAPSIM_LIST_MD && n == 0)
            continue;
        collective_fields(i, v);
        if (format != PAPSIM_LIST_TEXT) {
            put_row(f, format, row, COLL_FIELDS, 1);
            continue;
        }
        for (int k = 0; k < COLL_FIELDS; k++)
            fprintf(f, "%-*s%s", k + 1 < COLL_FIELDS ? width[k] : 0, v[k],
                    k + 1 < COLL_FIELDS ? "  " : "");
        fputc('\n', f);
    }
}
