/* Error reporting for papsim's plain-C library: every fallible function takes
 * a papsim_err * and returns 0 on success, -1 on failure with a message that
 * names the input and the problem ("spec.ini:12: bytes: '-5' is negative"). */
#ifndef PAPSIM_ERROR_H
#define PAPSIM_ERROR_H
#include <stddef.h>

typedef struct {
    char msg[1024];
} papsim_err;

/* Formats the message into e (if non-NULL) and returns -1, so callers can
 * write `return papsim_fail(e, "...", ...);`. */
int papsim_fail(papsim_err *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prefixes an existing message, e.g. with "file:line: ". Returns -1. */
int papsim_fail_prefix(papsim_err *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
