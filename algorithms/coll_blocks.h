/* How the algorithms cut a vector, written once: blocks (a vector of count
 * elements split over n ranks or steps), segments (a vector cut into
 * pieces of at most segcount elements for pipelining) and the powers of
 * two the recursive algorithms fold to.
 *
 * MPI-free (plain ints; offsets as int64_t, which the callers hold in
 * MPI_Aint), so tests/unit/test_coll_blocks.c calls them directly. Every
 * function is total: n >= 1 blocks, segcount >= 1, count >= 0. */
#ifndef PAPSIM_COLL_BLOCKS_H
#define PAPSIM_COLL_BLOCKS_H

#include <stdint.h>

/* ---- blocks: count elements over n, the first count mod n one longer ----
 * Block b of n holds floor(count/n) elements, plus one when b < count mod
 * n (MPICH's and Open MPI's split; with count < n the last blocks are
 * empty). Example: count 10 over n 4 is 3, 3, 2, 2 at 0, 3, 6, 8. */

/* First element of block b (0 <= b <= n; b = n gives count). */
int64_t papsim_block_first(int count, int n, int b);
/* Elements of block b (0 <= b < n). */
int papsim_block_len(int count, int n, int b);
/* Elements of the blocks [b, e) together (0 <= b <= e <= n). */
int papsim_blocks_len(int count, int n, int b, int e);

/* ---- blocks of the scatter-allgather broadcasts: equal blocks of ceil ----
 * Block b is elements [b sc, min((b+1) sc, count)), sc = ceil(count/n),
 * so the last blocks are shorter or empty (MPICH's bcast scatter). Returns
 * the elements of the nb blocks from b on (blocks past the vector are
 * empty) and their first element in *first. Example: count 10 over n 4
 * (sc 3) is 3, 3, 3, 1. */
int papsim_ceil_blocks(int count, int n, int b, int nb, int64_t *first);

/* ---- segments: pieces of segcount elements, the last one shorter ---- */

/* Elements per segment: bytes / type_size rounded down, at least 1 and at
 * most count; the whole vector (count) when bytes <= 0 or type_size <= 0;
 * 1 when count <= 0. */
int papsim_seg_elems(int64_t bytes, int type_size, int count);
/* Number of segments of a vector: ceil(count / segcount) (0 for count 0). */
int papsim_seg_count(int count, int segcount);
/* Elements of segment s: segcount, the remainder for the last segment,
 * 0 past the end. */
int papsim_seg_len(int count, int segcount, int s);

/* ---- powers of two ---- */

/* The largest power of two not above n (n >= 1). */
int papsim_pow2_floor(int n);
/* floor(log2 n) (n >= 1). */
int papsim_log2_floor(int n);
/* ceil(log2 n): the rounds of a binomial tree on n ranks (0 for n <= 1). */
int papsim_log2_ceil(int n);

/* The default segment size of bcast chain and pipeline for p ranks and a
 * message of message_bytes (Open MPI 4.1's fixed decision for its pipeline
 * and chain broadcasts): linear fits of the measured crossovers between
 * 128, 64 and 16 KiB. MPI-free, so papsim tune reads the same rule. */
long long papsim_bcast_pipeline_segment_bytes(int p, long long message_bytes);

#endif
