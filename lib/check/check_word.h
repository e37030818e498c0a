/* The case word of `papsim check`: one call (or two back to back) of an
 * algorithm with one combination of the check's axes, written as a plain
 * word of key=value pairs joined by commas
 *   count=7,type=int,op=sum,root=0,inplace=0,comm=world,dist=uniform,
 *   calls=1,skew=none,seg=0
 * (the word `papsim check --case` takes and papcheck reads). MPI-free: the
 * CLI builds the grid from it and papcheck runs it. */
#ifndef PAPSIM_CHECK_WORD_H
#define PAPSIM_CHECK_WORD_H

#include <stddef.h>

/* The datatypes of the check. HOLES: two ints at bytes 0 and 8 of a
 * 12-byte element (MPI_Type_vector(2, 1, 2, MPI_INT): a hole between).
 * SHIFTED: two ints at bytes 4 and 12 of an element whose lower bound is -8
 * and extent 24 (holes before, between and after, a shifted lower bound,
 * true_lb 4; SimGrid 3.32 misplaces the second element of such types, so
 * papsim check runs them under a real MPI only). MIXED: different datatypes and
 * counts per rank with one signature: 1 x contiguous(N doubles) at the
 * case's root, N x MPI_DOUBLE elsewhere. ZERO: a zero-size type
 * (contiguous(0, MPI_INT)), count elements of it. */
typedef enum { PAPSIM_CW_INT, PAPSIM_CW_DOUBLE, PAPSIM_CW_HOLES, PAPSIM_CW_SHIFTED, PAPSIM_CW_MIXED, PAPSIM_CW_ZERO, PAPSIM_CW_NTYPES } papsim_cw_typekind;
typedef enum { PAPSIM_CW_SUM, PAPSIM_CW_MAX, PAPSIM_CW_AFFINE, PAPSIM_CW_NOPS } papsim_cw_opkind;
typedef enum { PAPSIM_CW_WORLD, PAPSIM_CW_SPLIT, PAPSIM_CW_REVERSED, PAPSIM_CW_NCOMMS } papsim_cw_commkind;
/* Block sizes of the v-forms and reduce_scatter: every block count
 * (uniform), uneven with zeros, every other block empty (zeros), and uneven
 * blocks stored in reverse rank order with gaps between them (gapped). */
typedef enum { PAPSIM_CW_UNIFORM, PAPSIM_CW_UNEVEN, PAPSIM_CW_ZEROS, PAPSIM_CW_GAPPED, PAPSIM_CW_NDISTS } papsim_cw_distkind;
typedef enum { PAPSIM_CW_NOSKEW, PAPSIM_CW_ASCENDING, PAPSIM_CW_DESCENDING, PAPSIM_CW_LAST, PAPSIM_CW_RANDOM, PAPSIM_CW_NSKEWS } papsim_cw_skewkind;

extern const char *const papsim_cw_type_names[PAPSIM_CW_NTYPES];
extern const char *const papsim_cw_op_names[PAPSIM_CW_NOPS];
extern const char *const papsim_cw_comm_names[PAPSIM_CW_NCOMMS];
extern const char *const papsim_cw_dist_names[PAPSIM_CW_NDISTS];
extern const char *const papsim_cw_skew_names[PAPSIM_CW_NSKEWS];

typedef struct {
    int count;        /* elements per block (MIXED: N) */
    papsim_cw_typekind type;
    papsim_cw_opkind op;
    int root;         /* of the world communicator; taken modulo the size used */
    int inplace;
    papsim_cw_commkind comm;
    papsim_cw_distkind dist;
    int calls;        /* 1, or 2 back to back */
    papsim_cw_skewkind skew;
    long seg;         /* params.segment_bytes (0: the algorithm's default) */
} papsim_check_word;

/* Parses a case word; fills why and returns -1 on a bad word. */
int papsim_check_word_parse(const char *word, papsim_check_word *c, char *why, size_t len);

/* The case word, every key written (what `--case` reproduces). */
void papsim_check_word_format(const papsim_check_word *c, char *buf, size_t len);

#endif
