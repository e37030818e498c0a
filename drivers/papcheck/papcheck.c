/* papcheck: the correctness check of collective algorithms, the MPI side
 * of `papsim check`. For each case it calls one algorithm (papsim's, or a
 * user's from --plugin) on one rank layout, compares every rank's whole
 * buffers (guard bytes, the datatype's holes, the data) with the image the
 * collective's definition gives, and checks that a restriction the
 * algorithm declares yields its documented error class on every rank with
 * nothing changed. Rank 0 of MPI_COMM_WORLD prints, per case:
 *   start I            before the call (a case with no verdict after it hung)
 *   pass I | fail I WHY | skip I WHY | error I WHY
 * and "done N" at the end.
 *
 * Built twice from these sources: papcheck, a shared object smpirun loads,
 * and papcheck-mpi for the real MPI (under mpirun). The harness uses
 * point-to-point messages on MPI_COMM_WORLD only, never a collective. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_coll.h"
#include "coll_clock.h"
#include "check_algo.h"

#define TAG_VERDICT 7101
#define TAG_GO 7102
#define TAG_CLOCK 7103

/* This rank's clock against rank 0's, for barrier's check that no rank
 * leaves before the last one entered: under a real MPI whose MPI_Wtime is
 * not global, the midpoint of the ping-pong with rank 0 that had the
 * shortest round trip (offset), and half that round trip (error, the most
 * the offset can be wrong by); 0 and 0 under SMPI, whose clock is one. */
typedef struct {
    double offset, error;
} pc_clock;

typedef struct {
    int bad;          /* 1: this rank saw a failure */
    int color;        /* its communicator group (split: rank % 2) */
    int refused;      /* a declared restriction applied: an error class was due */
    double t_in, t_out; /* on rank 0's clock (pc_clock) */
    double error;       /* how far t_in and t_out may be off */
    char why[400];
} verdict;

static void usage(FILE *out)
{
    fputs("usage: papcheck --cases FILE [--plugin FILE]\n"
          "       papcheck --collective C --algorithm A --case WORD [--plugin FILE]\n"
          "Checks collective algorithms under smpirun (papcheck) or mpirun (papcheck-mpi);\n"
          "`papsim check` builds the cases and reads what rank 0 prints. A cases file\n"
          "holds one case a line: COLLECTIVE ALGORITHM WORD, WORD as in --case\n"
          "(count=7,type=int,op=sum,root=0,inplace=0,comm=world,dist=uniform,calls=1,\n"
          "skew=none,seg=0; see `papsim check --help`).\n", out);
}

/* Microseconds rank r waits before calling (simulated under SMPI, whose
 * smpi_helpers.h makes usleep a simulated sleep). */
static unsigned skew_us(papsim_cw_skewkind s, int r, int np)
{
    switch (s) {
    case PAPSIM_CW_ASCENDING:
        return 20u * (unsigned)r;
    case PAPSIM_CW_DESCENDING:
        return 20u * (unsigned)(np - 1 - r);
    case PAPSIM_CW_LAST:
        return r == np - 1 ? 300u : 0u;
    case PAPSIM_CW_RANDOM:
        return ((unsigned)r * 2654435761u >> 7) % 200u;
    default:
        return 0;
    }
}

