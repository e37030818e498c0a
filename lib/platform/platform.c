/* Loads a SimGrid platform XML into the ordered host list papsim places
 * ranks on. What placement needs is read (cluster names, radicals, cores
 * and topology, plain <host> elements); routes are only checked for the
 * names they refer to, their timing is left to SimGrid. Every element is
 * recognised or refused (platform.h lists them). libxml2 parses quietly
 * (its own messages are switched off) and its error is folded into ours, so
 * the user sees one message that names the file and the line. */
#include "platform/platform.h"
#include "platform/platform_internal.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/papsim_input.h"
#include "util/papsim_output.h"

/* ---- hosts and groups ------------------------------------------------ */

/* Hostfiles carry one name per line and smpirun reads "name:N" as N copies,
 * so a name with ':' or white space cannot be placed. */
static int check_host_name(const char *name, papsim_err *e)
{
    if (name[0] == '\0')
        return papsim_fail(e, "empty host name");
    if (strpbrk(name, ": \t\r\n"))
        return papsim_fail(e, "host name '%s' contains ':' or white space, "
                           "which a hostfile cannot carry", name);
    return 0;
}

/* Appends a host (taking ownership of name) owned by zone `zone`. */
static int add_host(walk_state *w, char *name, int core, int zone,
                    papsim_err *e)
{
    if (!name)
        return papsim_fail(e, "out of memory");
    if (check_host_name(name, e) != 0 ||
        papsim_pl_table_add(&w->netpoints, name, zone, 0, e) < 0) {
        free(name);
        return -1;
    }
    char **nn = papsim_pl_grow(w->names, w->n, &w->cap, sizeof *nn, 64);
    if (!nn) {
        free(name);
        return papsim_fail(e, "out of memory");
    }
    w->names = nn;
    w->names[w->n++] = name;
    if (w->min_core == 0 || core < w->min_core)
        w->min_core = core;
    return 0;
}

/* Starts a group for the hosts about to be added. */
static int open_group(walk_state *w, const char *id, int cores,
                      const char *topology, papsim_err *e)
{
    papsim_host_group *ng = papsim_pl_grow(w->groups, w->ngroups, &w->gcap, sizeof *ng, 8);
    if (!ng)
        return papsim_fail(e, "out of memory");
    w->groups = ng;
    papsim_host_group *g = &w->groups[w->ngroups];
    memset(g, 0, sizeof *g);
    g->id = papsim_pl_dup_string(id);
    if (!g->id)
        return papsim_fail(e, "out of memory");
    g->first = w->n;
    g->cores = cores;
    snprintf(g->topology, sizeof g->topology, "%s", topology);
    w->ngroups++;
    return 0;
}

/* Reads the optional `core` attribute (default 1). */
static int parse_core(xmlNodePtr node, int *core, papsim_err *e)
{
    char *s = papsim_pl_get_attr(node, "core");
    int rc = 0;
    *core = 1;
    if (s) {
        char *end;
        errno = 0;
        long v = strtol(s, &end, 10);
        if (errno != 0 || end == s || *end != '\0' || v < 1 || v > 1000000)
            rc = papsim_fail(e, "core '%s' is not a positive integer", s);
        else
            *core = (int)v;
        free(s);
    }
    return rc;
}

/* A FLAT cluster with bb_lat but no bb_bw gets a zero-bandwidth backbone,
 * on which SimGrid 3.32 aborts as soon as a message crosses it. */
static int check_backbone(xmlNodePtr node, papsim_err *e)
{
    char *bw = papsim_pl_get_attr(node, "bb_bw"), *lat = papsim_pl_get_attr(node, "bb_lat");
    int rc = 0;
    if ((!bw || bw[0] == '\0') && lat && strtod(lat, NULL) > 0)
        rc = papsim_fail(e, "bb_lat='%s' without bb_bw: a backbone without "
                         "bandwidth crashes SimGrid 3.32", lat);
    free(bw);
    free(lat);
    return rc;
}

/* A FLAT cluster's router: router_id, or SimGrid's default name. */
static int add_cluster_router(xmlNodePtr node, walk_state *w, int zone,
                              const char *id, const char *prefix,
                              const char *suffix, papsim_err *e)
{
    char *rid = papsim_pl_get_attr(node, "router_id");
    char *name = rid && rid[0] ? rid : NULL;
    int rc;
    if (!name) {
        size_t n = strlen(prefix) + strlen(id) + strlen(suffix) + 8;
        name = malloc(n);
        if (name)
            snprintf(name, n, "%s%s_router%s", prefix, id, suffix);
    }
    rc = name ? papsim_pl_table_add(&w->netpoints, name, zone, 1, e) : -1;
    if (!name)
        papsim_fail(e, "out of memory");
    if (name != rid)
        free(name);
    free(rid);
    return rc < 0 ? -1 : 0;
}

