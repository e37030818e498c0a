/* Every two hosts of a platform need a route between them. Clusters route
 * their own hosts, but a zone with routing "Full", "Floyd" or "Dijkstra"
 * only knows the routes written in it: between its own hosts (<route>) and
 * between the zones and clusters it holds (<zoneRoute>). SimGrid 3.32 loads
 * a platform with a missing route and aborts the simulation at the first
 * message that needs it. So for each such zone:
 *   - the points are its own hosts and the zones and clusters inside it
 *     that hold hosts; its routers relay (Floyd, Dijkstra);
 *   - a route goes from src to dst, and back unless symmetrical="NO";
 *   - "Full" needs a route for every pair of points; "Floyd" and "Dijkstra"
 *     a chain of routes.
 * A zone with routing "None" and two points or more has no route at all.
 * Other routings (Cluster, Vivaldi, ...) compute their routes themselves. */
#include "platform/platform_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Zones larger than this are not checked (their matrix would not fit). */
#define REACH_MAX_NODES 4096

typedef struct {
    char *name;
    int endpoint; /* a host or a zone with hosts (routers only relay) */
    int is_zone;
} node;

typedef struct {
    node *v;
    int n, cap;
    int *order; /* indices sorted by name, for lookups */
    unsigned char *edge; /* n x n: edge[a*n+b] = a route from a to b */
} graph;

static int add_node(graph *g, xmlNodePtr el, int endpoint, int is_zone, papsim_err *e)
{
    char *id = papsim_pl_get_attr(el, "id");
    if (!id)
        return 0; /* the walk reported it */
    node *nv = papsim_pl_grow(g->v, g->n, &g->cap, sizeof *nv, 32);
    if (!nv) {
        free(id);
        return papsim_fail(e, "out of memory");
    }
    g->v = nv;
    g->v[g->n++] = (node){id, endpoint, is_zone};
    return 0;
}

/* 1 if the element (a zone) holds a host at any depth. */
static int holds_hosts(xmlNodePtr zone)
{
    for (xmlNodePtr c = zone->children; c; c = c->next) {
        if (papsim_pl_is_element(c, "host") || papsim_pl_is_element(c, "cluster"))
            return 1;
        if ((papsim_pl_is_element(c, "zone") || papsim_pl_is_element(c, "AS")) &&
            holds_hosts(c))
            return 1;
    }
    return 0;
}

static int compare_by_name(const void *a, const void *b, void *ctx)
{
    const graph *g = ctx;
    return strcmp(g->v[*(const int *)a].name, g->v[*(const int *)b].name);
}

