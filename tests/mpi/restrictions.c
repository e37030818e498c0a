/* papsim-restrictions: every registered algorithm, called directly as a
 * library user would (no papbench in front of it), enforces its own
 * restrictions with the error classes papsim_algorithms.h documents, on
 * EVERY rank, without a hang; and still gives the right result when the
 * input is valid.
 *
 * For each registry entry (the flags come from registry.def, as in the
 * functions) at the communicator size it runs with:
 *   - valid input, params NULL and PAPSIM_PARAMS_INIT: MPI_SUCCESS and the
 *     collective's result, or MPI_ERR_SIZE when p breaks PAPSIM_R_POW2 or
 *     PAPSIM_R_EVEN_NP;
 *   - reduce, allreduce: a user op made with MPI_Op_create(commute = 0)
 *     (composition of affine maps mod 2^32): MPI_ERR_OP for
 *     PAPSIM_R_COMMUTATIVE, else the exact rank-order result;
 *   - a root outside 0..p-1 (MPI_ERR_ROOT), a negative count
 *     (MPI_ERR_COUNT), every out-of-range knob of papsim_params
 *     (MPI_ERR_ARG, whichever algorithm reads it);
 *   - reduce radix_k: a radix vector whose product is not p (MPI_ERR_ARG);
 *     clairvoyant, slt, prr: a NaN arrival (MPI_ERR_ARG) and an
 *     arrival_source, which each must call.
 * Each call runs on a fresh duplicate of MPI_COMM_WORLD with
 * MPI_ERRORS_RETURN. After it, every rank must reach a barrier within
 * HANG_SECONDS (a rank that hangs makes the others report the case and
 * abort); then the ranks agree on the verdict. Rank 0 prints
 * "N passed, N failed"; the exit status is 0 only without failures.
 *
 * The calls, buffers and results of each collective are its operations,
 * restrictions_ops_<name> in its papbench family's file
 * restrictions_<family>.c (restrictions.h); which cases it gets follows
 * from its row's traits in collectives.def.
 *
 * Built twice: for the real MPI (papsim-restrictions, run by
 * tests/correctness/restrictions.sh) and, as an smpirun-loadable shared object,
 * for SMPI with nothing but SMPI's own headers (papsim-restrictions-smpi):
 * there it also checks that the algorithms detected SMPI and charged the
 * combine cost gamma as simulated time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "papsim_algorithms.h"
#include "restrictions.h"
#include "watchdog.h"

#define COUNT 7              /* elements per rank (odd; above p for p < 7) */
#define HANG_SECONDS 120.0   /* generous: the machine may be busy */

/* inout[i] = in[i] o inout[i] (MPI's in-op-inout order: in on the left). */
static void affine_compose(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const restrictions_affine *l = in;
    restrictions_affine *r = inout;
    for (int i = 0; i < *len; i++) {
        const restrictions_affine c = {l[i].a * r[i].a, l[i].a * r[i].b + l[i].b};
        r[i] = c;
    }
}


/* Five algorithms that need a commutative op, which once returned
 * MPI_SUCCESS and a wrong result for a non-commutative one: each must
 * refuse such an op below. */
static const char *const commutative_five[][2] = {
    {"allreduce", "ring"}, {"allreduce", "segmented_ring"}, {"reduce", "binary"},
    {"reduce", "chain"},   {"reduce", "parallel_ring"},
};
#define NCOMMUTATIVE_FIVE (sizeof commutative_five / sizeof commutative_five[0])

/* An arrival source that counts its calls (clairvoyant, slt, prr must call it). */
typedef struct {
    papsim_arrival_source source; /* first: the algorithms see this */
    int calls;
    double *arrivals;
} counting_source;

static int counting_obtain(papsim_arrival_source *self, const double **arrivals)
{
    counting_source *s = (counting_source *)self;
    s->calls++;
    *arrivals = s->arrivals;
    return MPI_SUCCESS;
}

