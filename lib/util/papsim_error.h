/* Error reporting for papsim's plain-C library: every fallible function takes
 * a papsim_err * and returns 0 on success, -1 on failure with a message that
 * names the input and the problem ("spec.ini:12: bytes: '-5' is negative"). */
#ifndef PAPSIM_ERROR_H
#define PAPSIM_ERROR_H
#include <stdarg.h>
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

/* The one wording of a refused command-line option, for every command of
 * papsim and papbench: "unknown option '--x'", or, with missing non-zero,
 * "missing value for option '--x'"; help (e.g. "papsim run --help"), when
 * not NULL, is named after it: " (see papsim run --help)". Returns -1. */
int papsim_fail_option(papsim_err *e, int missing, const char *option, const char *help);

/* Exit statuses of papsim and papbench: bad input (a refused option, spec,
 * file or value) and a run that failed (a case, a write, out of memory). */
enum { PAPSIM_EXIT_FAILED = 1, PAPSIM_EXIT_BAD_INPUT = 2 };

/* The one error printer: writes "WHO: message" and a newline on stderr and
 * returns status, so callers can write
 * `return papsim_print_error(PAPSIM_EXIT_BAD_INPUT, "papbench", "...", ...);`.
 * Messages name where the problem is first (FILE:LINE: KEY, or the option),
 * then what it is. */
int papsim_print_error(int status, const char *who, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The same with a va_list, for printers of their own (papsim_cmd_bad_input). */
int papsim_vprint_error(int status, const char *who, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* The same voice for what is not an error: progress, notes and warnings
 * ("papsim run: 12 cases in 3 smpirun batches"). Writes "WHO: message" and a
 * newline on stderr. */
void papsim_print_note(const char *who, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
