/* papsim-signatures: the v forms (gatherv, scatterv, allgatherv,
 * alltoallv), whose root side holds blocks of different sizes in one
 * datatype, and the reductions. Rank i's block is empty when i mod 3 is 1;
 * an empty block is a zero count on one side and, for some ranks, a count
 * of a zero-size type on the other; with every block empty, the v side of
 * some ranks is a zero-size type with counts 1 and 2. In alltoallv, with an odd shift, the
 * odd ranks send every block as j + 1 elements of a zero-size type (as
 * MPICH's alltoallw_zeros does) to receivers expecting 0 x MPI_INT. */
#include <stdlib.h>
#include <string.h>

#include "signatures.h"

/* Ints in rank i's block (of the one block a rank has). */
static int block_ints(const sig_case *k, int i) { return i % 3 == 1 ? 0 : k->P; }

/* Odd ranks send zero-size blocks in alltoallv when the shift is odd. */
static int zero_sender(const sig_case *k, int i) { return k->shift % 2 == 1 && i % 2 == 1; }

static int pair_ints(const sig_case *k, int i, int j)
{
    return zero_sender(k, i) || (i + 2 * j) % 3 == 1 ? 0 : k->P;
}

/* One datatype for blocks of different sizes: counts[i] elements for
 * ints[i] ints, displs with one element of gap between blocks. Returns the
 * elements the buffer spans. A zero-size type (every block empty) counts
 * 1 or 2 elements per block. */
static long v_side(const sig_layout *L, const int *ints, int p, int *counts, int *displs)
{
    long at = 0;
    for (int i = 0; i < p; i++) {
        if (L->prims == 0) {
            counts[i] = 1 + i % 2;
            displs[i] = 0;
            continue;
        }
        counts[i] = ints[i] / L->prims;
        displs[i] = (int)at;
        at += counts[i] + 1;
    }
    return at;
}

typedef struct {
    int *ints, *counts, *displs;
} v_vectors;

