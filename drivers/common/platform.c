/* Loads a SimGrid platform XML into the ordered host list papsim places
 * ranks on. Only what placement needs is read: cluster names, radicals,
 * cores and topology, and plain <host> elements; links and routes are left
 * to SimGrid. libxml2 parses quietly (its own messages are switched off) and
 * its error is folded into ours, so the user sees one message that names
 * the file and the line. */
#include "platform.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The hosts collected so far while walking the document. */
typedef struct {
    char **names;
    int n, cap;
    int min_core;      /* 0 until the first host */
    int seen_cluster;  /* the first cluster sets topology fields */
} host_list;

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static int read_whole_file(const char *path, char **text, size_t *len,
                           papsim_err *e)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f)
        return papsim_fail(e, "platform '%s': cannot read: %s", path,
                           strerror(errno));
    for (;;) {
        if (n + 4096 > cap) {
            size_t ncap = cap ? 2 * cap : 65536;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                papsim_fail(e, "platform '%s': out of memory", path);
                goto fail;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        papsim_fail(e, "platform '%s': cannot read: %s", path, strerror(errno));
        goto fail;
    }
    fclose(f);
    *text = buf;
    *len = n;
    return 0;
fail:
    fclose(f);
    free(buf);
    return -1;
}

/* Parses without network access and without libxml2 printing anything;
 * on failure reports libxml2's first error with its line number. */
static xmlDocPtr parse_quietly(const char *text, size_t len, const char *name,
                               papsim_err *e)
{
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        papsim_fail(e, "platform '%s': out of memory", name);
        return NULL;
    }
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, text, (int)len, name, NULL,
                                      XML_PARSE_NONET | XML_PARSE_NOERROR |
                                          XML_PARSE_NOWARNING);
    if (!doc) {
        const xmlError *err = xmlCtxtGetLastError(ctxt);
        char msg[512] = "unknown XML error";
        if (err && err->message) {
            snprintf(msg, sizeof msg, "%s", err->message);
            msg[strcspn(msg, "\n")] = '\0';
        }
        papsim_fail(e, "platform '%s': malformed XML at line %d: %s", name,
                    err ? err->line : 0, msg);
    }
    xmlFreeParserCtxt(ctxt);
    return doc;
}

/* Returns a malloc'ed copy of an attribute, or NULL when it is absent. */
static char *get_attr(xmlNodePtr node, const char *name)
{
    xmlChar *v = xmlGetProp(node, (const xmlChar *)name);
    if (!v)
        return NULL;
    char *copy = dup_string((const char *)v);
    xmlFree(v);
    return copy;
}

static int is_element(xmlNodePtr node, const char *name)
{
    return node->type == XML_ELEMENT_NODE &&
           strcmp((const char *)node->name, name) == 0;
}

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

/* Takes ownership of name. */
static int add_host(host_list *l, char *name, int core, papsim_err *e)
{
    if (!name)
        return papsim_fail(e, "out of memory");
    if (check_host_name(name, e) != 0) {
        free(name);
        return -1;
    }
    if (l->n == l->cap) {
        int ncap = l->cap ? 2 * l->cap : 64;
        char **nn = realloc(l->names, (size_t)ncap * sizeof *nn);
        if (!nn) {
            free(name);
            return papsim_fail(e, "out of memory");
        }
        l->names = nn;
        l->cap = ncap;
    }
    l->names[l->n++] = name;
    if (l->min_core == 0 || core < l->min_core)
        l->min_core = core;
    return 0;
}

