/* The files `papsim tune --mpi mpich` writes (tune_mpich.h): MPICH 4.0.2's
 * selection file, the default tree with the study's choices in front, and
 * the summary against the default tree's choice.
 *
 * MPICH reads the file with json-c, where a key repeated in one object
 * replaces the first; so no object written here holds a key twice: the
 * default branch a guard falls back to sits one level down, under
 * "comm_size=any" (a key that always holds). MPICH 4.0.2 runs the chosen
 * algorithm without checking its restrictions, so a leaf whose MPICH
 * algorithm needs a power-of-two communicator or count >= the power of two
 * below it (coll_algorithms.txt: power-of-two, size-ge-pof2) falls back to
 * the default where those do not hold. */
#include "tune/tune_mpich.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cases/case.h"
#include "report/report_format.h"

/* MPICH 4.0.2 algorithms with a restriction the tree must respect. */
static const struct {
    const char *algorithm;
    int pow2;       /* power-of-two communicator */
    int count_pof2; /* count >= the largest power of two <= comm size */
} restricted[] = {
    {"MPIR_Allgather_intra_recursive_doubling", 1, 0},
    {"MPIR_Allgatherv_intra_recursive_doubling", 1, 0},
    {"MPIR_Bcast_intra_scatter_recursive_doubling_allgather", 1, 0},
    {"MPIR_Reduce_scatter_block_intra_noncommutative", 1, 0},
    {"MPIR_Reduce_scatter_intra_noncommutative", 1, 0},
    {"MPIR_Reduce_intra_reduce_scatter_gather", 0, 1},
    {"MPIR_Allreduce_intra_reduce_scatter_allgather", 0, 1},
};

/* The guards of a tuned collective's branch: what the study measured. */
static const struct {
    const char *collective;
    const char *keys[3];
} guards[] = {
    {"allreduce", {"is_commutative=yes", "is_op_built_in=yes"}},
    {"reduce", {"is_commutative=yes", "is_op_built_in=yes"}},
    {"reduce_scatter", {"is_commutative=yes", "is_block_regular=yes"}},
    {"reduce_scatter_block", {"is_commutative=yes"}},
    {"alltoall", {"is_sendbuf_inplace=no"}},
};

static const char *const *guard_keys(const char *collective)
{
    static const char *const none[1] = {NULL};
    for (size_t i = 0; i < sizeof guards / sizeof guards[0]; i++)
        if (strcmp(guards[i].collective, collective) == 0)
            return guards[i].keys;
    return none;
}

static const papsim_csel_node *kid(const papsim_csel_node *n, const char *key)
{
    for (size_t i = 0; n && i < n->nkids; i++)
        if (strcmp(n->kids[i].key, key) == 0)
            return &n->kids[i];
    return NULL;
}

static const papsim_csel_node *collective_node(const papsim_csel_node *root, const char *c)
{
    char key[64];
    snprintf(key, sizeof key, "collective=%s", c);
    return kid(root, key);
}

static void indent(FILE *f, int depth)
{
    fprintf(f, "%*s", 2 * depth, "");
}

/* The members of n (not n itself), one per line, at depth. */
static void write_members(FILE *f, const papsim_csel_node *n, int depth, int *first);

static void open_member(FILE *f, const char *key, int depth, int *first)
{
    fprintf(f, "%s\n", *first ? "" : ",");
    *first = 0;
    indent(f, depth);
    fprintf(f, "\"%s\": {", key);
}

static void close_member(FILE *f, int depth, int empty)
{
    if (!empty) {
        fputc('\n', f);
        indent(f, depth);
    }
    fputc('}', f);
}

static void write_members(FILE *f, const papsim_csel_node *n, int depth, int *first)
{
    for (size_t i = 0; i < n->nkids; i++) {
        int inner = 1;
        open_member(f, n->kids[i].key, depth, first);
        write_members(f, &n->kids[i], depth + 1, &inner);
        close_member(f, depth, n->kids[i].nkids == 0);
    }
}

/* "comm_size=any": {the default's members}: a fallback that always holds. */
static void write_fallback(FILE *f, const papsim_csel_node *fallback, int depth, int *first)
{
    int inner = 1;
    open_member(f, "comm_size=any", depth, first);
    write_members(f, fallback, depth + 1, &inner);
    close_member(f, depth, 0);
}