/* Appends prefix+radical+suffix names as one group, registers the cluster
 * as a zone and, for a FLAT cluster, its router. The topology must need
 * exactly the radical's host count: SimGrid aborts on fewer and silently
 * drops extra ones. */
static int add_cluster(xmlNodePtr node, walk_state *w, int parent,
                       papsim_err *e)
{
    static const char *const required[] = {"id", "prefix", "suffix", "radical",
                                           "speed", "bw", "lat", NULL};
    char *id = NULL, *prefix = NULL, *suffix = NULL, *radical = NULL,
         *topo = NULL, *params = NULL;
    long *values = NULL, count = 0, want = 0;
    int core, rc = -1, zone;

    if (papsim_pl_check_required(node, required, e) != 0 ||
        parse_core(node, &core, e) != 0 || check_backbone(node, e) != 0)
        goto out;
    id = papsim_pl_get_attr(node, "id");
    prefix = papsim_pl_get_attr(node, "prefix");
    suffix = papsim_pl_get_attr(node, "suffix");
    radical = papsim_pl_get_attr(node, "radical");
    topo = papsim_pl_get_attr(node, "topology");
    params = papsim_pl_get_attr(node, "topo_parameters");
    if (!id || !prefix || !suffix || !radical) {
        papsim_fail(e, "out of memory");
        goto out;
    }
    if (!topo && !(topo = papsim_pl_dup_string("FLAT"))) {
        papsim_fail(e, "out of memory");
        goto out;
    }
    if (papsim_radical_expand(radical, &values, &count, e) != 0 ||
        papsim_topology_hosts(topo, params ? params : "", &want, e) != 0)
        goto out;
    if (want != 0 && want != count) {
        papsim_fail(e, "%s topo_parameters '%s' needs %ld hosts but radical "
                    "'%s' gives %ld", topo, params, want, radical, count);
        goto out;
    }
    if (params && strlen(params) >= sizeof w->first_params) {
        papsim_fail(e, "topo_parameters longer than %zu characters",
                    sizeof w->first_params - 1);
        goto out;
    }
    if (w->nclusters++ == 0)
        snprintf(w->first_params, sizeof w->first_params, "%s",
                 params ? params : "");
    if ((zone = papsim_pl_table_add(&w->zones, id, parent, 1, e)) < 0 ||
        (strcmp(topo, "FLAT") == 0 &&
         add_cluster_router(node, w, zone, id, prefix, suffix, e) != 0) ||
        open_group(w, id, core, topo, e) != 0)
        goto out;
    for (long i = 0; i < count; i++) {
        size_t n = strlen(prefix) + strlen(suffix) + 24;
        char *name = malloc(n);
        if (name)
            snprintf(name, n, "%s%ld%s", prefix, values[i], suffix);
        if (add_host(w, name, core, zone, e) != 0)
            goto out;
        w->groups[w->ngroups - 1].count++;
    }
    rc = 0;
out:
    free(id);
    free(prefix);
    free(suffix);
    free(radical);
    free(topo);
    free(params);
    free(values);
    return rc;
}

/* A plain <host> joins the group of the previous host when that group
 * holds the plain hosts of the same zone, else starts a new one. */
static int add_plain_host(xmlNodePtr node, walk_state *w, int zone,
                          papsim_err *e)
{
    static const char *const required[] = {"id", "speed", NULL};
    int core;
    if (papsim_pl_check_required(node, required, e) != 0 ||
        parse_core(node, &core, e) != 0)
        return -1;
    const char *zone_name = zone >= 0 ? w->zones.v[zone].name : "platform";
    papsim_host_group *last = w->ngroups ? &w->groups[w->ngroups - 1] : NULL;
    if (!last || strcmp(last->topology, "hosts") != 0 ||
        strcmp(last->id, zone_name) != 0 || last->first + last->count != w->n) {
        if (open_group(w, zone_name, core, "hosts", e) != 0)
            return -1;
        last = &w->groups[w->ngroups - 1];
    }
    if (add_host(w, papsim_pl_get_attr(node, "id"), core, zone, e) != 0)
        return -1;
    last->count++;
    if (core < last->cores)
        last->cores = core;
    return 0;
}

/* ---- the walk -------------------------------------------------------- */

/* Elements that carry nothing placement needs. */
static const char *const ignored_elements[] = {
    "config", "random", "trace", "trace_connect", "prop", "storage_type",
    "storage", NULL};
/* Elements of the format that never stand directly in a zone. */
static const char *const nested_elements[] = {
    "platform", "disk", "mount", "link_ctn", "argument", "model_prop", NULL};

