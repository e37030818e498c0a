/* papsim-signatures: every registered algorithm of every collective that
 * moves data, called through the registry with the arguments MPI allows
 * beyond identical ones on every rank: each rank lays out its blocks in
 * its own datatype and count, all with the same type signature (P x
 * MPI_INT, 1 x contiguous(P, MPI_INT), P/3 x contiguous(3, MPI_INT), P/2
 * x a vector with holes, P/2 x MPI_2INT, P/2 x a struct of two ints), empty blocks as zero counts or as a count of a
 * zero-size type, with and without segmentation (segment_bytes 20 cuts
 * inside a 12-byte element). Every rank compares its whole receive buffer,
 * holes included, against the reference, and no message may be left that
 * no receive matched; the reductions (which MPI
 * requires to agree on count and datatype) run with zero counts and, for
 * reduce_scatter, some empty blocks.
 *
 * Usage: papsim-signatures [-v] [COLLECTIVE [ALGORITHM]] (-v: a CASE line
 * before each case); prints a FAIL line per
 * failed case and closes with "p=N: X passed, Y failed" (exit 1 on a
 * failure). Under a real MPI a case whose ranks do not all return within
 * HANG_SECONDS aborts the run with a FAIL line (a hang becomes a failure);
 * SMPI reports a deadlock itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "signatures.h"
#include "watchdog.h"

#define HANG_SECONDS 60.0 /* generous: the machine may be busy */

typedef int sig_runner(const char *name, const sig_case *k, const sig_env *E, int *ok);

/* ---- the rooted and the all-to-all collectives of one block size ---- */

int sig_run_bcast(const char *name, const sig_case *k, const sig_env *E, int *ok)
{
    sig_layout L;
    int rc = sig_layout_make(E->T, (E->rank + k->shift) % SIG_KINDS, k->P, &L);
    if (rc != MPI_SUCCESS)
        return rc;
    const long n = sig_span(&L, L.count);
    int *buf = sig_buffer(n), *want = sig_buffer(n);
    rc = MPI_ERR_NO_MEM;
    if (buf && want) {
        sig_fill(want, &L, 0, k->P, k->root, 0);
        if (E->rank == k->root)
            sig_fill(buf, &L, 0, k->P, k->root, 0);
        rc = papsim_bcast_lookup(name)(buf, L.count, L.type, k->root, E->comm, &E->params);
        *ok = rc == MPI_SUCCESS && sig_same(buf, want, n, E->rank, "buffer");
    }
    free(buf);
    free(want);
    sig_layout_free(&L);
    return rc;
}

/* The two sides of a rooted or all-to-all call: own blocks in S, the
 * other side's in R (p blocks where the rank holds one per rank). */
typedef struct {
    sig_layout S, R;
    int *send, *recv, *want;
    long nsend, nrecv;
} sig_sides;

