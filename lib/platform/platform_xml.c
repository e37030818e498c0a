/* XML access for the platform loader: parsing quietly
 * (libxml2's own messages folded into ours), attributes, element tests and
 * the "<element id='x'> at line N: " prefix of error messages. */
#include "platform/platform_internal.h"

#include <libxml/c14n.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/fnv1a.h"

char *papsim_pl_dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* Parses without network access and without libxml2 printing anything;
 * on failure reports libxml2's first error with its line number. */
xmlDocPtr papsim_pl_parse_quietly(const char *text, size_t len, const char *name,
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
char *papsim_pl_get_attr(xmlNodePtr node, const char *name)
{
    xmlChar *v = xmlGetProp(node, (const xmlChar *)name);
    if (!v)
        return NULL;
    char *copy = papsim_pl_dup_string((const char *)v);
    xmlFree(v);
    return copy;
}

int papsim_pl_is_element(xmlNodePtr node, const char *name)
{
    return node->type == XML_ELEMENT_NODE &&
           strcmp((const char *)node->name, name) == 0;
}

/* True if the element's name is one of the NULL-terminated list. */
int papsim_pl_is_one_of(xmlNodePtr node, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (papsim_pl_is_element(node, names[i]))
            return 1;
    return 0;
}

/* SimGrid's DTD requires these; check them so a missing one is reported
 * here, by name, rather than by smpirun. */
int papsim_pl_check_required(xmlNodePtr node, const char *const *names,
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

/* True once a message names its element ("<cluster id='c'> at line 4: "),
 * so that enclosing elements do not prefix it again. */
int papsim_pl_placed(const papsim_err *e)
{
    return e && e->msg[0] == '<';
}

/* Prefixes e with "<name id='...'> at line N: " for element c (routes,
 * which have no id, with their src and dst). */
int papsim_pl_fail_at_element(xmlNodePtr c, papsim_err *e)
{
    char *id = papsim_pl_get_attr(c, "id"), *src = papsim_pl_get_attr(c, "src"),
         *dst = papsim_pl_get_attr(c, "dst");
    if (id)
        papsim_fail_prefix(e, "<%s id='%s'> at line %ld: ",
                           (const char *)c->name, id, xmlGetLineNo(c));
    else if (src && dst)
        papsim_fail_prefix(e, "<%s src='%s' dst='%s'> at line %ld: ",
                           (const char *)c->name, src, dst, xmlGetLineNo(c));
    else
        papsim_fail_prefix(e, "<%s> at line %ld: ", (const char *)c->name,
                           xmlGetLineNo(c));
    free(id);
    free(src);
    free(dst);
    return -1;
}

/* Removes the text nodes that hold only blanks (indentation between
 * elements): SimGrid reads attributes only, so they mean nothing. */
static void drop_blank_text(xmlNodePtr node)
{
    xmlNodePtr c = node->children;
    while (c) {
        xmlNodePtr next = c->next;
        if (c->type == XML_TEXT_NODE && xmlIsBlankNode(c)) {
            xmlUnlinkNode(c);
            xmlFreeNode(c);
        } else if (c->type == XML_ELEMENT_NODE) {
            drop_blank_text(c);
        }
        c = next;
    }
}

int papsim_pl_content_key(xmlDocPtr doc, char key[17], const char *name, papsim_err *e)
{
    xmlChar *canon = NULL;
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (root)
        drop_blank_text(root);
    /* Canonical XML 1.0 without comments: no DOCTYPE, attributes in one
     * order, one quoting and one spelling of characters. */
    int n = xmlC14NDocDumpMemory(doc, NULL, XML_C14N_1_0, NULL, 0, &canon);
    if (n < 0 || !canon)
        return papsim_fail(e, "platform '%s': cannot put the XML in canonical form", name);
    uint64_t h = papsim_fnv1a64(PAPSIM_FNV1A64_INIT, "platform-c14n:", 14);
    h = papsim_fnv1a64(h, canon, (size_t)n);
    xmlFree(canon);
    snprintf(key, 17, "%016llx", (unsigned long long)h);
    return 0;
}
