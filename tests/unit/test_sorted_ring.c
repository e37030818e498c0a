/* Unit tests for algorithms/schedule/sorted_ring (SLT and PRR of J. Proficz,
 * "Improving all-reduce collective operations for imbalanced process arrival
 * patterns", The Journal of Supercomputing 74(7), 2018, Sec. 4): the arrival
 * order and its tie-break, the PRR plan (the k-vector properties, the
 * example of Fig. 8, equal arrivals, one late process), and a symbolic run
 * of both algorithms' message programs, as slt.c and prr.c execute them,
 * on random arrivals: no deadlock, every final segment holds every rank's
 * contribution exactly once, and p(2p-2) messages in all (Figs. 5 and 7 of
 * Proficz 2018 as corrected in algorithms/schedule/sorted_ring.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "schedule/sorted_ring.h"

enum { PMAX = 64 };

static int same_ints(const int *a, const int *b, int n)
{
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

static void test_order(check_counts *c)
{
    const double a[5] = {3, 1, 1, 0, 3};
    const int want[5] = {3, 1, 2, 0, 4};
    int order[5];
    CHECK(c, papsim_arrival_order(5, a, order) == 0, "finite input");
    CHECK(c, same_ints(order, want, 5), "ties by rank: got %d %d %d %d %d", order[0], order[1],
          order[2], order[3], order[4]);
    CHECK(c, papsim_arrival_order(5, NULL, order) == 0 && order[4] == 4, "NULL is identity");
    const double bad[3] = {0, 1.0 / 0.0, 2};
    CHECK(c, papsim_arrival_order(3, bad, order) == -1, "infinite arrival refused");
}

static void test_fig8(check_counts *c)
{
    const double tau = 1e-3, a[4] = {0, 0, 0, 2e-3};
    const int k_want[4] = {2, 1, 0, 0}, sp_want[4] = {0, 0, 0, 3}, rp_want[4] = {3, 3, 3, 2};
    int k[4], sp[4], rp[4];
    papsim_prr_plan(4, a, tau, k, sp, rp);
    CHECK(c, same_ints(k, k_want, 4), "Fig. 8 k = (%d,%d,%d,%d)", k[0], k[1], k[2], k[3]);
    CHECK(c, same_ints(sp, sp_want, 4), "Fig. 8 sp = (%d,%d,%d,%d)", sp[0], sp[1], sp[2], sp[3]);
    CHECK(c, same_ints(rp, rp_want, 4), "Fig. 8 rp = (%d,%d,%d,%d)", rp[0], rp[1], rp[2], rp[3]);
    CHECK(c, papsim_prr_first_segment(k, 0) == 2 && papsim_prr_first_segment(k, 3) == 3,
          "Fig. 8 start segments");
}

static void test_equal_and_one_late(check_counts *c)
{
    for (int p = 2; p <= 48; p++) {
        double a[PMAX] = {0};
        int k[PMAX], sp[PMAX], rp[PMAX], ok = 1;
        papsim_prr_plan(p, a, 1e-3, k, sp, rp);
        for (int j = 0; j < p; j++)
            ok &= k[j] == 0 && sp[j] == j && rp[j] == (j + p - 1) % p;
        CHECK(c, ok, "p=%d equal arrivals: k = 0, sp_j = j, rp_j = j-1 (the ring)", p);
        a[p - 1] = (p - 2) * 1e-3; /* D = (p-2) tau: the smallest full-pre-step delay */
        papsim_prr_plan(p, a, 1e-3, k, sp, rp);
        ok = k[p - 1] == 0;
        for (int i = 0; i <= p - 2; i++)
            ok &= k[i] == p - 2 - i;
        for (int j = 0; j < p; j++)
            ok &= sp[j] == (j < p - 1 ? 0 : p - 1) && rp[j] == (j < p - 1 ? p - 1 : p - 2);
        CHECK(c, ok, "p=%d one late by (p-2) tau: k_i = p-2-i, id 0 starts 0..p-2", p);
    }
}