static int vectors_make(int p, v_vectors *v)
{
    v->ints = calloc((size_t)p, sizeof(int));
    v->counts = calloc((size_t)p, sizeof(int));
    v->displs = calloc((size_t)p, sizeof(int));
    return v->ints && v->counts && v->displs ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

static void vectors_free(v_vectors *v)
{
    free(v->ints);
    free(v->counts);
    free(v->displs);
}

/* The v side of one rank (kind from its shift) and its one-block side. */
typedef struct {
    sig_layout V, own;
    v_vectors vec;
    int *vbuf, *vwant, *obuf, *owant;
    long nv, no;
} v_call;

static int v_make(const sig_case *k, const sig_env *E, v_call *c)
{
    memset(c, 0, sizeof *c);
    int rc = vectors_make(E->p, &c->vec);
    if (rc == MPI_SUCCESS)
        rc = sig_layout_make(E->T, sig_vkind(E->rank + k->shift + 1), k->P ? 6 : 0, &c->V);
    if (rc == MPI_SUCCESS)
        rc = sig_layout_make(E->T, (E->rank + k->shift) % SIG_KINDS, block_ints(k, E->rank),
                             &c->own);
    if (rc != MPI_SUCCESS)
        return rc;
    for (int i = 0; i < E->p; i++)
        c->vec.ints[i] = block_ints(k, i);
    c->nv = sig_span(&c->V, v_side(&c->V, c->vec.ints, E->p, c->vec.counts, c->vec.displs));
    c->no = sig_span(&c->own, c->own.count);
    c->vbuf = sig_buffer(c->nv);
    c->vwant = sig_buffer(c->nv);
    c->obuf = sig_buffer(c->no);
    c->owant = sig_buffer(c->no);
    return c->vbuf && c->vwant && c->obuf && c->owant ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

static void v_free(v_call *c)
{
    vectors_free(&c->vec);
    sig_layout_free(&c->V);
    sig_layout_free(&c->own);
    free(c->vbuf);
    free(c->vwant);
    free(c->obuf);
    free(c->owant);
}

int sig_run_gatherv(const char *name, const sig_case *k, const sig_env *E, int *ok)
{
    v_call c;
    int rc = v_make(k, E, &c);
    if (rc == MPI_SUCCESS) {
        sig_fill(c.obuf, &c.own, 0, block_ints(k, E->rank), E->rank, 0);
        for (int i = 0; i < E->p && E->rank == k->root; i++)
            sig_fill(c.vwant, &c.V, c.vec.displs[i], c.vec.ints[i], i, 0);
        rc = papsim_gatherv_lookup(name)(c.obuf, c.own.count, c.own.type, c.vbuf, c.vec.counts,
                                         c.vec.displs, c.V.type, k->root, E->comm, &E->params);
        *ok = rc == MPI_SUCCESS && sig_same(c.vbuf, c.vwant, c.nv, E->rank, "recvbuf");
    }
    v_free(&c);
    return rc;
}

int sig_run_scatterv(const char *name, const sig_case *k, const sig_env *E, int *ok)
{
    v_call c;
    int rc = v_make(k, E, &c);
    if (rc == MPI_SUCCESS) {
        for (int i = 0; i < E->p && E->rank == k->root; i++)
            sig_fill(c.vbuf, &c.V, c.vec.displs[i], c.vec.ints[i], k->root, i);
        sig_fill(c.owant, &c.own, 0, block_ints(k, E->rank), k->root, E->rank);
        rc = papsim_scatterv_lookup(name)(c.vbuf, c.vec.counts, c.vec.displs, c.V.type, c.obuf,
                                          c.own.count, c.own.type, k->root, E->comm, &E->params);
        *ok = rc == MPI_SUCCESS && sig_same(c.obuf, c.owant, c.no, E->rank, "recvbuf");
    }
    v_free(&c);
    return rc;
}

int sig_run_allgatherv(const char *name, const sig_case *k, const sig_env *E, int *ok)
{
    v_call c;
    int rc = v_make(k, E, &c);
    if (rc == MPI_SUCCESS) {
        sig_fill(c.obuf, &c.own, 0, block_ints(k, E->rank), E->rank, 0);
        for (int i = 0; i < E->p; i++)
            sig_fill(c.vwant, &c.V, c.vec.displs[i], c.vec.ints[i], i, 0);
        rc = papsim_allgatherv_lookup(name)(c.obuf, c.own.count, c.own.type, c.vbuf,
                                            c.vec.counts, c.vec.displs, c.V.type, E->comm,
                                            &E->params);
        *ok = rc == MPI_SUCCESS && sig_same(c.vbuf, c.vwant, c.nv, E->rank, "recvbuf");
    }
    v_free(&c);
    return rc;
}

int sig_run_alltoallv(const char *name, const sig_case *k, const sig_env *E, int *ok)
{
    v_call c;
    v_vectors s = {NULL, NULL, NULL};
    int *send = NULL;
    int rc = v_make(k, E, &c);
    if (rc == MPI_SUCCESS)
        rc = vectors_make(E->p, &s);
    if (rc != MPI_SUCCESS)
        goto out;
    /* Receiving side: c.V with the blocks from every i; sending side: its
     * own kind, or the zero-size type for a zero sender. */
    for (int i = 0; i < E->p; i++) {
        c.vec.ints[i] = pair_ints(k, i, E->rank);
        s.ints[i] = pair_ints(k, E->rank, i);
    }
    c.nv = sig_span(&c.V, v_side(&c.V, c.vec.ints, E->p, c.vec.counts, c.vec.displs));
    free(c.vbuf);
    free(c.vwant);
    c.vbuf = sig_buffer(c.nv);
    c.vwant = sig_buffer(c.nv);
    sig_layout S;
    rc = sig_layout_make(E->T, sig_vkind(E->rank + k->shift), k->P ? 6 : 0, &S);
    if (rc != MPI_SUCCESS)
        goto out;
    MPI_Datatype stype = S.type;
    long nsend = sig_span(&S, v_side(&S, s.ints, E->p, s.counts, s.displs));
    if (zero_sender(k, E->rank)) {
        stype = E->T->zero;
        for (int j = 0; j < E->p; j++) {
            s.counts[j] = j + 1;
            s.displs[j] = 0;
        }
        nsend = 1;
    }
    send = sig_buffer(nsend);
    rc = MPI_ERR_NO_MEM;
    if (!send || !c.vbuf || !c.vwant)
        goto out;
    for (int j = 0; j < E->p && !zero_sender(k, E->rank); j++)
        sig_fill(send, &S, s.displs[j], s.ints[j], E->rank, j);
    for (int i = 0; i < E->p; i++)
        sig_fill(c.vwant, &c.V, c.vec.displs[i], c.vec.ints[i], i, E->rank);
    rc = papsim_alltoallv_lookup(name)(send, s.counts, s.displs, stype, c.vbuf, c.vec.counts,
                                       c.vec.displs, c.V.type, E->comm, &E->params);
    *ok = rc == MPI_SUCCESS && sig_same(c.vbuf, c.vwant, c.nv, E->rank, "recvbuf");
out:
    free(send);
    vectors_free(&s);
    v_free(&c);
    return rc;
}

/* ---- reductions: P/6 ints per block, MPI_SUM ---- */

static int input(int rank, long k) { return rank + (int)k + 1; }

/* The sum of input(r, k) over the ranks r in [lo, hi). */
static int sum_over(int lo, int hi, long k)
{
    int s = 0;
    for (int r = lo; r < hi; r++)
        s += input(r, k);
    return s;
}

int sig_run_reduction(const char *coll, const char *name, const sig_case *k, const sig_env *E,
                      int *ok)
{
    const int c = k->P / 6, p = E->p, rank = E->rank;
    int *counts = calloc((size_t)p, sizeof *counts), rc = MPI_ERR_NO_MEM;
    int *send = NULL, *recv = NULL, *want = NULL;
    if (!counts)
        return rc;
    long nsend = c, nrecv = c, first = 0; /* ints sent; ints of the result; its first index */
    int lo = 0, hi = p;                   /* the ranks summed */
    if (!strcmp(coll, "reduce_scatter") || !strcmp(coll, "reduce_scatter_block")) {
        const int block = !strcmp(coll, "reduce_scatter_block");
        nsend = 0;
        for (int i = 0; i < p; i++) {
            counts[i] = block || i % 2 == 0 ? c : 0;
            first += i < rank ? counts[i] : 0;
            nsend += counts[i];
        }
        nrecv = counts[rank];
    } else if (!strcmp(coll, "scan")) {
        hi = rank + 1;
    } else if (!strcmp(coll, "exscan")) {
        hi = rank;
    }
    send = sig_buffer(nsend + 1);
    recv = sig_buffer(nrecv + 1); /* one int more: nothing written past the result */
    want = sig_buffer(nrecv + 1);
    if (!send || !recv || !want)
        goto out;
    for (long i = 0; i < nsend; i++)
        send[i] = input(rank, i);
    const int has_result = strcmp(coll, "reduce") ? !(hi == 0) : rank == k->root;
    for (long i = 0; i < nrecv && has_result; i++)
        want[i] = sum_over(lo, hi, first + i);
    if (!strcmp(coll, "reduce"))
        rc = papsim_reduce_lookup(name)(send, recv, c, MPI_INT, MPI_SUM, k->root, E->comm,
                                        &E->params);
    else if (!strcmp(coll, "allreduce"))
        rc = papsim_allreduce_lookup(name)(send, recv, c, MPI_INT, MPI_SUM, E->comm, &E->params);
    else if (!strcmp(coll, "scan"))
        rc = papsim_scan_lookup(name)(send, recv, c, MPI_INT, MPI_SUM, E->comm, &E->params);
    else if (!strcmp(coll, "exscan"))
        rc = papsim_exscan_lookup(name)(send, recv, c, MPI_INT, MPI_SUM, E->comm, &E->params);
    else if (!strcmp(coll, "reduce_scatter"))
        rc = papsim_reduce_scatter_lookup(name)(send, recv, counts, MPI_INT, MPI_SUM, E->comm,
                                                &E->params);
    else
        rc = papsim_reduce_scatter_block_lookup(name)(send, recv, c, MPI_INT, MPI_SUM, E->comm,
                                                      &E->params);
    if (!has_result) /* rank 0 of exscan: undefined, must not be written past */
        memcpy(want, recv, (size_t)nrecv * sizeof *want);
    *ok = rc == MPI_SUCCESS && sig_same(recv, want, nrecv + 1, rank, "recvbuf");
out:
    free(counts);
    free(send);
    free(recv);
    free(want);
    return rc;
}
