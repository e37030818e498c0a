/* The trees of the tree-based algorithms, written once: one rank's parent
 * and children in a chain, n-ary, binomial, k-nomial or in-order binary
 * tree, relative to a root.
 *
 * Relative ranks v = (rank - root) mod p number the tree; the builders
 * return real ranks. The shapes are those of Open MPI 4.1's coll/base
 * topology builders (ompi_coll_base_topo_build_chain, _tree, _bmtree,
 * _kmtree, _in_order_bintree) and of MPICH's binomial tree (the
 * lowest-bit one), children in their order. MPI-free (no parent is
 * PAPSIM_TREE_NONE, not MPI_PROC_NULL), so tests/unit/test_coll_tree.c
 * calls them directly. */
#ifndef PAPSIM_COLL_TREE_H
#define PAPSIM_COLL_TREE_H

/* The most children a node may have: a k-nomial node of radix k has up to
 * (k-1) ceil(log_k p) children (papsim_tree_knomial_fits). */
#define PAPSIM_TREE_MAX_CHILDREN 256
/* The parent of a tree's root. */
#define PAPSIM_TREE_NONE (-1)

/* One rank's place in a tree; children are served (or received) in the
 * order listed. */
typedef struct {
    int parent;
    int nchildren;
    int children[PAPSIM_TREE_MAX_CHILDREN];
} papsim_tree;

/* Chains: the root heads min(fanout, p-1) chains of consecutive relative
 * ranks, the first (p-1) mod fanout of them one rank longer than the rest
 * (fanout 1: the pipeline root <- root+1 <- .. <- root+p-1). */
void papsim_tree_chain(int rank, int p, int root, int fanout, papsim_tree *tree);

/* n-ary, level by level: v on level L (fanout^L nodes) has the children
 * v + i fanout^L, i = 1..fanout (fanout 2: the binary tree 0 -> 1, 2;
 * 1 -> 3, 5; 2 -> 4, 6). */
void papsim_tree_nary(int rank, int p, int root, int fanout, papsim_tree *tree);

/* Binomial, Open MPI's: v's parent clears v's highest set bit; its
 * children are v + 2^k for every 2^k above v, nearest first. */
void papsim_tree_binomial(int rank, int p, int root, papsim_tree *tree);

/* Binomial, MPICH's: v's parent clears v's lowest set bit; its children are
 * v + 2^k for every 2^k below that bit (every 2^k < p at the root), nearest
 * first. Child i (v + 2^i) roots the relative ranks [v + 2^i, v + 2^(i+1)). */
void papsim_tree_binomial_lowbit(int rank, int p, int root, papsim_tree *tree);

/* k-nomial: v's parent clears v's lowest non-zero base-radix digit; its
 * children are v + d radix^j for every radix^j below that digit (highest
 * first) and d = 1..radix-1. */
void papsim_tree_knomial(int rank, int p, int root, int radix, papsim_tree *tree);
/* Whether the k-nomial root's (radix-1) ceil(log_radix p) children fit
 * PAPSIM_TREE_MAX_CHILDREN (1) or not (0). */
int papsim_tree_knomial_fits(int p, int radix);

/* In-order binary, Open MPI's: rooted at rank p-1 whatever the root (the
 * caller forwards the result); a range [lo, hi] has its root at hi, the
 * right subtree [lo + ceil(n/2), hi-1] and the left one [lo, lo+ceil(n/2)-1]
 * (n = hi - lo), children right first. Every subtree holds consecutive
 * ranks just below its root's, so a reduction over it keeps rank order. */
void papsim_tree_in_order_binary(int rank, int p, papsim_tree *tree);

#endif
