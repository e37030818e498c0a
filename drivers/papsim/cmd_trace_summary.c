/* papsim trace-summary TRACE: how skewed the arrivals of a libpaptrace trace
 * are. Per collective and over all calls: the number of calls and the
 * minimum, median, 90th percentile and maximum of the per-call skew (last
 * arrival - first arrival; definitions in lib/hardware/trace.h), then the
 * ranks that most often arrived last (papsim_trace_summary_write,
 * lib/hardware/trace.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "hardware/trace.h"


static const char usage[] =
    "usage: papsim trace-summary TRACE\n"
    "\n"
    "Summarises a libpaptrace arrival trace (traces/README.md): per\n"
    "collective and for all calls, the number of calls and the min, median,\n"
    "p90 (nearest rank) and max of the per-call skew, the last arrival minus\n"
    "the first, in seconds; and which ranks were most often last (lowest\n"
    "rank on ties), as rank:calls.\n";

#define bad_input(...) papsim_cmd_bad_input("trace-summary", __VA_ARGS__)

int papsim_cmd_trace_summary(int argc, char **argv)
{
    papsim_trace t;
    papsim_err e;
    int rc;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(usage, stdout);
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            return papsim_cmd_bad_option("trace-summary", '?', argv[i]);
    if (argc != 2)
        return bad_input("expected one trace file (see papsim trace-summary "
                         "--help)");
    if (papsim_trace_read(argv[1], &t, &e) != 0)
        return bad_input("%s", e.msg);
    rc = papsim_trace_summary_write(stdout, argv[1], &t, &e) != 0 ? bad_input("%s", e.msg) : 0;
    if (fflush(stdout) != 0) {
        rc = papsim_cmd_failed("trace-summary", "cannot write the output: %s",
                               strerror(errno));
    }
    papsim_trace_free(&t);
    return rc;
}
