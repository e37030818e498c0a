/* Rank placement on a platform's hosts, and the hostfile smpirun reads.
 * A hostfile has exactly np lines and line r names the host of rank r, one
 * host per line: smpirun places rank i on line i (mod the line count) and
 * expands "host:N" lines only through python3, so papsim never writes ':'. */
#ifndef PAPSIM_HOSTFILE_H
#define PAPSIM_HOSTFILE_H
#include "papsim_error.h"
#include "platform.h"

typedef enum { PAPSIM_MAP_SEQUENTIAL, PAPSIM_MAP_CYCLIC } papsim_mapping;

/* "sequential" | "cyclic" */
int papsim_mapping_parse(const char *s, papsim_mapping *m, papsim_err *e);
const char *papsim_mapping_name(papsim_mapping m);

/* Fills host_of_rank[np] with indices into p->hosts. ranks_per_node <= 0
 * means p->cores_per_host. With N = ceil(np / ranks_per_node) nodes used,
 * sequential puts rank r on host r / ranks_per_node (blocks of consecutive
 * ranks per node) and cyclic on host r % N (round robin over the N nodes).
 * Fails when np < 1, when N exceeds the platform's hosts, or when
 * ranks_per_node exceeds the cores per host. */
int papsim_hostfile_assign(const papsim_platform *p, papsim_mapping m, int np,
                           int ranks_per_node, int *host_of_rank,
                           papsim_err *e);

/* Writes exactly np lines, line r = host of rank r ("-" means stdout). */
int papsim_hostfile_write(const papsim_platform *p, papsim_mapping m, int np,
                          int ranks_per_node, const char *path, papsim_err *e);

#endif
