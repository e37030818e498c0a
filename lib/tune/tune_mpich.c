/* MPICH 4.0.2 for `papsim tune --mpi mpich` (tune_mpich.h): the
 * counterparts of papsim's algorithms, the message size MPICH compares, and
 * the reader of a selection file, which takes the keys MPICH 4.0.2's
 * csel.c parses and nothing else. */
#include "tune/tune_mpich.h"
#include "util/papsim_input.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "papsim_catalog.h"

/* The collectives in the order the file lists the tuned ones, with the key
 * MPICH 4.0.2 compares (csel.c: get_avg_msgsize is defined for allreduce,
 * bcast, reduce and alltoall, get_total_msgsize in bytes for allgather(v)
 * and reduce_scatter(_block)) and whether the total is np per-rank blocks. */
static const struct {
    const char *collective;
    const char *key;
    int times_np;
} mpich_colls[] = {
    {"allgather", "total_msg_size", 1}, {"allgatherv", "total_msg_size", 1},
    {"allreduce", "avg_msg_size", 0},   {"alltoall", "avg_msg_size", 0},
    {"barrier", NULL, 0},               {"bcast", "avg_msg_size", 0},
    {"exscan", NULL, 0},                {"gather", NULL, 0},
    {"reduce", "avg_msg_size", 0},      {"reduce_scatter", "total_msg_size", 1},
    {"reduce_scatter_block", "total_msg_size", 1}, {"scan", NULL, 0},
};
enum { NCOLLS = sizeof mpich_colls / sizeof mpich_colls[0] };

static int coll_index(const char *collective)
{
    for (int i = 0; i < NCOLLS; i++)
        if (strcmp(mpich_colls[i].collective, collective) == 0)
            return i;
    return -1;
}

int papsim_tune_mpich(const char *collective, const char *label, char *name, size_t len,
                      const char **later)
{
    char base[64];
    size_t n = strcspn(label, "[");
    if (later)
        *later = NULL;
    if (n >= sizeof base || strncmp(label, "builtin:", 8) == 0)
        return -1;
    memcpy(base, label, n);
    base[n] = '\0';
    const papsim_catalog_entry *a = papsim_catalog_find(collective, base);
    if (!a || !a->mpich || !a->mpich[0])
        return -1;
    const char *at = strchr(a->mpich, '@');
    if (at) { /* only a later MPICH has it */
        if (later)
            *later = at + 1;
        return -1;
    }
    int w = snprintf(name, len, "MPIR_%c%s_intra_%s", toupper((unsigned char)collective[0]),
                     collective + 1, a->mpich);
    return w > 0 && (size_t)w < len ? 0 : -1;
}

int papsim_tune_mpich_collective(const char *collective, char *why, size_t len)
{
    int c = coll_index(collective);
    for (size_t i = 0; c >= 0 && i < papsim_catalog_size; i++) {
        const papsim_catalog_entry *a = &papsim_catalog[i];
        if (strcmp(a->collective, collective) == 0 && a->mpich[0] && !strchr(a->mpich, '@'))
            return c;
    }
    snprintf(why, len, "%s: no papsim algorithm of it has an MPICH 4.0.2 counterpart (papsim "
             "list --format csv, column mpich), so a selection file could not choose among "
             "the study's algorithms", collective);
    return -1;
}

const char *papsim_tune_mpich_msg_key(const char *collective)
{
    int c = coll_index(collective);
    return c < 0 ? NULL : mpich_colls[c].key;
}

long long papsim_tune_mpich_msg_size(const char *collective, long long bytes, int np)
{
    int c = coll_index(collective);
    if (c < 0 || !mpich_colls[c].key)
        return 0;
    return mpich_colls[c].times_np ? bytes * np : bytes;
}

/* ---- the reader ------------------------------------------------------------ */

enum { CSEL_MAX_BYTES = 4 << 20, CSEL_MAX_DEPTH = 32 };

/* Values of the "name=value" keys MPICH 4.0.2's parser takes. */
static int key_known(const char *k)
{
    static const char *const exact[] = {
        "comm_type=intra", "comm_type=inter", "comm_size=pow2", "comm_size=any",
        "comm_size=node_comm_size", "avg_msg_size=any", "total_msg_size=any", "count=any",
        "count<pow2", "is_commutative=yes", "is_commutative=no", "is_op_built_in=yes",
        "is_op_built_in=no", "is_sendbuf_inplace=yes", "is_sendbuf_inplace=no",
        "is_block_regular=yes", "is_block_regular=no", "is_node_consecutive=yes",
        "is_node_consecutive=no", "is_multi_threaded=yes", "is_multi_threaded=no",
        "comm_hierarchy=parent", "comm_hierarchy=node", "comm_hierarchy=node_roots",
        "comm_hierarchy=flat", "comm_hierarchy=any"};
    static const char *const numeric[] = {"comm_size<=", "comm_size<", "avg_msg_size<=",
                                          "avg_msg_size<", "total_msg_size<=",
                                          "total_msg_size<", "count<="};
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (strcmp(k, exact[i]) == 0)
            return 1;
    for (size_t i = 0; i < sizeof numeric / sizeof numeric[0]; i++) {
        size_t n = strlen(numeric[i]);
        if (strncmp(k, numeric[i], n) == 0 && k[n] && strspn(k + n, "0123456789") == strlen(k + n))
            return 1;
    }
    return strncmp(k, "collective=", 11) == 0 && k[11] ? 1
           : strncmp(k, "algorithm=MPIR_", 15) == 0 && k[15] ? 1
                                                             : 0;
}

