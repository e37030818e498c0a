/* SimGrid platform files as papsim sees them: the ordered list of hosts
 * (where ranks can be placed), their core count and the cluster topology.
 * The loader parses the XML with libxml2 and applies the shape checks that
 * SimGrid 3.32 applies (or should apply) so that a bad platform fails here
 * with a clear message instead of as a crash inside smpirun.
 *
 * Host order (the placement order: "host i" in hostfile.h is hosts[i]).
 * The document is read depth first, in document order:
 *   - a <cluster> contributes prefix+radical+suffix in radical order
 *     ("0-4" gives n-0 .. n-4; "0-3,8-11" gives 0,1,2,3,8,9,10,11);
 *   - a plain <host> contributes its id where it stands;
 *   - a <zone> (or the old <AS>) is entered where it stands.
 * So platforms/yahoo.xml, a zone holding the clusters leaf-a (radical 0-4)
 * and leaf-b (5-15), lists yahoo-0 .. yahoo-15 with leaf A first.
 *
 * What the loader understands, and what it refuses. Inside <platform>,
 * <zone> and <AS>: zones, clusters, hosts, routers, links, backbones, the
 * route elements (route, zoneRoute, ASroute, bypass*Route, host_link and
 * their link_ctn), config, random, trace, trace_connect, prop, storage and
 * storage_type. It refuses, naming the file, the element and its line:
 * elements it does not know or that do not belong in a zone; <cabinet>
 * and <peer> (they define hosts it does not list), <include> and
 * deployment elements (<actor>, <process>); a route whose gateway is not a
 * router or host of its zone (a FLAT cluster's router is its router_id, or
 * prefix + id + "_router" + suffix), a link_ctn naming a link that is not
 * declared, a direction on a link that is not SPLITDUPLEX, a SPLITDUPLEX
 * link used without a direction (SimGrid 3.32 reports these as "Link not
 * found" or aborts). Also refused because SimGrid 3.32 refuses them: a
 * file without <!DOCTYPE platform ...>, a <link> without latency, the
 * cluster shapes listed at papsim_topology_hosts. */
#ifndef PAPSIM_PLATFORM_H
#define PAPSIM_PLATFORM_H
#include "util/papsim_error.h"

/* One <cluster>, or a run of consecutive plain <host> elements of one zone:
 * hosts[first .. first+count-1]. */
typedef struct {
    char *id;            /* the cluster's id, or the zone's id for hosts */
    int first, count;
    int cores;           /* the smallest `core` of the group's hosts */
    char topology[16];   /* FLAT, FAT_TREE, DRAGONFLY, TORUS, or "hosts" */
} papsim_host_group;

typedef struct {
    char *source;        /* the path or "default" */
    int nhosts;          /* hosts in placement order (see above) */
    char **hosts;
    int cores_per_host;  /* the smallest `core` over all hosts (so that a
                            ranks-per-node that fits it fits every host);
                            default 1 */
    char topology[16];   /* the topology of the only cluster (FLAT,
                            FAT_TREE, DRAGONFLY, TORUS), "hosts" for plain
                            hosts only, "MULTI" when there are several
                            groups (clusters, or clusters and hosts) */
    char topo_parameters[256]; /* of the only cluster, else empty */
    int ngroups;         /* groups in host order; their counts sum to nhosts */
    papsim_host_group *groups;
    char key[17];        /* 16 hex digits keyed by the content: FNV-1a of
                            the canonical XML (C14N 1.0, comments and blank
                            text left out), so every spelling of its path
                            and every copy of the file give one key; case
                            ids hash it (case.h, platform_key) */
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