typedef struct {
    int rank, p;
    MPI_Datatype affine_type;
    MPI_Op noncomm;
    int passed, failed;
    int refused[NCOMMUTATIVE_FIVE]; /* which of the five refused a non-commutative op */
    int exercised[64];           /* cases passed per expected class (classes < 64) */
} ctx;

static const char *class_name(int cls)
{
    static const struct {
        int cls;
        const char *name;
    } names[] = {
        {MPI_SUCCESS, "MPI_SUCCESS"}, {MPI_ERR_SIZE, "MPI_ERR_SIZE"}, {MPI_ERR_OP, "MPI_ERR_OP"},
        {MPI_ERR_ARG, "MPI_ERR_ARG"}, {MPI_ERR_COUNT, "MPI_ERR_COUNT"},
        {MPI_ERR_ROOT, "MPI_ERR_ROOT"}, {MPI_ERR_COMM, "MPI_ERR_COMM"},
        {MPI_ERR_TYPE, "MPI_ERR_TYPE"}, {MPI_ERR_TAG, "MPI_ERR_TAG"},
        {MPI_ERR_NO_MEM, "MPI_ERR_NO_MEM"}, {MPI_ERR_OTHER, "MPI_ERR_OTHER"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].cls == cls)
            return names[i].name;
    return "another class";
}

/* Every rank reaches this point within HANG_SECONDS (watchdog.h). */
static void all_returned(const char *what) { test_all_returned(what, HANG_SECONDS); }

/* Records one case: the class this rank got against the one wanted, and
 * the result check when the call must succeed; all ranks agree. */
static void verdict(ctx *c, const char *what, int rc, int want, int result_ok)
{
    int cls = MPI_SUCCESS;
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    all_returned(what);
    const int ok = cls == want && (want != MPI_SUCCESS || result_ok);
    if (!ok)
        fprintf(stderr, "FAIL rank %d: %s: got %s want %s%s\n", c->rank, what, class_name(cls),
                class_name(want), cls == want ? " (wrong result)" : "");
    int all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (all_ok) {
        c->passed++;
        if (want >= 0 && want < (int)(sizeof c->exercised / sizeof c->exercised[0]))
            c->exercised[want]++;
    } else {
        c->failed++;
    }
}

int restrictions_ints_equal(const int *got, int n, const int *want)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i])
            return 0;
    return 1;
}

int restrictions_fold_ok(const void *recv, int n, int noncomm, int last,
                         restrictions_affine (*in)(int rank, int i))
{
    int ok = 1;
    for (int i = 0; i < n; i++) {
        if (noncomm) { /* x_0 o x_1 o .. o x_last */
            restrictions_affine want = in(0, i);
            for (int r = 1; r <= last; r++) {
                const restrictions_affine x = in(r, i);
                const restrictions_affine w = {want.a * x.a, want.a * x.b + want.b};
                want = w;
            }
            const restrictions_affine got = ((const restrictions_affine *)recv)[i];
            ok &= got.a == want.a && got.b == want.b;
        } else {
            int want = 0;
            for (int r = 0; r <= last; r++)
                want += restrictions_int_input(r, i);
            ok &= ((const int *)recv)[i] == want;
        }
    }
    return ok;
}

/* The operations of every collective, in collectives.def's order. */
static const restrictions_ops *const collective_ops[] = {
#define PAPSIM_COLLECTIVE(name, ...) &restrictions_ops_##name,
#include "collectives.def"
};

/* The operations of e's collective (papsim_collectives[i]'s are
 * collective_ops[i]). */
static const restrictions_ops *ops_of(const papsim_catalog_entry *e)
{
    size_t i = 0;
    while (i < papsim_ncollectives && strcmp(papsim_collectives[i], e->collective) != 0)
        i++;
    return i < papsim_ncollectives ? collective_ops[i] : NULL;
}

/* 1 if e's collective has every trait of traits (collectives.def). */
static int has(const papsim_catalog_entry *e, unsigned traits)
{
    return papsim_collective_has(e->collective, traits);
}

