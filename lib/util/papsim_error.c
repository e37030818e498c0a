#include "util/papsim_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int papsim_fail(papsim_err *e, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int papsim_fail_prefix(papsim_err *e, const char *fmt, ...)
{
    if (e) {
        char prefix[512];
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(prefix, sizeof prefix, fmt, ap);
        va_end(ap);
        size_t plen = n < 0 ? 0 : (size_t)n < sizeof prefix ? (size_t)n : sizeof prefix - 1;
        size_t room = sizeof e->msg - 1 - plen; /* keep the message's head */
        size_t mlen = strnlen(e->msg, room);
        memmove(e->msg + plen, e->msg, mlen);
        memcpy(e->msg, prefix, plen);
        e->msg[plen + mlen] = '\0';
    }
    return -1;
}

int papsim_fail_option(papsim_err *e, int missing, const char *option, const char *help)
{
    return papsim_fail(e, "%s '%s'%s%s%s", missing ? "missing value for option" : "unknown option",
                       option, help ? " (see " : "", help ? help : "", help ? ")" : "");
}

int papsim_vprint_error(int status, const char *who, const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: ", who);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    return status;
}

int papsim_print_error(int status, const char *who, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    papsim_vprint_error(status, who, fmt, ap);
    va_end(ap);
    return status;
}

void papsim_print_note(const char *who, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    papsim_vprint_error(0, who, fmt, ap);
    va_end(ap);
}
