/* gnuplot script text with every string single-quoted (gnuplot_text.h). */
#include "util/gnuplot_text.h"
#include "util/papsim_error.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

void papsim_gp_put_string(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\'')
            fputs("''", f);
        else if (c < 0x20 || c == 0x7f)
            fputc('?', f);
        else
            fputc(c, f);
    }
    fputc('\'', f);
}

/* A data-file word (papsim_gp_data_printf). */
static void put_data_word(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        fputc(c == ' ' ? '_' : c < 0x20 || c == 0x7f ? '?' : c, f);
    }
}

static void bad_format(const char *fmt)
{
    papsim_print_note("papsim", "internal error: gnuplot text format \"%s\" has a conversion "
                                "papsim_gp_printf does not take (strings go through %%q)",
                      fmt);
    abort();
}

/* Writes one numeric conversion; spec is its text ("%-8.3g"), conv its
 * letter, longs the number of 'l's, size 1 for 'z'. */
static void put_number(FILE *f, const char *fmt, const char *spec, char conv, int longs,
                       int size, va_list *ap)
{
    if (strchr("di", conv)) {
        if (size)
            fprintf(f, spec, va_arg(*ap, ssize_t));
        else if (longs == 0)
            fprintf(f, spec, va_arg(*ap, int));
        else if (longs == 1)
            fprintf(f, spec, va_arg(*ap, long));
        else
            fprintf(f, spec, va_arg(*ap, long long));
    } else if (strchr("uxX", conv)) {
        if (size)
            fprintf(f, spec, va_arg(*ap, size_t));
        else if (longs == 0)
            fprintf(f, spec, va_arg(*ap, unsigned));
        else if (longs == 1)
            fprintf(f, spec, va_arg(*ap, unsigned long));
        else
            fprintf(f, spec, va_arg(*ap, unsigned long long));
    } else if (strchr("feEgG", conv) && !longs && !size) {
        fprintf(f, spec, va_arg(*ap, double));
    } else {
        bad_format(fmt);
    }
}

/* data: 1 for a data file (%q is a word), 0 for script text. */
static void gp_vprintf(FILE *f, int data, const char *fmt, va_list *args)
{
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            fputc(*p, f);
            continue;
        }
        const char *start = p++;
        if (*p == '%') {
            fputc('%', f);
            continue;
        }
        if (*p == 'q') {
            const char *s = va_arg(*args, const char *);
            if (data)
                put_data_word(f, s);
            else
                papsim_gp_put_string(f, s);
            continue;
        }
        p += strspn(p, "-+ #0");
        p += strspn(p, "0123456789");
        if (*p == '.') {
            p++;
            p += strspn(p, "0123456789");
        }
        int longs = 0, size = 0;
        while (*p == 'l' && longs < 2)
            longs++, p++;
        if (*p == 'z' && !longs)
            size = 1, p++;
        char spec[32];
        size_t len = (size_t)(p - start) + 1;
        if (!*p || len >= sizeof spec)
            bad_format(fmt);
        memcpy(spec, start, len);
        spec[len] = '\0';
        put_number(f, fmt, spec, *p, longs, size, args);
    }
}

void papsim_gp_printf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gp_vprintf(f, 0, fmt, &ap);
    va_end(ap);
}

void papsim_gp_data_printf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gp_vprintf(f, 1, fmt, &ap);
    va_end(ap);
}
