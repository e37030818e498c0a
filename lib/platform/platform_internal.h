/* Private to the platform loader (platform.c walks the document and
 * assembles the host list; platform_routes.c checks the route elements once
 * every name is known). Not part of papsim_core's interface. */
#ifndef PAPSIM_PLATFORM_INTERNAL_H
#define PAPSIM_PLATFORM_INTERNAL_H

#include <libxml/tree.h>

#include "platform/platform.h"

/* A growable list of names with two integers each: netpoints (zone = the
 * owning zone's index, flag = is a router), links (flag = SPLITDUPLEX) and
 * zones (zone = the parent zone's index or -1, flag = is a cluster). */
typedef struct {
    char *name;
    int zone, flag;
} named;

typedef struct {
    named *v;
    int n, cap;
} name_table;

/* Everything collected while walking the document. */
typedef struct {
    char **names;                 /* hosts in placement order */
    int n, cap;
    int min_core;                 /* 0 until the first host */
    papsim_host_group *groups;
    int ngroups, gcap;
    name_table netpoints, links, zones;
    char first_params[256];       /* topo_parameters of the first cluster */
    int nclusters;
} walk_state;

/* A malloc'ed copy of s, or NULL when out of memory. */
char *papsim_pl_dup_string(const char *s);
/* Parses without network access and without libxml2 printing anything. */
xmlDocPtr papsim_pl_parse_quietly(const char *text, size_t len, const char *name, papsim_err *e);
/* The content key of a platform (platform.h, papsim_platform.key). It removes
 * the blank text nodes of doc, so call it after reading everything else. */
int papsim_pl_content_key(xmlDocPtr doc, char key[17], const char *name, papsim_err *e);
/* A malloc'ed copy of an attribute, or NULL when it is absent. */
char *papsim_pl_get_attr(xmlNodePtr node, const char *name);
int papsim_pl_is_element(xmlNodePtr node, const char *name);
/* True if the element's name is one of the NULL-terminated list. */
int papsim_pl_is_one_of(xmlNodePtr node, const char *const *names);
/* The name tables (platform_names.c). Appends a copy of name; returns its
 * index or -1. */
int papsim_pl_table_add(name_table *t, const char *name, int zone, int flag, papsim_err *e);
/* Room for element n of an array v of elements of `size` bytes and *cap
 * places: v itself while n < *cap, else v reallocated to twice *cap places
 * (first places when *cap is 0) and *cap updated; NULL when out of memory
 * (v and *cap unchanged). */
void *papsim_pl_grow(void *v, int n, int *cap, size_t size, int first);
void papsim_pl_table_free(name_table *t);
/* Sorts t by name for papsim_pl_table_find and fails on a name given twice. */
int papsim_pl_table_seal(name_table *t, const char *what, papsim_err *e);
/* Finds name in a sealed table (NULL if absent). */
const named *papsim_pl_table_find(const name_table *t, const char *name);
/* A zone's index by name, or -1. */
int papsim_pl_zone_index(const walk_state *w, const char *name);
/* Fails naming the first of the NULL-terminated attributes that is missing. */
int papsim_pl_check_required(xmlNodePtr node, const char *const *names, papsim_err *e);
/* True once a message names its element, so enclosing ones do not again. */
int papsim_pl_placed(const papsim_err *e);
/* Prefixes e with the element and its line; returns -1. */
int papsim_pl_fail_at_element(xmlNodePtr c, papsim_err *e);

/* Checks the speeds, bandwidths and latencies of a host, cluster, link or
 * backbone (platform_values.c); other elements pass. */
int papsim_pl_check_values(xmlNodePtr node, papsim_err *e);

/* Checks that every two hosts of the platform have a route between them
 * (platform_reach.c). */
int papsim_pl_check_reach(xmlNodePtr root, papsim_err *e);

/* The route elements (route, zoneRoute, ..., host_link; platform_routes.c). */
extern const char *const papsim_pl_route_elements[];

/* Checks every route element below container against the names the walk
 * collected (platform_routes.c). */
int papsim_pl_check_routes(xmlNodePtr container, const walk_state *w, papsim_err *e);

#endif
