#include "check/check_word.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const papsim_cw_type_names[PAPSIM_CW_NTYPES] = {"int", "double", "holes", "shifted", "mixed", "zero"};
const char *const papsim_cw_op_names[PAPSIM_CW_NOPS] = {"sum", "max", "affine"};
const char *const papsim_cw_comm_names[PAPSIM_CW_NCOMMS] = {"world", "split", "reversed"};
const char *const papsim_cw_dist_names[PAPSIM_CW_NDISTS] = {"uniform", "uneven", "zeros", "gapped"};
const char *const papsim_cw_skew_names[PAPSIM_CW_NSKEWS] = {"none", "ascending", "descending", "last",
                                              "random"};

static int name_index(const char *const *names, int n, const char *v)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], v))
            return i;
    return -1;
}

static int parse_long(const char *v, long lo, long hi, long *out)
{
    char *end;
    long x = strtol(v, &end, 10);
    if (!*v || *end || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

int papsim_check_word_parse(const char *word, papsim_check_word *c, char *why, size_t len)
{
    char text[512];
    *c = (papsim_check_word){.count = 7, .calls = 1};
    if (strlen(word) >= sizeof text) {
        snprintf(why, len, "case '%.40s...' is too long", word);
        return -1;
    }
    strcpy(text, word);
    char *save = NULL;
    for (char *kv = strtok_r(text, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *v = strchr(kv, '=');
        long x = 0;
        int ok = v != NULL, i = -1;
        if (v)
            *v++ = '\0';
        if (!ok) {
        } else if (!strcmp(kv, "count")) {
            ok = parse_long(v, 0, 1L << 24, &x) == 0;
            c->count = (int)x;
        } else if (!strcmp(kv, "type")) {
            ok = (i = name_index(papsim_cw_type_names, PAPSIM_CW_NTYPES, v)) >= 0;
            c->type = (papsim_cw_typekind)i;
        } else if (!strcmp(kv, "op")) {
            ok = (i = name_index(papsim_cw_op_names, PAPSIM_CW_NOPS, v)) >= 0;
            c->op = (papsim_cw_opkind)i;
        } else if (!strcmp(kv, "root")) {
            ok = parse_long(v, 0, 1L << 20, &x) == 0;
            c->root = (int)x;
        } else if (!strcmp(kv, "inplace")) {
            ok = parse_long(v, 0, 1, &x) == 0;
            c->inplace = (int)x;
        } else if (!strcmp(kv, "comm")) {
            ok = (i = name_index(papsim_cw_comm_names, PAPSIM_CW_NCOMMS, v)) >= 0;
            c->comm = (papsim_cw_commkind)i;
        } else if (!strcmp(kv, "dist")) {
            ok = (i = name_index(papsim_cw_dist_names, PAPSIM_CW_NDISTS, v)) >= 0;
            c->dist = (papsim_cw_distkind)i;
        } else if (!strcmp(kv, "calls")) {
            ok = parse_long(v, 1, 2, &x) == 0;
            c->calls = (int)x;
        } else if (!strcmp(kv, "skew")) {
            ok = (i = name_index(papsim_cw_skew_names, PAPSIM_CW_NSKEWS, v)) >= 0;
            c->skew = (papsim_cw_skewkind)i;
        } else if (!strcmp(kv, "seg")) {
            ok = parse_long(v, 0, 1L << 30, &x) == 0;
            c->seg = x;
        } else {
            snprintf(why, len, "case key '%s' is unknown (count, type, op, root, inplace, comm, "
                     "dist, calls, skew, seg)", kv);
            return -1;
        }
        if (!ok) {
            snprintf(why, len, "case key '%s': bad value '%s'", kv, v ? v : "");
            return -1;
        }
    }
    if (c->op == PAPSIM_CW_AFFINE && (c->type == PAPSIM_CW_DOUBLE || c->type == PAPSIM_CW_MIXED)) {
        snprintf(why, len, "op affine takes type int, holes, shifted or zero");
        return -1;
    }
    return 0;
}

void papsim_check_word_format(const papsim_check_word *c, char *buf, size_t len)
{
    snprintf(buf, len, "count=%d,type=%s,op=%s,root=%d,inplace=%d,comm=%s,dist=%s,calls=%d,"
             "skew=%s,seg=%ld", c->count, papsim_cw_type_names[c->type], papsim_cw_op_names[c->op], c->root,
             c->inplace, papsim_cw_comm_names[c->comm], papsim_cw_dist_names[c->dist], c->calls,
             papsim_cw_skew_names[c->skew], c->seg);
}

