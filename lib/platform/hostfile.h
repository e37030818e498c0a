/* Rank placement on a platform's hosts, and the hostfile smpirun reads.
 * A hostfile has exactly np lines and line r names the host of rank r, one
 * host per line: smpirun places rank i on line i (mod the line count) and
 * expands "host:N" lines only through python3, so papsim never writes ':'.
 *
 * THE PLACEMENT RULE. p ranks, c ranks per node (ranks_per_node, default
 * the platform's cores per host), hosts in the loader's order (platform.h).
 * The ranks use the first m = ceil(p / c) hosts, and
 *     sequential: rank r on host floor(r / c)   (blocks of c consecutive
 *                 ranks fill a node before the next; Open MPI's default)
 *     cyclic:     rank r on host r mod m        (round robin over those
 *                 m hosts; MPICH's default)
 * With p = m*c these are exactly the formulas of W. J. Loch, "Sparbit: a new
 * logarithmic-cost and data locality-aware MPI Allgather algorithm",
 * Master's dissertation, Santa Catarina State University (UDESC),
 * Joinville, Brazil, 2021, Ch. 5: machine(r) = floor(r/c) and r mod m,
 * cell for cell its Figures 15, 17 and 18 (tests/unit/test_mapping.c).
 *
 * When p != m*c:
 *   - fewer ranks than slots, or p not a multiple of c (odd p): the same
 *     formulas with m = ceil(p / c). Both mappings then use the same m
 *     hosts and never more than c ranks on one host, so switching the
 *     mapping changes only where ranks sit, not how many hosts are used.
 *     Sequential fills hosts 0 .. m-2 and puts the remaining
 *     p - (m-1)c ranks on host m-1; cyclic gives the first p mod m hosts
 *     ceil(p/m) ranks and the others floor(p/m). Example, p = 13, c = 8:
 *     sequential 8 + 5, cyclic 7 + 6 (even ranks on host 0, odd on host 1).
 *     To spread p ranks one per host, pass c = 1.
 *   - more ranks than cores (oversubscription): only on request, with
 *     c > cores per host, and at most PAPSIM_MAX_RANKS_PER_CORE (2) ranks
 *     per core, the limit Loch 2021 kept to (Yahoo 16 x 8 cores up to
 *     p = 256 with c = 16; Cervino 5 x 32 up to 320 with c = 64). The
 *     default c never oversubscribes: p above hosts x cores is refused
 *     with a hint to raise ranks_per_node. (Under smpirun with
 *     smpi/simulate-computation:no, cores cost nothing, so an
 *     oversubscribed host differs from a full one only by holding more
 *     ranks: its intra-node traffic is cheaper, there is no CPU contention.)
 *   - refused: p < 1, c > 2 x cores, and m > the platform's hosts.
 *
 * Differences from the Open MPI runs of Loch 2021, where the rule above is not
 * what mpirun did: for p < hosts x c, `mpirun --map-by node` deals over
 * every host of the allocation (r mod hosts), not over ceil(p/c) hosts
 * (papsim gives that only when ceil(p/c) = hosts, e.g. with c = 1 for
 * p <= hosts); and Open MPI's oversubscribed by-slot mapping spreads the
 * extra ranks over all hosts in balanced blocks, where papsim fills
 * ceil(p/c) hosts with c each. */
#ifndef PAPSIM_HOSTFILE_H
#define PAPSIM_HOSTFILE_H
#include "util/papsim_error.h"
#include "platform/platform.h"

/* Oversubscription limit: ranks per node may reach this many per core. */
#define PAPSIM_MAX_RANKS_PER_CORE 2

typedef enum { PAPSIM_MAP_SEQUENTIAL, PAPSIM_MAP_CYCLIC } papsim_mapping;

/* "sequential" | "cyclic" */
int papsim_mapping_parse(const char *s, papsim_mapping *m, papsim_err *e);
const char *papsim_mapping_name(papsim_mapping m);

/* Fills host_of_rank[np] with indices into p->hosts by the placement rule
 * above. ranks_per_node <= 0 means p->cores_per_host. Fails (with the
 * numbers in the message) when np < 1, when ranks_per_node exceeds
 * PAPSIM_MAX_RANKS_PER_CORE x the cores per host, or when
 * ceil(np / ranks_per_node) exceeds the platform's hosts. */
int papsim_hostfile_assign(const papsim_platform *p, papsim_mapping m, int np,
                           int ranks_per_node, int *host_of_rank,
                           papsim_err *e);

/* Writes exactly np lines, line r = host of rank r ("-" means stdout). */
int papsim_hostfile_write(const papsim_platform *p, papsim_mapping m, int np,
                          int ranks_per_node, const char *path, papsim_err *e);

#endif
