/* The forecast's memory model: what one case's smpirun process holds at its
 * peak and how many memory mappings it needs, and the check papsim run and
 * papsim bench make before anything runs, against the memory this machine
 * has available and the kernel's limit on mappings.
 *
 * The model (SimGrid 3.32; docs/performance.md, "Large runs", for the
 * measurements behind each constant):
 *   resident bytes = SWEEP_MEMORY_BASE + np x SWEEP_MEMORY_PER_RANK
 *                    + the case's message buffers
 *   mappings       = SWEEP_MEMORY_BASE_MAPS + np x SWEEP_MEMORY_RANK_MAPS
 *                    + the blocks of its shared buffers
 * SWEEP_MEMORY_PER_RANK is what a rank costs whatever the case: its actor
 * and stack pages, SMPI's per-rank state (its process, mailboxes, requests)
 * and papbench's. A rank's stack is one mapping and its guard page another.
 * Message buffers: a rooted or reducing collective holds about three
 * vectors of `bytes` per rank (send, receive, scratch); allgather,
 * allgatherv, gather, gatherv, scatter and scatterv one of np blocks and
 * one block; alltoall and alltoallv two of np blocks. A timing-only case
 * (no --check) shares every buffer above 64 KiB across ranks
 * (smpi/auto-shared-malloc-thresh, set by papsim): it counts once in
 * memory, but every rank maps each of its 1 MiB blocks. SMPI's copies of
 * eager messages in flight are not counted (an alltoall that posts every
 * send at once holds p(p-1) of them; launch.c names that failure). */
#ifndef PAPSIM_SWEEP_MEMORY_H
#define PAPSIM_SWEEP_MEMORY_H

#include "cases/case.h"
#include "util/papsim_error.h"

#define SWEEP_MEMORY_BASE (64.0 * 1024 * 1024)
#define SWEEP_MEMORY_PER_RANK (64.0 * 1024)
#define SWEEP_MEMORY_BASE_MAPS 4096.0
#define SWEEP_MEMORY_RANK_MAPS 2.0

/* Environment variables that replace what the machine says (for tests, and
 * for a machine whose /proc/meminfo overstates what a job may use, as in a
 * container with a memory limit): PAPSIM_MEM_AVAILABLE, a size such as
 * 8GiB; PAPSIM_MAX_MAP_COUNT, a number of mappings. */
#define SWEEP_MEMORY_ENV_AVAILABLE "PAPSIM_MEM_AVAILABLE"
#define SWEEP_MEMORY_ENV_MAP_COUNT "PAPSIM_MAX_MAP_COUNT"

typedef struct {
    double bytes;    /* peak resident bytes of the smpirun process */
    double mappings; /* memory mappings of that process */
} sweep_memory;

/* The forecast of one case. */
sweep_memory sweep_case_memory(const papsim_case *c);

/* Keeps the `keep` largest forecasts seen so far (their sum is what `keep`
 * workers running side by side need at worst). */
typedef struct {
    double largest[64]; /* descending */
    int keep, n;
    const papsim_case *costliest; /* the case of largest[0] */
    double mappings;              /* the most mappings of one case */
} sweep_memory_need;

void sweep_memory_need_init(sweep_memory_need *need, int workers);
void sweep_memory_need_add(sweep_memory_need *need, const papsim_case *c);

/* Before anything runs: fails with a message naming the costliest case,
 * what it needs, what the machine has and by how much it falls short, when
 * the forecast does not fit the available memory (MemAvailable in
 * /proc/meminfo, or PAPSIM_MEM_AVAILABLE) or the kernel's vm.max_map_count
 * (or PAPSIM_MAX_MAP_COUNT; the message gives the sysctl command that raises
 * it). With go_on set, the same text is printed as a warning by `who` and
 * the check passes (with go_on and no other message for a dry run). A bad PAPSIM_MEM_AVAILABLE or PAPSIM_MAX_MAP_COUNT
 * fails whatever go_on says. A figure the machine does not give (no
 * /proc/meminfo) is not checked. */
int sweep_memory_check(const sweep_memory_need *need, int go_on, const char *who, papsim_err *e);

#endif
