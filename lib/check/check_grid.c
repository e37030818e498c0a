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

/* What the sections of one algorithm's grid at one np share. */
typedef struct {
    grid g;
    const char *coll;
    int red, rooted, v, noncomm, ninpl;
    papsim_cw_opkind op7; /* the op of the single cases: affine where it is legal */
    const int *counts;
    int ncounts;
    int small;            /* the first count above 0 */
    int roots[3], nroots; /* 0, np/2, np-1 without repeats */
} plan;

static void plan_init(plan *p, const papsim_check_options *o, int algo, int np, int mpi,
                      check_list *l)
{
    static const int default_counts[] = {0, 1, 7, 1001};
    const papsim_check_algo *a = &o->algos[algo];
    p->g = (grid){o, l, algo, np, mpi, 0};
    p->coll = a->collective;
    p->red = has(p->coll, PAPSIM_C_OP);
    p->rooted = has(p->coll, PAPSIM_C_ROOTED);
    p->v = has(p->coll, PAPSIM_C_VFORM);
    p->noncomm = p->red && !(a->flags & PAPSIM_R_COMMUTATIVE);
    p->op7 = p->noncomm ? PAPSIM_CW_AFFINE : PAPSIM_CW_SUM;
    p->ninpl = has(p->coll, PAPSIM_C_ONE_BUFFER) ? 1 : 2;
    p->counts = o->ncounts ? o->counts : default_counts;
    p->ncounts = o->ncounts ? o->ncounts : 4;
    p->small = 7;
    if (o->ncounts) {
        p->small = p->counts[0];
        for (int i = 0; i < p->ncounts; i++)
            if (p->counts[i] > 0) {
                p->small = p->counts[i];
                break;
            }
    }
    p->roots[0] = 0, p->roots[1] = np / 2, p->roots[2] = np - 1;
    p->nroots = p->rooted ? 3 : 1;
    if (p->nroots == 3 && p->roots[1] == p->roots[0])
        p->roots[1] = p->roots[2], p->nroots = np > 1 ? 2 : 1;
    if (p->nroots == 3 && p->roots[1] == p->roots[2])
        p->nroots = 2;
}

/* A collective without data (barrier): communicators, skews, repeats. */
static void add_no_data(plan *p)
{
    for (int comm = 0; comm < PAPSIM_CW_NCOMMS; comm++)
        for (int skew = 0; skew < PAPSIM_CW_NSKEWS; skew++)
            for (int calls = 1; calls <= 2; calls++)
                add(&p->g, 0, PAPSIM_CW_INT, PAPSIM_CW_SUM, 0, 0, comm, PAPSIM_CW_UNIFORM, calls,
                    skew, 0);
}

/* A size restriction: the error class at this np, in a few cases; the
 * halves of a split communicator may fit where the whole does not. */
