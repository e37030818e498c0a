/* Clairvoyant schedule generation, "original": Algorithm 1 of Marendic et
 * al. (J. Supercomput. 72, 2016) as corrected here (the "Clairvoyant(linear)"
 * of Proficz & Ocetkiewicz, J. Supercomput. 77, 2021, Listing 2, plus the P'
 * state).
 *
 *   M  P x N bytes: A (own, uncombined), P (partially combined), E (sent)
 *   Q  binary min-heap of ranks keyed by availability (k, f, rank)
 *   G  popped from Q while ready: t_i < t_Q0 + d (or <=, options)
 *   per round: S(i) = not sent, P'(i) = none; r moved to the front of G;
 *   sink = r if r in G else Q0; for each receiver i in that order, for
 *   j = 0, 1, ...: skip j if i is not the sink and M(i,j) = E, or i is the
 *   sink and j is its P' segment; take the first z != i in peer order with
 *   M(z,j) != E, S(z) = not sent, P'(z) != j. Found: I(i) += (round, z, j),
 *   O(z) += (round, i, j), S(z) = sent, M(z,j) = E, M(i,j) = P, P'(i) = j.
 *   Not found for any j: i gets nothing this round (the search ends).
 *   then every i in G that still holds a segment gets t_i += d and goes
 *   back into Q; the loop runs while Q holds more than one rank.
 * Fixes over the printed Algorithm 1 (found by checking it by hand and
 * against Proficz & Ocetkiewicz 2021, sections 3.2-3.4): line 27 j = j + 1 (not i), line 33
 * M(i,j) = P (not M(j,z)), the search ends after the last segment, updates
 * only on success, P' (received this round, not sent this round), "insert
 * r" moves r, deterministic ties (k, f, rank), the round number kept with
 * each transfer. Idle rounds (|G| = 1) are iterated one by one, as in the
 * paper; papsim_clv_options.max_rounds bounds them.
 *
 * Time per round O(|G| N |G|) worst case; memory P N bytes + O(P). */
#include <stdlib.h>
#include <string.h>

#include "clairvoyant.h"
#include "clv_time.h"

enum { ST_A = 0, ST_P = 1, ST_E = 2 };

typedef struct {
    int P, N, root, strict, root_first;
    int64_t *k;      /* availability = k d + f */
    double *f;
    unsigned char *M;  /* [P][N] */
    int *held;       /* segments not in E, per process */
    unsigned char *sent; /* S */
    int *recvd;      /* P' segment, -1 none */
    int *heap;       /* Q */
    int nheap;
    int *G, *recv_order;
} orig_state;

static int before(const orig_state *st, int a, int b) { return papsim_clv_earlier(st->k, st->f, a, b); }

static int ready(const orig_state *st, int c, int h)
{
    return papsim_clv_can_receive(st->k, st->f, st->strict, c, h);
}

static void heap_push(orig_state *st, int r)
{
    int i = st->nheap++;
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (!before(st, r, st->heap[parent]))
            break;
        st->heap[i] = st->heap[parent];
        i = parent;
    }
    st->heap[i] = r;
}

static int heap_pop(orig_state *st)
{
    int top = st->heap[0], last = st->heap[--st->nheap], i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= st->nheap)
            break;
        if (c + 1 < st->nheap && before(st, st->heap[c + 1], st->heap[c]))
            c++;
        if (!before(st, st->heap[c], last))
            break;
        st->heap[i] = st->heap[c];
        i = c;
    }
    if (st->nheap > 0)
        st->heap[i] = last;
    return top;
}