/* One case on a fresh duplicate of MPI_COMM_WORLD. */
static void run_case(ctx *c, const papsim_catalog_entry *e, const restrictions_call *a, int want,
                     const char *what)
{
    char label[256];
    MPI_Comm comm;
    int result_ok = 0, rc;
    restrictions_call call = *a;
    call.e = e;
    call.rank = c->rank;
    call.p = c->p;
    call.type = a->noncomm ? c->affine_type : MPI_INT;
    call.op = a->noncomm ? c->noncomm : MPI_SUM;
    snprintf(label, sizeof label, "%s %s, p=%d, %s", e->collective, e->name, c->p, what);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    const restrictions_ops *ops = ops_of(e);
    rc = ops->call(&call, comm, ops->kind, &result_ok);
    verdict(c, label, rc, want, result_ok);
    MPI_Comm_free(&comm);
    if (a->noncomm && rc != MPI_SUCCESS)
        for (size_t k = 0; k < NCOMMUTATIVE_FIVE; k++)
            if (!strcmp(commutative_five[k][0], e->collective) && !strcmp(commutative_five[k][1], e->name))
                c->refused[k] = 1;
}

/* A knob outside its documented range, applied to a zeroed struct. */
typedef struct {
    const char *what;
    void (*apply)(papsim_params *q);
} bad_knob;

static void k_seg(papsim_params *q) { q->segment_bytes = -1; }
static void k_segs(papsim_params *q) { q->segments = -1; }
static void k_maxreq(papsim_params *q) { q->max_requests = -4; }
static void k_knom_neg(papsim_params *q) { q->knomial_radix = -1; }
static void k_knom_one(papsim_params *q) { q->knomial_radix = 1; }
static void k_knom_big(papsim_params *q) { q->knomial_radix = PAPSIM_KNOMIAL_RADIX_MAX + 1; }
static void k_gamma_neg(papsim_params *q) { q->gamma = -1e-9; }
static void k_gamma_nan(papsim_params *q) { q->gamma = NAN; }
static void k_alpha(papsim_params *q) { q->model_alpha = -2.66e-6; }
static void k_beta(papsim_params *q) { q->model_beta = INFINITY; }
static void k_radix_len(papsim_params *q) { q->radix_len = -1; }
static void k_radix_null(papsim_params *q) { q->radix_len = 2; q->radix = NULL; }
static void k_sched(papsim_params *q) { q->schedule_timed = 2; }
static void k_timing(papsim_params *q) { q->timing_only = -1; }

static const bad_knob bad_knobs[] = {
    {"segment_bytes -1", k_seg},       {"segments -1", k_segs},
    {"max_requests -4", k_maxreq},     {"knomial_radix -1", k_knom_neg},
    {"knomial_radix 1", k_knom_one},   {"knomial_radix 65", k_knom_big},
    {"gamma -1e-9", k_gamma_neg},      {"gamma NaN", k_gamma_nan},
    {"model_alpha < 0", k_alpha},      {"model_beta inf", k_beta},
    {"radix_len -1", k_radix_len},     {"radix_len 2, radix NULL", k_radix_null},
    {"schedule_timed 2", k_sched},     {"timing_only -1", k_timing},
};

static int np_ok(unsigned flags, int p)
{
    if ((flags & PAPSIM_R_POW2) && (p & (p - 1)) != 0)
        return 0;
    if ((flags & PAPSIM_R_EVEN_NP) && p % 2 != 0)
        return 0;
    return 1;
}

/* The algorithms that read expected arrivals (registry knob knowledge). */
static int uses_arrivals(const papsim_catalog_entry *e)
{
    return (e->knobs & PAPSIM_K_KNOWLEDGE) != 0;
}