static void add_refused_np(plan *p)
{
    const int np = p->g.np;
    for (int comm = 0; comm < PAPSIM_CW_NCOMMS; comm++)
        for (int inplace = 0; inplace < p->ninpl; inplace++)
            add(&p->g, p->small, PAPSIM_CW_INT, PAPSIM_CW_SUM, np - 1, inplace, comm,
                PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
    add(&p->g, p->small, PAPSIM_CW_INT, p->op7, 0, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1,
        PAPSIM_CW_NOSKEW, 0);
}

/* count x {int, double} x {sum, max} x root x in place, then the
 * non-commutative op (refused once where the registry says so). */
static void add_counts_and_ops(plan *p)
{
    static const papsim_cw_typekind affine_types[] = {PAPSIM_CW_INT, PAPSIM_CW_HOLES,
                                                      PAPSIM_CW_SHIFTED};
    for (int ci = 0; ci < p->ncounts; ci++)
        for (int t = PAPSIM_CW_INT; t <= PAPSIM_CW_DOUBLE; t++)
            for (int op = PAPSIM_CW_SUM; op <= (p->red ? PAPSIM_CW_MAX : PAPSIM_CW_SUM); op++)
                for (int ri = 0; ri < p->nroots; ri++)
                    for (int inplace = 0; inplace < p->ninpl; inplace++)
                        add(&p->g, p->counts[ci], t, op, p->roots[ri], inplace, PAPSIM_CW_WORLD,
                            PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
    if (p->red && !p->noncomm)
        add(&p->g, p->small, PAPSIM_CW_INT, PAPSIM_CW_AFFINE, 0, 0, PAPSIM_CW_WORLD,
            PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
    for (int ci = 0; p->noncomm && ci < p->ncounts; ci++)
        for (int ti = 0; ti < 3; ti++)
            for (int ri = 0; ri < p->nroots && p->counts[ci] > 0; ri++)
                for (int inplace = 0; inplace < 2; inplace++)
                    add(&p->g, p->counts[ci], affine_types[ti], PAPSIM_CW_AFFINE, p->roots[ri],
                        inplace, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
}

/* Uneven, empty and gapped blocks; derived datatypes: holes (a shifted
 * lower bound under a real MPI), one signature with different types per
 * rank, a zero-size type. */
static void add_layouts_and_types(plan *p)
{
    const int np = p->g.np;
    for (int d = PAPSIM_CW_UNEVEN; p->v && d < PAPSIM_CW_NDISTS; d++)
        for (int ci = 0; ci < p->ncounts; ci++)
            for (int inplace = 0; inplace < 2 && p->counts[ci] > 0; inplace++)
                add(&p->g, p->counts[ci], PAPSIM_CW_INT, PAPSIM_CW_SUM, np / 2, inplace,
                    PAPSIM_CW_WORLD, d, 1, PAPSIM_CW_NOSKEW, 0);
    for (int t = PAPSIM_CW_HOLES; t <= PAPSIM_CW_SHIFTED; t++)
        for (int inplace = 0; inplace < p->ninpl; inplace++) {
            add(&p->g, 1, t, PAPSIM_CW_SUM, np - 1, inplace, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM,
                1, PAPSIM_CW_NOSKEW, 0);
            add(&p->g, p->small, t, p->red ? PAPSIM_CW_MAX : PAPSIM_CW_SUM, np / 2, inplace,
                PAPSIM_CW_WORLD, p->v ? PAPSIM_CW_GAPPED : PAPSIM_CW_UNIFORM, 1,
                PAPSIM_CW_NOSKEW, 0);
        }
    for (int ri = 0; typed(p->coll) && ri < p->nroots; ri++) {
        add(&p->g, p->small, PAPSIM_CW_MIXED, PAPSIM_CW_SUM, p->roots[ri], 0, PAPSIM_CW_WORLD,
            PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
        add(&p->g, 1001, PAPSIM_CW_MIXED, PAPSIM_CW_SUM, p->roots[ri], 0, PAPSIM_CW_WORLD,
            PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
    }
    add(&p->g, 5, PAPSIM_CW_ZERO, p->op7, 0, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1,
        PAPSIM_CW_NOSKEW, 0);
}

/* Every root; a split and a reversed communicator, back-to-back calls,
 * skews. */
static void add_roots_comms_skews(plan *p)
{
    const int np = p->g.np;
    for (int r = 0; p->rooted && r < np; r++)
        add(&p->g, p->small, PAPSIM_CW_INT, p->op7, r, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1,
            PAPSIM_CW_NOSKEW, 0);
    for (int comm = PAPSIM_CW_SPLIT; comm < PAPSIM_CW_NCOMMS; comm++)
        for (int inplace = 0; inplace < p->ninpl; inplace++) {
            add(&p->g, p->small, PAPSIM_CW_INT, p->op7, np - 1, inplace, comm,
                PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
            add(&p->g, p->small, PAPSIM_CW_INT, p->op7, np / 2, inplace, comm,
                p->v ? PAPSIM_CW_GAPPED : PAPSIM_CW_UNIFORM, 2, PAPSIM_CW_ASCENDING, 0);
        }
    add(&p->g, p->small, PAPSIM_CW_INT, p->op7, np / 2, 0, PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 2,
        PAPSIM_CW_NOSKEW, 0);
    add(&p->g, p->small, PAPSIM_CW_DOUBLE, PAPSIM_CW_SUM, 0, p->ninpl - 1, PAPSIM_CW_WORLD,
        p->v ? PAPSIM_CW_UNEVEN : PAPSIM_CW_UNIFORM, 2, PAPSIM_CW_NOSKEW, 0);
    for (int skew = PAPSIM_CW_ASCENDING; skew < PAPSIM_CW_NSKEWS; skew++) {
        add(&p->g, p->small, PAPSIM_CW_INT, p->op7, np - 1, 0, PAPSIM_CW_WORLD,
            PAPSIM_CW_UNIFORM, 1, skew, 0);
        add(&p->g, 1001, PAPSIM_CW_INT, PAPSIM_CW_SUM, 0, p->ninpl - 1, PAPSIM_CW_WORLD,
            PAPSIM_CW_UNIFORM, 1, skew, 0);
    }
}

/* Segments that cut elements (100 bytes of 1001 ints) and that hold one
 * element (23 doubles: one element a segment, a message a segment, so not
 * 1001 of them at np 33); a large count, not a multiple of np (up to np
 * 33). */
static void add_segments_and_large(plan *p)
{
    const int np = p->g.np;
    if (p->g.o->algos[p->g.algo].knobs & PAPSIM_K_SEGMENT_BYTES)
        for (int inplace = 0; inplace < p->ninpl; inplace++) {
            add(&p->g, 1001, PAPSIM_CW_INT, p->op7, np - 1, inplace, PAPSIM_CW_WORLD,
                PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 100);
            add(&p->g, 23, PAPSIM_CW_DOUBLE, PAPSIM_CW_SUM, 0, inplace, PAPSIM_CW_WORLD,
                PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 8);
            add(&p->g, p->small, PAPSIM_CW_HOLES, p->op7, np / 2, inplace, PAPSIM_CW_WORLD,
                PAPSIM_CW_UNIFORM, 2, PAPSIM_CW_RANDOM, 12);
        }
    add(&p->g, typed(p->coll) || p->v ? 10007 : 100003, PAPSIM_CW_INT, PAPSIM_CW_SUM, np - 1, 0,
        PAPSIM_CW_WORLD, PAPSIM_CW_UNIFORM, 1, PAPSIM_CW_NOSKEW, 0);
}

int check_grid_expand(const papsim_check_options *o, int algo, int np, int mpi, check_list *l)
{
    const papsim_check_algo *a = &o->algos[algo];
    plan p;
    if (o->single_case) {
        papsim_check_word w;
        char why[256];
        if (papsim_check_word_parse(o->single_case, &w, why, sizeof why) != 0)
            return -1;
        return check_list_add(l, algo, np, mpi, &w);
    }
    plan_init(&p, o, algo, np, mpi, l);
    if (has(p.coll, PAPSIM_C_NO_DATA)) {
        add_no_data(&p);
    } else if (((a->flags & PAPSIM_R_POW2) && !is_pow2(np)) ||
               ((a->flags & PAPSIM_R_EVEN_NP) && np % 2)) {
        add_refused_np(&p);
    } else {
        add_counts_and_ops(&p);
        add_layouts_and_types(&p);
        add_roots_comms_skews(&p);
        add_segments_and_large(&p);
    }
    return p.g.failed ? -1 : 0;
}
