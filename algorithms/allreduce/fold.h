/* The non-power-of-two fold of recursive doubling and Rabenseifner
 * (MPICH's scheme): with p = 2^n + r, the pairs (2i, 2i+1), i < r, first
 * combine their vectors into 2i+1 (2i, the lower rank, is the left
 * operand, so MPI's order holds), the 2^n remaining ranks run the
 * power-of-two algorithm under new ranks, and 2i+1 returns the result to
 * 2i (the unfold). Cost: 2 alpha + 2 m beta + m gamma more than 2^n ranks
 * when r > 0. */
#ifndef PAPSIM_FOLD_H
#define PAPSIM_FOLD_H

#include "../coll_util.h"

/* The real rank that new rank w stands for after the fold. */
static inline int papsim_fold_real_rank(int w, int r)
{
    return w < r ? 2 * w + 1 : w + r;
}

/* The fold: returns this rank's new rank in *newrank, or -1 for an even
 * rank below 2r that handed its vector over. tmp holds count elements. */
int papsim_allreduce_fold(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                          MPI_Comm comm, int rank, int r, const papsim_params *params,
                          int *newrank);

/* The unfold: 2i+1 sends the result to 2i, for i < r. */
int papsim_allreduce_unfold(void *buf, int count, MPI_Datatype type, MPI_Comm comm, int rank,
                            int r);

#endif
