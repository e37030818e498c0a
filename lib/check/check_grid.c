/* The default grid of papsim check, per algorithm and process count. The
 * axes cross where their interplay matters (count x datatype x op x root x
 * MPI_IN_PLACE) and are added one at a time elsewhere (communicators,
 * back-to-back calls, skews, segment sizes, every root), so a check of one
 * algorithm on np 1..33 stays within minutes. */
#include "check/check_internal.h"

#include <stdlib.h>

#include "papsim_catalog.h"

int check_list_add(check_list *l, int algo, int np, int mpi, const papsim_check_word *w)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        check_case *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return -1;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = (check_case){.algo = algo, .np = np, .mpi = mpi, .w = *w};
    return 0;
}

void check_list_free(check_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i].why);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

/* A collective's traits (collectives.def), the grid's axes follow them. */
static int has(const char *coll, unsigned traits)
{
    return papsim_collective_has(coll, traits);
}

/* Different datatypes per rank with one signature: the collectives with
 * data, no op and no v-form (allgather, alltoall, bcast, gather, scatter)
 * take a send and a receive type (or, for bcast, a type per rank) of fixed
 * counts. */
static int typed(const char *coll)
{
    return papsim_collective_known(coll) &&
           !has(coll, PAPSIM_C_OP) && !has(coll, PAPSIM_C_VFORM) && !has(coll, PAPSIM_C_NO_DATA);
}