/* Why an element is refused, or NULL if it is not one of those. */
static const char *refusal(xmlNodePtr c)
{
    if (papsim_pl_is_element(c, "cabinet") || papsim_pl_is_element(c, "peer"))
        return "not supported: it defines hosts papsim does not list; "
               "describe them with <cluster> or <host>";
    if (papsim_pl_is_element(c, "include"))
        return "not supported: put the included elements in this file";
    if (papsim_pl_is_element(c, "actor") || papsim_pl_is_element(c, "process"))
        return "a deployment element does not belong in a platform for "
               "smpirun (papsim writes the hostfile that places the ranks)";
    return NULL;
}

/* Registers a <link> or <backbone> (flag: SPLITDUPLEX or FULLDUPLEX, which
 * SimGrid 3.32 treats alike: two links, _UP and _DOWN). */
static int add_link(xmlNodePtr c, walk_state *w, papsim_err *e)
{
    /* The DTD makes a link's latency optional (default 0), but SimGrid
     * 3.32 fails to parse a link without one ("cannot parse number", at
     * the line of the route that uses it), so require it. */
    static const char *const req[] = {"id", "bandwidth", "latency", NULL};
    int backbone = papsim_pl_is_element(c, "backbone");
    if (papsim_pl_check_required(c, req, e) != 0)
        return -1;
    char *id = papsim_pl_get_attr(c, "id"), *policy = papsim_pl_get_attr(c, "sharing_policy");
    int split = !backbone && policy && (strcmp(policy, "SPLITDUPLEX") == 0 ||
                                        strcmp(policy, "FULLDUPLEX") == 0);
    int rc = id && papsim_pl_table_add(&w->links, id, 0, split, e) >= 0 ? 0 : -1;
    if (!id)
        papsim_fail(e, "out of memory");
    free(id);
    free(policy);
    return rc;
}

/* Handles one child element of a zone (or of <platform>, zone = -1). */
static int walk_zone(xmlNodePtr container, int zone, walk_state *w,
                     papsim_err *e);

static int walk_element(xmlNodePtr c, int zone, walk_state *w, papsim_err *e)
{
    static const char *const zone_req[] = {"id", "routing", NULL};
    static const char *const router_req[] = {"id", NULL};
    const char *why = refusal(c);

    if (why)
        return papsim_fail(e, "%s", why);
    if (papsim_pl_check_values(c, e) != 0)
        return -1;
    if (papsim_pl_is_element(c, "zone") || papsim_pl_is_element(c, "AS")) {
        char *id = papsim_pl_get_attr(c, "id");
        int z = papsim_pl_check_required(c, zone_req, e) == 0 && id
                    ? papsim_pl_table_add(&w->zones, id, zone, 0, e) : -1;
        free(id);
        return z < 0 ? -1 : walk_zone(c, z, w, e);
    }
    if (papsim_pl_is_element(c, "cluster"))
        return add_cluster(c, w, zone, e);
    if (papsim_pl_is_element(c, "host"))
        return add_plain_host(c, w, zone, e);
    if (papsim_pl_is_element(c, "router")) {
        char *id = papsim_pl_get_attr(c, "id");
        int rc = papsim_pl_check_required(c, router_req, e) == 0 && id &&
                         papsim_pl_table_add(&w->netpoints, id, zone, 1, e) >= 0 ? 0 : -1;
        free(id);
        return rc;
    }
    if (papsim_pl_is_element(c, "link") || papsim_pl_is_element(c, "backbone"))
        return add_link(c, w, e);
    if (papsim_pl_is_one_of(c, papsim_pl_route_elements) ||
        papsim_pl_is_one_of(c, ignored_elements))
        return 0;
    if (papsim_pl_is_one_of(c, nested_elements))
        return papsim_fail(e, "misplaced: SimGrid 3.32 takes this element "
                           "only inside another one, not in a zone");
    return papsim_fail(e, "unknown element (not part of SimGrid 3.32's "
                       "platform format)");
}

static int walk_zone(xmlNodePtr container, int zone, walk_state *w,
                     papsim_err *e)
{
    for (xmlNodePtr c = container->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (walk_element(c, zone, w, e) != 0) {
            /* Name the innermost element at fault only once. */
            if (!papsim_pl_placed(e))
                papsim_pl_fail_at_element(c, e);
            return -1;
        }
    }
    return 0;
}

/* ---- assembling the platform ----------------------------------------- */

static void walk_free(walk_state *w)
{
    for (int i = 0; i < w->n; i++)
        free(w->names[i]);
    free(w->names);
    for (int i = 0; i < w->ngroups; i++)
        free(w->groups[i].id);
    free(w->groups);
    papsim_pl_table_free(&w->netpoints);
    papsim_pl_table_free(&w->links);
    papsim_pl_table_free(&w->zones);
    memset(w, 0, sizeof *w);
}