typedef struct {
    const char *path;
    const char *s;
    size_t i, n;
    int line;
    papsim_err *e;
} csel_reader;

static void skip_space(csel_reader *r)
{
    while (r->i < r->n && isspace((unsigned char)r->s[r->i])) {
        if (r->s[r->i] == '\n')
            r->line++;
        r->i++;
    }
}

static int expect_char(csel_reader *r, char c)
{
    skip_space(r);
    if (r->i >= r->n || r->s[r->i] != c)
        return papsim_fail(r->e, "%s:%d: expected '%c'%s", r->path, r->line, c,
                           r->i >= r->n ? " before the end of the file" : "");
    r->i++;
    return 0;
}

static int read_object(csel_reader *r, papsim_csel_node *node, int depth);

/* One "key": {...} member into a new kid of node. */
static int read_member(csel_reader *r, papsim_csel_node *node, int depth)
{
    if (expect_char(r, '"') != 0)
        return -1;
    size_t start = r->i;
    while (r->i < r->n && r->s[r->i] != '"' && r->s[r->i] != '\\' && r->s[r->i] != '\n' &&
           r->i - start < 256)
        r->i++;
    if (r->i >= r->n || r->s[r->i] != '"')
        return papsim_fail(r->e, "%s:%d: a key must be a plain string of at most 255 "
                           "characters on one line", r->path, r->line);
    papsim_csel_node *kids = realloc(node->kids, (node->nkids + 1) * sizeof *kids);
    if (!kids)
        return papsim_fail(r->e, "out of memory");
    node->kids = kids;
    papsim_csel_node *k = &kids[node->nkids];
    memset(k, 0, sizeof *k);
    k->line = r->line;
    if (!(k->key = strndup(r->s + start, r->i - start)))
        return papsim_fail(r->e, "out of memory");
    node->nkids++;
    r->i++;
    if (!key_known(k->key))
        return papsim_fail(r->e, "%s:%d: key '%s' is not one MPICH 4.0.2's selection reads "
                           "(a file of another MPICH version or of the CH4 layer?)", r->path,
                           k->line, k->key);
    if (expect_char(r, ':') != 0)
        return -1;
    return read_object(r, k, depth + 1);
}

static int read_object(csel_reader *r, papsim_csel_node *node, int depth)
{
    if (depth > CSEL_MAX_DEPTH)
        return papsim_fail(r->e, "%s:%d: nested deeper than %d", r->path, r->line,
                           CSEL_MAX_DEPTH);
    if (expect_char(r, '{') != 0)
        return -1;
    skip_space(r);
    if (r->i < r->n && r->s[r->i] == '}') {
        r->i++;
        return 0;
    }
    for (;;) {
        if (read_member(r, node, depth) != 0)
            return -1;
        skip_space(r);
        if (r->i < r->n && r->s[r->i] == ',') {
            r->i++;
            continue;
        }
        return expect_char(r, '}');
    }
}

/* Every leaf is an algorithm; every algorithm is a leaf. */
static int check_leaves(const char *path, const papsim_csel_node *n, papsim_err *e)
{
    int alg = n->key && strncmp(n->key, "algorithm=", 10) == 0;
    if (n->key && alg != (n->nkids == 0))
        return papsim_fail(e, "%s:%d: key '%s': %s", path, n->line, n->key,
                           alg ? "an algorithm ends a branch (its object must be empty)"
                               : "a branch ends without an \"algorithm=\" key");
    for (size_t i = 0; i < n->nkids; i++)
        if (check_leaves(path, &n->kids[i], e) != 0)
            return -1;
    return 0;
}

int papsim_csel_read(const char *path, papsim_csel_node *root, papsim_err *e)
{
    static const papsim_input_limits limits = {"MPICH selection file", CSEL_MAX_BYTES,
                                               CSEL_MAX_BYTES};
    char *buf = NULL;
    size_t n = 0;
    int rc = -1;
    memset(root, 0, sizeof *root);
    if (papsim_input_read(path, &limits, &buf, &n, e) != 0)
        return papsim_fail_prefix(e, "--mpich-default: ");
    csel_reader r = {path, buf, 0, n, 1, e};
    if (read_object(&r, root, 0) == 0) {
        skip_space(&r);
        if (r.i != r.n)
            papsim_fail(e, "%s:%d: text after the closing '}'", path, r.line);
        else if (root->nkids == 0)
            papsim_fail(e, "%s: no collective", path);
        else
            rc = check_leaves(path, root, e);
    }
    free(buf);
    if (rc != 0)
        papsim_csel_free(root);
    return rc;
}

void papsim_csel_free(papsim_csel_node *root)
{
    for (size_t i = 0; i < root->nkids; i++) {
        papsim_csel_free(&root->kids[i]);
        free(root->kids[i].key);
    }
    free(root->kids);
    root->kids = NULL;
    root->nkids = 0;
}
