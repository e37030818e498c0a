/* Fuzz target: the results.csv reader every command uses
 * (papsim_results_load, lib/results/results_csv.c, over the table loader
 * of csv.c), followed by what every report does next: look up the results
 * columns. A table that loads must be rectangular. */
#include "fuzz_file.h"
#include "results/results_csv.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_file_open(data, size, path, sizeof path);
    papsim_table t;
    papsim_err e = {0};
    int format = 0;
    if (papsim_results_load(path, &t, &format, &e) == 0) {
        int idx[64];
        int n = papsim_results_ncolumns < 64 ? papsim_results_ncolumns : 64;
        if (t.ncols < 1)
            abort();
        for (size_t r = 0; r < t.nrows; r++)
            for (int c = 0; c < t.ncols; c++)
                if (t.rows[r][c] == NULL || strchr(t.rows[r][c], ',') != NULL)
                    abort(); /* a field never holds the separator */
        (void)papsim_table_require(&t, papsim_results_columns, n, idx, &e);
    }
    papsim_table_free(&t);
    close(fd);
    return 0;
}
