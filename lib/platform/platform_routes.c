/* The route checks of the platform loader: after the walk, when every
 * host, router, link and zone name is known, each route element must name
 * netpoints of its zone, declared links, and links in a direction they have.
 * SimGrid 3.32 reports these only as "Link not found" or not at all. */
#include "platform/platform_internal.h"

#include <stdlib.h>
#include <string.h>

/* Route elements, checked once every name is known (check_routes). */
const char *const papsim_pl_route_elements[] = {
    "route", "zoneRoute", "ASroute", "bypassRoute", "bypassZoneRoute",
    "bypassASroute", "host_link", NULL};

/* ---- route checks (after the walk, when every name is known) --------- */

/* True if netpoint np lies in zone z or in a zone inside it. */
static int netpoint_in_zone(const walk_state *w, const named *np, int z)
{
    for (int k = np->zone; k >= 0; k = w->zones.v[k].zone)
        if (k == z)
            return 1;
    return 0;
}

/* Links a cluster generates are named "<cluster id>_..." (the node links,
 * loopbacks, limiters and backbone); accept those without a declaration. */
static int cluster_link(const walk_state *w, const char *id)
{
    for (int i = 0; i < w->zones.n; i++) {
        size_t n = strlen(w->zones.v[i].name);
        if (w->zones.v[i].flag && strncmp(id, w->zones.v[i].name, n) == 0 &&
            id[n] == '_')
            return 1;
    }
    return 0;
}

/* Checks a link_ctn: the link exists and its direction fits its policy. */
static int check_link_ctn(xmlNodePtr l, const walk_state *w, papsim_err *e)
{
    static const char *const req[] = {"id", NULL};
    if (papsim_pl_check_required(l, req, e) != 0)
        return -1;
    char *id = papsim_pl_get_attr(l, "id"), *dir = papsim_pl_get_attr(l, "direction");
    int directed = dir && (strcmp(dir, "UP") == 0 || strcmp(dir, "DOWN") == 0);
    const named *link = id ? papsim_pl_table_find(&w->links, id) : NULL;
    int rc = 0;
    if (!id)
        rc = papsim_fail(e, "out of memory");
    else if (dir && !directed && strcmp(dir, "NONE") != 0)
        rc = papsim_fail(e, "direction '%s' is not UP, DOWN or NONE", dir);
    else if (!link && !cluster_link(w, id))
        rc = papsim_fail(e, "link '%s' is not declared (no <link id='%s'>)",
                         id, id);
    else if (link && directed && !link->flag)
        rc = papsim_fail(e, "link '%s' has a direction but is not "
                         "SPLITDUPLEX (give it sharing_policy=\"SPLITDUPLEX\" "
                         "or drop the direction)", id);
    else if (link && !directed && link->flag)
        rc = papsim_fail(e, "link '%s' is SPLITDUPLEX: say which half the "
                         "route uses (direction=\"UP\" or \"DOWN\")", id);
    free(id);
    free(dir);
    return rc;
}

/* Checks that attribute `attr` of r names a host or router; with z >= 0,
 * one inside zone z (the gateway of a zone route). */
static int check_netpoint_attr(xmlNodePtr r, const char *attr, int z,
                               const walk_state *w, papsim_err *e)
{
    char *v = papsim_pl_get_attr(r, attr);
    const named *np = v ? papsim_pl_table_find(&w->netpoints, v) : NULL;
    int rc = 0;
    if (!v)
        rc = papsim_fail(e, "missing attribute '%s'", attr);
    else if (!np)
        rc = papsim_fail(e, "%s '%s' is not a host or router of this "
                         "platform", attr, v);
    else if (z >= 0 && !netpoint_in_zone(w, np, z))
        rc = papsim_fail(e, "%s '%s' is not inside zone '%s'", attr, v,
                         w->zones.v[z].name);
    free(v);
    return rc;
}

/* Checks a zone attribute (src or dst of a zone route); *z gets its index. */
static int check_zone_attr(xmlNodePtr r, const char *attr,
                           const walk_state *w, int *z, papsim_err *e)
{
    char *v = papsim_pl_get_attr(r, attr);
    int rc = 0;
    *z = v ? papsim_pl_zone_index(w, v) : -1;
    if (!v)
        rc = papsim_fail(e, "missing attribute '%s'", attr);
    else if (*z < 0)
        rc = papsim_fail(e, "%s '%s' is not a zone or cluster of this "
                         "platform", attr, v);
    free(v);
    return rc;
}

static int check_route(xmlNodePtr r, const walk_state *w, papsim_err *e)
{
    if (papsim_pl_is_element(r, "host_link")) {
        static const char *const req[] = {"id", "up", "down", NULL};
        if (papsim_pl_check_required(r, req, e) != 0 ||
            check_netpoint_attr(r, "id", -1, w, e) != 0)
            return -1;
        for (int i = 0; i < 2; i++) {
            char *v = papsim_pl_get_attr(r, i ? "down" : "up");
            int rc = v && !papsim_pl_table_find(&w->links, v)
                         ? papsim_fail(e, "%s link '%s' is not declared",
                                       i ? "down" : "up", v) : 0;
            free(v);
            if (rc)
                return -1;
        }
        return 0;
    }
    if (papsim_pl_is_element(r, "route") || papsim_pl_is_element(r, "bypassRoute")) {
        if (check_netpoint_attr(r, "src", -1, w, e) != 0 ||
            check_netpoint_attr(r, "dst", -1, w, e) != 0)
            return -1;
    } else {
        int zs, zd;
        if (check_zone_attr(r, "src", w, &zs, e) != 0 ||
            check_zone_attr(r, "dst", w, &zd, e) != 0 ||
            check_netpoint_attr(r, "gw_src", zs, w, e) != 0 ||
            check_netpoint_attr(r, "gw_dst", zd, w, e) != 0)
            return -1;
    }
    for (xmlNodePtr l = r->children; l; l = l->next) {
        if (l->type != XML_ELEMENT_NODE)
            continue;
        int rc = papsim_pl_is_element(l, "link_ctn")
                     ? check_link_ctn(l, w, e)
                     : papsim_fail(e, "only <link_ctn> belongs in a route");
        if (rc != 0) {
            papsim_pl_fail_at_element(l, e);
            return -1;
        }
    }
    return 0;
}

int papsim_pl_check_routes(xmlNodePtr container, const walk_state *w,
                           papsim_err *e)
{
    for (xmlNodePtr c = container->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        int rc = 0;
        if (papsim_pl_is_element(c, "zone") || papsim_pl_is_element(c, "AS"))
            rc = papsim_pl_check_routes(c, w, e);
        else if (papsim_pl_is_one_of(c, papsim_pl_route_elements) && check_route(c, w, e) != 0)
            rc = papsim_pl_placed(e) ? -1 : papsim_pl_fail_at_element(c, e);
        if (rc != 0)
            return -1;
    }
    return 0;
}