static int listed(const int *v, int n, int x)
{
    if (n == 0)
        return 1;
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

/* Two case words alike key for key (not byte for byte: the padding before
 * seg holds whatever the stack held, so memcmp would keep a case twice in
 * one environment and once in another). */
static int same_word(const papsim_check_word *a, const papsim_check_word *b)
{
    return a->count == b->count && a->type == b->type && a->op == b->op &&
           a->root == b->root && a->inplace == b->inplace && a->comm == b->comm &&
           a->dist == b->dist && a->calls == b->calls && a->skew == b->skew && a->seg == b->seg;
}

typedef struct {
    const papsim_check_options *o;
    check_list *l;
    int algo, np, mpi, failed;
} grid;

/* Adds the case when the option lists keep it, at most once. */
static void add(grid *g, int count, papsim_cw_typekind type, papsim_cw_opkind op, int root,
                int inplace, papsim_cw_commkind comm, papsim_cw_distkind dist, int calls,
                papsim_cw_skewkind skew, long seg)
{
    const papsim_check_options *o = g->o;
    const char *coll = o->algos[g->algo].collective;
    if (!has(coll, PAPSIM_C_ROOTED))
        root = 0; /* no root: one case, not one per root */
    if (!has(coll, PAPSIM_C_OP))
        op = PAPSIM_CW_SUM; /* nothing combined */
    papsim_check_word w = {count, type, op, root, inplace, comm, dist, calls, skew, seg};
    if (inplace && has(coll, PAPSIM_C_MATRIX) &&
        dist != PAPSIM_CW_UNIFORM && dist != PAPSIM_CW_ZEROS)
        return; /* MPI_IN_PLACE needs a symmetric exchange */
    if (!listed(o->types, o->ntypes, type) || !listed(o->ops, o->nops, op) ||
        !listed(o->comms, o->ncomms, comm) || !listed(o->dists, o->ndists, dist) ||
        !listed(o->skews, o->nskews, skew))
        return;
    if (type == PAPSIM_CW_SHIFTED && !g->mpi) /* SimGrid 3.32 misplaces such types */
        return;
    for (size_t i = g->l->n; i-- > 0;) {
        const check_case *c = &g->l->v[i];
        if (c->algo != g->algo || c->np != g->np || c->mpi != g->mpi)
            break;
        if (same_word(&c->w, &w))
            return;
    }
    if (check_list_add(g->l, g->algo, g->np, g->mpi, &w) != 0)
        g->failed = 1;
}


static int is_pow2(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

int check_grid_expand(const papsim_check_options *o, int algo, int np, int mpi, check_list *l)
{
    const papsim_check_algo *a = &o->algos[algo];
    const char *coll = a->collective;
    grid g = {o, l, algo, np, mpi, 0};
    const int red = has(coll, PAPSIM_C_OP), root_ = has(coll, PAPSIM_C_ROOTED), v = has(coll, PAPSIM_C_VFORM);
    const int noncomm = red && !(a->flags & PAPSIM_R_COMMUTATIVE);
    const papsim_cw_opkind op7 = noncomm ? PAPSIM_CW_AFFINE : PAPSIM_CW_SUM;
    const int ninpl = has(coll, PAPSIM_C_ONE_BUFFER) ? 1 : 2;
    static const int default_counts[] = {0, 1, 7, 1001};
    static const papsim_cw_typekind affine_types[] = {PAPSIM_CW_INT, PAPSIM_CW_HOLES,
                                                      PAPSIM_CW_SHIFTED};
    const int *counts = o->ncounts ? o->counts : default_counts;
    const int ncounts = o->ncounts ? o->ncounts : 4;
    int small = 7, roots[3] = {0, np / 2, np - 1}, nroots = root_ ? 3 : 1;
    if (o->ncounts) {
        small = counts[0];
        for (int i = 0; i < ncounts; i++)
            if (counts[i] > 0) {
                small = counts[i];
                break;
            }
    }
    if (nroots == 3 && roots[1] == roots[0])
        roots[1] = roots[2], nroots = np > 1 ? 2 : 1;
    if (nroots == 3 && roots[1] == roots[2])
        nroots = 2;

    if (o->single_case) {
        papsim_check_word w;
        char why[256];
        if (papsim_check_word_parse(o->single_case, &w, why, sizeof why) != 0)
            return -1;
        return check_list_add(l, algo, np, mpi, &w);
    }
    if (has(coll, PAPSIM_C_NO_DATA)) {
        for (int comm = 0; comm < PAPSIM_CW_NCOMMS; comm++)
            for (int skew = 0; skew < PAPSIM_CW_NSKEWS; skew++)
                for (int calls = 1; calls <= 2; calls++)
                    add(&g, 0, PAPSIM_CW_INT, PAPSIM_CW_SUM, 0, 0, comm, PAPSIM_CW_UNIFORM, calls,
                        skew, 0);
        return g.failed ? -1 : 0;
    }
    /* A size restriction: the error class at this np, in a few cases; the
     * halves of a split communicator may fit where the whole does not. */
    if (((a->flags & PAPSIM_R_POW2) && !is_pow2(np)) || ((a->flags & PAPSIM_R_EVEN_NP) && np % 2)) {
        for (int comm = 0; comm < PAPSIM_CW_NCOMMS; comm++)
            for (int inplace = 0; inplace < ninpl; inplace++)
                add(&g, small, PAPSIM_CW_INT, PAPSIM_CW_SUM, np - 1, inplace, comm,
                    PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
        add(&g, small, PAPSIM_CW_INT, op7, 0, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1,
            PAPSIM_CW_NOSKEW, 0);
        return g.failed ? -1 : 0;
    }
    /* count x {int, double} x {sum, max} x root x in place */
    for (int ci = 0; ci < ncounts; ci++)
        for (int t = PAPSIM_CW_INT; t <= PAPSIM_CW_DOUBLE; t++)
            for (int op = PAPSIM_CW_SUM; op <= (red ? PAPSIM_CW_MAX : PAPSIM_CW_SUM); op++)
                for (int ri = 0; ri < nroots; ri++)
                    for (int inplace = 0; inplace < ninpl; inplace++)
                        add(&g, counts[ci], t, op, roots[ri], inplace, PAPSIM_CW_WORLD,
                            PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
    /* the non-commutative op (refused once where the registry says so) */
    if (red && !noncomm)
        add(&g, small, PAPSIM_CW_INT, PAPSIM_CW_AFFINE, 0, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM,
            1, PAPSIM_CW_NOSKEW, 0);
    for (int ci = 0; noncomm && ci < ncounts; ci++)
        for (int ti = 0; ti < 3; ti++)
            for (int ri = 0; ri < nroots && counts[ci] > 0; ri++)
                for (int inplace = 0; inplace < 2; inplace++)
                    add(&g, counts[ci], affine_types[ti], PAPSIM_CW_AFFINE, roots[ri], inplace, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM,
                        1, PAPSIM_CW_NOSKEW, 0);
    /* uneven, empty and gapped blocks */
    for (int d = PAPSIM_CW_UNEVEN; v && d < PAPSIM_CW_NDISTS; d++)
        for (int ci = 0; ci < ncounts; ci++)
            for (int inplace = 0; inplace < 2 && counts[ci] > 0; inplace++) {
                add(&g, counts[ci], PAPSIM_CW_INT, PAPSIM_CW_SUM, np / 2, inplace,
                    PAPSIM_CW_WORLD, d, 1, PAPSIM_CW_NOSKEW, 0);
            }
    /* derived datatypes: holes (a shifted lower bound under a real MPI),
     * one signature with different types per rank, a zero-size type */
    for (int t = PAPSIM_CW_HOLES; t <= PAPSIM_CW_SHIFTED; t++)
        for (int inplace = 0; inplace < ninpl; inplace++) {
            add(&g, 1, t, PAPSIM_CW_SUM, np - 1, inplace, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1,
                PAPSIM_CW_NOSKEW, 0);
            add(&g, small, t, red ? PAPSIM_CW_MAX : PAPSIM_CW_SUM, np / 2, inplace,
                PAPSIM_CW_WORLD, v ? PAPSIM_CW_GAPPED : PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW,
                0);
        }
    for (int ri = 0; typed(coll) && ri < nroots; ri++) {
        add(&g, small, PAPSIM_CW_MIXED, PAPSIM_CW_SUM, roots[ri], 0, PAPSIM_CW_WORLD,
            PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
        add(&g, 1001, PAPSIM_CW_MIXED, PAPSIM_CW_SUM, roots[ri], 0, PAPSIM_CW_WORLD,
            PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
    }
    add(&g, 5, PAPSIM_CW_ZERO, op7, 0, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1,
        PAPSIM_CW_NOSKEW, 0);
    /* every root */
    for (int r = 0; root_ && r < np; r++)
        add(&g, small, PAPSIM_CW_INT, op7, r, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1,
            PAPSIM_CW_NOSKEW, 0);
    /* a split and a reversed communicator, back-to-back calls, skews */
    for (int comm = PAPSIM_CW_SPLIT; comm < PAPSIM_CW_NCOMMS; comm++)
        for (int inplace = 0; inplace < ninpl; inplace++) {
            add(&g, small, PAPSIM_CW_INT, op7, np - 1, inplace, comm, PAPSIM_CW_UNIFORM, 1,
                PAPSIM_CW_NOSKEW, 0);
            add(&g, small, PAPSIM_CW_INT, op7, np / 2, inplace, comm,
                v ? PAPSIM_CW_GAPPED : PAPSIM_CW_UNIFORM, 2, PAPSIM_CW_ASCENDING, 0);
        }
    add(&g, small, PAPSIM_CW_INT, op7, np / 2, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 2,
        PAPSIM_CW_NOSKEW, 0);
    add(&g, small, PAPSIM_CW_DOUBLE, PAPSIM_CW_SUM, 0, ninpl - 1, PAPSIM_CW_WORLD,
        v ? PAPSIM_CW_UNEVEN : PAPSIM_CW_UNIFORM, 2, PAPSIM_CW_NOSKEW, 0);
    for (int skew = PAPSIM_CW_ASCENDING; skew < PAPSIM_CW_NSKEWS; skew++) {
        add(&g, small, PAPSIM_CW_INT, op7, np - 1, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1, skew,
            0);
        add(&g, 1001, PAPSIM_CW_INT, PAPSIM_CW_SUM, 0, ninpl - 1, PAPSIM_CW_WORLD,
            PAPSIM_CW_UNIFORM, 1, skew, 0);
    }
    /* segments that cut elements (100 bytes of 1001 ints) and that hold one
     * element (23 doubles: one element a segment, a message a segment, so
     * not 1001 of them at np 33) */
    if (a->knobs & PAPSIM_K_SEGMENT_BYTES)
        for (int inplace = 0; inplace < ninpl; inplace++) {
            add(&g, 1001, PAPSIM_CW_INT, op7, np - 1, inplace, PAPSIM_CW_WORLD,
                PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 100);
            add(&g, 23, PAPSIM_CW_DOUBLE, PAPSIM_CW_SUM, 0, inplace, PAPSIM_CW_WORLD,
                PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 8);
            add(&g, small, PAPSIM_CW_HOLES, op7, np / 2, inplace, PAPSIM_CW_WORLD,
                PAPSIM_CW_UNIFORM, 2, PAPSIM_CW_RANDOM, 12);
        }
    /* a large count, not a multiple of np (up to np 33) */
    add(&g, typed(coll) || v ? 10007 : 100003, PAPSIM_CW_INT, PAPSIM_CW_SUM, np - 1, 0,
        PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
    return g.failed ? -1 : 0;
}
