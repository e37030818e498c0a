/* papsim-signatures: the layouts of a block, the buffers and the check of
 * a whole receive buffer (signatures.h). */
#include <stdio.h>
#include <stdlib.h>

#include "signatures.h"

int sig_layout_make(const sig_types *T, int kind, int P, sig_layout *L)
{
    L->owned = 0;
    if (P == 0) {
        const int zero = kind == SIG_WHOLE || kind == SIG_HOLES;
        L->type = zero ? T->zero : MPI_INT;
        L->count = zero ? kind : 0;
        L->ext = zero ? 0 : 1;
        L->prims = zero ? 0 : 1;
        return MPI_SUCCESS;
    }
    switch (kind) {
    case SIG_WHOLE:
        L->count = 1;
        L->ext = L->prims = P;
        L->owned = 1;
        if (MPI_Type_contiguous(P, MPI_INT, &L->type) != MPI_SUCCESS)
            return MPI_ERR_TYPE;
        return MPI_Type_commit(&L->type);
    case SIG_TRIPLE:
        L->type = T->triple;
        L->count = P / 3;
        L->ext = L->prims = 3;
        return MPI_SUCCESS;
    case SIG_PAIR:
        L->type = MPI_2INT;
        L->count = P / 2;
        L->ext = L->prims = 2;
        return MPI_SUCCESS;
    case SIG_STRUCT:
        L->type = T->pair_struct;
        L->count = P / 2;
        L->ext = L->prims = 2;
        return MPI_SUCCESS;
    case SIG_HOLES:
        L->type = T->holes;
        L->count = P / 2;
        L->ext = 3;
        L->prims = 2;
        return MPI_SUCCESS;
    default:
        L->type = MPI_INT;
        L->count = P;
        L->ext = L->prims = 1;
        return MPI_SUCCESS;
    }
}

void sig_layout_free(sig_layout *L)
{
    if (L->owned)
        MPI_Type_free(&L->type);
    L->owned = 0;
}

int sig_vkind(int kind) { return kind % SIG_KINDS == SIG_WHOLE ? SIG_TRIPLE : kind % SIG_KINDS; }

long sig_pos(const sig_layout *L, long k)
{
    if (L->prims == 2 && L->ext == 3) /* SIG_HOLES */
        return 3 * (k / 2) + 2 * (k % 2);
    return k;
}

long sig_span(const sig_layout *L, long elems) { return elems * L->ext; }

int sig_value(int src, int dst, long k) { return (src * 16 + dst) * 10000 + (int)k + 1; }

int *sig_buffer(long n)
{
    int *b = malloc((size_t)(n > 0 ? n : 1) * sizeof *b);
    for (long i = 0; b && i < (n > 0 ? n : 1); i++)
        b[i] = SIG_SENTINEL;
    return b;
}

void sig_fill(int *buf, const sig_layout *L, long first_elem, int P, int src, int dst)
{
    int *block = buf + first_elem * L->ext;
    for (long k = 0; k < P; k++)
        block[sig_pos(L, k)] = sig_value(src, dst, k);
}

int sig_same(const int *got, const int *want, long n, int rank, const char *what)
{
    for (long i = 0; i < n; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "  rank %d: %s: int %ld is %d, want %d\n", rank, what, i, got[i],
                    want[i]);
            return 0;
        }
    return 1;
}
