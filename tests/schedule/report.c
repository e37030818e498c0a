#include "report.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, np;
static int passed, failed;
/* This rank's failure lines since the last flush_reports(), at most
 * REPORT_CAP bytes; rank 0 prints them all in rank order. */
#define REPORT_CAP 16384
static char report[REPORT_CAP];
static size_t report_len;
static int report_dropped;

void report_init(int r, int n)
{
    rank = r;
    np = n;
}

void check_pass(void) { passed++; }
int report_passed(void) { return passed; }
int report_failed(void) { return failed; }

void check(int ok, const char *label, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    char line[1400];
    const int n = snprintf(line, sizeof line, "FAIL np=%d rank %d %s: %s\n", np, rank, label, text);
    if (n > 0 && report_len + (size_t)n < REPORT_CAP - 100) { /* room for the tail line */
        memcpy(report + report_len, line, (size_t)n);
        report_len += (size_t)n;
    } else {
        report_dropped++;
    }
}

void flush_reports(void)
{
    if (report_dropped)
        report_len += (size_t)snprintf(report + report_len, REPORT_CAP - report_len,
                                       "FAIL np=%d rank %d: %d more failures not shown\n", np,
                                       rank, report_dropped);
    report_dropped = 0;
    int len = (int)report_len, *lens = NULL, *displs = NULL, total = 0;
    char *all = NULL;
    if (rank == 0) {
        lens = malloc((size_t)np * sizeof *lens);
        displs = malloc((size_t)np * sizeof *displs);
        if (!lens || !displs)
            MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < np; r++) {
            displs[r] = total;
            total += lens[r];
        }
        all = malloc((size_t)total + 1);
        if (!all)
            MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Gatherv(report, len, MPI_CHAR, all, lens, displs, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0 && total > 0) {
        fwrite(all, 1, (size_t)total, stdout);
        fflush(stdout);
    }
    report_len = 0;
    free(all);
    free(lens);
    free(displs);
}
