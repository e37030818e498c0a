/* The names a case's values take (case.h): knowledge, datatypes, ops, and
 * the labels (platform and pattern names) that results.csv can record. The
 * case's reader, its checks and its case lines all use them. */
#include "cases/case.h"

#include <stdio.h>
#include <string.h>

int papsim_knowledge_known(const char *k)
{
    return !strcmp(k, "none") || !strcmp(k, "oracle") || !strcmp(k, "predicted") ||
           !strcmp(k, "estimated");
}

int papsim_datatype_size(const char *name)
{
    static const struct { const char *name; int size; } types[] = {
        {"char", 1}, {"int", 4}, {"float", 4}, {"double", 8}, {"long", 8},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(types[i].name, name))
            return types[i].size;
    return 0;
}

int papsim_op_commutative(const char *op)
{
    return !strcmp(op, "sum") || !strcmp(op, "max") || !strcmp(op, "min") || !strcmp(op, "prod");
}

/* What in a label (a platform or pattern name) results.csv and a cases
 * file cannot hold, or NULL: both keep one case per line, and the table has
 * no quoting (its reader refuses a double quote). */
static const char *label_character_problem(const char *s, char *buf, size_t len)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '\n')
            return "a newline";
        if (ch == '\r')
            return "a carriage return";
        if (ch < 0x20 || ch == 0x7f) {
            snprintf(buf, len, "the control character 0x%02x", ch);
            return buf;
        }
        if (ch == ',')
            return "a comma";
        if (ch == '"')
            return "a double quote";
    }
    return NULL;
}

int papsim_case_check_label(const char *option, const char *value, papsim_err *e)
{
    char buf[64];
    const char *why = label_character_problem(value, buf, sizeof buf);
    if (!why)
        return 0;
    char shown[256] = "";
    size_t n = 0;
    for (const char *s = value; *s && n + 5 < sizeof shown; s++) { /* the value on one line */
        unsigned char ch = (unsigned char)*s;
        if (ch < 0x20 || ch == 0x7f)
            n += (size_t)snprintf(shown + n, sizeof shown - n, "\\x%02x", ch);
        else
            shown[n++] = (char)ch, shown[n] = '\0';
    }
    return papsim_fail(e, "%s '%s' holds %s, which results.csv cannot record (one case a "
                          "line, fields never quoted); rename the file",
                       option, shown, why);
}
