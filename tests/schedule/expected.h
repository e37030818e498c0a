/* Expected point-to-point schedules of the allgather and allgatherv
 * algorithms, coded from the descriptions in W. J. Loch, "Sparbit: a new
 * logarithmic-cost and data locality-aware MPI Allgather algorithm",
 * Master's dissertation, Santa Catarina State University (UDESC), Joinville,
 * Brazil, 2021 (Sec. 2.4 and Algorithm 1 in Ch. 4), not from the algorithm
 * files: Sparbit from the closed forms (distance 2^(L-1-i),
 * ceil(p/d)-ceil(p/2d) blocks, j-th block r-2jd), neighbor exchange by
 * simulating all ranks, the others from their one-line rules. */
#ifndef PAPSIM_SCHEDULE_EXPECTED_H
#define PAPSIM_SCHEDULE_EXPECTED_H

/* One message as a rank sees it. */
typedef struct {
    char kind;      /* 'S' send, 'R' receive */
    int step;       /* 0-based among the rank's non-empty steps */
    int peer, tag;
    long long bytes;
    char buf;       /* 'r' recvbuf, 't' a scratch buffer (its first use is offset 0) */
    long long off;  /* bytes from the start of that buffer */
} sched_msg;

typedef struct {
    sched_msg *v;
    int n, cap;
    int steps;      /* non-empty steps */
} sched;

/* The data layout of one call, seen from one rank. */
typedef struct {
    int p, rank;
    int count;                  /* allgather: elements per block */
    const int *counts, *displs; /* allgatherv (elements), else NULL */
    long long size, extent;     /* of one element of recvtype */
    int tag;
} sched_layout;

/* The expected schedule of `algorithm` for rank L->rank. Returns 0, or -1
 * when no expected schedule is coded for that algorithm. */
int expected_schedule(const char *collective, const char *algorithm, const sched_layout *L,
                      sched *s);

/* A binomial-tree broadcast of block 0 from rank 0 at halving distances
 * 2^(ceil(log2 p)-1), ..., 1: at distance d every rank r = 0 mod 2d with
 * r+d < p sends block 0 to r+d. */
void expected_binomial_bcast(const sched_layout *L, sched *s);

/* Appends a message with a raw step number; sched_finish renumbers the
 * non-empty steps 0, 1, ... and sets s->steps. */
void sched_add(sched *s, char kind, int step, int peer, int tag, long long bytes, char buf,
               long long off);
void sched_finish(sched *s);
void sched_free(sched *s);

/* Bytes and offset of block b in recvbuf. */
long long layout_block_bytes(const sched_layout *L, int b);
long long layout_block_off(const sched_layout *L, int b);

#endif