/* Sets topology and topo_parameters from the groups (see platform.h). */
static void set_topology(const walk_state *w, papsim_platform *p)
{
    if (w->ngroups > 1) {
        snprintf(p->topology, sizeof p->topology, "MULTI");
        return;
    }
    snprintf(p->topology, sizeof p->topology, "%s", w->groups[0].topology);
    snprintf(p->topo_parameters, sizeof p->topo_parameters, "%s",
             w->first_params);
}

static int fill_platform(xmlDocPtr doc, papsim_platform *p, papsim_err *e)
{
    xmlNodePtr root = xmlDocGetRootElement(doc);
    walk_state w = {0};
    if (!root || !papsim_pl_is_element(root, "platform"))
        return papsim_fail(e, "the root element is <%s>, not <platform>",
                           root ? (const char *)root->name : "nothing");
    /* SimGrid 3.32's parser stops at <platform> without it ("Unexpected
     * character `<' in prolog"); the XML declaration is optional. */
    xmlDtdPtr dtd = xmlGetIntSubset(doc);
    if (!dtd || !dtd->name || strcmp((const char *)dtd->name, "platform") != 0)
        return papsim_fail(e, "no <!DOCTYPE platform SYSTEM "
                           "\"https://simgrid.org/simgrid.dtd\"> before "
                           "<platform>: SimGrid 3.32 refuses the file "
                           "without it");
    if (walk_zone(root, -1, &w, e) != 0 ||
        papsim_pl_table_seal(&w.netpoints, "host or router", e) != 0 ||
        papsim_pl_table_seal(&w.links, "link", e) != 0)
        goto fail;
    for (int i = 1; i < w.zones.n; i++)
        if (papsim_pl_zone_index(&w, w.zones.v[i].name) != i) {
            papsim_fail(e, "zone or cluster '%s' is defined twice",
                        w.zones.v[i].name);
            goto fail;
        }
    if (w.n == 0) {
        papsim_fail(e, "no hosts (neither <cluster> nor <host> elements)");
        goto fail;
    }
    if (papsim_pl_check_routes(root, &w, e) != 0 || papsim_pl_check_reach(root, e) != 0)
        goto fail;
    set_topology(&w, p);
    p->hosts = w.names;
    p->nhosts = w.n;
    p->cores_per_host = w.min_core;
    p->groups = w.groups;
    p->ngroups = w.ngroups;
    w.names = NULL;
    w.n = 0;
    w.groups = NULL;
    w.ngroups = 0;
    walk_free(&w);
    return 0;
fail:
    walk_free(&w);
    return -1;
}

int papsim_platform_load(const char *path_or_default, papsim_platform *out,
                         papsim_err *e)
{
    int is_default = strcmp(path_or_default, "default") == 0;
    char *text = NULL;
    size_t len = 0;
    xmlDocPtr doc = NULL;
    int rc = -1;

    memset(out, 0, sizeof *out);
    if (is_default) {
        len = strlen(papsim_default_platform_xml);
    } else if (papsim_input_read(path_or_default, &papsim_limits_platform, &text, &len, e) !=
               0) {
        return -1;
    }
    doc = papsim_pl_parse_quietly(is_default ? papsim_default_platform_xml : text, len,
                                  path_or_default, e);
    if (!doc)
        goto out;
    out->source = papsim_pl_dup_string(path_or_default);
    if (!out->source) {
        papsim_fail(e, "platform '%s': out of memory", path_or_default);
        goto out;
    }
    if (fill_platform(doc, out, e) != 0) {
        papsim_fail_prefix(e, "platform '%s': ", path_or_default);
        goto out;
    }
    if (papsim_pl_content_key(doc, out->key, path_or_default, e) != 0)
        goto out;
    rc = 0;
out:
    if (rc != 0)
        papsim_platform_free(out);
    xmlFreeDoc(doc);
    free(text);
    return rc;
}

int papsim_platform_write_default(const char *path, papsim_err *e)
{
    papsim_output out;
    if (papsim_output_open(&out, path, PAPSIM_OUTPUT_REPLACE, e) != 0)
        return -1;
    return papsim_output_commit(&out, fputs(papsim_default_platform_xml, out.f) == EOF, e);
}

void papsim_platform_free(papsim_platform *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->nhosts; i++)
        free(p->hosts[i]);
    free(p->hosts);
    for (int i = 0; i < p->ngroups; i++)
        free(p->groups[i].id);
    free(p->groups);
    free(p->source);
    memset(p, 0, sizeof *p);
}