static int sides_make(const sig_case *k, const sig_env *E, int send_blocks, int recv_blocks,
                      sig_sides *s)
{
    memset(s, 0, sizeof *s);
    int rc = sig_layout_make(E->T, (E->rank + k->shift) % SIG_KINDS, k->P, &s->S);
    if (rc == MPI_SUCCESS)
        rc = sig_layout_make(E->T, (E->rank + k->shift + 1) % SIG_KINDS, k->P, &s->R);
    if (rc != MPI_SUCCESS)
        return rc;
    s->nsend = sig_span(&s->S, (long)s->S.count * send_blocks);
    s->nrecv = sig_span(&s->R, (long)s->R.count * recv_blocks);
    s->send = sig_buffer(s->nsend);
    s->recv = sig_buffer(s->nrecv);
    s->want = sig_buffer(s->nrecv);
    return s->send && s->recv && s->want ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

static void sides_free(sig_sides *s)
{
    free(s->send);
    free(s->recv);
    free(s->want);
    sig_layout_free(&s->S);
    sig_layout_free(&s->R);
}

int sig_run_gather(const char *name, const sig_case *k, const sig_env *E, int *ok)
{
    sig_sides s;
    const int root = E->rank == k->root;
    int rc = sides_make(k, E, 1, root ? E->p : 1, &s);
    if (rc == MPI_SUCCESS) {
        sig_fill(s.send, &s.S, 0, k->P, E->rank, 0);
        for (int i = 0; i < E->p && root; i++)
            sig_fill(s.want, &s.R, (long)i * s.R.count, k->P, i, 0);
        rc = papsim_gather_lookup(name)(s.send, s.S.count, s.S.type, s.recv, s.R.count,
                                        s.R.type, k->root, E->comm, &E->params);
        *ok = rc == MPI_SUCCESS && sig_same(s.recv, s.want, s.nrecv, E->rank, "recvbuf");
    }
    sides_free(&s);
    return rc;
}

int sig_run_scatter(const char *name, const sig_case *k, const sig_env *E, int *ok)
{
    sig_sides s;
    const int root = E->rank == k->root;
    /* S is the receiving side here, R the root's p blocks. */
    int rc = sides_make(k, E, 1, root ? E->p : 1, &s);
    if (rc == MPI_SUCCESS) {
        int *want = sig_buffer(s.nsend);
        rc = MPI_ERR_NO_MEM;
        if (want) {
            sig_fill(want, &s.S, 0, k->P, k->root, E->rank);
            for (int i = 0; i < E->p && root; i++)
                sig_fill(s.recv, &s.R, (long)i * s.R.count, k->P, k->root, i);
            rc = papsim_scatter_lookup(name)(s.recv, s.R.count, s.R.type, s.send, s.S.count,
                                             s.S.type, k->root, E->comm, &E->params);
            *ok = rc == MPI_SUCCESS && sig_same(s.send, want, s.nsend, E->rank, "recvbuf");
        }
        free(want);
    }
    sides_free(&s);
    return rc;
}

int sig_run_allgather(const char *name, const sig_case *k, const sig_env *E, int *ok)
{
    sig_sides s;
    int rc = sides_make(k, E, 1, E->p, &s);
    if (rc == MPI_SUCCESS) {
        sig_fill(s.send, &s.S, 0, k->P, E->rank, 0);
        for (int i = 0; i < E->p; i++)
            sig_fill(s.want, &s.R, (long)i * s.R.count, k->P, i, 0);
        rc = papsim_allgather_lookup(name)(s.send, s.S.count, s.S.type, s.recv, s.R.count,
                                           s.R.type, E->comm, &E->params);
        *ok = rc == MPI_SUCCESS && sig_same(s.recv, s.want, s.nrecv, E->rank, "recvbuf");
    }
    sides_free(&s);
    return rc;
}

int sig_run_alltoall(const char *name, const sig_case *k, const sig_env *E, int *ok)
{
    sig_sides s;
    int rc = sides_make(k, E, E->p, E->p, &s);
    if (rc == MPI_SUCCESS) {
        for (int i = 0; i < E->p; i++) {
            sig_fill(s.send, &s.S, (long)i * s.S.count, k->P, E->rank, i);
            sig_fill(s.want, &s.R, (long)i * s.R.count, k->P, i, E->rank);
        }
        rc = papsim_alltoall_lookup(name)(s.send, s.S.count, s.S.type, s.recv, s.R.count,
                                          s.R.type, E->comm, &E->params);
        *ok = rc == MPI_SUCCESS && sig_same(s.recv, s.want, s.nrecv, E->rank, "recvbuf");
    }
    sides_free(&s);
    return rc;
}

/* ---- the driver ---- */

static sig_runner *runner_of(const char *coll)
{
    static const struct {
        const char *coll;
        sig_runner *fn;
    } runners[] = {
        {"bcast", sig_run_bcast},           {"gather", sig_run_gather},
        {"scatter", sig_run_scatter},       {"allgather", sig_run_allgather},
        {"alltoall", sig_run_alltoall},     {"gatherv", sig_run_gatherv},
        {"scatterv", sig_run_scatterv},     {"allgatherv", sig_run_allgatherv},
        {"alltoallv", sig_run_alltoallv},
    };
    for (size_t i = 0; i < sizeof runners / sizeof runners[0]; i++)
        if (!strcmp(runners[i].coll, coll))
            return runners[i].fn;
    return NULL;
}

static int is_reduction(const char *coll)
{
    return !strcmp(coll, "reduce") || !strcmp(coll, "allreduce") || !strcmp(coll, "scan") ||
           !strcmp(coll, "exscan") || !strcmp(coll, "reduce_scatter") ||
           !strcmp(coll, "reduce_scatter_block");
}


/* Receives and counts the messages of comm that no receive of the call
 * matched (one side skipped an empty block that the other sent): looked
 * for after every rank returned, and again after one more barrier, so a
 * message still in flight is found too. */
static int stray_messages(MPI_Comm comm)
{
    int found = 0;
    for (int round = 0; round < 2; round++) {
        int flag = 1;
        while (flag) {
            MPI_Status st;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, &st);
            if (!flag)
                break;
            int bytes = 0;
            MPI_Get_count(&st, MPI_BYTE, &bytes);
            char *sink = malloc((size_t)(bytes > 0 ? bytes : 1));
            MPI_Recv(sink, bytes, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, comm, MPI_STATUS_IGNORE);
            free(sink);
            found++;
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    return found;
}

static const sig_case cases[] = {
    {6, 0, 0, 0, "P=6"},        {6, 20, 1, 0, "P=6 seg=20"},
    {1200, 0, 2, 0, "P=1200"},  {1200, 20, 3, 0, "P=1200 seg=20"},
    {1200, 1000, 1, 0, "P=1200 seg=1000"},
    {0, 0, 0, 0, "empty"},      {0, 20, 1, 0, "empty seg=20"},
};
#define NCASES (sizeof cases / sizeof cases[0])

/* Runs every case of one algorithm; counts into *passed and *failed. */
static void test_entry(const papsim_catalog_entry *e, sig_env *E, int verbose, int *passed,
                       int *failed)
{
    sig_runner *run = runner_of(e->collective);
    char why[128];
    if ((!run && !is_reduction(e->collective)) ||
        papsim_catalog_check_np(e, E->p, why, sizeof why) != 0)
        return;
    MPI_Comm_dup(MPI_COMM_WORLD, &E->comm);
    MPI_Comm_set_errhandler(E->comm, MPI_ERRORS_RETURN);
    for (size_t i = 0; i < NCASES; i++) {
        sig_case k = cases[i];
        char what[160];
        int ok = 0, all_ok = 0;
        k.root = (int)(i % (size_t)E->p);
        papsim_params_init(&E->params);
        E->params.segment_bytes = k.segment_bytes;
        snprintf(what, sizeof what, "%s %s %s root=%d", e->collective, e->name, k.name, k.root);
        if (verbose && E->rank == 0)
            fprintf(stderr, "CASE %s\n", what);
        const int rc = run ? run(e->name, &k, E, &ok)
                           : sig_run_reduction(e->collective, e->name, &k, E, &ok);
        if (rc != MPI_SUCCESS) {
            char msg[MPI_MAX_ERROR_STRING];
            int len = 0;
            MPI_Error_string(rc, msg, &len);
            fprintf(stderr, "  rank %d: %s: returned %s\n", E->rank, what, msg);
            ok = 0;
        }
        test_all_returned(what, HANG_SECONDS);
        const int stray = stray_messages(E->comm);
        if (stray) {
            fprintf(stderr, "  rank %d: %s: %d message(s) sent that no receive matched\n",
                    E->rank, what, stray);
            ok = 0;
        }
        MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (all_ok) {
            (*passed)++;
        } else {
            (*failed)++;
            if (E->rank == 0)
                fprintf(stderr, "FAIL %s\n", what);
        }
    }
    MPI_Comm_free(&E->comm);
}

int main(int argc, char **argv)
{
    sig_types T;
    sig_env E;
    int passed = 0, failed = 0;
    MPI_Init(&argc, &argv);
    memset(&E, 0, sizeof E);
    MPI_Comm_rank(MPI_COMM_WORLD, &E.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &E.p);
    MPI_Type_contiguous(3, MPI_INT, &T.triple);
    MPI_Type_vector(2, 1, 2, MPI_INT, &T.holes);
    MPI_Type_contiguous(0, MPI_INT, &T.zero);
    {
        const int lengths[2] = {1, 1};
        const MPI_Aint at[2] = {0, (MPI_Aint)sizeof(int)};
        const MPI_Datatype ints[2] = {MPI_INT, MPI_INT};
        MPI_Type_create_struct(2, lengths, at, ints, &T.pair_struct);
        MPI_Type_commit(&T.pair_struct);
    }
    MPI_Type_commit(&T.triple);
    MPI_Type_commit(&T.holes);
    MPI_Type_commit(&T.zero);
    E.T = &T;

    const char *only = NULL, *only_name = NULL;
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (!only)
            only = argv[i];
        else
            only_name = argv[i];
    }
    for (size_t i = 0; i < papsim_catalog_size; i++)
        if ((!only || !strcmp(only, papsim_catalog[i].collective)) &&
            (!only_name || !strcmp(only_name, papsim_catalog[i].name)))
            test_entry(&papsim_catalog[i], &E, verbose, &passed, &failed);
    if (E.rank == 0) {
        printf("PAPSIM_ALGORITHMS_SMPI=%d\n", PAPSIM_ALGORITHMS_SMPI);
        printf("p=%d: %d passed, %d failed\n", E.p, passed, failed);
        fflush(stdout);
    }
    MPI_Type_free(&T.triple);
    MPI_Type_free(&T.holes);
    MPI_Type_free(&T.zero);
    MPI_Type_free(&T.pair_struct);
    MPI_Finalize();
    return failed ? 1 : 0;
}