static int find_node(const graph *g, const char *name)
{
    int lo = 0, hi = g->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2, c = strcmp(g->v[g->order[mid]].name, name);
        if (c == 0)
            return g->order[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* Adds the edges of one route element (unknown names were reported by the
 * route checks; they add nothing here). */
static void add_route(graph *g, xmlNodePtr r)
{
    char *src = papsim_pl_get_attr(r, "src"), *dst = papsim_pl_get_attr(r, "dst"),
         *sym = papsim_pl_get_attr(r, "symmetrical");
    int a = src ? find_node(g, src) : -1, b = dst ? find_node(g, dst) : -1;
    if (a >= 0 && b >= 0) {
        g->edge[(size_t)a * g->n + b] = 1;
        if (!sym || strcasecmp(sym, "NO") != 0)
            g->edge[(size_t)b * g->n + a] = 1;
    }
    free(src);
    free(dst);
    free(sym);
}

/* Marks in seen[] every node reachable from a through routes. */
static void reach_from(const graph *g, int a, unsigned char *seen, int *stack)
{
    int top = 0;
    memset(seen, 0, (size_t)g->n);
    seen[a] = 1;
    stack[top++] = a;
    while (top > 0) {
        int x = stack[--top];
        for (int y = 0; y < g->n; y++)
            if (g->edge[(size_t)x * g->n + y] && !seen[y]) {
                seen[y] = 1;
                stack[top++] = y;
            }
    }
}

static int report_missing(const graph *g, int a, int b, const char *routing, papsim_err *e)
{
    const node *x = &g->v[a], *y = &g->v[b];
    if (x->is_zone != y->is_zone)
        return papsim_fail(e, "no route from %s '%s' to %s '%s': SimGrid routes a zone only to "
                           "zones, so put host '%s' in a <zone> of its own and join the zones "
                           "with <zoneRoute>",
                           x->is_zone ? "zone" : "host", x->name, y->is_zone ? "zone" : "host",
                           y->name, x->is_zone ? y->name : x->name);
    const char *how = x->is_zone || y->is_zone ? "zoneRoute" : "route";
    return papsim_fail(e, "no route from %s '%s' to %s '%s' (routing=\"%s\" needs a <%s "
                       "src=\"%s\" dst=\"%s\"> %s)",
                       x->is_zone ? "zone" : "host", x->name, y->is_zone ? "zone" : "host",
                       y->name, routing, how, x->name, y->name,
                       strcmp(routing, "Full") == 0 ? "or the reverse one, symmetrical"
                                                    : "or a chain of routes");
}

/* Checks the pairs of endpoints of a filled graph. */
static int check_pairs(const graph *g, const char *routing, papsim_err *e)
{
    int full = strcmp(routing, "Full") == 0, none = strcmp(routing, "None") == 0;
    unsigned char *seen = malloc((size_t)g->n + 1);
    int *stack = malloc(((size_t)g->n + 1) * sizeof *stack), rc = 0;
    if (!seen || !stack) {
        free(seen);
        free(stack);
        return papsim_fail(e, "out of memory");
    }
    for (int a = 0; a < g->n && rc == 0; a++) {
        if (!g->v[a].endpoint)
            continue;
        if (!full && !none)
            reach_from(g, a, seen, stack);
        for (int b = 0; b < g->n && rc == 0; b++) {
            if (b == a || !g->v[b].endpoint)
                continue;
            int ok = none ? 0 : full ? g->edge[(size_t)a * g->n + b] : seen[b];
            if (!ok)
                rc = report_missing(g, a, b, routing, e);
        }
    }
    free(seen);
    free(stack);
    return rc;
}

static void graph_free(graph *g)
{
    for (int i = 0; i < g->n; i++)
        free(g->v[i].name);
    free(g->v);
    free(g->order);
    free(g->edge);
}

/* Checks one zone with a routing that needs written routes. */
static int check_zone(xmlNodePtr zone, const char *routing, papsim_err *e)
{
    graph g = {0};
    int rc = -1;
    for (xmlNodePtr c = zone->children; c; c = c->next) {
        int r = 0;
        if (papsim_pl_is_element(c, "host"))
            r = add_node(&g, c, 1, 0, e);
        else if (papsim_pl_is_element(c, "router"))
            r = add_node(&g, c, 0, 0, e);
        else if (papsim_pl_is_element(c, "cluster"))
            r = add_node(&g, c, 1, 1, e);
        else if (papsim_pl_is_element(c, "zone") || papsim_pl_is_element(c, "AS"))
            r = add_node(&g, c, holds_hosts(c), 1, e);
        if (r != 0)
            goto out;
    }
    if (g.n < 2 || g.n > REACH_MAX_NODES) {
        rc = 0;
        goto out;
    }
    g.order = malloc((size_t)g.n * sizeof *g.order);
    g.edge = calloc((size_t)g.n * (size_t)g.n, 1);
    if (!g.order || !g.edge) {
        papsim_fail(e, "out of memory");
        goto out;
    }
    for (int i = 0; i < g.n; i++)
        g.order[i] = i;
    qsort_r(g.order, (size_t)g.n, sizeof *g.order, compare_by_name, &g);
    for (xmlNodePtr c = zone->children; c; c = c->next)
        if (papsim_pl_is_element(c, "route") || papsim_pl_is_element(c, "zoneRoute") ||
            papsim_pl_is_element(c, "ASroute"))
            add_route(&g, c);
    rc = check_pairs(&g, routing, e);
out:
    graph_free(&g);
    return rc;
}

int papsim_pl_check_reach(xmlNodePtr container, papsim_err *e)
{
    static const char *const checked[] = {"Full", "Floyd", "Dijkstra", "DijkstraCache", "None",
                                          NULL};
    for (xmlNodePtr c = container->children; c; c = c->next) {
        if (!papsim_pl_is_element(c, "zone") && !papsim_pl_is_element(c, "AS"))
            continue;
        char *routing = papsim_pl_get_attr(c, "routing");
        int rc = 0;
        for (int i = 0; routing && checked[i] && rc == 0; i++)
            if (strcmp(routing, checked[i]) == 0 && check_zone(c, routing, e) != 0)
                rc = papsim_pl_placed(e) ? -1 : papsim_pl_fail_at_element(c, e);
        free(routing);
        if (rc != 0 || papsim_pl_check_reach(c, e) != 0)
            return -1;
    }
    return 0;
}