static void test_entry(ctx *c, const papsim_catalog_entry *e)
{
    const int p = c->p;
    const int size_ok = np_ok(e->flags, p);
    const int size_want = size_ok ? MPI_SUCCESS : MPI_ERR_SIZE;
    const restrictions_ops *ops = ops_of(e);
    /* A restriction of the size comes first: everything else is refused
     * with MPI_ERR_SIZE at a size the algorithm does not support. */
#define OR_SIZE(cls) (size_ok ? (cls) : MPI_ERR_SIZE)
    papsim_params zero = PAPSIM_PARAMS_INIT, q;
    restrictions_call a = {.count = COUNT, .root = p - 1};

    run_case(c, e, &a, size_want, "valid, params NULL");
    a.params = &zero;
    run_case(c, e, &a, size_want, "valid, PAPSIM_PARAMS_INIT");
    a.count = 1; /* fewer elements than ranks */
    run_case(c, e, &a, size_want, "valid, count 1");
    a.count = COUNT;
    if (has(e, PAPSIM_C_OP)) {
        a.noncomm = 1;
        run_case(c, e, &a, OR_SIZE(e->flags & PAPSIM_R_COMMUTATIVE ? MPI_ERR_OP : MPI_SUCCESS),
                 "non-commutative op (MPI_Op_create, commute 0)");
        if (ops->cases & RESTRICTIONS_IN_PLACE) {
            a.in_place = 1;
            run_case(c, e, &a, size_want, "non-commutative op, MPI_IN_PLACE");
            a.noncomm = 0;
            run_case(c, e, &a, size_want, "MPI_IN_PLACE");
            a.in_place = 0;
        }
        a.noncomm = 0;
    }
    if (has(e, PAPSIM_C_ROOTED)) {
        a.root = p;
        run_case(c, e, &a, OR_SIZE(MPI_ERR_ROOT), "root = p");
        a.root = -1;
        run_case(c, e, &a, OR_SIZE(MPI_ERR_ROOT), "root = -1");
        a.root = p - 1;
    }
    a.count = -1; /* a barrier has no count */
    run_case(c, e, &a, has(e, PAPSIM_C_NO_DATA) ? size_want : OR_SIZE(MPI_ERR_COUNT),
             "count -1");
    if (ops->cases & RESTRICTIONS_ROOT_IN_PLACE) { /* root p-1 and then 0 */
        a.count = RESTRICTIONS_IN_PLACE_AT_ROOT;
        run_case(c, e, &a, size_want, "MPI_IN_PLACE at the root");
        a.root = 0;
        run_case(c, e, &a, size_want, "MPI_IN_PLACE at root 0");
        a.count = COUNT;
        run_case(c, e, &a, size_want, "valid, root 0");
        a.root = p - 1;
    }
    if (ops->null_counts) {
        a.count = RESTRICTIONS_NULL_COUNTS;
        run_case(c, e, &a, OR_SIZE(MPI_ERR_ARG), ops->null_counts);
    }
    a.count = COUNT;
    for (size_t k = 0; k < sizeof bad_knobs / sizeof bad_knobs[0]; k++) {
        papsim_params_init(&q);
        bad_knobs[k].apply(&q);
        a.params = &q;
        run_case(c, e, &a, OR_SIZE(MPI_ERR_ARG), bad_knobs[k].what);
    }
    if (e->knobs & PAPSIM_K_RADIX) {
        int wrong[2] = {2, p + 1}, whole[1] = {p};
        papsim_params_init(&q);
        q.radix = wrong;
        q.radix_len = 2;
        a.params = &q;
        run_case(c, e, &a, MPI_ERR_ARG, "radix vector 2 x (p+1)");
        q.radix = whole;
        q.radix_len = 1;
        run_case(c, e, &a, MPI_SUCCESS, "radix vector p");
    }
    if (uses_arrivals(e)) {
        double *arr = calloc((size_t)p, sizeof *arr);
        if (!arr) {
            c->failed++;
            return;
        }
        for (int r = 0; r < p; r++)
            arr[r] = 1e-6 * ((r * 3) % p); /* the same values on every rank */
        counting_source src = {{counting_obtain}, 0, arr};
        papsim_params_init(&q);
        q.arrival_source = &src.source;
        a.params = &q;
        run_case(c, e, &a, MPI_SUCCESS, "arrival_source");
        int called = src.calls > 0, all_called = 0;
        MPI_Allreduce(&called, &all_called, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (all_called) {
            c->passed++;
        } else {
            c->failed++;
            if (c->rank == 0)
                fprintf(stderr, "FAIL: %s %s: arrival_source->obtain() not called on every rank\n",
                        e->collective, e->name);
        }
        arr[p / 2] = NAN;
        papsim_params_init(&q);
        q.arrivals = arr;
        run_case(c, e, &a, MPI_ERR_ARG, "a NaN arrival");
        free(arr);
    }
#undef OR_SIZE
}

#if PAPSIM_ALGORITHMS_SMPI
/* Under SMPI without PAPSIM_SIMULATED or SMPI_NO_OVERRIDE_MALLOC: the
 * combine cost is charged as simulated time. allreduce recursive_doubling
 * combines the whole vector floor(log2 p) times on every rank (twice more
 * on the path of a rank folded in at other p). */
static void test_smpi_gamma(ctx *c)
{
    enum { N = 1000 };
    int *send = malloc(N * sizeof *send), *recv = malloc(N * sizeof *recv);
    papsim_params q = PAPSIM_PARAMS_INIT;
    q.gamma = 1e-3; /* s per byte: 4 s per whole-vector combine */
    for (int i = 0; i < N; i++)
        send[i] = i;
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    int rc = papsim_allreduce_recursive_doubling(send, recv, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                                                 &q);
    const double dt = MPI_Wtime() - t0;
    int steps = 0;
    while ((1 << (steps + 1)) <= c->p)
        steps++;
    const double want = steps * q.gamma * N * sizeof(int);
    verdict(c, "SMPI: allreduce recursive_doubling gamma 1e-3 s/B", rc, MPI_SUCCESS,
            dt >= want && dt < want + 2 * q.gamma * N * sizeof(int) + 1.0);
    if (dt < want && c->rank == 0)
        fprintf(stderr, "FAIL: SMPI: combine cost not charged: %.6f s, want >= %.6f s\n", dt,
                want);
    free(send);
    free(recv);
}
#endif

int main(int argc, char **argv)
{
    ctx c = {0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &c.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c.p);
    MPI_Type_contiguous(2, MPI_UNSIGNED, &c.affine_type);
    MPI_Type_commit(&c.affine_type);
    MPI_Op_create(affine_compose, 0, &c.noncomm);

    /* Only the collective (and algorithm) named on the command line, if any. */
    const char *only = argc > 1 ? argv[1] : NULL, *only_name = argc > 2 ? argv[2] : NULL;
    for (size_t i = 0; i < papsim_catalog_size; i++)
        if ((!only || !strcmp(only, papsim_catalog[i].collective)) &&
            (!only_name || !strcmp(only_name, papsim_catalog[i].name)))
            test_entry(&c, &papsim_catalog[i]);
#if PAPSIM_ALGORITHMS_SMPI
    test_smpi_gamma(&c);
#endif

    /* Not vacuous: the five were refused, and every class the
     * cases expect was seen to come back. */
    if (c.rank == 0) {
        for (size_t k = 0; k < NCOMMUTATIVE_FIVE; k++) {
            if (only && strcmp(only, commutative_five[k][0]))
                continue;
            if (c.refused[k]) {
                c.passed++;
            } else {
                c.failed++;
                fprintf(stderr, "FAIL: %s %s did not refuse a non-commutative op\n",
                        commutative_five[k][0], commutative_five[k][1]);
            }
        }
        const int classes[] = {MPI_SUCCESS, MPI_ERR_ARG, MPI_ERR_COUNT};
        for (size_t k = 0; k < sizeof classes / sizeof classes[0]; k++) {
            if (c.exercised[classes[k]]) {
                c.passed++;
            } else {
                c.failed++;
                fprintf(stderr, "FAIL: no case passed with %s\n", class_name(classes[k]));
            }
        }
        printf("PAPSIM_ALGORITHMS_SMPI=%d\n", PAPSIM_ALGORITHMS_SMPI);
        printf("p=%d: %d passed, %d failed\n", c.p, c.passed, c.failed);
        fflush(stdout);
    }
    int failed = c.failed;
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Op_free(&c.noncomm);
    MPI_Type_free(&c.affine_type);
    MPI_Finalize();
    return failed ? 1 : 0;
}
