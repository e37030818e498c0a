/* papsim list: one line per registered algorithm, or with --collectives one
 * per collective, as a text table, CSV or a Markdown table
 * (docs/algorithms.md holds both Markdown outputs). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "papsim_catalog.h"
#include "plugin.h"
#include "util/units.h"

enum list_format { LIST_TEXT, LIST_CSV, LIST_MD };

/* A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line
 * break, with quotes doubled. */
static void put_csv(const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    putchar('"');
}

/* A Markdown table cell: '|' escaped, so a description cannot split a row. */
static void put_md(const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            putchar('\\');
        putchar(*s);
    }
}

enum { COLL_FIELDS = 8, FIELD_MAX = 160 };

/* The fields of collective i (the header for i == papsim_ncollectives). */
static void collective_fields(size_t i, char f[COLL_FIELDS][FIELD_MAX])
{
    static const char *const header[COLL_FIELDS] = {"collective", "mpi",  "signature", "family",
                                                   "traits",     "smpi", "open_mpi",  "bytes"};
    if (i == papsim_ncollectives) {
        for (int k = 0; k < COLL_FIELDS; k++)
            snprintf(f[k], FIELD_MAX, "%s", header[k]);
        return;
    }
    const papsim_collective_entry *c = &papsim_collective_table[i];
    snprintf(f[0], FIELD_MAX, "%s", c->name);
    snprintf(f[1], FIELD_MAX, "MPI_%s", c->mpi);
    snprintf(f[2], FIELD_MAX, "%s", c->signature);
    snprintf(f[3], FIELD_MAX, "%s", c->family);
    papsim_collective_traits_text(c->traits, f[4], FIELD_MAX);
    snprintf(f[5], FIELD_MAX, "%s%s", c->smpi[0] ? "smpi/" : "", c->smpi);
    snprintf(f[6], FIELD_MAX, c->open_mpi >= 0 ? "%d" : "", c->open_mpi);
    snprintf(f[7], FIELD_MAX, "%s", c->bytes);
}

/* The collectives registry (collectives.def), one row per collective, the
 * header first; text columns as wide as their widest field. */
static int list_collectives(enum list_format format)
{
    char f[COLL_FIELDS][FIELD_MAX];
    int width[COLL_FIELDS] = {0};
    for (size_t i = 0; i <= papsim_ncollectives; i++) {
        collective_fields(i, f);
        for (int k = 0; k < COLL_FIELDS; k++)
            width[k] = (int)strlen(f[k]) > width[k] ? (int)strlen(f[k]) : width[k];
    }
    if (format == LIST_MD)
        fputs("| collective | MPI function | signature | papbench family | traits | SMPI option | "
              "Open MPI id | bytes (m) |\n|---|---|---|---|---|---|---|---|\n",
              stdout);
    for (size_t n = 0; n <= papsim_ncollectives; n++) {
        const size_t i = n == 0 ? papsim_ncollectives : n - 1; /* the header first */
        if (format == LIST_MD && n == 0)
            continue;
        collective_fields(i, f);
        for (int k = 0; k < COLL_FIELDS; k++) {
            if (format == LIST_CSV) {
                if (k)
                    putchar(',');
                put_csv(f[k]);
            } else if (format == LIST_MD) {
                printf(k == 1 ? "| `%s`" : "| ", f[k]);
                if (k != 1)
                    put_md(f[k]);
                putchar(' ');
            } else {
                printf("%-*s%s", k + 1 < COLL_FIELDS ? width[k] : 0, f[k],
                       k + 1 < COLL_FIELDS ? "  " : "");
            }
        }
        fputs(format == LIST_MD ? "|\n" : "\n", stdout);
    }
    return 0;
}

