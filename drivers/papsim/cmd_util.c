/* Helpers shared by the papsim subcommands. */
#include <stdarg.h>
#include <stdio.h>

#include "commands.h"

int papsim_cmd_bad_option(const char *command, int opt, const char *arg)
{
    return papsim_cmd_bad_input(command, "%s '%s' (see papsim %s --help)",
                                opt == ':' ? "missing value for option" : "unknown option",
                                arg, command);
}

int papsim_cmd_bad_input(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "papsim %s: ", command);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}
