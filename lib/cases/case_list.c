#include "cases/case_list.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/papsim_input.h"

/* Grows by doubling: every rank of a papbench run reads the whole cases file
 * (thousands of cases of several KiB each), and growing by one case per line
 * made reading it cost more than simulating it. */
static int append_case(papsim_case_list *list, const papsim_case *c, int line, papsim_err *e)
{
    if (list->ncases == list->capacity) {
        int cap = list->capacity ? 2 * list->capacity : 64;
        papsim_case *cases = realloc(list->cases, (size_t)cap * sizeof *cases);
        if (!cases)
            return papsim_fail(e, "out of memory reading cases");
        list->cases = cases;
        int *lines = realloc(list->lines, (size_t)cap * sizeof *lines);
        if (!lines)
            return papsim_fail(e, "out of memory reading cases");
        list->lines = lines;
        list->capacity = cap;
    }
    list->cases[list->ncases] = *c;
    list->lines[list->ncases] = line;
    list->ncases++;
    return 0;
}

/* Splits a line into words, in place: blanks separate words, and a word in
 * single quotes keeps its blanks, a doubled quote inside standing for one
 * ('plat dir/p.xml', 'it''s'). Returns the number of words, or -1 with a
 * message for a quote left open. */
static int split_words(char *line, char **words, int max, papsim_err *e)
{
    const char *blanks = " \t\r\n";
    int n = 0;
    char *p = line;
    for (;;) {
        p += strspn(p, blanks);
        if (!*p || n >= max)
            return n;
        if (*p != '\'') {
            words[n++] = p;
            p += strcspn(p, blanks);
            if (*p)
                *p++ = '\0';
            continue;
        }
        char *out = ++p; /* unquote in place: the text only ever shrinks */
        words[n++] = out;
        for (;;) {
            if (!*p)
                return papsim_fail(e, "a quoted value is not closed (write a quote in a value "
                                      "as '')");
            if (*p == '\'' && p[1] != '\'')
                break;
            if (*p == '\'')
                p++;
            *out++ = *p++;
        }
        p++;
        if (*p && !strchr(blanks, *p))
            return papsim_fail(e, "a quoted value must end its word (found '%c' after the "
                                  "closing quote)",
                               *p);
        *out = '\0';
        if (*p)
            p++;
    }
}

static int parse_case_line(const papsim_case *base, char *text, papsim_case *c, papsim_err *e)
{
    char *words[128];
    int n = split_words(text, words, 128, e);
    *c = *base;
    return n < 0 ? -1 : papsim_case_parse_args(n, words, c, NULL, NULL, e);
}

int papsim_case_list_build(const papsim_case *base, const char *path, papsim_case_list *list,
                           papsim_err *e)
{
    memset(list, 0, sizeof *list);
    if (!path)
        return append_case(list, base, 0, e);
    papsim_input in;
    if (papsim_input_open(&in, path, &papsim_limits_cases, e) != 0)
        return -1;
    char *line = NULL;
    size_t len;
    int lineno = 0, rc = 0, got = 0;
    while (rc == 0 && (got = papsim_input_getline(&in, &line, &len, e)) == 1) {
        lineno++;
        if (strlen(line) != len) {
            rc = papsim_fail(e, "%s:%d: a NUL byte: not a text file", path, lineno);
            break;
        }
        char *p = line + strspn(line, " \t\r\n");
        if (*p == '\0' || *p == '#')
            continue;
        papsim_case c;
        if (parse_case_line(base, p, &c, e) != 0)
            rc = papsim_fail_prefix(e, "%s:%d: ", path, lineno);
        else
            rc = append_case(list, &c, lineno, e);
    }
    papsim_input_close(&in);
    if (got < 0)
        rc = -1;
    if (rc == 0 && list->ncases == 0)
        rc = papsim_fail(e, "cases file '%s' holds no case", path);
    return rc;
}

void papsim_case_list_free(papsim_case_list *list)
{
    free(list->cases);
    free(list->lines);
    memset(list, 0, sizeof *list);
}

int papsim_case_word_is_plain(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr("_.,:/+=@%^~-", *s))
            return 0;
    return 1;
}

/* One value of a case line: as it is when plain, else single-quoted with a
 * quote doubled. A line break cannot be written (validation refuses it in
 * labels): it becomes '?', so the line stays one case. */
void papsim_case_put_value(FILE *out, const char *s)
{
    if (papsim_case_word_is_plain(s)) {
        fputs(s, out);
        return;
    }
    fputc('\'', out);
    for (; *s; s++) {
        if (*s == '\'')
            fputc('\'', out);
        fputc(*s == '\n' || *s == '\r' ? '?' : *s, out);
    }
    fputc('\'', out);
}

