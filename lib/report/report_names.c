/* Names and cells every report writes; see report_names.h. */
#include "report/report_names.h"

#include <string.h>

/* Keys such as "file:pat/x.txt" give safe, readable file names. */
void papsim_report_append_sanitised(char *buf, size_t len, const char *prefix,
                                    const char *value)
{
    if (!value[0])
        return;
    size_t n = strlen(buf);
    if (n > 0 && n + 1 < len)
        buf[n++] = '_';
    for (const char *s = prefix; *s && n + 1 < len; s++)
        buf[n++] = *s;
    for (const char *s = value; *s && n + 1 < len; s++) {
        char c = *s;
        int safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '.' || c == '-';
        buf[n++] = safe ? c : '_';
    }
    buf[n] = '\0';
}

/* The platform is usually a path: its file name without ".xml" is enough. */
void papsim_report_platform_short_name(const char *platform, char *buf, size_t len)
{
    const char *base = strrchr(platform, '/');
    base = base ? base + 1 : platform;
    snprintf(buf, len, "%s", base);
    size_t n = strlen(buf);
    if (n > 4 && strcmp(buf + n - 4, ".xml") == 0)
        buf[n - 4] = '\0';
}

void papsim_report_unique_stem(const char *base, char *stem, size_t len,
                               int (*taken)(const void *ctx, const char *stem),
                               const void *ctx)
{
    snprintf(stem, len, "%s", base);
    for (int k = 2; taken(ctx, stem); k++)
        snprintf(stem, len, "%s_%d", base, k);
}

/* A '|' inside a field would split the column. */
void papsim_report_md_cell(FILE *f, const char *s)
{
    fputs("| ", f);
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputc(' ', f);
}
