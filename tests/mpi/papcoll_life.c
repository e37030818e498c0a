/* papcoll-life: libpapcoll's life cycle at MPI_Finalize, for
 * tests/cli/papcoll_config.sh. The application leaves libpapcoll's
 * attributes where the MPI library, not the application, deletes them:
 *   - an allreduce and a reduce on MPI_COMM_SELF (twice each, so that an
 *     arrival-aware algorithm sets up its prediction on MPI_COMM_SELF,
 *     whose attributes MPI_Finalize deletes first);
 *   - the same on a duplicate of MPI_COMM_WORLD that is never freed, and on
 *     one that the application frees (its attribute deleted there);
 *   - an allreduce on MPI_COMM_WORLD.
 * Every result is checked. Then, with --rmdir DIR, rank 0 removes the
 * directory DIR, and with --mkfifo PATH it makes a FIFO at PATH
 * (PAPCOLL_REPORT's directory or file, so that the report cannot be
 * written at MPI_Finalize). Rank 0 prints "life: ok" (or "life: FAILED ...") before
 * MPI_Finalize and "life: finalized N" (MPI_Finalize's return code) after
 * it; the exit status is 0 unless a check failed (1).
 * With --no-finalize the program ends as some of MPICH's tests do: one
 * more allreduce on MPI_COMM_WORLD (its ranks leave it at different
 * times), then "life: no finalize" from rank 0 and a return from main
 * without MPI_Finalize, which a library must survive as the MPI library
 * does (SMPI ends such a rank quietly).
 *
 * usage: papcoll-life [--rmdir DIR | --mkfifo PATH | --no-finalize]
 * Keeps no global state, so SMPI can run it with -no-privatize. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The sum of the ranks plus one over comm by allreduce, twice, and by
 * reduce to rank 0, twice: the number of wrong results. */
static int sums(MPI_Comm comm)
{
    int rank, np, bad = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &np);
    const long want = (long)np * (np + 1) / 2;
    for (int i = 0; i < 2; i++) {
        long mine = rank + 1, sum = -1;
        if (MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, comm) != MPI_SUCCESS || sum != want)
            bad++;
        sum = -1;
        if (MPI_Reduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, 0, comm) != MPI_SUCCESS ||
            (rank == 0 && sum != want))
            bad++;
    }
    return bad;
}

int main(int argc, char **argv)
{
    const char *rmdir_path = NULL, *fifo_path = NULL;
    int rank, bad = 0, total = 0, finalize = 1;
    MPI_Comm dup, freed;
    if (argc == 3 && strcmp(argv[1], "--rmdir") == 0) {
        rmdir_path = argv[2];
    } else if (argc == 3 && strcmp(argv[1], "--mkfifo") == 0) {
        fifo_path = argv[2];
    } else if (argc == 2 && strcmp(argv[1], "--no-finalize") == 0) {
        finalize = 0;
    } else if (argc != 1) {
        fprintf(stderr, "usage: papcoll-life [--rmdir DIR | --mkfifo PATH | --no-finalize]\n");
        return 2;
    }
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    bad += sums(MPI_COMM_SELF);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup); /* never freed */
    bad += sums(dup);
    MPI_Comm_dup(MPI_COMM_WORLD, &freed);
    bad += sums(freed);
    MPI_Comm_free(&freed);
    bad += sums(MPI_COMM_WORLD);
    MPI_Reduce(&bad, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (total == 0)
            printf("life: ok\n");
        else
            printf("life: FAILED (%d wrong results)\n", total);
        if (rmdir_path && rmdir(rmdir_path) != 0)
            perror(rmdir_path);
        if (fifo_path && mkfifo(fifo_path, 0600) != 0)
            perror(fifo_path);
        fflush(stdout);
    }
    if (!finalize) {
        long mine = rank, sum = 0;
        MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        if (rank == 0) {
            printf("life: no finalize\n");
            fflush(stdout);
        }
        return total == 0 ? 0 : 1;
    }
    int rc = MPI_Finalize();
    if (rank == 0) {
        printf("life: finalized %d\n", rc);
        fflush(stdout);
    }
    return total == 0 ? 0 : 1;
}
