#include "coll_tree.h"

static void tree_init(papsim_tree *tree)
{
    tree->parent = PAPSIM_TREE_NONE;
    tree->nchildren = 0;
}

static int to_rank(int v, int p, int root) { return (v + root) % p; }

void papsim_tree_chain(int rank, int p, int root, int fanout, papsim_tree *tree)
{
    tree_init(tree);
    if (fanout < 1)
        fanout = 1;
    if (fanout > p - 1)
        fanout = p - 1;
    const int v = (rank - root + p) % p;
    if (p < 2)
        return;
    const int shorter = (p - 1) / fanout, longer_chains = (p - 1) % fanout;
    for (int j = 0, head = 1; j < fanout; j++) {
        const int len = shorter + (j < longer_chains ? 1 : 0);
        if (v == 0) {
            tree->children[tree->nchildren++] = to_rank(head, p, root);
        } else if (v >= head && v < head + len) {
            tree->parent = to_rank(v == head ? 0 : v - 1, p, root);
            if (v + 1 < head + len)
                tree->children[tree->nchildren++] = to_rank(v + 1, p, root);
            return;
        }
        head += len;
    }
}

void papsim_tree_nary(int rank, int p, int root, int fanout, papsim_tree *tree)
{
    tree_init(tree);
    const int v = (rank - root + p) % p;
    long level_width = 1, level_start = 0; /* fanout^L and the first v of level L */
    while (v >= level_start + level_width) {
        level_start += level_width;
        level_width *= fanout;
    }
    for (int i = 1; i <= fanout && v + i * level_width < p; i++)
        tree->children[tree->nchildren++] = to_rank((int)(v + i * level_width), p, root);
    if (v > 0) {
        /* The parent sits on the level above at position pos mod width/fanout. */
        const long up_width = level_width / fanout, up_start = level_start - up_width;
        tree->parent = to_rank((int)(up_start + (v - level_start) % up_width), p, root);
    }
}

void papsim_tree_binomial(int rank, int p, int root, papsim_tree *tree)
{
    tree_init(tree);
    const int v = (rank - root + p) % p;
    long bit = 1;
    while (bit <= v)
        bit <<= 1;
    if (v > 0)
        tree->parent = to_rank(v - (int)(bit >> 1), p, root);
    for (; v + bit < p; bit <<= 1)
        tree->children[tree->nchildren++] = to_rank((int)(v + bit), p, root);
}

void papsim_tree_binomial_lowbit(int rank, int p, int root, papsim_tree *tree)
{
    tree_init(tree);
    const int v = (rank - root + p) % p;
    for (long mask = 1; mask < p; mask <<= 1) {
        if (v & mask) {
            tree->parent = to_rank(v - (int)mask, p, root);
            return;
        }
        if (v + mask < p)
            tree->children[tree->nchildren++] = to_rank((int)(v + mask), p, root);
    }
}

void papsim_tree_knomial(int rank, int p, int root, int radix, papsim_tree *tree)
{
    tree_init(tree);
    const int v = (rank - root + p) % p;
    long step = 1;
    while (step < p && v % (step * radix) == 0)
        step *= radix;
    if (v > 0)
        tree->parent = to_rank((int)(v / (step * radix) * (step * radix)), p, root);
    for (step /= radix; step > 0; step /= radix)
        for (int d = 1; d < radix && v + d * step < p; d++)
            tree->children[tree->nchildren++] = to_rank((int)(v + d * step), p, root);
}

int papsim_tree_knomial_fits(int p, int radix)
{
    int levels = 0;
    for (long step = 1; step < p; step *= radix)
        levels++;
    return (long)(radix - 1) * levels <= PAPSIM_TREE_MAX_CHILDREN;
}

void papsim_tree_in_order_binary(int rank, int p, papsim_tree *tree)
{
    tree_init(tree);
    /* Descend from [0, p-1] to the range rooted at this rank. */
    int lo = 0, hi = p - 1;
    while (rank != hi) {
        const int n = hi - lo, r = (n + 1) / 2;
        tree->parent = hi;
        if (n == 1) {
            hi = lo;
        } else if (rank >= lo + r) {
            lo = lo + r;
            hi = hi - 1;
        } else {
            hi = lo + r - 1;
        }
    }
    const int n = hi - lo;
    if (n >= 1)
        tree->children[tree->nchildren++] = hi - 1;
    if (n >= 2)
        tree->children[tree->nchildren++] = lo + (n + 1) / 2 - 1;
}
