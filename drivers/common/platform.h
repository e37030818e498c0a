/* SimGrid platform files as papsim sees them: the ordered list of hosts
 * (where ranks can be placed), their core count and the cluster topology.
 * The loader parses the XML with libxml2 and applies the shape checks that
 * SimGrid 3.32 applies (or should apply) so that a bad platform fails here
 * with a clear message instead of as a crash inside smpirun. */
#ifndef PAPSIM_PLATFORM_H
#define PAPSIM_PLATFORM_H
#include "papsim_error.h"

typedef struct {
    char *source;        /* the path or "default" */
    int nhosts;          /* hosts in placement order */
    char **hosts;        /* cluster hosts are prefix+radical+suffix in radical
                            order ("0-15" or "0-3,8-11"); plain <host>
                            elements in document order; several clusters in
                            document order */
    int cores_per_host;  /* the smallest `core` over all hosts (so that a
                            ranks-per-node that fits it fits every host);
                            default 1 */
    char topology[16];   /* FLAT, FAT_TREE, DRAGONFLY, TORUS (of the first
                            cluster), or "hosts" for plain host lists */
    char topo_parameters[256];
} papsim_platform;

/* Loads a platform file, or the embedded default when the argument is
 * "default". On failure *out is left empty (safe to free). */
int papsim_platform_load(const char *path_or_default, papsim_platform *out,
                         papsim_err *e);

/* Writes the embedded default XML to a file that smpirun can read. */
int papsim_platform_write_default(const char *path, papsim_err *e);

void papsim_platform_free(papsim_platform *p);

/* The text of platforms/default.xml; defined in a file the build generates. */
extern const char papsim_default_platform_xml[];

/* Checks topo_parameters for a cluster topology ("FLAT", "FAT_TREE",
 * "DRAGONFLY", "TORUS") and stores in *nhosts the number of hosts it needs
 * (0 for FLAT, which takes any count). Errors name the parameter at fault:
 * fat trees need "L;d1..dL;u1..uL;c1..cL" without zeros, dragonflies
 * "G,g;C,c;R,r;N" with G <= R (SimGrid 3.32 crashes otherwise), tori
 * positive dimensions. */
int papsim_topology_hosts(const char *topology, const char *params,
                          long *nhosts, papsim_err *e);

/* Expands a SimGrid radical ("0-15", "0-3,8-11", "7") into *values
 * (malloc'ed, radical order) and *count. Ranges must not run backwards. */
int papsim_radical_expand(const char *radical, long **values, long *count,
                          papsim_err *e);

#endif
