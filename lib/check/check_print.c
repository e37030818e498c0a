/* What papsim check prints: the coverage table (how many cases exercised
 * each value of each axis), every failure with the command that runs that
 * case alone, a line per algorithm when there are several, and the closing
 * "N passed, N failed[, N skipped]". */
#include "check/check_internal.h"

#include <stdlib.h>
#include <string.h>

#include "papsim_catalog.h"
#include "smpi/launch.h"

#define MAXV 48

typedef struct {
    const char *axis;
    long value[MAXV];
    long cases[MAXV];
    const char *const *names; /* value i is names[i], or NULL: a number */
    int n;
} axis_count;

static void count(axis_count *a, long v)
{
    for (int i = 0; i < a->n; i++)
        if (a->value[i] == v) {
            a->cases[i]++;
            return;
        }
    if (a->n == MAXV)
        return;
    int i = a->n++;
    while (i > 0 && a->value[i - 1] > v) { /* kept in ascending order */
        a->value[i] = a->value[i - 1];
        a->cases[i] = a->cases[i - 1];
        i--;
    }
    a->value[i] = v;
    a->cases[i] = 1;
}

static void print_axis(const axis_count *a, FILE *out)
{
    if (a->n == 0)
        return;
    fprintf(out, "  %-12s", a->axis);
    for (int i = 0; i < a->n; i++) {
        if (a->names)
            fprintf(out, " %s:%ld", a->names[a->value[i]], a->cases[i]);
        else
            fprintf(out, " %ld:%ld", a->value[i], a->cases[i]);
    }
    fputc('\n', out);
}

static const char *const root_names[] = {"first", "middle", "last", "other"};
static const char *const inplace_names[] = {"no", "yes"};

static void print_repro(const papsim_check_options *o, const check_case *c, FILE *out)
{
    char word[256];
    papsim_check_word_format(&c->w, word, sizeof word);
    fprintf(out, "  %s %s %s --np %d --case %s", o->command, o->algos[c->algo].collective,
            o->algos[c->algo].name, c->np, word);
    for (int i = 0; i < o->nplugins; i++) {
        fputs(" --plugin ", out);
        papsim_put_shell_word(out, o->plugins[i]);
    }
    if (strcmp(o->platform, "default")) {
        fputs(" --platform ", out);
        papsim_put_shell_word(out, o->platform);
    }
    if (c->mpi)
        fputs(" --mpi", out);
    fputc('\n', out);
}

/* A collective with a root (the root axis means something). */
static int rooted(const char *coll)
{
    return papsim_collective_has(coll, PAPSIM_C_ROOTED);
}

static int failed(check_status s)
{
    return s == CHECK_FAIL || s == CHECK_HANG || s == CHECK_ERROR;
}

size_t check_print(const papsim_check_options *o, const check_list *l, FILE *out)
{
    axis_count np = {.axis = "np"}, cnt = {.axis = "count"},
               type = {.axis = "datatype", .names = papsim_cw_type_names},
               op = {.axis = "op", .names = papsim_cw_op_names},
               root = {.axis = "root", .names = root_names},
               inpl = {.axis = "in place", .names = inplace_names},
               comm = {.axis = "communicator", .names = papsim_cw_comm_names},
               dist = {.axis = "blocks", .names = papsim_cw_dist_names},
               calls = {.axis = "calls"}, skew = {.axis = "skew", .names = papsim_cw_skew_names},
               seg = {.axis = "segment bytes"}, mpi = {.axis = "MPI"};
    static const char *const mpi_names[] = {"smpi", "real"};
    mpi.names = mpi_names;
    size_t npass = 0, nfail = 0, nskip = 0, nrefused = 0, nrun = 0;
    for (size_t i = 0; i < l->n; i++) {
        const check_case *c = &l->v[i];
        if (c->status == CHECK_SKIP) {
            nskip++;
            continue;
        }
        if (c->status == CHECK_PASS || c->status == CHECK_FAIL || c->status == CHECK_HANG) {
            const papsim_check_word *w = &c->w;
            const int r = w->root % (c->np > 0 ? c->np : 1);
            nrun++;
            count(&np, c->np);
            count(&cnt, w->count);
            count(&type, w->type);
            if (papsim_collective_has(o->algos[c->algo].collective, PAPSIM_C_OP))
                count(&op, w->op);
            if (rooted(o->algos[c->algo].collective))
                count(&root, r == 0 ? 0 : r == c->np - 1 ? 2 : r == c->np / 2 ? 1 : 3);
            count(&inpl, w->inplace);
            count(&comm, w->comm);
            count(&dist, w->dist);
            count(&calls, w->calls);
            count(&skew, w->skew);
            count(&seg, w->seg);
            count(&mpi, c->mpi);
            nrefused += c->refused;
        }
        npass += c->status == CHECK_PASS;
        nfail += failed(c->status);
    }
    if (!o->quiet && nrun) {
        fprintf(out, "coverage (cases run per value of each axis; root: first, middle = np/2, "
                     "last, other):\n");
        const axis_count *axes[] = {&np, &cnt, &type, &op, &root, &inpl, &comm, &dist, &calls,
                                    &skew, &seg, &mpi};
        for (size_t i = 0; i < sizeof axes / sizeof axes[0]; i++)
            print_axis(axes[i], out);
        fprintf(out, "  %-12s %zu cases where a declared restriction applies (its error class "
                     "on every rank)\n", "restriction", nrefused);
    }
    for (size_t i = 0; i < l->n; i++) {
        const check_case *c = &l->v[i];
        if (!failed(c->status))
            continue;
        char word[256];
        papsim_check_word_format(&c->w, word, sizeof word);
        fprintf(out, "FAIL %s/%s np=%d %s%s: %s\n", o->algos[c->algo].collective,
                o->algos[c->algo].name, c->np, word, c->mpi ? " (real MPI)" : "",
                c->why ? c->why : "");
        print_repro(o, c, out);
    }
    for (int a = 0; o->nalgos > 1 && a < o->nalgos; a++) {
        size_t p = 0, f = 0, s = 0;
        for (size_t i = 0; i < l->n; i++)
            if (l->v[i].algo == a) {
                p += l->v[i].status == CHECK_PASS;
                f += failed(l->v[i].status);
                s += l->v[i].status == CHECK_SKIP;
            }
        fprintf(out, "%s/%s: %zu passed, %zu failed", o->algos[a].collective, o->algos[a].name,
                p, f);
        if (s)
            fprintf(out, ", %zu skipped", s);
        fputc('\n', out);
    }
    fprintf(out, "%zu passed, %zu failed", npass, nfail);
    if (nskip)
        fprintf(out, ", %zu skipped", nskip);
    fputc('\n', out);
    return nfail;
}
