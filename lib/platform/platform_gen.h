/* Generated platforms: one SimGrid cluster (flat, fat tree, dragonfly,
 * torus) in a Full zone, described by the strings papsim platform takes,
 * and the summary of a loaded platform. */
#ifndef PAPSIM_PLATFORM_GEN_H
#define PAPSIM_PLATFORM_GEN_H

#include <stdio.h>

#include "platform/platform.h"
#include "util/papsim_error.h"

typedef struct {
    const char *kind;       /* flat, fat_tree (fat-tree), dragonfly, torus */
    const char *nodes_arg, *cores_arg, *params; /* --nodes, --cores, topo_parameters */
    const char *bw, *lat, *loopback_bw, *loopback_lat;
    const char *backbone_bw, *backbone_lat, *speed, *prefix;
} papsim_cluster_spec;

/* The checked shape of the cluster to write. */
typedef struct {
    const char *topology;   /* FLAT, FAT_TREE, DRAGONFLY, TORUS */
    long nodes, cores;
} papsim_cluster_shape;

/* Checks every value of o as SimGrid reads it (units, counts, host
 * prefix, the topology's host count) and fills c; -1 with e naming the
 * option. */
int papsim_cluster_check(const papsim_cluster_spec *o, papsim_cluster_shape *c, papsim_err *e);

/* Writes the platform XML: a header comment, the papsim_command property
 * (argv as typed, argv[0] the command) and the cluster. */
void papsim_cluster_write_xml(FILE *f, const papsim_cluster_spec *o, const papsim_cluster_shape *c,
                              int argc, char **argv);

/* The lines of papsim platform --info: hosts, cores, limits, topology,
 * first and last host, and the host groups in hostfile order. */
void papsim_platform_print_info(FILE *f, const papsim_platform *p);

#endif
