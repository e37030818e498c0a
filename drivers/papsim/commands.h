/* One function per `papsim` subcommand, each in drivers/papsim/cmd_<name>.c.
 * argv[0] is the subcommand name; the return value is the process exit code
 * (0 ok, 1 failure such as a regression, 2 bad input). Every command answers
 * --help on stdout with exit 0. */
#ifndef PAPSIM_COMMANDS_H
#define PAPSIM_COMMANDS_H

#include <stdio.h>

#include "util/papsim_error.h"
#include "sweep/sweep_run.h"

int papsim_cmd_list(int argc, char **argv);
int papsim_cmd_pattern(int argc, char **argv);
int papsim_cmd_platform(int argc, char **argv);
int papsim_cmd_hostfile(int argc, char **argv);
int papsim_cmd_bench(int argc, char **argv);
int papsim_cmd_run(int argc, char **argv);
int papsim_cmd_merge(int argc, char **argv);
int papsim_cmd_report(int argc, char **argv);
int papsim_cmd_study(int argc, char **argv);
int papsim_cmd_regress(int argc, char **argv);
int papsim_cmd_calibrate(int argc, char **argv);
int papsim_cmd_compare(int argc, char **argv);
int papsim_cmd_schedule(int argc, char **argv);
int papsim_cmd_trace_summary(int argc, char **argv);
int papsim_cmd_tune(int argc, char **argv);
int papsim_cmd_check(int argc, char **argv);
int papsim_cmd_new(int argc, char **argv);

/* Parses papsim run's arguments (argv[0] names the command in messages)
 * into the sweep engine's options (sweep/sweep_run.h); *help is set by
 * --help. papsim study takes the same arguments. */
int papsim_run_parse_args(int argc, char **argv, sweep_run_options *o, int *help,
                          papsim_err *e);

/* The text of `papsim report --help` (cmd_report_help.c) and of
 * `papsim schedule --help` (cmd_schedule_help.c). */
void papsim_report_print_help(FILE *f);
void papsim_schedule_print_help(FILE *f);

/* The error printer of every papsim command: "papsim COMMAND: WHERE: WHAT"
 * on stderr, WHERE being FILE:LINE: KEY or the option when known.
 * papsim_cmd_bad_input returns 2, the bad-input exit status;
 * papsim_cmd_failed returns 1, the status of a run that failed.
 * papsim_cmd_error returns the status it is given (e.g. a code that is
 * already 1 or 2). */
__attribute__((format(printf, 2, 3)))
int papsim_cmd_bad_input(const char *command, const char *fmt, ...);
__attribute__((format(printf, 2, 3)))
int papsim_cmd_failed(const char *command, const char *fmt, ...);
__attribute__((format(printf, 3, 4)))
int papsim_cmd_error(const char *command, int status, const char *fmt, ...);

/* For getopt_long run with opterr = 0 and a ':' first in its option string:
 * "papsim COMMAND: unknown option '--x' (see papsim COMMAND --help)", or
 * "missing value for option" when opt is ':'. arg is argv[optind - 1].
 * Returns 2. */
int papsim_cmd_bad_option(const char *command, int opt, const char *arg);

#endif