/* Reads the optional `core` attribute (default 1). */
static int parse_core(xmlNodePtr node, int *core, papsim_err *e)
{
    char *s = get_attr(node, "core");
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

/* SimGrid's DTD requires these; check them so a missing one is reported
 * here, by name, rather than by smpirun. */
static int check_required(xmlNodePtr node, const char *const *names,
                          papsim_err *e)
{
    for (int i = 0; names[i]; i++) {
        xmlChar *v = xmlGetProp(node, (const xmlChar *)names[i]);
        if (!v)
            return papsim_fail(e, "missing attribute '%s'", names[i]);
        xmlFree(v);
    }
    return 0;
}

/* A FLAT cluster with bb_lat but no bb_bw gets a zero-bandwidth backbone,
 * on which SimGrid 3.32 aborts as soon as a message crosses it. */
static int check_backbone(xmlNodePtr node, papsim_err *e)
{
    char *bw = get_attr(node, "bb_bw"), *lat = get_attr(node, "bb_lat");
    int rc = 0;
    if ((!bw || bw[0] == '\0') && lat && strtod(lat, NULL) > 0)
        rc = papsim_fail(e, "bb_lat='%s' without bb_bw: a backbone without "
                         "bandwidth crashes SimGrid 3.32", lat);
    free(bw);
    free(lat);
    return rc;
}

/* Appends prefix+radical+suffix names and records the first cluster's
 * topology. The topology must need exactly the radical's host count:
 * SimGrid aborts on fewer and silently drops extra ones. */
static int add_cluster_hosts(xmlNodePtr node, host_list *l,
                             papsim_platform *p, papsim_err *e)
{
    static const char *const required[] = {"id", "prefix", "suffix", "radical",
                                           "speed", "bw", "lat", NULL};
    char *prefix = NULL, *suffix = NULL, *radical = NULL, *topo = NULL,
         *params = NULL;
    long *values = NULL, count = 0, want = 0;
    int core, rc = -1;

    if (check_required(node, required, e) != 0 ||
        parse_core(node, &core, e) != 0 || check_backbone(node, e) != 0)
        goto out;
    prefix = get_attr(node, "prefix");
    suffix = get_attr(node, "suffix");
    radical = get_attr(node, "radical");
    topo = get_attr(node, "topology");
    params = get_attr(node, "topo_parameters");
    if (!prefix || !suffix || !radical) {
        papsim_fail(e, "out of memory");
        goto out;
    }
    if (papsim_radical_expand(radical, &values, &count, e) != 0 ||
        papsim_topology_hosts(topo ? topo : "FLAT", params ? params : "", &want,
                              e) != 0)
        goto out;
    if (want != 0 && want != count) {
        papsim_fail(e, "%s topo_parameters '%s' needs %ld hosts but radical "
                    "'%s' gives %ld", topo, params, want, radical, count);
        goto out;
    }
    if (!l->seen_cluster) {
        l->seen_cluster = 1;
        snprintf(p->topology, sizeof p->topology, "%s", topo ? topo : "FLAT");
        if (snprintf(p->topo_parameters, sizeof p->topo_parameters, "%s",
                     params ? params : "") >= (int)sizeof p->topo_parameters) {
            papsim_fail(e, "topo_parameters longer than %zu characters",
                        sizeof p->topo_parameters - 1);
            goto out;
        }
    }
    for (long i = 0; i < count; i++) {
        size_t n = strlen(prefix) + strlen(suffix) + 24;
        char *name = malloc(n);
        if (name)
            snprintf(name, n, "%s%ld%s", prefix, values[i], suffix);
        if (add_host(l, name, core, e) != 0)
            goto out;
    }
    rc = 0;
out:
    free(prefix);
    free(suffix);
    free(radical);
    free(topo);
    free(params);
    free(values);
    return rc;
}

static int add_plain_host(xmlNodePtr node, host_list *l, papsim_err *e)
{
    static const char *const required[] = {"id", "speed", NULL};
    int core;
    if (check_required(node, required, e) != 0 ||
        parse_core(node, &core, e) != 0)
        return -1;
    return add_host(l, get_attr(node, "id"), core, e);
}

/* Visits elements in document order; clusters and hosts have no host
 * children, every other element (zones, ...) may. */
static int collect_hosts(xmlNodePtr node, host_list *l, papsim_platform *p,
                         papsim_err *e)
{
    for (xmlNodePtr c = node->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        int rc = 0;
        if (is_element(c, "cluster"))
            rc = add_cluster_hosts(c, l, p, e);
        else if (is_element(c, "host"))
            rc = add_plain_host(c, l, e);
        else
            rc = collect_hosts(c, l, p, e);
        if (rc != 0) {
            if (is_element(c, "cluster") || is_element(c, "host")) {
                char *id = get_attr(c, "id");
                papsim_fail_prefix(e, "<%s id='%s'> at line %ld: ",
                                   (const char *)c->name, id ? id : "?",
                                   xmlGetLineNo(c));
                free(id);
            }
            return -1;
        }
    }
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* SimGrid refuses two hosts of one name; so do we, before smpirun. */
static int check_unique(const host_list *l, papsim_err *e)
{
    if (l->n < 2)
        return 0;
    char **sorted = malloc((size_t)l->n * sizeof *sorted);
    int rc = 0;
    if (!sorted)
        return papsim_fail(e, "out of memory");
    memcpy(sorted, l->names, (size_t)l->n * sizeof *sorted);
    qsort(sorted, (size_t)l->n, sizeof *sorted, compare_names);
    for (int i = 1; i < l->n && rc == 0; i++)
        if (strcmp(sorted[i - 1], sorted[i]) == 0)
            rc = papsim_fail(e, "host '%s' is defined twice", sorted[i]);
    free(sorted);
    return rc;
}

static int fill_platform(xmlDocPtr doc, papsim_platform *p, papsim_err *e)
{
    xmlNodePtr root = xmlDocGetRootElement(doc);
    host_list l = {0};
    if (!root || !is_element(root, "platform"))
        return papsim_fail(e, "the root element is <%s>, not <platform>",
                           root ? (const char *)root->name : "nothing");
    snprintf(p->topology, sizeof p->topology, "hosts");
    if (collect_hosts(root, &l, p, e) != 0 || check_unique(&l, e) != 0)
        goto fail;
    if (l.n == 0) {
        papsim_fail(e, "no hosts (neither <cluster> nor <host> elements)");
        goto fail;
    }
    p->hosts = l.names;
    p->nhosts = l.n;
    p->cores_per_host = l.min_core;
    return 0;
fail:
    for (int i = 0; i < l.n; i++)
        free(l.names[i]);
    free(l.names);
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
    } else if (read_whole_file(path_or_default, &text, &len, e) != 0) {
        return -1;
    }
    if (len > (size_t)1 << 30) {
        papsim_fail(e, "platform '%s': larger than 1 GiB", path_or_default);
        goto out;
    }
    doc = parse_quietly(is_default ? papsim_default_platform_xml : text, len,
                        path_or_default, e);
    if (!doc)
        goto out;
    out->source = dup_string(path_or_default);
    if (!out->source) {
        papsim_fail(e, "platform '%s': out of memory", path_or_default);
        goto out;
    }
    if (fill_platform(doc, out, e) != 0) {
        papsim_fail_prefix(e, "platform '%s': ", path_or_default);
        goto out;
    }
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
    FILE *f = fopen(path, "w");
    if (!f)
        return papsim_fail(e, "cannot write '%s': %s", path, strerror(errno));
    int bad = fputs(papsim_default_platform_xml, f) == EOF;
    bad |= fclose(f) != 0;
    if (bad)
        return papsim_fail(e, "cannot write '%s': %s", path, strerror(errno));
    return 0;
}

void papsim_platform_free(papsim_platform *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->nhosts; i++)
        free(p->hosts[i]);
    free(p->hosts);
    free(p->source);
    memset(p, 0, sizeof *p);
}
