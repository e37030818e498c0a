/* Helpers shared by the papsim subcommands. */
#include <stdarg.h>
#include <stdio.h>

#include "commands.h"

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