int papsim_cmd_list(int argc, char **argv)
{
    int collectives = 0;
    const char *only = NULL;
    long np = 0;
    enum list_format format = LIST_TEXT;
    for (int i = 1; i < argc; i++) {
        if ((!strcmp(argv[i], "--np") || !strcmp(argv[i], "--format")) && i + 1 == argc)
            return papsim_cmd_bad_option("list", ':', argv[i]);
        if (!strcmp(argv[i], "--np")) {
            papsim_err e = {{0}};
            if (papsim_parse_long(argv[++i], 1, 1 << 24, "--np", &np, &e))
                return papsim_cmd_bad_input("list", "%s", e.msg);
            continue;
        }
        if (!strcmp(argv[i], "--plugin")) { /* a user's algorithm, either MPI's build */
            char why[1024];
            if (papsim_plugin_register(i + 1 < argc ? argv[++i] : "", NULL, why, sizeof why))
                return papsim_cmd_bad_input("list", "--plugin %s", why);
            continue;
        }
        if (!strcmp(argv[i], "--format") || !strncmp(argv[i], "--format=", 9)) {
            const char *f = argv[i][8] == '=' ? argv[i] + 9 : (i + 1 < argc ? argv[++i] : "");
            if (!strcmp(f, "text"))
                format = LIST_TEXT;
            else if (!strcmp(f, "csv"))
                format = LIST_CSV;
            else if (!strcmp(f, "md"))
                format = LIST_MD;
            else
                return papsim_cmd_bad_input(
                    "list", "--format: '%s' is not a format (valid: text, csv, md)", f);
            continue;
        }
        if (!strcmp(argv[i], "--collectives")) {
            collectives = 1;
            continue;
        }
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: papsim list [COLLECTIVE] [--np N] [--format text|csv|md] [--plugin FILE]...\n"
                   "       papsim list --collectives [--format text|csv|md]\n"
                   "One line per algorithm: collective, name, restrictions, description\n"
                   "(--np N: only the algorithms whose process-count restrictions N meets)\n"
                   "(pattern and alpha/beta/gamma cost; p ranks, m bytes). Any collective\n"
                   "also takes builtin:NAME, the MPI library's own algorithm NAME (under\n"
                   "SMPI: smpirun --cfg=smpi/<collective>:help lists them).\n"
                   "--format: text (default, aligned columns), csv (a header line\n"
                   "collective,algorithm,restrictions,knobs,msgcount,open_mpi,mpich,description,\n"
                   "then one row per algorithm, quoted as RFC 4180; knobs: the spec keys the\n"
                   "algorithm reads, msgcount: its message-count model, open_mpi and mpich:\n"
                   "the matching algorithm of those libraries, empty if none is recorded) or\n"
                   "md (the same columns as a Markdown table; docs/algorithms.md holds\n"
                   "`papsim list --format md`).\n"
                   "--plugin FILE: also a user's algorithm (papsim new), listed as user:NAME\n"
                   "with msgcount 'default' when it declares no model; repeatable.\n"
                   "--collectives: one line per collective instead (the collectives\n"
                   "registry): its MPI function, signature, papbench family, traits (rooted,\n"
                   "op, v-form, one buffer, no data, strict knobs, no builtin), SMPI's option,\n"
                   "Open MPI's collective id and what its bytes are.\n");
            return 0;
        }
        if (argv[i][0] == '-')
            return papsim_cmd_bad_option("list", '?', argv[i]);
        if (!papsim_collective_known(argv[i])) {
            char names[256];
            papsim_collective_names(names, sizeof names);
            return papsim_cmd_bad_input("list", "unknown collective '%s' (valid: %s)", argv[i],
                                        names);
        }
        only = argv[i];
    }
    if (collectives) {
        if (only || np > 0)
            return papsim_cmd_bad_input("list", "--collectives takes no COLLECTIVE and no --np");
        return list_collectives(format);
    }
    if (format == LIST_TEXT)
        printf("%-10s %-18s %-28s %s\n", "collective", "algorithm", "restrictions", "description");
    else if (format == LIST_CSV)
        printf("collective,algorithm,restrictions,knobs,msgcount,open_mpi,mpich,description\n");
    else
        printf("| collective | algorithm | restrictions | knobs | msgcount | Open MPI | MPICH | "
               "description |\n|---|---|---|---|---|---|---|---|\n");
    for (size_t i = 0; i < papsim_catalog_size + papsim_plugin_count(); i++) {
        const papsim_catalog_entry *a = i < papsim_catalog_size
            ? &papsim_catalog[i] : papsim_plugin_at(i - papsim_catalog_size, NULL);
        const char *model = a->msgcount_name[0] ? a->msgcount_name : "default";
        char flags[128], knobs[160];
        char why[256];
        if (only && strcmp(only, a->collective))
            continue;
        if (np > 0 && papsim_catalog_check_np(a, (int)np, why, sizeof why) != 0)
            continue;
        papsim_catalog_flags_text(a->flags, flags, sizeof flags);
        papsim_catalog_knobs_text(a->knobs, knobs, sizeof knobs);
        if (format == LIST_TEXT) {
            printf("%-10s %-18s %-28s %s\n", a->collective, a->name, flags, a->description);
        } else if (format == LIST_CSV) {
            put_csv(a->collective);
            putchar(',');
            put_csv(a->name);
            putchar(',');
            put_csv(flags);
            printf(",%s,%s,", knobs, model);
            put_csv(a->open_mpi);
            putchar(',');
            put_csv(a->mpich);
            putchar(',');
            put_csv(a->description);
            putchar('\n');
        } else {
            printf("| %s | `%s` | ", a->collective, a->name);
            put_md(flags);
            printf(" | %s | %s | ", knobs, model);
            put_md(a->open_mpi);
            fputs(" | ", stdout);
            put_md(a->mpich);
            fputs(" | ", stdout);
            put_md(a->description);
            fputs(" |\n", stdout);
        }
    }
    return 0;
}