static int is_pow2(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

static const char *class_name(int cls)
{
    switch (cls) {
    case MPI_SUCCESS: return "MPI_SUCCESS";
    case MPI_ERR_SIZE: return "MPI_ERR_SIZE";
    case MPI_ERR_OP: return "MPI_ERR_OP";
    case MPI_ERR_COUNT: return "MPI_ERR_COUNT";
    case MPI_ERR_TYPE: return "MPI_ERR_TYPE";
    case MPI_ERR_ROOT: return "MPI_ERR_ROOT";
    case MPI_ERR_ARG: return "MPI_ERR_ARG";
    case MPI_ERR_BUFFER: return "MPI_ERR_BUFFER";
    case MPI_ERR_COMM: return "MPI_ERR_COMM";
    case MPI_ERR_NO_MEM: return "MPI_ERR_NO_MEM";
    default: return "another error class";
    }
}

/* The error class a declared restriction gives for this case on this
 * communicator size (MPI_SUCCESS: none applies). papsim_algorithms.h:
 * the size check comes before the op check. */
static int expected_class(const pc_algo *a, const papsim_check_word *c, int np)
{
    if ((a->flags & PAPSIM_R_POW2) && !is_pow2(np))
        return MPI_ERR_SIZE;
    if ((a->flags & PAPSIM_R_EVEN_NP) && np % 2)
        return MPI_ERR_SIZE;
    if ((a->flags & PAPSIM_R_COMMUTATIVE) && c->op == PAPSIM_CW_AFFINE &&
        (a->coll->traits & PAPSIM_C_OP))
        return MPI_ERR_OP;
    return MPI_SUCCESS;
}

static void check_buffer(const char *name, const pc_buf *b, long from, long to, int call,
                         verdict *v)
{
    long at;
    const char *where;
    if (v->bad || pc_buf_compare(b, from, to, &at, &where) == 0)
        return;
    v->bad = 1;
    snprintf(v->why, sizeof v->why, "call %d: %s differs at byte %ld from its start (%s)%s",
             call + 1, name, at, where,
             !strcmp(where, "data") ? ": wrong result" : ": written where it must not be");
}

/* This rank's clock against rank 0's under a real MPI (coll_clock.h), and
 * the error of that estimate: half the best round trip. */
static void clock_estimate(pc_clock *clk)
{
    double rtt = 0;
    clk->offset = clk->error = 0;
    if (papsim_wtime_is_global()) /* SMPI's one simulated clock, or the MPI's word */
        return;
    papsim_clock_to_rank0(MPI_COMM_WORLD, TAG_CLOCK, 20, NULL, &clk->offset, &rtt);
    clk->error = rtt / 2;
}

/* One case on this rank; fills v. The communicators and types are freed
 * here. */
static void run_case(const pc_algo *a, const papsim_check_word *c, const pc_clock *clk,
                     verdict *v)
{
    int wrank, wsize;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    MPI_Comm base = MPI_COMM_NULL;
    pc_ctx x = {.coll = a->coll, .ops = a->ops, .fn = a->fn, .c = c, .comm = MPI_COMM_NULL};
    pc_call calls[2];
    int ncalls = 0, op_created = 0, rc[2] = {MPI_SUCCESS, MPI_SUCCESS};
    papsim_params params = PAPSIM_PARAMS_INIT;
    params.segment_bytes = (MPI_Aint)c->seg;
    x.params = &params;
    v->color = c->comm == PAPSIM_CW_SPLIT ? wrank % 2 : 0;
    if (MPI_Comm_split(MPI_COMM_WORLD, v->color, c->comm == PAPSIM_CW_REVERSED ? wsize - wrank : wrank,
                       &base) != MPI_SUCCESS ||
        MPI_Comm_dup(base, &x.comm) != MPI_SUCCESS) {
        v->bad = 1;
        snprintf(v->why, sizeof v->why, "could not build the %s communicator",
                 papsim_cw_comm_names[c->comm]);
        goto out;
    }
    MPI_Comm_set_errhandler(x.comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(x.comm, &x.rank);
    MPI_Comm_size(x.comm, &x.np);
    x.root = c->root % x.np;
    const int want = expected_class(a, c, x.np);
    v->refused = want != MPI_SUCCESS;
    if (pc_types_make(c, &x.types) != MPI_SUCCESS ||
        pc_op_make(c->op, &x.types.plain, &x.op, &op_created) != MPI_SUCCESS) {
        v->bad = 1;
        snprintf(v->why, sizeof v->why, "could not build the datatype or op");
        goto out;
    }
    for (; ncalls < c->calls; ncalls++)
        if (pc_call_prepare(&x, ncalls, &calls[ncalls]) != MPI_SUCCESS) {
            pc_call_free(&calls[ncalls]);
            v->bad = 1;
            snprintf(v->why, sizeof v->why, "out of memory for the buffers");
            goto out;
        }
    if (want != MPI_SUCCESS) /* refused: nothing may change */
        for (int i = 0; i < ncalls; i++) {
            if (calls[i].has_send)
                memcpy(calls[i].send.image, calls[i].send.mem, calls[i].send.len);
            if (calls[i].has_recv)
                memcpy(calls[i].recv.image, calls[i].recv.mem, calls[i].recv.len);
            calls[i].skip_from = calls[i].skip_to = 0;
        }
    const unsigned delay = skew_us(c->skew, x.rank, x.np);
    if (delay)
        usleep(delay);
    v->t_in = MPI_Wtime() + clk->offset;
    for (int i = 0; i < ncalls; i++)
        rc[i] = pc_call_run(&x, &calls[i]);
    v->t_out = MPI_Wtime() + clk->offset;
    v->error = clk->error;
    for (int i = 0; i < ncalls && !v->bad; i++) {
        int cls = MPI_SUCCESS;
        if (rc[i] != MPI_SUCCESS)
            MPI_Error_class(rc[i], &cls);
        if (cls != want) {
            v->bad = 1;
            if (want == MPI_SUCCESS)
                snprintf(v->why, sizeof v->why, "call %d returned %s (%d)", i + 1,
                         class_name(cls), rc[i]);
            else
                snprintf(v->why, sizeof v->why, "call %d returned %s where its restriction "
                         "documents %s%s", i + 1, class_name(cls), class_name(want),
                         cls == MPI_SUCCESS ? ": unguarded" : "");
            break;
        }
        if (calls[i].has_send)
            check_buffer("the send buffer", &calls[i].send, 0, 0, i, v);
        if (calls[i].has_recv)
            check_buffer(a->coll->traits & PAPSIM_C_ONE_BUFFER ? "the buffer"
                                                               : "the receive buffer",
                         &calls[i].recv, calls[i].skip_from, calls[i].skip_to, i, v);
        if (v->bad && want == MPI_SUCCESS && cls == MPI_SUCCESS)
            strncat(v->why, " with MPI_SUCCESS", sizeof v->why - strlen(v->why) - 1);
    }
out:
    for (int i = 0; i < ncalls; i++)
        pc_call_free(&calls[i]);
    if (op_created)
        MPI_Op_free(&x.op);
    pc_types_free(&x.types);
    if (x.comm != MPI_COMM_NULL)
        MPI_Comm_free(&x.comm);
    if (base != MPI_COMM_NULL)
        MPI_Comm_free(&base);
}

/* Rank 0 collects every rank's verdict (and, for a collective that
 * synchronizes, barrier, checks that no rank of a group left before the
 * last one of it entered), prints it, and lets the ranks go on. */
static int settle(int index, int synchronizes, const verdict *mine, int *failed)
{
    int wrank, wsize;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    if (wrank != 0) {
        MPI_Send(mine, (int)sizeof *mine, MPI_BYTE, 0, TAG_VERDICT, MPI_COMM_WORLD);
        int go;
        return MPI_Recv(&go, 1, MPI_INT, 0, TAG_GO, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    verdict *all = malloc((size_t)wsize * sizeof *all);
    if (!all)
        return MPI_ERR_NO_MEM;
    all[0] = *mine;
    for (int r = 1; r < wsize; r++)
        MPI_Recv(&all[r], (int)sizeof all[r], MPI_BYTE, r, TAG_VERDICT, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    int first = -1, nbad = 0, refused = 0;
    for (int r = 0; r < wsize; r++) {
        if (all[r].bad && nbad++ == 0)
            first = r;
        refused |= all[r].refused;
    }
    if (!nbad && synchronizes)
        for (int g = 0; g < 2 && first < 0; g++) {
            double last_in = -INFINITY, first_out = INFINITY, error = 0;
            int early = -1, last = -1;
            for (int r = 0; r < wsize; r++) {
                if (all[r].color != g)
                    continue;
                if (all[r].t_in > last_in) {
                    last_in = all[r].t_in;
                    last = r;
                }
                if (all[r].t_out < first_out) {
                    first_out = all[r].t_out;
                    early = r;
                }
            }
            if (early >= 0) /* the two clocks' errors: 0 and 0 under SMPI */
                error = all[early].error + all[last].error;
            if (early >= 0 && first_out + error < last_in) {
                first = early;
                nbad = 1;
                snprintf(all[early].why, sizeof all[early].why,
                         "left the barrier %.9g s before the last rank entered it",
                         last_in - first_out);
            }
        }
    if (nbad) {
        printf("fail %d rank %d of %d: %s", index, first, wsize, all[first].why);
        if (nbad > 1)
            printf(" (and %d more ranks)", nbad - 1);
        printf("\n");
        (*failed)++;
    } else {
        printf("pass %d%s\n", index, refused ? " refused" : "");
    }
    fflush(stdout);
    free(all);
    for (int r = 1; r < wsize; r++) {
        int go = 1;
        MPI_Send(&go, 1, MPI_INT, r, TAG_GO, MPI_COMM_WORLD);
    }
    return MPI_SUCCESS;
}

/* One line of a cases file, or the single case of the command line. */
static int one_case(int index, const char *coll, const char *name, const char *word,
                    const pc_plugin *plugin, const pc_clock *clk, int *failed)
{
    int wrank;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    pc_algo a;
    papsim_check_word c;
    char why[512];
    verdict v;
    memset(&v, 0, sizeof v);
    if (pc_algo_resolve(plugin, coll, name, &a, why, sizeof why) != 0 ||
        papsim_check_word_parse(word, &c, why, sizeof why) != 0) {
        if (wrank == 0) {
            printf("error %d %s/%s: %s\n", index, coll, name, why);
            fflush(stdout);
        }
        return 0;
    }
    if (c.inplace && (a.flags & PAPSIM_R_NO_IN_PLACE)) {
        if (wrank == 0) {
            printf("skip %d %s/%s declares no MPI_IN_PLACE\n", index, coll, name);
            fflush(stdout);
        }
        return 0;
    }
    if (wrank == 0) {
        printf("start %d\n", index);
        fflush(stdout);
    }
    run_case(&a, &c, clk, &v);
    return settle(index, a.ops->synchronizes, &v, failed);
}

int main(int argc, char **argv)
{
    const char *cases = NULL, *coll = NULL, *name = NULL, *word = NULL;
    const char *plugins[17] = {NULL};
    int nplugins = 0;
    int wrank, failed = 0, n = 0, status = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "--no-header"))
            continue;
        if (!strcmp(o, "--help")) {
            if (wrank == 0)
                usage(stdout);
            MPI_Finalize();
            return 0;
        }
        if (!strcmp(o, "--plugin") && next && nplugins < 16) {
            plugins[nplugins++] = next;
            i++;
            continue;
        }
        const char **to = !strcmp(o, "--cases")        ? &cases
                          : !strcmp(o, "--collective") ? &coll
                          : !strcmp(o, "--algorithm")  ? &name
                          : !strcmp(o, "--case")       ? &word
                                                       : NULL;
        if (!to || !next) {
            if (wrank == 0) {
                fprintf(stderr, "papcheck: %s: unknown option or missing value\n", o);
                usage(stderr);
            }
            MPI_Finalize();
            return 2;
        }
        *to = next;
        i++;
    }
    pc_plugin plugin;
    char why[1024];
    if (pc_plugin_open(plugins, &plugin, why, sizeof why) != 0) {
        if (wrank == 0)
            fprintf(stderr, "papcheck: %s\n", why);
        MPI_Finalize();
        return 2;
    }
    pc_clock clk;
    clock_estimate(&clk);
    if (cases) {
        FILE *f = fopen(cases, "r");
        char line[1024];
        if (!f) {
            if (wrank == 0)
                fprintf(stderr, "papcheck: %s: cannot open\n", cases);
            status = 2;
        }
        while (f && status == 0 && fgets(line, sizeof line, f)) {
            char c1[64], c2[256], c3[512];
            if (line[0] == '#' || sscanf(line, "%63s %255s %511s", c1, c2, c3) != 3)
                continue;
            if (one_case(n++, c1, c2, c3, &plugin, &clk, &failed) != MPI_SUCCESS)
                status = 1;
        }
        if (f)
            fclose(f);
    } else if (coll && name && word) {
        if (one_case(n++, coll, name, word, &plugin, &clk, &failed) != MPI_SUCCESS)
            status = 1;
    } else {
        if (wrank == 0)
            usage(stderr);
        status = 2;
    }
    if (wrank == 0 && status != 2) {
        printf("done %d\n", n);
        fflush(stdout);
    }
    pc_plugin_close(&plugin);
    MPI_Finalize();
    return status ? status : failed ? 1 : 0;
}