/* The members that select one algorithm, with its restrictions. */
static void write_leaf(FILE *f, const char *algorithm, const papsim_csel_node *fallback,
                       int depth, int *first)
{
    char key[96];
    int inner = 1;
    snprintf(key, sizeof key, "algorithm=%s", algorithm);
    for (size_t i = 0; i < sizeof restricted / sizeof restricted[0]; i++) {
        if (strcmp(restricted[i].algorithm, algorithm) != 0)
            continue;
        if (restricted[i].pow2) {
            open_member(f, "comm_size=pow2", depth, first);
            open_member(f, key, depth + 1, &inner);
            close_member(f, depth + 1, 1);
            close_member(f, depth, 0);
            write_fallback(f, fallback, depth, first);
        } else {
            open_member(f, "count<pow2", depth, first);
            write_members(f, fallback, depth + 1, &inner);
            close_member(f, depth, 0);
            inner = 1;
            open_member(f, "count=any", depth, first);
            open_member(f, key, depth + 1, &inner);
            close_member(f, depth + 1, 1);
            close_member(f, depth, 0);
        }
        return;
    }
    open_member(f, key, depth, first);
    close_member(f, depth, 1);
}

/* The message-size rules of one group: point k holds up to the next
 * point's threshold - 1 (MPICH compares "<="), the last for any size;
 * consecutive points with one algorithm are one rule. */
static void write_sizes(FILE *f, const papsim_tune_group *g, const papsim_csel_node *fallback,
                        int depth, int *first)
{
    const char *key = papsim_tune_mpich_msg_key(g->collective);
    for (size_t k = 0; k < g->npoints; k++) {
        const papsim_tune_point *pt = &g->points[k];
        size_t last = k;
        while (key && last + 1 < g->npoints && g->points[last + 1].alg == pt->alg)
            last++;
        char cond[96];
        int inner = 1;
        if (!key || last + 1 == g->npoints)
            snprintf(cond, sizeof cond, "%s=any", key ? key : "comm_size");
        else
            snprintf(cond, sizeof cond, "%s<=%lld", key, g->points[last + 1].threshold - 1);
        open_member(f, cond, depth, first);
        write_leaf(f, pt->ompi_name, fallback, depth + 1, &inner);
        close_member(f, depth, 0);
        if (!key)
            return;
        k = last;
    }
}

/* The tuned members of one collective's intra-communicator branch: guards,
 * then per studied np up to the next one's - 1 (the last for every larger
 * size), each a fallback sibling; sizes below the smallest np fall back. */
static void write_tuned(FILE *f, const papsim_tune_plan *plan, size_t g0, size_t g1,
                        const papsim_csel_node *fallback, int depth, int level, int *first)
{
    const char *const *keys = guard_keys(plan->groups[g0].collective);
    if (keys[level]) {
        int inner = 1;
        open_member(f, keys[level], depth, first);
        write_tuned(f, plan, g0, g1, fallback, depth + 1, level + 1, &inner);
        close_member(f, depth, 0);
        write_fallback(f, fallback, depth, first);
        return;
    }
    char cond[64];
    if (plan->groups[g0].np > 1) {
        int inner = 1;
        snprintf(cond, sizeof cond, "comm_size<=%d", plan->groups[g0].np - 1);
        open_member(f, cond, depth, first);
        write_members(f, fallback, depth + 1, &inner);
        close_member(f, depth, 0);
    }
    for (size_t i = g0; i < g1; i++) {
        int inner = 1;
        if (i + 1 < g1)
            snprintf(cond, sizeof cond, "comm_size<=%d", plan->groups[i + 1].np - 1);
        else
            snprintf(cond, sizeof cond, "comm_size=any");
        open_member(f, cond, depth, first);
        write_sizes(f, &plan->groups[i], fallback, depth + 1, &inner);
        close_member(f, depth, 0);
    }
}

