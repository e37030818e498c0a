#include "calibrate.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/units.h"

enum { TAG_PING = 21, WARMUP_ROUNDS = 2 };

typedef struct {
    long long max_bytes; /* largest message */
    int iters;           /* timed round trips per size */
} calib_options;

int papbench_is_calibration(char **extra, int nextra)
{
    for (int i = 0; i < nextra; i++)
        if (!strcmp(extra[i], "--calibrate"))
            return 1;
    return 0;
}

static int parse_calib_options(char **extra, int nextra, calib_options *o, papsim_err *e)
{
    o->max_bytes = 4 << 20;
    o->iters = 50;
    for (int i = 0; i < nextra; i++) {
        const char *a = extra[i], *next = i + 1 < nextra ? extra[i + 1] : NULL;
        long n;
        if (!strcmp(a, "--calibrate"))
            continue;
        if (!strcmp(a, "--iters") && next) {
            if (papsim_parse_long(extra[++i], 1, 1000000, "--iters", &n, e) != 0)
                return -1;
            o->iters = (int)n;
        } else if (!strcmp(a, "--max-bytes") && next) {
            if (papsim_parse_bytes(extra[++i], &o->max_bytes, e) != 0)
                return -1;
            if (o->max_bytes < 1 || o->max_bytes > (1LL << 30))
                return papsim_fail(e, "--max-bytes '%s' must be between 1 and 1GiB", next);
        } else {
            return papsim_fail(e, "--calibrate: unknown option '%s' (see papbench --help)", a);
        }
    }
    return 0;
}

/* partner[0]: lowest rank on rank 0's node, partner[1]: lowest rank on
 * another node, -1 where there is none; the same on every rank. */
static int find_partners(MPI_Comm comm, int rank, int size, int partner[2])
{
    char name[MPI_MAX_PROCESSOR_NAME] = {0};
    char *all = NULL;
    int len, rc;
    partner[0] = partner[1] = -1;
    MPI_Get_processor_name(name, &len);
    if (rank == 0 && !(all = calloc((size_t)size, MPI_MAX_PROCESSOR_NAME)))
        return MPI_ERR_NO_MEM;
    rc = MPI_Gather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all, MPI_MAX_PROCESSOR_NAME, MPI_CHAR,
                    0, comm);
    if (rc == MPI_SUCCESS && rank == 0)
        for (int r = 0; r < size; r++) {
            const char *host = all + (size_t)r * MPI_MAX_PROCESSOR_NAME;
            int same = strcmp(host, all) == 0;
            printf("# host %d %s\n", r, host);
            if (r > 0 && partner[same ? 0 : 1] < 0)
                partner[same ? 0 : 1] = r;
        }
    free(all);
    return rc == MPI_SUCCESS ? MPI_Bcast(partner, 2, MPI_INT, 0, comm) : rc;
}

/* Rank 0 times `iters` round trips of `bytes` with peer into rtt[]; the
 * peer echoes. Two untimed round trips first (connection set-up, caches). */
static int ping_pong(MPI_Comm comm, int rank, int peer, char *buf, int bytes, int iters,
                     double *rtt)
{
    int rc = MPI_SUCCESS;
    for (int i = -WARMUP_ROUNDS; i < iters && rc == MPI_SUCCESS; i++) {
        if (rank == 0) {
            double t0 = MPI_Wtime();
            rc = MPI_Send(buf, bytes, MPI_BYTE, peer, TAG_PING, comm);
            if (rc == MPI_SUCCESS)
                rc = MPI_Recv(buf, bytes, MPI_BYTE, peer, TAG_PING, comm, MPI_STATUS_IGNORE);
            if (i >= 0)
                rtt[i] = MPI_Wtime() - t0;
        } else if (rank == peer) {
            rc = MPI_Recv(buf, bytes, MPI_BYTE, 0, TAG_PING, comm, MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = MPI_Send(buf, bytes, MPI_BYTE, 0, TAG_PING, comm);
        }
    }
    return rc;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Rank 0: one CSV row from the sorted round trips. */
static void print_row(const char *kind, int peer, int bytes, int iters, double *rtt)
{
    qsort(rtt, (size_t)iters, sizeof *rtt, compare_doubles);
    double median = iters % 2 ? rtt[iters / 2] : (rtt[iters / 2 - 1] + rtt[iters / 2]) / 2;
    printf("%s,0,%d,%d,%d,%.9g,%.9g\n", kind, peer, bytes, iters, rtt[0] / 2, median / 2);
}

/* Sizes 1, 4, 16, ... below max, then max itself. */
static long long next_size(long long bytes, long long max)
{
    return bytes < max && bytes * 4 > max ? max : bytes * 4;
}

int papbench_calibrate(char **extra, int nextra, papsim_err *e)
{
    static const char *const kinds[2] = {"intra", "inter"};
    calib_options o;
    MPI_Comm comm;
    int rank, size, partner[2], rc, status = 1;
    char *buf = NULL;
    double *rtt = NULL;
    if (parse_calib_options(extra, nextra, &o, e) != 0)
        return 2;
    if (MPI_Comm_dup(MPI_COMM_WORLD, &comm) != MPI_SUCCESS)
        return 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    buf = calloc((size_t)o.max_bytes, 1);
    rtt = calloc((size_t)o.iters, sizeof *rtt);
    if (!buf || !rtt) {
        papsim_fail(e, "out of memory for a %lld-byte buffer", o.max_bytes);
        goto out;
    }
    if ((rc = find_partners(comm, rank, size, partner)) != MPI_SUCCESS)
        goto out;
    if (rank == 0)
        printf("kind,rank,peer,bytes,iters,min_s,median_s\n");
    for (int k = 0; k < 2; k++)
        for (long long b = 1; partner[k] > 0 && b <= o.max_bytes; b = next_size(b, o.max_bytes)) {
            if ((rc = ping_pong(comm, rank, partner[k], buf, (int)b, o.iters, rtt)) != MPI_SUCCESS)
                goto out;
            if (rank == 0)
                print_row(kinds[k], partner[k], (int)b, o.iters, rtt);
        }
    fflush(stdout);
    status = 0;
out:
    if (status != 0 && !e->msg[0])
        papsim_fail(e, "--calibrate: an MPI call failed");
    free(buf);
    free(rtt);
    MPI_Comm_free(&comm);
    return status;
}
