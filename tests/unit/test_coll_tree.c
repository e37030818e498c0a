/* Unit tests for algorithms/coll_tree.h, the one place the tree algorithms
 * get their trees: every rank's parent and children, in order, for the
 * chain, n-ary (binary), Open MPI's and MPICH's binomial, k-nomial and
 * in-order binary trees, at powers of two, primes, other roots and p = 1. */
#include <stdarg.h>

#include "check.h"
#include "coll_tree.h"

/* tree must have this parent and the n children listed, in order. */
static void expect(check_counts *c, const char *what, int rank, const papsim_tree *t, int parent,
                   int n, ...)
{
    int ok = t->parent == parent && t->nchildren == n;
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        const int want = va_arg(ap, int);
        ok = ok && i < t->nchildren && t->children[i] == want;
    }
    va_end(ap);
    char got[256];
    int len = snprintf(got, sizeof got, "parent %d children", t->parent);
    for (int i = 0; i < t->nchildren && len < 200; i++)
        len += snprintf(got + len, sizeof got - (size_t)len, " %d", t->children[i]);
    CHECK(c, ok, "%s rank %d: %s", what, rank, got);
}

#define NONE PAPSIM_TREE_NONE

static void test_chain(check_counts *c)
{
    papsim_tree t;
    /* p = 8, fanout 4: chains of v {1,2} {3,4} {5,6} {7}. */
    const int parent8[8] = {NONE, 0, 1, 0, 3, 0, 5, 0};
    for (int r = 0; r < 8; r++) {
        papsim_tree_chain(r, 8, 0, 4, &t);
        if (r == 0)
            expect(c, "chain 8/4", r, &t, NONE, 4, 1, 3, 5, 7);
        else if (r % 2 == 1 && r < 7)
            expect(c, "chain 8/4", r, &t, parent8[r], 1, r + 1);
        else
            expect(c, "chain 8/4", r, &t, parent8[r], 0);
    }
    /* The pipeline (fanout 1) from root 2 of 4: 2 -> 3 -> 0 -> 1. */
    papsim_tree_chain(2, 4, 2, 1, &t);
    expect(c, "pipeline 4 root 2", 2, &t, NONE, 1, 3);
    papsim_tree_chain(3, 4, 2, 1, &t);
    expect(c, "pipeline 4 root 2", 3, &t, 2, 1, 0);
    papsim_tree_chain(0, 4, 2, 1, &t);
    expect(c, "pipeline 4 root 2", 0, &t, 3, 1, 1);
    papsim_tree_chain(1, 4, 2, 1, &t);
    expect(c, "pipeline 4 root 2", 1, &t, 0, 0);
    /* Prime p = 7, fanout 4: chains {1,2} {3,4} {5} {6}. */
    papsim_tree_chain(0, 7, 0, 4, &t);
    expect(c, "chain 7/4", 0, &t, NONE, 4, 1, 3, 5, 6);
    papsim_tree_chain(4, 7, 0, 4, &t);
    expect(c, "chain 7/4", 4, &t, 3, 0);
    /* A fanout above p-1 is cut to p-1; p = 1 is a lone root. */
    papsim_tree_chain(0, 3, 0, 4, &t);
    expect(c, "chain 3/4", 0, &t, NONE, 2, 1, 2);
    papsim_tree_chain(0, 1, 0, 4, &t);
    expect(c, "chain 1", 0, &t, NONE, 0);
}

static void test_nary(check_counts *c)
{
    papsim_tree t;
    /* p = 7 binary: 0 -> 1, 2; 1 -> 3, 5; 2 -> 4, 6. */
    const int parent[7] = {NONE, 0, 0, 1, 2, 1, 2};
    for (int r = 0; r < 7; r++) {
        papsim_tree_nary(r, 7, 0, 2, &t);
        if (r == 0)
            expect(c, "binary 7", r, &t, NONE, 2, 1, 2);
        else if (r == 1)
            expect(c, "binary 7", r, &t, 0, 2, 3, 5);
        else if (r == 2)
            expect(c, "binary 7", r, &t, 0, 2, 4, 6);
        else
            expect(c, "binary 7", r, &t, parent[r], 0);
    }
    /* Root 3: relative v = rank - 3 mod 7. */
    papsim_tree_nary(3, 7, 3, 2, &t);
    expect(c, "binary 7 root 3", 3, &t, NONE, 2, 4, 5);
    papsim_tree_nary(4, 7, 3, 2, &t);
    expect(c, "binary 7 root 3", 4, &t, 3, 2, 6, 1);
    papsim_tree_nary(0, 1, 0, 2, &t);
    expect(c, "binary 1", 0, &t, NONE, 0);
}