int papsim_clv_generate_original(int nprocs, int nseg, int root,
                                 const double *arrival, double round_time,
                                 const papsim_clv_options *opt,
                                 papsim_clv_schedule *out, papsim_clv_err *e)
{
    orig_state st = {0};
    int rc = -1;
    int64_t round = 0;
    const int P = nprocs, N = nseg;

    if (papsim_clv_generate_begin(nprocs, nseg, root, arrival, round_time, &opt, out, e) != 0)
        return -1;
    st.P = P;
    st.N = N;
    st.root = root;
    st.strict = opt->ready != PAPSIM_CLV_READY_LE;
    st.root_first = opt->peers != PAPSIM_CLV_PEERS_AVAILABILITY;
    st.k = malloc((size_t)P * sizeof *st.k);
    st.f = malloc((size_t)P * sizeof *st.f);
    st.M = calloc((size_t)P * N, 1); /* all ST_A */
    st.held = malloc((size_t)P * sizeof *st.held);
    st.sent = calloc((size_t)P, 1);
    st.recvd = malloc((size_t)P * sizeof *st.recvd);
    st.heap = malloc((size_t)P * sizeof *st.heap);
    st.G = malloc((size_t)P * sizeof *st.G);
    st.recv_order = malloc((size_t)P * sizeof *st.recv_order);
    if (!st.k || !st.f || !st.M || !st.held || !st.sent || !st.recvd ||
        !st.heap || !st.G || !st.recv_order) {
        papsim_clv_fail(e, PAPSIM_CLV_ENOMEM, "out of memory");
        goto out;
    }
    out->stats.state_bytes =
        (size_t)P * N + (size_t)P * (sizeof *st.k + sizeof *st.f +
                                     sizeof *st.held + 1 + sizeof *st.recvd +
                                     3 * sizeof(int));
    if (papsim_clv_split_arrivals(P, arrival, round_time, st.k, st.f, e) != 0)
        goto out;
    for (int i = 0; i < P; i++) {
        st.held[i] = N;
        st.recvd[i] = -1;
        heap_push(&st, i);
    }

    while (st.nheap > 1) {
        int ng = 0, q0, root_in = 0;
        if (opt->max_rounds > 0 && round >= opt->max_rounds) {
            papsim_clv_fail(e, PAPSIM_CLV_ELIMIT, "the schedule needs more than %lld rounds "
                        "(max_rounds)", (long long)opt->max_rounds);
            goto out;
        }
        q0 = st.heap[0];
        while (st.nheap > 0 && ready(&st, st.heap[0], q0))
            st.G[ng++] = heap_pop(&st);
        for (int g = 0; g < ng; g++) {
            st.sent[st.G[g]] = 0;
            st.recvd[st.G[g]] = -1;
            root_in |= st.G[g] == root;
        }
        /* receivers: G with r moved to the front; peers: the same order
         * (root first) or G as popped (availability). */
        int nr = 0;
        if (root_in)
            st.recv_order[nr++] = root;
        for (int g = 0; g < ng; g++)
            if (st.G[g] != root || !root_in)
                st.recv_order[nr++] = st.G[g];
        const int *peers = st.root_first ? st.recv_order : st.G;
        const int sink = root_in ? root : q0;

        for (int x = 0; x < nr; x++) {
            const int i = st.recv_order[x];
            const unsigned char *Mi = st.M + (size_t)i * N;
            int z = -1, j;
            for (j = 0; j < N && z < 0; j++) {
                if (i != sink ? Mi[j] == ST_E : st.recvd[i] == j)
                    continue;
                for (int y = 0; y < ng; y++) {
                    int c = peers[y];
                    if (c != i && st.M[(size_t)c * N + j] != ST_E &&
                        !st.sent[c] && st.recvd[c] != j) {
                        z = c;
                        break;
                    }
                }
            }
            if (z < 0)
                continue; /* no transfer for i in this round */
            j--;
            if (papsim_clv_schedule_add(out, round, z, i, j, e) != 0)
                goto out;
            st.sent[z] = 1;
            st.M[(size_t)z * N + j] = ST_E;
            st.held[z]--;
            if (Mi[j] == ST_E)
                st.held[i]++;
            st.M[(size_t)i * N + j] = ST_P;
            st.recvd[i] = j;
        }
        for (int g = 0; g < ng; g++) {
            int i = st.G[g];
            if (st.held[i] > 0) {
                st.k[i]++;
                heap_push(&st, i);
            }
        }
        round++;
    }
    if (st.nheap != 1 || st.heap[0] != root) {
        papsim_clv_fail(e, PAPSIM_CLV_EINTERNAL, "internal error: the generator ended with rank %d, "
                    "not the root %d", st.nheap ? st.heap[0] : -1, root);
        goto out;
    }
    rc = papsim_clv_schedule_finish(out, round, e);
out:
    free(st.k);
    free(st.f);
    free(st.M);
    free(st.held);
    free(st.sent);
    free(st.recvd);
    free(st.heap);
    free(st.G);
    free(st.recv_order);
    if (rc != 0) {
        papsim_clv_stats keep = out->stats;
        papsim_clv_schedule_free(out);
        out->stats = keep;
    }
    return rc;
}