int papsim_tune_write_mpich(const papsim_tune_plan *plan, const papsim_csel_node *defaults,
                            const char *default_path, const char *source, FILE *f)
{
    (void)default_path;
    (void)source;
    int first = 1;
    fputc('{', f);
    for (size_t i = 0; i < defaults->nkids; i++) {
        const papsim_csel_node *c = &defaults->kids[i];
        const char *name = c->key + strlen("collective=");
        size_t g0 = 0, g1;
        while (g0 < plan->ngroups && strcmp(plan->groups[g0].collective, name) != 0)
            g0++;
        for (g1 = g0; g1 < plan->ngroups && strcmp(plan->groups[g1].collective, name) == 0;)
            g1++;
        if (g0 == g1) { /* not tuned: as MPICH's default has it */
            int inner = 1;
            open_member(f, c->key, 1, &first);
            write_members(f, c, 2, &inner);
            close_member(f, 1, c->nkids == 0);
            continue;
        }
        const papsim_csel_node *intra = kid(c, "comm_type=intra");
        const papsim_csel_node *fallback = intra ? intra : c;
        int inner = 1, tuned = 1;
        open_member(f, c->key, 1, &first);
        open_member(f, "comm_type=intra", 2, &inner);
        write_tuned(f, plan, g0, g1, fallback, 3, 0, &tuned);
        close_member(f, 2, 0);
        for (size_t k = 0; k < c->nkids; k++) {
            if (&c->kids[k] == intra)
                continue;
            int deeper = 1;
            open_member(f, c->kids[k].key, 2, &inner);
            write_members(f, &c->kids[k], 3, &deeper);
            close_member(f, 2, c->kids[k].nkids == 0);
        }
        close_member(f, 1, 0);
    }
    fputs("\n}\n", f);
    return ferror(f) ? -1 : 0;
}

/* ---- the default's choice and the summary ------------------------------------ */

typedef struct {
    const char *collective;
    int np;
    long long bytes;
    int type_size;
} csel_case;

static long long pof2_below(int np)
{
    long long p = 1;
    while (p * 2 <= np)
        p *= 2;
    return p;
}