static void test_binomial(check_counts *c)
{
    papsim_tree t;
    /* Open MPI's: the parent clears the highest bit. */
    papsim_tree_binomial(0, 8, 0, &t);
    expect(c, "binomial 8", 0, &t, NONE, 3, 1, 2, 4);
    papsim_tree_binomial(1, 8, 0, &t);
    expect(c, "binomial 8", 1, &t, 0, 2, 3, 5);
    papsim_tree_binomial(2, 8, 0, &t);
    expect(c, "binomial 8", 2, &t, 0, 1, 6);
    papsim_tree_binomial(3, 8, 0, &t);
    expect(c, "binomial 8", 3, &t, 1, 1, 7);
    papsim_tree_binomial(6, 8, 0, &t);
    expect(c, "binomial 8", 6, &t, 2, 0);
    papsim_tree_binomial(2, 5, 2, &t); /* prime p, root 2 */
    expect(c, "binomial 5 root 2", 2, &t, NONE, 3, 3, 4, 1);
    papsim_tree_binomial(3, 5, 2, &t);
    expect(c, "binomial 5 root 2", 3, &t, 2, 1, 0);
    papsim_tree_binomial(0, 5, 2, &t);
    expect(c, "binomial 5 root 2", 0, &t, 3, 0);
    papsim_tree_binomial(0, 1, 0, &t);
    expect(c, "binomial 1", 0, &t, NONE, 0);

    /* MPICH's: the parent clears the lowest bit. */
    papsim_tree_binomial_lowbit(0, 8, 0, &t);
    expect(c, "lowbit 8", 0, &t, NONE, 3, 1, 2, 4);
    papsim_tree_binomial_lowbit(4, 8, 0, &t);
    expect(c, "lowbit 8", 4, &t, 0, 2, 5, 6);
    papsim_tree_binomial_lowbit(6, 8, 0, &t);
    expect(c, "lowbit 8", 6, &t, 4, 1, 7);
    papsim_tree_binomial_lowbit(7, 8, 0, &t);
    expect(c, "lowbit 8", 7, &t, 6, 0);
    papsim_tree_binomial_lowbit(4, 5, 0, &t); /* prime p: 4 has no children */
    expect(c, "lowbit 5", 4, &t, 0, 0);
    papsim_tree_binomial_lowbit(2, 5, 0, &t);
    expect(c, "lowbit 5", 2, &t, 0, 1, 3);
    papsim_tree_binomial_lowbit(1, 6, 1, &t); /* root 1 of 6 */
    expect(c, "lowbit 6 root 1", 1, &t, NONE, 3, 2, 3, 5);
    papsim_tree_binomial_lowbit(5, 6, 1, &t);
    expect(c, "lowbit 6 root 1", 5, &t, 1, 1, 0);
    papsim_tree_binomial_lowbit(0, 6, 1, &t);
    expect(c, "lowbit 6 root 1", 0, &t, 5, 0);
    papsim_tree_binomial_lowbit(0, 1, 0, &t);
    expect(c, "lowbit 1", 0, &t, NONE, 0);
}

static void test_knomial(check_counts *c)
{
    papsim_tree t;
    papsim_tree_knomial(0, 9, 0, 3, &t);
    expect(c, "3-nomial 9", 0, &t, NONE, 4, 3, 6, 1, 2);
    papsim_tree_knomial(3, 9, 0, 3, &t);
    expect(c, "3-nomial 9", 3, &t, 0, 2, 4, 5);
    papsim_tree_knomial(4, 9, 0, 3, &t);
    expect(c, "3-nomial 9", 4, &t, 3, 0);
    papsim_tree_knomial(7, 9, 0, 3, &t);
    expect(c, "3-nomial 9", 7, &t, 6, 0);
    papsim_tree_knomial(0, 7, 0, 4, &t); /* prime p, radix 4 */
    expect(c, "4-nomial 7", 0, &t, NONE, 4, 4, 1, 2, 3);
    papsim_tree_knomial(4, 7, 0, 4, &t);
    expect(c, "4-nomial 7", 4, &t, 0, 2, 5, 6);
    papsim_tree_knomial(0, 1, 0, 4, &t);
    expect(c, "4-nomial 1", 0, &t, NONE, 0);
    CHECK(c, papsim_tree_knomial_fits(1000000, 4), "radix 4: 3 x 10 children fit");
    CHECK(c, !papsim_tree_knomial_fits(1000000, 100), "radix 100: 99 x 3 children do not fit");
    CHECK(c, papsim_tree_knomial_fits(1, 100), "p = 1: no children");
}

static void test_in_order_binary(check_counts *c)
{
    papsim_tree t;
    /* p = 7: 6 -> 5, 2; 5 -> 4, 3; 2 -> 1, 0. */
    papsim_tree_in_order_binary(6, 7, &t);
    expect(c, "in-order 7", 6, &t, NONE, 2, 5, 2);
    papsim_tree_in_order_binary(5, 7, &t);
    expect(c, "in-order 7", 5, &t, 6, 2, 4, 3);
    papsim_tree_in_order_binary(2, 7, &t);
    expect(c, "in-order 7", 2, &t, 6, 2, 1, 0);
    papsim_tree_in_order_binary(3, 7, &t);
    expect(c, "in-order 7", 3, &t, 5, 0);
    papsim_tree_in_order_binary(0, 7, &t);
    expect(c, "in-order 7", 0, &t, 2, 0);
    papsim_tree_in_order_binary(1, 2, &t);
    expect(c, "in-order 2", 1, &t, NONE, 1, 0);
    papsim_tree_in_order_binary(0, 2, &t);
    expect(c, "in-order 2", 0, &t, 1, 0);
    papsim_tree_in_order_binary(0, 1, &t);
    expect(c, "in-order 1", 0, &t, NONE, 0);
}

int main(void)
{
    check_counts c = {0, 0};
    test_chain(&c);
    test_nary(&c);
    test_binomial(&c);
    test_knomial(&c);
    test_in_order_binary(&c);
    return CHECK_SUMMARY(&c);
}