/* xorshift64*: reproducible random arrivals. */
static double next_uniform(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (double)((*s * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

/* ---- symbolic execution of the message programs ----------------------
 * Every message goes from sorted id i to i+1 (mod p). A message carries its
 * tag, its segment and the set of ranks whose data it holds (a bitmask).
 * Sends never block; a blocking receive waits for a matching message; SLT's
 * override loop also waits until its partial of the segment was received
 * (the MPI_Wait in slt.c). A round in which no process moves is a deadlock. */
enum { T_PARTIAL, T_FINAL };
typedef struct {
    int tag, seg, taken;
    uint64_t mask;
} sym_msg;
typedef struct {
    sym_msg *v;
    int n;
} sym_box;

typedef struct {
    int p, messages, errors;
    sym_box box[PMAX];      /* box[i]: messages to id i, in send order */
    uint64_t d[PMAX][PMAX]; /* d[id][seg]: whose data the copy holds */
    int sent_partial[PMAX][PMAX]; /* index in the successor's box, -1 none */
} sym_world;

static void sym_send(sym_world *w, int from, int tag, int seg)
{
    sym_box *b = &w->box[(from + 1) % w->p];
    b->v[b->n] = (sym_msg){tag, seg, 0, w->d[from][seg]};
    if (tag == T_PARTIAL)
        w->sent_partial[from][seg] = b->n;
    b->n++;
    w->messages++;
}

/* The first untaken message with this tag (and segment, unless -1). */
static sym_msg *sym_match(sym_world *w, int id, int tag, int seg)
{
    for (int i = 0; i < w->box[id].n; i++) {
        sym_msg *m = &w->box[id].v[i];
        if (!m->taken && m->tag == tag && (seg < 0 || m->seg == seg))
            return m;
    }
    return NULL;
}

static void sym_init(sym_world *w, int p)
{
    memset(w, 0, sizeof *w);
    w->p = p;
    for (int i = 0; i < p; i++) {
        w->box[i].v = calloc((size_t)(4 * p), sizeof(sym_msg));
        for (int j = 0; j < p; j++) {
            w->d[i][j] = 1ULL << i;
            w->sent_partial[i][j] = -1;
        }
    }
}

static void sym_free(sym_world *w)
{
    for (int i = 0; i < w->p; i++)
        free(w->box[i].v);
}

static void sym_combine(sym_world *w, int id, sym_msg *m)
{
    if (w->d[id][m->seg] & m->mask)
        w->errors++; /* a contribution counted twice */
    w->d[id][m->seg] |= m->mask;
    m->taken = 1;
}

/* PRR as prr.c runs it. pc[id] counts reduce steps, then finals taken. */
static int run_prr(sym_world *w, const int *k, const int *sp, const int *rp)
{
    const int p = w->p;
    int pc[PMAX] = {0}, si[PMAX], finals_left[PMAX], done = 0;
    const uint64_t all = p == 64 ? ~0ULL : (1ULL << p) - 1;
    for (int id = 0; id < p; id++) {
        si[id] = papsim_prr_first_segment(k, id);
        finals_left[id] = 0;
        for (int j = 0; j < p; j++)
            finals_left[id] += rp[j] != id;
    }
    for (int moved = 1; moved && done < p;) {
        moved = 0;
        for (int id = 0; id < p; id++) {
            if (pc[id] < p) { /* reduce loop step */
                const int s = si[id];
                if (sp[s] != id) {
                    sym_msg *m = sym_match(w, id, T_PARTIAL, s);
                    if (!m)
                        continue;
                    sym_combine(w, id, m);
                }
                if (rp[s] == id && w->d[id][s] != all)
                    w->errors++;
                sym_send(w, id, rp[s] == id ? T_FINAL : T_PARTIAL, s);
                si[id] = (s + p - 1) % p;
                if (++pc[id] == p && finals_left[id] == 0)
                    done++;
                moved = 1;
            } else if (finals_left[id] > 0) { /* forward any final that came */
                sym_msg *m = sym_match(w, id, T_FINAL, -1);
                if (!m)
                    continue;
                m->taken = 1;
                if (m->mask != all)
                    w->errors++;
                w->d[id][m->seg] = m->mask;
                if ((rp[m->seg] + p - 1) % p != id)
                    sym_send(w, id, T_FINAL, m->seg);
                if (--finals_left[id] == 0)
                    done++;
                moved = 1;
            }
        }
    }
    return done == p ? 0 : -1;
}

/* SLT as slt.c runs it: pc[id] < p reduce steps, then p override steps. */
static int run_slt(sym_world *w)
{
    const int p = w->p;
    int pc[PMAX] = {0}, done = 0;
    const uint64_t all = p == 64 ? ~0ULL : (1ULL << p) - 1;
    for (int moved = 1; moved && done < p;) {
        moved = 0;
        for (int id = 0; id < p; id++) {
            if (pc[id] < p) {
                const int j = pc[id];
                if (id != 0) {
                    sym_msg *m = sym_match(w, id, T_PARTIAL, -1); /* FIFO, one tag */
                    if (!m)
                        continue;
                    if (m->seg != j)
                        w->errors++;
                    sym_combine(w, id, m);
                }
                if (id == p - 1 && w->d[id][j] != all)
                    w->errors++;
                sym_send(w, id, id == p - 1 ? T_FINAL : T_PARTIAL, j);
                if (++pc[id] == p && id == p - 1)
                    done++;
                moved = 1;
            } else if (id != p - 1 && pc[id] < 2 * p) {
                const int j = pc[id] - p, at = w->sent_partial[id][j];
                if (at >= 0 && !w->box[(id + 1) % p].v[at].taken)
                    continue; /* MPI_Wait on the partial's send */
                sym_msg *m = sym_match(w, id, T_FINAL, -1);
                if (!m)
                    continue;
                m->taken = 1;
                if (m->seg != j || m->mask != all)
                    w->errors++;
                w->d[id][j] = m->mask;
                if (id < p - 2)
                    sym_send(w, id, T_FINAL, j);
                if (++pc[id] == 2 * p)
                    done++;
                moved = 1;
            }
        }
    }
    return done == p ? 0 : -1;
}

static void test_random_programs(check_counts *c)
{
    uint64_t s = 0x9e3779b97f4a7c15ULL;
    int deadlocks = 0, wrong = 0, miscount = 0, badk = 0, runs = 0;
    for (int p = 2; p <= PMAX; p++) {
        for (int rep = 0; rep < 60; rep++, runs++) {
            double raw[PMAX], a[PMAX];
            int order[PMAX], k[PMAX], sp[PMAX], rp[PMAX];
            const double tau = 1.0, span = (rep % 3 == 0 ? 0.5 : rep % 3 == 1 ? p : 3 * p);
            for (int i = 0; i < p; i++) /* a third of the runs with ties */
                raw[i] = rep % 2 ? span * next_uniform(&s) : (double)(int)(4 * next_uniform(&s));
            papsim_arrival_order(p, raw, order);
            for (int id = 0; id < p; id++)
                a[id] = raw[order[id]] - raw[order[0]];
            papsim_prr_plan(p, a, tau, k, sp, rp);
            int kok = k[p - 1] == 0 && k[p - 2] == 0 && k[0] <= p - 2;
            for (int i = 0; i + 1 < p; i++)
                kok &= k[i] - k[i + 1] == 0 || k[i] - k[i + 1] == 1;
            badk += !kok;
            sym_world w;
            sym_init(&w, p);
            deadlocks += run_prr(&w, k, sp, rp) != 0;
            wrong += w.errors != 0;
            miscount += w.messages != p * (2 * p - 2);
            sym_free(&w);
            sym_init(&w, p);
            deadlocks += run_slt(&w) != 0;
            wrong += w.errors != 0;
            miscount += w.messages != p * (2 * p - 2);
            sym_free(&w);
        }
    }
    CHECK(c, badk == 0, "%d of %d k vectors break k_{p-1} = k_{p-2} = 0, steps 0/1, k_0 <= p-2",
          badk, runs);
    CHECK(c, deadlocks == 0, "%d deadlocks in %d random PRR+SLT runs (p = 2..%d)", deadlocks,
          runs, PMAX);
    CHECK(c, wrong == 0, "%d runs with a wrong or double-counted segment", wrong);
    CHECK(c, miscount == 0, "%d runs without exactly p(2p-2) messages", miscount);
}

/* The printed Fig. 7 line 19 ((rp+P-1) mod P != id) must deadlock: the
 * symbolic run is able to see the defect of the printed pseudo-code. */
static void test_printed_line19_deadlocks(check_counts *c)
{
    const double a[4] = {0, 0, 0, 2};
    int k[4], sp[4], rp[4], rp_shift[4];
    papsim_prr_plan(4, a, 1.0, k, sp, rp);
    /* reading line 19 literally makes process rp-1 the last sender of the
     * reduce chain: the same as a plan whose rp is one step earlier */
    for (int j = 0; j < 4; j++)
        rp_shift[j] = (rp[j] + 3) % 4;
    sym_world w;
    sym_init(&w, 4);
    CHECK(c, run_prr(&w, k, sp, rp_shift) != 0 || w.errors != 0,
          "the printed line 19 should not run cleanly");
    sym_free(&w);
}

int main(void)
{
    check_counts c = {0, 0};
    test_order(&c);
    test_fig8(&c);
    test_equal_and_one_late(&c);
    test_random_programs(&c);
    test_printed_line19_deadlocks(&c);
    return CHECK_SUMMARY(&c);
}