/* Whether a key holds for the case (tune_mpich.h: papsim_csel_select). */
static int holds(const char *k, const csel_case *c)
{
    long long total = c->bytes * c->np, count = c->type_size > 0 ? c->bytes / c->type_size : 0;
    if (strcmp(c->collective, "reduce_scatter") == 0)
        count *= c->np;
    static const char *const yes[] = {
        "comm_type=intra", "is_commutative=yes", "is_op_built_in=yes", "is_sendbuf_inplace=no",
        "is_block_regular=yes", "is_node_consecutive=yes", "is_multi_threaded=no",
        "comm_hierarchy=flat"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        if (strcmp(k, yes[i]) == 0)
            return 1;
    size_t n = strcspn(k, "<=");
    const char *op = k + n;
    if (strcmp(op, "=any") == 0)
        return 1;
    if (strcmp(k, "comm_size=pow2") == 0)
        return (c->np & (c->np - 1)) == 0;
    if (strcmp(k, "count<pow2") == 0)
        return count < pof2_below(c->np);
    long long lhs;
    if (strncmp(k, "comm_size", n) == 0 && n == 9)
        lhs = c->np;
    else if (strncmp(k, "avg_msg_size", n) == 0 && n == 12)
        lhs = c->bytes;
    else if (strncmp(k, "total_msg_size", n) == 0 && n == 14)
        lhs = total;
    else if (strncmp(k, "count", n) == 0 && n == 5)
        lhs = count;
    else
        return 0; /* inter-communicator, node-aware and other cases */
    if (strncmp(op, "<=", 2) == 0)
        return lhs <= atoll(op + 2);
    if (op[0] == '<')
        return lhs < atoll(op + 1);
    return 0;
}

const char *papsim_csel_select(const papsim_csel_node *root, const char *collective, int np,
                               long long bytes, int type_size)
{
    csel_case c = {collective, np, bytes, type_size};
    const papsim_csel_node *n = collective_node(root, collective);
    while (n && n->nkids) {
        const papsim_csel_node *next = NULL;
        for (size_t i = 0; i < n->nkids && !next; i++) {
            const char *k = n->kids[i].key;
            if (strncmp(k, "algorithm=", 10) == 0)
                return k + 10;
            if (holds(k, &c))
                next = &n->kids[i];
        }
        n = next;
    }
    return NULL;
}

/* Why MPICH cannot run the tuned algorithm at a case (its restriction, as
 * write_leaf guards it), into why; 0 when it can. */
static int restriction_fails(const char *algorithm, int np, long long bytes, int type_size,
                             char *why, size_t len)
{
    long long count = type_size > 0 ? bytes / type_size : 0;
    for (size_t i = 0; i < sizeof restricted / sizeof restricted[0]; i++) {
        if (strcmp(restricted[i].algorithm, algorithm) != 0)
            continue;
        if (restricted[i].pow2 && (np & (np - 1)) != 0) {
            snprintf(why, len, "it needs a power-of-two communicator");
            return 1;
        }
        if (restricted[i].count_pof2 && count < pof2_below(np)) {
            snprintf(why, len, "it needs count >= %lld, and %lld B is count %lld", pof2_below(np),
                     bytes, count);
            return 1;
        }
    }
    return 0;
}

/* The study's best-placed algorithm whose MPICH counterpart is `name` at
 * size s under pattern k, -1 if none. */
static int algorithm_for(const papsim_tune_plan *plan, const papsim_tune_group *g,
                         const char *name, size_t k, size_t s, double *t)
{
    const papsim_report *r = plan->report;
    int best = -1;
    char mine[64];
    for (size_t a = 0; a < r->nalgorithms; a++) {
        if (!g->panel->present[a] ||
            papsim_tune_mpich(g->collective, r->algorithms[a], mine, sizeof mine, NULL) != 0 ||
            strcmp(mine, name) != 0)
            continue;
        double v = papsim_panel_median(g->panel, k, s, a);
        if (!isnan(v) && (best < 0 || v < *t)) {
            best = (int)a;
            *t = v;
        }
    }
    return best;
}

int papsim_tune_write_mpich_summary(const papsim_tune_plan *plan,
                                    const papsim_csel_node *defaults, FILE *f)
{
    const papsim_report *r = plan->report;
    fprintf(f, "What the tuned choice is worth against MPICH 4.0.2's default selection (the\n"
               "tree of --mpich-default, evaluated for a flat intra-communicator, a commutative\n"
               "built-in op, no MPI_IN_PLACE), median %s per pattern; default/tuned above\n"
               "1: the tuned choice is faster.\n",
            r->metric);
    for (size_t i = 0; i < plan->ngroups; i++) {
        const papsim_tune_group *g = &plan->groups[i];
        const papsim_report_panel *p = g->panel;
        int ts = papsim_datatype_size(p->key[PAPSIM_PK_DATATYPE]);
        for (size_t j = 0; j < g->npoints; j++) {
            const papsim_tune_point *pt = &g->points[j];
            const char *def = papsim_csel_select(defaults, g->collective, g->np, pt->bytes, ts);
            fprintf(f, "\n%s np=%d %lld B: tuned %s (%s), default %s\n", g->collective, g->np,
                    pt->bytes, r->algorithms[pt->alg], pt->ompi_name,
                    def ? def : "(no branch of the default holds)");
            char why[128];
            if (restriction_fails(pt->ompi_name, g->np, pt->bytes, ts, why, sizeof why))
                fprintf(f, "  MPICH runs the default here instead: %s\n", why);
            if (pt->winner >= 0) {
                const char *later = NULL;
                char none[64];
                papsim_tune_mpich(g->collective, r->algorithms[pt->winner], none, sizeof none,
                                  &later);
                fprintf(f, "  given up: %s is best here and has no MPICH 4.0.2 counterpart%s%s%s\n",
                        r->algorithms[pt->winner], later ? " (MPICH " : "", later ? later : "",
                        later ? " and later have one)" : "");
            }
            for (size_t k = 0; k < p->npatterns; k++) {
                double tt = papsim_panel_median(p, k, pt->size, (size_t)pt->alg), td = NAN;
                int a = def ? algorithm_for(plan, g, def, k, pt->size, &td) : -1;
                char x[48], y[48];
                papsim_format_seconds(tt, x, sizeof x);
                fprintf(f, "  %-14s tuned %s", p->patterns[k], isnan(tt) ? "-" : x);
                if (a < 0) {
                    fprintf(f, "; default: missing, the study has no ok run of a papsim "
                               "algorithm with its pattern under %s\n", p->patterns[k]);
                    continue;
                }
                papsim_format_seconds(td, y, sizeof y);
                fprintf(f, ", default %s %s, default/tuned %.3f\n", r->algorithms[a], y, td / tt);
            }
        }
    }
    return ferror(f) ? -1 : 0;
}
