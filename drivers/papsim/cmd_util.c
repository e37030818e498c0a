/* Helpers shared by the papsim subcommands. */
#include <stdarg.h>
#include <stdio.h>

#include "commands.h"

int papsim_cmd_bad_option(const char *command, int opt, const char *arg)
{
    char help[64];
    papsim_err e;
    snprintf(help, sizeof help, "papsim %s --help", command);
    papsim_fail_option(&e, opt == ':', arg, help);
    return papsim_cmd_bad_input(command, "%s", e.msg);
}

static int cmd_vprint(int status, const char *command, const char *fmt, va_list ap)
{
    char who[64];
    snprintf(who, sizeof who, "papsim %s", command);
    return papsim_vprint_error(status, who, fmt, ap);
}

int papsim_cmd_error(const char *command, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cmd_vprint(status, command, fmt, ap);
    va_end(ap);
    return status;
}

int papsim_cmd_bad_input(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = cmd_vprint(PAPSIM_EXIT_BAD_INPUT, command, fmt, ap);
    va_end(ap);
    return status;
}

int papsim_cmd_failed(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = cmd_vprint(PAPSIM_EXIT_FAILED, command, fmt, ap);
    va_end(ap);
    return status;
}
